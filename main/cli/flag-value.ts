/**
 * How every command line of the project (serve, bench, compilers, conformance, the desktop app) reads a flag and its value,
 * so that they refuse the same input with the same words.
 */

/** `--flag=value` as name and value; `--flag` alone has no inline value (the next argument holds it). */
export function splitFlag(arg: string): [name: string, inline: string | undefined] {
  const eq = arg.indexOf('=');
  return eq === -1 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}

/**
 * The value given to `flag`, or a one-line refusal. An empty value (`--data-dir=`, `--data-dir ""`)
 * is none: it silently meant the current folder. Nor is the next flag (`--data-dir --duration 5`
 * took `--duration` for a folder).
 */
export function flagValue(flag: string, value: string | undefined): string {
  if (value === undefined || value === '' || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}

/** The flags a command takes: those followed by a value, switches (which take none), and a check of each value. */
export interface FlagSpec {
  values?: readonly string[];
  switches?: readonly string[];
  /**
   * Sees each value as it is read and returns it (or its checked form); throws to refuse it. Run
   * in order, so a bad value is refused before whatever follows it on the line.
   */
  check?: (flag: string, value: string) => string;
}

export interface ReadFlags {
  /** Each value flag given, with its value: the last one when it is given twice. */
  values: Map<string, string>;
  switches: Set<string>;
  /** The arguments that are no flag, in order. */
  positional: string[];
}

/**
 * Separates a command line's flags from the rest: `--flag value` and `--flag=value` (flagValue),
 * and switches. Throws one line for an unknown flag, named without what follows its `=` (which may
 * be anything, a URL's password included), and for a value given to a switch. The caller checks
 * the positionals and which flags go together.
 */
export function readFlags(argv: readonly string[], spec: FlagSpec): ReadFlags {
  const { values: valueFlags = [], switches: switchFlags = [], check = (_flag, value) => value } = spec;
  const read: ReadFlags = { values: new Map(), switches: new Set(), positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      read.positional.push(arg);
      continue;
    }
    const [flag, inline] = splitFlag(arg);
    if (valueFlags.includes(flag)) read.values.set(flag, check(flag, flagValue(flag, inline ?? argv[++i])));
    else if (!switchFlags.includes(flag)) throw new Error(`unknown option ${flag}`);
    else if (inline !== undefined) throw new Error(`${flag} takes no value`);
    else read.switches.add(flag);
  }
  return read;
}
