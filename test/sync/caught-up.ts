import type { SyncEngine } from '../../main/sync/sync-engine.ts';

/** Starts the engine and waits until its first pass has caught up with the upstream (crawled, then followed to the newest). */
export async function startUntilCaughtUp(engine: SyncEngine): Promise<void> {
  // Asked before the start, so that a pass quicker than this line is not missed.
  const caughtUp = engine.caughtUp();
  engine.start();
  await caughtUp;
}
