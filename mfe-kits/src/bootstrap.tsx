import { lazy } from 'react';
import { mountDevHost } from 'shared-ui/dev-host';

// Standalone: this remote's screens in a minimal host with the shared session store.
mountDevHost('Kits', [
  { path: '/home', label: 'Home', Component: lazy(() => import('./exposes/home')) },
  { path: '/dashboard/:kitId', label: 'Dashboard', Component: lazy(() => import('./exposes/dashboard')) },
]);
