import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
} from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { areaRoot } from 'shared-api/prerender';
import { Route, Router, Routes, useLocation, useNavigate, useNavigationType } from 'shared-ui/router';
import { useAreaRendered } from './area-rendered';

/**
 * The element an area's prerendered page sits in, in the frame's HTML (the shell's prerender) and in the hydrated
 * shell: the page's own root, which takes no room of its own in the layout.
 */
export const areaRootProps = { 'data-area-root': '', style: { display: 'contents' } } as const;

/** Nothing for the shell's root to draw inside the element: the area's own root owns its children. */
const OWNED_ELSEWHERE = { __html: '' };

let prerenderedAt: string | undefined;

/**
 * Called before the shell hydrates a page whose area's page arrived drawn (at the route `routePath`): that area
 * hydrates in a root of its own.
 */
export function expectPrerenderedArea(routePath: string): void {
  prerenderedAt = routePath;
}

/**
 * Whether the area shown at `routePath` is the drawn one, not yet hydrated: asked again, the same answer (a render
 * React restarts), until its root hydrates.
 */
export const isPrerenderedArea = (routePath: string | undefined) => routePath !== undefined && routePath === prerenderedAt;

function Committed({ children }: { children: ReactNode }) {
  useAreaRendered();
  return children;
}

export type AreaRootProps = {
  Page: ComponentType;
  /** The route the page is shown at (its params: `/dashboard/:kitId`). */
  routePath: string;
};

/**
 * An area's prerendered page, hydrated in a React root of its own (`hydrateRoot` on the element the frame drew it
 * in, with `areaRoot.identifierPrefix`) rather than in the shell's: its useId ids then depend only on the page's own
 * tree, as in its prerender, never on where the shell's frame places it. The page shares the shell's location and
 * navigation through a `Router` of its own; a failure in it reaches the shell's error boundary for the area.
 */
export function AreaRoot({ Page, routePath }: AreaRootProps) {
  const element = useRef<HTMLDivElement>(null);
  const root = useRef<Root>(undefined);
  const [failure, setFailure] = useState<{ error: unknown }>();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const navigator = useMemo<ComponentProps<typeof Router>['navigator']>(
    () => ({
      createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
      push: (to, state: unknown) => navigate(to, { state }),
      replace: (to, state: unknown) => navigate(to, { replace: true, state }),
      go: (delta) => navigate(delta),
    }),
    [navigate],
  );
  const tree = (
    <Router location={location} navigationType={navigationType} navigator={navigator}>
      <Routes>
        <Route
          path={routePath}
          element={
            <Committed>
              <Page />
            </Committed>
          }
        />
      </Routes>
    </Router>
  );

  useLayoutEffect(() => {
    // Rendering a root before its hydration ended would drop the drawn page: later changes only.
    if (root.current) {
      root.current.render(tree);
      return;
    }
    prerenderedAt = undefined;
    // In a transition, as the shell's own hydration (bootstrap.tsx): at the default priority the whole page would be
    // hydrated in one task, a long one on a slow phone's CPU, where a transition renders in slices that yield.
    startTransition(() => {
      root.current = hydrateRoot(element.current!, tree, {
        identifierPrefix: areaRoot.identifierPrefix,
        onUncaughtError: (error) => setFailure({ error }),
        onRecoverableError: (error) => {
          if (!(error instanceof Error && error.cause !== undefined)) reportError(error);
        },
      });
    });
    // `tree` is made from these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, navigationType, navigator, Page, routePath]);

  useEffect(
    () => () => {
      const unmounting = root.current;
      root.current = undefined;
      // Not while the shell's own commit is under way.
      setTimeout(() => unmounting?.unmount(), 0);
    },
    [],
  );

  if (failure) throw failure.error;
  return (
    // The page's HTML is the area root's to hydrate, not the shell's: React leaves an element's children alone where
    // it sets its HTML, and this HTML is a constant empty string (nothing a customer typed or the API sent).
    // eslint-disable-next-line no-restricted-syntax
    <div ref={element} {...areaRootProps} dangerouslySetInnerHTML={OWNED_ELSEWHERE} suppressHydrationWarning />
  );
}
