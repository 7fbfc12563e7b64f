import { useCallback, useEffect, useMemo, useState } from 'react';
import { firstUse, useOnline, whyNotLoaded, type Kit } from 'shared-api';
import { Button, Card, notify, Page, Spinner } from 'shared-ui';
import { useSingleFlight } from 'shared-ui/single-flight';
import { Pagination } from 'shared-ui/pagination';
import { OfflineNote } from 'shared-ui/network';
import { Muted, SectionTitle } from '../../../components/styles';
import { matchesStatusFilter, type StatusFilter } from '../../../lib/kit-status';
import { addKitCode } from '../../add-kit/add-kit-code';
import { useChargeConfirmation, type ShortOfFunds } from '../../charge/hooks/use-charge-confirmation';
import { useInsufficientFunds } from '../../charge/hooks/use-insufficient-funds';
import { useFundWalletDialog } from '../../funding/use-fund-wallet-dialog';
import { useActivateKit } from '../hooks/use-activate-kit';
import { useAutoRenew } from '../hooks/use-auto-renew';
import { useKitList } from '../hooks/use-kit-list';
import { KitFilters } from './kit-filters';
import { KitList, KitListSkeleton } from './kit-list';
import { MoneyFirst } from './money-first';
import { PendingPaymentCard } from './pending-payment-card';
import { WalletSummary } from './wallet-summary';
import { KIT_PAGE_SIZE } from '../api/get-kits';
import { ADD_KIT_UNAVAILABLE } from '../../../lib/texts';
import { useConnection } from '../../../lib/use-connection';
import { usePriceChange } from '../../prices/api/get-plan-price';

/** Every notice in full, below the kits, downloaded once the kit list is drawn. */
const belowTheKitsCode = firstUse(() => import(/* webpackChunkName: "home-below" */ './below-the-kits'));

