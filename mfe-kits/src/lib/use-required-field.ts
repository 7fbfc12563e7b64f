import { useRef, useState, type ChangeEvent } from 'react';

/**
 * One required field of a form dialog: what was typed, its error (cleared as the customer types again) and focus on
 * the field whenever an error is set, so each dialog states only its own message and request.
 */
export function useRequiredField<E extends HTMLInputElement | HTMLTextAreaElement>(
  initial: string,
  requiredMessage: string,
) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<E>(null);

  /** Shows `message` at the field and moves the focus there. */
  const fail = (message: string) => {
    setError(message);
    ref.current?.focus();
  };

  /** The trimmed value, or undefined after showing the required message when nothing was typed. */
  const required = (): string | undefined => {
    const trimmed = value.trim();
    if (!trimmed) fail(requiredMessage);
    return trimmed || undefined;
  };

  const props = {
    ref,
    required: true,
    value,
    error,
    onChange: (event: ChangeEvent<E>) => {
      setValue(event.target.value);
      if (error) setError(undefined);
    },
  };
  return { props, required, fail, clear: () => setError(undefined) };
}
