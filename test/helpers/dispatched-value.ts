import type { Dispatcher } from '../../main/bridge/dispatch.ts';

/** What `channel` answers through the bridge's dispatcher; a failure thrown with its message and details. */
export async function dispatchedValue<T>(dispatch: Dispatcher, channel: string, request: unknown): Promise<T> {
  const result = await dispatch(channel, request);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message} ${result.error.details.join('; ')}`);
  return result.value as T;
}
