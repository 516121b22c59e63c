import { describe, expect, it } from 'vitest';
import { mirrorPathProblem } from '../../../main/bridge/validate-mirror-path.ts';
import { withChecksum } from '../../../renderer/src/lib/entity-checksum.ts';
import { mirrorPath, unaskablePart } from '../../../renderer/src/lib/mirror-source.ts';
import { readRouteEntityId } from '../../../renderer/src/lib/route-entity-id.ts';

const LOCAL = 298;
const MAINNET = 295;

describe('readRouteEntityId', () => {
  it('reads no id from an absent, empty or blank parameter', () => {
    expect(readRouteEntityId(null, LOCAL)).toEqual({ kind: 'none' });
    expect(readRouteEntityId('', LOCAL)).toEqual({ kind: 'none' });
    expect(readRouteEntityId(' \u200B ', LOCAL)).toEqual({ kind: 'none' });
  });

  it('drops the spaces and invisible characters around an id, and leaves any other id as given, for the mirror to judge', () => {
    expect(readRouteEntityId('0.0.1009 ', LOCAL)).toEqual({ kind: 'id', id: '0.0.1009' });
    expect(readRouteEntityId('\u200B 0.0.1009', LOCAL)).toEqual({ kind: 'id', id: '0.0.1009' });
    expect(readRouteEntityId('0x00000000000000000000000000000000000003f1', LOCAL)).toEqual({ kind: 'id', id: '0x00000000000000000000000000000000000003f1' });
    expect(readRouteEntityId('0.0.1009-1700000000-000000001', LOCAL)).toEqual({ kind: 'id', id: '0.0.1009-1700000000-000000001' });
    expect(readRouteEntityId('nonsense', LOCAL)).toEqual({ kind: 'id', id: 'nonsense' });
  });

  it('takes an id with the checksum of the profile\'s network as the id alone (the form the account page shows to copy)', () => {
    const checksummed = withChecksum('0.0.1009', LOCAL)!;
    expect(checksummed).toBe('0.0.1009-rtwgr');
    expect(readRouteEntityId(checksummed, LOCAL)).toEqual({ kind: 'id', id: '0.0.1009' });
    expect(readRouteEntityId(` ${checksummed.toUpperCase()} `, LOCAL)).toEqual({ kind: 'id', id: '0.0.1009' });
    // A profile of an unknown chain cannot check: the id passes.
    expect(readRouteEntityId('0.0.1009-aaaaa', null)).toEqual({ kind: 'id', id: '0.0.1009' });
  });

  it('refuses a checksum that does not fit, saying why, also one of another network', () => {
    const wrong = readRouteEntityId('0.0.1009-aaaaa', LOCAL);
    expect(wrong).toEqual({ kind: 'refused', text: '0.0.1009-aaaaa', reason: 'The checksum aaaaa does not fit 0.0.1009 on a local network (chain 298): the id or its checksum was mistyped' });
    const mainnet = withChecksum('0.0.1009', MAINNET)!;
    expect(readRouteEntityId(mainnet, LOCAL)).toEqual({ kind: 'refused', text: mainnet, reason: `${mainnet} is an id of mainnet (its checksum is that network's); this profile is a local network (chain 298)` });
  });
});

describe('unaskablePart', () => {
  it('names the part of a target holding a path separator or "..", decoded, which the mirror/get gate refuses', () => {
    for (const id of ['0.0.1009/tokens', '0.0.1009\\x', '..', '0.0..1']) {
      const path = mirrorPath(['accounts', id]);
      expect(unaskablePart(path), path).toBe(id);
      expect(mirrorPathProblem(path), path).toMatch(/may not contain/);
      // A page that loads its own way hands over the id itself.
      expect(unaskablePart(id)).toBe(id);
    }
    expect(unaskablePart(mirrorPath(['tokens', '0.0.1081/x', 'nfts', '1']))).toBe('0.0.1081/x');
  });

  it('passes what the gate takes: ids, addresses, hashes, and a query after the path', () => {
    for (const id of ['0.0.1009', '0.0.1009-rtwgr', '0x00000000000000000000000000000000000003f1', '0.0.3-1700000000-000000001', 'HIQQEXWKW53RKN4W6XXC4Q232SYNZ3SZANVZZSUME5B5PRGXL663UAQA']) {
      const path = mirrorPath(['accounts', id], { limit: 25, 'timestamp': 'lte:1.2' });
      expect(unaskablePart(path), path).toBeNull();
      expect(mirrorPathProblem(path), path).toBeNull();
    }
    expect(unaskablePart('/api/v1/network/stake')).toBeNull();
  });
});
