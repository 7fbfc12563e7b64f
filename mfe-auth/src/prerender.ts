// Build-time only (PrerenderPlugin): this area's guest screens as a visitor without a session first sees them.
import { prerenderAreaPages } from 'shared-ui/prerender';
import { routes } from './routes';
import Activate from './exposes/activate';
import EmailConfirmation from './exposes/email-confirmation';
import ForgotPassword from './exposes/forgot-password';
import Login from './exposes/login';
import ResetPassword from './exposes/reset-password';
import Signup from './exposes/signup';

export const prerender = () =>
  prerenderAreaPages(
    routes,
    {
      './login': Login,
      './signup': Signup,
      './forgot-password': ForgotPassword,
      './reset-password': ResetPassword,
      './email-confirmation': EmailConfirmation,
      './activate': Activate,
    },
    // The reset link's page as its email opens it: with a token (without one it explains the link is broken).
    { './reset-password': 'token' },
  );
