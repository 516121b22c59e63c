import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVE_USAGE } from '../../main/cli/serve-args.ts';

/** The flags a usage text names, e.g. `--sync-rate`. */
function flagsOf(text: string): string[] {
  return [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort();
}

describe('README', () => {
  it('shows the serve usage with exactly the flags serve accepts', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const block = /```sh\n(npm run serve -- [\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    expect(flagsOf(block!)).toEqual(flagsOf(SERVE_USAGE));
  });
});
