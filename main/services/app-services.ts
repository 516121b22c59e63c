import { createDispatcher } from '../bridge/dispatch.ts';
import { listenOnLoopback } from '../http/listen.ts';
import { defaultMirrorApiConfig } from '../mirror/config.ts';
import { createMirrorApi } from '../mirror/mirror-api.ts';
import { createApiHandlers } from './api-handlers.ts';
import type { AppServices, AppServicesOptions } from './app-services-types.ts';
import { readAppVersion } from './app-version.ts';
import { ApiEventBus } from './event-bus.ts';
import { ProfileSession } from './profile-session.ts';
import { startProfileStatus, type ProfileStatus } from './profile-status.ts';
import { resolveProfile, switchProfileParts } from './profile-switch.ts';
import { startVerifyApi, type RunningVerifyApi } from '../verify/start-verify-api.ts';

export type { AppServices, AppServicesOptions };

/**
 * The composition root: builds every service from options and starts the HTTP servers.
 * Plain Node (no Electron), so `serve`, the desktop shell and tests all start the same way.
 */
export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  // Built-in, `custom` (--upstream-mirror) or a custom profile saved in the data folder.
  const profile = resolveProfile(options.network, options);
  const events = new ApiEventBus();
  const mirrorConfig = defaultMirrorApiConfig();
  let session = new ProfileSession(profile, options.dataDir, options.demoAccounts, events, options.log, {
    ...(options.syncRate === undefined ? {} : { requestsPerSecond: options.syncRate }),
  });
  let mirror = createMirrorApi(session.store, () => mirrorConfig, options.hostCheck, session.readThrough ? { readThrough: session.readThrough } : {});
  let mirrorUrl: string;
  try {
    mirrorUrl = await listenOnLoopback(mirror.server, options.ports.mirror);
  } catch (error) {
    await session.close();
    throw describeListenError(error, 'mirror', options.ports.mirror);
  }
  let status: ProfileStatus | null;
  try {
    status = await startProfileStatus({
      profile,
      dataDir: options.dataDir,
      upstreamUrl: options.statusUpstream ?? null,
      port: options.ports.status,
      hostCheck: options.hostCheck,
      events,
      log: options.log,
      ...(options.isOnline === undefined ? {} : { isOnline: options.isOnline }),
    });
  } catch (error) {
    await mirror.server.close();
    await session.close();
    throw describeListenError(error, 'status', options.ports.status);
  }

  let verify: RunningVerifyApi | null = null;
  if (options.ports.verify !== undefined) {
    try {
      verify = await startVerifyApi({
        ...options.verify,
        dataDir: options.dataDir,
        port: options.ports.verify,
        hostCheck: options.hostCheck,
        profileChainId: profile.chainId,
        currentChainId: () => session.profile.chainId,
        mirrorDb: () => session.store.db,
        log: options.log,
      });
    } catch (error) {
      // Verification is an add-on: a busy port leaves the other services running, with one clear line.
      if ((error as { code?: string }).code === 'EADDRINUSE') {
        options.log(`verify: ${describeListenError(error, 'verify', options.ports.verify).message}; the verification API is not running`);
      } else {
        await status?.service.close();
        await mirror.server.close();
        await session.close();
        throw error;
      }
    }
  }

  // Switches run one at a time; each replaces the session, the mirror API and the status service.
  let switching: Promise<unknown> = Promise.resolve();
  const switchNetwork = (name: string) => {
    const run = switching.then(async () => {
      const next = resolveProfile(name, options);
      if (next.name === session.profile.name && next.mirrorUrl === session.profile.mirrorUrl) return session.info();
      ({ session, mirror, status } = await switchProfileParts({ session, mirror, status }, next, { options, events, mirrorConfig: () => mirrorConfig }));
      options.log(`${next.name}: switched (data in ${options.dataDir})`);
      return session.info();
    });
    switching = run.catch(() => undefined);
    return run;
  };

  const dispatch = createDispatcher(
    createApiHandlers({
      switchNetwork,
      profileOptions: options,
      version: readAppVersion(new URL('../../package.json', import.meta.url)),
      shell: options.shell ?? 'web',
      session: () => session,
      mirror: () => mirror,
      mirrorConfig: () => mirrorConfig,
      mirrorUrl,
      status: () => status?.service ?? null,
      statusUrl: () => status?.url ?? null,
      verify: () => verify?.service ?? null,
      events,
    }),
    options.log,
  );

  return {
    dispatch,
    events,
    urls: { mirror: mirrorUrl, status: status?.url ?? null, verify: verify?.url ?? null },
    verify: verify?.service ?? null,
    get status() {
      return status?.service ?? null;
    },
    ready: session.ready,
    async close() {
      // Stops the poller first, so no poll writes to a store being closed.
      await status?.service.close();
      await verify?.close();
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
