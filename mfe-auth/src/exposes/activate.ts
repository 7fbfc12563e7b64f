import { withAreaBuild } from 'shared-ui';
import { ActivatePage } from '../features/activate/components/activate-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(ActivatePage, 'auth', process.env.PORTAL_BUILD_ID ?? 'local');
