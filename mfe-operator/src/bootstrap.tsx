import { lazy } from 'react';
import { mountDevHost } from 'shared-ui/dev-host';
import { staffPaths } from './app/staff-paths';

// Standalone: this remote's screens in a minimal host (the staff pages keep their own session, not the customer's).
mountDevHost('Staff', [
  { path: staffPaths.signIn, label: 'Sign in', Component: lazy(() => import('./exposes/sign-in')) },
  { path: staffPaths.enrol, label: 'Enrol', Component: lazy(() => import('./exposes/enrol')) },
  { path: staffPaths.transfers, label: 'Transfers', Component: lazy(() => import('./exposes/transfers')) },
  { path: staffPaths.kits, label: 'Kits', Component: lazy(() => import('./exposes/kits')) },
  { path: staffPaths.customers, label: 'Customers', Component: lazy(() => import('./exposes/customers')) },
  { path: staffPaths.customerPattern, label: 'Customer', Component: lazy(() => import('./exposes/customer')) },
  { path: staffPaths.price, label: 'Price', Component: lazy(() => import('./exposes/price')) },
  { path: staffPaths.audit, label: 'Audit log', Component: lazy(() => import('./exposes/audit')) },
]);
