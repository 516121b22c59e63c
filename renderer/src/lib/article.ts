/**
 * The indefinite article before `word` (`an account`, `a token`, `an NFT`): by its first letter's
 * sound, a word by its vowel, an abbreviation in capitals by the letter's name as it is spelt out.
 */
export function article(word: string): 'a' | 'an' {
  if (/^[A-Z]{2,}\b/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}
