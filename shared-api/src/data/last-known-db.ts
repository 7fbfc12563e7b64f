import { createStore, del, get, update, type UseStore } from 'idb-keyval';

/** One read kept for a repeat visit: its data and when the server sent it (epoch ms). */
export interface LastKnownEntry {
  at: number;
  data: unknown;
}

/** What is kept: one account's reads, by the part of their cache key after the session token. */
export interface LastKnownRecord {
  account: string;
  entries: Record<string, LastKnownEntry>;
}

const RECORD = 'reads';
let store: UseStore | undefined;

/** The portal's own database (idb-keyval's default one is shared with anything else on the origin); none in Node. */
function db(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  return (store ??= createStore('portal-last-known', 'last-known'));
}

/** The kept record of `account`; another account's record is removed, so nobody ever sees another's figures. */
export async function readLastKnown(account: string): Promise<LastKnownRecord | undefined> {
  const found = db();
  if (!found) return undefined;
  const record = await get<LastKnownRecord>(RECORD, found);
  if (record && record.account !== account) {
    await del(RECORD, found);
    return undefined;
  }
  return record;
}

/** Keeps one read of `account` (replacing the record if it was another account's). */
export async function writeLastKnown(account: string, id: string, entry: LastKnownEntry): Promise<void> {
  const found = db();
  if (!found) return;
  await update<LastKnownRecord>(
    RECORD,
    (record) =>
      record?.account === account
        ? { account, entries: { ...record.entries, [id]: entry } }
        : { account, entries: { [id]: entry } },
    found,
  );
}

/** Forgets every kept read (the session ended). */
export async function clearLastKnown(): Promise<void> {
  const found = db();
  if (found) await del(RECORD, found);
}
