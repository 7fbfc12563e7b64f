import type { FormEvent } from 'react';
import { Link } from 'shared-ui/router';
import { paths } from 'shared-api';
import { TextField } from 'shared-ui';
import { AuthCard, FormLinks, SubmitButton } from '../../../components/auth-card';
import { requiredMessage } from '../../../lib/texts';
import { useForm } from '../../../lib/use-form';
import { useForgotPassword } from '../hooks/use-forgot-password';

export function ForgotPasswordPage() {
  const { values, field, validate } = useForm({ email: '' });
  const { busy, submit } = useForgotPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = values.email.trim();
    if (busy || !validate(email ? {} : { email: requiredMessage('Email') })) return;
    void submit(email);
  };

  return (
    <AuthCard
      title="Forgot password"
      intro="Enter your account email and we will send you a link to reset your password."
    >
      {(titleId) => (
        <>
          <form aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
            <TextField label="Email" type="email" inputMode="email" autoComplete="email" {...field('email')} />
            <SubmitButton busy={busy}>Send reset link</SubmitButton>
          </form>
          <FormLinks>
            <Link to={paths.login}>Back to log in</Link>
          </FormLinks>
        </>
      )}
    </AuthCard>
  );
}
