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
  /** Print each message to the console (the local default); off in tests to keep output readable. */
  console?: boolean;
}

/** The local default: one JSON line per message in a file a developer (or an e2e test) can read, plus the console. */
export function createFileOutbox(opts: FileOutboxOptions): Outbox {
  fs.mkdirSync(path.dirname(opts.file), { recursive: true });
  const sent: OutboxMessage[] = [];
  return {
    sent,
    async send(input) {
      const msg: OutboxMessage = { id: crypto.randomUUID(), ...input, created_at: new Date().toISOString() };
      // Keep the line format stable: e2e tests parse it.
      await fs.promises.appendFile(opts.file, JSON.stringify(msg) + '\n');
      sent.push(msg);
      if (opts.console !== false) {
        console.log(`[outbox] ${msg.channel} to ${msg.to}: ${msg.subject}${msg.code ? ` (code ${msg.code})` : ''}${msg.link ? ` ${msg.link}` : ''}`);
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
