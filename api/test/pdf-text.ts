import zlib from 'node:zlib';

/**
 * The text of a pdfkit document, one string per text-showing operator, in drawing order. pdfkit writes each page's
 * content as one FlateDecode stream and, with the built-in fonts, each run of text as `[<hex> kerning <hex>…] TJ`
 * in WinAnsi bytes, so inflating the streams and decoding those operators gives back exactly what was drawn.
 */
export function pdfText(pdf: Buffer): string[] {
  const runs: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = (/FlateDecode/.test(m[1]!) ? zlib.inflateSync(bytes) : bytes).toString('latin1');
    } catch {
      continue; // not a content stream (an embedded font or image would be skipped here)
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      runs.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return runs;
}
