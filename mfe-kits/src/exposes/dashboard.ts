import { withAreaBuild } from 'shared-ui';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(DashboardPage, 'kits', process.env.PORTAL_BUILD_ID ?? 'local');
