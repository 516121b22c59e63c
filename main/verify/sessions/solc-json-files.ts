import type { PooledSolidityCompiler } from '../compilers/pooled-solidity-compiler.ts';
import { VerifyError } from '../engine/verify-error.ts';

type JsonInput = Parameters<PooledSolidityCompiler['compile']>[1];

/**
 * Turns a standard JSON input into session files: its sources under their own names plus one
 * metadata file per deployable contract, as the compiler writes it. The session then treats them
 * like uploaded metadata and sources, so both ways of adding files answer the same.
 */
export async function solcJsonToFiles(compiler: PooledSolidityCompiler, version: string, text: string, fileName: string): Promise<Array<{ path: string; content: Buffer }>> {
  let input: JsonInput;
  try {
    input = JSON.parse(text) as JsonInput;
  } catch {
    throw new VerifyError('bad_request', `${fileName} is not a standard JSON input (not valid JSON)`);
  }
  const sources = (input as { sources?: Record<string, { content?: unknown }> }).sources;
  if (!sources || typeof sources !== 'object' || Object.values(sources).some((s) => typeof s?.content !== 'string')) {
    throw new VerifyError('bad_request', `${fileName} is not a standard JSON input: it needs "sources" with a "content" string each`);
  }
  const selection = { '*': { '*': ['metadata', 'evm.bytecode.object'] } };
  const output = await compiler.compile(version, { ...input, settings: { ...(input.settings ?? {}), outputSelection: selection } } as JsonInput);
  const files: Array<{ path: string; content: Buffer }> = Object.entries(sources).map(([path, source]) => ({ path, content: Buffer.from(source.content as string) }));
  for (const [path, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(contracts as Record<string, { metadata?: string; evm?: { bytecode?: { object?: string } } }>)) {
      if (!contract.metadata || !contract.evm?.bytecode?.object) continue; // interfaces and abstract contracts
      files.push({ path: `metadata/${path}/${name}.json`, content: Buffer.from(contract.metadata) });
    }
  }
  return files;
}
