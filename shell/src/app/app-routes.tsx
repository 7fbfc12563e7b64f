import { Fragment } from 'react';
import { Navigate, Route, Routes, useLocation } from 'shared-ui/router';
import { liveRoutes, paths, routeAt, type AreaRoute } from 'shared-api';
import { CHAT_LINK_CLEARANCE_PX, ChatLink } from '../features/chat/chat-link';
import { RedirectIfToken, RequireUser } from '../features/guard/route-guards';
import { RemoteArea } from '../features/remotes/remote-area';
import { deferred } from '../lib/deferred';

// Only a customer's page mounts it, so a guest's page never downloads it (nor `shared-api/verification` with it). One
// chunk with the session-end watch, which every customer's page fetches too: one request, compressed together.
const EmailVerificationGate = deferred(() =>
  import(/* webpackChunkName: "customer-shell" */ './email-verification-gate').then((m) => ({
    default: m.EmailVerificationGate,
  })),
);

function elementFor(route: AreaRoute) {
  const area = <RemoteArea remote={route.remote} module={route.module} areaLabel={route.areaLabel} />;
  switch (route.access) {
    case 'guest':
      return <RedirectIfToken>{area}</RedirectIfToken>;
    case 'customer':
      return (
        <RequireUser>
          {area}
          <EmailVerificationGate />
        </RequireUser>
      );
    default:
      return area;
  }
}

function useShowsChat(): boolean {
  const { pathname } = useLocation();
  return routeAt(pathname)?.chat === true;
}

export function AppRoutes() {
  const showsChat = useShowsChat();
  return (
    <>
      <main id="main" style={showsChat ? { paddingBottom: CHAT_LINK_CLEARANCE_PX } : undefined}>
        <Routes>
          <Route path={paths.root} element={<Navigate to={paths.login} replace />} />
          {liveRoutes().map((route) => (
            // Keyed by path: each area gets its own boundary state, so one failed area does not stick to the next.
            <Route key={route.path} path={route.path} element={<Fragment key={route.path}>{elementFor(route)}</Fragment>} />
          ))}
          <Route path="*" element={<Navigate to={paths.root} replace />} />
        </Routes>
      </main>
      {showsChat && <ChatLink />}
    </>
  );
}
