import { sessionStore } from 'shared-api';
import { walletApi } from 'shared-api/customer';

/** The wallet, remembering its id for the funding call (spec section 7 sends it). */
export async function loadWallet() {
  const wallet = await walletApi.get();
  sessionStore.getState().setWalletId(wallet.id);
  return wallet;
}

export const loadFundings = () => walletApi.listFundings();
