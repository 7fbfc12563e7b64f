// Build-time only (PrerenderPlugin, with remote-loader.ts replaced by prerender-remote-loader.ts): the shell's frame
// of each page, with a slot where the area's own prerendered page goes: a customer's page as any customer sees it
// (the signed-in navbar), the others as a visitor without a session does.
import { areaRoutes } from 'shared-api/routes';
import { AtPath, areaSlotId, areaTreePathFor, prerenderAddress, renderWithStyles, withSession } from 'shared-ui/prerender';
import type { ShellPrerender } from 'shared-api/prerender';
import { AREA_SLOT, lastSlotId } from '../features/remotes/prerender-remote-loader';
import { PortalFrame } from './app';

/** The slot's markup in every frame: the server puts the area's page in its place. */
const slotMarkup = `<template data-slot="${AREA_SLOT}"></template>`;

export async function prerender(): Promise<ShellPrerender> {
  const frames: ShellPrerender['frames'] = {};
  for (const route of areaRoutes) {
    const customer = route.access === 'customer';
    const slotId = await areaSlotId(areaTreePathFor(customer));
    const frame = await withSession(customer, () =>
      renderWithStyles(
        <AtPath path={prerenderAddress(route.path)}>
          <PortalFrame />
        </AtPath>,
      ),
    );
    // A frame whose page sits elsewhere than shared-ui's areaTreePathFor says would give the page other ids than its
    // prerender has: the build stops rather than publish HTML that cannot hydrate.
    if (lastSlotId() !== slotId) throw new Error(`The page of ${route.path} renders at ${lastSlotId()}, not at ${slotId}`);
    if (frame.html.split(slotMarkup).length !== 2) throw new Error(`The frame of ${route.path} has no single area slot`);
    frames[route.path] = { ...frame, slotId };
  }
  return { slot: slotMarkup, frames };
}
