import type { FormEvent, ReactNode } from 'react';
import { Button } from 'shared-ui';
import { Dialog, DialogActions } from './dialog';

export type FormDialogProps = {
  title: string;
  description?: ReactNode;
  /** The submit button's text, such as "Save address". */
  submitLabel: ReactNode;
  /** While a request runs: the submit button shows progress, Cancel, Escape and the backdrop wait for it. */
  busy: boolean;
  onClose: () => void;
  /** Called on submit (button or Enter); the page never reloads. */
  onSubmit: () => void;
  /** The fields; mark the one to type in first with `data-autofocus`. */
  children: ReactNode;
};

/** A dialog that is one form with Cancel and a submit button: the shape of every single-step edit in the portal. */
export function FormDialog({ title, description, submitLabel, busy, onClose, onSubmit, children }: FormDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open title={title} description={description} onClose={onClose} preventClose={busy}>
      <form onSubmit={submit} noValidate>
        {children}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
