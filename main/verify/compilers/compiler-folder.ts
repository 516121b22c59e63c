import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { makeFolder } from '../../files/make-folder.ts';
import { writeJsonFile } from '../../files/write-json-file.ts';
import { probeSoljson } from './probe-soljson.ts';
import { parseSolcBinList, type SolcBinBuild, type SolcBinList } from './solc-bin-list.ts';
import { compareReleases, releaseOf, soljsonFileName } from './solc-version.ts';
import { sweepStaleTempFiles } from './stale-temp-files.ts';

/**
 * A compilers folder in the solc-bin layout: `list.json` plus `soljson-v<long version>.js` files,
 * so a folder copied from (or served as) a solc-bin mirror works here and the other way round.
 * Every file enters through `add`, which names it by the version the compiler reports.
 */
export class CompilerFolder {
  readonly dir: string;
  /** The turn of the last add to store its file (inTurn): adds store their files one at a time. */
  private storing: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.dir = dir;
    // What an earlier add could not clean up (killed, a full disk) would otherwise stay for good.
    sweepStaleTempFiles(dir);
  }

  /** Path of the soljson of this long version, or null when the folder does not have it. */
  pathFor(longVersion: string): string | null {
    const file = path.join(this.dir, soljsonFileName(longVersion));
    return fs.existsSync(file) ? file : null;
  }

  /** The folder's list.json (empty when there is none yet). */
  list(): SolcBinList {
    const file = path.join(this.dir, 'list.json');
    if (!fs.existsSync(file)) return { builds: [], releases: {} };
    return parseSolcBinList(fs.readFileSync(file, 'utf8'), file);
  }

  /** Long versions present as files, newest release first. */
  versions(): string[] {
    if (!fs.existsSync(this.dir)) return [];
    return fs.readdirSync(this.dir)
      .map((name) => /^soljson-v(.+)\.js$/.exec(name)?.[1])
      .filter((v): v is string => v !== undefined)
      .sort((a, b) => compareReleases(b, a));
  }

  /**
   * Adds a soljson (file contents): loads it in a worker to learn its real version, stores it
   * as `soljson-v<that version>.js` and records it in list.json. Returns the long version.
   * Loading is the slow part (up to PROBE_TIMEOUT_MS for a file that never loads): files are
   * loaded side by side, so a bad one never holds up another; only storing them takes turns.
   */
  async add(soljson: Buffer): Promise<string> {
    makeFolder(this.dir);
    const temp = path.join(this.dir, `.incoming-${randomBytes(6).toString('hex')}.js`);
    try {
      // Inside the try: a write cut short by a full disk leaves megabytes behind otherwise.
      fs.writeFileSync(temp, soljson);
      const longVersion = await probeSoljson(temp);
      return await this.inTurn(() => this.store(temp, longVersion, soljson));
    } catch (error) {
      // The temporary name means nothing to anyone: a disk error names the folder instead.
      if (error instanceof Error) error.message = error.message.split(temp).join(this.dir);
      throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  /** Runs `step` after the steps queued before it, so concurrent adds never lose each other's list.json entries. */
  private inTurn<T>(step: () => T): Promise<T> {
    const next = this.storing.then(step);
    this.storing = next.catch(() => undefined);
    return next;
  }

  /** Moves a probed soljson into place under its version and records it in list.json. */
  private store(temp: string, longVersion: string, soljson: Buffer): string {
    const file = path.join(this.dir, soljsonFileName(longVersion));
    const replacing = fs.existsSync(file);
    fs.renameSync(temp, file);
    try {
      this.record(longVersion, soljson);
    } catch (error) {
      // A compiler list.json does not name is not added: the folder and its list stay in step.
      if (!replacing) fs.rmSync(file, { force: true });
      throw error;
    }
    return longVersion;
  }

  private record(longVersion: string, soljson: Buffer): void {
    const list = this.list();
    const build: SolcBinBuild = {
      path: soljsonFileName(longVersion),
      version: longVersion.split('+')[0]!.split('-')[0]!,
      ...(longVersion.includes('-nightly') ? { prerelease: longVersion.split('+')[0]!.split('-')[1]! } : {}),
      build: longVersion.split('+')[1]!,
      longVersion,
      keccak256: `0x${Buffer.from(keccak_256(soljson)).toString('hex')}`,
      sha256: `0x${createHash('sha256').update(soljson).digest('hex')}`,
      urls: [],
    };
    list.builds = [...list.builds.filter((b) => b.longVersion !== longVersion), build]
      .sort((a, b) => compareReleases(a.longVersion, b.longVersion));
    const release = releaseOf(longVersion);
    if (release) list.releases[release] = build.path;
    const newest = Object.keys(list.releases).sort(compareReleases).at(-1);
    if (newest) list.latestRelease = newest;
    // Another process (a parallel test file, the app and a CLI) may be writing the list too.
    writeJsonFile(path.join(this.dir, 'list.json'), list);
  }
}
