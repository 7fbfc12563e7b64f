// Build-time only: remote-loader.ts as the shell's prerender sees it (PrerenderPlugin replaces it), with every
// area's page a slot the server fills with that area's own prerendered page.
import { createElement } from 'react';

export { areaFailureOf } from './area-load-error';

/** The text the frame carries where the area's page goes (shell dist/prerender.json names it). */
export const AREA_SLOT = 'portal-area-slot';

/** The slot, inside the element RemoteArea puts every page in (the one AreaRoot hydrates the page in). */
function AreaSlot() {
  return createElement('template', { 'data-slot': AREA_SLOT });
}

export async function loadRemoteModule<T>(): Promise<T> {
  return { default: AreaSlot } as T;
}

export function startLoadingRemoteModule(): void {}

