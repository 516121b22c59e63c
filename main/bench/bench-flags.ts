/**
 * `--flag value` pairs of a bench command. Each suite names its flags; `whole` reads a value as a
 * whole number within bounds, so every suite refuses bad input with the same words.
 */
export type FlagHandler = (value: string, whole: (min: number, max: number) => number) => void;

export function parseFlags(argv: readonly string[], handlers: Readonly<Record<string, FlagHandler>>): void {
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    const handler = Object.hasOwn(handlers, flag) ? handlers[flag] : undefined;
    if (!handler) throw new Error(`unknown option ${flag}`);
    if (value === undefined) throw new Error(`${flag} needs a value`);
    handler(value, (min, max) => {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) throw new Error(`${flag} must be a whole number from ${min} to ${max}`);
      return n;
    });
  }
}
