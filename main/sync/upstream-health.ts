import { setTimeout as sleep } from 'node:timers/promises';
import { clockTime } from '../common/clock-time.ts';
import type { SyncState, SyncStatus } from '../common/sync-types.ts';
import type { ShortPageRetry } from './list-end.ts';
import type { AnswerEvent, RetryEvent } from './upstream-client.ts';
import { holdWords } from './upstream-hold.ts';
import { UpstreamTrouble } from './upstream-trouble.ts';

/** What the upstream's health needs of the sync it speaks for. */
export interface UpstreamHealthHost {
  state(): SyncState;
  setState(state: SyncState): void;
  /** The status changed, the state did not. */
  emit(): void;
  /** The state of the run going on, once the failures are over. */
  goingState(): SyncState;
  /** Requests sent to the upstream so far (UpstreamClient.requestCount). */
  requestCount(): number;
  log(line: string): void;
}

/**
 * The upstream's health as the user sees it: its failures and their end turned into the sync's
 * state (`offline`, `retrying`, going again), its last error (and when that was over), and a log
 * line for each turn. Apart from the engine because it answers the upstream client's events
 * (retry, hold, answer) and the crawls' short pages, whichever phase the run is in.
 */
export class UpstreamHealth {
  readonly #host: UpstreamHealthHost;
  #lastError: SyncStatus['lastError'] = null;
  /** The run failed and waits before trying again: nothing is under way, whatever the upstream answers meanwhile. */
  #waitingAfterError = false;
  /** The upstream's failures since its last usable answer: whether they last, and which answer ends them. */
  readonly #trouble = new UpstreamTrouble();

  constructor(host: UpstreamHealthHost) {
    this.#host = host;
  }

  /** The sync's last error, as its status shows it. */
  get lastError(): SyncStatus['lastError'] {
    return this.#lastError;
  }

  /** The upstream's failures still stand: only an answer ends them. */
  get failing(): boolean {
    return this.#trouble.since !== null;
  }

  /**
   * The run failed at `now`, to go again at `retryAt` (null: never). Only an answer to a request of
   * the next run says the failure is over (UpstreamTrouble).
   */
  runFailed(message: string, now: number, retryAt: number | null): void {
    this.#trouble.runFailed(this.#host.requestCount(), now, retryAt ?? Infinity);
    this.#lastError = { message, at: new Date(now).toISOString(), retryAt: retryAt === null ? null : new Date(retryAt).toISOString(), recoveredAt: null };
  }

  /** The run waits `waitMs` after its failure (or until `signal`): answers to its requests still under way say nothing meanwhile. */
  async waitAfterRunFailed(waitMs: number, signal: AbortSignal): Promise<void> {
    this.#waitingAfterError = true;
    await sleep(waitMs, undefined, { signal }).catch(() => undefined);
    this.#waitingAfterError = false;
  }

  /** The sync stopped for good, saying `reason`. */
  halted(reason: string): void {
    this.#lastError = { message: reason, at: new Date().toISOString(), retryAt: null, recoveredAt: null };
  }

