import type { StatusNotification, StatusSnapshot } from '../../main/common/status-types.ts';
import { createStatusService } from '../../main/status/status-service.ts';

const MINUTE = 60_000;

/**
 * Real snapshots of the demo network's status feed, from the real status service on an in-memory
 * database with a hand-driven clock: `calm` one minute after first use (nothing open), `open` five
 * minutes after (the demo's live incident is open), and the notification that second poll raised.
 */
export async function demoStatusSnapshots(): Promise<{ calm: StatusSnapshot; open: StatusSnapshot; raised: StatusNotification[] }> {
  let now = Date.parse('2026-11-20T12:00:00Z');
  const raised: StatusNotification[] = [];
  const service = createStatusService({ file: ':memory:', source: { demo: true }, clock: () => new Date(now), onNotification: (n) => raised.push(n) });
  try {
    now += MINUTE;
    await service.poller.pollNow();
    const calm = service.snapshot();
    now += 4 * MINUTE;
    await service.poller.pollNow();
    return { calm, open: service.snapshot(), raised };
  } finally {
    await service.close();
  }
}
