import type { TopicHistory } from '../common/sync-types.ts';
import { sqlInt } from '../mirror/format/entity-id.ts';
import { formatTimestamp } from '../mirror/format/timestamp.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { FollowedRetention } from './followed-retention.ts';
import { HistoryFetchError, historyIdOf, HistoryRequests, type HistoryOptions } from './history-requests.ts';
import { topicMessageRowOf } from './topic-rows.ts';
import { topicHolder, topicMessageUpserter } from './topic-writer.ts';

export interface TopicHistoryOptions extends HistoryOptions {
  db: SqliteDatabase;
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
 * fetch goes on from. A run that reaches 1 is the whole history. A gap (a stretch the store lacks)
 * only means the run that counts is the newer one; fetching down from it fills the gap and joins
 * the older run. Like an account's older history it runs
 * while the sync is paused, and only for a topic the store holds: following keeps those topics'
 * new messages, so the run stays unbroken upwards.
 */
export class TopicHistoryFetcher {
  readonly #requests: HistoryRequests;
  readonly #holds: (topic: string) => boolean;
  readonly #retention: FollowedRetention;
  readonly #bounds;
  readonly #newestRunStart;
  readonly #message;
  readonly #storePage;

  constructor(options: TopicHistoryOptions) {
    this.#requests = new HistoryRequests(options);
    this.#holds = topicHolder(options.db);
    this.#retention = new FollowedRetention(options.db);
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
    const start = this.#runStart(historyIdOf(topic, 'topic'));
    return {
      topic,
      heldFrom: start === null ? null : { sequenceNumber: start.sequence_number, consensusTimestamp: formatTimestamp(start.consensus_timestamp)! },
      complete: start?.sequence_number === 1,
      keptFrom: formatTimestamp(this.#retention.cutoff()),
      retentionReached: false,
      fetched: 0,
    };
  }

  /** Stores up to `pagesPerFetch` pages more of the topic's older messages; one fetch per topic at a time. */
  fetch(topic: string): Promise<TopicHistory> {
    return this.#requests.once(topic, (signal) => this.#fetch(topic, signal));
  }

  /** Abandons fetches under way (the profile is closing); the pages already stored stay. */
  close(): void {
    this.#requests.close();
  }

  /** The first message of the newest unbroken run of held sequence numbers; null when none is held. */
  #runStart(id: bigint): RunStart | null {
    const { lowest, highest, held } = this.#bounds.get(sqlInt(id)) as { lowest: number | null; highest: number | null; held: number };
    if (lowest === null || highest === null) return null;
    const start = highest - lowest + 1 === held ? lowest : this.#newestRunStart.get({ topic: sqlInt(id) }) as number;
    const row = this.#message.get(sqlInt(id), start) as { sequence_number: bigint; consensus_timestamp: bigint };
    return { sequence_number: Number(row.sequence_number), consensus_timestamp: row.consensus_timestamp };
  }

  async #fetch(topic: string, signal: AbortSignal): Promise<TopicHistory> {
    const id = historyIdOf(topic, 'topic');
    if (!this.#holds(topic)) throw new HistoryFetchError(`topic ${topic} is not held here: open it first, so that its new messages are kept too`);
    // A store that keeps some days asks for no message older than it keeps (it would be deleted again).
    const floor = this.#retention.cutoff();
    const kept = floor === null ? '' : `&timestamp=gte:${formatTimestamp(floor)}`;
    let fetched = 0;
    for (let page = 0; page < this.#requests.pagesPerFetch; page++) {
      // Asked again each page: a stored page may have joined the run to an older one, which is skipped.
      const start = this.#runStart(id)?.sequence_number ?? null;
      if (start === 1) break;
      const url = `/api/v1/topics/${topic}/messages?order=desc&limit=100${start === null ? '' : `&sequencenumber=lt:${start}`}${kept}`;
      const { items: messages } = await this.#requests.page(url, 'messages', signal, { stored: fetched, noun: 'message' });
      // None older although the run does not start at 1: none the store keeps, or the upstream's
      // history of the topic begins later (a partial mirror).
      if (messages.length === 0) return floor === null ? { ...this.held(topic), complete: true, fetched } : { ...this.held(topic), retentionReached: true, fetched };
      this.#storePage(messages);
      fetched += messages.length;
    }
    return { ...this.held(topic), fetched };
  }
}
