import { useCallback, useMemo, useState } from 'react';
import type { Id, Kit } from 'shared-api';
import { Button, Card, Page, Pagination, Spinner } from 'shared-ui';
import { Muted, SectionTitle } from '../../../components/styles';
import { matchesStatusFilter, type StatusFilter } from '../../../lib/kit-status';
import { AddKitFlow } from '../../add-kit/components/add-kit-flow';
import { useFundWalletDialog } from '../../funding/use-fund-wallet-dialog';
import { useActivateKit } from '../hooks/use-activate-kit';
import { useAutoRenew } from '../hooks/use-auto-renew';
import { useKitList } from '../hooks/use-kit-list';
import { InsufficientFundsDialog } from './insufficient-funds-dialog';
import { KitFilters } from './kit-filters';
import { KitList, KitListSkeleton } from './kit-list';
import { WalletSummary } from './wallet-summary';

/** Search looks at what a customer can read on the card: kit number, address, company name. */
function matchesSearch(kit: Kit, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [kit.kit_number, kit.address, kit.company_name].some((field) =>
    String(field ?? '')
      .toLowerCase()
      .includes(needle),
  );
}

export function HomePage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [addingKit, setAddingKit] = useState(false);
  const { kits, totalPages, totalCount, loading, loaded, reload, updateKit } = useKitList(page);
  const funding = useFundWalletDialog();

  const onActivated = useCallback((id: Id) => updateKit(id, { status: 'active' }), [updateKit]);
  const activation = useActivateKit(onActivated, reload);
  const onAutoRenewChanged = useCallback(
    (id: Id, autoRenew: boolean) => updateKit(id, { auto_renew: autoRenew }),
    [updateKit],
  );
  const autoRenew = useAutoRenew(onAutoRenewChanged);

  const visibleKits = useMemo(
    () => kits.filter((kit) => matchesStatusFilter(kit.status, filter) && matchesSearch(kit, search)),
    [kits, filter, search],
  );
  const hasNoKits = loaded && !loading && kits.length === 0 && page === 1;

  // The Insufficient Funds dialog, and the amount due on it, stay until the Fund Account dialog is open: if billing
  // cannot be loaded the customer still sees what they owe.
  const fundAmountDue = async () => {
    if (await funding.openFundDialog(activation.insufficient?.amountDue)) activation.dismissInsufficient();
  };

  return (
    <Page>
      <h1>Home</h1>
      <WalletSummary
        onFund={() => void funding.openFundDialog()}
        fundLoading={funding.loading}
        onAddKit={() => setAddingKit(true)}
      />

      <Card aria-labelledby="kits-title">
        <SectionTitle id="kits-title">My kits{totalCount > 0 ? ` (${totalCount})` : ''}</SectionTitle>
        {!loaded ? (
          <KitListSkeleton />
        ) : hasNoKits ? (
          <div>
            <p>You have no kits yet. Add your first Starlink kit to activate it from your wallet.</p>
            <Button onClick={() => setAddingKit(true)}>Add kit</Button>
          </div>
        ) : (
          <>
            <KitFilters search={search} onSearchChange={setSearch} filter={filter} onFilterChange={setFilter} />
            {loading && <Spinner label="Loading kits…" />}
            {visibleKits.length > 0 ? (
              <KitList
                kits={visibleKits}
                activatingIds={activation.activatingIds}
                savingIds={autoRenew.savingIds}
                onActivate={(kit) => void activation.activate(kit.id)}
                onAutoRenewChange={(kit, next) => void autoRenew.setAutoRenew(kit.id, next)}
              />
            ) : (
              !loading && (
                <Muted role="status">
                  {kits.length > 0 ? 'No kits on this page match your search or filter.' : 'No kits to show on this page.'}
                </Muted>
              )
            )}
            <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Kit pages" />
          </>
        )}
      </Card>

      {addingKit && <AddKitFlow onClose={() => setAddingKit(false)} onAdded={reload} />}
      {activation.insufficient && (
        <InsufficientFundsDialog
          open
          message={activation.insufficient.message}
          amountDue={activation.insufficient.amountDue}
          onFund={() => void fundAmountDue()}
          fundBusy={funding.loading}
          onCancel={activation.dismissInsufficient}
        />
      )}
      {funding.fundDialog}
    </Page>
  );
}
