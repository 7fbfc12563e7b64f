// Built-looking dist folders and a raw HTTP client (fetch would decompress bodies, hiding what was sent).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AppName, PortalConfig } from '../../src/lib/config';
import { writeSite } from '../../src/lib/site';

export const HASHED = 'main.0a1b2c3d.js';
export const MAP = `${HASHED}.map`;

export const testConfig: PortalConfig = {
  apiBaseUrl: 'http://api.example.test',
  remotes: { kits: 'http://127.0.0.1:9/mf-manifest.json' },
  chatUrl: 'https://wa.me/2348000000000',
  bank: { bankName: 'Demo Bank', accountNumber: '0123456789', accountName: 'Reseller Ltd' },
  onlinePaymentUrl: '#',
};

export function page(marker: string): string {
  return `<!doctype html><html><head><title>${marker}</title><script id=portal-config type="application/json">{}</script><script defer src="/${HASHED}"></script></head><body></body></html>`;
}

const roots: string[] = [];

/** A dist folder holding `files` (name: contents), with a .br copy of each name listed in `compressed`. */
export function distFolder(files: Record<string, string>, compressed: string[] = []): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-server-test-'));
  roots.push(dir);
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  for (const name of compressed)
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(files[name] ?? ''));
  return dir;
}

/** A remote's build: its page, entry, manifest, one content-hashed chunk (also as .br) and its source map. */
export function builtApp(marker = 'build one'): string {
  return distFolder(
    {
      'index.html': page(marker),
      'remoteEntry.js': `/* entry ${marker} */`,
      'mf-manifest.json': '{}',
      'expose-chunks.json': '{"exposes":{}}',
      [HASHED]: `console.log(${JSON.stringify(marker)});`.repeat(20),
      [MAP]: '{"version":3}',
    },
    ['index.html', HASHED],
  );
}

export function removeFolders() {
  for (const dir of roots.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

export function request(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The runtime configuration written into a served page. */
export function configIn(html: string): unknown {
  const match = /<script id=portal-config type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '::', () => probe.close(() => resolve(true)));
  });
}

/** A port with the `count` ports from it free (the portal listens on consecutive ports). */
export async function freePorts(count: number): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => portFree(base + i)));
    if (free.every(Boolean)) return base;
  }
}

/** The site written from these apps' releases (each app's live release first); an app left out has nothing live. */
export async function siteOf(
  releases: Partial<Record<AppName, string[]>>,
  { config = testConfig, dir = path.join(distFolder({}), 'site') }: { config?: PortalConfig; dir?: string } = {},
): Promise<string> {
  await writeSite({ dir, config, rootsFor: (app) => releases[app] ?? [] });
  return dir;
}
