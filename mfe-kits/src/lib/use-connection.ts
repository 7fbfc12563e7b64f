import { useReachable } from 'shared-api';
import { paymentsUnavailable } from 'shared-api/texts';
import { unavailable } from './texts';

export type Connection = {
  /** Add kit, Activate, Renew and Pay can be used: the browser is online and the service answered its last call. */
  usable: boolean;
  /** Why a payment cannot be made now, in words, or null when it can. */
  paymentsReason: string | null;
  /** Why a kit cannot be added now, in words, or null when it can. */
  addKitReason: string | null;
};

const USABLE: Connection = { usable: true, paymentsReason: null, addKitReason: null };

/**
 * Whether the calls that change things can be made now, by the HTTP client's own finding (`useReachable`), as
 * billing judges it: the buttons come back when the service answers again, and the payments' reason is billing's.
 */
export function useConnection(): Connection {
  const reach = useReachable();
  if (reach.reachable) return USABLE;
  return {
    usable: false,
    paymentsReason: paymentsUnavailable(reach),
    addKitReason: reach.offline ? unavailable.addKitOffline : unavailable.addKitUnreachable,
  };
}
