import { lazy } from 'react';
import { mountDevHost } from 'shared-ui/dev-host';

// Standalone: this remote's screens in a minimal host with the shared session store.
mountDevHost('Auth', [
  { path: '/login', label: 'Log in', Component: lazy(() => import('./exposes/login')) },
  { path: '/signup', label: 'Sign up', Component: lazy(() => import('./exposes/signup')) },
  { path: '/forgot-password', label: 'Forgot password', Component: lazy(() => import('./exposes/forgot-password')) },
  { path: '/reset-password', label: 'Reset password', Component: lazy(() => import('./exposes/reset-password')) },
  {
    path: '/email-confirmation',
    label: 'Email confirmation',
    Component: lazy(() => import('./exposes/email-confirmation')),
  },
  { path: '/activate', label: 'Activate', Component: lazy(() => import('./exposes/activate')) },
]);
