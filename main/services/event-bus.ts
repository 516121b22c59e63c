import { EventEmitter } from 'node:events';
import type { ApiEvents, EventName, EventSubscriber } from '../common/api-contract.ts';

/** Typed events from the services to whichever transports are attached (IPC, SSE). */
export class ApiEventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // Every open browser tab and window subscribes; do not warn at an arbitrary count.
    this.#emitter.setMaxListeners(0);
  }

  emit<E extends EventName>(event: E, payload: ApiEvents[E]): void {
    this.#emitter.emit(event, payload);
  }

  readonly on: EventSubscriber = (event, listener) => {
    this.#emitter.on(event, listener);
    return () => this.#emitter.off(event, listener);
  };
}
