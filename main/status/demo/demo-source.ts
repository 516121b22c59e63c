import { etagMatches, weakEtag } from '../../http/etag.ts';
import { RESOLVED_STATUSES } from '../../common/status-words.ts';
import { FEED_PATHS } from '../feed/feed-paths.ts';
import type { StatusSource } from '../feed/status-source.ts';
import { demoStatusAt } from './demo-history.ts';

/** A StatusSource that answers like a Statuspage, from the demo history at the clock's time. No network. */
export function createDemoSource(anchor: () => number, clock: () => Date): StatusSource {
  return {
    local: true,
    label: 'demo network (sample data)',
    async fetchFeed(path, etag) {
      const demo = demoStatusAt(anchor(), clock().getTime());
      const { page } = demo;
      const unresolved = demo.incidents.filter((i) => !RESOLVED_STATUSES.includes(String(i.status)));
      const upcoming = demo.maintenances.filter((m) => m.status === 'scheduled');
      const active = demo.maintenances.filter((m) => m.status === 'in_progress' || m.status === 'verifying');
      const bodies: Record<string, unknown> = {
        [FEED_PATHS.incidents]: { page, incidents: demo.incidents },
        [FEED_PATHS.unresolved]: { page, incidents: unresolved },
        [FEED_PATHS.upcoming]: { page, scheduled_maintenances: upcoming },
        [FEED_PATHS.maintenances]: { page, scheduled_maintenances: demo.maintenances },
        [FEED_PATHS.active]: { page, scheduled_maintenances: active },
        [FEED_PATHS.components]: { page, components: demo.components },
        [FEED_PATHS.status]: { page, status: demo.status },
        [FEED_PATHS.summary]: { page, components: demo.components, incidents: unresolved, scheduled_maintenances: [...active, ...upcoming], status: demo.status },
      };
      const body = bodies[path];
      if (body === undefined) return { kind: 'error', error: 'the demo network has no such feed', status: 404 };
      const text = JSON.stringify(body);
      const tag = weakEtag(text);
      if (etagMatches(etag ?? undefined, tag)) return { kind: 'not-modified' };
      return { kind: 'ok', text, contentType: 'application/json; charset=utf-8', etag: tag };
    },
  };
}
