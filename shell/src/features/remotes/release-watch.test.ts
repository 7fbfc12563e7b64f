import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, rest, server } from 'shared-api/testing';
import { forgetPointer, releaseWatch, watchReleases } from './release-watch';

const OLD = 'http://localhost:3002/remoteEntry.aaaa1111.js';
const NEW = 'http://localhost:3002/remoteEntry.bbbb2222.js';

/** The pointer the site publishes, and how often the tab read it. */
function publish(doc: { version: string; withdrawn?: string[]; shellWithdrawn?: string[] }) {
  const reads: string[] = [];
  server.use(
    rest.get('http://localhost/releases.json', ({ request }) => {
      reads.push(request.url);
      return HttpResponse.json({
        version: doc.version,
        shell: { live: 'shell2', withdrawn: doc.shellWithdrawn ?? [] },
        remotes: { kits: { live: NEW, canary: null, withdrawn: doc.withdrawn ?? [] } },
      });
    }),
  );
  return reads;
}

let reload: jest.SpyInstance;
// Listeners stay on the document between tests (one page per file), so the tab is watched once.
let shown: string | undefined = OLD;
beforeAll(() => watchReleases((remote) => (remote === 'kits' ? shown : undefined)));
beforeEach(() => {
  forgetPointer();
  shown = OLD;
  document.head.innerHTML = '<meta name="portal-releases" content="v1 shell1">';
  document.body.innerHTML = '';
  window.history.pushState({}, '', '/home');
  reload = jest.spyOn(releaseWatch, 'reloadPage').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const becomeVisible = () => document.dispatchEvent(new Event('visibilitychange'));

it('reads the pointer when the tab becomes visible, regains focus or comes back online', async () => {
  const reads = publish({ version: 'v1' });
  becomeVisible();
  await waitFor(() => expect(reads).toHaveLength(1));
  window.dispatchEvent(new Event('focus'));
  await waitFor(() => expect(reads).toHaveLength(2));
  window.dispatchEvent(new Event('online'));
  await waitFor(() => expect(reads).toHaveLength(3));
  expect(reload).not.toHaveBeenCalled();
});

it('replaces the area on screen at once when a rollback withdrew its build', async () => {
  publish({ version: 'v2', withdrawn: [OLD] });
  becomeVisible();
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
});

it('replaces the page when the shell build it runs was withdrawn', async () => {
  shown = NEW;
  publish({ version: 'v2', shellWithdrawn: ['shell1'] });
  becomeVisible();
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
});

it('leaves a page whose withdrawn build is not on screen (its next navigation is a page load)', async () => {
  window.history.pushState({}, '', '/billing');
  const reads = publish({ version: 'v2', withdrawn: [OLD] });
  becomeVisible();
  await waitFor(() => expect(reads).toHaveLength(1));
  expect(reload).not.toHaveBeenCalled();
});

/** A withdrawn build is announced while the page holds something; the page stays until it is gone, then is replaced. */
async function expectReplacedOnlyOnceCleared() {
  const reads = publish({ version: 'v2', withdrawn: [OLD] });
  becomeVisible();
  await waitFor(() => expect(reads).toHaveLength(1));
  expect(reload).not.toHaveBeenCalled();
  document.body.innerHTML = '';
  await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
}

it('waits while a dialog is open, and replaces the page as soon as it closes', async () => {
  document.body.innerHTML = '<div role="dialog" aria-label="Fund wallet"><p>Amount</p></div>';
  await expectReplacedOnlyOnceCleared();
});

it('waits while a form holds what the customer typed, until it is gone', async () => {
  document.body.innerHTML = '<form><label>Kit number <input name="kit"></label></form>';
  await userEvent.type(screen.getByRole('textbox', { name: 'Kit number' }), 'KIT123');
  await expectReplacedOnlyOnceCleared();
});
