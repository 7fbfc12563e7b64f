import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { dbOptionsFromConfig, openDb, type Db } from './db';
import { randomToken } from './lib/crypto';
import { HttpError } from './lib/errors';
import { systemClock, type Clock } from './lib/time';
import { createFileOutbox, type Outbox } from './outbox';
import { createSmtpOutbox } from './outbox/smtp';
import { authRoutes } from './routes/auth-routes';
import { kitRoutes } from './routes/kit-routes';
import { registerContract } from './routes/openapi';
import { operatorRoutes } from './routes/operator-routes';
import { databaseRateLimitStore } from './routes/rate-limit-store';
import { rateLimitsFrom, type RateLimitConfig } from './routes/rate-limits';
import { normaliseKeyword, problemsFromAjv, TEXT, validationError } from './routes/schemas';
import { assertInputTypes, hasNul } from './routes/strict-types';
import { userRoutes } from './routes/user-routes';
import { walletRoutes } from './routes/wallet-routes';
import { sweep, type SweepResult } from './services/billing';
import type { Ctx } from './services/context';
import { pruneThrottles } from './services/login-throttle';
import { seedDemo } from './services/seed';
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
  /** Print each outbox message on the console (default true; tests turn it off). */
  consoleOutbox?: boolean;
}

export interface AppHandle {
  app: FastifyInstance;
  ctx: Ctx;
  config: Config;
  operatorToken: string;
  sweep(): Promise<SweepResult>;
  close(): Promise<void>;
}

export interface RunningServer extends AppHandle {
  url: string;
  port: number;
  db: Db;
  outbox: Outbox;
}

function readOrCreateOperatorToken(config: Config): string {
  if (config.operatorToken) return config.operatorToken;
  const file = path.join(config.dataDir, 'operator-token');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 20) return existing;
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
  const fileOutbox = options.outbox ?? createFileOutbox({ file: config.outboxFile, console: options.consoleOutbox });
  const outbox = config.smtpUrl && !options.outbox ? createSmtpOutbox(config.smtpUrl, config.mailFrom, fileOutbox) : fileOutbox;
  const ctx: Ctx = { db, config, outbox, clock: options.clock ?? systemClock };
  const operatorToken = readOrCreateOperatorToken(config);
  const limits = { ...rateLimitsFrom(config), ...options.rateLimits };

  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    // Query strings such as ?id= are validated as integers; coercion turns "12" into 12 before the schema check.
    // verbose: each error names its schema, whose x-text is what the customer reads; allErrors: `errors` lists
    // every bad field (the bodies are small, flat objects, so there is no deep input to make that costly).
    ajv: {
      customOptions: { coerceTypes: true, removeAdditional: true, allErrors: true, verbose: true, keywords: [normaliseKeyword, TEXT] },
    },
  });

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
    return payload;
  });

  // Wrong JSON types (and hex or exponent numerals) are refused before the coercing schema validator sees them.
  app.addHook('preValidation', async (req) => {
    assertInputTypes(req.routeOptions.schema, req);
  });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) return reply.code(err.statusCode).send(err.body());
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
    if (status === 413) return reply.code(413).send({ message: `Request body is larger than ${config.bodyLimitBytes} bytes` });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message });
    req.log.error(err);
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` }));

  app.decorateRequest('currentUser', null);
  await registerContract(app);
  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  authRoutes(app, ctx, limits);
  userRoutes(app, ctx, limits);
  kitRoutes(app, ctx);
  walletRoutes(app, ctx);
  operatorRoutes(app, ctx, operatorToken);

  let sweeping: Promise<SweepResult> | null = null;
  return {
    app,
    ctx,
    config,
    db,
    outbox,
    operatorToken,
    // A caller arriving mid-sweep waits for the running one; this only saves work, since sweeps in other
    // processes run anyway and each charge is decided under the kit's row lock.
    sweep: () =>
      (sweeping ??= (async () => {
        const result = await sweep(ctx, (err, kitId) => app.log.error({ err, kitId }, 'auto-renew failed; retried on the next sweep'));
        await pruneThrottles(ctx);
        return result;
      })().finally(() => (sweeping = null))),
    async close() {
      await app.close();
      if (sweeping) await sweeping.catch(() => undefined);
      if (ownsDb) await db.close();
    },
  };
}

/** Starts listening, seeds when configured, and runs the periodic sweep. Returns the URL and a close(). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const handle = await createServer(options);
  const { app, config } = handle;
  try {
    await dummyHash(config.scryptCost);
    if (config.seedDemo) await seedDemo(handle.ctx);
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
