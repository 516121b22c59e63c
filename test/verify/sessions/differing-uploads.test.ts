import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { differingUploads } from '../../../main/verify/sessions/differing-uploads.ts';

// Which uploaded file is an edited copy of a source a contract's metadata names: found by where it
// stands (the metadata's path, or one ending the other at a folder), among the files no contract uses.

const keccak = (text: string) => `0x${Buffer.from(keccak_256(Buffer.from(text, 'utf8'))).toString('hex')}`;
const COMPILED = 'contract Counter { uint256 public count; }';
const EDITED = 'contract Counter { uint256 public count; uint256 extra; }';
/** A contract whose metadata names `path`, not found among the uploads (its hash matched none). */
const missing = (path: string) => ({ missingSources: { [path]: { keccak256: keccak(COMPILED), urls: [] } } });
const upload = (path: string, content = EDITED) => ({ path, content });
const unusedOf = (...paths: string[]) => new Set(paths);

describe('differingUploads', () => {
  it('names an upload at the metadata\'s very path, with both hashes', () => {
    const found = differingUploads(missing('contracts/Counter.sol'), [upload('contracts/Counter.sol')], [], unusedOf('contracts/Counter.sol'));
    expect(found).toEqual({
      'contracts/Counter.sol': {
        expectedHash: keccak(COMPILED),
        calculatedHash: keccak(EDITED),
        uploadedPath: 'contracts/Counter.sol',
        storedCopyUsed: false,
        msg: 'contracts/Counter.sol is not the file the metadata names as contracts/Counter.sol (its keccak256 differs): send the file as it was compiled',
      },
    });
  });

  it('finds it from a folder upload under a Truffle project path, and from a bare file name', () => {
    const truffle = missing('project:/contracts/Counter.sol');
    expect(differingUploads(truffle, [upload('myproject/contracts/Counter.sol')], ['project:/contracts/Counter.sol'], unusedOf('myproject/contracts/Counter.sol')))
      .toMatchObject({ 'project:/contracts/Counter.sol': { uploadedPath: 'myproject/contracts/Counter.sol', storedCopyUsed: true } });
    expect(differingUploads(truffle, [upload('Counter.sol')], [], unusedOf('Counter.sol')))
      .toMatchObject({ 'project:/contracts/Counter.sol': { uploadedPath: 'Counter.sol' } });
  });

  it('leaves out a file of the same name in another folder, and one another contract of the session uses', () => {
    expect(differingUploads(missing('@oz/token/IERC20.sol'), [upload('contracts/IERC20.sol')], [], unusedOf('contracts/IERC20.sol'))).toEqual({});
    // Counter.sol is the source of another contract uploaded with it: not unused, so not this one's edited copy.
    expect(differingUploads(missing('contracts/Counter.sol'), [upload('Counter.sol')], [], unusedOf())).toEqual({});
  });
});
