import styled from 'styled-components';
import { useReachable, type Wallet } from 'shared-api';
import { paymentsUnavailable } from 'shared-api/texts';
import { OfflineNote } from 'shared-ui/network';
import { Button, Card, theme, VisuallyHidden } from 'shared-ui';
import { formatNaira } from 'shared-ui/format';
import { TextSkeleton } from 'shared-ui/skeleton';
import { RECOMMENDED_MIN_FUNDING } from '../../../lib/texts';

export type WalletSummaryProps = {
  /** Null while the wallet loads: the card shows its frame, figures as placeholders of their size. */
  wallet: Wallet | null;
  onFund: () => void;
};

/** Columns of a set width: the Wallet ID stays where it is whether the balance shown is its placeholder or wider or narrower figures. */
const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 12px 32px;
  margin: 0 0 12px;
  dt {
    color: ${theme.colors.muted};
    font-size: 0.9rem;
  }
  dd {
    margin: 0;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
`;

const Balance = styled.dd`
  font-size: 1.6rem;
`;

const Recommendation = styled.p`
  margin: 0 0 12px;
  padding: 10px 12px;
  border-left: 4px solid ${theme.colors.warning};
  background: #fff8e6;
  color: ${theme.colors.text};
`;

export function WalletSummary({ wallet, onFund }: WalletSummaryProps) {
  // Funding always goes to the API: offline or with the service down, the button says why it cannot be used.
  const reach = useReachable();
  return (
    <Card aria-labelledby="wallet-heading">
      <h2 id="wallet-heading" style={{ marginTop: 0, fontSize: '1.1rem' }}>
        Wallet
      </h2>
      {!wallet && <VisuallyHidden role="status">Loading your wallet…</VisuallyHidden>}
      <Figures aria-hidden={wallet ? undefined : true}>
        <div>
          <dt>Balance</dt>
          <Balance>{wallet ? formatNaira(wallet.balance) : <TextSkeleton chars={11} />}</Balance>
        </div>
        <div>
          <dt>Wallet ID</dt>
          <dd>{wallet ? wallet.wallet_id || '—' : <TextSkeleton chars={10} />}</dd>
        </div>
      </Figures>
      <Recommendation>
        <strong>Note:</strong> We recommend funding at least {formatNaira(RECOMMENDED_MIN_FUNDING)}.
      </Recommendation>
      <Button
        onClick={onFund}
        disabled={!wallet || !reach.reachable}
        aria-describedby={reach.reachable ? undefined : 'fund-wallet-offline'}
      >
        Fund wallet
      </Button>
      {!reach.reachable && <OfflineNote id="fund-wallet-offline">{paymentsUnavailable(reach)}</OfflineNote>}
    </Card>
  );
}
