import type { ComponentType } from 'react';

/**
 * Wraps a page a remote exposes with its area name and build id (compiled into the remote), so support and
 * the tests can tell which deployment of an area a customer is looking at after a remote is redeployed alone.
 */
export function withAreaBuild<P extends object>(Component: ComponentType<P>, area: string, buildId: string) {
  function AreaBuild(props: P) {
    return (
      <div data-area={area} data-build={buildId} style={{ display: 'contents' }}>
        <Component {...props} />
      </div>
    );
  }
  AreaBuild.displayName = `AreaBuild(${area})`;
  return AreaBuild;
}
