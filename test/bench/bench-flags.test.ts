import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../main/bench/bench-flags.ts';

describe('parseFlags', () => {
  const parse = (argv: string[]) => {
    const seen: Record<string, unknown> = {};
    parseFlags(argv, {
      '--count': (_v, whole) => { seen.count = whole(1, 10); },
      '--dir': (value) => { seen.dir = value; },
    });
    return seen;
  };

  it('hands each flag its value, whole numbers checked against their bounds', () => {
    expect(parse(['--count', '7', '--dir', '/tmp/x'])).toEqual({ count: 7, dir: '/tmp/x' });
    expect(parse([])).toEqual({});
  });

  it('takes --flag=value as serve does', () => {
    expect(parse(['--count=7', '--dir=/tmp/x=y'])).toEqual({ count: 7, dir: '/tmp/x=y' });
  });

  it('refuses an empty value, and the next flag taken for one', () => {
    expect(() => parse(['--dir='])).toThrow('--dir needs a value');
    expect(() => parse(['--dir', ''])).toThrow('--dir needs a value');
    expect(() => parse(['--dir', '--count', '5'])).toThrow('--dir needs a value');
  });

  it('refuses unknown flags, missing values and numbers out of bounds or not whole', () => {
    expect(() => parse(['--size', '1'])).toThrow('unknown option --size');
    expect(() => parse(['--toString', '1'])).toThrow('unknown option --toString');
    expect(() => parse(['--dir'])).toThrow('--dir needs a value');
    expect(() => parse(['--count', '11'])).toThrow('--count must be a whole number from 1 to 10');
    expect(() => parse(['--count', '2.5'])).toThrow('--count must be a whole number from 1 to 10');
    expect(() => parse(['--count', '-1'])).toThrow('--count must be a whole number from 1 to 10');
  });
});
