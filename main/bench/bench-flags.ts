import { flagValue, splitFlag } from '../cli/flag-value.ts';

/**
 * `--flag value` (or `--flag=value`) pairs of a bench command, read as serve reads its flags
 * (cli/flag-value.ts). Each suite names its flags; `whole` reads a value as a whole number within
 * bounds, so every suite refuses bad input with the same words.
 */
export type FlagHandler = (value: string, whole: (min: number, max: number) => number) => void;

export function parseFlags(argv: readonly string[], handlers: Readonly<Record<string, FlagHandler>>): void {
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = splitFlag(argv[i]!);
    const handler = Object.hasOwn(handlers, flag) ? handlers[flag] : undefined;
    if (!handler) throw new Error(`unknown option ${flag}`);
    const value = flagValue(flag, inline ?? argv[++i]);
    handler(value, (min, max) => {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
      return n;
    });
  }
}
