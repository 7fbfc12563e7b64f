// A page's HTML compressed for the browser that asked: rendered per request, it has no pre-compressed copy.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type PageEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding to send a page in, from the request's Accept-Encoding: Brotli if accepted, else gzip, else none.
 * A coding listed with `q=0` is refused; `*` accepts whatever is not listed.
 */
export function pageEncoding(acceptEncoding: string | string[] | undefined): PageEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  const accepted = (coding: PageEncoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

const FAST = { br: 5, gzip: 6 } as const;
const BEST = { br: 11, gzip: 9 } as const;

function compress(html: string, encoding: PageEncoding, level: number): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: level,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzip(html, { level });
}

/**
 * Compresses pages as they are rendered, per request. A page seen before is sent at the best compression, which a
 * first visit's page with its entry script inline (70 kB) makes worth 2 kB, but which takes 130 ms: so the first
 * request for a page gets it fast (Brotli quality 5, a few ms) while the best is made in the background for the
 * next ones. The last `entries` pages are kept.
 */
export function pageCompressor({ entries = 64 } = {}) {
  const best = new Map<string, Buffer>();
  const making = new Set<string>();
  return async (html: string, encoding: PageEncoding): Promise<Buffer> => {
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64')}`;
    const kept = best.get(key);
    if (kept) return kept;
    if (!making.has(key)) {
      making.add(key);
      compress(html, encoding, BEST[encoding])
        .then((bytes) => {
          best.set(key, bytes);
          if (best.size > entries) best.delete(best.keys().next().value!);
        })
        .catch(() => undefined)
        .finally(() => making.delete(key));
    }
    return compress(html, encoding, FAST[encoding]);
  };
}
