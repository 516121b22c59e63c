import { describe, expect, it } from 'vitest';
import { describeProbeFailure } from '../../main/desktop/electron-binary.ts';

describe('why the Electron binary is unavailable', () => {
  it('names the download error rather than the package\'s generic advice', () => {
    const stderr = [
      'TypeError: fetch failed',
      '    at node:internal/deps/undici/undici:13502:13',
      'Error: Electron failed to install correctly. Please delete `node_modules/electron` and run "npx install-electron --no" manually.',
    ].join('\n');
    expect(describeProbeFailure(stderr)).toBe('its download failed: fetch failed');
  });

  it('says when the package is missing', () => {
    expect(describeProbeFailure("Error: Cannot find module 'electron'\nRequire stack:")).toBe('the electron package is not installed');
  });

  it('falls back to a generic reason', () => {
    expect(describeProbeFailure('Error: Electron failed to install correctly.')).toBe('the electron package could not provide its binary');
    expect(describeProbeFailure('')).toBe('the electron package could not provide its binary');
  });
});
