import { expectSpecCall, handle, signInAs, type SpecCall } from 'shared-api/testing';
import { confirmFunding } from './confirm-funding';
import { createFunding } from './create-funding';

/** Spec section 7, the billing area's rows (the wallet and fundings reads are shared-api's). */
const cases: SpecCall[] = [
  {
    name: 'create funding',
    method: 'post',
    path: '/api/v1/starlink_wallet_fundings',
    auth: true,
    call: () => createFunding({ starlink_user_wallet_id: 9, amount: 120000, payment_method: 'offline' }),
    body: { starlink_wallet_funding: { starlink_user_wallet_id: 9, amount: 120000, payment_method: 'offline' } },
    response: { funding: { id: 1, reference: 'R', payment_method: 'offline', amount: 120000 } },
  },
  { name: 'confirm funding', method: 'put', path: '/api/v1/starlink_wallet_fundings/confirm_request', auth: true, call: () => confirmFunding(3), query: { id: '3' }, body: { starlink_wallet_funding: { paid: 'yes' } } },
];

describe("the billing area's calls (spec section 7)", () => {
  it.each(cases)('$name: $method $path', (call) => expectSpecCall(call));

  it('takes a new funding wrapped as section 7 says or bare, and refuses one without a reference', async () => {
    signInAs();
    const body = { starlink_user_wallet_id: 9, amount: 5000, payment_method: 'offline' as const };
    handle('post', '/api/v1/starlink_wallet_fundings', { id: 3, reference: 'FND-3', payment_method: 'offline', amount: '5000' });
    await expect(createFunding(body)).resolves.toEqual({ funding: { id: 3, reference: 'FND-3', payment_method: 'offline', amount: 5000 } });
    handle('post', '/api/v1/starlink_wallet_fundings', { funding: { id: 4 } });
    await expect(createFunding(body)).rejects.toThrow('Funding without a reference');
  });
});
