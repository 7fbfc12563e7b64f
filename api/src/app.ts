import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { loadConfig, OPERATOR_TOKEN_MIN, type Config } from './config';
import { dbOptionsFromConfig, openDb, type Db } from './db';
import { LATEST_MIGRATION } from './db/migrations';
import { randomToken } from './lib/crypto';
import { HttpError } from './lib/errors';
import { redactUrl } from './lib/redact';
import { systemClock, type Clock } from './lib/time';
import { createFileOutbox, type Outbox } from './outbox';
import { OutboxQueue } from './outbox/queue';
import { createSmtpOutbox } from './outbox/smtp';
import { authenticateFirst } from './routes/auth-hook';
import { authRoutes } from './routes/auth-routes';
import { kitRoutes } from './routes/kit-routes';
import { registerContract } from './routes/openapi';
import { operatorRoutes } from './routes/operator-routes';
import { reportRoutes } from './routes/report-routes';
import { revertRoutes } from './routes/revert-routes';
import { staffRoutes } from './routes/staff-routes';
import { databaseRateLimitStore } from './routes/rate-limit-store';
import { rateLimitsFrom, type RateLimitConfig } from './routes/rate-limits';
import { normaliseKeyword, problemsFromAjv, TEXT, validationError } from './routes/schemas';
import { assertInputTypes, hasNul } from './routes/strict-types';
import { userRoutes } from './routes/user-routes';
import { walletRoutes } from './routes/wallet-routes';
import { notificationRoutes } from './routes/notification-routes';
import { sweep, type SweepResult } from './services/billing';
import type { Ctx } from './services/context';
import { pruneClientReports } from './services/client-reports';
import { pruneThrottles } from './services/login-throttle';
import { seedDemo, type SeedResult } from './services/seed';
import { dummyHash } from './services/users';

export interface ServerOptions {
  /** Overrides on top of the environment (tests pass dataDir, port 0, a cheap scryptCost...). */
  config?: Partial<Config>;
  /** Environment to read; defaults to process.env. Tests pass {} to stay hermetic. */
  env?: Record<string, string | undefined>;
  /** An already-open database; otherwise one is opened from config (and closed by close()). */
  db?: Db;
  outbox?: Outbox;
  clock?: Clock;
  rateLimits?: Partial<RateLimitConfig>;
  logger?: boolean;
  /**
   * Print each outbox message on the console: with its code or link only in the demo set-up (SEED_DEMO on, no
   * SMTP), else its channel, recipient and subject. Default true; tests turn it off.
   */
  consoleOutbox?: boolean;
}

export interface AppHandle {
  app: FastifyInstance;
  ctx: Ctx;
  config: Config;
  operatorToken: string;
  /** Messages queued to leave after an answer (reset emails, change notices); tests await `queue.idle()`. */
  queue: OutboxQueue;
  sweep(): Promise<SweepResult>;
  close(): Promise<void>;
}

export interface RunningServer extends AppHandle {
  url: string;
  port: number;
  db: Db;
  outbox: Outbox;
  /** What the demo seed did at this start (undefined when SEED_DEMO is off). */
  seed?: SeedResult;
}

function readOrCreateOperatorToken(config: Config): string {
  if (config.operatorToken) return config.operatorToken;
  const file = path.join(config.dataDir, 'operator-token');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= OPERATOR_TOKEN_MIN) return existing;
  } catch {
    // first start: fall through and create it
  }
  const token = randomToken();
  fs.writeFileSync(file, token + '\n', { mode: 0o600 });
  return token;
}

