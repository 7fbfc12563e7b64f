// Opened by the kits area with `loadRemoteModule('billing', './fund-wallet')`; this module's names and props are the
// contract (`FundWalletDialogProps`), which the caller restates at its call.
export { FundWalletDialog, type FundWalletDialogProps } from '../features/funding/components/fund-wallet-dialog';
