import { useState, type FormEvent } from 'react';
import { Link } from 'shared-ui/router';
import { paths } from 'shared-api';
import { PasswordField, TextField } from 'shared-ui';
import { DEFAULT_COUNTRY_CODE, joinPhoneNumber, PhoneField, phoneNumberError } from 'shared-ui/phone';
import { AuthCard, FormLinks, SubmitButton } from '../../../components/auth-card';
import { messages, MIN_PASSWORD_LENGTH, passwordHint, passwordLengthMessage, requiredMessage } from '../../../lib/texts';
import { joinName } from '../../../lib/name';
import { useForm, type FieldErrors } from '../../../lib/use-form';
import { useSignup } from '../hooks/use-signup';

type Field = 'firstName' | 'middleName' | 'lastName' | 'email' | 'phone' | 'whatsapp' | 'password' | 'confirmPassword';

const labels: Record<Field, string> = {
  firstName: 'First name',
  middleName: 'Middle name (optional)',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone number',
  whatsapp: 'WhatsApp number',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

const required: readonly Field[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'whatsapp',
  'password',
  'confirmPassword',
];

type CountryCodes = { phone: string; whatsapp: string };

function validateSignup(values: Record<Field, string>, codes: CountryCodes): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const name of required) {
    // Passwords are taken as typed; a password of spaces is still a password.
    const value = name === 'password' || name === 'confirmPassword' ? values[name] : values[name].trim();
    if (!value) errors[name] = requiredMessage(labels[name]);
  }
  for (const name of ['phone', 'whatsapp'] as const) {
    errors[name] ??= phoneNumberError(codes[name], values[name]);
  }
  if (!errors.password && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = passwordLengthMessage(labels.password);
  }
  if (!errors.confirmPassword && !errors.password && values.password !== values.confirmPassword) {
    errors.confirmPassword = messages.passwordsDoNotMatch;
  }
  return errors;
}

export function SignupPage() {
  const { values, field, validate } = useForm<Field>({
    firstName: '',
    middleName: '',
    lastName: '',
    email: '',
    phone: '',
    whatsapp: '',
    password: '',
    confirmPassword: '',
  });
  const [phoneCode, setPhoneCode] = useState<string>(DEFAULT_COUNTRY_CODE);
  const [whatsappCode, setWhatsappCode] = useState<string>(DEFAULT_COUNTRY_CODE);
  const { busy, submit } = useSignup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !validate(validateSignup(values, { phone: phoneCode, whatsapp: whatsappCode }))) return;
    void submit({
      email: values.email.trim(),
      password: values.password,
      confirm_password: values.confirmPassword,
      phone_number: joinPhoneNumber(phoneCode, values.phone.trim()),
      name: joinName(values.firstName, values.middleName, values.lastName),
      whatsapp_number: joinPhoneNumber(whatsappCode, values.whatsapp.trim()),
    });
  };

  return (
    <AuthCard title="Sign up">
      {(titleId) => (
        <>
          <form aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
            <TextField label={labels.firstName} autoComplete="given-name" {...field('firstName')} />
            <TextField label={labels.middleName} autoComplete="additional-name" {...field('middleName')} />
            <TextField label={labels.lastName} autoComplete="family-name" {...field('lastName')} />
            <TextField label={labels.email} type="email" inputMode="email" autoComplete="email" {...field('email')} />
            <PhoneField
              label={labels.phone}
              countryCode={phoneCode}
              onCountryCodeChange={setPhoneCode}
              autoComplete="tel-national"
              {...field('phone')}
            />
            <PhoneField
              label={labels.whatsapp}
              countryCode={whatsappCode}
              onCountryCodeChange={setWhatsappCode}
              autoComplete="tel-national"
              {...field('whatsapp')}
            />
            <PasswordField
              label={labels.password}
              autoComplete="new-password"
              hint={passwordHint}
              {...field('password')}
            />
            <PasswordField label={labels.confirmPassword} autoComplete="new-password" {...field('confirmPassword')} />
            <SubmitButton busy={busy}>Sign up</SubmitButton>
          </form>
          <FormLinks>
            <span>
              Already have an account? <Link to={paths.login}>Log in</Link>
            </span>
          </FormLinks>
        </>
      )}
    </AuthCard>
  );
}
