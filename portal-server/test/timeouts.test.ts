import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createSiteServer } from '../src/lib/site-server';
import { builtApp, removeFolders, siteOf } from './support/fixtures';

const closers: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  removeFolders();
});

/** Sends `head`, then `drip` every 200 ms, and reports what came back and when the server closed the socket. */
function dribble(port: number, head: string, drip: string): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    // The drip starts once the head is written: bytes sent before it would make a malformed request instead.
    const socket = net.connect(port, '127.0.0.1', () => {
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

/** The shell's server, forwarding /api/ to an API that answers once it has the whole body. */
async function shell() {
  const api = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('{}'));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  closers.push(() => {
    api.closeAllConnections();
    return new Promise((resolve) => api.close(resolve));
  });
  const server = await createSiteServer({
    siteDir: await siteOf({ shell: [builtApp()] }),
    app: 'shell',
    apiProxy: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    timeouts: { headersMs: 500, requestMs: 1000 },
    log: () => undefined,
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => server.close());
  return (server.server.address() as AddressInfo).port;
}

it('closes a connection whose body arrives too slowly, with 408', async () => {
  const port = await shell();
  const slow = await dribble(
    port,
    'POST /api/v1/login HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{',
    ' ',
  );
  expect(slow.text).toMatch(/^HTTP\/1\.1 408/);
  expect(slow.ms).toBeLessThan(5000);
}, 30_000);

it('closes a connection whose headers arrive too slowly, with 408', async () => {
  const port = await shell();
  const slow = await dribble(port, 'GET /login HTTP/1.1\r\nHost: portal\r\n', 'X-Slow: 1\r\n');
  expect(slow.text).toMatch(/^HTTP\/1\.1 408/);
  expect(slow.ms).toBeLessThan(5000);
}, 30_000);
