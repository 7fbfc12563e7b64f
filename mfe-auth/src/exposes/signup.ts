import { withAreaBuild } from 'shared-ui';
import { SignupPage } from '../features/signup/components/signup-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(SignupPage, 'auth', process.env.PORTAL_BUILD_ID ?? 'local');
