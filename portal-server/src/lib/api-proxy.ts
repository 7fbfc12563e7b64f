// The shell's same-origin /api/: forwarded to the API unchanged but for the forwarding headers.
import type { FastifyInstance } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { API_UNREACHABLE_MESSAGE } from './config';

export type ApiProxyOptions = {
  /** The API's origin, such as http://localhost:4000. */
  target: string;
  /** How long to wait for the API to answer before giving up with a 504 (default 30 s). */
  timeoutMs?: number;
};

/** The part of a reply used here, whichever server types the proxy's reply carries. */
type Answer = { code(status: number): Answer; header(name: string, value: string): Answer; send(body: string): unknown };

function unreachable(reply: Answer, status: 502 | 504) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ message: API_UNREACHABLE_MESSAGE }));
}

const isTimeout = (error: { code?: string; statusCode?: number }) =>
  error.statusCode === 504 || /TIMEOUT/i.test(error.code ?? '');

/**
 * Registers /api/ on `server`. X-Forwarded-For is replaced, never appended to, so a client cannot choose the
 * address the API's rate limits count it under (the API trusts it only from this server: TRUST_PROXY). An API
 * that is down answers 502 and one that does not answer in `timeoutMs` 504, both with a message a customer can
 * read; neither is ever cached.
 */
export async function registerApiProxy(server: FastifyInstance, { target, timeoutMs = 30_000 }: ApiProxyOptions) {
  const upstream = new URL(target);
  await server.register(httpProxy, {
    upstream: upstream.origin,
    prefix: '/api',
    rewritePrefix: '/api',
    http: { requestOptions: { timeout: timeoutMs } },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({
        ...headers,
        host: upstream.host,
        'x-forwarded-for': request.socket.remoteAddress ?? '',
        'x-forwarded-host': request.headers.host ?? '',
        'x-forwarded-proto': 'http',
      }),
      onError: (reply, { error }) => {
        void unreachable(reply, isTimeout(error as { code?: string; statusCode?: number }) ? 504 : 502);
      },
    },
  });
}
