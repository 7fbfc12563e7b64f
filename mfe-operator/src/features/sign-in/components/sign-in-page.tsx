import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormCard, TextField } from 'shared-ui';
import { Navigate, useLocation, useNavigate } from 'shared-ui/router';
import { staffPaths } from '../../../app/staff-paths';
import type { SignInState } from '../../../app/staff-frame';
import { useStaffSession } from '../../../lib/staff-session';
import { texts } from '../../../lib/texts';
import { AuthenticatorCodeField, CodeFormEnd, useCodeSubmit } from '../../../components/code-form';
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
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: '', password: '', code: '' } });
  const { errors, isSubmitting } = form.formState;
  const { failure, submit } = useCodeSubmit(form, texts.signIn.failed, async (values) => {
    await signIn(values);
    navigate(state.from ?? staffPaths.transfers, { replace: true });
  });

  if (session && !isSubmitting) return <Navigate to={state.from ?? staffPaths.transfers} replace />;

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
        <AuthenticatorCodeField label={texts.signIn.code} hint={texts.signIn.codeHint} error={errors.code?.message} {...form.register('code')} />
        <CodeFormEnd failure={failure} busy={isSubmitting}>
          {texts.signIn.submit}
        </CodeFormEnd>
      </form>
    </FormCard>
  );
}
