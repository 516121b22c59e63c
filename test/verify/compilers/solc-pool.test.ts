import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CompilerStore } from '../../../main/verify/compilers/compiler-store.ts';
import { SolcPool } from '../../../main/verify/compilers/solc-pool.ts';
import { BUNDLED_SOLJSON, cachedCompilers, STORAGE_VERSION, tempDir } from '../verify-fixture.ts';

const input = (body: string) => JSON.stringify({
  language: 'Solidity',
  sources: { 'A.sol': { content: `// SPDX-License-Identifier: MIT\npragma solidity >=0.8.0;\ncontract A { ${body} }` } },
  settings: { outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
});

describe('solc worker pool', () => {
  let store: CompilerStore;
  let version: string;
  const pools: SolcPool[] = [];
  const pool = (options: ConstructorParameters<typeof SolcPool>[1] = {}) => {
    const created = new SolcPool((v) => store.soljsonPath(v), options);
    pools.push(created);
    return created;
  };

  beforeAll(async () => {
    store = new CompilerStore({ dir: tempDir(), mirrorUrl: null });
    version = (await store.addBundled())!;
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('compiles in a worker and reuses the loaded compiler for the next compile', async () => {
    const solc = pool();
    const first = JSON.parse(await solc.compile(version, input('uint x;')));
    expect(first.contracts['A.sol'].A.evm.bytecode.object).toMatch(/^[0-9a-f]+$/);
    const second = JSON.parse(await solc.compile(version, input('uint y;')));
    expect(second.contracts['A.sol'].A.evm.bytecode.object).not.toBe(first.contracts['A.sol'].A.evm.bytecode.object);
    expect(solc.loadedVersions()).toEqual([version]);
  });

  it('returns compile errors as compiler output, not as a failure', async () => {
    const output = JSON.parse(await pool().compile(version, input('uint x = ;')));
    expect(output.errors[0]).toMatchObject({ severity: 'error', type: 'ParserError' });
  });

  it('rejects a version that is not available before starting anything', async () => {
    const solc = pool();
    await expect(solc.compile('0.8.1+commit.df193b15', input(''))).rejects.toThrow('compiler not available: 0.8.1+commit.df193b15');
    expect(solc.loadedVersions()).toEqual([]);
  });

  it('stops a compile that runs past the time-out and serves the next one with a fresh worker', async () => {
    const slow = pool({ compileTimeoutMs: 5 });
    await expect(slow.compile(version, input(''))).rejects.toThrow(/compilation timed out after .* the compiler was stopped/);
    expect(slow.loadedVersions()).toEqual([]);
  });

  it('reports a worker that dies and keeps working', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'soljson-v0.8.4+commit.c7e474f2.js'), 'process.exit(3);');
    fs.copyFileSync(BUNDLED_SOLJSON, path.join(dir, `soljson-v${version}.js`));
    const mixed = new CompilerStore({ dir, mirrorUrl: null });
    const solc = new SolcPool((v) => mixed.soljsonPath(v), { maxWorkers: 1 });
    pools.push(solc);
    await expect(solc.compile('0.8.4+commit.c7e474f2', input(''))).rejects.toThrow('compiler 0.8.4+commit.c7e474f2 worker exited (code 3)');
    expect(JSON.parse(await solc.compile(version, input(''))).contracts['A.sol'].A).toBeDefined();
  });

  it('ends a compiler that crashes on its input, so the next compile of that version works', async () => {
    // ~6 MB of comment lines overflow soljson's stack: solc-js throws "memory access out of bounds",
    // and that compiler instance throws the same on every later compile (5.2 MB did for 0.8.37).
    const comments = `// ${'x'.repeat(76)}\n`.repeat(75_000);
    const huge = input(`}\n${comments}contract B {`);
    const solc = pool({ maxWorkers: 1 });
    await expect(solc.compile(version, huge)).rejects.toThrow(
      `the compiler crashed on this input (memory access out of bounds); compiler ${version} was restarted for the next compile. Is the input too large?`,
    );
    const next = JSON.parse(await solc.compile(version, input('uint x;')));
    expect(next.contracts['A.sol'].A.evm.bytecode.object).toMatch(/^[0-9a-f]+$/);
    expect(solc.loadedVersions()).toEqual([version]);
  });

  it('trusts the version the compiler reports, not the file name', async () => {
    const dir = tempDir();
    fs.copyFileSync(BUNDLED_SOLJSON, path.join(dir, 'soljson-v0.8.4+commit.c7e474f2.js'));
    const liar = new SolcPool((v) => new CompilerStore({ dir, mirrorUrl: null }).soljsonPath(v));
    pools.push(liar);
    await expect(liar.compile('0.8.4+commit.c7e474f2', input(''))).rejects.toThrow(/for 0\.8\.4\+commit\.c7e474f2 reports version 0\.8\.37/);
  });

  it('keeps at most maxWorkers compilers loaded, making room with the least recently used', async () => {
    const cache = await cachedCompilers(STORAGE_VERSION);
    const dir = tempDir();
    fs.copyFileSync(BUNDLED_SOLJSON, path.join(dir, `soljson-v${version}.js`));
    fs.copyFileSync(path.join(cache, `soljson-v${STORAGE_VERSION}.js`), path.join(dir, `soljson-v${STORAGE_VERSION}.js`));
    const two = new CompilerStore({ dir, mirrorUrl: null });
    const one = new SolcPool((v) => two.soljsonPath(v), { maxWorkers: 1 });
    pools.push(one);
    await one.compile(version, input(''));
    expect(one.loadedVersions()).toEqual([version]);
    await one.compile(STORAGE_VERSION, input(''));
    expect(one.loadedVersions()).toEqual([STORAGE_VERSION]);
  });
});
