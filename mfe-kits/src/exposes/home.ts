import { withAreaBuild } from 'shared-ui';
import { HomePage } from '../features/home/components/home-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(HomePage, 'kits', process.env.PORTAL_BUILD_ID ?? 'local');
