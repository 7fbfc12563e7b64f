import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes, routerFuture, useLocation } from 'shared-ui/router';
import { paths, useSession } from 'shared-api';
import { ToastHost } from 'shared-ui';

/** Shows where the router is, so a test can assert the page a redirect landed on. */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} page at {location.pathname}
    </p>
  );
}

/** Like the shell's RedirectIfToken on /login and /signup. */
function GuestOnly({ children }: { children: ReactElement }) {
  const hasToken = useSession((s) => s.token !== null);
  return hasToken ? <Navigate to={paths.home} replace /> : children;
}

/**
 * Renders `page` at `url` inside a router that also knows /home, /login, /signup and /forgot-password,
 * with the toaster the shell provides. `guest` wraps the page in the shell's token guard.
 */
export function renderRoute(
  page: ReactElement,
  { url, path, guest = false }: { url: string; path?: string; guest?: boolean },
) {
  const routePath = path ?? url.split('?')[0];
  const others = [paths.home, paths.login, paths.signup, paths.forgotPassword].filter((p) => p !== routePath);
  return render(
    <MemoryRouter initialEntries={[url]} future={routerFuture}>
      <ToastHost position="top-center" duration={5000} />
      <Routes>
        <Route path={routePath} element={guest ? <GuestOnly>{page}</GuestOnly> : page} />
        {others.map((p) => (
          <Route key={p} path={p} element={<Landing name={p.slice(1)} />} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}
