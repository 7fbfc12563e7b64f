import { withAreaBuild } from 'shared-ui';
import { UndoContactChangePage } from '../features/undo-contact-change/components/undo-contact-change-page';

// The build id is compiled into this remote, so a redeployed area can be told apart from the old one.
export default withAreaBuild(UndoContactChangePage, 'profile', process.env.PORTAL_BUILD_ID ?? 'local');
