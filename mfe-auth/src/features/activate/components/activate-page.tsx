import { Page } from 'shared-ui';

export function ActivatePage() {
  return (
    <Page>
      <h1>Activate</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
