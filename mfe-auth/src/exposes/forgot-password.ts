import { withAreaBuild } from 'shared-ui';
import { ForgotPasswordPage } from '../features/forgot-password/components/forgot-password-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(ForgotPasswordPage, 'auth', process.env.PORTAL_BUILD_ID ?? 'local');
