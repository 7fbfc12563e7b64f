import { useCallback } from 'react';
import { sessionStore, unreachableOr, type Id } from 'shared-api';
import { walletApi } from 'shared-api/customer';
import { keys, useDataCache } from 'shared-api/data';
import { notify } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { messages } from '../../../lib/texts';
import { useCreateFundingMutation } from '../api/create-funding';

/** The wallet id the funding call sends: remembered from the last wallet read, or read now. */
async function resolveWalletId(loadWallet: () => Promise<{ id: Id }>): Promise<Id> {
  const stored = sessionStore.getState().walletId;
  const raw = stored ?? (await loadWallet()).id;
  if (raw === undefined || raw === null || raw === '') throw new Error('No wallet id');
  return typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
}

/**
 * Creates the funding once per submit: the ref blocks a second call before React has re-rendered the
 * busy button, so a double click can never start two fundings.
 */
export function useCreateFunding() {
  const [busy, run] = useSingleFlight();
  const { trigger } = useCreateFundingMutation();
  const cache = useDataCache();
  // The wallet read for its id is kept for whoever shows it.
  const loadWallet = useCallback(async () => {
    const wallet = await walletApi.get();
    sessionStore.getState().setWalletId(wallet.id);
    await cache.update(keys.wallet, () => wallet);
    return wallet;
  }, [cache]);

  const create = useCallback(
    async (amount: number): Promise<boolean> => {
      return (
        (await run(async () => {
          try {
            const walletId = await resolveWalletId(loadWallet);
            const { funding } = await trigger({
              starlink_user_wallet_id: walletId,
              amount,
              payment_method: 'offline',
            });
            const confirmedAmount = funding.amount > 0 ? funding.amount : amount;
            sessionStore.getState().setPayment({
              amount: String(confirmedAmount),
              fundingId: String(funding.id),
              reference: funding.reference,
              method: funding.payment_method || 'offline',
            });
            notify.success(messages.fundingStarted);
            return true;
          } catch (error) {
            notify.error(unreachableOr(error, messages.fundFailed));
            return false;
          }
        })) ?? false
      );
    },
    [run, trigger, loadWallet],
  );

  return { create, busy };
}
