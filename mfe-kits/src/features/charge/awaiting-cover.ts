import { useMemo } from 'react';
import { useFundings } from 'shared-api/data';
import { fundingsAwaitingApproval } from 'portal-rules';
import { paymentAwaitingConfirmation } from 'shared-api/texts';
import { amountOf } from 'shared-api';
import { formatDate, formatNaira } from 'shared-ui/format';
import { noNeedToPayAgain, severalAwaiting } from '../../lib/texts';

export type AwaitingCover = {
  /** They cover the amount due: paying again would pay twice. */
  covers: boolean;
  /** "NGN 57,000 sent on 28th Nov 2026, awaiting confirmation: no need to pay again", when they cover it. */
  sentence: string | null;
};

/** Weighs the amount due against the transfers sent and not yet confirmed (`fundings`: the API's, newest first). */
export function awaitingCover(
  fundings: readonly { status: string; created_at: string; amount: number | string }[] | undefined,
  amountDue: number,
): AwaitingCover {
  const awaiting = fundingsAwaitingApproval(fundings);
  const total = awaiting.reduce((sum, f) => sum + amountOf(f.amount), 0);
  const covers = awaiting.length > 0 && total >= amountDue;
  const latest = awaiting[0];
  const sent = !latest
    ? null
    : awaiting.length === 1
      ? paymentAwaitingConfirmation(formatNaira(total), formatDate(latest.created_at))
      : severalAwaiting(formatNaira(total), awaiting.length, formatDate(latest.created_at));
  return { covers, sentence: covers && sent ? noNeedToPayAgain(sent) : null };
}

/** The same, from the fundings read (shared-api): none while they load or fail, so the spec's dialog is unchanged then. */
export function useAwaitingCover(amountDue: number): AwaitingCover {
  const { data } = useFundings();
  return useMemo(() => awaitingCover(data, amountDue), [data, amountDue]);
}
