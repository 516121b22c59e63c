import { VerifyError } from './verify-error.ts';

/**
 * Checks the types of the Solidity metadata fields the engine and lib-sourcify read, so that a
 * metadata.json with a field of the wrong type (`"compiler": {"version": 123}`) is a 400 naming
 * the field, not a TypeError deep in a library answered as a server fault. The values themselves
 * (a version's shape, an EVM version's name, optimizer runs) are for the compiler checks and solc
 * to judge; solc's refusals are compile errors, worded by solc.
 *
 * `where` names the file in the messages: "metadata.json" or "the metadata of Storage".
 */
export function checkMetadataShape(metadata: unknown, where: string): void {
  const field = (path: string, expected: string) => new VerifyError('bad_request', `${where}: ${path} must be ${expected}`);
  const m = metadata as Record<string, unknown>;
  if (!isObject(m)) throw new VerifyError('bad_request', `${where} must be a JSON object`);
  if (!isObject(m.compiler)) throw field('compiler', 'an object with the compiler "version"');
  if (typeof m.compiler.version !== 'string' || m.compiler.version === '') throw field('compiler.version', 'a string such as "0.8.4+commit.c7e474f2"');
  if (typeof m.language !== 'string') throw field('language', 'a string ("Solidity")');

  const settings = m.settings;
  if (!isObject(settings)) throw field('settings', 'an object');
  const target = settings.compilationTarget;
  if (!isObject(target) || Object.keys(target).length !== 1) throw field('settings.compilationTarget', 'an object naming one source path and its contract');
  if (Object.values(target).some((name) => typeof name !== 'string' || name === '')) throw field('settings.compilationTarget', 'an object mapping the source path to the contract name (a string)');
  optional(settings, 'evmVersion', 'settings.evmVersion', 'a string', (v) => typeof v === 'string');
  optional(settings, 'viaIR', 'settings.viaIR', 'true or false', (v) => typeof v === 'boolean');
  optional(settings, 'optimizer', 'settings.optimizer', 'an object', isObject);
  optional(settings, 'metadata', 'settings.metadata', 'an object', isObject);
  optional(settings, 'remappings', 'settings.remappings', 'an array of strings', (v) => Array.isArray(v) && v.every((r) => typeof r === 'string'));
  optional(settings, 'libraries', 'settings.libraries', 'an object mapping "path:Library" names to addresses (strings)', (v) => isObject(v) && Object.values(v).every((a) => typeof a === 'string'));

  const sources = m.sources;
  if (!isObject(sources) || Object.keys(sources).length === 0) throw field('sources', 'an object with at least one source');
  for (const [path, source] of Object.entries(sources)) {
    const name = `sources["${path.slice(0, 200)}"]`;
    if (!isObject(source)) throw field(name, 'an object with the source\'s "keccak256"');
    if (typeof source.keccak256 !== 'string') throw field(`${name}.keccak256`, 'a string (0x hex)');
    optional(source, 'content', `${name}.content`, 'a string', (v) => typeof v === 'string');
    optional(source, 'urls', `${name}.urls`, 'an array of strings', (v) => Array.isArray(v) && v.every((u) => typeof u === 'string'));
    optional(source, 'license', `${name}.license`, 'a string', (v) => typeof v === 'string');
  }

  const output = m.output;
  if (output !== undefined && !isObject(output)) throw field('output', 'an object');
  if (isObject(output) && output.abi !== undefined && !Array.isArray(output.abi)) throw field('output.abi', 'an array');

  function optional(object: Record<string, unknown>, key: string, path: string, expected: string, ok: (value: unknown) => boolean): void {
    if (object[key] !== undefined && object[key] !== null && !ok(object[key])) throw field(path, expected);
  }
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
