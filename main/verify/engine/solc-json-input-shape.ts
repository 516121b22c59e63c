import type { SolidityCompilation } from '@ethereum-sourcify/lib-sourcify';
import { isObject } from './metadata-shape.ts';
import { VerifyError } from './verify-error.ts';

export type SolcJsonInput = SolidityCompilation['jsonInput'];

/**
 * The parts of a standard JSON input the engine and lib-sourcify read before solc does: an
 * object, Solidity, sources with a content string each, settings an object (lib-sourcify writes
 * its output selection into it). Anything else is a 400 naming the part, never a TypeError on the
 * way; the settings' values are solc's to judge, and its refusals are compile errors.
 */
export function checkSolcJsonInput(input: unknown, where = 'the standard JSON input'): SolcJsonInput {
  const json = input as { language?: unknown; sources?: unknown; settings?: unknown };
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new VerifyError('bad_request', `${where} must be a JSON object`);
  if (json.language !== undefined && json.language !== 'Solidity') throw new VerifyError('bad_request', `only Solidity standard JSON input is supported, not "${String(json.language).slice(0, 40)}"`);
  if (!isObject(json.sources) || Object.keys(json.sources).length === 0) throw new VerifyError('bad_request', `${where} has no sources`);
  for (const [name, source] of Object.entries(json.sources)) {
    if (!isObject(source) || typeof source.content !== 'string') throw new VerifyError('bad_request', `source "${name.slice(0, 200)}" of ${where} has no content string`);
  }
  if (json.settings !== undefined && json.settings !== null && !isObject(json.settings)) throw new VerifyError('bad_request', `settings of ${where} must be an object`);
  return { ...json, language: 'Solidity', settings: isObject(json.settings) ? json.settings : {} } as SolcJsonInput;
}
