import type { ApiHandlers } from '../bridge/dispatch.ts';
import { fileBytes } from '../mirror/store/store-size.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import type { CompilerProgress, VerifyCompilersReply } from '../common/verify-types.ts';
import { CompilerUnavailableError } from '../verify/compilers/compiler-errors.ts';
import { SoljsonProbeError } from '../verify/compilers/probe-soljson.ts';
import { abiOfMetadata } from '../verify/repository/abi-of-metadata.ts';
import type { VerifyService } from '../verify/verify-service.ts';
import type { ApiEventBus } from './event-bus.ts';
import { profileEvmChainId } from './profile-chain-id.ts';
import type { ProfileSession } from './profile-session.ts';
import type { ExampleName } from '../mirror/demo/contracts/example-artifact.ts';
import { contractAddressAliases } from './contract-address-aliases.ts';
import { exampleDeployments, exampleSourceFiles, type ExampleDeployment } from './demo-examples.ts';
import { contractSuggestions } from './verify-suggestions.ts';
import { AppVerifySession } from './verify-app-session.ts';
import { VerifySessionChanges } from './verify-session-changes.ts';
import { verifyDbFailure } from './verify-db-failure.ts';
import { verificationsThatCount } from './verification-that-counts.ts';
import { verifiedSourceFile, verifiedSources } from './verified-sources.ts';

type VerifyChannel = Extract<keyof ApiHandlers, `verify/${string}`>;

/** Download progress reaches the UI at most this often (plus the final event). */
const PROGRESS_INTERVAL_MS = 150;

export interface VerifyHandlerDeps {
  /** The running verification service; null when it is not started. */
  verify: () => VerifyService | null;
  session: () => ProfileSession;
  /** Where compiler download progress and the changes of the app's verify sessions are told. */
  events?: ApiEventBus;
}

export interface VerifyHandlers {
  handlers: Pick<ApiHandlers, VerifyChannel>;
  /** To be told of each saved profile renamed: the Verify screen's session goes with its profile. */
  profileRenamed: (from: string, to: string) => void;
  /** To be told of each saved profile removed: the Verify screen's session of one is released. */
  profileRemoved: (name: string) => void;
}

/** The chain the open profile's contracts are verified under, as the API's chain ids are written. */
function verifyChainId(session: ProfileSession): string {
  return String(profileEvmChainId(session.profile));
}

/**
 * The `verify/*` channels, in-process over the verification service (the same engine, sessions
 * and repository as interface B, without its HTTP server). `unavailable` when verification is off.
 */
