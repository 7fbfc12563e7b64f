import { useState } from 'react';
import { useOnline, whyNotLoaded } from 'shared-api';
import { billingAnchors } from 'shared-api/customer';
import { Button, Card, Page, useHydrated } from 'shared-ui';
import { messages } from '../../../lib/texts';
import { FundWalletDialog } from '../../funding/components/fund-wallet-dialog';
import { WalletStatement } from '../../statement/components/wallet-statement';
import { PaymentDetailsDialog } from '../../funding/components/payment-details-dialog';
import { useBillingData } from '../hooks/use-billing-data';
import { usePendingPaymentOffer } from '../hooks/use-pending-payment-offer';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { FundingHistory } from './funding-history';
import { PendingPaymentNotice } from './pending-payment-notice';
import { WalletSummary } from './wallet-summary';

const anchors = [billingAnchors.history, billingAnchors.billingTable] as const;

export function BillingPage() {
  const { wallet, fundings, walletLoading, fundingsLoading, fundingsLoaded, failed, error, retry } = useBillingData();
  const online = useOnline();
  const [fundOpen, setFundOpen] = useState(false);
  const offer = usePendingPaymentOffer(fundings, fundingsLoaded || failed);
  useScrollToHash(fundingsLoaded || failed, anchors);
  // The payment in progress is kept in this browser only: a render made ahead of time has none.
  const hydrated = useHydrated();

  return (
    <Page>
      <h1>Billing</h1>
      {failed && (
        <Card role="alert">
          <p style={{ marginTop: 0 }}>{messages.billingFetchFailed}. {whyNotLoaded(error, online)}</p>
          <Button variant="secondary" onClick={retry}>
            Retry
          </Button>
        </Card>
      )}
      {(walletLoading || wallet) && <WalletSummary wallet={wallet} onFund={() => setFundOpen(true)} />}
      {hydrated && offer.pending && <PendingPaymentNotice payment={offer.pending} onView={offer.show} />}
      <FundingHistory fundings={fundings} loading={fundingsLoading} failed={failed} />
      {hydrated && <WalletStatement balance={wallet?.balance} />}
      <FundWalletDialog open={fundOpen} onClose={() => setFundOpen(false)} />
      <PaymentDetailsDialog open={offer.open} onClose={offer.hide} />
    </Page>
  );
}
