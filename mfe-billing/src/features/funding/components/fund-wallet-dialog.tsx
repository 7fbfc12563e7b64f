import type { FundWalletDialogProps } from 'shared-api';
import { Dialog } from 'shared-ui';

export function FundWalletDialog({ open, onClose }: FundWalletDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Fund Account">
      <p>Funding is being built.</p>
    </Dialog>
  );
}
