import { useCallback, useState } from 'react';
import { isApiError, unreachableOr, type Kit } from 'shared-api';
import { notify } from 'shared-ui';
import { useSingleFlight, useSingleFlightPerKey } from 'shared-ui/single-flight';
import { newMessages } from '../../../lib/texts';
import { getChargeQuote, type ChargeQuote } from '../api/get-charge-quote';
import { confirmChargeCode } from '../confirm-charge-code';

export type ChargeConfirmationOptions = {
  /** Sends the charge (spec section 7's activation call) and announces its outcome, as without a confirmation. */
  charge: (kit: Kit) => Promise<void>;
  /** The wallet cannot pay: the spec's insufficient-funds flow with the server's words and the amount due. */
  onShort: (message: string, amountDue: number) => void;
};

/**
 * Activate, Renew and Reactivate charge on a second, explicit tap: the first asks the API for the price (a call
 * beyond spec section 7) and shows it with the wallet after the charge. A server without that call (404) keeps
 * the spec's behaviour, the charge on the first tap. A wallet that cannot pay goes straight to the funding flow.
 */
export function useChargeConfirmation({ charge, onShort }: ChargeConfirmationOptions) {
  const [quotingIds, runFor] = useSingleFlightPerKey();
  const [charging, runCharge] = useSingleFlight();
  const [pending, setPending] = useState<{ kit: Kit; quote: ChargeQuote } | null>(null);

  const request = useCallback(
    (kit: Kit) =>
      runFor(String(kit.id), async () => {
        confirmChargeCode.warm();
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
          onShort(quote.message ?? quote.error ?? 'Insufficient wallet balance', quote.amount_due);
          return;
        }
        try {
          await confirmChargeCode.load();
        } catch {
          notify.error(newMessages.confirmUnavailable);
          return;
        }
        setPending({ kit, quote });
      }),
    [charge, onShort, runFor],
  );

  const confirm = useCallback(
    () =>
      void runCharge(async () => {
        if (!pending) return;
        await charge(pending.kit);
        setPending(null);
      }),
    [charge, pending, runCharge],
  );

  const cancel = useCallback(() => {
    if (!charging) setPending(null);
  }, [charging]);

  const ConfirmChargeDialog = confirmChargeCode.current()?.ConfirmChargeDialog;
  const dialog =
    pending && ConfirmChargeDialog ? (
      <ConfirmChargeDialog kitNumber={pending.kit.kit_number} quote={pending.quote} busy={charging} onConfirm={confirm} onCancel={cancel} />
    ) : null;

  return { request, quotingIds, dialog };
}
