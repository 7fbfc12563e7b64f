import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { walletApi } from '../endpoints/wallet';
import { sessionStore } from '../session/session-store';
import type { Wallet, WalletFunding } from '../types';

/**
 * Wallet balance and fundings, one source of truth for every area: after a funding is created or
 * confirmed, whoever shows the balance or history sees the new figures without a reload.
 */
export interface WalletState {
  wallet: Wallet | null;
  fundings: WalletFunding[] | null;
  walletStatus: 'idle' | 'loading' | 'ready' | 'error';
  fundingsStatus: 'idle' | 'loading' | 'ready' | 'error';
  refreshWallet: () => Promise<Wallet | null>;
  refreshFundings: () => Promise<WalletFunding[] | null>;
  refreshAll: () => Promise<void>;
  reset: () => void;
}

const initial = { wallet: null, fundings: null, walletStatus: 'idle', fundingsStatus: 'idle' } as const;

export const walletStore = createStore<WalletState>()((set, get) => {
  // Concurrent callers share one request instead of racing each other.
  let walletRequest: Promise<Wallet | null> | null = null;
  let fundingsRequest: Promise<WalletFunding[] | null> | null = null;

  return {
    ...initial,
    refreshWallet: () => {
      walletRequest ??= (async () => {
        set({ walletStatus: get().wallet ? 'ready' : 'loading' });
        try {
          const wallet = await walletApi.get();
          sessionStore.getState().setWalletId(wallet.id);
          set({ wallet, walletStatus: 'ready' });
          return wallet;
        } catch (error) {
          set({ walletStatus: 'error' });
          throw error;
        } finally {
          walletRequest = null;
        }
      })();
      return walletRequest;
    },
    refreshFundings: () => {
      fundingsRequest ??= (async () => {
        set({ fundingsStatus: get().fundings ? 'ready' : 'loading' });
        try {
          const fundings = await walletApi.listFundings();
          set({ fundings, fundingsStatus: 'ready' });
          return fundings;
        } catch (error) {
          set({ fundingsStatus: 'error' });
          throw error;
        } finally {
          fundingsRequest = null;
        }
      })();
      return fundingsRequest;
    },
    refreshAll: async () => {
      await Promise.all([get().refreshWallet(), get().refreshFundings()]);
    },
    reset: () => set(initial),
  };
});

// A new customer must never see the previous one's wallet.
sessionStore.subscribe((state, previous) => {
  if (state.token !== previous.token) walletStore.getState().reset();
});

export function useWallet<T>(selector: (state: WalletState) => T): T {
  return useStore(walletStore, selector);
}
