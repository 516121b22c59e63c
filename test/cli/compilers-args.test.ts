import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCompilersArgs } from '../../main/cli/compilers-args.ts';

const DEFAULT_DIR = path.resolve('default-compilers');
const parse = (argv: string[]) => parseCompilersArgs(argv, DEFAULT_DIR);

describe('npm run compilers arguments', () => {
  it('reads the command, its items and the options, in both --flag value and --flag=value form', () => {
    expect(parse(['list'])).toEqual({ command: 'list', items: [], dir: DEFAULT_DIR });
    expect(parse(['import', 'a.js', 'b.js', '--dir', 'x', '--registry=https://registry.example/'])).toEqual(
      { command: 'import', items: ['a.js', 'b.js'], dir: path.resolve('x'), registry: 'https://registry.example' });
    expect(parse(['download', '0.8.4+commit.c7e474f2', '--mirror=http://127.0.0.1:9/wasm/', '--dir=y'])).toEqual(
      { command: 'download', items: ['0.8.4+commit.c7e474f2'], dir: path.resolve('y'), mirror: 'http://127.0.0.1:9/wasm' });
  });

  it('downloads the long version it checked: without its `v` and spaces, which passed the check and then were "not listed"', () => {
    expect(parse(['download', 'v0.8.4+commit.c7e474f2', ' 0.8.5+commit.a4f2e591 ']).items).toEqual(['0.8.4+commit.c7e474f2', '0.8.5+commit.a4f2e591']);
  });

  it.each([
    [['import'], 'import needs at least one FILE'],
    [['fetch', '--dir', 'x'], 'fetch needs at least one VERSION'],
    [['download'], 'download needs at least one LONG_VERSION'],
    [['list', '0.8.4'], 'list takes no VERSION or FILE, not "0.8.4"'],
    [[], 'unknown or missing command: (none)'],
    [['lsit'], 'unknown or missing command: lsit'],
    // Checked here, before the mirror is asked for its list.
    [['download', 'abc'], 'invalid compiler version "abc": expected a long version such as 0.8.4+commit.c7e474f2'],
    [['list', '--dir', '--mirror', 'https://m.example/'], '--dir needs a value'],
    [['list', '--dir='], '--dir needs a value'],
    [['list', '--dir', ''], '--dir needs a value'],
    [['list', '--dir'], '--dir needs a value'],
    [['list', '--bogus', 'x'], 'unknown option --bogus'],
    [['download', '0.8.4+commit.c7e474f2', '--mirror', 'ftp://m.example/'], '--mirror must use http or https, not ftp'],
    [['download', '0.8.4+commit.c7e474f2', '--mirror', 'm.example/wasm/'], '--mirror must start with http:// or https://, e.g. https://binaries.soliditylang.org/wasm/'],
    // fetch refuses to send them, and its refusal would have put them in the message.
    [['fetch', '0.8.4', '--registry', 'https://me:secret@registry.example/'], '--registry must not carry a user name or password'],
    // What a parser takes for credentials, though the text has no `//`; the refusal never repeats the value.
    [['fetch', '0.8.4', '--registry', 'https:/me:secret@registry.example/'], '--registry must not carry a user name or password'],
    [['fetch', '0.8.4', '--registry', 'https:\\\\me:secret@registry.example/'], '--registry must not carry a user name or password'],
    // list.json and file names were put after the query: `?token=s/list.json`.
    [['download', '0.8.4+commit.c7e474f2', '--mirror', 'https://m.example/wasm/?token=s'], '--mirror must be a base URL without "?" or "#"'],
    [['download', '0.8.4+commit.c7e474f2', '--mirror=https://m.example/wasm/#s'], '--mirror must be a base URL without "?" or "#"'],
    [['fetch', '0.8.4', '--registry', 'https://registry.example/?token=t'], '--registry must be a base URL without "?" or "#"'],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parse(argv)).toThrow(new Error(message));
  });
});
