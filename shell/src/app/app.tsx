import { useCallback, useRef } from 'react';
import { BrowserRouter, routerFuture } from 'shared-ui/router';
import { createGlobalStyle } from 'styled-components';
import { routeAt } from 'shared-api';
import { theme, ToastHost } from 'shared-ui';
import { Navbar } from '../features/navbar/navbar';
import { startLoadingRemoteModule } from '../features/remotes/remote-loader';
import { useRouteFocus } from '../features/route-focus/use-route-focus';
import { useToastScope } from '../features/toast-scope/use-toast-scope';
import { SessionEndWatch } from '../features/session/session-end-watch';
import { NetworkStatus } from '../features/network/network-status';
import { AppRoutes } from './app-routes';

const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* No scroll anchoring: the page never scrolls by itself under the customer's finger. */
  html { overflow-anchor: none; }
  body { font-family: ${theme.font}; background: ${theme.colors.background}; color: ${theme.colors.text}; line-height: 1.5; }
  a { color: ${theme.colors.primary}; }
  .skip-link { position: absolute; left: -9999px; top: 0; }
  .skip-link:focus { left: 8px; top: 8px; z-index: 2000; background: #fff; padding: 8px 12px; }
  /* A heading given focus (a new page, a closed dialog) shows the portal's focus ring, and only to the keyboard. */
  h1[tabindex='-1']:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 2px; }
`;

/** One toast default for the whole page: 5 s (spec section 9). */
export const TOAST_DURATION_MS = 5000;

/**
 * A pointer on a navbar link (a finger on a phone touches it before the tap ends) or keyboard focus on it: start
 * loading that area's code, once, so the tap finds it on the way. Only on intent, never on a guess, as customers
 * pay for their mobile data.
 */
function usePrefetchOnIntent(): (path: string) => void {
  const prefetched = useRef(new Set<string>());
  return useCallback((path: string) => {
    const route = routeAt(path);
    if (!route || prefetched.current.has(route.path)) return;
    prefetched.current.add(route.path);
    startLoadingRemoteModule(route.remote, route.module);
  }, []);
}

/** Everything inside the router; tests mount it in a MemoryRouter. */
export function PortalFrame() {
  useRouteFocus();
  useToastScope();
  const prefetchArea = usePrefetchOnIntent();
  return (
    <>
      <GlobalStyle />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar onIntent={prefetchArea}>
        <NetworkStatus />
        <ToastHost duration={TOAST_DURATION_MS} />
        {/* Beside the messages it dismisses; not a child of the frame, where it would move the areas' place in the tree. */}
        <SessionEndWatch />
      </Navbar>
      <AppRoutes />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter future={routerFuture}>
      <PortalFrame />
    </BrowserRouter>
  );
}
