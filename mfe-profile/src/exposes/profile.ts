import { withAreaBuild } from 'shared-ui';
import { ProfilePage } from '../features/profile/components/profile-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(ProfilePage, 'profile', process.env.PORTAL_BUILD_ID ?? 'local');
