import type { WalletFunding } from '../types';

/**
 * The fundings the customer said they paid ("I have made the payment", or Confirm on /billing) that the reseller has
 * not approved yet (status `need_approval`, "processing" on /billing), newest first: money already sent, which every
 * screen that asks for money shows so nobody transfers twice.
 */
export function fundingsAwaitingApproval(fundings: readonly WalletFunding[] | undefined): WalletFunding[] {
  const time = (f: WalletFunding) => {
    const t = new Date(f.created_at).getTime();
    return Number.isNaN(t) ? -Infinity : t;
  };
  return (fundings ?? []).filter((f) => f.status === 'need_approval').sort((a, b) => time(b) - time(a));
}
