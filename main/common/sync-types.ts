/**
 * Progress of a profile's upstream sync, as the typed API reports it (`sync/status` channel
 * and event). Imported by main, preload and renderer: types only.
 */
export type SyncState =
  /** The profile has no upstream (the demo ledger). */
  | 'none'
  /** Crawling the upstream (a first or a re-sync pass). */
  | 'syncing'
  /** Caught up; following new transactions (or waiting for the next refresh pass). */
  | 'following'
  | 'paused'
  /** The upstream cannot be reached; the local store keeps serving. */
  | 'offline'
  /**
   * The upstream answers, but for some seconds now not usably (server errors, 429s, bodies cut short
   * or not JSON), or asked to wait (Retry-After): nothing moves; the sync retries by itself, and
   * `lastError` says what fails and when it is tried again. The local store keeps serving.
   */
  | 'retrying'
  /**
   * The upstream answered something the sync cannot use (or the local store failed); it tries again
   * later, at `lastError.retryAt`, or, with `retryAt` null, not at all: the store proved damaged and
   * nothing writes to it until the profile is opened again.
   */
  | 'error'
  /** The store gives freed room back to the disk (`sync/compact`): the sync waits, the store keeps answering. */
  | 'compacting';

export type SyncPhaseName = 'accounts' | 'tokens' | 'contracts' | 'transactions';

export interface SyncStatus {
  profile: string;
  /** Base URL of the upstream mirror node; null for the demo profile. */
  upstream: string | null;
  state: SyncState;
  phase: SyncPhaseName | null;
  /** Entities stored in the current pass of the current phase. */
  entitiesSynced: number;
  /** Accounts and contracts in the local store. */
  accountsInStore: number;
  /** Entities stored per second, over the last few seconds. */
  ratePerSecond: number;
  /** Estimated size of the current pass (from how far along the id space it is); null when unknown. */
  estimatedTotal: number | null;
  /** Accounts: until the crawl pass is through. Followed transactions, while behind: until caught up at the pace so far. */
  estimatedSecondsLeft: number | null;
  /**
   * Following is behind and not catching up: the upstream's newest transaction moves on at least as
   * fast as following goes (a busier network than the sync's request rate can follow).
   */
  fallingBehind: boolean;
  /** Completed full passes over the accounts. */
  completedPasses: number;
  /** Consensus timestamp of the last transaction followed (`seconds.nanos`), when the upstream offers them. */
  lastTransactionTimestamp: string | null;
  /**
   * While following is behind the upstream (state `syncing`, phase `transactions`): the consensus
   * timestamp of the upstream's newest transaction when last asked. Null otherwise.
   */
  upstreamNewestTimestamp: string | null;
  /**
   * The consensus timestamp the sync began following transactions after: the store holds every
   * upstream transaction since then, and of the history before only what lookups read through.
   * Null while it follows none (the demo, an upstream without a transactions endpoint).
   */
  followedSince: string | null;
  /** Days of ledger time of followed transactions the store keeps, counted back from the newest; null: all of them. */
  keepDays: number | null;
  /** The store's size on disk (its file and write-ahead log), bytes. */
  storeBytes: number;
  /** Of it, pages that deleted rows left free (pruning): reused before the file grows again. */
  storeReusableBytes: number;
  /** Room left on the disk that holds the store, bytes; null when the system does not say. */
  diskFreeBytes: number | null;
  /** While the store is compacted (state `compacting`): how far; null otherwise. */
  compaction: StoreCompaction | null;
  /**
   * The latest failure, kept after it is over as a record: `recoveredAt` is when the upstream
   * answered again after it (with the sync going again), null while it still stands: only an answer
   * to the failed request's retry, or to a request sent after the failure, ends it (one still under
   * way from before says nothing about it). `retryAt` is when the request that failed is tried
   * again, or the run that failed (state `error`) starts again; null when no retry is scheduled.
   */
  lastError: { message: string; at: string; retryAt: string | null; recoveredAt: string | null } | null;
  /** Every phase the sync has begun, in order: items stored in its current pass, completed passes. */
  phases: SyncPhaseProgress[];
}

/**
 * A compaction under way: a compact copy of the store's live data is written beside it
 * (`copying`), written back over the store (`writing`), then the store's log is folded in and
 * the file truncated (`finishing`, no figures).
 */
export interface StoreCompaction {
  step: 'copying' | 'writing' | 'finishing';
  /** Of the store's live data, bytes through this step so far. */
  doneBytes: number;
  /** The live data's size; 0 while finishing. */
  totalBytes: number;
}

export interface SyncPhaseProgress {
  name: SyncPhaseName;
  /** Accounts, tokens or contracts stored in the current pass; transactions followed so far. */
  synced: number;
  passes: number;
  /** The current pass is through (for transactions: caught up with the upstream's newest). */
  complete: boolean;
}

/** What the store holds of one account's transactions on a synced profile (channel `sync/account-history`). */
export interface AccountHistory {
  account: string;
  /**
   * Every transaction of the account after this consensus timestamp is in the store: where the
   * sync began following transactions, or earlier once older history was fetched;
   * `0.000000000` when all of it is. Null while the sync follows no transactions.
   */
  heldSince: string | null;
  /** The upstream listed no older transaction of the account: its whole history is held. */
  complete: boolean;
  /**
   * The store keeps only the transactions from this consensus timestamp on (it keeps some days of
   * them, `sync/retention`); null when it keeps all.
   */
  keptFrom: string | null;
  /** Everything from `keptFrom` on is held: older ones would be deleted again, so there is nothing to fetch. */
  retentionReached: boolean;
  /** Transactions stored by this request. */
  fetched: number;
}

/** What the store holds of one topic's messages on a synced profile (channel `sync/topic-history`). */
export interface TopicHistory {
  topic: string;
  /**
   * The first message of the newest unbroken run the store holds, which reaches up to the newest
   * message followed: where following began keeping the topic's messages, or earlier once older
   * ones were fetched. Null while none is held.
   */
  heldFrom: { sequenceNumber: number; consensusTimestamp: string } | null;
  /** Every message from the topic's first on is held (or the upstream lists none older). */
  complete: boolean;
  /**
   * The store keeps only the messages from this consensus timestamp on (it keeps some days of
   * followed transactions and messages, `sync/retention`); null when it keeps all.
   */
  keptFrom: string | null;
  /** Known from a fetch only: the upstream has no older message from `keptFrom` on, and older ones would be deleted again. */
  retentionReached: boolean;
  /** Messages stored by this request. */
  fetched: number;
}
