import type { TopicHistory } from '../common/sync-types.ts';
import { ENTITY_ID_TEXT, parseEntityIdLoose, sqlInt } from '../mirror/format/entity-id.ts';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { topicMessageRowOf } from './topic-rows.ts';
import { topicHolder, topicMessageUpserter } from './topic-writer.ts';
import { UpstreamClient } from './upstream-client.ts';
import { UpstreamFormatError } from './upstream-values.ts';

export interface TopicHistoryOptions {
  db: SqliteDatabase;
  upstreamUrl: string;
  /** The sync's limiter: fetched messages share the profile's request budget with the crawl. */
  limiter: RateLimiter;
  /** Pages of 100 messages one request fetches at most. */
  pagesPerFetch?: number;
  /** Longest one request waits for the upstream, retries included. */
  deadlineMs?: number;
}

interface RunStart {
  sequence_number: number;
  consensus_timestamp: bigint;
}

/**
 * A topic's messages from before the store began holding them, fetched on request from the
 * upstream's `/topics/{id}/messages` (newest first, down from the oldest one held) and stored like
 * followed ones, so that its list answers whole offline. A topic's sequence numbers run from 1
 * without gaps, so what is held needs no record of its own: the newest unbroken run of stored
 * sequence numbers is what following (and earlier fetches) left, and its first number is where a
 * fetch goes on from. A run that reaches 1 is the whole history. A gap (a re-sync starts following
 * again from the upstream's newest) only means the run that counts is the newer one; fetching
 * down from it fills the gap and joins the older run. Like an account's older history it runs
 * while the sync is paused, and only for a topic the store holds: following keeps those topics'
 * new messages, so the run stays unbroken upwards.
 */
export class TopicHistoryFetcher {
  readonly #options: Required<TopicHistoryOptions>;
  readonly #client: UpstreamClient;
  readonly #holds: (topic: string) => boolean;
  readonly #bounds;
  readonly #newestRunStart;
  readonly #message;
  readonly #storePage;
  readonly #inFlight = new Map<string, Promise<TopicHistory>>();
  readonly #stop = new AbortController();

  constructor(options: TopicHistoryOptions) {
    this.#options = { pagesPerFetch: 20, deadlineMs: 60_000, ...options };
    this.#client = new UpstreamClient({ baseUrl: options.upstreamUrl, requestsPerSecond: 0, limiter: options.limiter, timeoutMs: 15_000, backoffCapMs: 5_000 });
    this.#holds = topicHolder(options.db);
    this.#bounds = options.db.prepare(`SELECT min(sequence_number) AS lowest, max(sequence_number) AS highest, count(*) AS held
      FROM topic_message WHERE topic_id = ?`);
    // Only read when the held numbers have a gap: the newest number whose predecessor is missing.
    this.#newestRunStart = options.db.prepare(`SELECT sequence_number FROM topic_message t WHERE topic_id = @topic
      AND NOT EXISTS (SELECT 1 FROM topic_message p WHERE p.topic_id = @topic AND p.sequence_number = t.sequence_number - 1)
      ORDER BY sequence_number DESC LIMIT 1`).pluck();
    this.#message = options.db.prepare('SELECT sequence_number, consensus_timestamp FROM topic_message WHERE topic_id = ? AND sequence_number = ?').safeIntegers();
    const upsert = topicMessageUpserter(options.db);
    this.#storePage = options.db.transaction((messages: Array<Record<string, unknown>>) => {
      for (const message of messages) upsert(topicMessageRowOf(message));
    });
  }

  /** What the store holds of the topic's messages, without asking the upstream. */
  held(topic: string): TopicHistory {
    const start = this.#runStart(idOf(topic));
    return {
      topic,
      heldFrom: start === null ? null : { sequenceNumber: start.sequence_number, consensusTimestamp: formatTimestamp(start.consensus_timestamp)! },
      complete: start?.sequence_number === 1,
      fetched: 0,
    };
  }

  /** Stores up to `pagesPerFetch` pages more of the topic's older messages; one fetch per topic at a time. */
  fetch(topic: string): Promise<TopicHistory> {
    let pending = this.#inFlight.get(topic);
    if (!pending) {
      pending = this.#fetch(topic).finally(() => this.#inFlight.delete(topic));
      this.#inFlight.set(topic, pending);
    }
    return pending;
  }

  /** Abandons fetches under way (the profile is closing); the pages already stored stay. */
  close(): void {
    this.#stop.abort();
  }

  /** The first message of the newest unbroken run of held sequence numbers; null when none is held. */
  #runStart(id: bigint): RunStart | null {
    const { lowest, highest, held } = this.#bounds.get(sqlInt(id)) as { lowest: number | null; highest: number | null; held: number };
    if (lowest === null || highest === null) return null;
    const start = highest - lowest + 1 === held ? lowest : this.#newestRunStart.get({ topic: sqlInt(id) }) as number;
    const row = this.#message.get(sqlInt(id), start) as { sequence_number: bigint; consensus_timestamp: bigint };
    return { sequence_number: Number(row.sequence_number), consensus_timestamp: row.consensus_timestamp };
  }

  async #fetch(topic: string): Promise<TopicHistory> {
    const id = idOf(topic);
    if (!this.#holds(topic)) throw new TopicHistoryError(`topic ${topic} is not held here: open it first, so that its new messages are kept too`);
    const signal = AbortSignal.any([this.#stop.signal, AbortSignal.timeout(this.#options.deadlineMs)]);
    let fetched = 0;
    for (let page = 0; page < this.#options.pagesPerFetch; page++) {
      // Asked again each page: a stored page may have joined the run to an older one, which is skipped.
      const start = this.#runStart(id)?.sequence_number ?? null;
      if (start === 1) break;
      const url = `/api/v1/topics/${topic}/messages?order=desc&limit=100${start === null ? '' : `&sequencenumber=lt:${start}`}`;
      const reply = await this.#client.get(url, { signal }).catch((error: unknown) => {
        throw new TopicHistoryError(signal.aborted && !this.#stop.signal.aborted
          ? `the upstream did not answer within ${this.#options.deadlineMs / 1000} s (${fetched} older messages were stored)`
          : `the upstream could not be read: ${error instanceof Error ? error.message : String(error)}`);
      });
      if (reply.status !== 200) throw new TopicHistoryError(`the upstream has no messages list for topic ${topic} (HTTP ${reply.status})`);
      const messages = (reply.body as { messages?: unknown }).messages;
      if (!Array.isArray(messages)) throw new UpstreamFormatError(`the topic messages page ${url} has no "messages" array`);
      // None older although the run does not start at 1: the upstream's history of the topic begins later (a partial mirror).
      if (messages.length === 0) return { ...this.held(topic), complete: true, fetched };
      this.#storePage(messages as Array<Record<string, unknown>>);
      fetched += messages.length;
    }
    return { ...this.held(topic), fetched };
  }
}

/** A request for a topic's history that cannot be met; the bridge answers it as `unavailable`. */
export class TopicHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TopicHistoryError';
  }
}

function idOf(topic: string): bigint {
  const id = ENTITY_ID_TEXT.test(topic) ? parseEntityIdLoose(topic) : null;
  if (id === null) throw new RangeError(`not a topic id: ${topic}`);
  return id;
}
