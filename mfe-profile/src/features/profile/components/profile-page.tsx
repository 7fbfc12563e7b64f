import { Page } from 'shared-ui';

export function ProfilePage() {
  return (
    <Page>
      <h1>Profile</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
