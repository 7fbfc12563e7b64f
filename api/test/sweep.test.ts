import { chargeKit, NotDueForAutoRenew, sweep } from '../src/services/billing';
import { ledgerMismatches } from '../src/services/wallet';
import { createKit, describeEachDb, fundWallet, later, signupUser, usePeer, type TestServer } from './helpers';

const DAY = 24 * 3600_000;
const PRICE = 57000;

/** A customer with `count` activated auto-renew kits and `extra` naira left in the wallet. */
async function customerWithAutoRenewKits(t: TestServer, count: number, extra: number) {
  const { token, user } = await signupUser(t);
  await fundWallet(t, token, PRICE * count + extra);
  const kits = [];
  for (let i = 0; i < count; i++) {
    const kit = await createKit(t, token);
    expect((await t.api('POST', `/api/v1/starlink_activates/${kit.id}/activate_kit`, { token })).status).toBe(200);
    expect((await t.api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: kit.id, auto_renew: true } })).status).toBe(200);
    kits.push(kit);
  }
  return { token, userId: user.id as number, kits };
}

interface Charge {
  kit_id: number;
  status: string;
  start_date: Date;
  end_date: Date;
}

async function renewalsOf(t: TestServer, kitId: number) {
  return t.server.db.query<Charge>('SELECT kit_id, status, start_date, end_date FROM kit_renewals WHERE kit_id = $1 ORDER BY start_date, id', [kitId]);
}

async function balanceOf(t: TestServer, token: string): Promise<number> {
  return (await t.api('GET', '/api/v1/starlink_user_wallet', { token })).body.balance;
}

/** Every kit was charged exactly once for the period after its activation, and the next period starts where it ended. */
async function expectOneRenewalPerKit(t: TestServer, kits: { id: number }[]) {
  for (const kit of kits) {
    const rows = await renewalsOf(t, kit.id);
    expect(rows.map((r) => r.status)).toEqual(['receipt', 'receipt']);
    expect(new Date(rows[1]!.start_date).getTime()).toBe(new Date(rows[0]!.end_date).getTime());
  }
  expect(await ledgerMismatches(t.server.db)).toEqual([]);
}

describeEachDb('auto-renew sweep with several API instances', (t, variant) => {
  const peer = usePeer(t, variant);

  /** Runs fn with the clock 12 hours before the kits' deadline (activated now, 30-day periods). */
  const twelveHoursBeforeDeadline = <T>(fn: () => Promise<T>): Promise<T> => later(t(), 30 * DAY - 12 * 3600_000, fn);

  it('the sweep racing customers pressing Renew charges each kit once', async () => {
    const { token, kits } = await customerWithAutoRenewKits(t(), 20, PRICE * 20);
    await twelveHoursBeforeDeadline(async () => {
      const manual = kits.map((k) => t().api('POST', `/api/v1/starlink_activates/${k.id}/activate_kit`, { token }));
      const [results] = await Promise.all([Promise.all(manual), t().server.sweep(), peer().sweep()]);
      for (const r of results) {
        // Either the customer paid, or the sweep had already and the renewal is no longer due.
        if (r.status !== 200) expect(r.body).toMatchObject({ error: 'Renewal not due yet' });
      }
    });
    await expectOneRenewalPerKit(t(), kits);
    expect(await balanceOf(t(), token)).toBe(0);
  });

  it('two sweeps at once (two instances on one database) charge each kit once', async () => {
    const { token, kits } = await customerWithAutoRenewKits(t(), 10, PRICE * 10 + 500);
    await twelveHoursBeforeDeadline(async () => {
      await Promise.all([t().server.sweep(), peer().sweep(), t().server.sweep(), peer().sweep()]);
      // A later sweep finds nothing due for these kits any more.
      await Promise.all([t().server.sweep(), peer().sweep()]);
    });
    await expectOneRenewalPerKit(t(), kits);
    expect(await balanceOf(t(), token)).toBe(500);
  });

  it('two sweeps at once with no money write one invoice per kit and charge nothing', async () => {
    const { token, kits } = await customerWithAutoRenewKits(t(), 5, 0);
    await twelveHoursBeforeDeadline(() => Promise.all([t().server.sweep(), peer().sweep()]));
    for (const kit of kits) {
      expect((await renewalsOf(t(), kit.id)).map((r) => r.status)).toEqual(['receipt', 'invoice']);
    }
    expect(await balanceOf(t(), token)).toBe(0);
    expect(await ledgerMismatches(t().server.db)).toEqual([]);
  });

  it('an auto charge re-checks under the lock: not on auto-renew or not due yet means no charge', async () => {
    const { token, userId, kits } = await customerWithAutoRenewKits(t(), 2, PRICE * 2);
    const [notDue, switchedOff] = kits as [{ id: number }, { id: number }];
    await t().api('PUT', '/api/v1/starlink_kits/set_auto_renew', { token, body: { id: switchedOff.id, auto_renew: false } });
    // 30 days ahead of its deadline: not within the auto-renew lead.
    await expect(chargeKit(t().server.ctx, userId, notDue.id, 'auto')).rejects.toBeInstanceOf(NotDueForAutoRenew);
    await twelveHoursBeforeDeadline(() =>
      expect(chargeKit(t().server.ctx, userId, switchedOff.id, 'auto')).rejects.toBeInstanceOf(NotDueForAutoRenew),
    );
    expect(await balanceOf(t(), token)).toBe(PRICE * 2);
    for (const kit of kits) expect(await renewalsOf(t(), kit.id)).toHaveLength(1);
  });

  it('a kit whose renewal fails is reported and skipped; the others are still renewed', async () => {
    const { token, kits } = await customerWithAutoRenewKits(t(), 3, PRICE * 3);
    const broken = kits[1]!;
    // Any unexpected database error while renewing this one kit.
    await t().server.db.exec(`
      CREATE FUNCTION fail_kit_renewal() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.kit_id = ${Number(broken.id)} THEN RAISE EXCEPTION 'disk on fire'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER fail_kit_renewal BEFORE INSERT ON kit_renewals FOR EACH ROW EXECUTE FUNCTION fail_kit_renewal();`);
    const failures: number[] = [];
    try {
      await twelveHoursBeforeDeadline(async () => {
        const result = await sweep(t().server.ctx, (_err, kitId) => failures.push(kitId));
        expect(result.failed).toBe(1);
      });
    } finally {
      await t().server.db.exec('DROP TRIGGER fail_kit_renewal ON kit_renewals; DROP FUNCTION fail_kit_renewal();');
    }
    expect(failures).toEqual([broken.id]);
    expect(await renewalsOf(t(), broken.id)).toHaveLength(1);
    await expectOneRenewalPerKit(t(), [kits[0]!, kits[2]!]);
    expect(await balanceOf(t(), token)).toBe(PRICE);
  });
  // Sessions must outlive the month the clock moves forward.
}, { config: { sessionTtlHours: 24 * 60 } });
