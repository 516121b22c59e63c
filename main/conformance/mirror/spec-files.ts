import fs from 'node:fs';
import path from 'node:path';
import { ConformanceInputError, inputKind } from '../conformance-input.ts';
import { parseJsonLossless } from '../../mirror/format/json-out.ts';
import type { SpecValue } from './setup-values.ts';

/** One request of a spec file, with everything needed to run and judge it. */
export interface SpecCase {
  /** Spec file path relative to the folder being run. */
  file: string;
  /** The spec file's absolute path (divergences are matched against its end). */
  path?: string;
  /** Position of the test inside the file (0 for single-test files). */
  index: number;
  url: string;
  setup: Record<string, SpecValue>;
  config: Record<string, SpecValue> | undefined;
  status: number;
  body: unknown;
  /** Headers that must be present (lower-cased names), checked on 2xx answers only. */
  headers: Record<string, string>;
  /** Variant name for matrix specs (e.g. `bindTimestampRange=true`), else null. */
  variant: string | null;
}

interface TestBlock {
  url?: string;
  urls?: string[];
  responseStatus: number;
  responseJson?: unknown;
  responseJsonMatrix?: Record<string, Record<string, unknown>>;
  responseHeaders?: Record<string, string>;
  config?: Record<string, SpecValue>;
}

interface SpecFile extends Partial<TestBlock> {
  setup?: Record<string, SpecValue>;
  tests?: TestBlock[];
  matrix?: string;
}

const DEFAULT_HEADERS = { 'cache-control': 'public, max-age=1' };

/**
 * Every spec file below `root` (or only directly in it), sorted for a stable report. Refuses a
 * `root` that is not a folder, or holds none (ConformanceInputError): a run of no case passed.
 */
export function findSpecFiles(root: string, topLevelOnly: boolean): string[] {
  if (inputKind(root) !== 'folder') throw new ConformanceInputError(`${root} is a file: mirror takes a folder of spec files`);
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!topLevelOnly) walk(full);
      } else if (entry.name.endsWith('.json') && entry.name !== 'responseHeaders.json') {
        found.push(full);
      }
    }
  };
  walk(root);
  if (found.length === 0) throw new ConformanceInputError(`no spec files (*.json) ${topLevelOnly ? 'directly ' : ''}in ${root}`);
  return found.sort();
}

/** Expands one spec file into its requests: one per URL, twice for matrix specs. */
export function readSpecCases(root: string, file: string): SpecCase[] {
  const spec = parseJsonLossless(fs.readFileSync(file, 'utf8')) as SpecFile;
  const inheritedHeaders = headersFileFor(root, path.dirname(file));
  const tests: TestBlock[] = spec.tests ?? [spec as TestBlock];
  const variants: Array<string | null> = spec.matrix ? ['bindTimestampRange=false', 'bindTimestampRange=true'] : [null];
  const cases: SpecCase[] = [];
  tests.forEach((test, index) => {
    // One reference case gives `url` as a list; the reference's harness requests it as one
    // string (the list joined with commas), and its expected answer is for that request.
    const urls = test.urls ?? (test.url ? [String(test.url)] : []);
    const headers = lowerKeys(test.responseHeaders ?? (inheritedHeaders || spec.responseHeaders
      ? { ...inheritedHeaders, ...spec.responseHeaders }
      : DEFAULT_HEADERS));
    for (const variant of variants) {
      const override = variant ? test.responseJsonMatrix?.[variant] : undefined;
      // Cases that differ between the reference's Node.js and Java modules give both bodies
      // (`{js, java}`); we answer as the Node.js module does, whose messages name the bad
      // parameter as the interface specification asks.
      const byModule = test.responseJsonMatrix?.js;
      const body = override && typeof test.responseJson === 'object' ? { ...(test.responseJson as object), ...override } : byModule ?? test.responseJson;
      const setup = variant ? withMatrixConfig(spec.setup ?? {}, variant) : spec.setup ?? {};
      for (const url of urls) {
        cases.push({ file: path.relative(root, file), path: path.resolve(file), index, url, setup, config: test.config, status: test.responseStatus, body, headers, variant });
      }
    }
  });
  return cases;
}

/** The nearest responseHeaders.json walking up from the spec's folder to the run root. */
function headersFileFor(root: string, dir: string): Record<string, string> | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'responseHeaders.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')) as Record<string, string>;
    if (path.relative(root, current) === '' || current === path.dirname(current)) return undefined;
  }
}

function withMatrixConfig(setup: Record<string, SpecValue>, variant: string): Record<string, SpecValue> {
  const bind = variant.endsWith('=true');
  const config = (setup.config ?? {}) as Record<string, SpecValue>;
  const query = (config.query ?? {}) as Record<string, SpecValue>;
  return { ...setup, config: { ...config, query: { ...query, bindTimestampRange: bind } } };
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}