  /**
   * A request failed and is tried again after a wait. Failures with no answer at all are `offline`
   * at once; others become `retrying` once they last (LASTING_FAILURE_MS), each said in the log once.
   */
  onRetry(event: RetryEvent): void {
    // A request of a run that failed, still under way: the run's own failure is the news.
    if (this.#waitingAfterError) return;
    const now = Date.now();
    const retryAt = event.heldUntil ?? now + event.delayMs;
    const first = this.#trouble.since === null;
    const lasting = this.#trouble.failed(this.#host.requestCount(), now, retryAt);
    const failure = `${event.error} from ${event.url}`;
    const message = event.heldUntil === null ? failure : `${holdWords(event.heldUntil)}: ${failure}`;
    this.#lastError = { message, at: new Date(now).toISOString(), retryAt: new Date(retryAt).toISOString(), recoveredAt: null };
    if (event.unreachable) {
      if (this.#host.state() === 'offline') return this.#host.emit();
      this.#host.log(`sync: upstream unreachable (${failure}); serving the local store meanwhile`);
      this.#host.setState('offline');
    } else if (lasting) {
      // A long wait asked for at the first failure, or failures that went on: said as the one or the other.
      this.#heldUp(event.heldUntil !== null && first);
    } else {
      this.#host.emit();
    }
  }

  /**
   * A request waits for a hold the upstream asked for (a 429's Retry-After, given to this sync or
   * to a lookup sharing its request budget): until then nothing moves.
   */
  onHeld(until: number): void {
    if (this.#waitingAfterError) return;
    const now = Date.now();
    const retryAt = new Date(until).toISOString();
    // Said once per hold, however many requests wait for it (the 429 that asked for it said it first).
    const said = this.#lastError?.retryAt === retryAt && this.#lastError.recoveredAt === null;
    if (!said) this.#lastError = { message: holdWords(until), at: new Date(now).toISOString(), retryAt, recoveredAt: null };
    if (this.#trouble.failed(this.#host.requestCount(), now, until)) this.#heldUp(true, said);
    else this.#host.emit();
  }

  /**
   * A page ended its list early and is asked for again after a wait: said as a retried request's
   * failure is (the last error, with when it is tried again; `retrying` once it lasts). The answer
   * to its retry does not end it, as it may end the list early again: only the page coming whole does.
   */
  onShortPage(retry: ShortPageRetry): void {
    if (this.#waitingAfterError) return;
    const now = Date.now();
    const lasting = this.#trouble.failed(this.#host.requestCount(), now, retry.retryAt, 'a usable answer');
    this.#lastError = { message: retry.message, at: new Date(now).toISOString(), retryAt: new Date(retry.retryAt).toISOString(), recoveredAt: null };
    if (lasting) this.#heldUp(false);
    else this.#host.emit();
  }

  onPageWhole(): void {
    if (this.#waitingAfterError || !this.#trouble.usable()) return;
    this.#answeredAgain();
  }

  onSuccess(answer: AnswerEvent): void {
    // A request that was still under way when the run failed (a batch's other pages) says nothing
    // about the failure, which may not be the upstream's at all (a full disk); nor does one sent
    // before the latest failure was seen (UpstreamTrouble): only its retry, or a later request.
    if (this.#waitingAfterError || !this.#trouble.answered(answer.request)) return;
    this.#answeredAgain();
  }

  /**
   * Failures that last: state `retrying`, said in the log once (its last error says what fails, and
   * when it is tried again). `waiting`: what makes it last is a wait the upstream asked for.
   */
  #heldUp(waiting: boolean, said = false): void {
    if (this.#host.state() === 'retrying') return this.#host.emit();
    const message = this.#lastError?.message ?? 'unknown';
    const since = this.#trouble.since ?? Date.now();
    if (!said) {
      this.#host.log(waiting
        ? `sync: waiting, ${message}; serving the local store meanwhile`
        : `sync: the upstream keeps failing (since ${clockTime(since)}): ${message}; retrying, serving the local store meanwhile`);
    }
    this.#host.setState('retrying');
  }

  /** The standing failures are over (UpstreamTrouble said so): the state goes on, and the last error is past. */
  #answeredAgain(): void {
    const state = this.#host.state();
    if (state === 'offline' || state === 'retrying' || state === 'error') {
      // An `error` may have been this machine's (a full disk): the new state's progress line says enough.
      if (state !== 'error') this.#host.log(state === 'offline' ? 'sync: upstream reachable again' : 'sync: the upstream answers again');
      this.#host.setState(this.#host.goingState());
    }
    // An answer after a retried request, or once the run goes again after its wait: the last error is past.
    if (this.#lastError?.recoveredAt === null) {
      this.#lastError = { ...this.#lastError, recoveredAt: new Date().toISOString() };
      this.#host.emit();
    }
  }
}
