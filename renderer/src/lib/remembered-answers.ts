import type { MirrordeskApi } from '../../../main/common/api-contract.ts';
import { Observable } from './observable.ts';

/**
 * Whether the open screen shows answers a synced profile's mirror gave from memory, its upstream
 * being unreachable (network files, NFTs, allowances: see `rememberedAt`), and since when the
 * oldest of them was remembered. The shell resets it whenever the address changes, so it speaks
 * of the screen in view only.
 */
export class RememberedAnswers {
  readonly #oldest = new Observable<number | null>(null);

  /** The oldest `rememberedAt` (ms since the epoch) among the answers since the last reset, or null. */
  subscribe(listener: (oldest: number | null) => void): () => void {
    return this.#oldest.subscribe(listener);
  }

  reset(): void {
    if (this.#oldest.value !== null) this.#oldest.set(null);
  }

  /** `api`, with every `mirror.get` answer given from memory noted here; nothing else changes. */
  watching(api: MirrordeskApi): MirrordeskApi {
    return {
      ...api,
      mirror: {
        ...api.mirror,
        get: async (request) => {
          const result = await api.mirror.get(request);
          if (result.ok && result.value.rememberedAt !== undefined) this.#note(result.value.rememberedAt);
          return result;
        },
      },
    };
  }

  #note(rememberedAt: number): void {
    const oldest = this.#oldest.value;
    if (oldest === null || rememberedAt < oldest) this.#oldest.set(rememberedAt);
  }
}
