import type { ComponentType } from 'react';
import { withAreaBuild } from 'shared-ui';
import type { StaffRole } from '../lib/staff-session';
import { StaffFrame } from './staff-frame';

/** The build id is compiled into this remote, so a release of this area alone can be told apart from the one before. */
const BUILD_ID = process.env.PORTAL_BUILD_ID ?? 'local';

/** A page the area exposes: with its build id and, unless it is where a member signs in, inside the staff frame. */
export function staffPage(Page: ComponentType, options: { roles?: readonly StaffRole[]; open?: boolean } = {}) {
  function Framed() {
    return options.open ? <Page /> : <StaffFrame roles={options.roles}><Page /></StaffFrame>;
  }
  Framed.displayName = `StaffPage(${Page.displayName ?? Page.name})`;
  return withAreaBuild(Framed, 'operator', BUILD_ID);
}
