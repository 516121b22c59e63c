import fs from 'node:fs';
import { createRequire } from 'node:module';

/** The example contracts shipped with the app, in deployment order of the demo. */
export const EXAMPLE_SOURCES = ['Counter.sol', 'DemoToken.sol', 'Poll.sol', 'VoteMath.sol'] as const;
/** Contracts the demo deploys (VoteMath is an internal library, compiled into Poll). */
export const EXAMPLE_CONTRACTS = { Counter: 'Counter.sol', DemoToken: 'DemoToken.sol', Poll: 'Poll.sol' } as const;
export type ExampleName = keyof typeof EXAMPLE_CONTRACTS;

/** Where `immutable` values sit in the deployed code: AST id → byte ranges. */
export type ImmutableReferences = Record<string, Array<{ start: number; length: number }>>;

export interface ExampleContract {
  source: string;
  abi: unknown[];
  /** Creation bytecode, hex without 0x (constructor arguments are appended to it). */
  bytecode: string;
  /** Runtime bytecode with zeroed immutables, hex without 0x. */
  deployedBytecode: string;
  immutableReferences: ImmutableReferences;
  /** The name of each immutable in `immutableReferences`, by AST id (from the compiler's AST). */
  immutableNames: Record<string, string>;
  /** The compiler's metadata JSON, exactly as it was hashed into the bytecode. */
  metadata: string;
}

export interface ExampleArtifact {
  compiler: { version: string; package: string };
  /** The exact standard-JSON input compiled; its sources are the shipped .sol files. */
  input: StandardJsonInput;
  contracts: Record<ExampleName, ExampleContract>;
}

interface StandardJsonInput {
  language: 'Solidity';
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

/** The committed artifact, next to the sources. */
export const ARTIFACT_URL = new URL('./example-contracts.json', import.meta.url);
/** Each contract's metadata JSON on its own, next to the sources: dropped with them, they verify. */
export const METADATA_DIR_URL = new URL('./metadata/', import.meta.url);

/**
 * Settings a Hedera developer would use: the optimizer on at the usual 200 runs, and the
 * latest EVM version Hedera's services run (cancun), named so the input says it explicitly.
 */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'ipfs' },
  outputSelection: { '*': { '*': ['abi', 'metadata', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'], '': ['ast'] } },
};

/** The standard-JSON input: source keys are the bare file names, as a user would drop them. */
export function exampleInput(): StandardJsonInput {
  const sources: Record<string, { content: string }> = {};
  for (const name of EXAMPLE_SOURCES) sources[name] = { content: fs.readFileSync(new URL(`./${name}`, import.meta.url), 'utf8') };
  return { language: 'Solidity', sources, settings: SETTINGS };
}

interface AstNode { id?: number; nodeType?: string; name?: string; mutability?: string; nodes?: AstNode[] }

interface SolcOutput {
  sources: Record<string, { ast: AstNode }>;
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown[]; metadata: string; evm: { bytecode: { object: string }; deployedBytecode: { object: string; immutableReferences?: ImmutableReferences } } }>>;
}

/**
 * Compiles the examples with the solc-js the app ships (the `solc` dependency) and returns the
 * artifact's text. Deterministic: the same compiler and sources give the same bytes.
 */
export function compileExamples(): string {
  const solc = createRequire(import.meta.url)('solc') as { version(): string; compile(input: string): string };
  const input = exampleInput();
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`the example contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contracts = {} as Record<ExampleName, ExampleContract>;
  for (const [name, source] of Object.entries(EXAMPLE_CONTRACTS) as Array<[ExampleName, string]>) {
    const compiled = output.contracts[source]?.[name];
    if (!compiled) throw new Error(`solc output has no ${source}:${name}`);
    contracts[name] = {
      source,
      abi: compiled.abi,
      bytecode: compiled.evm.bytecode.object,
      deployedBytecode: compiled.evm.deployedBytecode.object,
      immutableReferences: compiled.evm.deployedBytecode.immutableReferences ?? {},
      immutableNames: immutableNames(output.sources[source]!.ast),
      metadata: compiled.metadata,
    };
  }
  const version = solc.version().replace(/\.Emscripten\.clang$/, '');
  const artifact: ExampleArtifact = { compiler: { version, package: `solc@${version.split('+')[0]}` }, input, contracts };
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

/** AST id → name of every immutable state variable declared in a source unit. */
function immutableNames(unit: AstNode): Record<string, string> {
  const names: Record<string, string> = {};
  for (const contract of unit.nodes ?? []) {
    for (const node of contract.nodes ?? []) {
      if (node.nodeType === 'VariableDeclaration' && node.mutability === 'immutable') names[String(node.id)] = node.name!;
    }
  }
  return names;
}
