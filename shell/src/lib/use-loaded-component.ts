import { useEffect, useState, type ComponentType } from 'react';

/**
 * The default export of `load`'s module once it has arrived, fetched when first `wanted`; undefined until then, and
 * for this mount if it cannot be fetched (with `throwOnFailure`, the failure is thrown to the nearest error boundary
 * instead). Rendered once it is here rather than through `React.lazy`: a Suspense fallback that commits, even an empty
 * one, makes React hold back every boundary that resolves within the next 300 ms (its fallback throttle), and on a
 * first visit that boundary is the area's page.
 */
export function useLoadedComponent(
  load: () => Promise<{ default: ComponentType }>,
  wanted: boolean,
  { throwOnFailure = false, arrived }: { throwOnFailure?: boolean; arrived?: () => ComponentType | undefined } = {},
): ComponentType | undefined {
  // Already here (`arrived`): rendered in the first render, without a loading frame before it.
  const [loaded, setLoaded] = useState<{ Component: ComponentType } | { error: unknown } | undefined>(() => {
    const Component = arrived?.();
    return Component && { Component };
  });
  useEffect(() => {
    if (!wanted || loaded) return;
    let mounted = true;
    load().then(
      (module) => mounted && setLoaded({ Component: module.default }),
      (error: unknown) => mounted && setLoaded({ error }),
    );
    return () => {
      mounted = false;
    };
  }, [load, wanted, loaded]);
  if (loaded && 'error' in loaded && throwOnFailure) throw loaded.error;
  return loaded && 'Component' in loaded ? loaded.Component : undefined;
}
