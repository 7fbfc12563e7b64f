import type { FormEvent } from 'react';
import { Link } from 'shared-ui/router';
import { paths } from 'shared-api';
import { PasswordField, TextField } from 'shared-ui';
import { AuthCard, FormLinks, SubmitButton } from '../../../components/auth-card';
import { requiredMessage } from '../../../lib/texts';
import { useForm, type FieldErrors } from '../../../lib/use-form';
import { useLogin } from '../hooks/use-login';

type Field = 'email' | 'password';

export function LoginPage() {
  const { values, field, validate } = useForm<Field>({ email: '', password: '' });
  const { busy, submit } = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errors: FieldErrors<Field> = {};
    if (!values.email.trim()) errors.email = requiredMessage('Email');
    if (!values.password) errors.password = requiredMessage('Password');
    if (!validate(errors)) return;
    void submit({ email: values.email.trim(), password: values.password });
  };

  return (
    <AuthCard title="Log in">
      {(titleId) => (
        <>
          <form aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
            <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
            <SubmitButton busy={busy}>Log in</SubmitButton>
          </form>
          <FormLinks>
            <Link to={paths.forgotPassword}>Forgot password?</Link>
            <span>
              New here? <Link to={paths.signup}>Create an account</Link>
            </span>
          </FormLinks>
        </>
      )}
    </AuthCard>
  );
}
