import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitForApi } from '../src/lib/wait-for-api';

it('waits, saying so once, until the API answers; then resolves', async () => {
  // A port nothing listens on yet.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));

  let waiting = 0;
  let ready = false;
  const done = waitForApi(`http://127.0.0.1:${port}`, { onWaiting: () => (waiting += 1), pollMs: 50 }).then(() => {
    ready = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(ready).toBe(false);
  expect(waiting).toBe(1);

  // The API comes up, answering 401 to the unauthenticated probe.
  const api = http.createServer((_req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json', Connection: 'close' });
    res.end('{"message":"Unauthorized"}');
  });
  await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
  try {
    await done;
    expect(ready).toBe(true);
    expect(waiting).toBe(1);
  } finally {
    await new Promise((resolve) => api.close(resolve));
  }
});

it('does not say it is waiting when the API already answers', async () => {
  const api = http.createServer((_req, res) => {
    res.writeHead(401, { Connection: 'close' });
    res.end();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const onWaiting = jest.fn();
  try {
    await waitForApi(`http://127.0.0.1:${(api.address() as AddressInfo).port}`, { onWaiting });
    expect(onWaiting).not.toHaveBeenCalled();
  } finally {
    await new Promise((resolve) => api.close(resolve));
  }
});
