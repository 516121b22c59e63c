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

type VerifyChannel = Extract<keyof ApiHandlers, `verify/${string}`>;

/** Download progress reaches the UI at most this often (plus the final event). */
const PROGRESS_INTERVAL_MS = 150;

export interface VerifyHandlerDeps {
  /** The running verification service; null when it is not started. */
  verify: () => VerifyService | null;
  session: () => ProfileSession;
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
  const service = (): VerifyService => {
    const running = deps.verify();
    if (!running) throw new ApiFailure('unavailable', 'contract verification is not running in this app (its port may be in use; see the log)');
    return running;
  };
  const appSession = (): AppVerifySession => {
    const running = service();
    if (app?.service !== running) app = { service: running, session: new AppVerifySession(running) };
    return app.session;
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
    'verify/session': () => appSession().view(profile()),
    'verify/session/clear': () => appSession().clear(profile()),
    'verify/files/add': ({ files }) => appSession().addFiles(profile(), files),
    'verify/examples/add': async () => {
      const session = await appSession().addFiles(profile(), exampleSourceFiles());
      const deployed = exampleDeployments(deps.session().store.db);
      const deployments: Record<string, ExampleDeployment> = {};
      for (const contract of session.contracts) {
        const deployment = deployed.get(contract.name as ExampleName);
        if (deployment) deployments[contract.verificationId] = deployment;
      }
      return { session, deployments };
    },
    'verify/contracts/verify': ({ contracts }) => appSession().verify(profile(), contracts),
    'verify/check': ({ address, chainId }) => {
      // Under any address the open profile's mirror knows the contract by (long-zero or its own EVM address).
      const repository = service().repository;
      const records = contractAddressAliases(deps.session().store.db, address)
        .flatMap((alias) => repository.byAddress(alias))
        .filter((r) => chainId === undefined || r.chainId === chainId);
      return {
        address,
        verified: records.map((r) => ({
          chainId: r.chainId, status: r.status, runtimeMatch: r.runtimeMatch, creationMatch: r.creationMatch,
          name: r.name, compilerVersion: r.compilerVersion, verifiedAt: r.verifiedAt, abi: abiOfMetadata(r.metadata),
          constructorArguments: r.constructorArguments,
        })),
      };
    },
    'verify/suggestions': ({ query }) => {
      const session = deps.session();
      const chainId = verifyChainId(session);
      const repository = deps.verify()?.repository ?? null;
      // None from a demo ledger still being generated (the mirror API's gate): its contracts are not all there yet.
      if (session.mirrorUnavailable() !== null) return { chainId, contracts: [] };
      return { chainId, contracts: contractSuggestions(session.store.db, query, (address) => repository?.get(chainId, address)?.status ?? null) };
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

