import { Page } from 'shared-ui';

export function LoginPage() {
  return (
    <Page>
      <h1>Log in</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
