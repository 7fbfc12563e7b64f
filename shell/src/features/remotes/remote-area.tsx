import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { Button, Card, Spinner } from 'shared-ui';
import type { RemoteName } from 'shared-api';
import { AreaErrorBoundary } from './area-error-boundary';
import { markAreaReady } from './area-ready';
import { loadRemoteModule } from './remote-loader';

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
      <Spinner label={`Loading ${areaLabel}…`} />
    </Placeholder>
  );
}

export function AreaUnavailable({ areaLabel, onRetry }: { areaLabel: string; onRetry: () => void }) {
  return (
    <Placeholder>
      <Card role="alert" style={{ maxWidth: 440, width: '100%' }}>
        <h1 style={{ fontSize: '1.25rem', marginTop: 0 }}>{areaLabel} is unavailable</h1>
        <p>This part of the portal could not be loaded. Check your connection and try again; the rest of the portal still works.</p>
        <Button onClick={onRetry}>Retry</Button>
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
  const Page = useMemo(
    () => lazy(() => loadRemoteModule<PageModule>(remote, module)),
    // A new lazy component per attempt: React caches a rejected lazy import forever.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, module, attempt],
  );
  return (
    <AreaErrorBoundary
      key={attempt}
      onRetry={() => setAttempt((n) => n + 1)}
      fallback={(retry) => <AreaUnavailable areaLabel={areaLabel} onRetry={retry} />}
    >
      <Suspense fallback={<AreaLoading areaLabel={areaLabel} />}>
        <Page />
        <AreaRendered />
      </Suspense>
    </AreaErrorBoundary>
  );
}
