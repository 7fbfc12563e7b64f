import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, FormCard, TextField } from 'shared-ui';
import { Navigate, useLocation, useNavigate } from 'shared-ui/router';
import { staffPaths } from '../../../app/staff-paths';
import type { SignInState } from '../../../app/staff-frame';
import { errorText } from '../../../lib/staff-api';
import { useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { codeField } from '../../../lib/code-field';
import { signIn } from '../api/sign-in';

const schema = z.object({
  email: z.string().trim().min(1, texts.form.required(texts.signIn.email)).email(texts.form.email),
  password: z.string().min(1, texts.form.required(texts.signIn.password)),
  code: codeField,
});

/** /staff/login: password and authenticator code; back to the page the member came from. */
export function SignInPage() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as SignInState;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '', code: '' } });
  const { errors, isSubmitting } = form.formState;

  if (session && !isSubmitting) return <Navigate to={state.from ?? staffPaths.transfers} replace />;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn(values);
      navigate(state.from ?? staffPaths.transfers, { replace: true });
    } catch (error) {
      form.resetField('code');
      setFailure(errorText(error, texts.signIn.failed));
    }
  });

  return (
    <FormCard>
      <h1>{texts.signIn.title}</h1>
      {state.ended && !failure && <p role="status">{texts.signIn.ended}</p>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={texts.signIn.email} type="email" autoComplete="username" error={errors.email?.message} {...form.register('email')} />
        <TextField
          label={texts.signIn.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={texts.signIn.code}
          hint={texts.signIn.codeHint}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...form.register('code')}
        />
        {failure && <p role="alert">{failure}</p>}
        <Button type="submit" busy={isSubmitting}>
          {texts.signIn.submit}
        </Button>
      </form>
    </FormCard>
  );
}
