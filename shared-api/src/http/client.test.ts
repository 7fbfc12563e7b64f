import { handle, HttpResponse, rest, server, signInAs } from '../../testing';
import { defaultRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';
import { ApiError, serverErrorOr, serverMessageOr, unreachableOr, whyNotLoaded } from './api-error';
import { offlineCheckConnection, serviceFailed, serviceUnreachable } from '../texts';
import { http } from './client';
import { sessionStore } from '../session/session-store';

describe('http client', () => {
  it('sends JSON and the bearer token on (auth) calls', async () => {
    signInAs(undefined, 'abc');
    const calls = handle('get', '/api/v1/starlink_kits/check_kit_number', { exists: false });
    await expect(http.get('/api/v1/starlink_kits/check_kit_number', { params: { kit_number: 'KIT-1' } }).then((r) => r.data)).resolves.toEqual({
        exists: false,
      });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(calls[0]?.url.searchParams.get('kit_number')).toBe('KIT-1');
  });

  it('does not send a token on login', async () => {
    signInAs(undefined, 'abc');
    const calls = handle('post', '/api/v1/login', { user: { id: 1 }, token: 't' });
    await http.post('/api/v1/login', { starlink_user: { email: 'a@b.c', password: 'x' } }, { skipAuth: true });
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[0]?.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('turns a failure into one ApiError carrying message, error and amount_due', async () => {
    signInAs();
    handle(
      'post',
      '/api/v1/starlink_activates/7/activate_kit',
      { message: 'm', error: 'Insufficient', amount_due: '57000' },
      { status: 422 },
    );
    const error = await http.post('/api/v1/starlink_activates/7/activate_kit').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, serverMessage: 'm', serverError: 'Insufficient', amountDue: 57000 });
  });

  it("sends no XSRF header, even to an API on the page's own origin with an XSRF-TOKEN cookie set", async () => {
    signInAs(undefined, 'abc');
    setRuntimeConfig({ apiBaseUrl: window.location.origin });
    document.cookie = 'XSRF-TOKEN=from-cookie';
    const headers: Headers[] = [];
    server.use(
      rest.get(`${window.location.origin}/api/v1/starlink_kits/check_kit_number`, ({ request }) => {
        headers.push(request.headers);
        return HttpResponse.json({ exists: false });
      }),
    );
    try {
      await expect(http.get('/api/v1/starlink_kits/check_kit_number', { params: { kit_number: 'KIT-1' } }).then((r) => r.data)).resolves.toEqual({
        exists: false,
      });
      expect(headers[0]?.get('authorization')).toBe('Bearer abc');
      expect(headers[0]?.has('x-xsrf-token')).toBe(false);
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
      setRuntimeConfig(defaultRuntimeConfig);
    }
  });

  it('reads a dropped connection as a network error', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.error());
    await expect(http.get('/api/v1/starlink_user_wallet')).rejects.toMatchObject({ name: 'ApiError', kind: 'network' });
  });

  it('ends a stored session when the API answers 401', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_user_wallet', () => HttpResponse.json({ message: 'expired' }, { status: 401 }));
    await expect(http.get('/api/v1/starlink_user_wallet')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getState().user).toBeNull();
    expect(sessionStore.getState().expired).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps a newer session when a request carrying an older token answers 401 late', async () => {
    signInAs(undefined, 'old');
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    handle('post', '/api/v1/logout', async () => {
      await answered;
      return HttpResponse.json({ message: 'expired' }, { status: 401 });
    });
    const logout = http
      .post('/api/v1/logout', undefined, { skipAuth: true, headers: { Authorization: 'Bearer old' } })
      .catch((e: unknown) => e);
    sessionStore.getState().logout();
    signInAs(undefined, 'new');
    answer();
    expect(await logout).toMatchObject({ status: 401 });
    expect(sessionStore.getState().token).toBe('new');
    expect(sessionStore.getState().expired).toBe(false);
  });
});

