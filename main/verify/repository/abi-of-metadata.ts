import type { AbiEntry, AbiParameter } from '../../common/verify-types.ts';

/** Nesting deeper than this is not a Solidity type anyone writes; such an ABI is refused. */
const MAX_DEPTH = 16;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]{0,255}$/;
const MUTABILITIES = new Set(['pure', 'view', 'nonpayable', 'payable']);

/** A list of parameters, or null when one of them is not well-formed. */
function parametersOf(value: unknown): AbiParameter[] | null {
  const parameters = Array.isArray(value) ? value.map((item) => parameterOf(item, 0)) : [];
  return parameters.some((p) => p === null) ? null : (parameters as AbiParameter[]);
}

/** An event's parameters, each marked when it is indexed (carried in a topic). */
function eventParametersOf(value: unknown): AbiParameter[] | null {
  const parameters = parametersOf(value);
  if (parameters === null || !Array.isArray(value)) return parameters;
  return parameters.map((parameter, i) => ((value[i] as { indexed?: unknown }).indexed === true ? { ...parameter, indexed: true } : parameter));
}

function parameterOf(value: unknown, depth: number): AbiParameter | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  const { type, name, components } = value as Record<string, unknown>;
  if (typeof type !== 'string' || !/^[a-z0-9[\]]{1,64}$/.test(type)) return null;
  const parameter: AbiParameter = { type };
  if (typeof name === 'string' && IDENTIFIER.test(name)) parameter.name = name;
  if (components !== undefined) {
    if (!Array.isArray(components)) return null;
    const parts = components.map((c) => parameterOf(c, depth + 1));
    if (parts.some((p) => p === null)) return null;
    parameter.components = parts as AbiParameter[];
  }
  return parameter;
}

/**
 * The named functions, events and custom errors, and the constructor, of the ABI in a verified
 * contract's Solidity metadata (`output.abi`), reduced to their signatures (names, input types),
 * for functions their outputs and state mutability, for events which inputs are indexed; or null
 * when the metadata has no ABI. Entries that are not well-formed are left out, not trusted: the
 * metadata came with the user's files.
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
    const { type, name, inputs, outputs, stateMutability, anonymous } = item as Record<string, unknown>;
    if (type === 'constructor') {
      const parameters = parametersOf(inputs);
      if (parameters !== null) entries.push({ type, name: 'constructor', inputs: parameters });
      continue;
    }
    if ((type !== 'function' && type !== 'event' && type !== 'error') || typeof name !== 'string' || !IDENTIFIER.test(name)) continue;
    const parameters = type === 'event' ? eventParametersOf(inputs) : parametersOf(inputs);
    if (parameters === null) continue;
    const entry: AbiEntry = { type, name, inputs: parameters };
    if (type === 'function') {
      const returns = parametersOf(outputs);
      if (returns !== null && returns.length > 0) entry.outputs = returns;
      if (typeof stateMutability === 'string' && MUTABILITIES.has(stateMutability)) entry.stateMutability = stateMutability as AbiEntry['stateMutability'];
    }
    if (anonymous === true) entry.anonymous = true;
    entries.push(entry);
  }
  return entries;
}
