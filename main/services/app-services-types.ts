import type { Dispatcher } from '../bridge/dispatch.ts';
import type { StatusService } from '../status/status-service.ts';
import type { VerifyArgs } from '../verify/verify-args.ts';
import type { VerifyService } from '../verify/verify-service.ts';
import type { ApiEventBus } from './event-bus.ts';
import type { SessionOutcome } from './profile-session.ts';

export interface ServicePorts {
  /** 0 picks a free port. */
  mirror: number;
  /** Interface C, the local Status API. */
  status: number;
  /** Interface B, the verification API; absent: the verification service is not started. */
  verify?: number;
}

export interface AppServicesOptions {
  /** Folder holding one SQLite database per network profile. */
  dataDir: string;
  /** Network profile name; `demo` is the embedded ledger. */
  network: string;
  /** Size of the generated demo ledger. */
  demoAccounts: number;
  ports: ServicePorts;
  /** Reject requests whose Host header is not a loopback name (DNS rebinding guard). */
  hostCheck: boolean;
  /** Which shell hosts the renderer; `app/info` reports it. Defaults to `web`. */
  shell?: 'desktop' | 'web';
  /** A Statuspage to watch instead of the profile's own; null or absent: the profile's. */
  statusUpstream?: string | null;
  /** False while the machine has no network; status polls wait for it. Default: always online. */
  isOnline?: () => boolean;
  /** `network: 'custom'`: the upstream mirror node REST base URL, and the EVM chain id. */
  upstreamMirror?: string | null;
  chainId?: number | null;
  /** Most requests a second the sync sends its upstream; default 20, 0: no limit. */
  syncRate?: number;
  /** Compilers folder, solc-bin mirror, RPC endpoints and explorers for verification. */
  verify?: VerifyArgs;
  /** Where the services write their one-line log messages. */
  log: (line: string) => void;
}

/** The running services, as the desktop shell and `serve` use them. */
export interface AppServices {
  /** The typed API (validated calls) for IPC and the HTTP bridge. */
  dispatch: Dispatcher;
  events: ApiEventBus;
  /** Base URLs the local HTTP services listen on. */
  urls: { mirror: string; status: string | null; verify?: string | null };
  /** The verification service (null: not started, `ports.verify` absent). */
  verify?: VerifyService | null;
  /** The profile's status service (null: the profile has no status page); the desktop tray reads it. */
  status: StatusService | null;
  /** Settles (never rejects) once the profile's data is usable (demo ledger generated or reused) or will not be: says which. */
  ready: Promise<SessionOutcome>;
  close(): Promise<void>;
}
