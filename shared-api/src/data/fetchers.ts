import { sessionStore, type Id, type Kit, type KitPage } from 'shared-api';
import { kitsApi, renewalsApi, walletApi, KIT_PAGE_SIZE } from 'shared-api/customer';

/** The wallet, remembering its id for the funding call (spec section 7 sends it). */
export async function loadWallet() {
  const wallet = await walletApi.get();
  sessionStore.getState().setWalletId(wallet.id);
  return wallet;
}

export const loadFundings = () => walletApi.listFundings();

export const loadKitPage = (page: number): Promise<KitPage> => kitsApi.list(page, KIT_PAGE_SIZE);

/** Every page but the one on screen, together, each once: a search or a filter looks at all of the kits. */
export async function loadOtherKitPages(onScreen: number, totalPages: number): Promise<Map<number, Kit[]>> {
  const others = Array.from({ length: totalPages }, (_, i) => i + 1).filter((n) => n !== onScreen);
  const answers = await Promise.all(others.map((n) => kitsApi.list(n, KIT_PAGE_SIZE)));
  return new Map(others.map((n, i) => [n, answers[i]!.kits]));
}

export const loadKit = async (kitId: Id): Promise<Kit> => (await kitsApi.show(kitId)).kit;

export const loadRenewals = (kitId: Id) => renewalsApi.listForKit(kitId);
