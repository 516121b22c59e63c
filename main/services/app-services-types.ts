import type { Dispatcher } from '../bridge/dispatch.ts';
import type { ApiEventBus } from './event-bus.ts';

export interface ServicePorts {
  /** 0 picks a free port. */
  mirror: number;
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
  /** Where the services write their one-line log messages. */
  log: (line: string) => void;
}

/** The running services, as the desktop shell and `serve` use them. */
export interface AppServices {
  /** The typed API (validated calls) for IPC and the HTTP bridge. */
  dispatch: Dispatcher;
  events: ApiEventBus;
  /** Base URLs the local HTTP services listen on. */
  urls: { mirror: string };
  /** Resolves when the profile's data is usable (demo ledger generated or reused). */
  ready: Promise<void>;
  close(): Promise<void>;
}
