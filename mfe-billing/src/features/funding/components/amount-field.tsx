import { forwardRef, useImperativeHandle, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { TextField } from 'shared-ui';
import { caretAfterDigits, formatAmountInput } from '../../../lib/amount';

export type AmountFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
};

/** A text input (not type=number) so "120,000" can be typed and shown with separators on any phone keyboard. */
export const AmountField = forwardRef<HTMLInputElement, AmountFieldProps>(function AmountField(
  { value, onChange, error, hint, disabled },
  ref,
) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement);

  // Regrouping rewrites the text; put the caret back after the digit the person just typed.
  useLayoutEffect(() => {
    if (caret.current === null || !inputRef.current) return;
    if (document.activeElement === inputRef.current) inputRef.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const position = event.target.selectionStart ?? raw.length;
    const next = formatAmountInput(raw);
    // Always overwrite: a stale position from an earlier keystroke would jump the caret on the next one.
    caret.current = next === raw ? null : caretAfterDigits(next, raw.slice(0, position).replace(/\D/g, '').length);
    onChange(next);
  };

  return (
    <TextField
      ref={inputRef}
      label="Amount (NGN)"
      name="amount"
      inputMode="numeric"
      autoComplete="off"
      data-autofocus
      placeholder="e.g. 120,000"
      value={value}
      onChange={handleChange}
      error={error}
      hint={hint}
      disabled={disabled}
    />
  );
});
