import { withAreaBuild } from 'shared-ui';
import { BillingPage } from '../features/billing/components/billing-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(BillingPage, 'billing', process.env.PORTAL_BUILD_ID ?? 'local');
