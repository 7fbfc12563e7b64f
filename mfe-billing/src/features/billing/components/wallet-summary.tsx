import styled from 'styled-components';
import type { Wallet } from 'shared-api';
import { Button, Card, formatNaira, theme } from 'shared-ui';
import { RECOMMENDED_MIN_FUNDING } from '../../../lib/messages';

export type WalletSummaryProps = { wallet: Wallet; onFund: () => void };

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
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
  return (
    <Card aria-labelledby="wallet-heading">
      <h2 id="wallet-heading" style={{ marginTop: 0, fontSize: '1.1rem' }}>
        Wallet
      </h2>
      <Figures>
        <div>
          <dt>Balance</dt>
          <Balance>{formatNaira(wallet.balance)}</Balance>
        </div>
        <div>
          <dt>Wallet ID</dt>
          <dd>{wallet.wallet_id || '—'}</dd>
        </div>
      </Figures>
      <Recommendation>
        <strong>Note:</strong> We recommend funding at least {formatNaira(RECOMMENDED_MIN_FUNDING)}.
      </Recommendation>
      <Button onClick={onFund}>Fund wallet</Button>
    </Card>
  );
}
