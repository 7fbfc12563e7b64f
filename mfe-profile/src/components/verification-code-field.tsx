import { forwardRef, useRef, useState, type FormEvent } from 'react';
import { TextField } from 'shared-ui';
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
 * however often pressed, and `submitted(event)`, the code once it is well formed (else its error shows and the field
 * takes the focus).
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
  const submitted = (event: FormEvent): string | undefined => {
    event.preventDefault();
    const invalid = codeError(code);
    setError(invalid);
    if (invalid) ref.current?.focus();
    return invalid ? undefined : code;
  };
  return {
    field,
    submitted,
    focus: () => ref.current?.focus(),
    sending,
    runSend,
    confirming,
    runConfirm,
    busy: sending || confirming,
  };
}
