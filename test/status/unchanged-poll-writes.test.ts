import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeedName } from '../../main/status/feed/feed-paths.ts';
import { parseFeedBody } from '../../main/status/feed/parse-feed.ts';
import { applyGoodPoll, type AcceptedFeed } from '../../main/status/store/apply-poll.ts';
import { StatusStore } from '../../main/status/store/status-store.ts';
import { feeds, incident, maintenance, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

// A page that sends no ETag answers every poll with 200 and the same bodies. Such a poll must
// leave the stored records as they are, not write each of them again: a status file written
// through on every poll grew its write-ahead log by tens of kilobytes a poll for nothing.
const FEED_OF_PATH: Record<string, FeedName> = {
  '/api/v2/incidents.json': 'incidents',
  '/api/v2/incidents/unresolved.json': 'unresolved',
  '/api/v2/scheduled-maintenances/upcoming.json': 'upcoming',
};

/** The three record feeds as a poll that heard them (200, no ETag) hands them to the store. */
function heard(bodies: Record<string, unknown>): Partial<Record<FeedName, AcceptedFeed>> {
  const accepted: Partial<Record<FeedName, AcceptedFeed>> = {};
  for (const [feedPath, body] of Object.entries(bodies)) {
    const name = FEED_OF_PATH[feedPath]!;
    const text = JSON.stringify(body);
    const parsed = parseFeedBody(name, text, 'application/json');
    if (!parsed.ok) throw new Error(parsed.error);
    accepted[name] = { parsed: parsed.feed, text, etag: null };
  }
  return accepted;
}

/** Counts the rows of status_record written (inserted, updated, deleted), from a trigger of this connection only. */
function countRecordWrites(store: StatusStore): () => number {
  store.db.exec(`CREATE TEMP TABLE record_writes (n INTEGER NOT NULL); INSERT INTO record_writes VALUES (0);
    CREATE TEMP TRIGGER record_inserted AFTER INSERT ON main.status_record BEGIN UPDATE record_writes SET n = n + 1; END;
    CREATE TEMP TRIGGER record_updated AFTER UPDATE ON main.status_record BEGIN UPDATE record_writes SET n = n + 1; END;
    CREATE TEMP TRIGGER record_deleted AFTER DELETE ON main.status_record BEGIN UPDATE record_writes SET n = n + 1; END;`);
  const read = store.db.prepare('SELECT n FROM record_writes').pluck();
  const reset = store.db.prepare('UPDATE record_writes SET n = 0');
  return () => {
    const n = read.get() as number;
    reset.run();
    return n;
  };
}

let dir: string | null = null;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('a poll that hears nothing new', () => {
  it('writes no stored record; a changed one is written, and only it', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-status-writes-'));
    const store = new StatusStore(path.join(dir, 'status.sqlite'));
    try {
      const writes = countRecordWrites(store);
      const resolved = incident('old', ['investigating', 'resolved']);
      const before = heard(feeds([incident('open', ['investigating']), resolved], [maintenance('m1')]));
      applyGoodPoll(store, { feeds: before, at: new Date('2026-11-20T16:00:00Z') });
      // Three records stored, then marked open or not.
      expect(writes()).toBeGreaterThan(0);
      const stored = (['incident', 'maintenance'] as const).map((kind) => store.listRecords(kind));

      expect(applyGoodPoll(store, { feeds: before, at: new Date('2026-11-20T16:01:00Z') })).toEqual([]);
      expect(writes()).toBe(0);
      expect((['incident', 'maintenance'] as const).map((kind) => store.listRecords(kind))).toEqual(stored);
      expect(store.listUnresolvedIncidents().map((record) => record.id)).toEqual(['open']);

      // The open incident resolved: its record alone is written again (it is still listed, so still marked so).
      const after = heard(feeds([incident('open', ['investigating', 'resolved']), resolved], [maintenance('m1')]));
      const raised = applyGoodPoll(store, { feeds: after, at: new Date('2026-11-20T16:02:00Z') });
      expect(raised.map((notification) => notification.kind)).toEqual(['incident.resolved']);
      expect(writes()).toBe(1);
      expect(store.getRecord('incident', 'open')?.status).toBe('resolved');
      expect(store.listUnresolvedIncidents()).toEqual([]);
    } finally {
      store.close();
    }
  });
});

/** Fetch as a page without ETags does it: every poll answered 200 in full, whatever it sends. */
const withoutEtags: typeof fetch = async (url, init) => {
  const headers = new Headers(init?.headers);
  headers.delete('if-none-match');
  const answer = await fetch(url, { ...init, headers });
  const answerHeaders = new Headers(answer.headers);
  answerHeaders.delete('etag');
  return new Response(answer.status === 200 ? await answer.text() : null, { status: answer.status, headers: answerHeaders });
};

/** Bytes a poll adds to the status file's write-ahead log, from an emptied one. */
async function walBytesOf(harness: StatusHarness, poll: () => Promise<unknown>): Promise<number> {
  harness.service.store.db.pragma('wal_checkpoint(TRUNCATE)');
  await poll();
  return fs.statSync(`${harness.file}-wal`).size;
}

describe('a poll that hears the same feed bodies again (200, no ETag)', () => {
  let harness: StatusHarness | null = null;
  afterEach(async () => {
    await harness?.close();
    harness = null;
  });

  it('writes no feed body, only when it was heard: its log grows by what a 304 poll\'s does', async () => {
    const incidents = Array.from({ length: 10 }, (_, n) => incident(`i${n}`, ['investigating', 'identified', 'monitoring', 'resolved']));
    harness = await startHarness();
    harness.upstream.serve(feeds(incidents));
    await harness.service.poller.pollNow();
    // Heard again with its ETag: every record feed answers 304.
    const notModified = await walBytesOf(harness, () => pollAfter(harness!));
    await harness.close();
    harness = null;

    harness = await startHarness({ fetch: withoutEtags });
    harness.upstream.serve(feeds(incidents));
    await harness.service.poller.pollNow();
    const store = harness.service.store;
    store.db.exec(`CREATE TEMP TABLE feed_writes (n INTEGER NOT NULL); INSERT INTO feed_writes VALUES (0);
      CREATE TEMP TRIGGER feed_updated AFTER UPDATE ON main.status_feed BEGIN UPDATE feed_writes SET n = n + 1; END;`);
    const body = store.getFeed('incidents')!.text;
    const repeated = await walBytesOf(harness, () => pollAfter(harness!));
    expect(store.db.prepare('SELECT n FROM feed_writes').pluck().get()).toBe(0);
    expect(repeated).toBe(notModified);
    // When it was last heard is still told, as before.
    expect(store.getFeed('incidents')).toEqual({ text: body, etag: null, fetchedAt: harness.clock.now.toISOString() });

    // A changed body is written, and only its feed's.
    harness.upstream.serve(feeds([...incidents, incident('new', ['resolved'])]));
    await pollAfter(harness);
    expect(store.db.prepare('SELECT n FROM feed_writes').pluck().get()).toBe(1);
    expect(store.getFeed('incidents')!.text).toContain('"new"');
  });
});
