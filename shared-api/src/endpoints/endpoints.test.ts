import { kitsApi, renewalsApi } from './kits';
import { verificationApi } from './verification';
import { walletApi } from './wallet';
import { handle, signInAs } from '../../testing';

type Case = {
  name: string;
  method: 'get' | 'post' | 'put';
  path: string;
  call: () => Promise<unknown>;
  query?: Record<string, string>;
  body?: unknown;
  auth: boolean;
  response?: unknown;
};

/** Spec section 7, row by row: method, path, query, wrapper and whether the bearer token goes out. */
const cases: Case[] = [
  { name: 'check kit number', method: 'get', path: '/api/v1/starlink_kits/check_kit_number', auth: true, call: () => kitsApi.checkKitNumber('K 1'), query: { kit_number: 'K 1' }, response: { exists: false } },
  {
    name: 'create kit',
    method: 'post',
    path: '/api/v1/starlink_kits',
    auth: true,
    call: () => kitsApi.create({ kit_number: 'K1', address: 'Lagos', nin: '123', company_name: '', company_number: '' }),
    body: { kit_number: 'K1', address: 'Lagos', nin: '123', company_name: '', company_number: '' },
  },
  { name: 'list kits', method: 'get', path: '/api/v1/starlink_kits', auth: true, call: () => kitsApi.list(2), query: { page: '2', per_page: '10' }, response: { kits: [], total_pages: 1, total_count: 0 } },
  { name: 'show kit', method: 'get', path: '/api/v1/starlink_kits/5', auth: true, call: () => kitsApi.show(5), response: { kit: { id: 5 } } },
  { name: 'auto-renew', method: 'put', path: '/api/v1/starlink_kits/set_auto_renew', auth: true, call: () => kitsApi.setAutoRenew(5, true), body: { id: 5, auto_renew: true } },
  { name: 'address change', method: 'put', path: '/api/v1/starlink_kits/kit_address_change_request', auth: true, call: () => kitsApi.changeAddress(5, 'Abuja'), query: { id: '5' }, body: { starlink_kit_address: { address: 'Abuja' } } },
  { name: 'activate', method: 'post', path: '/api/v1/starlink_activates/5/activate_kit', auth: true, call: () => kitsApi.activate(5), body: undefined },
  { name: 'renewals', method: 'get', path: '/api/v1/starlink_kit_renewals/user_kit_renewals', auth: true, call: () => renewalsApi.listForKit(5), query: { kit_id: '5' }, response: [] },
  { name: 'wallet', method: 'get', path: '/api/v1/starlink_user_wallet', auth: true, call: () => walletApi.get(), response: { id: 1, balance: 0, wallet_id: 'W' } },
  { name: 'fundings', method: 'get', path: '/api/v1/starlink_wallet_fundings', auth: true, call: () => walletApi.listFundings(), response: [] },
  { name: 'email status', method: 'get', path: '/api/v1/starlink_users/check_confirmation_status', auth: true, call: () => verificationApi.emailStatus(), response: { email_verified: true } },
];

describe('shared-api calls (spec section 7)', () => {
  it.each(cases)('$name: $method $path', async ({ method, path, call, query, body, auth, response }) => {
    signInAs(undefined, 'tok');
    const calls = handle(method, path, (response ?? {}) as never);
    await call();
    expect(calls).toHaveLength(1);
    const [request] = calls;
    expect(request?.method).toBe(method.toUpperCase());
    expect(Object.fromEntries(request!.url.searchParams)).toEqual(query ?? {});
    expect(request?.body).toEqual(body);
    expect(request?.headers.get('authorization')).toBe(auth ? 'Bearer tok' : null);
  });

  it('accepts a bare array as the kit list, cutting the page asked for from a whole list', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kits', Array.from({ length: 12 }, (_, i) => ({ id: i, kit_number: `K${i}`, status: 'active', auto_renew: false })));
    const first = await kitsApi.list(1);
    expect(first).toMatchObject({ total_count: 12, total_pages: 2 });
    expect(first.kits.map((k) => k.kit_number)).toEqual(['K0', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8', 'K9']);
    const second = await kitsApi.list(2);
    expect(second.kits.map((k) => k.kit_number)).toEqual(['K10', 'K11']);
  });

  it('accepts a bare kit from show, and fails when the answer holds no kit', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kits/5', { id: 5, kit_number: 'K5', status: 'active', auto_renew: false });
    await expect(kitsApi.show(5)).resolves.toMatchObject({ kit: { id: 5, kit_number: 'K5' } });
    handle('get', '/api/v1/starlink_kits/6', { message: 'ok' });
    await expect(kitsApi.show(6)).rejects.toThrow('No kit in the answer');
  });

  it('reads amounts sent as strings as numbers', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_user_wallet', { id: 1, wallet_id: 'W', balance: '25,000.50' });
    handle('get', '/api/v1/starlink_wallet_fundings', [{ id: 1, reference: 'R', payment_method: 'offline', amount: '120000', status: 'pending', created_at: '' }]);
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', [{ id: 2, amount: '57,000', status: 'receipt', deadline: '', created_at: '', start_date: '', end_date: '' }]);
    expect((await walletApi.get()).balance).toBe(25000.5);
    expect((await walletApi.listFundings())[0]!.amount).toBe(120000);
    expect((await renewalsApi.listForKit(5))[0]!.amount).toBe(57000);
  });

  it('cancels a kit page no longer wanted, rejecting with a canceled ApiError', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kits', { kits: [], total_pages: 1, total_count: 0 }, { delayMs: 200 });
    const controller = new AbortController();
    const pending = kitsApi.list(2, 10, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'ApiError', kind: 'canceled' });
  });

  it('downloads a renewal PDF as a blob', async () => {
    signInAs();
    const { HttpResponse } = await import('../../testing');
    handle('get', '/api/v1/starlink_kit_renewals/8/download_pdf', () => new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await renewalsApi.downloadPdf(8);
    expect(blob).toBeInstanceOf(Blob);
  });
});
