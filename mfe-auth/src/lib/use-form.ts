import { useCallback, useRef, useState, type ChangeEvent } from 'react';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Controlled text fields with per-field errors. `initial` lists the fields in screen order, which is
 * the order `validate` uses to move focus to the first invalid one.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const order = useRef(Object.keys(initial) as K[]).current;
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const elements = useRef(new Map<K, HTMLInputElement | null>());

  const setValue = useCallback((name: K, value: string) => {
    setValues((prev) => ({ ...prev, [name]: value }));
    // The message goes once the customer edits the field it is about.
    setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
  }, []);

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      elements.current.set(name, element);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
  });

  /** Shows `next` and focuses its first invalid field; true when there is nothing to fix. */
  const validate = (next: FieldErrors<K>): boolean => {
    setErrors(next);
    const first = order.find((name) => next[name]);
    if (first === undefined) return true;
    elements.current.get(first)?.focus();
    return false;
  };

  return { values, errors, field, setValue, validate };
}
