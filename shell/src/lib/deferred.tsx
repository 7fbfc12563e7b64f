import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useHydrated } from 'shared-ui';
import { AreaErrorBoundary } from '../features/remotes/area-error-boundary';

/**
 * A component of `load`'s chunk, which draws nothing of the page: fetched once the page is the browser's (so neither
 * the server's HTML nor its hydration has it) and `when` it is first wanted, kept from then on, and left out if its
 * code cannot be fetched.
 */
export function deferred(load: () => Promise<{ default: ComponentType }>) {
  const Loaded = lazy(load);
  return function Deferred({ when = true }: { when?: boolean }) {
    const hydrated = useHydrated();
    const [wanted, setWanted] = useState(false);
    if (hydrated && when && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <AreaErrorBoundary fallback={() => null} onRetry={() => undefined}>
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      </AreaErrorBoundary>
    );
  };
}
