import { withAreaBuild } from 'shared-ui';
import { EmailConfirmationPage } from '../features/email-confirmation/components/email-confirmation-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(EmailConfirmationPage, 'auth', process.env.PORTAL_BUILD_ID ?? 'local');
