import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILE_NAMES, reservedNameProblem, reservedNameReason } from '../../main/common/reserved-profile-names.ts';
import { builtinProfiles } from '../../main/services/network-profiles.ts';

describe('reserved profile names', () => {
  it('are the names of the built-in profiles main defines (the one-off custom one is named by this module alone)', () => {
    expect(BUILTIN_PROFILE_NAMES).toEqual(builtinProfiles().map((profile) => profile.name));
  });

  it('say why each is taken, and what to do at a save; nothing of another name', () => {
    expect(reservedNameReason('testnet')).toBe('"testnet" is a built-in profile name');
    expect(reservedNameProblem('custom')).toBe('"custom" is reserved for the profile given with --upstream-mirror; choose another name');
    expect(reservedNameReason('solo')).toBeNull();
    expect(reservedNameProblem('solo')).toBeNull();
  });
});
