import { describe, expect, it } from 'vitest';
import { placeUploads } from '../../main/services/verify-upload-names.ts';

const file = (path: string, text: string) => ({ path, content: Buffer.from(text) });

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
});
