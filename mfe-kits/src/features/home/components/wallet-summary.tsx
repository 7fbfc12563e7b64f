import styled from 'styled-components';
import { useWallet } from 'shared-api/data';
import { OfflineNote } from 'shared-ui/network';
import { Button, Card, theme } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { TextSkeleton } from 'shared-ui/skeleton';
import { Actions } from '../../../components/styles';
import type { FirstUse } from 'shared-api';
import type { Connection } from '../../../lib/use-connection';

export type WalletSummaryProps = {
  onFund: () => void;
  fundLoading: boolean;
  onAddKit: () => void;
  /** While the Add kit dialog's code is on its way (slow networks). */
  addKitLoading: boolean;
  /** Handlers that start downloading the Add kit dialog when the customer is about to open it. */
  addKitIntent: FirstUse<unknown>['intent'];
  /** Offline or while the service cannot be reached, funding and Add kit wait, and say why. */
  connection: Connection;
};

const Balance = styled.p`
  font-size: 1.75rem;
  font-weight: 700;
  margin: 4px 0 12px;
  overflow-wrap: anywhere;
`;

const Label = styled.h2`
  font-size: 1rem;
  color: ${theme.colors.muted};
  margin: 0;
`;

/** The balance comes from the shared data layer, so billing's dialog updates it after funding. */
export function WalletSummary({ onFund, fundLoading, onAddKit, addKitLoading, addKitIntent, connection }: WalletSummaryProps) {
  const { data: wallet, error, mutate } = useWallet();
  // Funding and adding a kit always go to the API: offline or while it cannot be reached, the buttons say why.
  const { usable, paymentsReason, addKitReason } = connection;

  return (
    <Card aria-labelledby="wallet-balance-title">
      <Label id="wallet-balance-title">Wallet balance</Label>
      {wallet ? (
        <Balance>{formatNaira(wallet.balance)}</Balance>
      ) : error !== undefined ? (
        <p role="alert">
          We couldn&apos;t load your balance.{' '}
          <Button variant="link" onClick={() => void mutate()}>
            Try again
          </Button>
        </p>
      ) : (
        // The balance's own line, so the card keeps its height when the figure arrives.
        <div role="status" aria-label="Loading balance">
          <Balance>
            <TextSkeleton chars={11} />
          </Balance>
        </div>
      )}
      <Actions>
        <Button
          onClick={onFund}
          busy={fundLoading}
          disabled={!usable}
          aria-describedby={usable ? undefined : 'fund-wallet-offline'}
        >
          Fund wallet
        </Button>
        <Button
          variant="secondary"
          onClick={onAddKit}
          busy={addKitLoading}
          disabled={!usable}
          aria-describedby={usable ? undefined : 'add-kit-reason'}
          {...addKitIntent}
        >
          Add kit
        </Button>
      </Actions>
      {paymentsReason && <OfflineNote id="fund-wallet-offline">{paymentsReason}</OfflineNote>}
      {addKitReason && <OfflineNote id="add-kit-reason">{addKitReason}</OfflineNote>}
    </Card>
  );
}
