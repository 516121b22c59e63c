import { createDispatcher } from '../bridge/dispatch.ts';
import { listenOnLoopback } from '../http/listen.ts';
import { defaultMirrorApiConfig } from '../mirror/config.ts';
import { createMirrorApi } from '../mirror/mirror-api.ts';
import { createApiHandlers } from './api-handlers.ts';
import type { AppServices, AppServicesOptions } from './app-services-types.ts';
import { readAppVersion } from './app-version.ts';
import { ApiEventBus } from './event-bus.ts';
import { findProfile, profileNames } from './network-profiles.ts';
import { ProfileSession } from './profile-session.ts';

export type { AppServices, AppServicesOptions };

/**
 * The composition root: builds every service from options and starts the HTTP servers.
 * Plain Node (no Electron), so `serve`, the desktop shell and tests all start the same way.
 */
export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  const profile = findProfile(options.network);
  if (!profile) {
    throw new Error(`unknown network profile "${options.network}" (available: ${profileNames().join(', ')})`);
  }
  const events = new ApiEventBus();
  const mirrorConfig = defaultMirrorApiConfig();
  const session = new ProfileSession(profile, options.dataDir, options.demoAccounts, events, options.log);
  const mirror = createMirrorApi(session.store, () => mirrorConfig, options.hostCheck);
  let mirrorUrl: string;
  try {
    mirrorUrl = await listenOnLoopback(mirror.server, options.ports.mirror);
  } catch (error) {
    await session.close();
    throw describeListenError(error, 'mirror', options.ports.mirror);
  }

  const dispatch = createDispatcher(
    createApiHandlers({
      version: readAppVersion(new URL('../../package.json', import.meta.url)),
      shell: options.shell ?? 'web',
      session: () => session,
      mirror: () => mirror,
      mirrorConfig: () => mirrorConfig,
      mirrorUrl,
    }),
    options.log,
  );

  return {
    dispatch,
    events,
    urls: { mirror: mirrorUrl },
    ready: session.ready,
    async close() {
      await mirror.server.close();
      await session.close();
    },
  };
}

/** A busy fixed port is the usual start-up failure: say which flag picks another. */
export function describeListenError(error: unknown, service: string, port: number): Error {
  if ((error as { code?: string }).code === 'EADDRINUSE') {
    return new Error(`port ${port} for the ${service} service is in use; choose another with --${service}-port N (0 picks a free port)`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
