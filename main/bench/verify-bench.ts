/**
 * `npm run bench -- verify [--functions N] [--runs N]`
 *
 * Verifies a generated contract against its deployment in a local mirror store (chain 298, as the
 * demo profile does) through the app's verification service, and compiles the same standard JSON
 * input with bare solc-js in this process, in the same run, with the same soljson file loaded the
 * same way (solc-js's wrapper). Reports:
 *
 * - cold verify: a fresh service (worker start, compiler load, compile, match) next to a bare load + compile;
 * - warm verify: compiler loaded, compile cache emptied before each run, next to the bare compile;
 * - repeat verify: the same input again (compile cache hit), next to the bare compile.
 *
 * Warm and bare runs alternate, so a machine that slows down mid-run affects both alike.
 */
import { createMetadataContractsFromFiles } from '@ethereum-sourcify/lib-sourcify';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LedgerStore } from '../mirror/store/ledger-store.ts';
import { MirrorCodeSource } from '../verify/chain/mirror-code-source.ts';
import { verifyDbFile } from '../verify/store/verify-db.ts';
import { loadSoljson, type LoadedSolc } from '../verify/compilers/load-soljson.ts';
import { VerifyService } from '../verify/verify-service.ts';
import { benchContractSource, benchJsonInput } from './verify-bench-source.ts';
import { parseFlags } from './bench-flags.ts';

const require = createRequire(import.meta.url);

export const VERIFY_USAGE = 'npm run bench -- verify [--functions N] [--runs N]';
const TARGET = { warmRatio: 1.5, repeatRatio: 0.05 };
const CHAIN_ID = '298';
const CONTRACT_NUM = 5001;
const OWNER = '00000000000000000000000000000000000003e9';

export interface VerifyBenchArgs {
  /** Size of the generated contract (functions); default 40. */
  functions: number;
  /** Timed runs of warm, repeat and bare each (the median is reported); default 5. */
  runs: number;
}

export function parseVerifyBenchArgs(argv: string[]): VerifyBenchArgs {
  const args: VerifyBenchArgs = { functions: 40, runs: 5 };
  parseFlags(argv, {
    '--functions': (_v, whole) => { args.functions = whole(1, 2000); },
    '--runs': (_v, whole) => { args.runs = whole(1, 100); },
  });
  return args;
}

interface Deployment {
  files: Array<{ path: string; buffer: Buffer }>;
  address: string;
}

