import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from 'shared-ui';

/** Draws nothing once its children have failed (their code could not be fetched): they draw nothing of the page. */
class LeftOutOnFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

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
      <LeftOutOnFailure>
        <Suspense fallback={null}>
          <Loaded />
        </Suspense>
      </LeftOutOnFailure>
    );
  };
}
