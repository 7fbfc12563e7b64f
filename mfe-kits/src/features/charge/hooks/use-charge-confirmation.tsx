import { useCallback, useState } from 'react';
import { isApiError, unreachableOr, type Kit } from 'shared-api';
import { notify } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { useSingleFlight, useSingleFlightPerKey } from 'shared-ui/single-flight';
import { newMessages } from '../../../lib/texts';
import { getChargeQuote, type ChargeQuote } from '../api/get-charge-quote';
import { confirmChargeCode } from '../confirm-charge-code';
import { insufficientFundsCode } from '../insufficient-funds-code';

/** How a charge ended: paid, refused because the confirmed price is not the price any more (409), or otherwise. */
export type ChargeOutcome = 'done' | 'price-changed' | 'failed';

/** A wallet that cannot pay: the server's words, the amount due and, from a price quote, what it was for. */
export type ShortOfFunds = { message: string; amountDue: number; quote: ChargeQuote | null };

export type ChargeConfirmationOptions = {
  /**
   * Sends the charge (spec section 7's activation call, with the confirmed price when there is one) and announces
   * its outcome, as without a confirmation.
   */
  charge: (kit: Kit, expectedAmount?: number) => Promise<ChargeOutcome>;
  /** The wallet cannot pay: the spec's insufficient-funds flow with the server's words and the amount due. */
  onShort: (short: ShortOfFunds) => void;
};

const shortOf = (quote: ChargeQuote): ShortOfFunds => ({
  message: quote.message ?? quote.error ?? 'Insufficient wallet balance',
  amountDue: quote.amount_due,
  quote,
});

/**
 * Activate, Renew and Reactivate charge on a second, explicit tap: the first asks the API for the price (a call
 * beyond spec section 7) and shows it with the wallet after the charge. A server without that call (404) keeps
 * the spec's behaviour, the charge on the first tap. A wallet that cannot pay goes to Insufficient Funds with the
 * price, the period and the wallet. Pay sends the price shown; if it changed meanwhile (409) nothing is charged and
 * the dialog shows the new price to be confirmed again.
 */
export function useChargeConfirmation({ charge, onShort }: ChargeConfirmationOptions) {
  const [quotingIds, runFor] = useSingleFlightPerKey();
  const [charging, runCharge] = useSingleFlight();
  const [pending, setPending] = useState<{ kit: Kit; quote: ChargeQuote; changed: boolean } | null>(null);

  const request = useCallback(
    (kit: Kit) =>
      runFor(String(kit.id), async () => {
        confirmChargeCode.warm();
        insufficientFundsCode.warm();
        let quote: ChargeQuote;
        try {
          quote = await getChargeQuote(kit.id);
        } catch (error) {
          if (isApiError(error) && error.status === 404) {
            await charge(kit);
            return;
          }
          // A kit that cannot be paid for now (422) says why, in the server's words.
          notify.error(isApiError(error) && error.status === 422 && error.serverMessage ? error.serverMessage : unreachableOr(error, newMessages.quoteFailed));
          return;
        }
        if (quote.amount_due > 0) {
          onShort(shortOf(quote));
          return;
        }
        try {
          await confirmChargeCode.load();
        } catch {
          notify.error(newMessages.confirmUnavailable);
          return;
        }
        setPending({ kit, quote, changed: false });
      }),
    [charge, onShort, runFor],
  );

  const confirm = useCallback(
    () =>
      void runCharge(async () => {
        if (!pending) return;
        const outcome = await charge(pending.kit, pending.quote.amount);
        if (outcome !== 'price-changed') {
          setPending(null);
          return;
        }
        let quote: ChargeQuote;
        try {
          quote = await getChargeQuote(pending.kit.id);
        } catch (error) {
          setPending(null);
          notify.error(unreachableOr(error, newMessages.quoteFailed));
          return;
        }
        if (quote.amount_due > 0) {
          setPending(null);
          onShort(shortOf(quote));
        } else {
          setPending({ kit: pending.kit, quote, changed: true });
        }
      }),
    [charge, onShort, pending, runCharge],
  );

  const cancel = useCallback(() => {
    if (!charging) setPending(null);
  }, [charging]);

  const ConfirmChargeDialog = confirmChargeCode.current()?.ConfirmChargeDialog;
  const dialog =
    pending && ConfirmChargeDialog ? (
      <ConfirmChargeDialog
        // A new price is a new question: the dialog starts again, its focus on the news.
        key={`${pending.kit.id}-${pending.quote.amount}`}
        kitNumber={pending.kit.kit_number}
        quote={pending.quote}
        priceChanged={pending.changed ? newMessages.priceChanged(formatNaira(pending.quote.amount)) : null}
        busy={charging}
        onConfirm={confirm}
        onCancel={cancel}
      />
    ) : null;

  return { request, quotingIds, dialog };
}
