/**
 * A minimal host for running one remote on its own in development (`npm start -w mfe-billing`): the
 * router, the toaster and the shared session store, with a bar to sign in as the demo customer.
 * Imported only by each remote's own bootstrap, never by an exposed module.
 */
import { Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'shared-ui/router';
import { authApi, sessionStore, useSession } from 'shared-api';
import { ToastHost } from 'shared-ui';

export interface DevRoute {
  path: string;
  label: string;
  Component: ComponentType;
}

function DevBar({ name, routes }: { name: string; routes: DevRoute[] }) {
  const email = useSession((s) => s.user?.email);
  return (
    <nav aria-label="Standalone host" style={{ display: 'flex', gap: 12, padding: 8, background: '#fff3cd', flexWrap: 'wrap' }}>
      <strong>{name} (standalone)</strong>
      {routes.map((r) => (
        <Link key={r.path} to={r.path.replace(':kitId', '1')}>
          {r.label}
        </Link>
      ))}
      {email ? (
        <button type="button" onClick={() => sessionStore.getState().logout()}>
          Sign out {email}
        </button>
      ) : (
        <button
          type="button"
          onClick={async () => {
            const { user, token } = await authApi.login({ email: 'demo@example.com', password: 'demo1234' });
            sessionStore.getState().signIn(token, user);
          }}
        >
          Sign in as demo customer
        </button>
      )}
    </nav>
  );
}

export function mountDevHost(name: string, routes: DevRoute[]): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <BrowserRouter>
      <ToastHost duration={5000} />
      <DevBar name={name} routes={routes} />
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          {routes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Routes>
      </Suspense>
    </BrowserRouter>,
  );
}
