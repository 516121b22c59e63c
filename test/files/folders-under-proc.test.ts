import { describe, expect, it } from 'vitest';
import { projectModule, runScript } from '../helpers/run-script.ts';

// Node's recursive mkdir never returns under /proc (procfs answers ENOENT, Node retries for good at
// full CPU). Every place that creates a folder someone named goes through makeFolder and returns
// the system's refusal instead. Each runs in a child killed at a time-out: a hang would hold the
// test worker forever.
describe.runIf(process.platform === 'linux')('creating folders under /proc', () => {
  const refusal = (call: string, imports: string): string => {
    const run = runScript(`${imports}
      try { await ${call}; console.log('made'); } catch (error) { console.log(error.code, error.path); }`);
    expect(run.status, `${call} did not return: ${run.stderr}`).toBe(0);
    return run.stdout;
  };

  it('makeFolder', () => {
    expect(refusal(`makeFolder('/proc/mirrordesk-x/sub')`, `import { makeFolder } from ${projectModule('main/files/make-folder.ts')};`)).toBe('ENOENT /proc/mirrordesk-x\n');
  });

  it('writeJsonFile', () => {
    expect(refusal(`writeJsonFile('/proc/mirrordesk-x/list.json', {})`, `import { writeJsonFile } from ${projectModule('main/files/write-json-file.ts')};`)).toBe('ENOENT /proc/mirrordesk-x\n');
  });

  it('a compilers folder adding a compiler', () => {
    expect(refusal(`new CompilerFolder('/proc/mirrordesk-x').add(Buffer.from(''))`, `import { CompilerFolder } from ${projectModule('main/verify/compilers/compiler-folder.ts')};`)).toBe('ENOENT /proc/mirrordesk-x\n');
  });
});
