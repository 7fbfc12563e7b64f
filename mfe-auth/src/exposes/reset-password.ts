import { withAreaBuild } from 'shared-ui';
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(ResetPasswordPage, 'auth', process.env.PORTAL_BUILD_ID ?? 'local');
