import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useId, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// Named apart from Testing Library's render: this is the server's HTML, not a rendered screen.
import { renderToString as serverHtml } from 'react-dom/server';
import { areaRoot } from 'shared-api/prerender';
import { MemoryRouter, Route, Routes, routerFuture, useLocation, useNavigate } from 'shared-ui/router';
import { areaRootProps, expectPrerenderedArea } from './area-root';
import { RemoteArea } from './remote-area';
import { loadRemoteModule } from './remote-loader';

jest.mock('./remote-loader', () => ({
  ...jest.requireActual('./remote-loader'),
  loadRemoteModule: jest.fn(),
}));

/** An area's page with ids from useId (a labelled field), state, and a navigation of its own. */
function KitSearch() {
  const id = useId();
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  return (
    <section>
      <h1>Your kits</h1>
      <label htmlFor={id}>Kit number</label>
      <input id={id} value={query} onChange={(event) => setQuery(event.target.value)} />
      <output aria-label="Searching for">{query}</output>
      <button type="button" onClick={() => navigate('/billing')}>
        Billing
      </button>
    </section>
  );
}

/** A component of the frame with ids of its own and several children: where it sits changes React's tree positions. */
function Banner() {
  const id = useId();
  return (
    <aside aria-labelledby={id}>
      <p id={id}>Notice</p>
      <p>Maintenance tonight</p>
    </aside>
  );
}

function Where() {
  return <output aria-label="Address">{useLocation().pathname}</output>;
}

/**
 * A stand-in for the shell's frame: the navbar, optionally the banner moved in before the page, the page's slot at
 * /home, another area elsewhere.
 */
function Frame({ moved, children }: { moved: boolean; children: React.ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/home']} future={routerFuture}>
      <nav>Starlink Kits</nav>
      {moved && <Banner />}
      <main>
        <Routes>
          <Route path="/home" element={children} />
          <Route path="*" element={<p>Another area</p>} />
        </Routes>
      </main>
      {!moved && <Banner />}
      <Where />
    </MemoryRouter>
  );
}

const SLOT = '<template data-slot="area"></template>';

/**
 * The page as the server composes it: the frame's HTML (the shell's build) with the area's own prerendered page (the
 * area's build, alone in its tree with `areaRoot`'s prefix) in the frame's slot.
 */
function composedPage(moved: boolean): string {
  const frame = serverHtml(
    <Frame moved={moved}>
      <Suspense fallback={null}>
        <div {...areaRootProps}>
          <template data-slot="area" />
        </div>
      </Suspense>
    </Frame>,
  );
  const page = serverHtml(
    <MemoryRouter initialEntries={['/home']} future={routerFuture}>
      <KitSearch />
    </MemoryRouter>,
    { identifierPrefix: areaRoot.identifierPrefix },
  );
  expect(frame.split(SLOT)).toHaveLength(2);
  return frame.replace(SLOT, page);
}

describe("an area's prerendered page", () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  /** Draws the composed page (the frame and the kits area) as the server did, and hydrates it in the shell's root. */
  async function hydrateComposedPage(moved: boolean, options?: { onRecoverableError: () => void }) {
    jest.mocked(loadRemoteModule).mockResolvedValue({ default: KitSearch });
    const container = document.createElement('div');
    container.innerHTML = composedPage(moved);
    document.body.append(container);
    const drawnField = screen.getByLabelText('Kit number');

    expectPrerenderedArea('/home');
    await act(async () => {
      root = hydrateRoot(
        container,
        <Frame moved={moved}>
          <RemoteArea remote="kits" module="./home" areaLabel="Kits" />
        </Frame>,
        options,
      );
    });
    // Let the area's own root hydrate (its layout effect, then its render).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return drawnField;
  }

  it.each([
    ['where the frame had it', false],
    ['after a component of the frame moved in before it', true],
  ])('hydrates without a mismatch %s, keeping the drawn field', async (_, moved) => {
    const onRecoverableError = jest.fn();
    const drawnField = await hydrateComposedPage(moved, { onRecoverableError });

    expect(onRecoverableError).not.toHaveBeenCalled();
    // The same element the server drew, now React's: its id comes from the area's own root.
    expect(screen.getByLabelText('Kit number')).toBe(drawnField);
    expect(drawnField.id).toContain(areaRoot.identifierPrefix);
    await userEvent.type(drawnField, 'KIT-1');
    expect(screen.getByRole('status', { name: 'Searching for' })).toHaveTextContent('KIT-1');
  });

  it("navigates through the shell's router", async () => {
    await hydrateComposedPage(false);
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/home');

    await userEvent.click(screen.getByRole('button', { name: 'Billing' }));

    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent('/billing');
    expect(screen.getByText('Another area')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your kits' })).not.toBeInTheDocument();
  });
});
