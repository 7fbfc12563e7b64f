import { MoneyNotices } from '../../notices/components/money-notices';

/**
 * What /home shows below the kits: every notice in full (the latest is also in the first screen, beside the balance).
 * Its code comes once the kit list is drawn, off the first screen's path.
 */
export function BelowTheKits() {
  return <MoneyNotices />;
}
