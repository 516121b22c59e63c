import { describe, expect, it } from 'vitest';
import { compareReleases, isLongVersion, longVersionFromReported, parseLongVersion, releaseOf, soljsonFileName } from '../../../main/verify/compilers/solc-version.ts';

describe('solc long versions', () => {
  it('accepts release and nightly long versions, with or without a leading v', () => {
    expect(parseLongVersion('v0.8.4+commit.c7e474f2')).toBe('0.8.4+commit.c7e474f2');
    expect(parseLongVersion('0.8.22-nightly.2023.10.22+commit.b187d065')).toBe('0.8.22-nightly.2023.10.22+commit.b187d065');
  });

  it.each(['0.8.4', 'latest', '0.8.4+commit.zzzz', '../0.8.4+commit.c7e474f2', '0.8.4+commit.c7e474f2/x'])('rejects "%s" with a message naming it', (text) => {
    expect(isLongVersion(text)).toBe(false);
    expect(() => parseLongVersion(text)).toThrow(`invalid compiler version "${text}"`);
  });

  it('reads the version a loaded compiler reports, dropping the platform suffix', () => {
    expect(longVersionFromReported('0.8.4+commit.c7e474f2.Emscripten.clang')).toBe('0.8.4+commit.c7e474f2');
    expect(longVersionFromReported('0.8.22-nightly.2023.10.22+commit.b187d065.Emscripten.clang')).toBe('0.8.22-nightly.2023.10.22+commit.b187d065');
    expect(() => longVersionFromReported('garbage')).toThrow('unrecognised version');
  });

  it('knows the release of a long version and the solc-bin file name', () => {
    expect(releaseOf('0.8.4+commit.c7e474f2')).toBe('0.8.4');
    expect(releaseOf('0.8.22-nightly.2023.10.22+commit.b187d065')).toBeNull();
    expect(soljsonFileName('0.8.4+commit.c7e474f2')).toBe('soljson-v0.8.4+commit.c7e474f2.js');
    expect(['0.8.10+commit.fc410830', '0.8.9+commit.e5eed63a'].sort(compareReleases)).toEqual(['0.8.9+commit.e5eed63a', '0.8.10+commit.fc410830']);
  });
});
