/**
 * The renewal rule's cases around its boundary, shared by the rule's own test and the API's, so the portal's button
 * and the API's charge are held to the same answers. Deadlines are instants: `now` is 00:30 on 11 March in Lagos.
 */
export const renewalNow = new Date('2026-03-10T23:30:00.000Z');

export interface RenewalCase {
  name: string;
  renewals: { status: 'invoice' | 'receipt'; deadline: string }[];
  renewable: boolean;
}

const receipt = (deadline: string) => ({ status: 'receipt' as const, deadline });
const invoice = (deadline: string) => ({ status: 'invoice' as const, deadline });

export const renewalCases: RenewalCase[] = [
  { name: 'no renewal yet', renewals: [], renewable: true },
  { name: 'deadline exactly 7 days ahead', renewals: [receipt('2026-03-17T23:30:00.000Z')], renewable: true },
  { name: 'deadline 7 days and 1 ms ahead', renewals: [receipt('2026-03-17T23:30:00.001Z')], renewable: false },
  { name: 'deadline now', renewals: [receipt('2026-03-10T23:30:00.000Z')], renewable: true },
  { name: 'deadline passed', renewals: [receipt('2026-03-01T00:00:00.000Z')], renewable: true },
  {
    name: 'open invoice due 7 days and 1 ms ahead, after a paid period that has ended',
    renewals: [receipt('2026-03-09T00:00:00.000Z'), invoice('2026-03-17T23:30:00.001Z')],
    renewable: false,
  },
  {
    name: 'open invoice due exactly 7 days ahead, after a paid period that has ended',
    renewals: [receipt('2026-03-09T00:00:00.000Z'), invoice('2026-03-17T23:30:00.000Z')],
    renewable: true,
  },
  {
    name: 'open invoice, nothing paid yet, due in 2 weeks',
    renewals: [invoice('2026-03-24T23:30:00.000Z')],
    renewable: false,
  },
  {
    name: 'paid period ending in 3 weeks, an older invoice long past',
    renewals: [invoice('2026-02-01T00:00:00.000Z'), receipt('2026-03-31T00:00:00.000Z')],
    renewable: false,
  },
  {
    name: 'deadline written in Lagos time, exactly 7 days ahead',
    renewals: [receipt('2026-03-18T00:30:00.000+01:00')],
    renewable: true,
  },
  {
    // 18 March is 7 calendar days from 11 March in Lagos, but the rule counts time, not dates.
    name: 'deadline at 23:00 on 18 March in Lagos, 7 days 22.5 hours ahead',
    renewals: [receipt('2026-03-18T23:00:00.000+01:00')],
    renewable: false,
  },
];
