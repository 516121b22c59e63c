/** One thing a failed start undoes, and how the log names it when it cannot be done. */
export interface UndoStep {
  what: string;
  run: () => unknown;
}

/**
 * Undoes what a start that failed had done, step by step, each tried whatever became of the ones
 * before: a host that would not close must not keep the stores it created in the folder. A step
 * that fails (a file Windows holds busy, EBUSY or EPERM) is said in the log and the next one runs;
 * the caller then throws the error that stopped the start, which is what the user must read, not
 * the clean-up's own. `failed` names what failed when it was not the start (a profile's opening
 * at a switch).
 */
export async function undoFailedStart(steps: readonly UndoStep[], log: (line: string) => void, failed = 'the start'): Promise<void> {
  for (const { what, run } of steps) {
    try {
      await run();
    } catch (error) {
      log(`${failed} failed, and ${what} failed too: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
