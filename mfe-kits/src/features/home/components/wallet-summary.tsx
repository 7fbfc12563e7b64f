import { useEffect } from 'react';
import styled from 'styled-components';
import { useWallet } from 'shared-api';
import { Button, Card, formatNaira, theme } from 'shared-ui';
import { Actions, Skeleton } from '../../../components/styles';
import { refreshWalletInBackground } from '../../../lib/refresh-wallet';

export type WalletSummaryProps = {
  onFund: () => void;
  fundLoading: boolean;
  onAddKit: () => void;
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

/** The balance comes from the shared wallet store, so billing's dialog updates it after funding. */
export function WalletSummary({ onFund, fundLoading, onAddKit }: WalletSummaryProps) {
  const wallet = useWallet((s) => s.wallet);
  const status = useWallet((s) => s.walletStatus);
  useEffect(refreshWalletInBackground, []);

  return (
    <Card aria-labelledby="wallet-balance-title">
      <Label id="wallet-balance-title">Wallet balance</Label>
      {wallet ? (
        <Balance>{formatNaira(wallet.balance)}</Balance>
      ) : status === 'error' ? (
        <p role="alert">
          We couldn&apos;t load your balance.{' '}
          <Button variant="link" onClick={refreshWalletInBackground}>
            Try again
          </Button>
        </p>
      ) : (
        <div role="status" aria-label="Loading balance">
          <Skeleton $height={36} style={{ maxWidth: 200 }} />
        </div>
      )}
      <Actions>
        <Button onClick={onFund} busy={fundLoading}>
          Fund wallet
        </Button>
        <Button variant="secondary" onClick={onAddKit}>
          Add kit
        </Button>
      </Actions>
    </Card>
  );
}
