import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AbiEntry } from '../../../main/common/verify-types.ts';
import { abiOfMetadata } from '../../../main/verify/repository/abi-of-metadata.ts';
import { AbiError } from '../../../renderer/src/lib/abi-codec.ts';
import { eventTopic } from '../../../renderer/src/lib/abi-signatures.ts';
import { callInput, calledFunction, constructorArguments, decodeArguments, decodeEvent, decodeOutputs, isCreation, outputLines, revertReason } from '../../../renderer/src/lib/abi-decode.ts';

// The demo Counter's ABI as solc wrote it into its metadata (indexed event parameters included).
const counter = abiOfMetadata(fs.readFileSync('main/mirror/demo/contracts/metadata/Counter.json', 'utf8'))!;
const fn = (name: string): AbiEntry => counter.find((entry) => entry.type === 'function' && entry.name === name)!;
const word = (hex: string): string => hex.padStart(64, '0');
const someone = '0x00000000000000000000000000000000000004d2';
const other = '0x000000000000000000000000000000000000beef';

// ERC-20 as every token declares it; topic 0 of Transfer is the value every explorer shows.
const ERC20: AbiEntry[] = [
  { type: 'event', name: 'Transfer', inputs: [{ type: 'address', name: 'from', indexed: true }, { type: 'address', name: 'to', indexed: true }, { type: 'uint256', name: 'value' }] },
  { type: 'event', name: 'Named', inputs: [{ type: 'string', name: 'label', indexed: true }, { type: 'string', name: 'text' }] },
];
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

describe('calledFunction and decodeArguments', () => {
  it("find the function a call's selector names and read its arguments", () => {
    const input = `0x03df179c${word('5')}`;
    expect(calledFunction(counter, input)?.name).toBe('incrementBy');
    expect(decodeArguments(calledFunction(counter, input)!, input)).toEqual([{ label: 'by (uint256)', text: '5', address: null }]);
  });

  it('answer null for a selector of no function here, and for arguments that do not fit', () => {
    expect(calledFunction(counter, '0xdeadbeef')).toBeNull();
    expect(calledFunction(counter, '0x')).toBeNull();
    expect(decodeArguments(fn('incrementBy'), '0x03df179c01')).toBeNull();
  });
});

describe('isCreation', () => {
  it('knows a creation by the contract it created, whatever its input holds', () => {
    expect(isCreation({ contract_id: '0.0.20086', created_contract_ids: ['0.0.20086'] })).toBe(true);
    expect(isCreation({ contract_id: '0.0.20086', created_contract_ids: ['0.0.20087'] })).toBe(false); // a factory call creating another
    expect(isCreation({ contract_id: '0.0.20086', created_contract_ids: [] })).toBe(false);
    expect(isCreation({ contract_id: '0.0.20086' })).toBe(false);
    expect(isCreation({ contract_id: null, created_contract_ids: ['0.0.1'] })).toBe(false);
    expect(callInput({ contract_id: '0.0.20086', created_contract_ids: ['0.0.20086'], function_parameters: `0x${word('5')}` })).toBeNull();
    expect(callInput({ contract_id: '0.0.20086', created_contract_ids: [], function_parameters: '0xd09de08a' })).toBe('0xd09de08a');
  });
});

describe('outputLines and decodeOutputs', () => {
  it('label each value by its type and link an address that is not zero', () => {
    expect(outputLines(fn('count'), `0x${word('2a')}`)).toEqual([{ label: 'uint256', text: '42', address: null }]);
    expect(outputLines(fn('owner'), `0x${word('4d2')}`)).toEqual([{ label: 'address', text: someone, address: someone }]);
    expect(outputLines(fn('owner'), `0x${word('0')}`)[0]!.address).toBeNull();
    expect(outputLines(fn('increment'), '0x')).toEqual([]);
  });

  it('throw (outputLines) or answer null (decodeOutputs) for data shorter than the outputs', () => {
    expect(() => outputLines(fn('count'), '0x01')).toThrow(AbiError);
    expect(decodeOutputs(fn('count'), '0x01')).toBeNull();
  });
});

