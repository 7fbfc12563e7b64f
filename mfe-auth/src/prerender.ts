// Build-time only (PrerenderPlugin): this area's guest screens as a visitor without a session first sees them.
import { areaRoutes } from 'shared-api/routes';
import { prerenderAreaPages } from 'shared-ui/prerender';
import Activate from './exposes/activate';
import EmailConfirmation from './exposes/email-confirmation';
import ForgotPassword from './exposes/forgot-password';
import Login from './exposes/login';
import ResetPassword from './exposes/reset-password';
import Signup from './exposes/signup';

const pages = {
  './login': Login,
  './signup': Signup,
  './forgot-password': ForgotPassword,
  './reset-password': ResetPassword,
  './email-confirmation': EmailConfirmation,
  './activate': Activate,
};

export function prerender() {
  return prerenderAreaPages(
    areaRoutes
      .filter((route) => route.remote === 'auth' && route.module in pages)
      .map(({ path, module }) => ({
        path,
        module,
        Page: pages[module as keyof typeof pages],
        // The reset link's page as its email opens it: with a token (without one it explains the link is broken).
        needs: module === './reset-password' ? 'token' : undefined,
      })),
  );
}
