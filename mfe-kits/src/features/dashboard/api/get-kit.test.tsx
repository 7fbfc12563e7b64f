import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDataCache } from 'shared-api/data';
import { FreshDataCache, handle, HttpResponse, signInAs } from 'shared-api/testing';
import { kitKinds, useKit } from './get-kit';

function KitName({ id }: { id: string }) {
  const { data } = useKit(id);
  const cache = useDataCache();
  return (
    <>
      <output aria-label="Kit">{data?.kit_number ?? 'loading'}</output>
      <button type="button" onClick={() => void cache.revalidate(kitKinds, id)}>
        Changed
      </button>
    </>
  );
}

const renderWithCache = (ui: React.ReactElement) => render(ui, { wrapper: FreshDataCache });

describe("a kit's read", () => {
  it('reads a kit again once a change marked it stale, with the spec’s call', async () => {
    signInAs();
    let number = 'KIT-OLD';
    const reads = handle('get', '/api/v1/starlink_kits/12', () => Response.json({ kit: { id: 12, kit_number: number } }));
    renderWithCache(<KitName id="12" />);
    expect(await screen.findByText('KIT-OLD')).toBeInTheDocument();

    number = 'KIT-NEW';
    await userEvent.click(screen.getByRole('button', { name: 'Changed' }));

    expect(await screen.findByText('KIT-NEW')).toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });
  it('resolves a stale mark even when the read it starts fails', async () => {
    signInAs();
    let fail = false;
    handle('get', '/api/v1/starlink_kits/12', () =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : Response.json({ kit: { id: 12, kit_number: 'KIT-12' } }),
    );
    let marked: Promise<void> | undefined;
    function Marker() {
      const cache = useDataCache();
      return (
        <button type="button" onClick={() => (marked = cache.revalidate(kitKinds, '12'))}>
          Mark
        </button>
      );
    }
    renderWithCache(
      <>
        <KitName id="12" />
        <Marker />
      </>,
    );
    expect(await screen.findByText('KIT-12')).toBeInTheDocument();

    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Mark' }));

    await expect(marked).resolves.toBeUndefined();
    expect(screen.getByText('KIT-12')).toBeInTheDocument();
  });
});
