import { createDispatcher } from '../bridge/dispatch.ts';
import { describeListenError, isAddressInUse } from '../http/listen.ts';
import { defaultMirrorApiConfig } from '../mirror/config.ts';
import { createApiHandlers } from './api-handlers.ts';
import type { AppServices, AppServicesOptions } from './app-services-types.ts';
import { readAppVersion } from './app-version.ts';
import { prepareDataDir } from './data-dir.ts';
import { ApiEventBus } from './event-bus.ts';
import { ProfileHost } from './profile-host.ts';
import { CustomProfiles } from './custom-profiles.ts';
import { resolveProfile } from './profile-switch.ts';
import { loopbackUrl, refuseOwnServiceUrls, type OwnServiceUrls } from './own-service-urls.ts';
import { profileEvmChainId } from './profile-chain-id.ts';
import { statusPlan } from './profile-status.ts';
import { removeNewStores, storesNewToFolder } from './stores-new-to-folder.ts';
import { portListenError, refuseTakenPorts } from './taken-ports.ts';
import { undoFailedStart } from './undo-failed-start.ts';
import { prepareCompilersFolder } from '../verify/compilers/prepare-compilers-folder.ts';
import { startVerifyApi, type RunningVerifyApi } from '../verify/start-verify-api.ts';

export type { AppServices, AppServicesOptions };

/**
 * The composition root: builds every service from options and starts the HTTP servers.
 * Plain Node (no Electron), so `serve`, the desktop shell and tests all start the same way.
 */
export async function startAppServices(options: AppServicesOptions): Promise<AppServices> {
  prepareDataDir(options.dataDir);
  if (options.verify?.compilersDir !== undefined) prepareCompilersFolder(options.verify.compilersDir, '--compilers');
  // Built-in, `custom` (--upstream-mirror) or a custom profile saved in the data folder; one
  // reader of those for the run, so that the menu and a switch see the same list and what was moved aside.
  const savedProfiles = new CustomProfiles(options.dataDir, options.log);
  const profile = resolveProfile(options.network, options, savedProfiles);
  // Nor may the profile a run starts on sync from or watch the app itself (one saved before such
  // profiles were refused, or `--upstream-mirror` given the mirror port), as its ports are configured.
  refuseOwnServiceUrls(profile, { mirror: loopbackUrl(options.ports.mirror), status: loopbackUrl(options.ports.status), verify: loopbackUrl(options.ports.verify) });
  const status = statusPlan(profile, options.dataDir, options.statusUpstream ?? null);
  // Every fixed port before any store opens: a busy one stops the start with the folder as it was.
  // The status port is bound at start only for a profile with a status page (profile-host.ts).
  await refuseTakenPorts([
    { service: 'mirror', port: options.ports.mirror },
    ...(status ? [{ service: 'status', port: options.ports.status }] : []),
  ]);
  const verifyPort = await usableVerifyPort(options);
  const newStores = storesNewToFolder(profile, options.dataDir, status?.file ?? null, verifyPort !== undefined);
  const removeStep = { what: 'removing the stores it had created', run: () => removeNewStores(newStores) };
  const events = new ApiEventBus();
  const mirrorConfig = defaultMirrorApiConfig();
  // The mirror and status ports stay bound for the whole run; a switch swaps what answers on them.
  let host: ProfileHost;
  try {
    host = await ProfileHost.open(profile, { options, events, mirrorConfig: () => mirrorConfig });
  } catch (error) {
    await undoFailedStart([removeStep], options.log);
    throw error;
  }

  let verify: RunningVerifyApi | null = null;
  if (verifyPort !== undefined) {
    try {
      verify = await startVerifyApi({
        ...options.verify,
        dataDir: options.dataDir,
        port: verifyPort,
        hostCheck: options.hostCheck,
        profileChainId: profileEvmChainId(profile),
        currentChainId: () => profileEvmChainId(host.session.profile),
        mirrorDb: () => host.session.store.db,
        // The mirror API's gate: no code is read from a demo ledger still being generated.
        mirrorAvailability: () => host.session.mirrorUnavailable(),
        // Only the demo's store is a whole ledger; a synced one lacks what it has not synced yet.
        mirrorComplete: () => host.session.profile.source === 'demo',
        log: options.log,
      });
    } catch (error) {
      // Taken since it was checked: said as a port found busy then is.
      if (isAddressInUse(error)) {
        logVerifyNotRunning(options, error, verifyPort);
      } else {
        await undoFailedStart([{ what: 'closing the services it had opened', run: () => host.close() }, removeStep], options.log);
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
    const next = resolveProfile(name, options, savedProfiles);
    refuseOwnServiceUrls(next, ownServices());
    if (await host.switchTo(next)) options.log(`${next.name}: switched (data in ${options.dataDir})`);
    return host.session.info();
  };

  const dispatch = createDispatcher(
    createApiHandlers({
      switchNetwork,
      profileUse: (name) => host.use(name),
      profileOptions: { ...options, savedProfiles },
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

/**
 * The verification API's port, checked before any store opens; undefined when it is not started.
 * Verification is an add-on: a busy port leaves the other services running, with one clear line,
 * and its store unopened. Another listen error stops the start, as one on the other ports does.
 */
async function usableVerifyPort(options: AppServicesOptions): Promise<number | undefined> {
  const port = options.ports.verify;
  if (port === undefined) return undefined;
  const error = await portListenError(port);
  if (error === null) return port;
  if (!isAddressInUse(error)) throw describeListenError(error, 'verify', port);
  logVerifyNotRunning(options, error, port);
  return undefined;
}

function logVerifyNotRunning(options: AppServicesOptions, error: unknown, port: number): void {
  options.log(`verify: ${describeListenError(error, 'verify', port).message}; the verification API is not running`);
}
