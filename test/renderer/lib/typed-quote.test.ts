import { describe, expect, it } from 'vitest';
import { quoteTyped } from '../../../renderer/src/lib/typed-quote.ts';

describe('quoteTyped', () => {
  it('quotes a short text whole', () => {
    expect(quoteTyped('0.0.1.2')).toBe('“0.0.1.2”');
    expect(quoteTyped('x'.repeat(60))).toBe(`“${'x'.repeat(60)}”`);
  });

  it('cuts a long text to its first 60 characters and says how long it was', () => {
    expect(quoteTyped('x'.repeat(61))).toBe(`“${'x'.repeat(60)}…” (61 characters)`);
    expect(quoteTyped(`0x${'6'.repeat(4800)}`)).toBe(`“0x${'6'.repeat(58)}…” (4,802 characters)`);
  });

  it('counts an emoji as one character and never cuts one in half', () => {
    const quoted = quoteTyped('💥'.repeat(70));
    expect(quoted).toBe(`“${'💥'.repeat(60)}…” (70 characters)`);
  });

  it('counts an emoji joined of several, or a letter with its accent, as one character and cuts neither', () => {
    const coder = '\u{1F469}\u200D\u{1F4BB}';
    expect(quoteTyped(`${'x'.repeat(59)}${coder}${'y'.repeat(5)}`)).toBe(`“${'x'.repeat(59)}${coder}…” (65 characters)`);
    expect(quoteTyped('e\u0301'.repeat(61))).toBe(`“${'e\u0301'.repeat(60)}…” (61 characters)`);
  });
});
