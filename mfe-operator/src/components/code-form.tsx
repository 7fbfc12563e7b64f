import { forwardRef, useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button, TextField, type TextFieldProps } from 'shared-ui';
import { errorText } from '../lib/staff-api';

/**
 * A staff form finished by an authenticator code (sign-in, enrolment): `submit` sends the checked values; when the
 * server refuses, the code is cleared (a code is used once) and `failure` says why.
 */
export function useCodeSubmit<In extends FieldValues & { code: string }, Out>(
  form: UseFormReturn<In, unknown, Out>,
  failed: string,
  send: (values: Out) => Promise<void>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      form.resetField('code' as Path<In>);
      setFailure(errorText(error, failed));
    }
  });
  return { failure, submit };
}

/** The six digits of an authenticator app, with the phone's number pad and the one-time-code autofill. */
export const AuthenticatorCodeField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'maxLength'>>(
  function AuthenticatorCodeField(props, ref) {
    return <TextField ref={ref} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
  },
);

export type CodeFormEndProps = {
  failure: string | null;
  busy: boolean;
  /** The submit button's label. */
  children: ReactNode;
};

/** Under the code: the server's refusal, then the submit button. */
export function CodeFormEnd({ failure, busy, children }: CodeFormEndProps) {
  return (
    <>
      {failure && <p role="alert">{failure}</p>}
      <Button type="submit" busy={busy}>
        {children}
      </Button>
    </>
  );
}
