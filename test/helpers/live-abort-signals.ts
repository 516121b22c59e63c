import { Session } from 'node:inspector/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How many AbortSignal objects this process holds, counted after a garbage collection: the
 * inspector's queryObjects collects first, without `--expose-gc`.
 */
export async function liveAbortSignals(): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    const prototype = await session.post('Runtime.evaluate', { expression: 'AbortSignal.prototype', objectGroup: 'count' });
    // Typed as answering nothing in @types/node; the protocol answers the array of what it found.
    const found = (await session.post('Runtime.queryObjects', { prototypeObjectId: prototype.result.objectId!, objectGroup: 'count' })) as unknown as { objects: { objectId: string } };
    const length = (await session.post('Runtime.callFunctionOn', { objectId: found.objects.objectId, functionDeclaration: 'function () { return this.length; }', returnByValue: true })) as unknown as { result: { value: number } };
    return length.result.value;
  } finally {
    await session.post('Runtime.releaseObjectGroup', { objectGroup: 'count' });
    session.disconnect();
  }
}

/**
 * How many more AbortSignals the process holds after `work` than before it, once that is fewer
 * than `bound`, or as it still is after a few more collections. Some signals go only after a
 * collection and a later turn of the event loop (fetch lets go of its caller's signal from a
 * FinalizationRegistry callback), so a count right after the work may still include them; a
 * signal kept for good stays in every count.
 */
export async function abortSignalsLeftBy(work: () => Promise<void>, bound: number): Promise<number> {
  const before = await liveAbortSignals();
  await work();
  let left = (await liveAbortSignals()) - before;
  for (let collection = 0; collection < 5 && left >= bound; collection++) {
    await sleep(50);
    left = (await liveAbortSignals()) - before;
  }
  return left;
}
