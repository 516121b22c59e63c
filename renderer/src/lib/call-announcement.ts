/** What a contract function's call answered, as far as its announcement needs it. */
export interface CallAnswer {
  /** How many values it returned. */
  values: number;
  /** For a simulation, the gas it would take (null: not estimated). */
  gas: bigint | null;
}

/**
 * The line a screen reader is told when a Call or Simulate the user pressed answers. The values
 * stay on screen to be read; the line says that they came, how many, and (simulated) the gas. A
 * failure has no line here: its alert says it.
 */
export function callAnnouncement(answer: CallAnswer, simulate: boolean): string {
  const returned = answer.values === 0 ? 'returned nothing' : `returned ${answer.values} value${answer.values === 1 ? '' : 's'}`;
  if (!simulate) return `Call ${returned}`;
  return `Simulation ${returned}; ${answer.gas === null ? 'gas not estimated' : `estimated gas ${answer.gas.toLocaleString('en-US')}`}`;
}
