/** What the rule reads of a funding: the API's row or the portal's wire type both fit. */
export interface FundingState {
  status: string;
  created_at: string;
}

/**
 * The fundings the customer said they paid ("I have made the payment", or Confirm on /billing) that the reseller has
 * not approved yet (status `need_approval`, "processing" on /billing), newest first: money already sent, which every
 * screen that asks for money shows so nobody transfers twice.
 */
export function fundingsAwaitingApproval<F extends FundingState>(fundings: readonly F[] | undefined): F[] {
  const time = (f: F) => {
    const t = new Date(f.created_at).getTime();
    return Number.isNaN(t) ? -Infinity : t;
  };
  return (fundings ?? []).filter((f) => f.status === 'need_approval').sort((a, b) => time(b) - time(a));
}
