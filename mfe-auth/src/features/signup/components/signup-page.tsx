import { Page } from 'shared-ui';

export function SignupPage() {
  return (
    <Page>
      <h1>Sign up</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
