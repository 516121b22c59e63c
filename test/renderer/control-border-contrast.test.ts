import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 1.4.11: a text field or list box shows where it is by its border alone, which needs 3:1
 * against the field's own background and against each surface the field sits on, in both themes.
 * Read from the app's stylesheet itself, so that a colour changed there is checked here.
 */
const css = fs.readFileSync(path.resolve('renderer/src/app.css'), 'utf8');

/** The custom properties of the first `:root { … }` in `text`, by name. */
function rootProperties(text: string): Map<string, string> {
  const body = /:root\s*\{([^}]*)\}/.exec(text)?.[1] ?? '';
  return new Map([...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const light = rootProperties(css);
const darkBlock = /@media \(prefers-color-scheme: dark\)\s*\{([\s\S]*?\})\s*\}/.exec(css)?.[1] ?? '';
const dark = new Map([...light, ...rootProperties(darkBlock)]);

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('the border of text fields and list boxes', () => {
  it('is drawn in --control-border, not the dividers\' faint --border', () => {
    const rule = /(?:^|\n)input, select, textarea \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/border:\s*1px solid var\(--control-border\)/);
  });

  for (const [theme, properties] of [['light', light], ['dark', dark]] as const) {
    // The field's own background (--surface), the page (--bg), cards' insets and a select's tint (--surface-2).
    for (const surface of ['--surface', '--bg', '--surface-2']) {
      it(`has at least 3:1 against ${surface} in the ${theme} theme`, () => {
        const border = properties.get('--control-border');
        const background = properties.get(surface);
        expect(border, '--control-border is set').toBeDefined();
        expect(contrast(border!, background!)).toBeGreaterThanOrEqual(3);
      });
    }
  }

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The audit's figures for the old border.
    expect(contrast('#dde1e7', '#ffffff')).toBeCloseTo(1.31, 2);
    expect(contrast('#2c333b', '#181c21')).toBeCloseTo(1.34, 2);
  });
});
