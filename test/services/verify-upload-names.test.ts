import { describe, expect, it } from 'vitest';
import { placeUploads } from '../../main/services/verify-upload-names.ts';

const file = (path: string, text: string) => ({ path, content: Buffer.from(text) });
/** A metadata file of `source`:`name`, `build` telling rebuilds apart. */
const metadata = (path: string, source: string, name: string, build: string) => file(path, JSON.stringify({ settings: { compilationTarget: { [source]: name } }, build }));

describe('placeUploads', () => {
  it('keeps a loose JSON file of other content beside the one of its name, under the first free number', () => {
    const held = [file('metadata.json', 'A'), file('metadata (2).json', 'B'), file('A.sol', 'a')];
    const placed = placeUploads([file('metadata.json', 'C'), file('C.sol', 'c')], held);
    expect(placed.files.map((f) => f.path)).toEqual(['metadata (3).json', 'C.sol']);
    expect(placed.renamed).toEqual([{ name: 'metadata.json', as: 'metadata (3).json' }]);
    expect(placed.replaced).toEqual([]);
  });

  it('puts the same JSON added again where the session has it already, not under a new number', () => {
    const held = [file('metadata.json', 'A'), file('metadata (2).json', 'B')];
    const placed = placeUploads([file('metadata.json', 'B'), file('metadata.json'.replace('metadata', 'other'), 'A')], held);
    expect(placed.files.map((f) => f.path)).toEqual(['metadata (2).json', 'other.json']);
    expect(placed.renamed).toEqual([]);
  });

  it('lets a loose source of other content replace the one of its name, and names it', () => {
    const placed = placeUploads([file('Storage.sol', 'edited'), file('Same.sol', 'same')], [file('Storage.sol', 'first'), file('Same.sol', 'same')]);
    expect(placed.files.map((f) => f.path)).toEqual(['Storage.sol', 'Same.sol']);
    expect(placed.replaced).toEqual(['Storage.sol']);
    expect(placed.renamed).toEqual([]);
  });

  it('replaces silently by folder path: the same path in a project is that file, updated', () => {
    const placed = placeUploads([file('project/metadata.json', 'new'), file('project/A.sol', 'new')], [file('project/metadata.json', 'old'), file('project/A.sol', 'old')]);
    expect(placed).toEqual({ files: [file('project/metadata.json', 'new'), file('project/A.sol', 'new')], renamed: [], replaced: [] });
  });

  it('numbers a name without an extension at its end, and skips numbers this upload uses', () => {
    const placed = placeUploads([file('build.JSON', 'x'), file('build (2).JSON', 'y')], [file('build.JSON', 'old')]);
    expect(placed.files.map((f) => f.path)).toEqual(['build (3).JSON', 'build (2).JSON']);
  });

  it('lets a rebuilt contract\'s metadata replace the one of its compilation target, under its name or its number, and says it', () => {
    const held = [metadata('metadata.json', 'A.sol', 'A', '1'), metadata('metadata (2).json', 'B.sol', 'B', '1')];
    const placed = placeUploads([metadata('metadata.json', 'A.sol', 'A', '2'), metadata('metadata.json', 'B.sol', 'B', '2')], held);
    expect(placed.files.map((f) => f.path)).toEqual(['metadata.json', 'metadata (2).json']);
    expect(placed.replaced).toEqual(['metadata.json', 'metadata (2).json']);
    expect(placed.renamed).toEqual([]);
  });

  it('keeps metadata of another compilation target (same source, other contract) beside, and JSON that is not metadata too', () => {
    const held = [metadata('metadata.json', 'A.sol', 'A', '1'), file('build.json', '{"id":1}')];
    const placed = placeUploads([metadata('metadata.json', 'A.sol', 'Other', '1'), file('build.json', '{"id":2}')], held);
    expect(placed.files.map((f) => f.path)).toEqual(['metadata (2).json', 'build (2).json']);
    expect(placed.replaced).toEqual([]);
  });

  it('looks for the same content among held JSON files only: a JSON equal to a held source is not put at its path', () => {
    const placed = placeUploads([file('a.json', '{"x":1}')], [file('a.json', '{"x":0}'), file('B.sol', '{"x":1}')]);
    expect(placed.files.map((f) => f.path)).toEqual(['a (2).json']);
  });

  it('places two uploads of one bare name in one call in turn: another contract beside, a rebuild in its place', () => {
    const two = placeUploads([metadata('metadata.json', 'A.sol', 'A', '1'), metadata('metadata.json', 'B.sol', 'B', '1')], []);
    expect(two.files.map((f) => f.path)).toEqual(['metadata.json', 'metadata (2).json']);
    const rebuilt = placeUploads([metadata('metadata.json', 'A.sol', 'A', '1'), metadata('metadata.json', 'A.sol', 'A', '2')], []);
    expect(rebuilt.files).toEqual([metadata('metadata.json', 'A.sol', 'A', '2')]);
    expect(rebuilt.replaced).toEqual([]);
  });
});
