import { AwaitingPaymentsCard } from '../../funding/awaiting-payments';
import { MoneyNotices } from '../../notices/components/money-notices';

/**
 * What /home shows below the kits, each only when there is something: transfers awaiting confirmation and money
 * notices. Their code (and their reads) come once the kit list is drawn, off the first screen's path.
 */
export function BelowTheKits() {
  return (
    <>
      <AwaitingPaymentsCard />
      <MoneyNotices />
    </>
  );
}