describe('an unreachable service', () => {
  const failure = (path: string, answer: Parameters<typeof handle>[2]) => {
    signInAs();
    handle('get', path, answer);
    return http.get(path).catch((e: unknown) => e);
  };

  it('is a dropped connection or a gateway answering for the API, never a refusal', async () => {
    expect(await failure('/api/v1/starlink_user_wallet', () => HttpResponse.error())).toMatchObject({ unreachable: true });
    for (const status of [502, 503, 504]) {
      const error = await failure('/api/v1/starlink_user_wallet', () => new HttpResponse('Bad Gateway', { status }));
      expect(error).toMatchObject({ status, unreachable: true });
    }
    for (const status of [400, 401, 404, 422, 500]) {
      const error = await failure('/api/v1/starlink_kits/1', () => HttpResponse.json({}, { status }));
      expect(error).toMatchObject({ status, unreachable: false });
    }
    expect(new ApiError({ kind: 'timeout' }).unreachable).toBe(true);
    expect(new ApiError({ kind: 'canceled' }).unreachable).toBe(false);
  });

  it("says so instead of the screen's refusal text, in the gateway's words when it sent some", async () => {
    const down = new ApiError({ kind: 'network' });
    expect(serverMessageOr(down, 'Incorrect Email or Password.')).toBe(serviceUnreachable);
    expect(serverErrorOr(down, 'Failed to reset password.')).toBe(serviceUnreachable);
    expect(unreachableOr(down, 'Failed to activate kit.')).toBe(serviceUnreachable);
    const proxy = new ApiError({ kind: 'http', status: 502, serverMessage: 'The portal cannot reach it.' });
    expect(serverMessageOr(proxy, 'Incorrect Email or Password.')).toBe('The portal cannot reach it.');
    expect(serverErrorOr(proxy, 'Failed to reset password.')).toBe('The portal cannot reach it.');
    expect(unreachableOr(proxy, 'Failed to activate kit.')).toBe('The portal cannot reach it.');
  });

  it("keeps the spec's texts for a refusal", () => {
    const refused = new ApiError({ kind: 'http', status: 401 });
    expect(serverMessageOr(refused, 'Incorrect Email or Password.')).toBe('Incorrect Email or Password.');
    expect(serverMessageOr(new ApiError({ kind: 'http', status: 401, serverMessage: 'Invalid' }), 'x')).toBe('Invalid');
    expect(serverErrorOr(new ApiError({ kind: 'http', status: 422, serverError: 'Expired' }), 'x')).toBe('Expired');
    expect(unreachableOr(new ApiError({ kind: 'http', status: 500 }), 'Failed to activate kit.')).toBe('Failed to activate kit.');
    expect(unreachableOr(new Error('boom'), 'Failed to activate kit.')).toBe('Failed to activate kit.');
  });

  it('asks the customer to check the connection only when the browser is offline', () => {
    const down = new ApiError({ kind: 'network' });
    const gateway = new ApiError({ kind: 'http', status: 503 });
    const broke = new ApiError({ kind: 'http', status: 500, serverMessage: 'boom' });
    expect(whyNotLoaded(down, true)).toBe(serviceUnreachable);
    expect(whyNotLoaded(gateway, true)).toBe(serviceUnreachable);
    expect(whyNotLoaded(broke, true)).toBe(serviceFailed);
    for (const error of [down, gateway, broke]) expect(whyNotLoaded(error, false)).toBe(offlineCheckConnection);
    expect([serviceUnreachable, serviceFailed].join(' ')).not.toMatch(/connection/i);

    const offline = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(unreachableOr(down, 'Failed to activate kit.')).toBe(offlineCheckConnection);
      expect(whyNotLoaded(broke)).toBe(offlineCheckConnection);
      // A refusal is an answer, whatever the network does now.
      expect(unreachableOr(broke, 'Failed to activate kit.')).toBe('Failed to activate kit.');
    } finally {
      offline.mockRestore();
    }
  });
});

describe('http client loading', () => {
  afterEach(() => jest.dontMock('./axios-client'));

  it('reads as a network error when the client cannot be downloaded, and tries again on the next call', async () => {
    let attempts = 0;
    jest.doMock('./axios-client', () => {
      attempts += 1;
      throw new Error('Loading chunk http-client failed');
    });
    await jest.isolateModulesAsync(async () => {
      const { http } = await import('./client');
      const { ApiError: IsolatedApiError } = await import('./api-error');
      const first = await http.get('/api/v1/starlink_user_wallet').catch((e: unknown) => e);
      expect(first).toBeInstanceOf(IsolatedApiError);
      expect(first).toMatchObject({ kind: 'network' });
      await http.get('/api/v1/starlink_user_wallet').catch(() => undefined);
      expect(attempts).toBe(2);
    });
  });
});
