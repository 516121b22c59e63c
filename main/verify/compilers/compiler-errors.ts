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
