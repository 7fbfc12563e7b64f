import { useRef, useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, TextField } from 'shared-ui';
import { useInitialFocus } from '../../../lib/use-initial-focus';
import { useContactUpdate } from '../hooks/use-contact-update';

export type EditEmailDialogProps = {
  currentEmail: string;
  onClose: () => void;
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EditEmailDialog({ currentEmail, onClose }: EditEmailDialogProps) {
  const [email, setEmail] = useState(currentEmail);
  const [error, setError] = useState<string>();
  const { busy, save } = useContactUpdate('email');
  const inputRef = useRef<HTMLInputElement>(null);
  useInitialFocus(inputRef);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const invalid = !value
      ? 'Email is required.'
      : EMAIL_PATTERN.test(value)
        ? undefined
        : 'Enter a valid email address.';
    setError(invalid);
    if (invalid) {
      inputRef.current?.focus();
      return;
    }
    if (await save(value)) onClose();
  };

  return (
    <Dialog open title="Edit email" onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        <TextField
          ref={inputRef}
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
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Save email
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
