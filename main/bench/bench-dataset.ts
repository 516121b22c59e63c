import path from 'node:path';
import Database from 'better-sqlite3';
import { prepareFolder } from '../files/folder-problem.ts';
import { generateDemoLedgerInWorker } from '../mirror/demo/generate-in-worker.ts';
import { storeFileBytes } from '../mirror/store/store-size.ts';

export interface DatasetReport {
  file: string;
  accounts: number;
  /** False when an existing complete dataset of this size was reused. */
  generated: boolean;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  bytes: number;
}

/**
 * Builds (or reuses) the benchmark dataset with the demo generator, the same one the app's
 * demo profile uses, and reports how fast it was written and how big it is.
 */
export async function prepareDataset(dir: string, accounts: number, progress: (line: string) => void): Promise<DatasetReport> {
  prepareFolder(dir, 'the benchmark data folder', 'choose another with --data-dir DIR');
  const file = path.join(dir, `accounts-${accounts}.sqlite`);
  let generated = false;
  let lastTenth = -1;
  const started = performance.now();
  await generateDemoLedgerInWorker(file, { accounts }, (done, total) => {
    generated = true;
    const tenth = Math.floor((done / Math.max(1, total)) * 10);
    if (tenth !== lastTenth) progress(`dataset: ${done}/${total} accounts`);
    lastTenth = tenth;
  }, new AbortController().signal);
  const seconds = (performance.now() - started) / 1000;
  const rows = countRows(file);
  return { file, accounts, generated, rows, seconds, rowsPerSecond: generated ? rows / seconds : Number.NaN, bytes: storeFileBytes(file) };
}

function countRows(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>;
    return tables.reduce((sum, { name }) => sum + (db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n, 0);
  } finally {
    db.close();
  }
}
