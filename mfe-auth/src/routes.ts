// This area's routes, in the order of spec section 2: its build lists them beside its entry (expose-chunks.json), and
// the serving process hands the live release's to the shell.
import type { AreaRoutes } from 'shared-api/routes';
import { activateRoute } from './features/activate/api/route';
import { emailConfirmationRoute } from './features/email-confirmation/api/route';
import { forgotPasswordRoute } from './features/forgot-password/api/route';
import { loginRoute } from './features/login/api/route';
import { resetPasswordRoute } from './features/reset-password/api/route';
import { signupRoute } from './features/signup/api/route';

export const routes = [
  signupRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  emailConfirmationRoute,
  activateRoute,
] as const satisfies AreaRoutes<'auth'>;
