// Transfers awaiting confirmation as lines, bundled by each area that asks for money (kits' /home, billing's Fund Account).
import { useMemo } from 'react';
import { useFundings } from 'shared-api/data';
import { fundingsAwaitingApproval } from 'portal-rules';
import { paymentAwaitingConfirmation } from 'shared-api/texts';
import { formatDate, formatNaira } from './lib/format';

/**
 * "NGN 57,000 sent on 3rd Mar 2026, awaiting confirmation" for each transfer the customer confirmed that is not yet
 * approved, from the fundings the API returns (so on every device, after any reload); none while they load or fail.
 */
export function useAwaitingPayments(): { key: string; text: string }[] {
  const { data } = useFundings();
  return useMemo(
    () =>
      fundingsAwaitingApproval(data).map((f) => ({
        key: String(f.id),
        text: paymentAwaitingConfirmation(formatNaira(f.amount), formatDate(f.created_at)),
      })),
    [data],
  );
}
