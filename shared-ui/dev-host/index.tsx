/**
 * A minimal host for running one remote on its own in development (`npm start -w mfe-billing`): the
 * router, the toaster and the shared session store, with a bar to sign in as the demo customer.
 * Imported only by each remote's own bootstrap, never by an exposed module.
 */
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes, routerFuture } from 'shared-ui/router';
import { getRuntimeConfig, http, isApiError, sessionStore, useSession, type User } from 'shared-api';
import { ToastHost } from 'shared-ui';

export interface DevRoute {
  path: string;
  label: string;
  Component: ComponentType;
}

/** How often a down API is asked again, so the page carries on by itself once it is started. */
const API_POLL_MS = 3_000;

type ApiStatus = 'checking' | 'up' | 'down';

/** Whether the API answers at all: any answer (even an error status) means it runs; only no answer means it does not. */
async function apiAnswers(): Promise<boolean> {
  try {
    await http.get('/health');
    return true;
  } catch (error) {
    return !(isApiError(error) && (error.kind === 'network' || error.kind === 'timeout'));
  }
}

function apiDownMessage(): string {
  return `The API is not running at ${getRuntimeConfig().apiBaseUrl}: start it with \`npm run api\` in another terminal. This page carries on by itself once it answers.`;
}

/**
 * The API's status, asked at start and again every few seconds while it is down; `recoveries` counts the times it
 * came back up.
 */
function useApiStatus(): { status: ApiStatus; recoveries: number } {
  const [status, setStatus] = useState<ApiStatus>('checking');
  const [recoveries, setRecoveries] = useState(0);
  useEffect(() => {
    let stopped = false;
    let wasDown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const up = await apiAnswers();
      if (stopped) return;
      setStatus(up ? 'up' : 'down');
      if (up && wasDown) setRecoveries((n) => n + 1);
      wasDown = !up;
      if (!up) timer = setTimeout(check, API_POLL_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (status === 'down') console.warn(`[dev host] ${apiDownMessage()}`);
    if (status === 'up') console.info('[dev host] The API answers.');
  }, [status]);
  return { status, recoveries };
}

const pathOf = (route: DevRoute) => route.path.replace(':kitId', '1');

function DevBar({ name, routes, apiDown }: { name: string; routes: DevRoute[]; apiDown: boolean }) {
  const email = useSession((s) => s.user?.email);
  const [signInFailed, setSignInFailed] = useState(false);
  const signIn = async () => {
    setSignInFailed(false);
    try {
      // The auth area owns the login call; a remote run alone cannot import another area, so this development-only
      // host sends the demo customer's sign-in itself.
      const { data } = await http.post<{ user: User; token: string }>(
        '/api/v1/login',
        { starlink_user: { email: 'demo@example.com', password: 'demo1234' } },
        { skipAuth: true },
      );
      const { user, token } = data;
      sessionStore.getState().signIn(token, user);
    } catch {
      setSignInFailed(true);
    }
  };
  return (
    <nav aria-label="Standalone host" style={{ display: 'flex', gap: 12, padding: 8, background: '#fff3cd', flexWrap: 'wrap' }}>
      <strong>{name} (standalone)</strong>
      {routes.map((r) => (
        <Link key={r.path} to={pathOf(r)}>
          {r.label}
        </Link>
      ))}
      {email ? (
        <button type="button" onClick={() => sessionStore.getState().logout()}>
          Sign out {email}
        </button>
      ) : (
        <button type="button" onClick={signIn}>
          Sign in as demo customer
        </button>
      )}
      {signInFailed && !apiDown && <span role="alert">The demo customer could not sign in (run `npm run api`, which seeds it).</span>}
    </nav>
  );
}

function DevHost({ name, routes }: { name: string; routes: DevRoute[] }) {
  const { status, recoveries } = useApiStatus();
  const userId = useSession((s) => s.user?.id ?? 'guest');
  return (
    <>
      <DevBar name={name} routes={routes} apiDown={status === 'down'} />
      {status === 'down' && (
        <p role="alert" style={{ margin: 0, padding: 12, background: '#fdecea', color: '#611a15' }}>
          {apiDownMessage()}
        </p>
      )}
      <ToastHost duration={5000} />
      <Suspense fallback={<p>Loading…</p>}>
        {/* Drawn again once the API answers or the demo customer signs in, so the area asks for its data anew. */}
        <Routes key={`${recoveries}-${userId}`}>
          {routes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          {routes[0] && <Route path="*" element={<Navigate to={pathOf(routes[0])} replace />} />}
        </Routes>
      </Suspense>
    </>
  );
}

export function mountDevHost(name: string, routes: DevRoute[]): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <BrowserRouter future={routerFuture}>
      <DevHost name={name} routes={routes} />
    </BrowserRouter>,
  );
}
