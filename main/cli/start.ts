/**
 * `npm start`: the desktop app when the Electron binary is available, otherwise `serve` (the same
 * services and UI in the browser), announced in one line. Arguments are checked first, before
 * Electron is looked for (and perhaps downloaded): inside Electron an unknown one can only be
 * skipped, so a mistyped flag is refused here, as `serve` refuses it. Then they are forwarded
 * either way; the desktop app understands the `serve` flags that apply to it (see
 * main/desktop/desktop-args.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { argsForServe, checkStartArgs } from '../desktop/desktop-args.ts';
import { locateElectronBinary } from '../desktop/electron-binary.ts';
import { asksForHelp } from './help.ts';
import { SERVE_USAGE } from './serve-args.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);

if (asksForHelp(args)) {
  console.log(`Opens the Mirrordesk app (the web UI of npm run serve where the Electron binary cannot be had); npm start -- FLAGS takes serve's flags:\n${SERVE_USAGE}`);
  process.exit(0);
}
try {
  checkStartArgs(args);
} catch (error) {
  // In serve's words and with its usage, and its exit code for bad arguments.
  console.error(`mirrordesk: ${error instanceof Error ? error.message : String(error)}`);
  console.error(SERVE_USAGE);
  process.exit(1);
}
const electron = locateElectronBinary(ROOT);
if (electron.ok) {
  runElectron(electron.path);
} else {
  console.error(`mirrordesk: the Electron binary is not available here (${electron.reason}); running the web UI with npm run serve instead`);
  // Switches meant for Electron or Chromium (`--disable-gpu`) would be unknown options to serve.
  const { kept, dropped } = argsForServe(args);
  if (dropped.length > 0) console.error(`mirrordesk: ${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} for the desktop app only, not used by the web UI`);
  // In-process: serve reads process.argv (here without those) and handles SIGINT/SIGTERM itself.
  process.argv.splice(2, process.argv.length - 2, ...kept);
  await import('./serve.ts');
}

/** Electron on the project root, so package.json `main` (dist/main/electron-main.js) is the entry. */
function runElectron(binary: string): void {
  const env = { ...process.env };
  // Set by some tools; it would make Electron behave as plain Node and ignore the app.
  delete env.ELECTRON_RUN_AS_NODE;
  const child = spawn(binary, [ROOT, ...args], { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('error', (error) => {
    console.error(`mirrordesk: could not start Electron: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal ? 128 + signalNumber(signal) : 1));
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal as string] ?? 1;
}
