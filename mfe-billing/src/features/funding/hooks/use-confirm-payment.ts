import { useCallback, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { sessionStore, walletApi } from 'shared-api';
import { messages } from '../../../lib/messages';
import { refreshWalletEverywhere } from '../../../lib/wallet-refresh';

/** "I have made the payment": tells the server, then forgets the finished payment. */
export function useConfirmPayment() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);

  const confirm = useCallback(async (fundingId: string): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    try {
      await walletApi.confirmFunding(fundingId);
      toast.success(messages.paymentThanks);
      sessionStore.getState().clearPayment();
      void refreshWalletEverywhere();
      return true;
    } catch {
      toast.error(messages.confirmFailed);
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  return { confirm, busy };
}