export function createVerifyHandlers(deps: VerifyHandlerDeps): VerifyHandlers {
  let app: { service: VerifyService; session: AppVerifySession } | null = null;
  // Every window and tab on a profile shares its session: each hears of the changes another makes.
  const changes = new VerifySessionChanges((change) => deps.events?.emit('verify/session-changed', change));
  const service = (): VerifyService => {
    const running = deps.verify();
    if (!running) throw new ApiFailure('unavailable', 'contract verification is not running in this app (its port may be in use; see the log)');
    return running;
  };
  const appSession = (): AppVerifySession => {
    const running = service();
    if (app?.service !== running) app = { service: running, session: new AppVerifySession(running, changes) };
    return app.session;
  };
  /**
   * Runs `use` on the running service: its database's failures are said as such (what happened
   * to which file, what to do), and a channel that `writes` is refused once that file is known
   * damaged. The open profile's ledger is read outside `use`: its failures are not this database's.
   */
  const withService = async <T>(use: (running: VerifyService) => T | Promise<T>, writes = false): Promise<T> => {
    const running = service();
    try {
      // Refused like the HTTP API's POSTs: what it stored would not be in the file the next start opens.
      if (writes) running.health.requireUndamaged();
      return await use(running);
    } catch (error) {
      throw verifyDbFailure(running, error) ?? error;
    }
  };
  const profile = (): string => deps.session().profile.name;
  const compilers = (): VerifyCompilersReply => {
    const store = service().compilers;
    return {
      compilers: store.list().map((c) => {
        const file = store.folder.pathFor(c.longVersion);
        return { ...c, bytes: file ? fileBytes(file) : 0 };
      }),
      downloadMirror: store.mirrorUrl,
    };
  };

  const handlers: Pick<ApiHandlers, VerifyChannel> = {
    // Each of the session's channels writes (a session is touched, made, or its files or results kept).
    'verify/session': () => withService(() => appSession().view(profile()), true),
    'verify/session/clear': () => withService(() => appSession().clear(profile()), true),
    'verify/files/add': ({ files }) => withService(() => appSession().addFiles(profile(), files), true),
    'verify/examples/add': async () => {
      const session = await withService(() => appSession().addFiles(profile(), exampleSourceFiles()), true);
      const deployed = exampleDeployments(deps.session().store.db);
      const deployments: Record<string, ExampleDeployment> = {};
      for (const contract of session.contracts) {
        const deployment = deployed.get(contract.name as ExampleName);
        if (deployment) deployments[contract.verificationId] = deployment;
      }
      return { session, deployments };
    },
    'verify/contracts/verify': ({ contracts }) => withService(() => appSession().verify(profile(), contracts), true),
    'verify/check': async ({ address, chainId }) => {
      // Under any address the open profile's mirror knows the contract by (long-zero or its own EVM
      // address), read from its ledger outside withService: that store's failures are not the verification database's.
      const aliases = contractAddressAliases(deps.session().store.db, address);
      // One a chain, the one that counts, best first: the one the Source tab shows (verification-that-counts.ts).
      const records = await withService((running) => verificationsThatCount(running.repository, aliases, chainId));
      return {
        address,
        verified: records.map((r) => ({
          chainId: r.chainId, status: r.status, runtimeMatch: r.runtimeMatch, creationMatch: r.creationMatch,
          name: r.name, compilerVersion: r.compilerVersion, verifiedAt: r.verifiedAt, abi: abiOfMetadata(r.metadata),
          constructorArguments: r.constructorArguments,
        })),
      };
    },
    'verify/sources': async ({ address, chainId }) => {
      // Under any address the mirror knows the contract by, as verify/check; the ledger read outside withService.
      const aliases = contractAddressAliases(deps.session().store.db, address);
      return withService((running) => verifiedSources(running.repository, aliases, chainId));
    },
    'verify/source-file': async ({ address, chainId, path }) => {
      const aliases = contractAddressAliases(deps.session().store.db, address);
      return withService((running) => verifiedSourceFile(running.repository, aliases, chainId, path));
    },
    'verify/suggestions': ({ query }) => {
      const session = deps.session();
      const chainId = verifyChainId(session);
      const running = deps.verify();
      // None from a demo ledger still being generated (the mirror API's gate): its contracts are not all there yet.
      if (session.mirrorUnavailable() !== null) return { chainId, contracts: [] };
      const verifiedStatus = (address: string) => {
        if (!running) return null;
        try {
          return running.repository.get(chainId, address)?.status ?? null;
        } catch (error) {
          throw verifyDbFailure(running, error) ?? error;
        }
      };
      return { chainId, contracts: contractSuggestions(session.store.db, query, verifiedStatus) };
    },
    'verify/compilers/list': () => compilers(),
    'verify/compilers/import': async ({ content }) => {
      const store = service().compilers;
      let longVersion: string;
      try {
        longVersion = await store.import(Buffer.from(content, 'base64'));
      } catch (error) {
        if (error instanceof SoljsonProbeError) throw new ApiFailure('invalid-input', `this file is not a usable soljson compiler: ${error.reason}`);
        // The file may be fine: storing it failed (a full disk, a folder that cannot be written).
        throw new ApiFailure('unavailable', `the compiler could not be stored in the compilers folder: ${(error as Error).message}`);
      }
      return { ...compilers(), longVersion };
    },
    'verify/compilers/download': async ({ version }) => {
      const store = service().compilers;
      const progress = throttledProgress(version, deps.events);
      try {
        const longVersion = await store.download(version, (received, total) => progress({ received, total, done: false, error: null }));
        progress({ received: 1, total: 1, done: true, error: null });
        return { ...compilers(), longVersion };
      } catch (error) {
        const message = (error as Error).message;
        progress({ received: 0, total: 0, done: true, error: message });
        // The mirror not listing the version is said as the engine says it everywhere else.
        if (error instanceof CompilerUnavailableError) throw new ApiFailure('unavailable', message);
        throw new ApiFailure('unavailable', `compiler ${version} could not be downloaded: ${message}`);
      }
    },
  };
  return {
    handlers,
    profileRenamed: (from, to) => app?.session.renameProfile(from, to),
    profileRemoved: (name) => app?.session.removeProfile(name),
  };
}

function throttledProgress(longVersion: string, events: ApiEventBus | undefined): (update: Omit<CompilerProgress, 'longVersion'>) => void {
  let last = 0;
  return (update) => {
    const now = Date.now();
    if (!update.done && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    events?.emit('verify/compiler-progress', { longVersion, ...update });
  };
}

