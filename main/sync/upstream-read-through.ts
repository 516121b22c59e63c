import { deadlineSignal } from '../http/deadline-signal.ts';
import { repeatLimitedLog, type RepeatLimitedLog } from '../http/repeat-limited-log.ts';
import { parseJsonLossless, stringifyJson } from '../mirror/format/json-out.ts';
import type { KeptAnswer, MissingOutcome, ReadThrough, ReadThroughResource, RelayedReply, RelayOptions, Shortfall, UpstreamRequest } from '../mirror/http/read-through.ts';
import { diskFullText, isDiskFullError } from '../mirror/store/disk-full.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { accountRowsOf } from './account-rows.ts';
import { AccountWriter } from './account-writer.ts';
import { contractRowsOf } from './contract-rows.ts';
import { contractUpserter } from './contracts-crawl.ts';
import { scheduleRowsOf } from './schedule-rows.ts';
import { scheduleUpserter } from './schedule-writer.ts';
import { completeTokenBalances } from './token-balances.ts';
import { tokenRowsOf } from './token-rows.ts';
import { tokenUpserter } from './token-writer.ts';
import { topicRowsOf } from './topic-rows.ts';
import { topicUpserter } from './topic-writer.ts';
import { QueueFullError, type RateLimiter } from './rate-limiter.ts';
import { UpstreamClient, UpstreamError, UpstreamHoldError, type RetryEvent } from './upstream-client.ts';
import { transactionRowsOf } from './transaction-rows.ts';
import { transactionUpserter } from './transaction-writer.ts';
import { UpstreamFormatError } from './upstream-values.ts';
import { answerObjectOf, byIdPath, byIdRecordOf } from './by-id-answer.ts';
import { answerShapeFault } from './relayed-answer-shapes.ts';

export interface UpstreamReadThroughOptions {
  db: SqliteDatabase;
  upstreamUrl: string;
  /**
   * Longest a lookup waits (its turn in the request budget and retries included) before answering
   * without the upstream; it waits at most half of that for its turn.
   */
  deadlineMs?: number;
  /** After the upstream failed to answer: how long lookups skip it and answer from the store at once. */
  offlineForMs?: number;
  /** How long an upstream 404 is remembered, so a client polling a missing id does not hit the upstream each time. */
  absentForMs?: number;
  requestsPerSecond?: number;
  /** The sync's limiter, so lookups and the crawl together keep to the profile's request rate. */
  limiter?: RateLimiter;
  /** Most upstream answers kept (table `upstream_answer`); beyond, the oldest kept are forgotten. */
  maxKeptAnswers?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * Path segments the by-id operations accept: entity ids, aliases, EVM addresses; for
 * transactions, `payer-seconds-nanos` ids and 48-byte hashes (hex or base64url). Nothing else
 * is sent upstream.
 */
const ID_SEGMENT: Record<ReadThroughResource, RegExp> = {
  account: /^[0-9A-Za-z.]{1,160}$/, contract: /^[0-9A-Za-z.]{1,160}$/, schedule: /^[0-9.]{1,40}$/, token: /^[0-9A-Za-z.]{1,160}$/, topic: /^[0-9.]{1,40}$/,
  transaction: /^(?:\d{1,4}\.\d{1,5}\.\d{1,12}-\d{1,19}-\d{1,9}|(?:0x)?[0-9a-fA-F]{96}|[A-Za-z0-9_-]{64})$/,
};
const MAX_ABSENT = 2000;
const OFFLINE: Shortfall = { kind: 'offline' };
const ABSENT = { kind: 'absent' } as const;
/** Resources stored from their by-id answer alone (an account also needs its token balances; a transaction answer is a list). */
type EntityResource = Exclude<ReadThroughResource, 'account' | 'transaction'>;
/**
 * Paths whose upstream answer is kept as sent (see withUpstreamAnswer), each with a short query:
 * a transaction's contract result (and its actions and opcode trace) by transaction id, 32-byte
 * Ethereum hash or 48-byte transaction hash, or by contract and timestamp; a topic message by
 * topic and sequence number, or by consensus timestamp.
 */
const KEPT_ANSWER = new RegExp(`^/api/v1/(?:${[
  String.raw`contracts/results/(?:\d{1,4}\.\d{1,5}\.\d{1,12}-\d{1,19}-\d{1,9}|(?:0x)?[0-9a-fA-F]{64}|(?:0x)?[0-9a-fA-F]{96})(?:/actions|/opcodes)?`,
  String.raw`contracts/[0-9A-Za-z.]{1,60}/results/\d{1,19}(?:\.\d{1,9})?`,
  String.raw`topics/[0-9.]{1,40}/messages/\d{1,19}`,
  String.raw`topics/messages/\d{1,19}(?:\.\d{1,9})?`,
].join('|')})${String.raw`(?:\?[\w.=&%-]{1,200})?`}$`);

/**
 * By-id read-through to the upstream mirror node. A lookup of an entity (or a transaction)
 * the store lacks fetches it, stores it (the same rows the sync would store) and lets the store answer.
 * A whole contract result, of which the sync keeps only the lists' rows, is kept as the upstream's
 * answer instead (upstreamAnswer); what the sync does not copy at all (contract storage, the
 * network's files, NFTs, allowances) is relayed as it is now, the last answer remembered where
 * asked (relay). When the upstream cannot be reached within a short deadline it is remembered as
 * offline for a while, so every further miss answers at once from the store (503, it cannot tell).
 * A lookup kept waiting while the upstream answered others (a burst of lookups queued in the
 * request budget) says it was busy, and leaves the upstream reachable.
 *
 * It does not look at the sync's pause, on purpose: pausing stops the crawl and the following
 * of transactions (the traffic the user did not ask for one by one); a by-id lookup the user
 * asks for is still read through, within the same request budget.
 */
export class UpstreamReadThrough implements ReadThrough {
  readonly #options: Required<Omit<UpstreamReadThroughOptions, 'log' | 'limiter'>> & Pick<UpstreamReadThroughOptions, 'log' | 'limiter'>;
  readonly #client: UpstreamClient;
  readonly #writer: AccountWriter;
  /** Stores a by-id answer of the entities whose rows come from their one record. */
  readonly #storeEntity: Record<EntityResource, (info: Record<string, unknown>) => void>;
  readonly #storeTransactions;
  readonly #inFlight = new Map<string, Promise<unknown>>();
  readonly #keptAnswer;
  readonly #keepAnswer;
  readonly #queryOnly;
  readonly #countAnswers;
  readonly #forgetOldestAnswers;
  /** Answers kept, counted up on every write (a rewrite counts too) and exactly after each pruning. */
  #answers: number;
  /** When the last answer was kept (ms), so that each is newer than the one before, even within a millisecond. */
  #lastKeptAt: number;
  readonly #absent = new Map<string, number>();
  #offlineUntil = -Infinity;
  /** Answers the upstream gave so far: a lookup that timed out while it answered others found it busy, not unreachable. */
  #answered = 0;
  readonly #stop = new AbortController();
  /** Aborted (and replaced) when the upstream turns out unreachable: lookups in flight give up at once. */
  #unreachable = new AbortController();
  /** A full disk refuses every answer to keep: said once a minute, not per request. */
  readonly #logFull: RepeatLimitedLog;
  /** An upstream that keeps failing fails every lookup: said once a minute, not per lookup. */
  readonly #logFailing: RepeatLimitedLog;

