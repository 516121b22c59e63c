import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataset } from '../../main/bench/bench-dataset.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-bench-dataset-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('benchmark dataset folder', () => {
  it('says --data-dir is a file as serve says it, not with mkdir\'s EEXIST', async () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    await expect(prepareDataset(file, 1000, () => undefined)).rejects.toThrow(
      new Error(`the benchmark data folder ${file} is a file, not a folder; choose another with --data-dir DIR`));
  });
});
