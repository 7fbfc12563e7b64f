import { forwardRef, useRef, useState, type FormEvent } from 'react';
import { Button, notify, TextField } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';

/** Spec section 5: OTP and verification code inputs allow at most 6 characters. */
export const CODE_MAX_LENGTH = 6;

export type VerificationCodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  label?: string;
  /** Whether the field takes the focus when its dialog opens; false while there is no code to type yet. */
  focusOnOpen?: boolean;
};

export const VerificationCodeField = forwardRef<HTMLInputElement, VerificationCodeFieldProps>(
  function VerificationCodeField(
    { value, onChange, error, hint, label = 'Verification code', focusOnOpen = true },
    ref,
  ) {
    return (
      <TextField
        ref={ref}
        // The code is what each verification dialog is about: it gets the focus when the dialog opens.
        data-autofocus={focusOnOpen || undefined}
        label={label}
        name="code"
        value={value}
        // maxLength stops typing; slicing also covers a pasted or autofilled longer value.
        maxLength={CODE_MAX_LENGTH}
        onChange={(event) => onChange(event.target.value.trim().slice(0, CODE_MAX_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={error}
        hint={hint}
      />
    );
  },
);

/** The field's error for a code that cannot be right, or undefined. */
export function codeError(code: string): string | undefined {
  return code.length === CODE_MAX_LENGTH ? undefined : `Enter the ${CODE_MAX_LENGTH}-character code.`;
}

/**
 * The state both verification dialogs share: the code typed (its field's props), one send and one confirm at a time
 * however often pressed. `send` asks for a code, then the code box takes the focus; `confirm` makes the form's submit
 * handler, which sends the code once it is well formed (else its error shows and the field takes the focus). Each
 * says its failure in a toast.
 */
export function useCodeEntry() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sending, runSend] = useSingleFlight();
  const [confirming, runConfirm] = useSingleFlight();
  const ref = useRef<HTMLInputElement>(null);
  const field = {
    ref,
    value: code,
    error,
    onChange: (value: string) => {
      setCode(value);
      if (error) setError(undefined);
    },
  };
  const send = (request: () => Promise<unknown>, failure: (error: unknown) => string, sent: () => void) =>
    runSend(async () => {
      try {
        await request();
        sent();
        ref.current?.focus();
      } catch (err) {
        notify.error(failure(err));
      }
    });
  const confirm = (request: (code: string) => Promise<void>, failure: (error: unknown) => string) => (event: FormEvent) => {
    event.preventDefault();
    const invalid = codeError(code);
    setError(invalid);
    if (invalid) {
      ref.current?.focus();
      return;
    }
    void runConfirm(async () => {
      try {
        await request(code);
      } catch (err) {
        notify.error(failure(err));
      }
    });
  };
  return { field, send, confirm, sending, confirming, busy: sending || confirming };
}

export type CodeButtonsProps = {
  /** A code was sent: the first button resends, and the code box, not this button, has the focus. */
  sent: boolean;
  sending: boolean;
  confirming: boolean;
  onSend: () => void;
  verifyLabel: string;
};

/** A verification dialog's Send (or Resend) code and its submit button, each idle while the other works. */
export function CodeButtons({ sent, sending, confirming, onSend, verifyLabel }: CodeButtonsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onSend} busy={sending} disabled={confirming} data-autofocus={sent ? undefined : true}>
        {sent ? 'Resend code' : 'Send code'}
      </Button>
      <Button type="submit" busy={confirming} disabled={sending}>
        {verifyLabel}
      </Button>
    </>
  );
}
