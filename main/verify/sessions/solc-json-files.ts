import type { PooledSolidityCompiler } from '../compilers/pooled-solidity-compiler.ts';
import { checkSolcJsonInput } from '../engine/solc-json-input-shape.ts';
import { VerifyError } from '../engine/verify-error.ts';

type JsonInput = Parameters<PooledSolidityCompiler['compile']>[1];

/**
 * Turns a standard JSON input into session files: its sources under their own names plus one
 * metadata file per deployable contract, as the compiler writes it. The session then treats them
 * like uploaded metadata and sources, so both ways of adding files answer the same.
 */
export async function solcJsonToFiles(compiler: PooledSolidityCompiler, version: string, text: string, fileName: string): Promise<Array<{ path: string; content: Buffer }>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new VerifyError('bad_request', `${fileName} is not a standard JSON input (not valid JSON)`);
  }
  const input = checkSolcJsonInput(parsed, fileName) as JsonInput;
  const sources = input.sources as Record<string, { content: string }>;
  const selection = { '*': { '*': ['metadata', 'evm.bytecode.object'] } };
  const output = await compiler.compile(version, { ...input, settings: { ...input.settings, outputSelection: selection } } as JsonInput);
  const files: Array<{ path: string; content: Buffer }> = Object.entries(sources).map(([path, source]) => ({ path, content: Buffer.from(source.content) }));
  for (const [path, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts as Record<string, { metadata?: string; evm?: { bytecode?: { object?: string } } }>)) {
      if (!contract.metadata || !contract.evm?.bytecode?.object) continue; // interfaces and abstract contracts
      files.push({ path: `metadata/${path}/${name}.json`, content: Buffer.from(contract.metadata) });
    }
  }
  return files;
}
