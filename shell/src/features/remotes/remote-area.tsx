import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { Button, Card, Spinner } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { routeAt, type RemoteName } from 'shared-api';
import { AreaErrorBoundary } from './area-error-boundary';
import { markAreaReady } from './area-ready';
import { areaMessages } from './area-messages';
import { AreaRoot, areaRootProps, isPrerenderedArea } from './area-root';
import { reportAreaError } from '../health/health-reporting';
import { areaFailureOf, forgetLiveBuild, loadRemoteModule, registeredEntry, type AreaFailure } from './remote-loader';

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

/** Rendered beside the page inside Suspense: its effect runs once the page has committed. */
function AreaRendered() {
  useEffect(() => markAreaReady(), []);
  return null;
}

/** Lazily loads one page a remote exposes, with a loading state and a Retry when it fails. */
export function RemoteArea({ remote, module, areaLabel }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  // The navigation that shows this area: the loader reads a remote's live build at most once per navigation.
  const { key: navigationKey, pathname } = useLocation();
  // The page the server drew is hydrated in a root of its own (AreaRoot); a Retry, or any later area, renders here.
  const routePath = routeAt(pathname)?.path;
  const [prerendered] = useState(() => isPrerenderedArea(routePath));
  const ownRootAt = prerendered && attempt === 0 ? routePath : undefined;
  const Page = useMemo(
    () =>
      lazy(async () => {
        const page = await loadRemoteModule<PageModule>(remote, module, navigationKey);
        const { default: AreaPage } = page;
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
    // A new lazy component per attempt: React caches a rejected lazy import forever. Not per navigation inside the
    // area (a search, another kit): the page already loaded stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  );
  return (
    <AreaErrorBoundary
      key={attempt}
      onError={(error) => reportAreaError(remote, registeredEntry(remote), error)}
      onRetry={() => {
        // The listing is read again: after a rollback, Retry loads the live release, not the module that failed.
        forgetLiveBuild(remote);
        setAttempt((n) => n + 1);
      }}
      fallback={(retry, error) => <AreaUnavailable areaLabel={areaLabel} failure={areaFailureOf(error)} onRetry={retry} />}
    >
      <Suspense fallback={<AreaLoading areaLabel={areaLabel} />}>
        <Page />
        {/* A page in its own root says when it has rendered itself. */}
        {ownRootAt === undefined && <AreaRendered />}
      </Suspense>
    </AreaErrorBoundary>
  );
}
