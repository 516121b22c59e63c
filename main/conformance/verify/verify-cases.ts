import fs from 'node:fs';
import path from 'node:path';
import { ConformanceInputError, inputKind, readInputJson } from '../conformance-input.ts';

export type Match = 'perfect' | 'partial' | null;

export interface VerifyCase {
  name: string;
  input: 'metadata' | 'solc-json';
  sources?: string;
  extraSources?: string;
  solcJson?: string;
  contractName?: string;
  compilerVersion?: string;
  compiler?: string;
  deployment: string;
  expect: { runtime?: Match; creation?: Match; error?: string };
  libraryMap?: Record<string, string>;
}

export interface CaseSet {
  /** Folder the case paths are relative to (`fixtures/` beside the cases file). */
  fixtures: string;
  cases: VerifyCase[];
}

/**
 * Reads a cases file, or `cases.json` in a folder; refuses one that is missing, malformed or holds
 * no case (ConformanceInputError, one line).
 */
export function loadCases(target: string): CaseSet {
  const file = inputKind(target) === 'folder' ? path.join(target, 'cases.json') : target;
  if (file !== target && !fs.existsSync(file)) throw new ConformanceInputError(`${target} has no cases.json`);
  const cases = (readInputJson(file) as { cases?: VerifyCase[] } | null)?.cases;
  if (!Array.isArray(cases)) throw new ConformanceInputError(`${file} has no "cases" array`);
  if (cases.length === 0) throw new ConformanceInputError(`${file} has no cases`);
  for (const c of cases) {
    if (typeof c?.name !== 'string' || typeof c.deployment !== 'string' || !c.expect) throw new ConformanceInputError(`${file}: a case lacks name, deployment or expect`);
    if (c.input === 'metadata' && typeof c.sources !== 'string') throw new ConformanceInputError(`${file}: case ${c.name} lacks sources`);
    if (c.input === 'solc-json' && typeof c.solcJson !== 'string') throw new ConformanceInputError(`${file}: case ${c.name} lacks solcJson`);
  }
  return { fixtures: path.join(path.dirname(file), 'fixtures'), cases };
}

/** The files a metadata case uploads: metadata.json and everything under sources/, plus extraSources. */
export function caseFiles(fixtures: string, c: VerifyCase): Record<string, string> {
  const files: Record<string, string> = {};
  const dir = path.join(fixtures, c.sources!);
  files['metadata.json'] = fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8');
  // Most cases keep their sources in sources/; a few keep the .sol files beside metadata.json.
  const sourcesDir = fs.existsSync(path.join(dir, 'sources')) ? path.join(dir, 'sources') : dir;
  const sources = sourcesDir === dir ? fs.readdirSync(dir).filter((name) => name.endsWith('.sol')).map((name) => path.join(dir, name)) : walk(sourcesDir);
  for (const file of sources) files[path.relative(sourcesDir, file).split(path.sep).join('/')] = fs.readFileSync(file, 'utf8');
  if (c.extraSources) {
    const extra = path.join(fixtures, c.extraSources);
    for (const file of walk(extra)) files[path.relative(extra, file).split(path.sep).join('/')] = fs.readFileSync(file, 'utf8');
  }
  return files;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** The compiler long version a case needs. */
export function caseCompiler(c: VerifyCase): string {
  return (c.compiler ?? c.compilerVersion ?? '').replace(/^v/, '');
}
