import { useState } from 'react';
import { FormDialog } from 'shared-ui/dialog';
import { joinPhoneNumber, PhoneField, phoneNumberError, splitPhoneNumber } from 'shared-ui/phone';
import { useContactDialog } from '../hooks/use-contact-dialog';
import { CurrentPasswordField } from './current-password-field';

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
  const dialog = useContactDialog(field, onClose);
  const text = labels[field];

  const submit = async () => {
    const value = localNumber.trim();
    const invalid = value ? phoneNumberError(countryCode, value) : `${text.label} is required.`;
    await dialog.submit(invalid, () => joinPhoneNumber(countryCode, value));
  };

  return (
    <FormDialog title={text.title} submitLabel={text.save} busy={dialog.busy} onClose={onClose} onSubmit={submit}>
      <PhoneField
        {...dialog.field}
        data-autofocus
        label={text.label}
        name={field}
        required
        countryCode={countryCode}
        onCountryCodeChange={setCountryCode}
        value={localNumber}
        onChange={dialog.edited(setLocalNumber)}
      />
      <CurrentPasswordField {...dialog.passwordField} />
    </FormDialog>
  );
}
