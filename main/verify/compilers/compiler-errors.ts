/** The requested compiler version is neither in the compilers folder nor shipped with the app. */
export class CompilerUnavailableError extends Error {
  readonly version: string;
  constructor(version: string, hint = '') {
    super(`compiler not available: ${version}${hint ? ` (${hint})` : ''}`);
    this.name = 'CompilerUnavailableError';
    this.version = version;
  }
}

/** A compile that did not produce output: time-out, a worker that died, a file that is not a compiler. */
export class CompilerRunError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompilerRunError';
  }
}

/** How every crash message begins, so that callers who see only the words (lib-sourcify wraps the error) can tell a crash. */
export const COMPILER_CRASH_MESSAGE_START = 'the compiler crashed on this input';

/**
 * solc threw instead of answering (it reports ordinary compile errors inside its JSON output): its
 * wasm state is broken (a "memory access out of bounds" from an input too large for its stack, say),
 * so the worker was ended and the next compile loads the compiler afresh. The input caused it.
 */
export class CompilerCrashError extends CompilerRunError {
  constructor(version: string, reason: string) {
    super(`${COMPILER_CRASH_MESSAGE_START} (${reason}); compiler ${version} was restarted for the next compile. Is the input too large?`);
    this.name = 'CompilerCrashError';
  }
}
