import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../main/common/api-contract.ts';
import type { AbiEntry } from '../../../main/common/verify-types.ts';
import { abiOfMetadata } from '../../../main/verify/repository/abi-of-metadata.ts';
import { AbiArgumentError, AbiError } from '../../../renderer/src/lib/abi-codec.ts';
import { addressIdsByField, callData, callerQuery, estimatedGas, failureText, parseTinybars } from '../../../renderer/src/lib/contract-call.ts';

// The demo Counter's ABI as solc wrote it into its metadata: functions, events and the NotOwner error.
const counter = abiOfMetadata(fs.readFileSync('main/mirror/demo/contracts/metadata/Counter.json', 'utf8'))!;
const poll = abiOfMetadata(fs.readFileSync('main/mirror/demo/contracts/metadata/Poll.json', 'utf8'))!;
const fn = (name: string): AbiEntry => counter.find((entry) => entry.type === 'function' && entry.name === name)!;
const word = (hex: string): string => hex.padStart(64, '0');
const someone = '0x00000000000000000000000000000000000004d2';

/** What `run` threw: its message and the field it names (undefined for an error of no field). */
function problemOf(run: () => unknown): { message: string; field: number | undefined } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof AbiError)) throw error;
    return { message: error.message, field: error instanceof AbiArgumentError ? error.field : undefined };
  }
  throw new Error('nothing was thrown');
}

/** A typed error as the bridge hands over a mirror 400 for a call. */
function mirrorError(message: string, data: string, detail = ''): ApiError {
  return {
    code: 'invalid-input', message: detail ? `${message}: ${detail}` : message, details: [],
    mirror: { status: 400, body: { _status: { messages: [{ message, detail, data }] } } },
  };
}

describe('callData', () => {
  it("puts the function's selector before its encoded arguments", () => {
    expect(callData(fn('increment'), [])).toBe('0xd09de08a');
    expect(callData(fn('incrementBy'), ['5'])).toBe(`0x03df179c${word('5')}`);
  });

  it('refuses an argument of the wrong kind before any request, naming it as its field is labelled', () => {
    expect(problemOf(() => callData(fn('incrementBy'), ['five']))).toEqual({ message: 'by (uint256): expected a whole number', field: 0 });
  });

  it('says which of two fields of a type is wrong, by its place when unnamed, and hands the form that field', () => {
    // DemoToken's allowance(address, address): its parameters have no names.
    const allowance: AbiEntry = { type: 'function', name: 'allowance', stateMutability: 'view', inputs: [{ type: 'address', name: '' }, { type: 'address', name: '' }], outputs: [{ type: 'uint256' }] };
    expect(problemOf(() => callData(allowance, ['0.0.2959', '']))).toEqual({ message: '#2 (address): expected 0x and 40 hex digits, or an id like 0.0.1234', field: 1 });
    // What only the encoding checks is the field's problem too; an element's type stays in the message.
    const transfer: AbiEntry = { type: 'function', name: 'f', stateMutability: 'nonpayable', inputs: [{ type: 'uint8', name: 'small' }, { type: 'uint256[]', name: 'amounts' }], outputs: [] };
    expect(problemOf(() => callData(transfer, ['300', '[]']))).toEqual({ message: 'small (uint8): 300 is out of range', field: 0 });
    expect(problemOf(() => callData(transfer, ['3', '["1", "x"]']))).toEqual({ message: 'amounts (uint256[]): uint256: expected a whole number', field: 1 });
  });

  it('encodes an entity id typed for an address as the address looked up for it, else its long-zero address', () => {
    const hasVoted = poll.find((entry) => entry.type === 'function' && entry.name === 'hasVoted')!;
    const evm = '0x9a4c2a03f386d0574f9cb8a19ea2f1dff5e3a062';
    const selector = '0x09eef43e'; // hasVoted(address)
    expect(callData(hasVoted, ['0.0.2787'], new Map([['0.0.2787', evm]]))).toBe(`${selector}${word(evm.slice(2))}`);
    expect(callData(hasVoted, ['0.0.2787'])).toBe(`${selector}${word('ae3')}`);
  });
});

describe('addressIdsByField', () => {
  it('lists the entity ids each field names where an address goes, once each, and no hex address', () => {
    const entry: AbiEntry = {
      type: 'function', name: 'f', stateMutability: 'view', outputs: [],
      inputs: [{ type: 'address' }, { type: 'uint256' }, { type: 'address[]' }, { type: 'tuple', components: [{ type: 'address' }, { type: 'string' }] }],
    };
    expect(addressIdsByField(entry, ['0.0.2787', '5', `["0.0.1001", "${someone}", "0.0.01001"]`, '["0.0.7", "0.0.8"]'])).toEqual([['0.0.2787'], [], ['0.0.1001'], ['0.0.7']]);
    expect(problemOf(() => addressIdsByField(entry, ['nope', '5', '[]', '["0.0.7", ""]']))).toEqual({ message: '#1 (address): expected 0x and 40 hex digits, or an id like 0.0.1234', field: 0 });
    expect(problemOf(() => addressIdsByField(entry, ['0.0.7', '5', '[]', '["nope", ""]']))).toEqual({ message: '#4 (tuple): address: expected 0x and 40 hex digits, or an id like 0.0.1234', field: 3 });
  });
});

