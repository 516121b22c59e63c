import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sameCompilation } from '../../../main/verify/repository/same-compilation.ts';
import { FIXTURES } from '../verify-fixture.ts';

const sources = path.join(FIXTURES, 'packages/lib-sourcify/test/sources');
const storage = fs.readFileSync(path.join(sources, 'Storage/metadata.json'), 'utf8');
const parsed = () => JSON.parse(storage) as Record<string, any>;

describe('sameCompilation', () => {
  it('matches the metadata it was stored from, however formatted, ordered or linked', () => {
    expect(sameCompilation(storage, JSON.parse(storage))).toBe(true);
    const reordered = Object.fromEntries(Object.entries(parsed()).reverse());
    for (const source of Object.values(reordered.sources as Record<string, { urls: string[] }>)) source.urls = [];
    reordered.output = { abi: [] };
    expect(sameCompilation(JSON.stringify(JSON.parse(storage), null, 2), reordered)).toBe(true);
  });

  it('tells apart another source, another setting, another compiler or another target', () => {
    const edited = parsed();
    const [file] = Object.keys(edited.sources);
    edited.sources[file!].keccak256 = `0x${'00'.repeat(32)}`;
    expect(sameCompilation(storage, edited)).toBe(false);
    const optimized = parsed();
    optimized.settings.optimizer = { enabled: true, runs: 1 };
    expect(sameCompilation(storage, optimized)).toBe(false);
    const compiler = parsed();
    compiler.compiler.version = '0.8.5+commit.a4f2e591';
    expect(sameCompilation(storage, compiler)).toBe(false);
    const target = parsed();
    target.settings.compilationTarget = { [file!]: 'Other' };
    expect(sameCompilation(storage, target)).toBe(false);
    const modified = JSON.parse(fs.readFileSync(path.join(sources, 'StorageModified/metadata.json'), 'utf8'));
    expect(sameCompilation(storage, modified)).toBe(false);
  });

  it('never matches something that is not a metadata', () => {
    expect(sameCompilation('not json', parsed())).toBe(false);
    expect(sameCompilation(storage, null)).toBe(false);
    expect(sameCompilation(storage, { sources: {} })).toBe(false);
    expect(sameCompilation('{}', {})).toBe(false);
  });
});
