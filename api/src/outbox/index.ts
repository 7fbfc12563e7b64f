import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface OutboxInput {
  channel: 'email' | 'whatsapp';
  to: string;
  subject: string;
  body: string;
  code?: string;
  link?: string;
}

export interface OutboxMessage extends OutboxInput {
  id: string;
  created_at: string;
}

/** Every customer message (reset link, email OTP, WhatsApp code) leaves through this one interface. */
export interface Outbox {
  send(msg: OutboxInput): Promise<OutboxMessage>;
  /** Messages sent by this process, newest last (tests read codes here). */
  readonly sent: OutboxMessage[];
}

export interface FileOutboxOptions {
  file: string;
  /**
   * What the console shows of each message: `codes` (with its code or link: the `npm start` demo set-up only),
   * `metadata` (channel, recipient, subject) or nothing (`false`, the default).
   */
  console?: 'codes' | 'metadata' | false;
  /**
   * Whether the file keeps a message's body, code and link. False for a message a real transport delivered: then
   * the file is an audit trail of metadata only, and a copy of the disk holds no live link or code.
   */
  keepSecrets?: (msg: OutboxMessage) => boolean;
}

/** Messages kept in memory for tests and the operator's last look; older ones are dropped so memory stays flat. */
const SENT_KEPT = 1000;

/** The fields of a message that open nothing: what is recorded once a real transport has delivered it. */
export const metadataOf = ({ id, channel, to, subject, created_at }: OutboxMessage) => ({ id, channel, to, subject, created_at });

/** The local default: one JSON line per message in a file a developer (or an e2e test) can read. */
export function createFileOutbox(opts: FileOutboxOptions): Outbox {
  fs.mkdirSync(path.dirname(opts.file), { recursive: true });
  // Created owner-only; a file left readable by an older version is narrowed too.
  fs.closeSync(fs.openSync(opts.file, 'a', 0o600));
  fs.chmodSync(opts.file, 0o600);
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(input) {
      const msg: OutboxMessage = { id: crypto.randomUUID(), ...input, created_at: new Date().toISOString() };
      const record = opts.keepSecrets && !opts.keepSecrets(msg) ? metadataOf(msg) : msg;
      // Keep the line format stable: e2e tests parse it.
      await fs.promises.appendFile(opts.file, JSON.stringify(record) + '\n', { mode: 0o600 });
      sent.push(msg);
      if (sent.length > SENT_KEPT) sent.splice(0, sent.length - SENT_KEPT);
      if (opts.console === 'codes') {
        console.log(`[outbox] ${msg.channel} to ${msg.to}: ${msg.subject}${msg.code ? ` (code ${msg.code})` : ''}${msg.link ? ` ${msg.link}` : ''}`);
      } else if (opts.console === 'metadata') {
        console.log(`[outbox] ${msg.channel} to ${msg.to}: ${msg.subject}`);
      }
      return msg;
    },
  };
}

/** Last N messages of an outbox file (operator CLI). */
export function readOutboxFile(file: string, last = 10): OutboxMessage[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return lines.slice(-last).flatMap((l) => {
    try {
      return [JSON.parse(l) as OutboxMessage];
    } catch {
      return [];
    }
  });
}
