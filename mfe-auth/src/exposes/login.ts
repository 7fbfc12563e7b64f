import { withAreaBuild } from 'shared-ui';
import { LoginPage } from '../features/login/components/login-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(LoginPage, 'auth', process.env.PORTAL_BUILD_ID ?? 'local');