/** Builds the app without listening. Everything the routes need is injected here, so tests can swap any of it. */
export async function createServer(options: ServerOptions = {}): Promise<AppHandle & { db: Db; outbox: Outbox }> {
  const config = loadConfig(options.env ?? process.env, options.config ?? {});
  fs.mkdirSync(config.dataDir, { recursive: true });
  const ownsDb = !options.db;
  const db = options.db ?? (await openDb(dbOptionsFromConfig(config)));
  const fileOutbox =
    options.outbox ??
    createFileOutbox({
      file: config.outboxFile,
      console: options.consoleOutbox === false ? false : config.seedDemo && !config.smtpUrl ? 'codes' : 'metadata',
      // An email SMTP delivered is recorded without its link or code; WhatsApp has no transport here, so the file
      // is how its messages reach a gateway.
      keepSecrets: config.smtpUrl ? (msg) => msg.channel !== 'email' : undefined,
    });
  const outbox = config.smtpUrl && !options.outbox ? createSmtpOutbox(config.smtpUrl, config.mailFrom, fileOutbox) : fileOutbox;
  // Runs only after an answer, so `app` (declared below) exists by then.
  const queue = new OutboxQueue((err, label) => app.log.error({ err }, `${label} not sent`));
  const ctx: Ctx = { db, config, outbox, clock: options.clock ?? systemClock, queue };
  const operatorToken = readOrCreateOperatorToken(config);
  const limits = { ...rateLimitsFrom(config), ...options.rateLimits };

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : // Request logs (LOG_LEVEL info and below) never keep a reset or revert link's token, nor a code.
          { level: config.logLevel, serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url) }) } },
    bodyLimit: config.bodyLimitBytes,
    // Slow clients cannot hold connections: headers, then the whole request, must arrive in time (408 and closed);
    // a handler that has not answered in time gets 503. Node checks the first two every second, not every 30 s.
    http: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.bodyTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.bodyTimeoutMs,
    // An idle keep-alive connection is closed within seconds, so idle sockets cannot pile up to the cap below.
    keepAliveTimeout: config.keepAliveTimeoutMs,
    handlerTimeout: config.requestTimeoutMs,
    // Failures before a request exists (a timeout, malformed HTTP) answer ErrorBody too, then close.
    clientErrorHandler: (err: NodeJS.ErrnoException, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, text, message] =
        err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'The request took too long to arrive.']
          : err.code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'Request Header Fields Too Large', 'The request headers are too large.']
            : [400, 'Bad Request', 'The request is not valid.'];
      const body = JSON.stringify({ message });
      if (socket.writable) {
        socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${body}`);
      }
      socket.destroy();
    },
    // Router failures answer like every other error: ErrorBody JSON with a readable message.
    frameworkErrors: (err, _req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'The address of the request is too long.' : 'The address of the request is not valid.' });
    },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Query strings such as ?id= are validated as integers; coercion turns "12" into 12 before the schema check.
    // verbose: each error names its schema, whose x-text is what the customer reads; allErrors: `errors` lists
    // every bad field (the bodies are small, flat objects, so there is no deep input to make that costly).
    ajv: {
      customOptions: { coerceTypes: true, removeAdditional: true, allErrors: true, verbose: true, keywords: [normaliseKeyword, TEXT] },
    },
  });

  // Connections beyond the cap are closed as they arrive; the ones held are freed by the timeouts above.
  app.server.maxConnections = config.maxConnections;

  // The portal posts "empty body" calls with a JSON content type; treat an empty body as {} instead of a 400.
  // JSON only: a text/plain body is answered 415 instead of reaching the validators as a string.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      const parsed: unknown = JSON.parse(text, (key, value: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : value));
      if (hasNul(parsed)) return done(new HttpError(400, 'Text must not contain NUL characters'), undefined);
      done(null, parsed);
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });

  await app.register(cors, {
    origin: (origin, cb) => {
      // Non-browser clients send no Origin; only browsers from the allowlist get CORS headers.
      if (!origin) return cb(null, true);
      cb(null, config.corsOrigins.includes(origin));
    },
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(ctx),
    errorResponseBuilder: (_req, context) =>
      new HttpError(429, `Too many requests. Please try again in ${context.after}.`, { error: 'Too many requests' }),
  });

  app.addHook('onSend', async (_req, reply, payload) => {
    // Balances and sessions must never come from a cache.
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Content-Type-Options', 'nosniff');
    // A plugin's own plain-text failure (a CORS preflight without its headers) answers as ErrorBody too.
    if (reply.statusCode >= 400 && String(reply.getHeader('content-type') ?? '').startsWith('text/plain')) {
      reply.type('application/json; charset=utf-8');
      return JSON.stringify({ message: reply.statusCode === 400 ? 'The request is not valid.' : 'The request could not be handled.' });
    }
    return payload;
  });

  // The bearer token is checked before the body is read or validated: a caller without a session learns 401, not
  // which fields are wrong.
  app.addHook('onRequest', authenticateFirst(ctx));

  // Wrong JSON types (and hex or exponent numerals) are refused before the coercing schema validator sees them.
  app.addHook('preValidation', async (req) => {
    assertInputTypes(req.routeOptions.schema, req);
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      // A failure on our side told to the caller in words (a mail relay down) is still one for the logs.
      if (err.statusCode >= 500) req.log.error(err.cause ?? err);
      return reply.code(err.statusCode).send(err.body());
    }
    if (err.validation) {
      const failure = validationError(problemsFromAjv(err.validation as Parameters<typeof problemsFromAjv>[0], err.validationContext));
      return reply.code(400).send(failure.body());
    }
    // A value the database refuses (invalid text, out-of-range number...) came from the client: a 400, not a 500.
    const pgCode = (err as { code?: unknown }).code;
    if (typeof pgCode === 'string' && /^22[0-9A-Z]{3}$/.test(pgCode)) {
      return reply.code(400).send({ message: 'A value in the request is not valid', error: 'Invalid value' });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_HANDLER_TIMEOUT') {
      req.log.error(err);
      return reply.code(503).send({ message: 'The server took too long to answer. Please try again.' });
    }
    if (status === 413) return reply.code(413).send({ message: `Request body is larger than ${config.bodyLimitBytes} bytes` });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message });
    req.log.error(err);
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` }));

  app.decorateRequest('currentUser', null);
  await registerContract(app);
  // Liveness: the process answers. A load balancer routes by /ready instead (README, "Deploying").
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/ready', { schema: { hide: true } }, async (_req, reply) => {
    try {
      const [row] = await db.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
      if (Number(row?.v ?? 0) >= LATEST_MIGRATION) return { ok: true };
      return reply.code(503).send({ ok: false, message: 'Database migrations are not applied' });
    } catch {
      return reply.code(503).send({ ok: false, message: 'Database unreachable' });
    }
  });
  authRoutes(app, ctx, limits);
  userRoutes(app, ctx, limits);
  kitRoutes(app, ctx, limits);
  walletRoutes(app, ctx, limits);
  notificationRoutes(app, ctx);
  operatorRoutes(app, ctx, operatorToken);
  staffRoutes(app, ctx, limits);
  await revertRoutes(app, ctx, limits);
  await reportRoutes(app, ctx, limits);

  let sweeping: Promise<SweepResult> | null = null;
  return {
    app,
    ctx,
    config,
    db,
    outbox,
    operatorToken,
    queue,
    // A caller arriving mid-sweep waits for the running one; this only saves work, since sweeps in other
    // processes run anyway and each charge is decided under the kit's row lock.
    sweep: () =>
      (sweeping ??= (async () => {
        const result = await sweep(
          ctx,
          (err, kitId) => app.log.error({ err, kitId }, 'auto-renew failed; retried on the next sweep'),
          (err, messageId) => app.log.error({ err, messageId }, 'message not sent; retried later'),
        );
        await pruneThrottles(ctx);
        await pruneClientReports(ctx);
        return result;
      })().finally(() => (sweeping = null))),
    async close() {
      await app.close();
      await queue.idle();
      if (sweeping) await sweeping.catch(() => undefined);
      if (ownsDb) await db.close();
    },
  };
}