describe('failureText', () => {
  it("names a custom error of the contract's ABI with its arguments", () => {
    const data = `0x245aecd3${word('4d2')}`; // NotOwner(address)
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', data), counter)).toBe(`Reverted: NotOwner(caller: ${someone})`);
  });

  it("knows OpenZeppelin's ERC20InsufficientBalance by the selector every explorer shows for it", () => {
    const abi: AbiEntry[] = [{ type: 'error', name: 'ERC20InsufficientBalance', inputs: [{ type: 'address', name: 'sender' }, { type: 'uint256', name: 'balance' }, { type: 'uint256', name: 'needed' }] }];
    const data = `0xe450d38c${word('4d2')}${word('0')}${word('64')}`;
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', data), abi)).toBe(`Reverted: ERC20InsufficientBalance(sender: ${someone}, balance: 0, needed: 100)`);
  });

  it('says an Error(string) reason and a panic once, not after the mirror message that repeats them', () => {
    const nope = `0x08c379a0${word('20')}${word('4')}${Buffer.from('nope').toString('hex').padEnd(64, '0')}`;
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', nope, 'nope'), counter)).toBe('Reverted: nope');
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', `0x4e487b71${word('11')}`), counter)).toBe('Reverted: Panic(0x11)');
  });

  it('says revert data it cannot name, and a revert without any', () => {
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', `0xdeadbeef${word('1')}`), counter)).toMatch(/^Reverted with data 0xdeadbeef.* \(no error of this contract's ABI\)$/);
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', '0x'), counter)).toBe('Reverted without a reason');
    // Data too short for the error's arguments still names the error.
    expect(failureText(mirrorError('CONTRACT_REVERT_EXECUTED', '0x245aecd3'), counter)).toBe('Reverted: NotOwner(…)');
  });

  it("answers the mirror's own message for a failure that is no revert", () => {
    const error = mirrorError('INSUFFICIENT_PAYER_BALANCE', '0x', 'payer balance 5 is less than the 9 the call may cost');
    expect(failureText(error, counter)).toBe('INSUFFICIENT_PAYER_BALANCE: payer balance 5 is less than the 9 the call may cost');
    expect(failureText({ code: 'unavailable', message: 'no mirror', details: [] }, counter)).toBe('no mirror');
  });

  it('says what was wrong with a call the mirror refused before running it, not its bare reason phrase', () => {
    // The mirror words these as the reference does: `Bad Request`, and the field and its problem in detail.
    expect(failureText(mirrorError('Bad Request', '', 'from field must not be empty'), counter)).toBe('From field must not be empty');
    expect(failureText(mirrorError('Not Implemented', '', 'Hedera Token Service (system contract 0x…167) cannot be executed by the local mirror'), counter))
      .toBe('Hedera Token Service (system contract 0x…167) cannot be executed by the local mirror');
    // A refusal that says nothing more keeps the whole message.
    expect(failureText(mirrorError('Bad Request', ''), counter)).toBe('Bad Request');
  });
});

describe('parseTinybars', () => {
  it('reads whole tinybars, with separators, and nothing for an empty field', () => {
    expect(parseTinybars('')).toBeNull();
    expect(parseTinybars('  ')).toBeNull();
    expect(parseTinybars('100000000')).toBe('100000000');
    expect(parseTinybars('1_000,000 ')).toBe('1000000');
    expect(parseTinybars('007')).toBe('7');
    expect(parseTinybars('9223372036854775807')).toBe('9223372036854775807');
  });

  it.each(['-1', '1.5', '0x10', '1 hbar', '9223372036854775808', '99999999999999999999'])('refuses %s', (text) => {
    expect(() => parseTinybars(text)).toThrow(AbiError);
  });
});

describe('callerQuery', () => {
  it('takes an address as it is, an account id to look up, and nothing as no caller', () => {
    expect(callerQuery('')).toEqual({ kind: 'address', address: null });
    expect(callerQuery(' 0x00000000000000000000000000000000000004D2 ')).toEqual({ kind: 'address', address: someone });
    expect(callerQuery('0.0.1234')).toEqual({ kind: 'account', id: '0.0.1234' });
    expect(() => callerQuery('alice')).toThrow(new AbiError('from: expected an account id like 0.0.1234, or 0x and 40 hex digits'));
    expect(() => callerQuery('0x1234')).toThrow(AbiError);
  });
});

describe('estimatedGas', () => {
  it("reads the estimate's hex figure, and nothing from an answer without one", () => {
    expect(estimatedGas({ result: '0x0000000000005a3c' })).toBe(23_100n);
    expect(estimatedGas({ result: 'lots' })).toBeNull();
    expect(estimatedGas(null)).toBeNull();
  });
});
