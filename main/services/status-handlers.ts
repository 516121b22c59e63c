import type { ApiHandlers } from '../bridge/dispatch.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import type { StatusPollReply } from '../common/status-types.ts';
import { isSqliteError } from '../mirror/store/sqlite-error.ts';
import { unusableCacheNote } from '../status/store/status-cache-notes.ts';
import type { PollResult } from '../status/poller.ts';
import type { StatusService } from '../status/status-service.ts';

type StatusChannel = 'status/snapshot' | 'status/settings/get' | 'status/settings/set' | 'status/poll-now';

/** The `status/*` channels over the profile's status service; `unavailable` when the profile has none. */
export function createStatusHandlers(status: () => StatusService | null): Pick<ApiHandlers, StatusChannel> {
  const service = (): StatusService => {
    const running = status();
    if (!running) throw new ApiFailure('unavailable', 'This network profile has no status page configured');
    return running;
  };
  return {
    'status/snapshot': () => service().snapshot(),
    'status/settings/get': () => service().getSettings(),
    'status/settings/set': (settings) => {
      const running = service();
      try {
        return running.setSettings(settings);
      } catch (error) {
        // The dispatcher has validated already; the store's own check is the last line.
        if (error instanceof TypeError) throw new ApiFailure('invalid-input', 'Invalid status settings', [error.message]);
        // A full disk: said as the Status screen says it, naming the file (damage the service has dealt with already).
        if (isSqliteError(error)) throw new ApiFailure('unavailable', `The notification settings were not saved. ${unusableCacheNote(error, running.store.file)}`);
        throw error;
      }
    },
    'status/poll-now': async () => pollReply(await service().poller.pollNow()),
  };
}

/** A poll result without the notifications themselves: they arrive as `status/notification` events. */
export function pollReply(result: PollResult): StatusPollReply {
  switch (result.outcome) {
    case 'ok':
      return { outcome: 'ok', changed: result.changed, notifications: result.notifications.length };
    case 'failed':
      return { outcome: 'failed', error: result.error };
    case 'offline':
      return { outcome: 'offline' };
    case 'too-soon':
      return { outcome: 'too-soon', retryInMs: result.retryInMs };
  }
}
