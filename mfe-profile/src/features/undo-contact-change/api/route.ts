import type { AreaRoute } from 'shared-api/routes';

/**
 * The page a contact-change notice's undo link opens (`{PORTAL_URL}/undo-contact-change?token=…`, api/README.md):
 * open to anyone, as the person who did not make the change may be signed out or on another device.
 */
export const undoContactChangeRoute = {
  path: '/undo-contact-change',
  remote: 'profile',
  module: './undo-contact-change',
  areaLabel: 'Undo contact change',
  access: 'open',
  chat: true,
} as const satisfies AreaRoute<'profile'>;
