export { FundWalletDialog } from '../features/funding/components/fund-wallet-dialog';
