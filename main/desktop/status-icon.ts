import { deflateSync } from 'node:zlib';
import type { StatusImpact } from '../common/status-types.ts';

/** What the tray dot shows: the worst open impact, or `unknown` while the page was never polled. */
export type TrayTone = StatusImpact | 'unknown';

/** The tray dot's colour per tone (RGB): green when nothing is open, grey while nothing is known. */
export const TONE_COLORS: Record<TrayTone, readonly [number, number, number]> = {
  unknown: [0x8a, 0x8f, 0x98],
  none: [0x2e, 0xa0, 0x43],
  maintenance: [0x2f, 0x6f, 0xde],
  minor: [0xd4, 0xa0, 0x17],
  major: [0xe0, 0x6c, 0x10],
  critical: [0xd7, 0x3a, 0x49],
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** Encodes straight RGBA pixels (row-major, `size` x `size`) as a PNG. */
export function encodePng(rgba: Uint8Array, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  // Each row starts with filter byte 0 (none).
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) Buffer.from(rgba.buffer, rgba.byteOffset + y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The tray icon: a filled dot in the tone's colour with a thin darker rim, so it reads on light
 * and dark panels, on a transparent square. Drawn in code (no image assets to ship or download);
 * edges are anti-aliased by coverage. Anything open adds a white bar, so the state is not told by
 * colour alone.
 */
export function statusIconPng(tone: TrayTone, size: number): Buffer {
  const [r, g, b] = TONE_COLORS[tone];
  const pixels = new Uint8Array(size * size * 4);
  const centre = size / 2;
  const radius = size / 2 - size / 16;
  const rim = Math.max(1, size / 16);
  const marked = tone !== 'none' && tone !== 'unknown';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x + 0.5 - centre, y + 0.5 - centre);
      const coverage = Math.min(1, Math.max(0, radius - distance + 0.5));
      if (coverage === 0) continue;
      const inRim = distance > radius - rim;
      const inBar = marked && Math.abs(y + 0.5 - centre) < size / 10 && Math.abs(x + 0.5 - centre) < radius * 0.55;
      const shade = inRim ? 0.7 : 1;
      const at = (y * size + x) * 4;
      pixels[at] = inBar ? 255 : Math.round(r * shade);
      pixels[at + 1] = inBar ? 255 : Math.round(g * shade);
      pixels[at + 2] = inBar ? 255 : Math.round(b * shade);
      pixels[at + 3] = Math.round(coverage * 255);
    }
  }
  return encodePng(pixels, size);
}