/** Starts listening, seeds when configured, and runs the periodic sweep. Returns the URL and a close(). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const handle = await createServer(options);
  const { app, config } = handle;
  let seed: SeedResult | undefined;
  try {
    await dummyHash(config.scryptCost);
    if (config.seedDemo) {
      // Demo data must never stop a start: whatever the seed cannot do is reported and the server comes up.
      seed = await seedDemo(handle.ctx).catch((err: unknown) => ({
        created: false,
        email: '',
        password: '',
        skipped: [`the demo seed failed: ${err instanceof Error ? err.message : String(err)}`],
      }));
      for (const note of seed.skipped) console.warn(`Demo seed: skipped ${note}`);
    }
    await handle.sweep();
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await handle.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const timer =
    config.sweepIntervalSeconds > 0
      ? setInterval(() => {
          handle.sweep().catch((err: unknown) => app.log.error(err, 'sweep failed'));
        }, config.sweepIntervalSeconds * 1000)
      : null;
  timer?.unref();
  const serverFile = path.join(config.dataDir, 'server.json');
  fs.writeFileSync(serverFile, JSON.stringify({ url, pid: process.pid, db: handle.db.kind }) + '\n');
  return {
    ...handle,
    url,
    port,
    seed,
    async close() {
      if (timer) clearInterval(timer);
      try {
        const current = JSON.parse(fs.readFileSync(serverFile, 'utf8')) as { url?: string };
        if (current.url === url) fs.rmSync(serverFile, { force: true });
      } catch {
        // already gone
      }
      await handle.close();
    },
  };
}
