// Issue 35, "The API is safe to deploy": each item of the README's threat table is proven here, on both databases.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createServer, startServer } from '../src/app';
import { ConfigError, loadConfig, startupWarnings } from '../src/config';
import type { Db } from '../src/db';
import { LATEST_MIGRATION } from '../src/db/migrations';
import { redactUrl } from '../src/lib/redact';
import { createFileOutbox } from '../src/outbox';
import { DEMO_EMAIL, seedDemo } from '../src/services/seed';
import { createSession, RESET_EMAILS_PER_HOUR } from '../src/services/users';
import { createKit, describeEachDb, lastMessage, request, signupUser, startPeer, uniqueEmail, type TestServer } from './helpers';

const DAY = 24 * 3600_000;

/** A mail relay that accepts everything, after `delayMs` per message, and keeps what it was given (decoded). */
async function fakeSmtp(delayMs = 0) {
  const mails: string[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('220 fake ESMTP\r\n');
    let buffer = '';
    let message: string | null = null;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (message !== null) {
          if (line !== '.') {
            message += line + '\n';
            continue;
          }
          // Quoted-printable as nodemailer writes it: soft line breaks and =XX escapes.
          mails.push(message.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
          message = null;
          setTimeout(() => socket.write('250 OK\r\n'), delayMs);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          message = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sends `head`, then one byte every 200 ms, and reports what came back and when the server closed the socket. */
function dribble(url: string, head: string, drip: string): Promise<{ text: string; ms: number }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    // The drip starts once the head is written: bytes sent before it would make a malformed request instead.
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(head);
      timer = setInterval(() => socket.writable && socket.write(drip), 200);
    });
    const giveUp = setTimeout(() => socket.destroy(), 20_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ text, ms: Date.now() - started });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(t: TestServer, email: string) {
  const started = performance.now();
  const res = await t.api('POST', '/api/v1/password_resets', { body: { email } });
  return { status: res.status, body: res.body as unknown, ms: performance.now() - started };
}

const settle = (t: TestServer) => t.server.queue.idle();

const resetLinkToken = (link: string) => new URL(link).searchParams.get('token')!;
// The undo link is the portal's page; its token goes to the API's calls.
const revertToken = (link: string) => encodeURIComponent(new URL(link).searchParams.get('token')!);

describe('configuration for a deployment', () => {
  it('seeds the demo customer only when SEED_DEMO asks, and warns on every start while it does', () => {
    expect(loadConfig({}).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(startupWarnings(loadConfig({ SEED_DEMO: '1' })).join('\n')).toMatch(/SEED_DEMO is on: the demo customer \(demo@example.com/);
    expect(startupWarnings(loadConfig({})).join('\n')).not.toMatch(/SEED_DEMO/);
  });

  it('refuses an OPERATOR_TOKEN shorter than 32 characters', () => {
    expect(() => loadConfig({ OPERATOR_TOKEN: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPERATOR_TOKEN: 'a'.repeat(31) })).toThrow(/at least 32 characters/);
    expect(loadConfig({ OPERATOR_TOKEN: 'a'.repeat(32) }).operatorToken).toBe('a'.repeat(32));
  });

  it('has request, header and body timeouts, set from the environment', () => {
    expect(loadConfig({})).toMatchObject({ headersTimeoutMs: 10_000, bodyTimeoutMs: 30_000, requestTimeoutMs: 60_000 });
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '2000', BODY_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '7000' })).toMatchObject({
      headersTimeoutMs: 2000,
      bodyTimeoutMs: 5000,
      requestTimeoutMs: 7000,
    });
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '9000', BODY_TIMEOUT_MS: '5000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('creates the outbox file readable by its owner only, and narrows an older one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const fresh = path.join(dir, 'fresh.jsonl');
      await createFileOutbox({ file: fresh }).send({ channel: 'email', to: 'a@example.com', subject: 's', body: 'b' });
      expect(fs.statSync(fresh).mode & 0o777).toBe(0o600);
      const older = path.join(dir, 'older.jsonl');
      fs.writeFileSync(older, '', { mode: 0o644 });
      fs.chmodSync(older, 0o644);
      createFileOutbox({ file: older });
      expect(fs.statSync(older).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps link tokens and codes out of request logs', () => {
    expect(redactUrl('/api/v1/password_resets/abcDEF123_-?x=1')).toBe('/api/v1/password_resets/[redacted]?x=1');
    expect(redactUrl('/api/v1/contact_reverts/abc%2Fdef')).toBe('/api/v1/contact_reverts/[redacted]');
    expect(redactUrl('/api/v1/email_confirmations/confirm_user_email?code=123456&x=1')).toBe(
      '/api/v1/email_confirmations/confirm_user_email?code=[redacted]&x=1',
    );
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/api/v1/starlink_kits?page=2')).toBe('/api/v1/starlink_kits?page=2');
  });

  it('prints codes on the console only in the demo set-up (SEED_DEMO on, no SMTP)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const msg = { channel: 'email' as const, to: 'a@example.com', subject: 'Your code', body: 'Code 123456', code: '123456' };
      await createFileOutbox({ file: path.join(dir, 'a.jsonl'), console: 'metadata' }).send(msg);
      await createFileOutbox({ file: path.join(dir, 'b.jsonl') }).send(msg);
      expect(log.mock.calls.flat().join('\n')).not.toMatch(/123456/);
      await createFileOutbox({ file: path.join(dir, 'c.jsonl'), console: 'codes' }).send(msg);
      expect(log.mock.calls.flat().join('\n')).toMatch(/123456/);
    } finally {
      log.mockRestore();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describeEachDb('deploy safety', (t, variant) => {
  describe('demo data', () => {
    it('is idempotent, skips what another account now holds, and never stops a start', async () => {
      const first = await seedDemo(t().server.ctx);
      expect(first).toMatchObject({ created: true, skipped: [] });
      expect((await seedDemo(t().server.ctx)).created).toBe(false);

      // A stranger logs in as the demo customer and moves it to their own address: its kits go with it.
      const [demo] = await t().server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO_EMAIL]);
      const token = await createSession(t().server.ctx, demo!.id);
      const moved = await t().api('PUT', '/api/v1/starlink_users/email_change_request', {
        token,
        body: { starlink_user_profile: { profile_param: uniqueEmail('stranger'), current_password: 'demo1234' } },
      });
      expect(moved.status).toBe(200);

      // The next start seeds again: the demo customer is back without the kits it cannot have, and the server runs.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-seed-'));
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const server = await startServer({
          env: {},
          db: t().server.db,
          logger: false,
          consoleOutbox: false,
          config: { ...t().server.config, dataDir, outboxFile: path.join(dataDir, 'outbox.jsonl'), port: 0, seedDemo: true },
        });
        try {
          expect(server.seed?.created).toBe(true);
          expect(server.seed?.skipped).toHaveLength(14);
          expect(server.seed?.skipped[0]).toMatch(/kit KITDEMO0001: the kit number belongs to another account/);
          expect(warn.mock.calls.flat().join('\n')).toMatch(/Demo seed: skipped kit KITDEMO0001/);
          expect((await request(server.url, 'GET', '/health')).status).toBe(200);
          const login = await request(server.url, 'POST', '/api/v1/login', { body: { starlink_user: { email: DEMO_EMAIL, password: 'demo1234' } } });
          expect(login.status).toBe(200);
        } finally {
          await server.close();
        }
      } finally {
        warn.mockRestore();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('a stolen token cannot keep the account', () => {
    it('thief changes the email; the owner puts it back with the link mailed to the old address', async () => {
      const owner = await signupUser(t());
      const phone = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: owner.email, password: owner.password } } });
      // The owner asked for a reset earlier; the link sits in their mailbox.
      await t().api('POST', '/api/v1/password_resets', { body: { email: owner.email } });
      await settle(t());
      const ownersResetLink = lastMessage(t(), owner.email, 'email')!.link!;

      // The thief has the owner's first session token and moves the account to their own address.
      const stolen = owner.token;
      const thiefEmail = uniqueEmail('thief');
      const changed = await t().api('PUT', '/api/v1/starlink_users/email_change_request', {
        token: stolen,
        body: { starlink_user_profile: { profile_param: thiefEmail, current_password: 'secret123' } },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.user.email).toBe(thiefEmail);
      await settle(t());
      // The change keeps the session that made it, ends the others and voids the reset link sent before it.
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: stolen })).status).toBe(200);
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: phone.body.token })).status).toBe(401);
      const oldReset = await t().api('PUT', `/api/v1/password_resets/${resetLinkToken(ownersResetLink)}`, { body: { password: 'owner-new-1' } });
      expect(oldReset.status).toBe(422);

      // The thief sends themselves a reset link, and moves the WhatsApp number too.
      await t().api('POST', '/api/v1/password_resets', { body: { email: thiefEmail } });
      await t().api('PUT', '/api/v1/starlink_users/whatsapp_number_change_request', {
        token: stolen,
        body: { starlink_user_profile: { profile_param: '+2348099999999', current_password: 'secret123' } },
      });
      await settle(t());
      const thiefResetLink = t().server.outbox.sent.filter((m) => m.to === thiefEmail && m.subject === 'Reset your password').at(-1)!.link!;

      // The owner's mailbox: a notice naming the new address, with a single-use link valid 7 days.
      const notice = lastMessage(t(), owner.email, 'email')!;
      expect(notice.subject).toBe('Your email address was changed');
      expect(notice.body).toContain(thiefEmail);
      expect(notice.body).toContain('within 7 days');
      expect(notice.link).toMatch(/^http:\/\/localhost:3000\/undo-contact-change\?token=/);
      const link = revertToken(notice.link!);

      // Opening the link shows what it does and changes nothing (a mail scanner may fetch it first).
      const pageView = await t().api('GET', `/api/v1/contact_reverts/${link}`, { headers: { accept: 'text/html' } });
      expect(pageView.status).toBe(200);
      expect(pageView.headers.get('content-type')).toMatch(/^text\/html/);
      expect(pageView.body).toContain(owner.email);
      expect(pageView.body).toContain('<form method="post">');
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: stolen })).status).toBe(200);

      // The button: the old address is back, every session ends and every reset link is void.
      const reverted = await t().api('POST', `/api/v1/contact_reverts/${link}`);
      expect(reverted.status).toBe(200);
      expect(reverted.body.message).toMatch(new RegExp(`Your email address is ${owner.email.replace(/\./g, '\\.')} again`));
      expect((await t().api('GET', '/api/v1/starlink_user_wallet', { token: stolen })).status).toBe(401);
      const thiefReset = await t().api('PUT', `/api/v1/password_resets/${resetLinkToken(thiefResetLink)}`, { body: { password: 'thief-pass-1' } });
      expect(thiefReset.status).toBe(422);
      // The password the thief knew is void; the owner chooses a new one with the link mailed to the restored address.
      expect((await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: owner.email, password: owner.password } } })).status).toBe(401);
      const chooser = lastMessage(t(), owner.email, 'email')!;
      expect(chooser.subject).toBe('Choose a new password');
      expect((await t().api('PUT', `/api/v1/password_resets/${resetLinkToken(chooser.link!)}`, { body: { password: 'owner-new-1' } })).status).toBe(200);
      const ownerLogin = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: owner.email, password: 'owner-new-1' } } });
      expect(ownerLogin.status).toBe(200);
      expect(ownerLogin.body.user.email).toBe(owner.email);
      // The address was proven before the change, so it still is.
      expect(ownerLogin.body.user.email_verified).toBe(owner.user.email_verified);
      expect((await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: thiefEmail, password: 'owner-new-1' } } })).status).toBe(401);

      // Single use.
      const again = await t().api('POST', `/api/v1/contact_reverts/${link}`);
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('This link is invalid, has expired or was already used.');

      // The WhatsApp change was told to the old number, by WhatsApp, with its own link.
      const whatsapp = lastMessage(t(), '+2348022222222', 'whatsapp')!;
      expect(whatsapp.subject).toBe('Your WhatsApp number was changed');
      const back = await t().api('POST', `/api/v1/contact_reverts/${revertToken(whatsapp.link!)}`);
      expect(back.status).toBe(200);
      const me = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: owner.email, password: 'owner-new-1' } } });
      expect(me.status).toBe(401);
      const secondChooser = lastMessage(t(), owner.email, 'email')!;
      expect((await t().api('PUT', `/api/v1/password_resets/${resetLinkToken(secondChooser.link!)}`, { body: { password: 'owner-new-2' } })).status).toBe(200);
      const restored = await t().api('POST', '/api/v1/login', { body: { starlink_user: { email: owner.email, password: 'owner-new-2' } } });
      expect(restored.body.user.whatsapp_number).toBe('+2348022222222');
    });

    it('tells the old phone number by WhatsApp; a link expires after 7 days; re-saving sends nothing', async () => {
      const owner = await signupUser(t());
      const put = (p: string, value: string) =>
        t().api('PUT', `/api/v1/starlink_users/${p}`, { token: owner.token, body: { starlink_user_profile: { profile_param: value, current_password: 'secret123' } } });
      expect((await put('phone_number_change_request', '+2348033333333')).status).toBe(200);
      await settle(t());
      const notice = lastMessage(t(), '+2348011111111', 'whatsapp')!;
      expect(notice.subject).toBe('Your phone number was changed');
      const sent = t().server.outbox.sent.length;
      expect((await put('phone_number_change_request', '+234 803 333 3333')).status).toBe(200);
      expect((await put('email_change_request', owner.email.toUpperCase())).status).toBe(200);
      await settle(t());
      expect(t().server.outbox.sent.length).toBe(sent);

      t().advance(7 * DAY + 60_000);
      const late = await t().api('POST', `/api/v1/contact_reverts/${revertToken(notice.link!)}`, { headers: { accept: 'text/html' } });
      expect(late.status).toBe(422);
      expect(late.body).toContain('This link is invalid, has expired or was already used.');
    });

    it('putting an address back voids the other links of the field; an address set in between never gets one', async () => {
      const owner = await signupUser(t());
      const put = (value: string) =>
        t().api('PUT', '/api/v1/starlink_users/email_change_request', { token: owner.token, body: { starlink_user_profile: { profile_param: value, current_password: 'secret123' } } });
      const second = uniqueEmail('second');
      await put(second);
      await put(uniqueEmail('third'));
      await settle(t());
      // Both changes were told to the owner's address with a link putting it back; the second address gets none.
      const toOwner = t().server.outbox.sent.filter((m) => m.to === owner.email && m.link).map((m) => revertToken(m.link!));
      expect(toOwner).toHaveLength(2);
      expect(lastMessage(t(), second, 'email')!.link).toBeUndefined();
      expect((await t().api('POST', `/api/v1/contact_reverts/${toOwner[0]}`)).status).toBe(200);
      expect((await t().api('POST', `/api/v1/contact_reverts/${toOwner[1]}`)).status).toBe(422);
      const [row] = await t().server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [owner.user.id]);
      expect(row!.email).toBe(owner.email);
    });
  });

  describe('no secret at rest once SMTP is configured', () => {
    it('mails links by SMTP and keeps only metadata in the outbox file', async () => {
      const relay = await fakeSmtp();
      const peer = await startPeer(t(), variant, { config: { smtpUrl: relay.url } });
      try {
        const owner = await signupUser(t());
        expect((await peer.api('POST', '/api/v1/password_resets', { body: { email: owner.email } })).status).toBe(200);
        // The reset's lookup runs after its answer: done before the address changes, or it finds no one by the old one.
        await peer.queue.idle();
        expect((await peer.api('POST', '/api/v1/email_confirmations', { token: owner.token })).status).toBe(200);
        const change = await peer.api('PUT', '/api/v1/starlink_users/email_change_request', {
          token: owner.token,
          body: { starlink_user_profile: { profile_param: uniqueEmail('new'), current_password: 'secret123' } },
        });
        expect(change.status).toBe(200);
        await peer.queue.idle();
        const sent = peer.outbox.sent;
        const secrets = sent.flatMap((m) => [m.link, m.code]).filter((s): s is string => !!s);
        expect(secrets.length).toBeGreaterThanOrEqual(3);
        // The customer got them...
        for (const s of secrets) expect(relay.mails.join('\n')).toContain(s.includes('token=') ? resetLinkToken(s) : s.split('/').pop()!);
        // ...and the disk did not.
        const file = fs.readFileSync(peer.config.outboxFile, 'utf8');
        expect(file.trim().split('\n')).toHaveLength(3);
        for (const line of file.trim().split('\n')) expect(Object.keys(JSON.parse(line) as object).sort()).toEqual(['channel', 'created_at', 'id', 'subject', 'to']);
        for (const s of secrets) expect(file).not.toContain(s.split('/').pop()!.split('=').pop()!);
        expect(fs.statSync(peer.config.outboxFile).mode & 0o777).toBe(0o600);
        // The queued messages (the welcome, the change notice) kept their text and link in the database only until sent.
        const queued = await t().server.db.query<{ body: string; link: string | null; sent_at: Date | null }>(
          'SELECT body, link, sent_at FROM messages WHERE recipient = $1',
          [owner.email],
        );
        expect(queued.length).toBeGreaterThan(0);
        for (const row of queued) expect(row).toEqual({ body: '', link: null, sent_at: expect.any(Date) });
      } finally {
        await peer.cleanup();
        await relay.close();
      }
    });
  });

  describe('reset requests look the same for every address', () => {
    it('answers known and unknown addresses alike, as fast, while the relay takes 400 ms', async () => {
      const relay = await fakeSmtp(400);
      const peer = await startPeer(t(), variant, { config: { smtpUrl: relay.url } });
      try {
        const known = await signupUser(t());
        const p = { api: peer.api } as unknown as TestServer;
        const knownRuns = [];
        const unknownRuns = [];
        for (let i = 0; i < 4; i++) {
          knownRuns.push(await timed(p, known.email));
          unknownRuns.push(await timed(p, uniqueEmail('nobody')));
        }
        for (const run of [...knownRuns, ...unknownRuns]) {
          expect(run.status).toBe(200);
          expect(run.body).toEqual(knownRuns[0]!.body);
        }
        const gap = Math.abs(median(knownRuns.map((r) => r.ms)) - median(unknownRuns.map((r) => r.ms)));
        expect(gap).toBeLessThan(200);
        expect(median(knownRuns.map((r) => r.ms))).toBeLessThan(400);
        await peer.queue.idle();
        expect(relay.mails.filter((m) => m.includes(known.email))).toHaveLength(4);
      } finally {
        await peer.cleanup();
        await relay.close();
      }
    });

    it('answers 200 for every address when the mail relay is down', async () => {
      const relay = await fakeSmtp();
      await relay.close();
      const peer = await startPeer(t(), variant, { config: { smtpUrl: relay.url } });
      try {
        const known = await signupUser(t());
        const a = await peer.api('POST', '/api/v1/password_resets', { body: { email: known.email } });
        const b = await peer.api('POST', '/api/v1/password_resets', { body: { email: uniqueEmail('nobody') } });
        expect([a.status, b.status]).toEqual([200, 200]);
        expect(a.body).toEqual(b.body);
        await peer.queue.idle();
      } finally {
        await peer.cleanup();
      }
    });

    it(`mails at most ${RESET_EMAILS_PER_HOUR} reset links per address per hour`, async () => {
      const known = await signupUser(t());
      const before = t().server.outbox.sent.length;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => t().api('POST', '/api/v1/password_resets', { body: { email: known.email } })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      await settle(t());
      const toKnown = () => t().server.outbox.sent.slice(before).filter((m) => m.to === known.email && m.subject === 'Reset your password');
      expect(toKnown()).toHaveLength(RESET_EMAILS_PER_HOUR);
      t().advance(3600_000 + 1000);
      await t().api('POST', '/api/v1/password_resets', { body: { email: known.email } });
      await settle(t());
      expect(toKnown()).toHaveLength(RESET_EMAILS_PER_HOUR + 1);
    });
  });

  describe('timeouts', () => {
    it('closes a connection whose body or headers arrive too slowly, with 408', async () => {
      const peer = await startPeer(t(), variant, { config: { headersTimeoutMs: 500, bodyTimeoutMs: 1000 } });
      try {
        const url = peer.app.server.address() as net.AddressInfo;
        const base = `http://127.0.0.1:${url.port}`;
        const body = await dribble(
          base,
          'POST /api/v1/login HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
          ' ',
        );
        expect(body.text).toMatch(/^HTTP\/1\.1 408/);
        expect(body.text).toMatch(/\r\n\r\n\{"message":"The request took too long to arrive\."\}$/);
        expect(body.ms).toBeLessThan(5000);
        const headers = await dribble(base, 'GET /health HTTP/1.1\r\nHost: api\r\n', 'X-Slow: 1\r\n');
        expect(headers.text).toMatch(/^HTTP\/1\.1 408/);
        expect(headers.ms).toBeLessThan(5000);
      } finally {
        await peer.cleanup();
      }
    }, 30_000);

    it('answers 503 when a handler takes longer than REQUEST_TIMEOUT_MS', async () => {
      const handle = await createServer({ env: {}, db: t().server.db, logger: false, consoleOutbox: false, config: { ...t().server.config, requestTimeoutMs: 200 } });
      try {
        handle.app.get('/slow-for-test', async () => new Promise((resolve) => setTimeout(() => resolve({ ok: true }), 1000)));
        const res = await handle.app.inject({ method: 'GET', url: '/slow-for-test' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: 'The server took too long to answer. Please try again.' });
      } finally {
        await handle.close();
      }
    });
  });

  describe('health', () => {
    it('/ready is 200 with the database up and migrated, 503 when migrations are missing; /health stays 200', async () => {
      expect((await t().api('GET', '/ready')).status).toBe(200);
      await t().server.db.query('DELETE FROM schema_migrations WHERE version = $1', [LATEST_MIGRATION]);
      try {
        const ready = await t().api('GET', '/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.message).toBe('Database migrations are not applied');
        expect((await t().api('GET', '/health')).status).toBe(200);
      } finally {
        await t().server.db.query("INSERT INTO schema_migrations (version, name) VALUES ($1, 'restored by the test')", [LATEST_MIGRATION]);
      }
    });

    it('/ready is 503 when the database cannot be reached', async () => {
      const down = new Error('connect ECONNREFUSED');
      const db: Db = {
        kind: variant,
        query: () => Promise.reject(down),
        exec: () => Promise.reject(down),
        tx: () => Promise.reject(down),
        close: () => Promise.resolve(),
      };
      const handle = await createServer({ env: {}, db, logger: false, consoleOutbox: false, config: { ...t().server.config } });
      try {
        const ready = await handle.app.inject({ method: 'GET', url: '/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ message: 'Database unreachable' });
        expect((await handle.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      } finally {
        await handle.close();
      }
    });
  });

  describe('the smaller items', () => {
    it('operator routes answer 404 without the token, before reading the body', async () => {
      const noToken = await t().api('POST', '/operator/command', { raw: '{"cmd": 12' });
      expect(noToken.status).toBe(404);
      const wrongToken = await t().api('POST', '/operator/command', { body: { cmd: 'nope' }, headers: { 'x-operator-token': 'x'.repeat(43) } });
      expect(wrongToken.status).toBe(404);
      expect((await t().api('GET', '/operator/health')).status).toBe(404);
      const withToken = await t().api('POST', '/operator/command', { body: { cmd: 'nope' }, headers: { 'x-operator-token': t().server.operatorToken } });
      expect(withToken.status).toBe(400);
    });

    it('checks the session before the body: 401, not 400, without one', async () => {
      const bad = { starlink_user_profile: { profile_param: 'not an email', current_password: 'secret123' } };
      expect((await t().api('PUT', '/api/v1/starlink_users/email_change_request', { body: bad })).status).toBe(401);
      expect((await t().api('PUT', '/api/v1/starlink_users/email_change_request', { body: bad, token: 'x'.repeat(43) })).status).toBe(401);
      expect((await t().api('POST', '/api/v1/starlink_kits', { raw: '{' })).status).toBe(401);
      expect((await t().api('GET', '/api/v1/starlink_kits/0x10')).status).toBe(401);
    });

    it("answers the router's, CORS's and the HTTP parser's own failures as JSON with a readable message", async () => {
      const malformed = await dribble(t().url, 'GET /health HTTP/1.1\r\nHost api\r\n\r\n', '');
      expect(malformed.text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\r\n\r\n\{"message":"The request is not valid\."\}$/);
      const long = await t().api('GET', `/api/v1/starlink_kits/${'1'.repeat(200)}`);
      expect(long.status).toBe(414);
      expect(long.body).toEqual({ message: 'The address of the request is too long.' });
      const badUrl = await fetch(`${t().url}/api/v1/starlink_kits/%E0%A4%A`);
      expect(badUrl.status).toBe(400);
      expect(await badUrl.json()).toEqual({ message: 'The address of the request is not valid.' });
      const preflight = await fetch(`${t().url}/api/v1/login`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000' } });
      expect(preflight.status).toBe(400);
      expect(preflight.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await preflight.json()).toEqual({ message: 'The request is not valid.' });
    });

    it('refuses names and addresses made of spaces', async () => {
      const signup = await t().api('POST', '/api/v1/signup', {
        body: {
          starlink_user: {
            email: uniqueEmail(),
            password: 'secret123',
            confirm_password: 'secret123',
            phone_number: '+2348011111111',
            whatsapp_number: '+2348011111111',
            name: '     ',
          },
        },
      });
      expect(signup.status).toBe(400);
      expect(signup.body.message).toBe('Enter your name (2 to 120 characters).');
      const { token } = await signupUser(t());
      const kit = await t().api('POST', '/api/v1/starlink_kits', { token, body: { kit_number: 'KIT-SPACES-1', address: '        ', nin: '12345678901' } });
      expect(kit.status).toBe(400);
      expect(kit.body.message).toBe('Enter an address of 5 to 300 characters.');
      const created = await createKit(t(), token);
      const move = await t().api('PUT', `/api/v1/starlink_kits/kit_address_change_request?id=${created.id}`, {
        token,
        body: { starlink_kit_address: { address: '   \t   ' } },
      });
      expect(move.status).toBe(400);
    });

    it('stores +234 (0) 801… without the trunk 0', async () => {
      const { user } = await signupUser(t(), { phone_number: '+234 (0) 801 234 5678', whatsapp_number: '+234(0)8012345679' });
      expect(user.phone_number).toBe('+2348012345678');
      expect(user.whatsapp_number).toBe('+2348012345679');
    });

    it('refuses an address written wholly in Cyrillic letters that look Latin', async () => {
      for (const email of [`\u0440\u0430\u0443\u0440\u0430\u04cf.${Date.now()}@example.com`, 'user@\u0440\u0430\u0443\u0440\u0430\u04cf.com']) {
        const res = await t().api('POST', '/api/v1/password_resets', { body: { email } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Enter a valid email address.');
      }
    });

    it('accepts a wallet_id in lower case', async () => {
      const { token } = await signupUser(t());
      const wallet = await t().api('GET', '/api/v1/starlink_user_wallet', { token });
      const funding = await t().api('POST', '/api/v1/starlink_wallet_fundings', {
        token,
        body: { starlink_wallet_funding: { starlink_user_wallet_id: String(wallet.body.wallet_id).toLowerCase(), amount: 1000, payment_method: 'offline' } },
      });
      expect(funding.status).toBe(201);
    });
  });
});
