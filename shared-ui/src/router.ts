/**
 * The routing API of the portal: the one module every area imports routing from, shared as a singleton
 * (`shared-ui/router`) instead of react-router-dom itself. A shared package ships whole, because a build cannot
 * know what another area will use; react-router-dom 6 is 26.6 kB gzip whole, most of it the data-router API this
 * portal does not use. Re-exported from here, the build keeps only what is listed, and every area still gets the
 * same router instance (one context). Add a name here before using it anywhere.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Router,
  Routes,
  matchPath,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router-dom';

/**
 * The router's behaviour, for the shell's router and every test's: React Router 6's, stated so that it does not
 * warn about version 7. `v7_startTransition` stays off: with it, a tap on an area still downloading keeps the old
 * screen up with no loading state, which on a slow network looks like a tap that did nothing.
 */
export const routerFuture = { v7_startTransition: false, v7_relativeSplatPath: false } as const;
