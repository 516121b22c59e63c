import fs from 'node:fs';

/** The version in package.json, read once (the desktop bundle and `serve` both ship it). */
export function readAppVersion(packageJsonUrl: URL): string {
  try {
    return (JSON.parse(fs.readFileSync(packageJsonUrl, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
