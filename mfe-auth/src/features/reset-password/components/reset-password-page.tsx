import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'shared-ui/router';
import { paths } from 'shared-api';
import { ErrorText, PasswordField } from 'shared-ui';
import { AuthCard, FormLinks, SubmitButton } from '../../../components/auth-card';
import { messages, MIN_PASSWORD_LENGTH, passwordHint, passwordLengthMessage, requiredMessage } from '../../../lib/texts';
import { useForm, type FieldErrors } from '../../../lib/use-form';
import { useResetPassword } from '../hooks/use-reset-password';

type Field = 'password' | 'confirmPassword';

const labels: Record<Field, string> = { password: 'New password', confirmPassword: 'Confirm password' };

function validateReset(values: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const name of ['password', 'confirmPassword'] as const) {
    if (!values[name]) errors[name] = requiredMessage(labels[name]);
    else if (values[name].length < MIN_PASSWORD_LENGTH) errors[name] = passwordLengthMessage(labels[name]);
  }
  if (!errors.password && !errors.confirmPassword && values.password !== values.confirmPassword) {
    errors.confirmPassword = messages.passwordsDoNotMatch;
  }
  return errors;
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { values, field, validate } = useForm<Field>({ password: '', confirmPassword: '' });
  const { busy, submit, linkRefused } = useResetPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !token || !validate(validateReset(values))) return;
    void submit(token, values.password);
  };

  if (!token) {
    return (
      <AuthCard title="Reset password">
        {() => (
          <>
            <ErrorText role="alert">{messages.invalidResetLink}</ErrorText>
            <FormLinks>
              <Link to={paths.forgotPassword}>Request a new reset link</Link>
            </FormLinks>
          </>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password">
      {(titleId) => (
        <>
          <form aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
            <PasswordField label={labels.password} autoComplete="new-password" hint={passwordHint} {...field('password')} />
            <PasswordField label={labels.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
            <SubmitButton busy={busy}>Reset password</SubmitButton>
          </form>
          <FormLinks>
            {linkRefused && <Link to={paths.forgotPassword}>Request a new reset link</Link>}
            <Link to={paths.login}>Back to log in</Link>
          </FormLinks>
        </>
      )}
    </AuthCard>
  );
}