/** Compiles with bare solc-js and "deploys": runtime code with its immutable filled in, into a mirror store. */
function deploy(solc: LoadedSolc, source: string, store: LedgerStore): Deployment {
  const output = JSON.parse(solc.compile(benchJsonInput(source))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { metadata: string; evm: { deployedBytecode: { object: string; immutableReferences?: Record<string, Array<{ start: number; length: number }>> } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`the benchmark contract does not compile: ${errors[0]!.formattedMessage}`);
  const contract = output.contracts['contracts/VerifyBench.sol']!.VerifyBench!;
  const runtime = Buffer.from(contract.evm.deployedBytecode.object, 'hex');
  for (const refs of Object.values(contract.evm.deployedBytecode.immutableReferences ?? {})) {
    for (const { start, length } of refs) Buffer.from(OWNER.padStart(length * 2, '0'), 'hex').copy(runtime, start);
  }
  store.db.prepare(`INSERT INTO entity (id, num, realm, shard, type, deleted, memo, timestamp_range_lower, max_automatic_token_associations)
    VALUES (?, ?, 0, 0, 'CONTRACT', 0, 'verify bench', 0, 0)`).run(CONTRACT_NUM, CONTRACT_NUM);
  store.db.prepare('INSERT INTO contract (id, runtime_bytecode) VALUES (?, ?)').run(CONTRACT_NUM, runtime);
  return {
    files: [
      { path: 'contracts/VerifyBench.sol', buffer: Buffer.from(source) },
      { path: 'metadata.json', buffer: Buffer.from(contract.metadata) },
    ],
    address: `0x${CONTRACT_NUM.toString(16).padStart(40, '0')}`,
  };
}

/** Times one async call in milliseconds. */
async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Measure {
  name: string;
  ms: number[];
  /** What the ratio is taken against, and the target (null: none). */
  against: { name: string; ms: number } | null;
  target: { max: number; label: string } | null;
}

export interface VerifyBenchReport {
  rows: Array<{ name: string; medianMs: number; minMs: number; ratio: number | null; target: string | null; met: boolean | null }>;
  /** Where the warm verify's time goes (medians, ms). */
  warmBreakdown: { workerRoundTrip: number; rest: number };
}

/** Runs the benchmark; prints the table (and returns the figures, for the test). */
export async function benchVerify(args: VerifyBenchArgs, print: (line: string) => void = console.log, log: (line: string) => void = console.error): Promise<VerifyBenchReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-verify-bench-'));
  const store = new LedgerStore({ file: path.join(dir, 'mirror.sqlite') });
  const source = benchContractSource(args.functions);
  const soljsonPath = require.resolve('solc/soljson.js');
  let service: VerifyService | null = null;
  try {
    // The bare compiler: the same soljson the app ships (and the pool loads), loaded through the same wrapper.
    let bare!: LoadedSolc;
    const bareLoadMs = await timed(() => { bare = loadSoljson(soljsonPath); });
    const deployment = deploy(bare, source, store);
    const bareFirstCompileMs = await timed(() => bare.compile(benchJsonInput(`${source}\n// cold\n`)));
    log(`verify bench: solc ${bare.version()}, contract of ${args.functions} functions (${source.length} bytes of source), ${args.runs} runs each`);

    service = new VerifyService({
      dbFile: verifyDbFile(dir),
      compilersDir: path.join(dir, 'compilers'),
      solcBinMirror: null,
      chains: { mirrorChainIds: [CHAIN_ID], mirrorSource: new MirrorCodeSource(() => store.db), rpcUrls: {} },
      explorers: {},
      log,
    });
    await service.ready;
    const running = service;

    // Record what the engine sends the pool and how long the worker takes, to compare like with like.
    let lastInput = '';
    const roundTrips: number[] = [];
    const pool = running.pool;
    const poolCompile = pool.compile.bind(pool);
    pool.compile = async (version: string, input: string) => {
      lastInput = input;
      const start = performance.now();
      try {
        return await poolCompile(version, input);
      } finally {
        roundTrips.push(performance.now() - start);
      }
    };

    const verifyOnce = async (): Promise<void> => {
      const [contract] = await createMetadataContractsFromFiles(deployment.files);
      const result = await running.verifier.verifyMetadataContract(contract!, { chainId: CHAIN_ID, address: deployment.address }, deployment.files);
      if (result.status !== 'perfect') throw new Error(`the benchmark expected a perfect match, got ${result.status}`);
    };
    const emptyCache = (): void => { running.db.prepare('DELETE FROM compile_cache').run(); };

    const coldMs = await timed(verifyOnce);
    const compilesPerVerify = roundTrips.length;
    const bareInput = lastInput;

    const warm: number[] = [];
    const bareRuns: number[] = [];
    const warmTrips: number[] = [];
    for (let i = 0; i < args.runs; i++) {
      emptyCache();
      roundTrips.length = 0;
      warm.push(await timed(verifyOnce));
      warmTrips.push(roundTrips.reduce((a, b) => a + b, 0));
      bareRuns.push(await timed(() => bare.compile(bareInput)));
    }
    const repeat: number[] = [];
    const compilesBefore = running.compiler.compiles;
    for (let i = 0; i < args.runs; i++) repeat.push(await timed(verifyOnce));
    if (running.compiler.compiles !== compilesBefore) throw new Error('repeat verifications compiled again: the compile cache did not hit');

    const bareMs = median(bareRuns);
    const measures: Measure[] = [
      { name: 'bare solc-js compile (baseline)', ms: bareRuns, against: null, target: null },
      { name: 'cold verify (worker start, load, compile, match)', ms: [coldMs], against: { name: 'bare load + first compile', ms: bareLoadMs + bareFirstCompileMs }, target: null },
      { name: 'warm verify (compiler loaded, cache empty)', ms: warm, against: { name: 'bare compile', ms: bareMs }, target: { max: TARGET.warmRatio, label: `<= ${TARGET.warmRatio}x` } },
      { name: 'repeat verify (compile cache hit)', ms: repeat, against: { name: 'bare compile', ms: bareMs }, target: { max: TARGET.repeatRatio, label: `< ${TARGET.repeatRatio * 100}%` } },
    ];
    const report: VerifyBenchReport = {
      rows: measures.map((m) => {
        const med = median(m.ms);
        const ratio = m.against ? med / m.against.ms : null;
        return {
          name: m.name, medianMs: med, minMs: Math.min(...m.ms), ratio,
          target: m.target?.label ?? null,
          met: m.target && ratio !== null ? (m.target.max === TARGET.repeatRatio ? ratio < m.target.max : ratio <= m.target.max) : null,
        };
      }),
      warmBreakdown: { workerRoundTrip: median(warmTrips), rest: median(warm) - median(warmTrips) },
    };

    print(`verify: solc ${bare.version()}, ${args.functions}-function contract, ${compilesPerVerify} compile(s) per verification, median of ${args.runs} runs`);
    print(`bare load of the soljson: ${bareLoadMs.toFixed(0)} ms; bare first compile: ${bareFirstCompileMs.toFixed(0)} ms`);
    print('');
    print(formatVerifyTable(report, measures));
    print('');
    print(`warm verify breakdown: worker round trip (compile + message) ${report.warmBreakdown.workerRoundTrip.toFixed(1)} ms, `
      + `everything else (metadata, lib-sourcify matching, output parse, cache write, chain read) ${report.warmBreakdown.rest.toFixed(1)} ms`);
    for (const row of report.rows) {
      if (row.met === null) continue;
      print(`${row.met ? 'target met' : 'target missed'}: ${row.name} ${row.ratio!.toFixed(3)}x of the bare compile (target ${row.target})`);
    }
    return report;
  } finally {
    await service?.close();
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function formatVerifyTable(report: VerifyBenchReport, measures: Measure[]): string {
  const width = Math.max(...report.rows.map((r) => r.name.length));
  const header = `${'measure'.padEnd(width)}  ${'median ms'.padStart(9)}  ${'min ms'.padStart(8)}  ${'ratio'.padStart(7)}  against                    target`;
  const lines = report.rows.map((row, i) => [
    row.name.padEnd(width),
    row.medianMs.toFixed(1).padStart(9),
    row.minMs.toFixed(1).padStart(8),
    (row.ratio === null ? '' : `${row.ratio.toFixed(3)}x`).padStart(7),
    (measures[i]!.against?.name ?? '').padEnd(25),
    row.target === null ? '' : `${row.target} ${row.met ? 'met' : 'MISSED'}`,
  ].join('  '));
  return [header, ...lines].join('\n');
}
