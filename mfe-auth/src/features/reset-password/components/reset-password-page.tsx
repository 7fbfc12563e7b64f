import { Page } from 'shared-ui';

export function ResetPasswordPage() {
  return (
    <Page>
      <h1>Reset password</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
