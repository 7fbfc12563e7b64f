import { waitFor } from '@testing-library/react';
import { setRuntimeConfig } from 'shared-api';
import { handle, HttpResponse, signInAs } from 'shared-api/testing';
import { markAreaReady } from '../remotes/area-ready';
import { installHealthReporting, REPORTER_AFTER_MS, reportAreaError, reportAreaLoaded } from './health-reporting';

jest.mock('web-vitals', () => ({
  onLCP: (report: (metric: { name: string; value: number }) => void) => report({ name: 'LCP', value: 1834.6 }),
  onINP: () => undefined,
  onCLS: () => undefined,
}));

const LIVE = 'aaaaaaaaaaaa';
const CANARY = 'cccccccccccc';
const LIVE_ENTRY = 'http://localhost:3002/remoteEntry.live1111.js';
const CANARY_ENTRY = 'http://localhost:3002/remoteEntry.cana2222.js';

it('reports loads, area failures, uncaught errors and Web Vitals against the release each page registered', async () => {
  // The API counts a report only with a signed-in customer's session.
  signInAs();
  setRuntimeConfig({ releases: { kits: { live: { id: LIVE, entry: LIVE_ENTRY }, canary: { id: CANARY, entry: CANARY_ENTRY, percent: 10 } } } });
  window.history.pushState({}, '', '/dashboard/7?tab=renewals');
  const calls = handle('post', '/api/v1/client_reports', () => new HttpResponse(null, { status: 204 }));
  jest.useFakeTimers();
  installHealthReporting((remote) => (remote === 'kits' ? CANARY_ENTRY : undefined));

  reportAreaLoaded('kits', CANARY_ENTRY);
  reportAreaLoaded('kits', CANARY_ENTRY);
  reportAreaError('kits', CANARY_ENTRY, new TypeError("Cannot read properties of undefined (reading 'ada@example.com')"));
  window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('token=secret') }));
  // A release the page does not know (billing is not in the store here) is not reported.
  reportAreaLoaded('billing', 'http://localhost:3003/remoteEntry.x.js');
  // The reporter's code comes after the first screen is usable; what happened before waited for it.
  markAreaReady('first');
  jest.advanceTimersByTime(REPORTER_AFTER_MS + 1);
  jest.useRealTimers();
  // The page goes: what is queued leaves (the vitals are read once web-vitals has loaded).
  await waitFor(() => {
    window.dispatchEvent(new Event('pagehide'));
    expect(calls).toHaveLength(1);
  });

  const on = { app: 'kits', release: CANARY, route: '/dashboard/:kitId' };
  expect((calls[0]!.body as { reports: unknown[] }).reports).toEqual(
    expect.arrayContaining([
      { ...on, kind: 'load', name: 'area' },
      { ...on, kind: 'error', name: 'TypeError' },
      { ...on, kind: 'error', name: 'RangeError' },
      { ...on, kind: 'vital', name: 'LCP', value: 1834.6 },
    ]),
  );
  expect((calls[0]!.body as { reports: unknown[] }).reports).toHaveLength(4);
  expect(JSON.stringify(calls[0]!.body)).not.toMatch(/ada@example\.com|secret|renewals|\/7/);
});
