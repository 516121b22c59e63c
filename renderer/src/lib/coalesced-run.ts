/**
 * Runs `task` when asked, never two at once: asked while it runs, it runs once more after that
 * run (however often it was asked meanwhile), since what the running one reads may predate what
 * the asking was about. The promise a caller gets settles once a run that started after the ask
 * has ended. For reloads a pushed event asks for: a burst of events costs two loads, not one each.
 */
export function coalescedRun(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const start = (): Promise<void> => {
    const run = (async () => task())().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  };
  return () => {
    if (queued) return queued;
    if (!running) return start();
    // A failed run does not stop the one asked for after it.
    queued = running.catch(() => undefined).then(() => {
      queued = null;
      return start();
    });
    return queued;
  };
}
