import { useRef, useState } from 'react';
import { TextField } from 'shared-ui';
import { FormDialog } from 'shared-ui/dialog';
import { useContactUpdate } from '../hooks/use-contact-update';
import { CurrentPasswordField, currentPasswordTexts } from './current-password-field';

export type EditEmailDialogProps = {
  currentEmail: string;
  onClose: () => void;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EditEmailDialog({ currentEmail, onClose }: EditEmailDialogProps) {
  const [email, setEmail] = useState(currentEmail);
  const [error, setError] = useState<string>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const { busy, save } = useContactUpdate('email');
  const inputRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async () => {
    const value = email.trim();
    const invalid = !value
      ? 'Email is required.'
      : EMAIL_PATTERN.test(value)
        ? undefined
        : 'Enter a valid email address.';
    const noPassword = password ? undefined : currentPasswordTexts.required;
    setError(invalid);
    setPasswordError(noPassword);
    if (invalid || noPassword) {
      (invalid ? inputRef : passwordRef).current?.focus();
      return;
    }
    if (await save(value, password)) onClose();
  };

  return (
    <FormDialog title="Edit email" submitLabel="Save email" busy={busy} onClose={onClose} onSubmit={submit}>
      <TextField
        ref={inputRef}
        data-autofocus
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
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
