import { afterEach, describe, expect, it } from 'vitest';
import { addressWord, uintWord } from '../../main/mirror/demo/evm/abi.ts';
import { deployExample, EXAMPLE_ARTIFACT } from '../../main/mirror/demo/example-contracts.ts';
import { exampleDeployments, exampleSourceFiles } from '../../main/services/demo-examples.ts';
import { insertContract, insertResult } from '../helpers/contract-fixture.ts';
import { tempStore } from '../helpers/ledger-fixture.ts';

let fixture: ReturnType<typeof tempStore> | null = null;
afterEach(() => fixture?.dispose());

/** A DemoToken deployment's code: its immutables (decimals, minter) written in by the constructor. */
const token = (minter: number) => deployExample('DemoToken', [{ type: 'string', value: 'Demo' }, { type: 'string', value: 'DMO' }, { type: 'uint', value: 6 }, { type: 'uint', value: 1000 }],
  { decimals: uintWord(6), minter: addressWord(Buffer.from(minter.toString(16).padStart(40, '0'), 'hex')) }).runtimeCode.toString('hex');

describe('exampleSourceFiles', () => {
  it('holds every compiled source and each contract\'s metadata, as a build leaves them', () => {
    const files = exampleSourceFiles();
    expect(files.map((f) => f.name)).toEqual(['Counter.sol', 'DemoToken.sol', 'Poll.sol', 'VoteMath.sol', 'metadata/Counter.json', 'metadata/DemoToken.json', 'metadata/Poll.json']);
    expect(files.every((f) => f.encoding === 'utf8')).toBe(true);
    expect(files[0]!.content).toContain('contract Counter');
    expect(JSON.parse(files.find((f) => f.name === 'metadata/Poll.json')!.content).compiler.version).toBe(EXAMPLE_ARTIFACT.compiler.version);
  });
});

describe('exampleDeployments', () => {
  it('finds the newest deployment of each example, immutables and all, and nothing for the rest', () => {
    fixture = tempStore();
    const { store } = fixture;
    insertContract(store, { num: 2001, runtime: EXAMPLE_ARTIFACT.contracts.Counter.deployedBytecode });
    insertContract(store, { num: 2002, runtime: EXAMPLE_ARTIFACT.contracts.Counter.deployedBytecode, evmAddress: 'ab'.repeat(20) });
    insertContract(store, { num: 2003, runtime: token(1234), createdTimestamp: 1_700_000_000 });
    // Its creation's contract result, and a later call of it, which is no creation.
    insertResult(store, { timestamp: 1_700_000_000, contractNum: 2003, hash: 'c1'.repeat(32) });
    insertResult(store, { timestamp: 1_700_000_001, contractNum: 2003, hash: 'ca'.repeat(32) });
    // Newer, but gone; and code of the right length that is another program.
    insertContract(store, { num: 2004, runtime: token(99), deleted: true });
    const impostor = Buffer.from(token(5678), 'hex');
    impostor[0] = impostor[0]! ^ 0xff;
    insertContract(store, { num: 2005, runtime: impostor.toString('hex') });
    const found = exampleDeployments(store.db);
    expect(Object.fromEntries(found)).toEqual({
      Counter: { address: `0x${'ab'.repeat(20)}`, creatorTxHash: null },
      DemoToken: { address: '0x00000000000000000000000000000000000007d3', creatorTxHash: `0x${'c1'.repeat(32)}` },
    });
  });

  it('answers nothing for a store without the examples', () => {
    fixture = tempStore();
    insertContract(fixture.store, { num: 7, runtime: '6000' });
    expect(exampleDeployments(fixture.store.db).size).toBe(0);
  });
});
