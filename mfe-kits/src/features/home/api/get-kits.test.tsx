import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useDataCache } from 'shared-api/data';
import { FreshDataCache, handle, signInAs } from 'shared-api/testing';
import { kitListKinds, useKits, useOtherKitPages } from './get-kits';

const renderWithCache = (ui: React.ReactElement) => render(ui, { wrapper: FreshDataCache });

/** Page `page` of a two-page list, each page one kit named after it. */
function servePages(delayMs = 0) {
  return handle(
    'get',
    '/api/v1/starlink_kits',
    ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      return Response.json({ kits: [{ id: page, kit_number: `KIT-P${page}` }], total_pages: 2, total_count: 2 });
    },
    { delayMs },
  );
}

function KitPages() {
  const [page, setPage] = useState(1);
  const { data, isLoading } = useKits(page);
  return (
    <>
      <ul aria-label="Kits" aria-busy={isLoading}>
        {data?.kits.map((kit) => <li key={kit.id}>{kit.kit_number}</li>)}
      </ul>
      <button type="button" onClick={() => setPage(2)}>
        Next page
      </button>
    </>
  );
}

function OtherPages() {
  const { data } = useOtherKitPages(1, 2, true);
  return <output aria-label="Other kits">{data ? data.get(2)?.[0]?.kit_number : 'loading'}</output>;
}

function KitsChanged() {
  const cache = useDataCache();
  return (
    <button type="button" onClick={() => void cache.reset(kitListKinds.others)}>
      Kits changed
    </button>
  );
}

function Toggle({ children, label }: { children: React.ReactNode; label: string }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(!shown)}>
        {label}
      </button>
      {shown && children}
    </>
  );
}

describe("the kit list's reads", () => {
  it('keeps the page before on screen while the next page loads', async () => {
    signInAs();
    // Page 2 is answered only once the test has looked at the screen while it loads (a delay loses to a busy machine).
    let answerPage2!: () => void;
    const page2Answered = new Promise<void>((resolve) => (answerPage2 = resolve));
    handle('get', '/api/v1/starlink_kits', async ({ url }) => {
      const page = Number(url.searchParams.get('page'));
      if (page === 2) await page2Answered;
      return Response.json({ kits: [{ id: page, kit_number: `KIT-P${page}` }], total_pages: 2, total_count: 2 });
    });
    renderWithCache(<KitPages />);
    expect(await screen.findByText('KIT-P1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kits' })).toHaveAttribute('aria-busy', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));

    expect(screen.getByText('KIT-P1')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kits' })).toHaveAttribute('aria-busy', 'true');
    answerPage2();
    expect(await screen.findByText('KIT-P2')).toBeInTheDocument();
    expect(screen.queryByText('KIT-P1')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kits' })).toHaveAttribute('aria-busy', 'false');
  });

  it('never keeps the previous customer’s kits on screen while the next customer’s load', async () => {
    signInAs(undefined, 'first-token');
    servePages(30);
    renderWithCache(<KitPages />);
    expect(await screen.findByText('KIT-P1')).toBeInTheDocument();

    act(() => signInAs(undefined, 'second-token'));

    expect(screen.queryByText('KIT-P1')).not.toBeInTheDocument();
    expect(await screen.findByText('KIT-P1')).toBeInTheDocument();
  });

  it('reuses the other kit pages when shown again, and reads them once more after a change dropped them', async () => {
    signInAs();
    let version = 'a';
    const reads = handle('get', '/api/v1/starlink_kits', () =>
      Response.json({ kits: [{ id: 2, kit_number: `KIT-2${version}` }], total_pages: 2, total_count: 2 }),
    );
    renderWithCache(
      <>
        <Toggle label="Search">
          <OtherPages />
        </Toggle>
        <KitsChanged />
      </>,
    );
    expect(await screen.findByText('KIT-2a')).toBeInTheDocument();

    version = 'b';
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('status', { name: 'Other kits' })).toHaveTextContent('KIT-2a');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status', { name: 'Other kits' })).toHaveTextContent('KIT-2a');
    expect(reads).toHaveLength(1);

    // Dropped while nobody shows them: read on the next showing, not before.
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kits changed' }));
    expect(reads).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('KIT-2b')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });
});
