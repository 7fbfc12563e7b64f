import { paths } from 'shared-api/routes';
import { guestPageRoute } from '../../../lib/guest-page-route';

/** Spec section 2: this feature's page, as the shell routes, guards and links it. */
export const signupRoute = guestPageRoute(paths.signup, './signup', 'Sign up', 20);
