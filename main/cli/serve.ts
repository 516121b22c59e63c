/**
 * `npm run serve`: the services headless plus the web UI. Prints one line per service
 * (`mirror: URL`, `status: URL`, `ui: URL?token=…`) once they listen; Ctrl-C or SIGTERM stops cleanly,
 * a second one at once (shutdown-on-signal.ts).
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildHttpBridge } from '../bridge/http-bridge.ts';
import { describeListenError, listenOnLoopback } from '../http/listen.ts';
import { machineHasNetwork } from '../http/machine-online.ts';
import { startAppServices } from '../services/app-services.ts';
import { lockDataDir } from '../services/data-dir-lock.ts';
import { refuseTakenPorts } from '../services/taken-ports.ts';
import { throttledSyncLog } from '../sync/sync-log-line.ts';
import { asksForHelp } from './help.ts';
import { parseServeArgs, SERVE_USAGE, type ServeArgs } from './serve-args.ts';
import { servicesOptionsOf } from './services-options.ts';
import { shutdownOnSignal } from './shutdown-on-signal.ts';

const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
const log = (line: string): void => console.error(line);

async function serve(args: ServeArgs): Promise<void> {
  // Before anything opens in the folder: a second Mirrordesk on it would damage the first's data.
  lockDataDir(args.dataDir, 'serve', log);
  // The web UI's port too is checked before the services open the folder's stores (they check theirs).
  await refuseTakenPorts([{ service: 'ui', port: args.ports.ui }]);
  const services = await startAppServices({
    ...servicesOptionsOf(args),
    dataDir: args.dataDir,
    shell: 'web',
    // No status polls while the machine has no network (they would only fail and back off).
    isOnline: () => machineHasNetwork(),
    log,
  });
  const token = randomBytes(24).toString('base64url');
  const bridge = buildHttpBridge({ dispatch: services.dispatch, events: services.events, token, rendererDir: RENDERER_DIR, hostCheck: args.hostCheck });
  let uiUrl: string;
  try {
    uiUrl = await listenOnLoopback(bridge, args.ports.ui);
  } catch (error) {
    await services.close();
    throw describeListenError(error, 'ui', args.ports.ui);
  }
  let lastPercent = -1;
  services.events.on('network/changed', (info) => {
    if (!info.progress) return;
    const percent = Math.floor((info.progress.done / Math.max(1, info.progress.total)) * 100);
    if (percent !== lastPercent && percent % 10 === 0) log(`${info.name}: ${info.progress.label} ${info.progress.done}/${info.progress.total} (${percent}%)`);
    lastPercent = percent;
  });
  services.events.on('sync/status', throttledSyncLog(log));
  services.ready.then((outcome) => { if (outcome === 'ready') log(`${args.network}: ready (data in ${args.dataDir})`); }, () => undefined);

  const stop = shutdownOnSignal({
    steps: [
      // The web UI first, so that no call starts on services being closed.
      { pending: 'the web UI', close: () => bridge.close() },
      { pending: 'the services', close: () => services.close() },
    ],
    log,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  // Only now: whoever reads these lines may stop the process at once, and is then shut down in order.
  console.log(`mirror: ${services.urls.mirror}`);
  if (services.urls.verify) console.log(`verify: ${services.urls.verify}`);
  if (services.urls.status) console.log(`status: ${services.urls.status}`);
  console.log(`ui: ${uiUrl}/?token=${token}`);
}

if (asksForHelp(process.argv.slice(2))) {
  console.log(`Runs Mirrordesk's local services and its web UI (the app without the Electron window).\n${SERVE_USAGE}`);
  process.exit(0);
}

try {
  await serve(parseServeArgs(process.argv.slice(2)));
} catch (error) {
  console.error(`serve: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && /option|needs a value|must be/.test(error.message)) console.error(SERVE_USAGE);
  process.exit(1);
}
