import { waitFor } from '@testing-library/react';
import { handle, HttpResponse } from 'shared-api/testing';
import { createReporter, errorName, FLUSH_DELAY_MS, MAX_BATCH, routePattern, type HealthReport } from './reporter';

const RELEASE = 'a1b2c3d4e5f6';
const item = (n = 0): HealthReport => ({ app: 'kits', release: RELEASE, kind: 'vital', name: 'LCP', value: 1000 + n, route: '/home' });
const sendBeacon = jest.fn<boolean, [string, BodyInit?]>(() => true);

beforeEach(() => {
  sessionStorage.clear();
  sendBeacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
});
afterEach(() => {
  jest.useRealTimers();
});

const stored = () => handle('post', '/api/v1/client_reports', () => new HttpResponse(null, { status: 204 }));

describe('the health reporter', () => {
  it('sends the first reports together after a short wait, as JSON text tagged with a random tab session', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate', 'performance'] });
    const calls = stored();
    const reporter = createReporter();
    reporter.report(item(1));
    reporter.report(item(2));
    expect(calls).toHaveLength(0);

    jest.advanceTimersByTime(FLUSH_DELAY_MS);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.headers.get('content-type')).toBe('text/plain');
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
    const calls = handle('post', '/api/v1/client_reports', { message: 'No route' }, { status: 404 });
    const reporter = createReporter();
    reporter.report(item(1));
    reporter.flush();
    await waitFor(() => expect(calls).toHaveLength(1));

    reporter.report(item(2));
    reporter.flush();
    reporter.flush(true);
    // The next page of this tab too.
    const next = createReporter();
    next.report(item(3));
    next.flush();
    next.flush(true);
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(calls).toHaveLength(1);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('hands what is left to a beacon when the page goes, once the route is known to exist', async () => {
    const calls = stored();
    const reporter = createReporter();
    reporter.report(item(1));
    // Not known yet: a request that says whether the route exists, not a beacon.
    reporter.flush(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(sendBeacon).not.toHaveBeenCalled();

    reporter.report(item(2));
    reporter.flush(true);

    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('http://localhost:4000/api/v1/client_reports');
    expect(JSON.parse(String(body))).toEqual({ session: (calls[0]!.body as { session: string }).session, reports: [item(2)] });
    expect(calls).toHaveLength(1);
  });

  it('pauses after a 429 and drops what it could not send, without throwing', async () => {
    const calls = handle('post', '/api/v1/client_reports', { message: 'Too many requests.' }, { status: 429 });
    const reporter = createReporter();
    reporter.report(item(1));
    reporter.flush();
    await waitFor(() => expect(calls).toHaveLength(1));

    reporter.report(item(2));
    reporter.flush();
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
