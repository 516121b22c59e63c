/**
 * The first words of the 503s a synced store's mirror API gives when it could not ask its upstream
 * for what it does not hold (`main/mirror/http/read-through.ts`). The REST error body has no code
 * of its own (the reference's shape), so the search tells these, which speak of one lookup, from a
 * 503 about the whole ledger (the demo being generated, a damaged store) by them; the messages are
 * built from the same words, so rewording one cannot part the two.
 */
export const READ_THROUGH_OPENINGS = {
  unreachable: 'The upstream mirror node cannot be reached',
  slow: 'The upstream mirror node did not answer',
  held: 'The upstream mirror node asked to wait until',
  failed: 'The upstream mirror node answered HTTP',
  compacting: 'The local store is being compacted',
  storeFull: 'The local store cannot grow',
} as const;
