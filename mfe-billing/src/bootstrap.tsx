import { lazy } from 'react';
import { mountDevHost } from 'shared-ui/dev-host';

// Standalone: this remote's screens in a minimal host with the shared session store.
mountDevHost('Billing', [{ path: '/billing', label: 'Billing', Component: lazy(() => import('./exposes/billing')) }]);
