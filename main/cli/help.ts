/**
 * Whether a command was asked for its usage (`--help` or `-h` anywhere in its arguments). The
 * caller prints it to stdout and exits 0, as command-line tools do; before, `--help` was refused
 * as an unknown option.
 */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv.includes('--help') || argv.includes('-h');
}
