import fs from 'node:fs';
import path from 'node:path';
import { parseJsonLossless, stringifyJson } from '../../main/mirror/format/json-out.ts';

/** One case of a reference spec file: its URL(s), the status it expects and the body, int64 values exact. */
export interface ReferenceCase {
  url?: string;
  urls?: string[];
  responseStatus?: number;
  responseJson?: Record<string, unknown>;
}

/** Every case of every spec file under `dir` (a file holds one case or a `tests` list), with the file it came from. */
export function referenceCases(dir: string): Array<{ file: string; test: ReferenceCase }> {
  const out: Array<{ file: string; test: ReferenceCase }> = [];
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.json'))) {
    const spec = parseJsonLossless(fs.readFileSync(path.join(dir, file), 'utf8')) as { tests?: ReferenceCase[] } & ReferenceCase;
    for (const test of spec.tests ?? [spec]) out.push({ file, test });
  }
  return out;
}

/** JSON with object keys sorted: the spec files list fields in their own order; values and list orders must match. */
export function canonicalJson(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  };
  return stringifyJson(sortKeys(value));
}

/** One item the reference rendered: from a list answer, or a whole single-item answer. */
export interface RenderedItem {
  file: string;
  /** The URLs the case asked (one or several, all answered alike). */
  urls: string[];
  item: Record<string, unknown>;
}

/**
 * What the reference rendered in the 200 answers of the spec files under `dir`: the items of each
 * answer's `list` array, or the answer itself when it is one item (it has the field `single`).
 */
export function renderedItems(dir: string, list: string, single?: string): RenderedItem[] {
  return referenceCases(dir).flatMap(({ file, test }) => {
    if (test.responseStatus !== 200) return [];
    const body = test.responseJson ?? {};
    const items = Array.isArray(body[list]) ? body[list] as Array<Record<string, unknown>> : single !== undefined && single in body ? [body] : [];
    const urls = [test.url, ...(test.urls ?? [])].filter((url): url is string => url !== undefined);
    return items.map((item) => ({ file, urls, item }));
  });
}
