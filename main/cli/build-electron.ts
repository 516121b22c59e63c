/**
 * `npm run build:electron`: bundles the Electron main process and the preload into dist/.
 * Prints one line per output file. `--out-dir DIR` builds elsewhere (tests use a temp folder).
 *
 * - main: ESM (package.json has "type": "module", so dist/main/electron-main.js is ESM), platform
 *   node. Every npm package stays external: better-sqlite3 must (native addon), and the packaged
 *   app ships production node_modules anyway; `electron` is provided by the runtime.
 * - workers: a source file that starts a worker from `new URL('./x.ts', import.meta.url)` would
 *   point into the bundle's folder at a .ts file that is not there. Such URLs are rewritten to
 *   `workers/x.js` and each target is bundled there too, the same way.
 * - preload: CommonJS, platform browser, only `electron` external. A sandboxed preload can
 *   `require` nothing else, so everything it uses must be inside the one file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORKERS = 'workers';
/** `new URL('./x.ts', import.meta.url)`: how this codebase names a sibling script to run. */
const SCRIPT_URL = /new URL\((['"])(\.{1,2}\/[^'"]+\.ts)\1,\s*import\.meta\.url\)/g;

/**
 * Rewrites script URLs in bundled sources to `<prefix><name>.js` and records the absolute source
 * of each, so the caller can bundle it next. Two scripts may not share a base name.
 */
export function scriptUrlPlugin(prefix: string, found: Map<string, string>): Plugin {
  return {
    name: 'script-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await fs.readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const contents = source.replace(SCRIPT_URL, (_m, quote: string, relative: string) => {
          const target = path.resolve(path.dirname(args.path), relative);
          const name = path.basename(target, '.ts');
          const other = found.get(name);
          if (other && other !== target) throw new Error(`two worker scripts named ${name}: ${other} and ${target}`);
          found.set(name, target);
          return `new URL(${quote}${prefix}${name}.js${quote}, import.meta.url)`;
        });
        return contents === source ? undefined : { contents, loader: 'ts' };
      });
    },
  };
}

const COMMON: BuildOptions = { bundle: true, sourcemap: true, metafile: true, logLevel: 'warning', absWorkingDir: ROOT, legalComments: 'none' };

/** Electron 45's Node is 22+, its Chromium far newer than these targets. */
function nodeOptions(entryPoints: Record<string, string>, outDir: string, plugin: Plugin): BuildOptions {
  return { ...COMMON, entryPoints, outdir: outDir, platform: 'node', format: 'esm', target: 'node22', packages: 'external', plugins: [plugin] };
}

export function preloadOptions(outDir: string): BuildOptions {
  return {
    ...COMMON,
    entryPoints: { 'preload/preload': path.join(ROOT, 'preload/preload.ts') },
    outdir: outDir,
    outExtension: { '.js': '.cjs' },
    platform: 'browser',
    format: 'cjs',
    target: 'chrome130',
    external: ['electron'],
  };
}

/** Builds everything; resolves to one line per output file (path relative to the project, size). */
export async function buildElectron(outDir: string): Promise<string[]> {
  const workers = new Map<string, string>();
  const results = await Promise.all([
    build(nodeOptions({ 'main/electron-main': path.join(ROOT, 'main/desktop/electron-main.ts') }, outDir, scriptUrlPlugin(`./${WORKERS}/`, workers))),
    build(preloadOptions(outDir)),
  ]);
  // Workers may start workers of their own: bundle until no new script turns up.
  const built = new Set<string>();
  for (let pending = [...workers.keys()]; pending.length > 0; pending = [...workers.keys()].filter((name) => !built.has(name))) {
    const entries = Object.fromEntries(pending.map((name) => [`main/${WORKERS}/${name}`, workers.get(name)!]));
    pending.forEach((name) => built.add(name));
    results.push(await build(nodeOptions(entries, outDir, scriptUrlPlugin('./', workers))));
  }
  return results.flatMap((result) => Object.entries((result.metafile as Metafile).outputs).map(([file, output]) => `${file}  ${(output.bytes / 1024).toFixed(1)} kB`));
}

function parseOutDir(argv: string[]): string {
  if (argv.length === 0) return path.join(ROOT, 'dist');
  if (argv.length === 2 && argv[0] === '--out-dir') return path.resolve(argv[1]!);
  throw new Error('usage: npm run build:electron -- [--out-dir DIR]');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const line of await buildElectron(parseOutDir(process.argv.slice(2)))) console.log(line);
  } catch (error) {
    console.error(`build-electron: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
