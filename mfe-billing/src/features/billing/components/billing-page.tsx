import { Page } from 'shared-ui';

export function BillingPage() {
  return (
    <Page>
      <h1>Billing</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
