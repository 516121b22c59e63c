import { describe, expect, it } from 'vitest';
import { createDispatcher, type ApiHandlers } from '../../main/bridge/dispatch.ts';

// A call that fails because the file system refused a write (a full disk, a read-only disk, no
// permission) says which file and what to do, instead of "failed unexpectedly"; a bug still reads as one.

/** An error as Node's fs throws it: code, errno, the system call and (when the call had one) the path. */
function systemError(code: string, syscall: string, file?: string): Error {
  return Object.assign(new Error(`${code}: ${syscall}${file ? ` '${file}'` : ''}`), { code, errno: -1, syscall, ...(file ? { path: file } : {}) });
}

function dispatcherThrowing(error: unknown) {
  const logged: string[] = [];
  // Only app/info is called here.
  const handlers = { 'app/info': () => { throw error; } } as unknown as ApiHandlers;
  return { dispatch: createDispatcher(handlers, (line) => void logged.push(line)), logged };
}

async function messageOf(error: unknown): Promise<string> {
  const { dispatch, logged } = dispatcherThrowing(error);
  const result = await dispatch('app/info', null);
  if (result.ok) throw new Error('the call succeeded');
  expect(result.error.code).toBe('internal');
  // The log keeps the whole error either way.
  expect(logged[0]).toContain(error instanceof Error ? error.message : String(error));
  return result.error.message;
}

describe('the dispatcher on a write the file system refused', () => {
  it('names the file and the full disk', async () => {
    expect(await messageOf(systemError('ENOSPC', 'open', '/data/verify/upload.zip')))
      .toBe('Could not finish: /data/verify/upload.zip could not be opened (no space left on the disk); free some space on that disk, then try again.');
  });

  it('says a write without a file name failed for a full quota', async () => {
    expect(await messageOf(systemError('EDQUOT', 'write')))
      .toBe('Could not finish: a file could not be written (the disk quota is used up); free some space on that disk, then try again.');
  });

  it('says what to do on a read-only disk and without permission', async () => {
    expect(await messageOf(systemError('EROFS', 'mkdir', '/media/cd/profiles')))
      .toBe('Could not finish: /media/cd/profiles could not be created (read-only file system); start Mirrordesk with a data folder on a writable disk (--data-dir DIR).');
    expect(await messageOf(Object.assign(systemError('EACCES', 'rename', '/data/a.sqlite'), { dest: '/data/b.sqlite' })))
      .toBe('Could not finish: /data/a.sqlite could not be moved to /data/b.sqlite (permission denied); check who owns that folder and that you may write in it.');
  });

  it('keeps calling a bug a bug: an error of our own carrying such a code, or any other error', async () => {
    expect(await messageOf(Object.assign(new Error('made up'), { code: 'ENOSPC' }))).toBe('app/info failed unexpectedly; see the application log');
    expect(await messageOf(systemError('ENOENT', 'open', '/data/missing'))).toBe('app/info failed unexpectedly; see the application log');
    expect(await messageOf(new TypeError('undefined is not a function'))).toBe('app/info failed unexpectedly; see the application log');
    // A refusal of a call that writes no file (a socket, a signal) is no file that could not be written.
    expect(await messageOf(systemError('EACCES', 'connect'))).toBe('app/info failed unexpectedly; see the application log');
    expect(await messageOf(systemError('EPERM', 'kill'))).toBe('app/info failed unexpectedly; see the application log');
  });
});
