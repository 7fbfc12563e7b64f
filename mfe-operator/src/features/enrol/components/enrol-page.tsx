import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { z } from 'zod';
import { FormCard, TextField, theme } from 'shared-ui';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import { staffPaths } from '../../../app/staff-paths';
import { AuthenticatorCodeField, CodeFormEnd, useCodeSubmit } from '../../../components/code-form';
import { codeField } from '../../../lib/code-field';
import { errorText } from '../../../lib/staff-api';
import { texts } from '../../../lib/texts';
import { completeEnrolment, useEnrolment } from '../api/enrolment';
import { QrCode } from './qr-code';

const PASSWORD_MIN = 12;

const schema = z
  .object({
    password: z.string().min(PASSWORD_MIN, texts.form.passwordLength),
    confirm: z.string(),
    code: codeField,
  })
  .refine((values) => values.password === values.confirm, { message: texts.form.passwordsDiffer, path: ['confirm'] });

const Secret = styled.code`
  display: block;
  font-size: 1.1rem;
  letter-spacing: 0.05em;
  padding: 8px;
  background: ${theme.colors.background};
  border-radius: ${theme.radius};
  overflow-wrap: anywhere;
`;

/** The secret in groups of four, as authenticator apps ask for it typed. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** /staff/enrol?token=…: the authenticator (QR code and key as text), then the password and a first code. */
export function EnrolPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const enrolment = useEnrolment(token);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const { failure, submit } = useCodeSubmit(form, texts.enrol.failed, async ({ password, code }) => {
    await completeEnrolment(token!, { password, code });
    navigate(staffPaths.transfers, { replace: true });
  });

  return (
    <FormCard>
      <h1>{texts.enrol.title}</h1>
      {!token && <p role="alert">{texts.enrol.noLink}</p>}
      {token && enrolment.isLoading && <p role="status">{texts.loading}</p>}
      {token && enrolment.error && <p role="alert">{errorText(enrolment.error, texts.enrol.loadFailed)}</p>}
      {enrolment.data && (
        <>
          <p>{texts.enrol.intro(enrolment.data.email, texts.roles[enrolment.data.role])}</p>
          <p>{texts.enrol.step1}</p>
          <QrCode value={enrolment.data.otpauth_uri} label={texts.enrol.qrLabel} />
          <p>{texts.enrol.secretLabel}</p>
          <Secret data-secret={enrolment.data.secret}>{grouped(enrolment.data.secret)}</Secret>
          <p>{texts.enrol.step2}</p>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <input type="hidden" autoComplete="username" value={enrolment.data.email} readOnly />
            <TextField
              label={texts.enrol.password}
              hint={texts.enrol.passwordHint}
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <TextField label={texts.enrol.confirm} type="password" autoComplete="new-password" error={errors.confirm?.message} {...form.register('confirm')} />
            <AuthenticatorCodeField label={texts.enrol.code} error={errors.code?.message} {...form.register('code')} />
            <CodeFormEnd failure={failure} busy={isSubmitting}>
              {texts.enrol.submit}
            </CodeFormEnd>
          </form>
        </>
      )}
    </FormCard>
  );
}
