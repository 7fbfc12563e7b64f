import type { AreaRoute } from 'shared-api/routes';

/** A guest page of this area (spec section 2), with the chat link, linked in the guest navbar under its own label. */
export function guestPageRoute<M extends string>(path: string, module: M, label: string, order: number) {
  const page = { path, remote: 'auth', module, areaLabel: label, access: 'guest', chat: true } as const;
  return { ...page, nav: { label, audience: 'guest', order } } as const satisfies AreaRoute<'auth'>;
}
