import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { dbOptionsFromConfig, openDb } from '../db';
import { HttpError } from '../lib/errors';
import { systemClock } from '../lib/time';
import { createFileOutbox, readOutboxFile } from '../outbox';
import { OperatorError, runOperatorCommand, type OperatorCommand } from '../services/operator';
import { runningServer } from '../lib/server-file';

const USAGE = `Operator commands (npm run operator -w api -- <command>):
  kit <kit_number> <status> [reason]   review a kit: need_approval, accepted or declined (unapproved) (kits not paid
                                       for yet), deactivated (a paid kit); api/README.md "Kit lifecycle" has the table.
                                       accepted and declined (with the reason, if given) are told to the customer
  funding approve|decline <reference> [reason]
                                       confirm a bank transfer arrived (credits the wallet; above NGN 500,000 a staff
                                       member must confirm it too) or decline it (the reason goes to the customer)
  fundings                             list fundings waiting for a decision
  price                                show the plan price (NGN) and any change to come
  price set <amount> --from YYYY-MM-DD the plan price in whole naira from that day (Lagos), at least 7 days ahead;
                                       every customer with a kit is told. --force: sooner, or now without --from
  seed                                 create the demo customer and data (idempotent)
  sweep                                run expiry, auto-renew and renewal reminders now
  demo-due <kit_number>                demo set-up only (SEED_DEMO=1): a paid kit's deadline moved to 2 days away
  users                                list customers with wallet balances
  outbox [--last N]                    show the last N messages (default 10)
  release-health [<app>] [--since T]   per area release: signed-in customers, those with an error, errors, p75 LCP,
                                       INP and CLS, from reports received since T (an ISO date and time) or ever
  staff add <email> <role>             a staff member (support, finance or admin) and their one-time enrolment link
Every command that changes something is written to the staff audit log as done by "cli".
Add --json for machine-readable output.`;

export function parseArgs(args: string[]): OperatorCommand | { cmd: 'outbox'; last: number } | { cmd: 'help' } {
  const [cmd, a, b, c] = args;
  switch (cmd) {
    case 'kit': {
      if (!a || !b) break;
      const reason = args.slice(3).join(' ').trim();
      return { cmd: 'kit', kitNumber: a, status: b, ...(reason ? { reason } : {}) };
    }
    case 'funding': {
      if ((a !== 'approve' && a !== 'decline') || !b) break;
      const reason = args.slice(3).join(' ').trim();
      if (a === 'approve' && reason) break;
      return { cmd: 'funding', decision: a, reference: b, ...(reason ? { reason } : {}) };
    }
    case 'staff':
      if (a !== 'add' || !b || !c || args.length > 4) break;
      return { cmd: 'staff-add', email: b, role: c };
    case 'fundings':
      return { cmd: 'fundings' };
    case 'demo-due':
      if (!a || b) break;
      return { cmd: 'demo-due', kitNumber: a };
    case 'price': {
      if (!a) return { cmd: 'price-get' };
      const rest = args.slice(3);
      const at = rest.indexOf('--from');
      const from = at >= 0 ? rest[at + 1] : undefined;
      const force = rest.includes('--force');
      const known = rest.filter((x, i) => x === '--force' || (at >= 0 && (i === at || i === at + 1)));
      if (a === 'set' && b && /^\d+$/.test(b) && (at < 0 || from) && known.length === rest.length) {
        return { cmd: 'price-set', amount: Number(b), ...(from ? { from } : {}), ...(force ? { force } : {}) };
      }
      break;
    }
    case 'seed':
      return { cmd: 'seed' };
    case 'sweep':
      return { cmd: 'sweep' };
    case 'users':
      return { cmd: 'users' };
    case 'release-health': {
      const rest = args.slice(1);
      const at = rest.indexOf('--since');
      const since = at >= 0 ? rest[at + 1] : undefined;
      if (at >= 0 && !since) break;
      const positional = rest.filter((_, i) => at < 0 || (i !== at && i !== at + 1));
      if (positional.length > 1) break;
      return { cmd: 'release-health', ...(positional[0] ? { app: positional[0] } : {}), ...(since ? { since } : {}) };
    }
    case 'outbox': {
      const i = args.indexOf('--last');
      const n = i >= 0 ? Number(args[i + 1]) : 10;
      if (!Number.isInteger(n) || n < 1) break;
      return { cmd: 'outbox', last: n };
    }
    case undefined:
    case 'help':
    case '--help':
      return { cmd: 'help' };
  }
  throw new OperatorError(`Unrecognised command: ${args.join(' ')}\n\n${USAGE}`);
}

function operatorToken(config: Config): string | undefined {
  if (config.operatorToken) return config.operatorToken;
  try {
    return fs.readFileSync(path.join(config.dataDir, 'operator-token'), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Runs one command: through the running server when there is one (PGlite allows one process), else directly. */
export async function runCli(args: string[], config: Config = loadConfig()): Promise<unknown> {
  const parsed = parseArgs(args.filter((x) => x !== '--json'));
  if (parsed.cmd === 'help') return USAGE;
  if (parsed.cmd === 'outbox') return readOutboxFile(config.outboxFile, parsed.last);

  const server = runningServer(config.dataDir);
  if (server) {
    const token = operatorToken(config);
    if (!token) throw new OperatorError(`Server is running at ${server.url} but ${config.dataDir}/operator-token is missing; set OPERATOR_TOKEN.`);
    const res = await fetch(`${server.url}/operator/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-token': token },
      body: JSON.stringify(parsed),
    });
    const body = (await res.json()) as { result?: unknown; message?: string };
    if (!res.ok) throw new OperatorError(body.message ?? `Server answered ${res.status}`);
    return body.result;
  }
  const db = await openDb(dbOptionsFromConfig(config));
  try {
    const outbox = createFileOutbox({ file: config.outboxFile, console: false });
    return await runOperatorCommand({ db, config, outbox, clock: systemClock }, parsed);
  } finally {
    await db.close();
  }
}

function print(result: unknown, json: boolean) {
  if (typeof result === 'string') return console.log(result);
  if (json) return console.log(JSON.stringify(result, null, 2));
  if (Array.isArray(result)) {
    if (result.length === 0) return console.log('(none)');
    return console.table(result);
  }
  // `staff add`: the link is the one thing to pass on, so it is printed on a line of its own.
  const added = result as { staff?: { email: string; role: string }; enrolment_link?: string; expires_at?: string } | null;
  if (added?.enrolment_link && added.staff) {
    return console.log(
      `Staff member ${added.staff.email} (${added.staff.role}) added. Their one-time enrolment link, valid until ${added.expires_at}:\n${added.enrolment_link}`,
    );
  }
  // A command that says what it did (a price change) says it in a sentence.
  const message = (result as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return console.log(message);
  console.log(result);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  runCli(args)
    .then((result) => print(result, args.includes('--json')))
    .catch((err: unknown) => {
      console.error(err instanceof OperatorError || err instanceof HttpError ? err.message : err);
      process.exit(1);
    });
}
