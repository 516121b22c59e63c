import { describe, expect, it } from 'vitest';
import { article } from '../../../renderer/src/lib/article.ts';

describe('article', () => {
  it('says an before a vowel, in either case, and a otherwise', () => {
    expect(article('account')).toBe('an');
    expect(article('Ethereum hash')).toBe('an');
    expect(article('token')).toBe('a');
    expect(article('schedule')).toBe('a');
  });

  it('reads an abbreviation by its letters\' names', () => {
    expect(article('NFT')).toBe('an');
    expect(article('EVM address')).toBe('an');
    expect(article('UTF-8 text')).toBe('a');
    expect(article('TLS key')).toBe('a');
  });
});
