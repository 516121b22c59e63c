import type { NetworkInfo } from '../../main/common/api-contract.ts';
import { createDispatcher, type Dispatcher } from '../../main/bridge/dispatch.ts';
import { defaultMirrorApiConfig } from '../../main/mirror/config.ts';
import { createMirrorApi, type MirrorApi } from '../../main/mirror/mirror-api.ts';
import { createApiHandlers } from '../../main/services/api-handlers.ts';
import type { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import type { ProfileSession } from '../../main/services/profile-session.ts';
import { insertAccounts, tempStore } from '../helpers/ledger-fixture.ts';

export const READY_INFO: NetworkInfo = { name: 'demo', source: 'demo', chainId: null, state: 'ready', progress: null, message: null, accountCount: 12 };

/**
 * The real API handlers over a real SQLite store with 12 accounts. Only the profile
 * session is reduced to its `info()`; demo generation is tested on its own.
 */
export function bridgeFixture(): { dispatch: Dispatcher; mirror: MirrorApi; store: LedgerStore; logged: string[]; dispose: () => Promise<void> } {
  const fixture = tempStore();
  insertAccounts(fixture.store, Array.from({ length: 12 }, (_, i) => ({ num: i + 1, balance: i * 10 })));
  const mirror = createMirrorApi(fixture.store, defaultMirrorApiConfig, true);
  const config = defaultMirrorApiConfig();
  const session = { info: () => READY_INFO, mirrorUnavailable: () => null } as unknown as ProfileSession;
  const logged: string[] = [];
  const dispatch = createDispatcher(createApiHandlers({
    version: '9.9.9',
    shell: 'web',
    session: () => session,
    mirror: () => mirror,
    mirrorConfig: () => config,
    mirrorUrl: 'http://127.0.0.1:1',
  }), (line) => logged.push(line));
  return { dispatch, mirror, store: fixture.store, logged, dispose: async () => { await mirror.server.close(); fixture.dispose(); } };
}
