/**
 * Child process of the benchmark: the mirror API over the dataset, and next to it a
 * trivial Fastify route as the baseline, so both are measured in one run on one machine.
 * Runs apart from the load generator so that the two do not share a thread.
 * The mirror API listens twice: as the app serves it (with its response cache, behind the
 * switchable port the app holds for the open profile) and without the cache, which measures
 * the queries themselves.
 * Prints one JSON line `{"mirror": URL, "mirrorUncached": URL, "trivial": URL}` once all listen.
 */
import Fastify from 'fastify';
import { listenOnLoopback } from '../http/listen.ts';
import { SwitchableServer } from '../http/switchable-server.ts';
import { defaultMirrorApiConfig } from '../mirror/config.ts';
import { createMirrorApi } from '../mirror/mirror-api.ts';
import { LedgerStore } from '../mirror/store/ledger-store.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: bench-server.ts DATABASE_FILE');

const store = new LedgerStore({ file });
// One settings object, as the app holds it (a fresh object per call would be compared by content on every request).
const config = defaultMirrorApiConfig();
const mirror = createMirrorApi(store, () => config, true);
const uncached = createMirrorApi(store, () => config, true, { responseCache: false });
const trivial = Fastify({ logger: false });
trivial.get('/hello', async () => ({ hello: 'world' }));

await mirror.server.ready();
// Never swapped to null here, so the vacant answer (the third argument) is never used.
const mirrorPort = await SwitchableServer.listen(0, mirror.server, (_request, response) => response.writeHead(503).end());
const urls = {
  mirror: mirrorPort.url,
  mirrorUncached: await listenOnLoopback(uncached.server, 0),
  trivial: await listenOnLoopback(trivial, 0),
};
console.log(JSON.stringify(urls));

process.on('SIGTERM', async () => {
  await mirrorPort.close();
  await mirror.server.close();
  await uncached.server.close();
  await trivial.close();
  store.close();
  process.exit(0);
});
