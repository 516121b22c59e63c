import { UPCOMING_STATUS } from '../../common/status-words.ts';
import type { FeedName } from '../feed/feed-paths.ts';
import type { ParsedFeed } from '../feed/parse-feed.ts';
import type { JsonObject } from '../feed/status-json.ts';
import { parseInstant } from '../feed/timestamps.ts';
import { describeTransition } from '../notify/notification-text.ts';
import { shouldDeliver } from '../notify/notification-settings.ts';
import { findTransitions } from '../notify/transitions.ts';
import type { RecordKind, StatusNotification, StatusStore } from './status-store.ts';

/** A feed body that passed validation in this poll; `text` is null when the upstream answered 304. */
export interface AcceptedFeed {
  parsed: ParsedFeed;
  text: string | null;
  etag: string | null;
}

export interface GoodPoll {
  feeds: Partial<Record<FeedName, AcceptedFeed>>;
  at: Date;
}

function ids(feed: AcceptedFeed | undefined): Set<string> {
  return new Set((feed?.parsed.records ?? []).map((record) => record.id as string));
}

function storeRecords(store: StatusStore, kind: RecordKind, feed: AcceptedFeed | undefined, storedAt: string): void {
  for (const record of feed?.parsed.records ?? []) {
    const created = parseInstant(record.created_at) ?? 0;
    const sortMs = kind === 'maintenance' ? (parseInstant(record.scheduled_for) ?? created) : created;
    store.upsertRecord(kind, record, sortMs, parseInstant(record.updated_at), storedAt);
  }
}

/** Keeps the page with the latest updated_at (as an instant) among what is stored and what arrived. */
function choosePage(store: StatusStore, feeds: AcceptedFeed[]): void {
  let best = store.getPage();
  for (const feed of feeds) {
    const page = feed.parsed.page;
    if (!page) continue;
    if (!best || (parseInstant(page.updated_at) ?? -Infinity) >= (parseInstant(best.updated_at) ?? -Infinity)) best = page;
  }
  if (best) store.setPage(best);
}

/**
 * A store holds one page. When every page this poll's feeds name is one page, and not the stored
 * one (ids differ), the stored records are another page's: a file kept from before status files
 * were named by their page's URL, taken over by a profile whose page changed since, or a URL that
 * now serves another page. Feeds without a page id, or naming different pages, prove nothing.
 */
function isAnotherPage(store: StatusStore, feeds: AcceptedFeed[]): boolean {
  const storedId = store.getPage()?.id;
  if (typeof storedId !== 'string' || storedId === '') return false;
  const heard = new Set(feeds.map((feed) => feed.parsed.page?.id));
  const [only] = heard;
  return heard.size === 1 && typeof only === 'string' && only !== '' && only !== storedId;
}

function componentIds(record: JsonObject): string[] {
  const components = Array.isArray(record.components) ? (record.components as JsonObject[]) : [];
  return components.map((component) => String(component.id));
}

/**
 * An incident the upstream's list no longer holds although newer than the oldest it lists was
 * deleted there (Statuspage lists the latest incidents, newest first): it goes here too, or the
 * local feed would show it with its last status for ever. An empty list says nothing of a window,
 * so it forgets nothing (an upstream answering empty by mistake would wipe the history).
 */
function forgetDeletedIncidents(store: StatusStore, incidents: AcceptedFeed, listed: ReadonlySet<string>): void {
  const created = incidents.parsed.records.map((record) => parseInstant(record.created_at)).filter((ms) => ms !== null);
  if (created.length > 0) store.forgetUnlisted('incident', listed, Math.min(...created));
}

/**
 * Merges one good poll into the store and returns the notifications it raised, all in one
 * transaction: records (the later-updated version wins), which records the upstream lists as
 * open, feed bodies and ETags, the page, the seen-state and the notification log.
 */
export function applyGoodPoll(store: StatusStore, poll: GoodPoll): StatusNotification[] {
  const at = poll.at.toISOString();
  return store.transaction(() => {
    if (isAnotherPage(store, Object.values(poll.feeds))) store.forgetPage();
    const { incidents, unresolved, upcoming } = poll.feeds;
    storeRecords(store, 'incident', incidents, at);
    storeRecords(store, 'incident', unresolved, at);
    storeRecords(store, 'maintenance', upcoming, at);
    const incidentIds = new Set([...ids(incidents), ...ids(unresolved)]);
    if (incidents) forgetDeletedIncidents(store, incidents, incidentIds);
    // An unresolved incident the upstream no longer lists anywhere (deleted, or a stale copy) stops counting as open.
    if (unresolved) store.setUpstreamOpen('incident', incidentIds);
    const upcomingIds = ids(upcoming);
    if (upcoming) store.setUpstreamOpen('maintenance', upcomingIds);

    const accepted = Object.entries(poll.feeds) as [FeedName, AcceptedFeed][];
    for (const [name, feed] of accepted) {
      if (feed.text !== null) store.saveFeed(name, feed.text, feed.etag, at);
    }
    choosePage(store, accepted.map(([, feed]) => feed));

    const merged = [...incidentIds].map((id) => store.getRecord('incident', id)).filter((record) => record !== null);
    const openMaintenances = [...upcomingIds]
      .map((id) => store.getRecord('maintenance', id))
      .filter((record) => record !== null && record.status === UPCOMING_STATUS) as JsonObject[];
    const baseline = store.baselineAt() === undefined;
    const transitions = findTransitions(merged, openMaintenances, store.seenState(), baseline);
    if (baseline) store.setBaselineAt(at);

    const settings = store.getSettings();
    const pageName = String(store.getPage()?.name ?? 'Network status');
    return transitions.map((transition) => {
      const { title, body } = describeTransition(transition, pageName);
      const impact = typeof transition.record.impact === 'string' ? transition.record.impact : null;
      const components = componentIds(transition.record);
      return store.recordNotification({
        kind: transition.kind,
        id: transition.record.id as string,
        updateId: transition.update ? (transition.update.id as string) : null,
        title,
        body,
        impact,
        componentIds: components,
        raisedAt: at,
        delivered: shouldDeliver(settings, transition.kind, impact, components),
      });
    });
  });
}

/** True once a first good poll has set the silent baseline. */
export function hasBaseline(store: StatusStore): boolean {
  return store.baselineAt() !== undefined;
}
