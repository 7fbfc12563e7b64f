import { staffPage } from '../app/staff-page';
import { SignInPage } from '../features/sign-in/components/sign-in-page';

export default staffPage(SignInPage, { open: true });
