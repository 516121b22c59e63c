import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listenOnLoopback } from '../../http/listen.ts';
import { buildVerifyServer } from '../../verify/api/verify-server.ts';
import { prepareCompilersFolder } from '../../verify/compilers/prepare-compilers-folder.ts';
import { EXTRA_FILE_INPUT_MESSAGE } from '../../verify/engine/verify-error.ts';
import { VerifyService } from '../../verify/verify-service.ts';
import { verifyDbFile } from '../../verify/store/verify-db.ts';
import { ConformanceInputError } from '../conformance-input.ts';
import { ensureCompilers } from './ensure-compilers.ts';
import { FakeEvmChains, type Deployment } from './fake-evm-chain.ts';
import { caseCompiler, caseFiles, loadCases, type Match, type VerifyCase } from './verify-cases.ts';

export interface VerifyCaseOutcome {
  verifyCase: VerifyCase;
  passed: boolean;
  problems: string[];
}

export interface VerifyConformanceSummary {
  outcomes: VerifyCaseOutcome[];
  passed: number;
  failed: number;
}

export interface VerifyConformanceOptions {
  compilersDir: string;
  /** Fetch compilers the cases need from the npm registry when the folder lacks them. */
  fetchMissing: boolean;
  log: (line: string) => void;
}

/** Chain ids of the private test chains: one per case, far from real networks' ids. */
const FIRST_TEST_CHAIN = 900_000;

/**
 * Runs every case through the HTTP API (interface B) against a private test chain holding the
 * case's deployment: a JSON-RPC server on loopback. The result is compared with the case's
 * expected runtime and creation match (read back through `/v2/contract`) or its expected error.
 * Cases or a compilers folder it cannot use are a ConformanceInputError, before anything runs.
 */
export async function runVerifyConformance(target: string, options: VerifyConformanceOptions): Promise<VerifyConformanceSummary> {
  const { fixtures, cases } = loadCases(target);
  try {
    prepareCompilersFolder(options.compilersDir, '--compilers');
  } catch (error) {
    throw new ConformanceInputError((error as Error).message);
  }
  if (options.fetchMissing) await ensureCompilers(options.compilersDir, cases.map(caseCompiler), options.log);
  const chains = new FakeEvmChains();
  await chains.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-verify-conformance-'));
  const rpcUrls: Record<string, string> = {};
  const service = new VerifyService({
    dbFile: verifyDbFile(dataDir),
    compilersDir: options.compilersDir,
    solcBinMirror: null,
    chains: { mirrorChainIds: [], mirrorSource: null, rpcUrls },
    explorers: {},
    addBundledCompiler: false,
    log: options.log,
  });
  const server = buildVerifyServer({ service, hostCheck: true, log: options.log });
  const baseUrl = await listenOnLoopback(server, 0);
  const outcomes: VerifyCaseOutcome[] = [];
  try {
    for (const [index, verifyCase] of cases.entries()) {
      const chainId = String(FIRST_TEST_CHAIN + index);
      const deployment = loadDeployment(fixtures, verifyCase, chainId);
      rpcUrls[chainId] = chains.deploy(chainId, deployment);
      outcomes.push(await runCase(baseUrl, fixtures, verifyCase, chainId, deployment));
    }
  } finally {
    await server.close();
    await service.close();
    await chains.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const passed = outcomes.filter((o) => o.passed).length;
  return { outcomes, passed, failed: outcomes.length - passed };
}

async function runCase(baseUrl: string, fixtures: string, c: VerifyCase, chainId: string, deployment: Deployment): Promise<VerifyCaseOutcome> {
  const problems: string[] = [];
  const request = c.input === 'solc-json'
    ? { url: '/verify/solc-json', body: { address: deployment.address, chain: chainId, creatorTxHash: deployment.txHash, compilerVersion: caseCompiler(c), contractName: c.contractName, files: { [path.basename(c.solcJson!)]: fs.readFileSync(path.join(fixtures, c.solcJson!), 'utf8') } } }
    : { url: '/verify', body: { address: deployment.address, chain: chainId, creatorTxHash: deployment.txHash, files: caseFiles(fixtures, c) } };
  const response = await fetch(`${baseUrl}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) });
  const body = await response.json() as { error?: string; result?: Array<{ status: string; libraryMap: Record<string, string> }> };
  if (c.expect.error) {
    if (response.ok) problems.push(`expected error ${c.expect.error}, got ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    else if (errorKind(body.error ?? '') !== c.expect.error) problems.push(`expected error ${c.expect.error}, got ${response.status}: ${body.error?.slice(0, 300)}`);
    return { verifyCase: c, passed: problems.length === 0, problems };
  }
  if (!response.ok || !body.result?.[0]) {
    problems.push(`expected a match, got ${response.status}: ${(body.error ?? JSON.stringify(body)).slice(0, 400)}`);
    return { verifyCase: c, passed: false, problems };
  }
  const stored = await (await fetch(`${baseUrl}/v2/contract/${chainId}/${deployment.address}`)).json() as { runtimeMatch: string | null; creationMatch: string | null };
  compareMatch('runtime', c.expect.runtime, stored.runtimeMatch, problems);
  compareMatch('creation', c.expect.creation, stored.creationMatch, problems);
  for (const [placeholder, address] of Object.entries(c.libraryMap ?? {})) {
    const got = body.result[0].libraryMap[placeholder];
    if (got?.toLowerCase().replace(/^0x/, '') !== address.toLowerCase().replace(/^0x/, '')) problems.push(`libraryMap[${placeholder}]: expected ${address}, got ${got ?? '(none)'}`);
  }
  return { verifyCase: c, passed: problems.length === 0, problems };
}

/**
 * A null expectation is not asserted: the one case with it says only its runtime match is checked
 * (cases.json: "only the runtime match is asserted").
 */
function compareMatch(which: string, expected: Match | undefined, got: string | null, problems: string[]): void {
  if (expected === undefined || expected === null) return;
  const level = got === 'exact_match' ? 'perfect' : got === 'match' ? 'partial' : null;
  if (level !== expected) problems.push(`${which} match: expected ${expected}, got ${level ?? 'none'}`);
}

/** The error kinds cases name, recognised by the API's own messages. */
function errorKind(message: string): string {
  if (message.startsWith('compiler not available')) return 'compiler_unavailable';
  if (message === EXTRA_FILE_INPUT_MESSAGE) return 'extra_file_input_bug';
  return `other (${message.slice(0, 120)})`;
}

function loadDeployment(fixtures: string, c: VerifyCase, chainId: string): Deployment {
  const dir = path.join(fixtures, c.deployment);
  const info = JSON.parse(fs.readFileSync(path.join(dir, 'deployment.json'), 'utf8')) as { address: string; deployer: string };
  const creationInput = fs.readFileSync(path.join(dir, 'creation-tx-input.hex'), 'utf8').trim().toLowerCase();
  return {
    address: info.address.toLowerCase(),
    deployer: info.deployer.toLowerCase(),
    runtimeCode: fs.readFileSync(path.join(dir, 'runtime-bytecode.hex'), 'utf8').trim().toLowerCase(),
    creationInput,
    txHash: `0x${createHash('sha256').update(`${chainId}:${creationInput}`).digest('hex')}`,
  };
}
