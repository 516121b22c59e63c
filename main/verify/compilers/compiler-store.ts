import fs from 'node:fs';
import { createRequire } from 'node:module';
import { CompilerUnavailableError } from './compiler-errors.ts';
import { CompilerFolder } from './compiler-folder.ts';
import type { DownloadProgress } from './download.ts';
import { fetchFromMirror } from './mirror-source.ts';
import { isLongVersion, parseLongVersion, releaseOf } from './solc-version.ts';

const require = createRequire(import.meta.url);

export interface CompilerStoreOptions {
  /** The compilers folder (solc-bin layout). */
  dir: string;
  /** solc-bin mirror base URL for downloads; null disables downloading. */
  mirrorUrl: string | null;
  log?: (line: string) => void;
}

export interface CompilerInfo {
  longVersion: string;
  /** `bundled`: the compiler that ships with the app (the `solc` dependency). */
  source: 'folder' | 'bundled';
}

/**
 * Which compilers exist and where: the compilers folder, seeded with the compiler the app ships
 * (the `solc` package's soljson), plus imports and mirror downloads. `soljsonPath` is what the
 * worker pool uses; a version it cannot find is a CompilerUnavailableError naming the version.
 */
export class CompilerStore {
  readonly folder: CompilerFolder;
  readonly mirrorUrl: string | null;
  private bundledVersion: string | null = null;
  /** The bundled compiler's addition under way (addBundled): until it ends, whether its version is installed is not known. */
  private addingBundled: Promise<void> = Promise.resolve();
  private readonly log: (line: string) => void;

  constructor(options: CompilerStoreOptions) {
    this.folder = new CompilerFolder(options.dir);
    this.mirrorUrl = options.mirrorUrl;
    this.log = options.log ?? (() => undefined);
  }

  /**
   * Puts the shipped compiler into the folder once (its version is learnt by loading it, so this
   * takes a second or two the first time and nothing afterwards). Never throws: without it the
   * store still serves what the folder has.
   */
  addBundled(): Promise<string | null> {
    const adding = this.addBundledNow();
    this.addingBundled = adding.then(() => undefined);
    return adding;
  }

  /** Settles once the bundled compiler's addition under way (addBundled) has ended, however; at once when there is none. */
  bundledSettled(): Promise<void> {
    return this.addingBundled;
  }

  private async addBundledNow(): Promise<string | null> {
    try {
      const pkg = JSON.parse(fs.readFileSync(require.resolve('solc/package.json'), 'utf8')) as { version: string };
      const present = this.folder.versions().find((v) => releaseOf(v) === pkg.version);
      this.bundledVersion = present ?? await this.folder.add(fs.readFileSync(require.resolve('solc/soljson.js')));
      return this.bundledVersion;
    } catch (error) {
      this.log(`compilers: the bundled compiler could not be added: ${(error as Error).message}`);
      return null;
    }
  }

  /** Path of the soljson for a long version; throws CompilerUnavailableError when there is none. */
  soljsonPath(version: string): string {
    if (!isLongVersion(version)) throw new CompilerUnavailableError(version, 'not a compiler long version');
    const longVersion = parseLongVersion(version);
    const file = this.folder.pathFor(longVersion);
    if (!file) {
      throw new CompilerUnavailableError(longVersion, this.mirrorUrl
        ? 'not in the compilers folder; download it from the compilers panel or import its soljson file'
        : 'not in the compilers folder and downloading is off; import its soljson file');
    }
    return file;
  }

  has(version: string): boolean {
    return isLongVersion(version) && this.folder.pathFor(parseLongVersion(version)) !== null;
  }

  /**
   * Whether `version` is installed. One the folder does not have yet is answered once the bundled
   * compiler's addition has ended: at a first start that takes a second or two, and a verification
   * asked meanwhile for the bundled version would otherwise be told it is not available. One the
   * folder has is answered at once.
   */
  async installed(version: string): Promise<boolean> {
    if (this.has(version)) return true;
    await this.addingBundled;
    return this.has(version);
  }

  list(): CompilerInfo[] {
    return this.folder.versions().map((longVersion) => ({ longVersion, source: longVersion === this.bundledVersion ? 'bundled' : 'folder' }));
  }

  /** Adds a user's soljson file; returns the version the compiler reports. */
  import(soljson: Buffer): Promise<string> {
    return this.folder.add(soljson);
  }

  /** Downloads a long version from the configured solc-bin mirror, checked against its list.json. */
  async download(version: string, onProgress?: DownloadProgress): Promise<string> {
    const longVersion = parseLongVersion(version);
    if (!this.mirrorUrl) throw new CompilerUnavailableError(longVersion, 'downloading is off: no solc-bin mirror is configured');
    if (this.folder.pathFor(longVersion)) return longVersion;
    this.log(`compilers: downloading ${longVersion} from ${this.mirrorUrl}`);
    return fetchFromMirror(longVersion, this.folder, this.mirrorUrl, onProgress);
  }
}