/** The cards below the kits once the list is `drawn` and their code has come (a failed download shows nothing). */
function useBelowTheKits(drawn: boolean) {
  const [code, setCode] = useState(() => belowTheKitsCode.current());
  useEffect(() => {
    if (drawn && !code) belowTheKitsCode.load().then(setCode, () => undefined);
  }, [drawn, code]);
  return code?.BelowTheKits;
}

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
  // Matches across every page are paged here, 10 at a time like the server's pages.
  const [matchPage, setMatchPage] = useState(1);
  const [addingKit, setAddingKit] = useState(false);
  const [addKitLoading, runAddKit] = useSingleFlight();
  const querying = search.trim() !== '' || filter !== 'all';
  const list = useKitList(page, querying);
  const online = useOnline();
  const connection = useConnection();
  const priceChange = usePriceChange();
  const { kits, totalPages, totalCount, loading, loaded, failed, reload } = list;
  const funding = useFundWalletDialog();
  const BelowTheKits = useBelowTheKits(loaded);

  const insufficient = useInsufficientFunds(funding);
  const { show: showInsufficient } = insufficient;
  const onShort = useCallback((short: ShortOfFunds) => void showInsufficient(short), [showInsufficient]);
  const activation = useActivateKit({ onShort });
  const { activate } = activation;
  const confirmation = useChargeConfirmation({
    charge: useCallback((kit: Kit, expectedAmount?: number) => activate(kit.id, expectedAmount), [activate]),
    onShort,
  });
  const busyIds = useMemo(
    () => new Set([...activation.activatingIds, ...confirmation.quotingIds]),
    [activation.activatingIds, confirmation.quotingIds],
  );
  const autoRenew = useAutoRenew();

  // While the other pages load, matches on the page already here show at once.
  const searched = querying ? (list.allKits ?? kits) : kits;
  const matches = useMemo(
    () => searched.filter((kit) => matchesStatusFilter(kit.status, filter) && matchesSearch(kit, search)),
    [searched, filter, search],
  );
  const matchPages = Math.max(1, Math.ceil(matches.length / KIT_PAGE_SIZE));
  const shownMatchPage = Math.min(matchPage, matchPages);
  const visibleKits = querying
    ? matches.slice((shownMatchPage - 1) * KIT_PAGE_SIZE, shownMatchPage * KIT_PAGE_SIZE)
    : matches;
  const searchingOtherPages = querying && list.allLoading;
  const hasNoKits = loaded && !loading && !failed && kits.length === 0 && page === 1;

  const onSearchChange = (value: string) => {
    setSearch(value);
    setMatchPage(1);
  };
  const onFilterChange = (value: StatusFilter) => {
    setFilter(value);
    setMatchPage(1);
  };

  // The dialogs' code comes on first use (started on intent: a pointer or focus on the button); the button is busy
  // while it is on its way.
  const openAddKit = () =>
    void runAddKit(async () => {
      try {
        await addKitCode.load();
        setAddingKit(true);
      } catch {
        notify.error(ADD_KIT_UNAVAILABLE);
      }
    });
  const AddKitFlow = addKitCode.current()?.AddKitFlow;

  return (
    <Page>
      <h1>Home</h1>
      <WalletSummary
        onFund={() => void funding.openFundDialog()}
        fundLoading={funding.loading}
        onAddKit={openAddKit}
        addKitLoading={addKitLoading}
        addKitIntent={addKitCode.intent}
        connection={connection}
      />
      <MoneyFirst />
      <PendingPaymentCard />

      <Card aria-labelledby="kits-title">
        <SectionTitle id="kits-title">My kits{totalCount > 0 ? ` (${totalCount})` : ''}</SectionTitle>
        {!loaded ? (
          <>
            <KitFilters
              search={search}
              onSearchChange={onSearchChange}
              filter={filter}
              onFilterChange={onFilterChange}
            />
            <KitListSkeleton />
          </>
        ) : hasNoKits ? (
          <div>
            <p>You have no kits yet. Add your first Starlink kit to activate it from your wallet.</p>
            <Button
              onClick={openAddKit}
              busy={addKitLoading}
              disabled={!connection.usable}
              aria-describedby={connection.addKitReason ? 'add-first-kit-reason' : undefined}
              {...addKitCode.intent}
            >
              Add kit
            </Button>
            {connection.addKitReason && <OfflineNote id="add-first-kit-reason">{connection.addKitReason}</OfflineNote>}
          </div>
        ) : (
          <>
            <KitFilters
              search={search}
              onSearchChange={onSearchChange}
              filter={filter}
              onFilterChange={onFilterChange}
            />
            {(loading || searchingOtherPages) && (
              <Spinner label={searchingOtherPages ? 'Searching all your kits…' : 'Loading kits…'} />
            )}
            {querying && list.allFailed && (
              <div role="alert">
                <p style={{ marginTop: 0 }}>Some of your kits could not be loaded, so this list may be incomplete.</p>
                <Button variant="secondary" onClick={reload}>
                  Retry
                </Button>
              </div>
            )}
            {failed && !loading ? (
              // No toast (spec section 8), but never an empty list that looks like "no kits".
              <div role="alert">
                <p style={{ marginTop: 0 }}>Your kits could not be loaded. {whyNotLoaded(list.error, online)}</p>
                <Button variant="secondary" onClick={reload}>
                  Retry
                </Button>
              </div>
            ) : visibleKits.length > 0 ? (
              <KitList
                kits={visibleKits}
                activatingIds={busyIds}
                savingIds={autoRenew.savingIds}
                onActivate={(kit) => void confirmation.request(kit)}
                onAutoRenewChange={(kit, next) => void autoRenew.setAutoRenew(kit.id, next)}
                connection={connection}
                priceChange={priceChange}
              />
            ) : (
              !loading &&
              !searchingOtherPages && (
                <Muted role="status">
                  {querying ? 'No kits match your search or filter.' : 'No kits to show on this page.'}
                </Muted>
              )
            )}
            {querying ? (
              <Pagination
                page={shownMatchPage}
                totalPages={matchPages}
                onPageChange={setMatchPage}
                label="Matching kit pages"
              />
            ) : (
              <Pagination page={page} totalPages={totalPages} onPageChange={setPage} label="Kit pages" />
            )}
          </>
        )}
      </Card>
      {/* Below the kits: every notice in full; the first screen has the latest, in rows that keep their height. */}
      {BelowTheKits && <BelowTheKits />}

      {addingKit && AddKitFlow && <AddKitFlow onClose={() => setAddingKit(false)} />}
      {insufficient.dialog}
      {confirmation.dialog}
      {funding.fundDialog}
    </Page>
  );
}
