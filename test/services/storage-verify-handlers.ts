import fs from 'node:fs';
import path from 'node:path';
import { createDispatcher, type ApiHandlers, type Dispatcher } from '../../main/bridge/dispatch.ts';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import type { ProfileSession } from '../../main/services/profile-session.ts';
import { createVerifyHandlers } from '../../main/services/verify-handlers.ts';
import { MirrorCodeSource } from '../../main/verify/chain/mirror-code-source.ts';
import type { VerifyService } from '../../main/verify/verify-service.ts';
import { insertContract } from '../helpers/contract-fixture.ts';
import { dispatchedValue } from '../helpers/dispatched-value.ts';
import { cachedCompilers, offlineVerifyService, STORAGE_VERSION, storageDeployment, tempDir } from '../verify/verify-fixture.ts';

export interface StorageVerifyHandlers {
  service: VerifyService;
  store: LedgerStore;
  dispatch: Dispatcher;
  /** A channel's value; a refusal fails the test. */
  call<T>(channel: string, request: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * The app's verify channels through the real dispatcher, validation included, over a real
 * verification service (its own verify.sqlite, Storage's compiler only) whose chain 298 reads the
 * deployed code from a real mirror store holding Storage as 0.0.1001, under its own EVM address.
 */
export async function storageVerifyHandlers(): Promise<StorageVerifyHandlers> {
  const deployment = storageDeployment();
  const dataDir = tempDir();
  const compilersDir = path.join(dataDir, 'compilers');
  fs.mkdirSync(compilersDir);
  fs.copyFileSync(path.join(await cachedCompilers(STORAGE_VERSION), `soljson-v${STORAGE_VERSION}.js`), path.join(compilersDir, `soljson-v${STORAGE_VERSION}.js`));
  const store = new LedgerStore({ file: path.join(dataDir, 'demo.sqlite') });
  insertContract(store, { num: 1001, evmAddress: deployment.address.slice(2), runtime: deployment.runtimeCode.replace(/^0x/, '') });
  const service = offlineVerifyService(dataDir, { chains: { mirrorChainIds: ['298'], mirrorSource: new MirrorCodeSource(() => store.db), rpcUrls: {} } });
  const session = { profile: { name: 'demo', chainId: null }, store, mirrorUnavailable: () => null } as unknown as ProfileSession;
  const dispatch = createDispatcher(createVerifyHandlers({ verify: () => service, session: () => session }).handlers as unknown as ApiHandlers, () => undefined);
  return {
    service,
    store,
    dispatch,
    call: <T>(channel: string, request: unknown) => dispatchedValue<T>(dispatch, channel, request),
    close: async () => {
      await service.close();
      store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
