import fs from 'node:fs';
import path from 'node:path';
import { CompilerFolder } from '../../verify/compilers/compiler-folder.ts';
import { writeJsonFile } from '../../files/write-json-file.ts';
import { fetchFromNpm } from '../../verify/compilers/npm-source.ts';

/** Remembers versions no npm package provides, so later runs do not download again to find out. */
const NPM_MISSING_FILE = 'npm-missing.json';

/**
 * Makes sure the compilers folder has the given long versions, fetching missing ones from the npm
 * registry's `solc` packages once. Versions no package provides (nightlies, 0.8.1) are noted and
 * left missing: the cases that need them expect "compiler not available".
 */
export async function ensureCompilers(dir: string, versions: string[], log: (line: string) => void): Promise<void> {
  const folder = new CompilerFolder(dir);
  const markerFile = path.join(dir, NPM_MISSING_FILE);
  const missing: Record<string, string> = fs.existsSync(markerFile) ? JSON.parse(fs.readFileSync(markerFile, 'utf8')) as Record<string, string> : {};
  for (const version of [...new Set(versions)]) {
    if (folder.pathFor(version) || missing[version]) continue;
    try {
      await fetchFromNpm(version, folder, { log });
    } catch (error) {
      const reason = (error as Error).message;
      log(`compilers: ${version}: ${reason}`);
      // Only a definite "no package has it" is remembered; a network failure is tried again next run.
      if (reason.startsWith('no npm package provides')) missing[version] = reason;
    }
  }
  // Written whole: test files run in parallel, and one reading the file while another wrote it
  // read half of it ("Unexpected end of JSON input").
  writeJsonFile(markerFile, missing);
}
