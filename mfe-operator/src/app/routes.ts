import type { AreaRoute } from 'shared-api/routes';
import { staffPaths } from './staff-paths';

/**
 * The staff pages, each an open route to the shell (its guard knows customers only): the staff frame guards them with
 * the staff session instead. No navbar link (customers never see them) and no chat link (the chat is the customers'
 * line to the reseller). No first reads: the shell's early reads are a customer's.
 */
const staffRoute = (path: string, module: string) =>
  ({ path, remote: 'operator', module, areaLabel: 'Staff', access: 'open', chat: false }) as const satisfies AreaRoute<'operator'>;

export const staffRoutes = [
  staffRoute(staffPaths.signIn, './sign-in'),
  staffRoute(staffPaths.enrol, './enrol'),
  staffRoute(staffPaths.transfers, './transfers'),
  staffRoute(staffPaths.kits, './kits'),
  staffRoute(staffPaths.customers, './customers'),
  staffRoute(staffPaths.customerPattern, './customer'),
  staffRoute(staffPaths.price, './price'),
  staffRoute(staffPaths.audit, './audit'),
] as const;