describe('decodeEvent', () => {
  it("reads an ERC-20 Transfer: indexed parties from the topics, the value from the data", () => {
    const decoded = decodeEvent(ERC20, [TRANSFER, `0x${word('4d2')}`, `0x${word('beef')}`], `0x${word('3e8')}`);
    expect(decoded?.entry.name).toBe('Transfer');
    expect(decoded?.lines).toEqual([
      { label: 'from (address)', text: someone, address: someone, indexed: true },
      { label: 'to (address)', text: other, address: other, indexed: true },
      { label: 'value (uint256)', text: '1000', address: null, indexed: false },
    ]);
  });

  it('refuses an ERC-721 Transfer (the same signature, its token id indexed too) rather than misread it', () => {
    expect(decodeEvent(ERC20, [TRANSFER, `0x${word('4d2')}`, `0x${word('beef')}`, `0x${word('7')}`], '0x')).toBeNull();
  });

  it('shows an indexed string as the hash its topic holds, and reads the rest', () => {
    const text = Buffer.from('hi').toString('hex').padEnd(64, '0');
    const topic = `0x${'ab'.repeat(32)}`;
    const decoded = decodeEvent(ERC20, [eventTopic(ERC20[1]!), topic], `0x${word('20')}${word('2')}${text}`);
    expect(decoded?.lines).toEqual([
      { label: 'label (string)', text: `hash ${topic}`, address: null, indexed: true },
      { label: 'text (string)', text: '"hi"', address: null, indexed: false },
    ]);
  });

  it("reads the demo Counter's Incremented event, its caller indexed as solc declared it", () => {
    const incremented = counter.find((entry) => entry.type === 'event' && entry.name === 'Incremented')!;
    const decoded = decodeEvent(counter, [eventTopic(incremented), `0x${word('4d2')}`], `0x${word('5')}${word('c')}`);
    expect(decoded?.lines.map((line) => [line.label, line.text, line.indexed])).toEqual([
      ['caller (address)', someone, true], ['by (uint256)', '5', false], ['count (uint256)', '12', false],
    ]);
  });

  it('answers null for a log of no event here and for data that does not fit', () => {
    expect(decodeEvent(ERC20, [`0x${'11'.repeat(32)}`], '0x')).toBeNull();
    expect(decodeEvent(ERC20, [], '0x')).toBeNull();
    expect(decodeEvent(ERC20, [TRANSFER, `0x${word('4d2')}`, `0x${word('beef')}`], '0x01')).toBeNull();
  });
});

describe('revertReason', () => {
  it('names Error(string), a panic, and a custom error of the ABI with its arguments', () => {
    const nope = `0x08c379a0${word('20')}${word('4')}${Buffer.from('nope').toString('hex').padEnd(64, '0')}`;
    expect(revertReason(nope, counter)).toBe('nope');
    expect(revertReason(`0x4e487b71${word('11')}`, counter)).toBe('Panic(0x11)');
    expect(revertReason(`0x245aecd3${word('4d2')}`, counter)).toBe(`NotOwner(caller: ${someone})`);
    expect(revertReason('0x245aecd3', counter)).toBe('NotOwner(…)');
  });

  it('answers null for data it cannot name', () => {
    expect(revertReason(`0xdeadbeef${word('1')}`, counter)).toBeNull();
    expect(revertReason('0x', counter)).toBeNull();
    expect(revertReason('not hex', counter)).toBeNull();
    expect(revertReason(null, counter)).toBeNull();
  });
});

describe('constructorArguments', () => {
  // DemoToken's constructor(string name_, string symbol_, uint8 decimals_, uint256 initialSupply) as solc wrote it.
  const token = abiOfMetadata(fs.readFileSync('main/mirror/demo/contracts/metadata/DemoToken.json', 'utf8'))!;
  const text = (value: string): string => Buffer.from(value).toString('hex').padEnd(64, '0');
  // ("Demo", "DMO", 8, 1000) by the ABI specification: four head words (two offsets, two values), then each string's length and bytes.
  const encoded = `0x${word('80')}${word('c0')}${word('8')}${word('3e8')}${word('4')}${text('Demo')}${word('3')}${text('DMO')}`;

  it('reads the arguments a creation was given by the constructor the ABI declares', () => {
    expect(token.find((entry) => entry.type === 'constructor')).toMatchObject({ name: 'constructor', inputs: [{ name: 'name_', type: 'string' }, { name: 'symbol_' }, { name: 'decimals_' }, { name: 'initialSupply' }] });
    const args = constructorArguments(token, [encoded]);
    expect(args.kind).toBe('decoded');
    expect(args.kind === 'decoded' && args.lines).toEqual([
      { label: 'name_ (string)', text: '"Demo"', address: null },
      { label: 'symbol_ (string)', text: '"DMO"', address: null },
      { label: 'decimals_ (uint8)', text: '8', address: null },
      { label: 'initialSupply (uint256)', text: '1000', address: null },
    ]);
  });

  it('takes the first candidate that is exactly an encoding: not creation code followed by arguments, not a malformed one', () => {
    const creationCode = `0x6080604052${encoded.slice(2)}`;
    expect(constructorArguments(token, [null, creationCode, encoded]).kind).toBe('decoded');
    expect(constructorArguments(token, [creationCode]).kind).toBe('unknown');
    expect(constructorArguments(token, [`${encoded}00`, 'not hex', undefined]).kind).toBe('unknown');
    expect(constructorArguments(token, []).kind).toBe('unknown');
  });

  it('says a contract takes none when its ABI has no constructor or one without inputs', () => {
    expect(constructorArguments(counter, [encoded])).toEqual({ kind: 'none' });
    expect(constructorArguments(ERC20, [])).toEqual({ kind: 'none' });
  });
});
