import type { SyncStatus } from '../../../../main/common/api-contract.ts';

/**
 * What Re-sync asks before it starts, saying all it does (SyncEngine.resync): the crawls start over,
 * the followed history stays, and a paused sync runs again.
 */
export function resyncQuestion(status: SyncStatus | null): string {
  const paused = status?.state === 'paused' ? ' The sync is paused: this starts it again.' : '';
  return 'Read every account, token and contract from the upstream again, starting from the first?'
    + ' The local mirror keeps answering from the store meanwhile, and the store keeps the transactions it has followed:'
    + ' following goes on from the last of them once the accounts, tokens and contracts are read.'
    + paused;
}
