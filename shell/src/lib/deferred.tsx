import { Component, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from 'shared-ui';
import { useLoadedComponent } from './use-loaded-component';

/** Draws nothing once its children have failed: they draw nothing of the page. */
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
 * code cannot be fetched. Rendered without suspending (`useLoadedComponent`).
 */
export function deferred(load: () => Promise<{ default: ComponentType }>) {
  return function Deferred({ when = true }: { when?: boolean }) {
    const hydrated = useHydrated();
    const [wanted, setWanted] = useState(false);
    if (hydrated && when && !wanted) setWanted(true);
    const Loaded = useLoadedComponent(load, wanted);
    if (!Loaded) return null;
    return (
      <LeftOutOnFailure>
        <Loaded />
      </LeftOutOnFailure>
    );
  };
}
