import { describe, expect, it } from 'vitest';
import { typedText } from '../../../renderer/src/lib/invisible-characters.ts';

describe('typedText', () => {
  it('drops zero-width spaces, word joiners and byte-order marks wherever they are', () => {
    expect(typedText('\u200B0.0.\u20601100\uFEFF')).toBe('0.0.1100');
  });

  it('drops joiners and spaces at the ends only, keeping them inside a word', () => {
    expect(typedText(' \u200D\u200Cनमस्\u200Dते\u200C ')).toBe('नमस्\u200Dते');
    expect(typedText('\u{1F469}\u200D\u{1F4BB}')).toBe('\u{1F469}\u200D\u{1F4BB}');
    expect(typedText('\u200C\u200D')).toBe('');
  });
});
