import { useRef, useState } from 'react';
import { FormDialog } from 'shared-ui/dialog';
import { joinPhoneNumber, PhoneField, phoneNumberError, splitPhoneNumber } from 'shared-ui/phone';
import { useContactUpdate } from '../hooks/use-contact-update';
import { CurrentPasswordField, currentPasswordTexts } from './current-password-field';

export type EditPhoneDialogProps = {
  field: 'phone_number' | 'whatsapp_number';
  currentNumber: string;
  onClose: () => void;
};

const labels = {
  phone_number: { title: 'Edit phone number', label: 'Phone number', save: 'Save phone number' },
  whatsapp_number: { title: 'Edit WhatsApp number', label: 'WhatsApp number', save: 'Save WhatsApp number' },
} as const;

/** Phone and WhatsApp share the signup rules: a country code, a leading 0 dropped before it is added, the length. */
export function EditPhoneDialog({ field, currentNumber, onClose }: EditPhoneDialogProps) {
  const initial = splitPhoneNumber(currentNumber);
  const [countryCode, setCountryCode] = useState(initial.countryCode);
  const [localNumber, setLocalNumber] = useState(initial.localNumber);
  const [error, setError] = useState<string>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const { busy, save } = useContactUpdate(field);
  const inputRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const text = labels[field];

  const submit = async () => {
    const value = localNumber.trim();
    const invalid = value ? phoneNumberError(countryCode, value) : `${text.label} is required.`;
    const noPassword = password ? undefined : currentPasswordTexts.required;
    setError(invalid);
    setPasswordError(noPassword);
    if (invalid || noPassword) {
      (invalid ? inputRef : passwordRef).current?.focus();
      return;
    }
    if (await save(joinPhoneNumber(countryCode, value), password)) onClose();
  };

  return (
    <FormDialog title={text.title} submitLabel={text.save} busy={busy} onClose={onClose} onSubmit={submit}>
      <PhoneField
        ref={inputRef}
        data-autofocus
        label={text.label}
        name={field}
        required
        countryCode={countryCode}
        onCountryCodeChange={setCountryCode}
        value={localNumber}
        onChange={(event) => {
          setLocalNumber(event.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <CurrentPasswordField
        ref={passwordRef}
        value={password}
        onChange={(next) => {
          setPassword(next);
          if (passwordError) setPasswordError(undefined);
        }}
        error={passwordError}
      />
    </FormDialog>
  );
}
