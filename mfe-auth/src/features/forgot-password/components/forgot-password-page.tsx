import { Page } from 'shared-ui';

export function ForgotPasswordPage() {
  return (
    <Page>
      <h1>Forgot password</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
