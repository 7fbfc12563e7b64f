import { useRef, useState, type ChangeEvent } from 'react';
import { currentPasswordTexts } from '../components/current-password-field';
import { useContactUpdate, type ContactField } from './use-contact-update';

/**
 * What the contact edit dialogs share: the field's error, the current password beside it, and `submit`, which shows
 * both errors at once and focuses the first wrong field, or saves the value and closes the dialog.
 */
export function useContactDialog(field: ContactField, onClose: () => void) {
  const [error, setError] = useState<string>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const { busy, save } = useContactUpdate(field);
  const inputRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (invalid: string | undefined, value: () => string) => {
    const noPassword = password ? undefined : currentPasswordTexts.required;
    setError(invalid);
    setPasswordError(noPassword);
    if (invalid || noPassword) {
      (invalid ? inputRef : passwordRef).current?.focus();
      return;
    }
    if (await save(value(), password)) onClose();
  };

  return {
    busy,
    submit,
    /** The contact field's ref (focused when wrong) and error. */
    field: { ref: inputRef, error },
    /** The contact field's change handler: keeps the value with `set`; its error goes until the next submit. */
    edited: (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
      set(event.target.value);
      if (error) setError(undefined);
    },
    passwordField: {
      ref: passwordRef,
      value: password,
      onChange: (next: string) => {
        setPassword(next);
        if (passwordError) setPasswordError(undefined);
      },
      error: passwordError,
    },
  };
}
