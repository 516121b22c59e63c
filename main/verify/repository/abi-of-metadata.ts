import type { AbiEntry, AbiParameter } from '../../common/verify-types.ts';

/** Nesting deeper than this is not a Solidity type anyone writes; such an ABI is refused. */
const MAX_DEPTH = 16;

function parameterOf(value: unknown, depth: number): AbiParameter | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const { type, components } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !/^[a-z0-9[\]]{1,64}$/.test(type)) return null;
  const parameter: AbiParameter = { type };
  if (components !== undefined) {
    if (!Array.isArray(components)) return null;
    const parts = components.map((c) => parameterOf(c, depth + 1));
    if (parts.some((p) => p === null)) return null;
    parameter.components = parts as AbiParameter[];
  }
  return parameter;
}

/**
 * The named functions and events of the ABI in a verified contract's Solidity metadata
 * (`output.abi`), reduced to what their signatures need (name, input types), or null when the
 * metadata has no ABI. Entries that are not well-formed are left out, not trusted: the metadata
 * came with the user's files.
 */
export function abiOfMetadata(metadata: string): AbiEntry[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return null;
  }
  const abi = (parsed as { output?: { abi?: unknown } } | null)?.output?.abi;
  if (!Array.isArray(abi)) return null;
  const entries: AbiEntry[] = [];
  for (const item of abi) {
    if (item === null || typeof item !== 'object') continue;
    const { type, name, inputs, anonymous } = item as Record<string, unknown>;
    if ((type !== 'function' && type !== 'event') || typeof name !== 'string' || !/^[A-Za-z_$][A-Za-z0-9_$]{0,255}$/.test(name)) continue;
    const parameters = Array.isArray(inputs) ? inputs.map((input) => parameterOf(input, 0)) : [];
    if (parameters.some((p) => p === null)) continue;
    const entry: AbiEntry = { type, name, inputs: parameters as AbiParameter[] };
    if (anonymous === true) entry.anonymous = true;
    entries.push(entry);
  }
  return entries;
}
