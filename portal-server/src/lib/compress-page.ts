// A page's HTML compressed for the browser that asked: rendered per request, it has no pre-compressed copy.
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

/**
 * The HTML in `encoding`. Brotli at quality 5, paid on every page request: on the shell's template it takes 0.2 ms
 * where quality 11 takes 6 ms, for about 80 bytes more.
 */
export function compressPage(html: string, encoding: PageEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : gzip(html, { level: 6 });
}
