// Node only (dist/frames.cjs, with remote-loader.ts replaced by prerender-remote-loader.ts), run by the site writer:
// the shell's frame of each page, with a slot where the area's own prerendered page goes: a customer's page as any
// customer sees it (the signed-in navbar), the others as a visitor without a session does.
import { setRuntimeConfig, type AreaRoute } from 'shared-api';
import { AtPath, prerenderAddress, renderWithStyles, withSession } from 'shared-ui/prerender';
import { areaRoot, type ShellPrerender } from 'shared-api/prerender';
import { AREA_SLOT } from '../features/remotes/prerender-remote-loader';
import { PortalFrame } from './app';

/** The slot's markup in every frame: the server puts the area's page in its place. */
const slotMarkup = `<template data-slot="${AREA_SLOT}"></template>`;

/** `routes`: the live areas' routes, as the site writer writes them into the page, so the frame draws what hydrates. */
export async function prerender(routes: readonly AreaRoute[]): Promise<ShellPrerender> {
  setRuntimeConfig({ routes });
  const frames: ShellPrerender['frames'] = {};
  for (const route of routes) {
    const customer = route.access === 'customer';
    const frame = await withSession(customer, () =>
      renderWithStyles(
        <AtPath path={prerenderAddress(route.path)}>
          <PortalFrame />
        </AtPath>,
      ),
    );
    if (frame.html.split(slotMarkup).length !== 2) throw new Error(`The frame of ${route.path} has no single area slot`);
    // The page is hydrated in a root of its own (AreaRoot), so where the frame puts it changes none of its ids.
    frames[route.path] = { ...frame, slotId: areaRoot.slotId };
  }
  return { slot: slotMarkup, frames };
}