  constructor(options: UpstreamReadThroughOptions) {
    this.#options = {
      deadlineMs: 3000, offlineForMs: 30_000, absentForMs: 10_000, requestsPerSecond: 10, maxKeptAnswers: 20_000, now: () => performance.now(), ...options,
    };
    this.#client = new UpstreamClient({
      baseUrl: options.upstreamUrl,
      requestsPerSecond: this.#options.requestsPerSecond,
      ...(options.limiter ? { limiter: options.limiter } : {}),
      timeoutMs: Math.min(2000, this.#options.deadlineMs),
      backoffBaseMs: 100,
      backoffCapMs: 1000,
      onRetry: (event) => {
        if (event.unreachable) this.#markOffline(event.error);
      },
      onSuccess: () => this.#answered++,
    });
    this.#logFull = repeatLimitedLog((line) => options.log?.(line));
    this.#logFailing = repeatLimitedLog((line) => options.log?.(line));
    this.#writer = new AccountWriter(options.db);
    this.#keptAnswer = options.db.prepare('SELECT body, stored_at FROM upstream_answer WHERE path = ?');
    this.#keepAnswer = options.db.prepare('INSERT OR REPLACE INTO upstream_answer (path, body, stored_at) VALUES (?, ?, ?)');
    this.#queryOnly = options.db.prepare('PRAGMA query_only').pluck();
    this.#countAnswers = options.db.prepare('SELECT count(*) FROM upstream_answer').pluck();
    this.#forgetOldestAnswers = options.db.prepare(`DELETE FROM upstream_answer WHERE path IN
      (SELECT path FROM upstream_answer ORDER BY stored_at DESC LIMIT -1 OFFSET ?)`);
    this.#answers = Number(this.#countAnswers.get());
    this.#lastKeptAt = Number(options.db.prepare('SELECT coalesce(max(stored_at), 0) FROM upstream_answer').pluck().get());
    const storing = <T>(rowsOf: (info: Record<string, unknown>) => T, upsert: (rows: T) => void) =>
      options.db.transaction((info: Record<string, unknown>) => upsert(rowsOf(info)));
    this.#storeEntity = {
      contract: storing(contractRowsOf, contractUpserter(options.db)),
      schedule: storing(scheduleRowsOf, scheduleUpserter(options.db)),
      token: storing(tokenRowsOf, tokenUpserter(options.db)),
      topic: storing(topicRowsOf, topicUpserter(options.db)),
    };
    // Every transaction the by-id answer lists (a scheduled one and its execution, a batch and its
    // inner transactions), with assessed fees, which only this answer carries: each is marked as
    // such, so a lookup does not ask again. Answers how many were stored.
    const upsertTransaction = transactionUpserter(options.db, { lookedUp: true });
    this.#storeTransactions = options.db.transaction((list: Array<Record<string, unknown>>) => {
      const rows = list.map(transactionRowsOf).filter((r) => r !== null);
      for (const r of rows) upsertTransaction(r);
      return rows.length;
    });
  }

  /** True while lookups skip the upstream because it did not answer recently. */
  get offline(): boolean {
    return this.#options.now() < this.#offlineUntil;
  }

  /** The store is read-only for now (compact-store.ts): nothing fetched could be stored. */
  get storeBusy(): boolean {
    return this.#queryOnly.get() === 1;
  }

  fetchMissing(resource: ReadThroughResource, id: string): Promise<MissingOutcome> {
    if (!ID_SEGMENT[resource].test(id)) return Promise.resolve(ABSENT);
    if (this.storeBusy) return Promise.resolve({ kind: 'store-busy' });
    return this.#once(`${resource}:${id}`, (key) => this.#fetch(resource, id, key));
  }

  upstreamAnswer(path: string): Promise<KeptAnswer> {
    if (!KEPT_ANSWER.test(path)) return Promise.resolve(ABSENT);
    const kept = this.#kept(path);
    if (kept !== undefined) return Promise.resolve({ kind: 'answer', body: kept.body });
    return this.#once(`answer:${path}`, (key) => this.#fetchAnswer(path, key));
  }

  /** One request passed on as it is (see ReadThrough.relay), within the lookups' deadline and the shared request budget. */
  async relay(request: UpstreamRequest, options: RelayOptions = {}): Promise<RelayedReply | Shortfall> {
    const answer = await this.#relayOnce(request);
    // A 200 of the wrong shape is neither passed on nor remembered (RELAYED_ANSWER_SHAPES).
    if (answer.kind === 'reply' && answer.status === 200) {
      const fault = this.#shapeFault(request.method, request.path, answer.body);
      if (fault) return fault;
    }
    if (!options.remember || request.method !== 'GET') return answer;
    if (answer.kind === 'reply' && answer.status === 200) this.#keep(request.path, stringifyJson(answer.body));
    if (answer.kind === 'reply') return answer;
    const kept = this.#kept(request.path);
    return kept === undefined ? answer : { kind: 'reply', status: 200, body: parseJsonLossless(kept.body), rememberedAt: kept.stored_at };
  }

  async #relayOnce(request: UpstreamRequest): Promise<RelayedReply | Shortfall> {
    if (this.offline) return this.#heldOrOffline();
    const lookup = this.#lookup();
    try {
      return { kind: 'reply', ...await this.#client.relay(request, lookup.signal, lookup.queueForMs) };
    } catch (error) {
      // No HTTP answer at all (refused, reset): unreachable, as a failed lookup's retries would find.
      const noAnswer = !(error instanceof UpstreamError || error instanceof QueueFullError) && !lookup.signal.aborted && !this.#stop.signal.aborted;
      if (!noAnswer) return this.#failed(lookup, error, `${request.method} ${request.path}`);
      this.#markOffline(error instanceof Error ? error.message : String(error));
      return OFFLINE;
    } finally {
      lookup.dispose();
    }
  }

  /** The answer kept for a path, and when it was kept (ms since the epoch). */
  #kept(path: string): { body: string; stored_at: number } | undefined {
    return this.#keptAnswer.get(path) as { body: string; stored_at: number } | undefined;
  }

  /** One request per key at a time; none while offline or while the upstream lately had nothing for the key. */
  #once<T>(key: string, fetch: (key: string) => Promise<T>): Promise<T | Shortfall | typeof ABSENT> {
    if (this.offline) return Promise.resolve(this.#heldOrOffline());
    const absentUntil = this.#absent.get(key);
    if (absentUntil !== undefined && this.#options.now() < absentUntil) return Promise.resolve(ABSENT);
    let pending = this.#inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = fetch(key).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /**
   * What a lookup answers at once while the upstream is remembered as unreachable: that it asked to
   * wait, while that stands (it answered since, and the wait it asked for is the later news, with a
   * time to ask again), else offline.
   */
  #heldOrOffline(): Shortfall {
    const until = this.#client.lookupHeldUntil;
    return until === null ? OFFLINE : { kind: 'held', until };
  }

  /** Abandons lookups in flight (profile closing); they answer from the store. */
  close(): void {
    this.#stop.abort();
  }

  async #fetch(resource: ReadThroughResource, id: string, key: string): Promise<MissingOutcome> {
    const lookup = this.#lookup();
    const { signal } = lookup;
    try {
      const query = resource === 'account' ? '?transactions=false' : '';
      const reply = await this.#client.get(`${byIdPath(resource, encodeURIComponent(id))}${query}`, { signal, queueForMs: lookup.queueForMs, onRetry: lookup.failed });
      if (reply.status === 404) {
        this.#rememberAbsent(key);
        return ABSENT;
      }
      // A 304 cannot come (no ETag is sent); it would be no answer at all.
      if (reply.status !== 200) return ABSENT;
      const info = resource === 'transaction' ? answerObjectOf(`${resource} ${id}`, reply.body) : byIdRecordOf(resource, id, reply.body);
      if (resource === 'account') {
        const rows = accountRowsOf(info);
        await completeTokenBalances({ client: this.#client, signal }, [rows], { relationships: true });
        this.#writer.applyPage([rows], null);
      } else if (resource === 'transaction') {
        const list = (info as { transactions?: unknown }).transactions;
        if (!Array.isArray(list)) throw new UpstreamFormatError('a transaction lookup answered without a "transactions" array');
        return this.#storeTransactions(list as Array<Record<string, unknown>>) > 0 ? { kind: 'stored' } : ABSENT;
      } else {
        this.#storeEntity[resource](info);
      }
      return { kind: 'stored' };
    } catch (error) {
      return this.#failed(lookup, error, `${resource} ${id}`);
    } finally {
      lookup.dispose();
    }
  }

  async #fetchAnswer(path: string, key: string): Promise<KeptAnswer> {
    const lookup = this.#lookup();
    try {
      const reply = await this.#client.get(path, { signal: lookup.signal, queueForMs: lookup.queueForMs, onRetry: lookup.failed });
      if (reply.status === 404) this.#rememberAbsent(key);
      if (reply.status !== 200) return ABSENT;
      const fault = this.#shapeFault('GET', path, reply.body);
      if (fault) return fault;
      const body = stringifyJson(reply.body);
      this.#keep(path, body);
      return { kind: 'answer', body };
    } catch (error) {
      return this.#failed(lookup, error, path);
    } finally {
      lookup.dispose();
    }
  }

  /** Why a 200 answer to `path` cannot be used (logged), as the shortfall it is answered with; null when it can. */
  #shapeFault(method: UpstreamRequest['method'], path: string, body: unknown): Shortfall | null {
    const fault = answerShapeFault(method, path, body);
    if (fault === null) return null;
    const reason = `it is not of the shape a mirror node answers (${fault})`;
    this.#options.log?.(`read-through: ${method} ${path}: ${reason}`);
    return { kind: 'unreadable', reason };
  }

  /**
   * Keeps an answer. They grow with what the user opens; past the most kept, the oldest tenth is
   * forgotten at once (one sort of the table per so many answers, not per answer). A forgotten
   * answer is asked for again when next wanted, and is missing offline until then.
   */
  #keep(path: string, body: string): void {
    // While the store takes no writes the answer is served, just not kept.
    if (this.storeBusy) return;
    try {
      this.#lastKeptAt = Math.max(Date.now(), this.#lastKeptAt + 1);
      this.#keepAnswer.run(path, body, this.#lastKeptAt);
      if (++this.#answers <= this.#options.maxKeptAnswers) return;
      this.#forgetOldestAnswers.run(Math.floor(this.#options.maxKeptAnswers * 0.9));
      this.#answers = Number(this.#countAnswers.get());
    } catch (error) {
      // On a full disk too the answer is served, just not kept: it is asked for again next time.
      if (!isDiskFullError(error, this.#options.db.name)) throw error;
      this.#logStoreFull(`answers from the upstream are served but not kept (${path} the last)`);
    }
  }

  /** The store cannot grow: what a lookup that could not store its entity answers (and logs). */
  #storeFull(what: string): Shortfall {
    const disk = diskFullText(this.#options.db.name);
    this.#logStoreFull(`${what} could not be stored`);
    return { kind: 'store-full', disk };
  }

  #logStoreFull(what: string): void {
    this.#logFull('store-full', `read-through: the local store cannot grow: ${diskFullText(this.#options.db.name)}; ${what}`);
  }

  /**
   * A lookup gives up when the profile closes, when the upstream turns out unreachable, or at its
   * deadline; it waits at most half of that for its turn in the request budget. `answeredBefore`
   * tells afterwards whether the upstream answered anything while it waited. Its caller disposes
   * of it when done (see deadlineSignal: the signal is followed by each request under it).
   */
  #lookup(): Lookup {
    const deadline = deadlineSignal(this.#options.deadlineMs, this.#stop.signal, this.#unreachable.signal);
    const lookup: Lookup = {
      signal: deadline.signal,
      queueForMs: this.#options.deadlineMs / 2,
      answeredBefore: this.#answered,
      lastFailure: null,
      failed: (event) => {
        lookup.lastFailure = event;
      },
      dispose: deadline.dispose,
    };
    return lookup;
  }

  /**
   * What a failed lookup answers. Past its deadline while it retried failures the upstream answered
   * it with (a 5xx), the upstream is failing; with no answer from it meanwhile, it is unreachable;
   * with answers to others meanwhile (or its turn too far off), it is busy.
   * An answer that cannot be stored, or a refusal, is unreadable. A store on a full disk says so
   * (it works again once there is room). Any other failing store is not the upstream's doing: that
   * error goes on to the route, which answers it as every store failure.
   */
  #failed(lookup: Lookup, error: unknown, what: string): Shortfall {
    if (this.#stop.signal.aborted) return OFFLINE;
    if (isDiskFullError(error, this.#options.db.name)) return this.#storeFull(what);
    // Refused at once: the upstream asked (429, Retry-After) not to be asked before then.
    if (error instanceof UpstreamHoldError) return { kind: 'held', until: error.until };
    if (error instanceof QueueFullError) return { kind: 'busy' };
    if (lookup.signal.aborted) {
      // Past its deadline while retrying what the upstream answered (a 5xx, a body cut short): it is
      // failing, not out of reach, and the lookups after this one still ask it.
      const failure = lookup.lastFailure;
      if (failure !== null && failure.status !== null && !failure.unreachable) return this.#failing(failure, what);
      if (this.#answered > lookup.answeredBefore) return { kind: 'busy' };
      this.#markOffline(`no answer within ${this.#options.deadlineMs / 1000} s`);
      return OFFLINE;
    }
    if (!(error instanceof UpstreamFormatError || error instanceof UpstreamError || error instanceof TypeError)) throw error;
    const reason = error.message;
    this.#options.log?.(`read-through: ${what}: ${reason}`);
    return { kind: 'unreadable', reason };
  }

  /** The upstream kept answering a lookup with a failure until its deadline: said (and logged once a minute) as its last answer. */
  #failing(failure: RetryEvent, what: string): Shortfall {
    // A wait it asked for meanwhile says when to ask again, which its failures do not.
    const until = this.#client.lookupHeldUntil;
    if (until !== null) return { kind: 'held', until };
    const answered = failure.error.startsWith('HTTP ') ? failure.error.slice('HTTP '.length) : `${failure.status} (${failure.error})`;
    this.#logFailing('failing', `read-through: ${what}: the upstream answered HTTP ${answered} each time within ${this.#options.deadlineMs / 1000} s`);
    return { kind: 'failing', answered };
  }

  #markOffline(reason: string): void {
    if (!this.offline) this.#options.log?.(`read-through: upstream unreachable (${reason}); answering from the local store for ${this.#options.offlineForMs / 1000} s`);
    this.#offlineUntil = this.#options.now() + this.#options.offlineForMs;
    const unreachable = this.#unreachable;
    this.#unreachable = new AbortController();
    unreachable.abort();
  }

  #rememberAbsent(key: string): void {
    if (this.#absent.size >= MAX_ABSENT) this.#absent.delete(this.#absent.keys().next().value!);
    this.#absent.set(key, this.#options.now() + this.#options.absentForMs);
  }
}

/** One lookup's limits, what the upstream had answered when it began, and the last failure its requests met. */
interface Lookup {
  signal: AbortSignal;
  queueForMs: number;
  answeredBefore: number;
  lastFailure: RetryEvent | null;
  /** Given to the upstream client as the lookup's `onRetry`. */
  failed(event: RetryEvent): void;
  /** Lets go of the deadline's timer and of the signals it follows. */
  dispose(): void;
}
