import { createDispatcher } from '../bridge/dispatch.ts';
import { describeListenError } from '../http/listen.ts';
import { defaultMirrorApiConfig } from '../mirror/config.ts';
import { createApiHandlers } from './api-handlers.ts';
import type { AppServices, AppServicesOptions } from './app-services-types.ts';
import { readAppVersion } from './app-version.ts';
import { prepareDataDir } from './data-dir.ts';
import { ApiEventBus } from './event-bus.ts';
import { ProfileHost } from './profile-host.ts';
import { resolveProfile } from './profile-switch.ts';
import { loopbackUrl, refuseOwnServiceUrls, type OwnServiceUrls } from './own-service-urls.ts';
import { profileEvmChainId } from './profile-chain-id.ts';
import { startVerifyApi, type RunningVerifyApi } from '../verify/start-verify-api.ts';

export type { AppServices, AppServicesOptions };

/**
 * The composition root: builds every service from options and starts the HTTP servers.
 * Plain Node (no Electron), so `serve`, the desktop shell and tests all start the same way.
 */
export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  prepareDataDir(options.dataDir);
  // Built-in, `custom` (--upstream-mirror) or a custom profile saved in the data folder.
  const profile = resolveProfile(options.network, options);
  // Nor may the profile a run starts on sync from or watch the app itself (one saved before such
  // profiles were refused, or `--upstream-mirror` given the mirror port), as its ports are configured.
  refuseOwnServiceUrls(profile, { mirror: loopbackUrl(options.ports.mirror), status: loopbackUrl(options.ports.status), verify: loopbackUrl(options.ports.verify) });
  const events = new ApiEventBus();
  const mirrorConfig = defaultMirrorApiConfig();
  // The mirror and status ports stay bound for the whole run; a switch swaps what answers on them.
  const host = await ProfileHost.open(profile, { options, events, mirrorConfig: () => mirrorConfig });

  let verify: RunningVerifyApi | null = null;
  if (options.ports.verify !== undefined) {
    try {
      verify = await startVerifyApi({
        ...options.verify,
        dataDir: options.dataDir,
        port: options.ports.verify,
        hostCheck: options.hostCheck,
        profileChainId: profileEvmChainId(profile),
        currentChainId: () => profileEvmChainId(host.session.profile),
        mirrorDb: () => host.session.store.db,
        // The mirror API's gate: no code is read from a demo ledger still being generated.
        mirrorAvailability: () => host.session.mirrorUnavailable(),
        log: options.log,
      });
    } catch (error) {
      // Verification is an add-on: a busy port leaves the other services running, with one clear line.
      if ((error as { code?: string }).code === 'EADDRINUSE') {
        options.log(`verify: ${describeListenError(error, 'verify', options.ports.verify).message}; the verification API is not running`);
      } else {
        await host.close();
        throw error;
      }
    }
  }

  // No profile may sync from or watch the app itself. The status port is bound once a profile with
  // a status page opens: until then, the configured one.
  const ownServices = (): OwnServiceUrls => ({ mirror: host.mirrorUrl, status: host.statusUrl ?? loopbackUrl(options.ports.status), verify: verify?.url ?? null });

  // The host runs switches one at a time; each replaces the session, the mirror API and the
  // status service, or fails leaving them as they were.
  const switchNetwork = async (name: string) => {
    const next = resolveProfile(name, options);
    refuseOwnServiceUrls(next, ownServices());
    if (await host.switchTo(next)) options.log(`${next.name}: switched (data in ${options.dataDir})`);
    return host.session.info();
  };

  const dispatch = createDispatcher(
    createApiHandlers({
      switchNetwork,
      profileUse: (name) => host.use(name),
      profileOptions: options,
      ownServices,
      version: readAppVersion(new URL('../../package.json', import.meta.url)),
      shell: options.shell ?? 'web',
      session: () => host.session,
      mirror: () => host.mirror,
      withMirror: (use) => host.withMirror(use),
      mirrorConfig: () => mirrorConfig,
      mirrorUrl: host.mirrorUrl,
      status: () => host.status?.service ?? null,
      statusUrl: () => host.statusUrl,
      verify: () => verify?.service ?? null,
      events,
    }),
    options.log,
  );

  return {
    dispatch,
    events,
    urls: { mirror: host.mirrorUrl, status: host.statusUrl, verify: verify?.url ?? null },
    verify: verify?.service ?? null,
    get status() {
      return host.status?.service ?? null;
    },
    ready: host.session.ready,
    async close() {
      // Side by side: each port gives its requests the same few seconds, so the whole close takes about that.
      await Promise.all([verify?.close(), host.close()]);
    },
  };
}
