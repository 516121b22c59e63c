import { describe, expect, it } from 'vitest';
import { fail, fakeMirrorGetter as mirror } from '../../helpers/fake-mirror-getter.ts';
import { accountFilterId, accountFilterProblem, idForFilter } from '../../../renderer/src/lib/account-filter-id.ts';

const ADDRESS = `0x${'ab'.repeat(20)}`;
const ALIAS = 'CIQAAAH4AY2OFK2FL37TSPYEQGPPUJRP4XTKWHD62HKPQX543DTOFFQ';

describe('accountFilterId', () => {
  it('looks up the account an EVM address or an alias names', async () => {
    const { get, asked } = mirror({
      [`/api/v1/accounts/${ADDRESS}?transactions=false`]: { account: '0.0.1500' },
      [`/api/v1/accounts/${ALIAS}?transactions=false`]: { account: '0.0.1600' },
    });
    expect(await accountFilterId(` ${ADDRESS.toUpperCase().replace('0X', '0x')} `, get, null)).toEqual({ ok: true, id: '0.0.1500' });
    expect(await accountFilterId('ab'.repeat(20), get, null)).toEqual({ ok: true, id: '0.0.1500' });
    expect(await accountFilterId(ALIAS, get, null)).toEqual({ ok: true, id: '0.0.1600' });
    expect(asked).toEqual([`/api/v1/accounts/${ADDRESS}?transactions=false`, `/api/v1/accounts/${ADDRESS}?transactions=false`, `/api/v1/accounts/${ALIAS}?transactions=false`]);
  });

  it('reads a long-zero address as its id, asking nothing', async () => {
    const { get, asked } = mirror({});
    expect(await accountFilterId('0x000000000000000000000000000000000000047f', get, null)).toEqual({ ok: true, id: '0.0.1151' });
    expect(asked).toEqual([]);
  });

  it('says when no account has the address, or the lookup failed', async () => {
    expect(await accountFilterId(ADDRESS, mirror({}).get, null)).toEqual({ ok: false, message: `No account in the local mirror has the EVM address ${ADDRESS}` });
    const offline = mirror({}, { [`/api/v1/accounts/${ADDRESS}?transactions=false`]: fail('unavailable', 'The upstream mirror node cannot be reached') });
    expect(await accountFilterId(ADDRESS, offline.get, null)).toEqual({ ok: false, message: `The account of the EVM address ${ADDRESS} could not be looked up: The upstream mirror node cannot be reached` });
  });

  it('checks and drops a checksum, and takes the ids the API takes as typed, an operator first or not, asking nothing', async () => {
    const { get, asked } = mirror({});
    expect(await accountFilterId('0.0.123-esxsf', get, 296)).toEqual({ ok: true, id: '0.0.123' });
    expect(await accountFilterId('0.0.123-vfmkw', get, 296)).toMatchObject({ ok: false, message: expect.stringContaining('is an id of mainnet') });
    for (const typed of ['0.0.5', '5', '', 'gte:0.0.5', 'LT:0.0.5', '0.5', '1.2.3', `gt:${ADDRESS}`]) expect(await accountFilterId(typed, get, 296)).toEqual({ ok: true, id: typed });
    expect(asked).toEqual([]);
  });

  it('refuses what is no account id, address or alias beside the field, asking nothing', async () => {
    const { get, asked } = mirror({});
    expect(await accountFilterId(' nonsense ', get, 296)).toEqual({ ok: false, message: '“nonsense” is not an account id (0.0.1234), EVM address or alias' });
    for (const typed of ['not an id', '0.0.x', 'gte:', 'foo:0.0.5', '0.0.5;drop', '0.0.123-abc']) expect(await accountFilterId(typed, get, 296)).toMatchObject({ ok: false });
    expect(asked).toEqual([]);
  });
});

describe('accountFilterProblem', () => {
  it('judges an account filter as the address holds it: an id or an EVM address, an operator first or not', () => {
    for (const held of ['', '  ', '0.0.5', 'gte:0.0.5', ADDRESS, '1234']) expect(accountFilterProblem(held)).toBeNull();
    expect(accountFilterProblem('nonsense')).toBe('“nonsense” is not an account id (0.0.1234), EVM address or alias');
  });
});

describe('idForFilter', () => {
  it('takes an id pasted with its checksum as the bare id the API takes, once the checksum fits', () => {
    expect(idForFilter(' 0.0.123-esxsf ', 296)).toEqual({ ok: true, id: '0.0.123' });
    expect(idForFilter('0.0.0123-ESXSF', 296)).toEqual({ ok: true, id: '0.0.123' });
    // Where the network is unknown the checksum cannot be checked; the id is still what is meant.
    expect(idForFilter('0.0.123-vfmkw', null)).toEqual({ ok: true, id: '0.0.123' });
  });

  it('refuses a checksum of another network or a mistyped one, before anything is asked', () => {
    expect(idForFilter('0.0.123-vfmkw', 296)).toEqual({ ok: false, message: '0.0.123-vfmkw is an id of mainnet (its checksum is that network\'s); this profile is testnet' });
    expect(idForFilter('0.0.124-esxsf', 296)).toMatchObject({ ok: false, message: expect.stringContaining('mistyped') });
  });

  it('leaves everything else as typed, for the API to judge', () => {
    for (const typed of ['', '0.0.123', '123', '0.0.123-abc', 'gte:0.0.5', 'not an id']) expect(idForFilter(typed, 296)).toEqual({ ok: true, id: typed });
  });
});
