// Transfers awaiting confirmation as lines, bundled by each area that asks for money (kits' /home, billing's Fund Account).
import { useMemo } from 'react';
import { amountOf } from 'shared-api';
import { useFundings } from 'shared-api/data';
import { fundingsAwaitingApproval } from 'portal-rules';
import { paymentAwaitingConfirmation } from 'shared-api/texts';
import { formatDate, formatNaira } from './lib/format';

/**
 * "NGN 57,000 sent on 3rd Mar 2026, awaiting confirmation" for each transfer the customer confirmed that is not yet
 * approved, with its amount, from the fundings the API returns (so on every device, after any reload); none while
 * they load or fail.
 */
export function useAwaitingPayments(): { key: string; text: string; amount: number }[] {
  const { data } = useFundings();
  return useMemo(
    () =>
      fundingsAwaitingApproval(data).map((f) => ({
        key: String(f.id),
        amount: amountOf(f.amount),
        text: paymentAwaitingConfirmation(formatNaira(f.amount), formatDate(f.created_at)),
      })),
    [data],
  );
}

/**
 * Whether the transfers awaiting confirmation together cover `asked` (an amount due): a screen asking for it then says
 * so first, and does not ask for the same money again.
 */
export const awaitingCovers = (lines: readonly { amount: number }[], asked: number | undefined): boolean =>
  asked !== undefined && asked > 0 && lines.length > 0 && lines.reduce((sum, line) => sum + line.amount, 0) >= asked;
