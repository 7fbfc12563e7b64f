import { Page } from 'shared-ui';

export function DashboardPage() {
  return (
    <Page>
      <h1>Dashboard</h1>
      <p>This screen is being built.</p>
    </Page>
  );
}
