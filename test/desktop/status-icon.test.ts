import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TONE_COLORS, statusIconPng, type TrayTone } from '../../main/desktop/status-icon.ts';

/** Decodes the PNGs statusIconPng writes (8-bit RGBA, filter 0, one IDAT) back to pixels. */
function decode(png: Buffer): { size: number; pixel: (x: number, y: number) => number[] } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('ascii', 12, 16)).toBe('IHDR');
  const size = png.readUInt32BE(16);
  expect(png.readUInt32BE(20)).toBe(size);
  expect([png[24], png[25]]).toEqual([8, 6]);
  const idatAt = png.indexOf('IDAT', 0, 'ascii');
  const raw = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
  expect(raw.length).toBe(size * (size * 4 + 1));
  return { size, pixel: (x, y) => [...raw.subarray(y * (size * 4 + 1) + 1 + x * 4, y * (size * 4 + 1) + 1 + x * 4 + 4)] };
}

describe('tray status icon', () => {
  it.each(Object.keys(TONE_COLORS) as TrayTone[])('draws a %s dot: transparent corners, an opaque coloured body', (impact) => {
    for (const size of [16, 32]) {
      const { size: decoded, pixel } = decode(statusIconPng(impact, size));
      expect(decoded).toBe(size);
      expect(pixel(0, 0)[3]).toBe(0);
      expect(pixel(size - 1, size - 1)[3]).toBe(0);
      // Above the centre bar, inside the rim: the impact's own colour, fully opaque.
      const body = pixel(Math.floor(size / 2), Math.floor(size / 4));
      expect(body).toEqual([...TONE_COLORS[impact], 255]);
    }
  });

  it('marks anything open with a white bar, so the state is not told by colour alone', () => {
    const centre = (impact: TrayTone) => decode(statusIconPng(impact, 32)).pixel(16, 16);
    expect(centre('none')).toEqual([...TONE_COLORS.none, 255]);
    expect(centre('unknown')).toEqual([...TONE_COLORS.unknown, 255]);
    expect(centre('critical')).toEqual([255, 255, 255, 255]);
  });

  it('differs per impact, so the tray visibly changes', () => {
    const images = (Object.keys(TONE_COLORS) as TrayTone[]).map((impact) => statusIconPng(impact, 16).toString('base64'));
    expect(new Set(images).size).toBe(images.length);
  });
});
