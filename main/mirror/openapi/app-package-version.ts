import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'mirrordesk';
const MAX_LEVELS = 6;

/**
 * The app's version from its package.json, found by walking up from this module: the source
 * tree (main/mirror/openapi/) and the Electron bundle (dist/main/) sit at different depths
 * below it, so a fixed relative path would be right in one of them only. '0.0.0' if none is found.
 */
export function appPackageVersion(moduleUrl: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  for (let level = 0; level < MAX_LEVELS; level++) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === PACKAGE_NAME && pkg.version) return pkg.version;
    } catch {
      // No package.json here (or not ours): keep walking up.
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return '0.0.0';
}
