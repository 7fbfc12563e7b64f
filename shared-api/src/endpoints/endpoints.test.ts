import { verificationApi } from './verification';
import { walletApi } from './wallet';
import { expectSpecCall, handle, signInAs, type SpecCall } from '../../testing';

/** Spec section 7, the rows shared-api still sends (the reads several areas show); each area tests its own calls. */
const cases: SpecCall[] = [
  { name: 'wallet', method: 'get', path: '/api/v1/starlink_user_wallet', auth: true, call: () => walletApi.get(), response: { id: 1, balance: 0, wallet_id: 'W' } },
  { name: 'fundings', method: 'get', path: '/api/v1/starlink_wallet_fundings', auth: true, call: () => walletApi.listFundings(), response: [] },
  { name: 'email status', method: 'get', path: '/api/v1/starlink_users/check_confirmation_status', auth: true, call: () => verificationApi.emailStatus(), response: { email_verified: true } },
];

describe('shared-api calls (spec section 7)', () => {
  it.each(cases)('$name: $method $path', (call) => expectSpecCall(call));

  it('reads amounts sent as strings as numbers', async () => {
    signInAs();
    handle('get', '/api/v1/starlink_user_wallet', { id: 1, wallet_id: 'W', balance: '25,000.50' });
    handle('get', '/api/v1/starlink_wallet_fundings', [{ id: 1, reference: 'R', payment_method: 'offline', amount: '120000', status: 'pending', created_at: '' }]);
    expect((await walletApi.get()).balance).toBe(25000.5);
    expect((await walletApi.listFundings())[0]!.amount).toBe(120000);
  });
});
