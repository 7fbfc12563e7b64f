import styled from 'styled-components';
import type { Kit } from 'shared-api';
import type { Connection } from '../../../lib/use-connection';
import type { PlanPrice } from '../../prices/api/get-plan-price';
import { KitCard, KitCardSkeleton } from './kit-card';

export type KitListProps = {
  kits: Kit[];
  activatingIds: ReadonlySet<string>;
  savingIds: ReadonlySet<string>;
  onActivate: (kit: Kit) => void;
  onAutoRenewChange: (kit: Kit, autoRenew: boolean) => void;
  connection: Connection;
  /** The scheduled plan price change, or null. */
  priceChange: PlanPrice['scheduled'];
};

export const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 280px), 1fr));
`;

export function KitList({ kits, activatingIds, savingIds, onActivate, onAutoRenewChange, connection, priceChange }: KitListProps) {
  return (
    <Grid aria-label="Your kits">
      {kits.map((kit) => (
        <KitCard
          key={kit.id}
          kit={kit}
          activating={activatingIds.has(String(kit.id))}
          savingAutoRenew={savingIds.has(String(kit.id))}
          onActivate={onActivate}
          onAutoRenewChange={onAutoRenewChange}
          connection={connection}
          priceChange={priceChange}
        />
      ))}
    </Grid>
  );
}

export function KitListSkeleton() {
  return (
    <div role="status" aria-label="Loading your kits">
      <Grid as="div" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <KitCardSkeleton key={n} />
        ))}
      </Grid>
    </div>
  );
}
