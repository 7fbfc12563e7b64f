import { startFirstReads } from 'shared-api/first-reads';
import { setRuntimeConfig } from 'shared-api';
import { walletApi } from 'shared-api/customer';
import { expectSpecCall, handle, HttpResponse, signInAs, type SpecCall } from 'shared-api/testing';
import { checkKitNumber } from '../../add-kit/api/check-kit-number';
import { createKit } from '../../add-kit/api/create-kit';
import { changeKitAddress } from '../../dashboard/api/change-kit-address';
import { downloadRenewalPdf } from '../../dashboard/api/download-renewal-pdf';
import { getKit } from '../../dashboard/api/get-kit';
import { getKitRenewals } from '../../dashboard/api/get-kit-renewals';
import { getNotices } from '../../notices/api/notices';
import { activateKit } from './activate-kit';
import { getKits } from './get-kits';
import { homeRoute } from './route';
import { updateAutoRenew } from './update-auto-renew';

/** Spec section 7, the kits area's rows. */
const cases: SpecCall[] = [
  { name: 'check kit number', method: 'get', path: '/api/v1/starlink_kits/check_kit_number', auth: true, call: () => checkKitNumber('K 1'), query: { kit_number: 'K 1' }, response: { exists: false } },
  {
    name: 'create kit',
    method: 'post',
    path: '/api/v1/starlink_kits',
    auth: true,
    call: () => createKit({ kit_number: 'K1', address: 'Lagos', nin: '123', company_name: '', company_number: '' }),
    body: { kit_number: 'K1', address: 'Lagos', nin: '123', company_name: '', company_number: '' },
  },
  { name: 'list kits', method: 'get', path: '/api/v1/starlink_kits', auth: true, call: () => getKits(2), query: { page: '2', per_page: '10' }, response: { kits: [], total_pages: 1, total_count: 0 } },
  { name: 'show kit', method: 'get', path: '/api/v1/starlink_kits/5', auth: true, call: () => getKit(5), response: { kit: { id: 5 } } },
  { name: 'auto-renew', method: 'put', path: '/api/v1/starlink_kits/set_auto_renew', auth: true, call: () => updateAutoRenew(5, true), body: { id: 5, auto_renew: true } },
  { name: 'address change', method: 'put', path: '/api/v1/starlink_kits/kit_address_change_request', auth: true, call: () => changeKitAddress(5, 'Abuja'), query: { id: '5' }, body: { starlink_kit_address: { address: 'Abuja' } } },
  { name: 'activate', method: 'post', path: '/api/v1/starlink_activates/5/activate_kit', auth: true, call: () => activateKit(5), body: undefined },
  { name: 'renewals', method: 'get', path: '/api/v1/starlink_kit_renewals/user_kit_renewals', auth: true, call: () => getKitRenewals(5), query: { kit_id: '5' }, response: [] },
];

describe("the kits area's calls (spec section 7)", () => {
  it.each(cases)('$name: $method $path', (call) => expectSpecCall(call));

  it('accepts a bare array as the kit list, cutting the page asked for from a whole list', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kits', Array.from({ length: 12 }, (_, i) => ({ id: i, kit_number: `K${i}`, status: 'active', auto_renew: false })));
    const first = await getKits(1);
    expect(first).toMatchObject({ total_count: 12, total_pages: 2 });
    expect(first.kits.map((k) => k.kit_number)).toEqual(['K0', 'K1', 'K2', 'K3', 'K4', 'K5', 'K6', 'K7', 'K8', 'K9']);
    const second = await getKits(2);
    expect(second.kits.map((k) => k.kit_number)).toEqual(['K10', 'K11']);
  });

  it('accepts a bare kit from show, and fails when the answer holds no kit', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kits/5', { id: 5, kit_number: 'K5', status: 'active', auto_renew: false });
    await expect(getKit(5)).resolves.toMatchObject({ kit: { id: 5, kit_number: 'K5' } });
    handle('get', '/api/v1/starlink_kits/6', { message: 'ok' });
    await expect(getKit(6)).rejects.toThrow('No kit in the answer');
  });

  it('reads renewal amounts sent as strings as numbers', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kit_renewals/user_kit_renewals', [{ id: 2, amount: '57,000', status: 'receipt', deadline: '', created_at: '', start_date: '', end_date: '' }]);
    expect((await getKitRenewals(5))[0]!.amount).toBe(57000);
  });

  it('cancels a kit page no longer wanted, rejecting with a canceled ApiError', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kits', { kits: [], total_pages: 1, total_count: 0 }, { delayMs: 200 });
    const controller = new AbortController();
    const pending = getKits(2, 10, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'ApiError', kind: 'canceled' });
  });

  it('downloads a renewal PDF as a blob', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_kit_renewals/8/download_pdf', () => new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }));
    const blob = await downloadRenewalPdf(8);
    expect(blob).toBeInstanceOf(Blob);
  });

  it("takes the first reads /home's route names, which the shell's entry starts early, instead of asking again", async () => {
    setRuntimeConfig({ routes: [homeRoute] });
    try {
      signInAs(undefined, 'token-home');
      const wallet = handle('get', '/api/v1/starlink_user_wallet', { id: 1, wallet_id: 'W', balance: 0 });
      handle('get', '/api/v1/starlink_users/check_confirmation_status', { email_verified: true });
      const pages = handle('get', '/api/v1/starlink_kits', { kits: [{ id: 1, kit_number: 'KIT-1' }], total_pages: 1, total_count: 1 });
      handle('get', '/api/v1/starlink_wallet_fundings', { fundings: [] });
      const notices = handle('get', '/api/v1/notifications', { notifications: [] });
      startFirstReads('/home');
      await expect(getKits(1)).resolves.toMatchObject({ kits: [{ kit_number: 'KIT-1' }] });
      await expect(walletApi.get()).resolves.toMatchObject({ wallet_id: 'W' });
      await expect(getNotices()).resolves.toEqual([]);
      expect(pages).toHaveLength(1);
      expect(wallet).toHaveLength(1);
      // The page's own read of every kind of notice is the one the entry started.
      expect(notices).toHaveLength(1);
      expect(notices[0]!.url.searchParams.get('kinds')).toBe('all');
    } finally {
      setRuntimeConfig({ routes: [] });
    }
  });
});
