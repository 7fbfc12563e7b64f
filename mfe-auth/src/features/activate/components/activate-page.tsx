import { useState, type FormEvent } from 'react';
import { TextField } from 'shared-ui';
import { AuthCard, SubmitButton } from '../../../components/auth-card';

/** Spec section 2: a stub. Submit does nothing. */
export function ActivatePage() {
  const [code, setCode] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
  };

  return (
    <AuthCard title="Activate">
      {(titleId) => (
        <form aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
          <TextField
            label="Activation code"
            name="code"
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <SubmitButton>Activate</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
