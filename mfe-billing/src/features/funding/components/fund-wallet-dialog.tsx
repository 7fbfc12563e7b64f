import { useEffect, useState } from 'react';
import { Dialog } from 'shared-ui/dialog';
import { useCreateFunding } from '../hooks/use-create-funding';
import { FundAccountForm } from './fund-account-form';
import { PaymentDetailsDialog } from './payment-details-dialog';

/** What another area passes when it opens the flow (`billing/./fund-wallet`). */
export interface FundWalletDialogProps {
  open: boolean;
  onClose: () => void;
  /**
   * The amount asked, e.g. the amount due from an Insufficient Funds answer: the form offers what is still to send
   * after the transfers awaiting confirmation, or says they cover it.
   */
  initialAmount?: number;
}

/**
 * The whole funding flow (Fund Account, then Payment Details, then confirm), exposed as `billing/./fund-wallet`
 * so the kits area opens exactly the same dialogs. It needs only the shared singletons, not billing's page.
 */
export function FundWalletDialog({ open, onClose, initialAmount }: FundWalletDialogProps) {
  const [step, setStep] = useState<'fund' | 'details'>('fund');
  const { create, busy } = useCreateFunding();

  useEffect(() => {
    if (!open) setStep('fund');
  }, [open]);

  const handleSubmit = async (amount: number) => {
    if (await create(amount)) setStep('details');
  };

  return (
    <>
      <Dialog open={open && step === 'fund'} title="Fund Account" onClose={onClose} preventClose={busy}>
        <FundAccountForm
          initialAmount={initialAmount}
          busy={busy}
          onSubmit={handleSubmit}
          onCancel={onClose}
          onViewPending={() => setStep('details')}
        />
      </Dialog>
      <PaymentDetailsDialog open={open && step === 'details'} onClose={onClose} />
    </>
  );
}
