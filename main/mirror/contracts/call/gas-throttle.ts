/**
 * Gas per second across all calls: a token bucket holding at most one second of gas, refilled
 * continuously. A call takes its gas limit up front; a call that would overdraw is refused
 * (429), as the reference's throttle does. The clock is injected so tests need no waiting.
 */
export class GasThrottle {
  readonly #perSecond: number;
  readonly #now: () => number;
  #available: number;
  #last: number;

  constructor(perSecond: number, now: () => number = () => performance.now()) {
    this.#perSecond = perSecond;
    this.#now = now;
    this.#available = perSecond;
    this.#last = now();
  }

  /** Takes `gas` from the bucket; false (and nothing taken) when there is not enough. */
  tryTake(gas: number): boolean {
    const now = this.#now();
    const elapsedSeconds = Math.max(0, now - this.#last) / 1000;
    this.#available = Math.min(this.#perSecond, this.#available + elapsedSeconds * this.#perSecond);
    this.#last = now;
    if (gas > this.#available) return false;
    this.#available -= gas;
    return true;
  }
}
