import { useCallback } from 'react';
import { sessionStore, walletApi, walletStore, type Id } from 'shared-api';
import { notify, toAmount, useSingleFlight } from 'shared-ui';
import { messages } from '../../../lib/messages';
import { refreshWalletEverywhere } from '../../../lib/wallet-refresh';

async function resolveWalletId(): Promise<Id> {
  const stored = sessionStore.getState().walletId;
  const raw = stored ?? (await walletStore.getState().refreshWallet())?.id;
  if (raw === undefined || raw === null || raw === '') throw new Error('No wallet id');
  return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * Creates the funding once per submit: the ref blocks a second call before React has re-rendered the
 * busy button, so a double click can never start two fundings.
 */
export function useCreateFunding() {
  const [busy, run] = useSingleFlight();

  const create = useCallback(
    async (amount: number): Promise<boolean> => {
      return (
        (await run(async () => {
          try {
            const walletId = await resolveWalletId();
            const { funding } = await walletApi.createFunding({
              starlink_user_wallet_id: walletId,
              amount,
              payment_method: 'offline',
            });
            const confirmedAmount = toAmount(funding.amount) > 0 ? toAmount(funding.amount) : amount;
            sessionStore.getState().setPayment({
              amount: String(confirmedAmount),
              fundingId: String(funding.id),
              reference: funding.reference,
              method: funding.payment_method || 'offline',
            });
            notify.success(messages.fundingStarted);
            void refreshWalletEverywhere();
            return true;
          } catch {
            notify.error(messages.fundFailed);
            return false;
          }
        })) ?? false
      );
    },
    [run],
  );

  return { create, busy };
}
