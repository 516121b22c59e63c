import path from 'node:path';
import { listenOnLoopback } from '../http/listen.ts';
import type { MirrorAvailability } from '../mirror/http/availability-gate.ts';
import type { SqliteDatabase } from '../mirror/store/ledger-store.ts';
import { buildVerifyServer } from './api/verify-server.ts';
import { MirrorCodeSource } from './chain/mirror-code-source.ts';
import { DEFAULT_SOLC_BIN_MIRROR } from './compilers/mirror-source.ts';
import type { VerifyArgs } from './verify-args.ts';
import { VerifyService } from './verify-service.ts';
import { verifyDbFile } from './store/verify-db.ts';

export interface StartVerifyApiOptions extends VerifyArgs {
  dataDir: string;
  port: number;
  hostCheck: boolean;
  /** The open profile's EVM chain id (profileEvmChainId) and its store, read for deployed code. */
  profileChainId: number;
  /** The chain id of the profile open now, when profiles can be switched (default: `profileChainId`). */
  currentChainId?: () => number;
  mirrorDb: () => SqliteDatabase;
  /** Why the open profile's store cannot answer now (ProfileSession.mirrorUnavailable); default: it always can. */
  mirrorAvailability?: MirrorAvailability;
  /**
   * Whether the open profile's store is its whole ledger (the demo's) rather than a synced copy of
   * an upstream one: only there does an address without code mean nothing is deployed (default: a copy).
   */
  mirrorComplete?: () => boolean;
  log: (line: string) => void;
  /** How long requests under way may finish when the API closes (default REQUESTS_CLOSE_LIMIT_MS). */
  closeLimitMs?: number;
}

export interface RunningVerifyApi {
  service: VerifyService;
  url: string;
  /** Stops the server (requests under way get `closeLimitMs` to finish, then are cut), then closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the verification service and interface B on its own loopback port. The open profile's
 * chain (demo: 298) is read from the local mirror store, other chains from configured RPC URLs.
 */
export async function startVerifyApi(options: StartVerifyApiOptions): Promise<RunningVerifyApi> {
  const service = new VerifyService({
    dbFile: verifyDbFile(options.dataDir),
    compilersDir: options.compilersDir ?? path.join(options.dataDir, 'compilers'),
    solcBinMirror: options.solcBinMirror === undefined ? DEFAULT_SOLC_BIN_MIRROR : options.solcBinMirror,
    chains: {
      // Read on every verification, so after a profile switch the new profile's chain is the local one.
      get mirrorChainIds() {
        const chainId = options.currentChainId ? options.currentChainId() : options.profileChainId;
        return [String(chainId)];
      },
      mirrorSource: new MirrorCodeSource(options.mirrorDb, options.mirrorAvailability, options.mirrorComplete),
      rpcUrls: options.rpcUrls ?? {},
    },
    explorers: options.explorers ?? {},
    log: options.log,
  });
  const server = buildVerifyServer({ service, hostCheck: options.hostCheck, log: options.log, closeLimitMs: options.closeLimitMs });
  let url: string;
  try {
    url = await listenOnLoopback(server, options.port);
  } catch (error) {
    await service.close();
    throw error;
  }
  return {
    service,
    url,
    async close() {
      await server.close();
      await service.close();
    },
  };
}
