import { useState } from 'react';
import { TextField } from 'shared-ui';
import { FormDialog } from 'shared-ui/dialog';
import { useContactDialog } from '../hooks/use-contact-dialog';
import { CurrentPasswordField } from './current-password-field';

export type EditEmailDialogProps = {
  currentEmail: string;
  onClose: () => void;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EditEmailDialog({ currentEmail, onClose }: EditEmailDialogProps) {
  const [email, setEmail] = useState(currentEmail);
  const dialog = useContactDialog('email', onClose);

  const submit = async () => {
    const value = email.trim();
    const invalid = !value
      ? 'Email is required.'
      : EMAIL_PATTERN.test(value)
        ? undefined
        : 'Enter a valid email address.';
    await dialog.submit(invalid, () => value);
  };

  return (
    <FormDialog title="Edit email" submitLabel="Save email" busy={dialog.busy} onClose={onClose} onSubmit={submit}>
      <TextField {...dialog.field} data-autofocus label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={dialog.edited(setEmail)} />
      <CurrentPasswordField {...dialog.passwordField} />
    </FormDialog>
  );
}
