import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { Button, Card, Spinner } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { routeAt, type RemoteName } from 'shared-api';
import { useLoadedComponent } from '../../lib/use-loaded-component';
import { AreaErrorBoundary } from './area-error-boundary';
import { AreaRendered } from './area-rendered';
import { areaMessages } from './area-messages';
import { AreaRoot, areaRootProps, isPrerenderedArea } from './area-root';
import { reportAreaError } from '../health/health-reporting';
import { isOutdated, readPointer, releaseWatch } from './release-watch';
import { areaFailureOf, arrivedRemoteModule, forgetRemoteModule, loadRemoteModule, registeredEntry, type AreaFailure } from './remote-loader';

export type RemoteAreaProps = {
  remote: RemoteName;
  module: string;
  /** Human name of the area, for the loading and error messages. */
  areaLabel: string;
};

type PageModule = { default: ComponentType };

const Placeholder = styled.div`
  min-height: 60vh;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: 48px 16px;
`;

export function AreaLoading({ areaLabel }: { areaLabel: string }) {
  return (
    <Placeholder>
      <Spinner label={areaMessages.loading(areaLabel)} />
    </Placeholder>
  );
}

export type AreaUnavailableProps = {
  areaLabel: string;
  failure: AreaFailure;
  onRetry: () => void;
};

const Heading = styled.h1`
  font-size: 1.25rem;
  margin-top: 0;
`;

/**
 * An area that could not be shown, saying why: the connection (only when the browser says it is offline), which
 * server is not answering, a file missing from the area's live release, a new version that needs a reload, or a
 * failure a Retry may get past.
 */
export function AreaUnavailable({ areaLabel, failure, onRetry }: AreaUnavailableProps) {
  // A drawn page's form held while its code loaded is not sent now (portal-server's early-input script): this says why.
  useEffect(() => {
    document.dispatchEvent(new Event('portal:area-failed'));
  }, []);
  if (failure === 'outdated') {
    return (
      <Placeholder>
        <Card role="alert" style={{ maxWidth: 440, width: '100%' }}>
          <Heading>{areaMessages.newVersion(areaLabel)}</Heading>
          <p>{areaMessages.reloadToOpen}</p>
          <Button onClick={() => window.location.reload()}>{areaMessages.reload}</Button>
        </Card>
      </Placeholder>
    );
  }
  return (
    <Placeholder>
      <Card role="alert" style={{ maxWidth: 440, width: '100%' }}>
        <Heading>{areaMessages.unavailable(areaLabel)}</Heading>
        <p>{areaMessages.why[failure]}</p>
        <Button onClick={onRetry}>{areaMessages.retry}</Button>
      </Card>
    </Placeholder>
  );
}

/**
 * The page of an area the browser renders itself (a move between areas, a Retry, a page that arrived undrawn), held
 * as state rather than by `React.lazy`: its loading state is then not a Suspense fallback, which would make React hold
 * the page back until 300 ms after it showed (its fallback throttle), whatever the network. A failure reaches the
 * area's error boundary.
 */
function RenderedArea({ remote, module, areaLabel, navigationKey }: RemoteAreaProps & { navigationKey: string }) {
  // Loaded once per mount (it is keyed by page), not per navigation inside the area (a search, another kit).
  const [load] = useState(() => () => loadRemoteModule<PageModule>(remote, module, navigationKey));
  const arrived = () => arrivedRemoteModule<PageModule>(remote, module, navigationKey)?.default;
  const Page = useLoadedComponent(load, true, { throwOnFailure: true, arrived });
  if (!Page) return <AreaLoading areaLabel={areaLabel} />;
  return (
    // Should the page itself suspend, the area shows its loading state, not the shell's.
    <Suspense fallback={<AreaLoading areaLabel={areaLabel} />}>
      <div {...areaRootProps}>
        <Page />
      </div>
      <AreaRendered />
    </Suspense>
  );
}

/**
 * A page drawn ahead of time, by the build's prerender or in the HTML being hydrated: a lazy component in a Suspense
 * boundary, which the prerender waits for and whose server HTML React keeps on screen (no fallback is shown) until
 * the area's code arrives. A page the server drew (`ownRootAt`, its route) then hydrates in a root of its own.
 */
function DrawnArea({
  remote,
  module,
  areaLabel,
  navigationKey,
  ownRootAt,
}: RemoteAreaProps & { navigationKey: string; ownRootAt: string | undefined }) {
  const [Page] = useState(() =>
    lazy(async () => {
      const { default: AreaPage } = await loadRemoteModule<PageModule>(remote, module, navigationKey);
      // Either way the page sits in the same element, so a page drawn by the server and one drawn here look alike.
      return {
        default:
          ownRootAt === undefined
            ? () => (
                <div {...areaRootProps}>
                  <AreaPage />
                </div>
              )
            : () => <AreaRoot Page={AreaPage} routePath={ownRootAt} />,
      };
    }),
  );
  return (
    <Suspense fallback={<AreaLoading areaLabel={areaLabel} />}>
      <Page />
      {/* A page in its own root says when it has rendered itself. */}
      {ownRootAt === undefined && <AreaRendered />}
    </Suspense>
  );
}

/** Loads one page a remote exposes, with a loading state and a Retry when it fails. */
export function RemoteArea({ remote, module, areaLabel }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  // The navigation that shows this area: after the tab learnt of a newer release, the loader makes it a page load.
  const { key: navigationKey, pathname } = useLocation();
  // The page the server drew is hydrated in a root of its own (AreaRoot); a Retry, or any later area, renders here.
  const routePath = routeAt(pathname)?.path;
  const [prerendered] = useState(() => isPrerenderedArea(routePath));
  // Drawn ahead of time: the page the server drew, being hydrated, or the build's prerender of the frame (no DOM).
  const [drawn] = useState(() => prerendered || typeof document === 'undefined');
  const area = { remote, module, areaLabel, navigationKey };
  return (
    // Keyed by attempt: a Retry mounts the area afresh, which loads it again.
    <AreaErrorBoundary
      key={attempt}
      onError={(error) => {
        forgetRemoteModule(remote, module);
        reportAreaError(remote, registeredEntry(remote), error);
      }}
      onRetry={() => setAttempt((n) => n + 1)}
      fallback={(retry, error) => (
        <AreaUnavailable
          areaLabel={areaLabel}
          failure={areaFailureOf(error)}
          // After a release or a rollback since this page loaded, Retry is a page load, which names the live builds.
          onRetry={() => void readPointer().then(() => (isOutdated() ? releaseWatch.reloadPage() : retry()))}
        />
      )}
    >
      {drawn && attempt === 0 ? (
        <DrawnArea {...area} ownRootAt={prerendered ? routePath : undefined} />
      ) : (
        // Keyed by page: another area's page is never shown while this one loads.
        <RenderedArea key={`${remote}/${module}`} {...area} />
      )}
    </AreaErrorBoundary>
  );
}
