import { useEffect, useState, type ComponentType } from 'react';

/**
 * The default export of `load`'s module once it has arrived, fetched when first `wanted`; undefined until then, and
 * for this mount if it cannot be fetched. Rendered once it is here rather than through `React.lazy`: a Suspense
 * fallback that commits, even an empty one, makes React hold back every boundary that resolves within the next
 * 300 ms (its fallback throttle), and on a first visit that boundary is the area's page.
 */
export function useLoadedComponent(
  load: () => Promise<{ default: ComponentType }>,
  wanted: boolean,
): ComponentType | undefined {
  const [loaded, setLoaded] = useState<ComponentType>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let mounted = true;
    load().then(
      (module) => mounted && setLoaded(() => module.default),
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [load, wanted, loaded]);
  return loaded;
}
