import type { FundWalletModule } from 'shared-api';
import { FundWalletDialog as Dialog } from '../features/funding/components/fund-wallet-dialog';

// The contract the kits area loads this module by (shared-api's FundWalletModule), checked when billing is built.
const fundWallet = { FundWalletDialog: Dialog } satisfies FundWalletModule;

export const { FundWalletDialog } = fundWallet;
