import type { Channel, EventName } from '../common/api-contract.ts';

/**
 * IPC channel names, shared by main and preload. Calls use the API channel itself
 * (`accounts/list`); pushed events are prefixed so they can never collide with a call.
 */
export function callIpcChannel(channel: Channel): string {
  return channel;
}

export function eventIpcChannel(event: EventName): `event:${EventName}` {
  return `event:${event}`;
}
