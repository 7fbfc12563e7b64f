import { waitFor } from '@testing-library/react';
import { sessionStore } from 'shared-api';
import { handle, HttpResponse, signInAs } from 'shared-api/testing';
import { createReporter, errorName, FLUSH_DELAY_MS, MAX_BATCH, routePattern, type HealthReport } from './reporter';

const RELEASE = 'a1b2c3d4e5f6';
const item = (n = 0): HealthReport => ({ app: 'kits', release: RELEASE, kind: 'vital', name: 'LCP', value: 1000 + n, route: '/home' });

beforeEach(() => {
  sessionStorage.clear();
  signInAs(undefined, 'customer-token');
});
afterEach(() => {
  jest.useRealTimers();
});

const stored = () => handle('post', '/api/v1/client_reports', () => new HttpResponse(null, { status: 204 }));

/** A server that refuses the first batch with `status`; a second report is then asked to go. */
async function firstSendRefused(status: number, message: string) {
  const calls = handle('post', '/api/v1/client_reports', { message }, { status });
  const reporter = createReporter();
  reporter.report(item(1));
  reporter.flush();
  await waitFor(() => expect(calls).toHaveLength(1));

  reporter.report(item(2));
  reporter.flush();
  return { calls, reporter };
}

describe('the health reporter', () => {
  it("sends the first reports together after a short wait, as JSON with the signed-in customer's session", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'performance'] });
    const calls = stored();
    const reporter = createReporter();
    reporter.report(item(1));
    reporter.report(item(2));
    expect(calls).toHaveLength(0);

    jest.advanceTimersByTime(FLUSH_DELAY_MS);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer customer-token');
    expect(calls[0]!.body).toEqual({ session: expect.stringMatching(/^[0-9a-f]{32}$/), reports: [item(1), item(2)] });
  });

  it('sends a full batch at once, and never more than a batch in one request', async () => {
    const calls = stored();
    const reporter = createReporter();
    for (let n = 0; n < MAX_BATCH; n += 1) reporter.report(item(n));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { reports: unknown[] }).reports).toHaveLength(MAX_BATCH);
  });

  it('stops for the tab against a server without the route (404): nothing more is sent, nothing thrown', async () => {
    const { calls, reporter } = await firstSendRefused(404, 'No route');
    reporter.flush(true);
    // The next page of this tab too.
    const next = createReporter();
    next.report(item(3));
    next.flush();
    next.flush(true);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(calls).toHaveLength(1);
  });

  it('sends what is left as the page goes by a keepalive request, which outlives the page, with the session', async () => {
    const calls = stored();
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const reporter = createReporter();
      reporter.report(item(1));
      reporter.flush();
      await waitFor(() => expect(calls).toHaveLength(1));

      reporter.report(item(2));
      reporter.report(item(3));
      reporter.flush(true);

      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]!.body).toEqual({ session: (calls[0]!.body as { session: string }).session, reports: [item(2), item(3)] });
      expect(calls[1]!.headers.get('authorization')).toBe('Bearer customer-token');
      const [url, init] = fetchSpy.mock.calls.at(-1)!;
      expect(String(url)).toBe('http://localhost:4000/api/v1/client_reports');
      expect(init).toMatchObject({ keepalive: true, credentials: 'omit' });
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("sends a guest's reports once a customer signs in on the page, and drops them if the page goes first", async () => {
    const calls = stored();
    sessionStore.getState().logout();
    const reporter = createReporter();
    reporter.report(item(1));
    reporter.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);

    signInAs(undefined, 'after-login');
    reporter.flush();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer after-login');

    sessionStore.getState().logout();
    reporter.report(item(2));
    reporter.flush(true);
    signInAs(undefined, 'too-late');
    reporter.flush();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(1);
  });

  it('pauses after a 429 and drops what it could not send, without throwing', async () => {
    const { calls } = await firstSendRefused(429, 'Too many requests.');
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(calls).toHaveLength(1);
  });
});

describe('what a report may say', () => {
  it('names a route by its pattern: no kit id, no query, no unknown address', () => {
    expect(routePattern('/dashboard/42')).toBe('/dashboard/:kitId');
    expect(routePattern('/home')).toBe('/home');
    expect(routePattern('/reset-password')).toBe('/reset-password');
    expect(routePattern('/someone@example.com')).toBe('/not-found');
    expect(routePattern('/')).toBe('/');
  });

  it('names an error by its kind, never by its message', () => {
    expect(errorName(new TypeError('Cannot read ada@example.com'))).toBe('TypeError');
    expect(errorName(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe('ChunkLoadError');
    expect(errorName('a string thrown')).toBe('Error');
    expect(errorName({ name: 'Weird name 42!' })).toBe('Weirdname');
  });
});
