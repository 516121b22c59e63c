import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_PATHS, isRecordFeed, type FeedName } from '../../main/status/feed/feed-paths.ts';
import { parseInstant } from '../../main/status/feed/timestamps.ts';
import { PAGE, SAMPLES_DIR, startHarness, type StatusHarness } from './status-fixture.ts';

/** Which upstream path a sample file is a body of, read from its name. */
function feedOf(file: string): FeedName {
  const name = file.replace(/-/g, '_');
  if (name.includes('incidents_unresolved')) return 'unresolved';
  if (name.includes('incidents')) return 'incidents';
  if (name.includes('maintenances_upcoming')) return 'upcoming';
  if (name.includes('maintenances_active')) return 'active';
  if (name.includes('maintenances')) return 'maintenances';
  if (name.includes('summary')) return 'summary';
  if (name.includes('components')) return 'components';
  if (name.includes('status')) return 'status';
  throw new Error(`no feed for ${file}`);
}

const EMPTY: Record<string, unknown> = {
  [FEED_PATHS.incidents]: { page: PAGE, incidents: [] },
  [FEED_PATHS.unresolved]: { page: PAGE, incidents: [] },
  [FEED_PATHS.upcoming]: { page: PAGE, scheduled_maintenances: [] },
};

const samples = fs.readdirSync(SAMPLES_DIR).filter((file) => file.endsWith('.json')).sort();

describe('every sample body loads and is served back by the local API', () => {
  let harness: StatusHarness | undefined;
  afterEach(async () => harness?.close());

  it.each(samples)('%s', async (file) => {
    const text = fs.readFileSync(path.join(SAMPLES_DIR, file), 'utf8');
    const sent = JSON.parse(text) as unknown;
    const feed = feedOf(file);
    harness = await startHarness({ extraFeeds: isRecordFeed(feed) ? [] : [feed as Exclude<FeedName, 'incidents' | 'unresolved' | 'upcoming'>] });
    // The other feeds share the sample's page, so the page served is the sample's own.
    const page = Array.isArray(sent) ? PAGE : (sent as { page: unknown }).page;
    const empty = Object.fromEntries(Object.entries(EMPTY).map(([url, body]) => [url, { ...(body as object), page }]));
    harness.upstream.serve({ ...empty, [FEED_PATHS[feed]]: { status: 200, body: text, headers: { 'content-type': 'application/json; charset=utf-8' } } });
    const result = await harness.service.poller.pollNow();
    expect(result.outcome).toBe('ok');
    const served = await harness.get(FEED_PATHS[feed]);
    expect(served.status).toBe(200);

    if (!isRecordFeed(feed)) {
      expect(served.json).toEqual(sent);
      return;
    }
    const listKey = feed === 'upcoming' ? 'scheduled_maintenances' : 'incidents';
    const records = (Array.isArray(sent) ? sent : (sent as Record<string, unknown[]>)[listKey]) as Record<string, unknown>[];
    const local = served.json[listKey] as Record<string, unknown>[];
    expect(local.map((r) => r.id).sort()).toEqual(records.map((r) => r.id).sort());
    for (const record of records) {
      const copy = local.find((r) => r.id === record.id)!;
      for (const [field, value] of Object.entries(record)) {
        if (!isDeepStrictEqual(copy[field], value)) expect.fail(`${String(record.id)}.${field} changed`);
      }
    }
    // Newest first, as instants.
    const sortKey = (r: Record<string, unknown>) => parseInstant(listKey === 'incidents' ? r.created_at : (r.scheduled_for ?? r.created_at))!;
    for (let i = 1; i < local.length; i++) expect(sortKey(local[i - 1]!)).toBeGreaterThanOrEqual(sortKey(local[i]!));
    expect(served.json.page).toMatchObject(page as object);
    // Every specified field is present, even where a legacy upstream left it out.
    for (const record of local) for (const field of ['id', 'name', 'status', 'impact', 'created_at', 'updated_at', 'resolved_at', 'monitoring_at', 'incident_updates', 'components']) expect(record).toHaveProperty(field);
  });
});
