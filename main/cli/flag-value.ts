/**
 * How every command line of the project (serve, bench, compilers, conformance verify) reads a flag and its value,
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
