import fs from 'node:fs';
import path from 'node:path';

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

/** Reads a cases file, or `cases.json` in a folder; throws a one-line message when malformed. */
export function loadCases(target: string): CaseSet {
  const file = fs.statSync(target).isDirectory() ? path.join(target, 'cases.json') : target;
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { cases?: VerifyCase[] };
  if (!Array.isArray(data.cases)) throw new Error(`${file} has no "cases" array`);
  for (const c of data.cases) {
    if (typeof c.name !== 'string' || typeof c.deployment !== 'string' || !c.expect) throw new Error(`${file}: a case lacks name, deployment or expect`);
    if (c.input === 'metadata' && typeof c.sources !== 'string') throw new Error(`${file}: case ${c.name} lacks sources`);
    if (c.input === 'solc-json' && typeof c.solcJson !== 'string') throw new Error(`${file}: case ${c.name} lacks solcJson`);
  }
  return { fixtures: path.join(path.dirname(file), 'fixtures'), cases: data.cases };
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
