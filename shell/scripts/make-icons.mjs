// Draws the app icons (static/icon-<size>.png) from the favicon's design: a dish's arc and its feed in white on the
// portal's blue, full bleed with the drawing inside the central 60 %, so one file serves as "any" and "maskable".
// Run once after changing the design: `node shell/scripts/make-icons.mjs`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x0b, 0x57, 0xd0];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Coverage (0..1) of the white drawing at (x, y) in a 32-unit design box, like the favicon's SVG. */
function coverage(x, y) {
  // Arc: a quarter ring of radius 14 around (24, 22), 3 wide; feed: a dot of radius 3 at (10, 22).
  const ring = Math.abs(Math.hypot(x - 24, y - 22) - 14) - 1.5;
  const inQuarter = x <= 24 && y <= 22;
  const arc = inQuarter ? ring : Math.min(Math.hypot(x - 10, y - 22), Math.hypot(x - 24, y - 8)) - 1.5;
  const dot = Math.hypot(x - 10, y - 22) - 3;
  const d = Math.min(arc, dot);
  return Math.max(0, Math.min(1, 0.5 - d * 4));
}

function png(size) {
  const rows = [];
  // The 32-unit drawing scaled into the central 60 % (the maskable safe zone is the central 80 % circle).
  const scale = (size * 0.6) / 24;
  const offset = size / 2 - 16 * scale;
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      const a = coverage((px + 0.5 - offset) / scale + 1, (py + 0.5 - offset) / scale);
      for (let i = 0; i < 3; i++) row[1 + px * 3 + i] = Math.round(BLUE[i] * (1 - a) + WHITE[i] * a);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(new URL(`../static/icon-${size}.png`, import.meta.url), png(size));
}
