import { canRenew } from 'portal-rules';
import { renewalCases, renewalNow } from 'portal-rules/testing/renewal-cases';
import { createKit, describeEachDb, fundWallet, signupUser } from './helpers';

/**
 * The portal enables Renew (or Reactivate) by `canRenew` over the renewal history the API serves; the API charges
 * by the same rule over its rows, under the kit's lock. Each boundary case, on a kit in each state a customer can
 * renew from, must get the same answer from both, and the spec's.
 */
const PRICE = 57000;
const DAY = 24 * 60 * 60 * 1000;

describeEachDb(
  'the renewal rule: the portal and the API agree',
  (t) => {
    describe.each(['active', 'expired', 'deactivated'])('a kit %s', (status) => {
      it.each(renewalCases)('$name: renewable $renewable', async ({ renewals, renewable }) => {
        const { token, user } = await signupUser(t());
        const kit = await createKit(t(), token);
        const db = t().server.ctx.db;
        await db.query('UPDATE kits SET status = $2 WHERE id = $1', [kit.id, status]);
        for (const [index, renewal] of renewals.entries()) {
          const deadline = new Date(renewal.deadline);
          const createdAt = new Date(renewalNow.getTime() - (renewals.length - index) * DAY);
          await db.query(
            `INSERT INTO kit_renewals (kit_id, user_id, amount, status, start_date, end_date, deadline, created_at, paid_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8)`,
            [kit.id, user.id, PRICE, renewal.status, new Date(deadline.getTime() - 30 * DAY), deadline, createdAt, renewal.status === 'receipt' ? createdAt : null],
          );
        }
        await fundWallet(t(), token, PRICE);

        const history = await t().api('GET', `/api/v1/starlink_kit_renewals/user_kit_renewals?kit_id=${kit.id}`, { token });
        expect(history.status).toBe(200);
        const portalEnables = canRenew(history.body, renewalNow);
        const charge = await t().api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token });
        expect({ portalEnables, apiCharges: charge.status === 200 }).toEqual({ portalEnables: renewable, apiCharges: renewable });
        if (!renewable) expect(charge).toMatchObject({ status: 422, body: { error: 'Renewal not due yet' } });
        const balance = (await t().api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance;
        expect(balance).toBe(renewable ? 0 : PRICE);
      });
    });
  },
  { now: renewalNow },
);
