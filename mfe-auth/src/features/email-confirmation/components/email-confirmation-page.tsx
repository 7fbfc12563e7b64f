import { useState, type FormEvent } from 'react';
import { useNavigate } from 'shared-ui/router';
import { paths } from 'shared-api';
import { Button, TextField } from 'shared-ui';
import { AuthCard, SubmitButton } from '../../../components/auth-card';
import { OTP_LENGTH } from '../../../lib/texts';

/** Spec section 2: a stub. Submit only goes to /login; resend does nothing. */
export function EmailConfirmationPage() {
  const [code, setCode] = useState('');
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(paths.login);
  };

  return (
    <AuthCard title="Email confirmation" intro={`Enter the ${OTP_LENGTH}-digit code sent to your email.`}>
      {(titleId) => (
        <form aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
          <TextField
            label="Confirmation code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={code}
            onChange={(event) => setCode(event.target.value.slice(0, OTP_LENGTH))}
          />
          <SubmitButton>Submit</SubmitButton>
          <Button variant="link" onClick={() => undefined}>
            Resend code
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
