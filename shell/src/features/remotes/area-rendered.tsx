import { useEffect } from 'react';
import { useLocation } from 'shared-ui/router';
import { markAreaReady } from './area-ready';

/** Marks the area ready once the component calling it has committed, on the screen it first rendered on. */
export function useAreaRendered(): void {
  const { key } = useLocation();
  // The screen the page first rendered on, not the later ones inside the area.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => markAreaReady(key), []);
}

/** Rendered beside an area's page: says when the page has committed. */
export function AreaRendered() {
  useAreaRendered();
  return null;
}
