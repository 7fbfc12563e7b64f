import { isApiError, useOnline } from 'shared-api';
import { useWallet } from 'shared-api/data';
import { paymentsNeedConnection } from 'shared-api/texts';
import { unavailable } from './texts';

export type Connection = {
  /** Add kit, Activate, Renew and Pay can be used: the browser is online and the service answered its last read. */
  usable: boolean;
  /** Why a payment cannot be made now, in words, or null when it can. */
  paymentsReason: string | null;
  /** Why a kit cannot be added now, in words, or null when it can. */
  addKitReason: string | null;
};

/**
 * Whether the calls that change things can be made now. The wallet's read tells: the data layer keeps its last answer
 * with `lastKnownAt` (and no error) once the service stops answering, and retries by itself, so the buttons come back
 * when the service does. A read still on its way counts as reachable, so a slow first load disables nothing.
 */
export function useConnection(): Connection {
  const online = useOnline();
  const wallet = useWallet();
  const unreachable =
    (isApiError(wallet.error) && wallet.error.unreachable) || (wallet.lastKnownAt !== undefined && !wallet.isValidating);
  if (!online) return { usable: false, paymentsReason: paymentsNeedConnection, addKitReason: unavailable.addKitOffline };
  if (unreachable) return { usable: false, paymentsReason: unavailable.paymentsUnreachable, addKitReason: unavailable.addKitUnreachable };
  return { usable: true, paymentsReason: null, addKitReason: null };
}
