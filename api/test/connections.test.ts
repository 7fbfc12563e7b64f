// Issue 49: no client can hold the server's connections: a cap on open connections, idle keep-alive connections closed
// within seconds, silent ones by the header timeout. Connection handling does not depend on the database: embedded only.
import net from 'node:net';
import { loadConfig } from '../src/config';
import { startTestServer } from './helpers';

/** Opens a connection, writes `data` (if any), and resolves with what came back and when the server closed it. */
function connect(url: string, data?: string): { closed: Promise<{ text: string; ms: number }>; socket: net.Socket } {
  const { port } = new URL(url);
  const started = Date.now();
  let text = '';
  const socket = net.connect(Number(port), '127.0.0.1', () => {
    if (data) socket.write(data);
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<{ text: string; ms: number }>((resolve) => socket.on('close', () => resolve({ text, ms: Date.now() - started })));
  return { closed, socket };
}

const GET_HEALTH = 'GET /health HTTP/1.1\r\nHost: api\r\n\r\n';

describe('connections', () => {
  it('has a connection cap and a keep-alive limit by default, set from the environment', () => {
    expect(loadConfig({})).toMatchObject({ maxConnections: 2000, keepAliveTimeoutMs: 5000 });
    expect(loadConfig({ MAX_CONNECTIONS: '100', KEEP_ALIVE_TIMEOUT_MS: '2000' })).toMatchObject({ maxConnections: 100, keepAliveTimeoutMs: 2000 });
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '45000' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('closes an idle keep-alive connection within 10 s of its last answer (default settings)', async () => {
    const t = await startTestServer('pglite');
    try {
      const { closed } = connect(t.url, GET_HEALTH);
      const { text, ms } = await closed;
      expect(text).toMatch(/^HTTP\/1\.1 200 OK/);
      expect(text).toMatch(/keep-alive/i);
      expect(ms).toBeLessThan(10_000);
    } finally {
      await t.stop();
    }
  }, 60_000);

  it('closes connections beyond the cap at once, and silent ones at the header timeout, then serves again', async () => {
    const t = await startTestServer('pglite', { config: { maxConnections: 4, headersTimeoutMs: 1000, bodyTimeoutMs: 2000 } });
    try {
      const held = Array.from({ length: 4 }, () => connect(t.url));
      await new Promise((resolve) => held[3]!.socket.once('connect', resolve));
      const over = await connect(t.url, GET_HEALTH).closed;
      expect(over.text).toBe('');
      expect(over.ms).toBeLessThan(1000);
      const silent = await Promise.all(held.map((h) => h.closed));
      for (const s of silent) {
        expect(s.text).toMatch(/^HTTP\/1\.1 408/);
        expect(s.ms).toBeLessThan(5000);
      }
      const served = await fetch(`${t.url}/health`);
      expect(served.status).toBe(200);
    } finally {
      await t.stop();
    }
  }, 60_000);
});
