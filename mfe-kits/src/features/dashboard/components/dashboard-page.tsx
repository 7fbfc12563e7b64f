import { useCallback, useState } from 'react';
import { useParams } from 'shared-ui/router';
import styled from 'styled-components';
import { paths, useOnline, whyNotLoaded, type KitRenewal } from 'shared-api';
import { Button, Card, Page } from 'shared-ui';
import { Actions, ButtonLink, PageHeader } from '../../../components/styles';
import { useChargeConfirmation, type ShortOfFunds } from '../../charge/hooks/use-charge-confirmation';
import { useInsufficientFunds } from '../../charge/hooks/use-insufficient-funds';
import { useConnection } from '../../../lib/use-connection';
import { usePriceChange } from '../../prices/api/get-plan-price';
import { subscriptionSummary } from '../../../lib/renewal-rules';
import { useFundWalletDialog } from '../../funding/use-fund-wallet-dialog';
import { useKitDetails } from '../hooks/use-kit-details';
import { usePdfDownload } from '../hooks/use-pdf-download';
import { useRenewKit } from '../hooks/use-renew-kit';
import { useRenewals } from '../hooks/use-renewals';
import { EditAddressDialog } from './edit-address-dialog';
import { KitDetailsCard, KitDetailsCardSkeleton } from './kit-details-card';
import { RenewalHistory } from './renewal-history';
import { SubscriptionCard } from './subscription-card';
import { UsagePanel } from './usage-panel';

const Columns = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  align-items: start;
`;

/** No receipt in the whole history and not running: the kit was never paid for, so it has no usage yet. */
function neverPaid(status: string, history: { renewals: KitRenewal[]; loading: boolean; failed: boolean }): boolean {
  if (history.loading || history.failed || status === 'active' || status === 'expiring') return false;
  return subscriptionSummary(history.renewals).lastPaid === null;
}

export type DashboardPageProps = {
  /** Today, for the renew rule; tests fix it. */
  now?: Date;
};

export function DashboardPage({ now }: DashboardPageProps = {}) {
  const { kitId } = useParams<{ kitId: string }>();
  const details = useKitDetails(kitId);
  const online = useOnline();
  const history = useRenewals(kitId, details.kit !== null);
  const connection = useConnection();
  const priceChange = usePriceChange();
  const funding = useFundWalletDialog();
  const pdf = usePdfDownload();
  const [editingAddress, setEditingAddress] = useState(false);
  const { openFundDialog } = funding;
  const insufficient = useInsufficientFunds(funding);
  const { show: showInsufficient } = insufficient;

  // Spec section 8: a renewal the wallet cannot pay opens the fund dialog for the amount due (billing offers it less
  // what was already sent and awaits confirmation).
  const onInsufficientFunds = useCallback((amountDue: number) => void openFundDialog(amountDue), [openFundDialog]);
  const { renew, renewing } = useRenewKit({ onInsufficientFunds });
  // With a price quote, Renew explains itself as Activate does (issue 47): Insufficient Funds with the price, the
  // period, the wallet and the amount due, before Fund Account.
  const confirmation = useChargeConfirmation({
    charge: renew,
    onShort: useCallback((short: ShortOfFunds) => void showInsufficient(short), [showInsufficient]),
  });

  const kit = details.kit;
  return (
    <Page>
      <PageHeader>
        <h1>{kit ? `Kit ${kit.kit_number}` : 'Kit dashboard'}</h1>
        <ButtonLink to={paths.home}>Back to home</ButtonLink>
      </PageHeader>

      {!kit && details.loading ? (
        // The page's frame: its cards and headings where the kit's will be, so nothing moves when it arrives.
        <>
          <Columns>
            <div>
              <KitDetailsCardSkeleton />
              <SubscriptionCard
                kit={null}
                renewals={history.renewals}
                renewalsLoading
                renewalsFailed={false}
                renewing={false}
                onRenew={() => undefined}
                now={now}
                connection={connection}
                priceChange={priceChange}
              />
            </div>
            <UsagePanel />
          </Columns>
          <RenewalHistory
            renewals={[]}
            loading
            failed={false}
            onRetry={history.reload}
            downloadingIds={pdf.downloadingIds}
            onDownload={() => undefined}
          />
        </>
      ) : !kit && details.notFound ? (
        <Card aria-labelledby="kit-not-found-title">
          <h2 id="kit-not-found-title" style={{ marginTop: 0, fontSize: '1.15rem' }}>
            Kit not found
          </h2>
          <p>There is no kit at this address in your account. It may have been removed, or the link is wrong.</p>
          <ButtonLink to={paths.home}>Go to your kits</ButtonLink>
        </Card>
      ) : !kit ? (
        <Card>
          <p>We couldn&apos;t load this kit. {whyNotLoaded(details.error, online)}</p>
          <Actions>
            <Button onClick={details.reload}>Try again</Button>
            <ButtonLink to={paths.home}>Back to home</ButtonLink>
          </Actions>
        </Card>
      ) : (
        <>
          <Columns>
            <div>
              <KitDetailsCard kit={kit} onEditAddress={() => setEditingAddress(true)} />
              <SubscriptionCard
                kit={kit}
                renewals={history.renewals}
                renewalsLoading={history.loading}
                renewalsFailed={history.failed}
                renewing={renewing || funding.loading || confirmation.quotingIds.size > 0}
                onRenew={() => void confirmation.request(kit)}
                now={now}
                connection={connection}
                priceChange={priceChange}
              />
            </div>
            <UsagePanel neverPaid={neverPaid(kit.status, history)} />
          </Columns>
          <RenewalHistory
            renewals={history.renewals}
            loading={history.loading}
            failed={history.failed}
            onRetry={history.reload}
            downloadingIds={pdf.downloadingIds}
            onDownload={(id) => void pdf.download(id)}
          />
          {editingAddress && (
            <EditAddressDialog
              kitId={kit.id}
              currentAddress={kit.address ?? ''}
              onClose={() => setEditingAddress(false)}
            />
          )}
        </>
      )}
      {confirmation.dialog}
      {insufficient.dialog}
      {funding.fundDialog}
    </Page>
  );
}
