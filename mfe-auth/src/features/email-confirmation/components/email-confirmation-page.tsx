import { Page } from 'shared-ui';

export function EmailConfirmationPage() {
  return (
    <Page>
      <h1>Email confirmation</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
