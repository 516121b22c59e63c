import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { _electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { locateElectronBinary } from '../../main/desktop/electron-binary.ts';

// The desktop window itself. Needs the Electron binary, which the `electron` package downloads on
// first use; where that cannot happen (offline machines, CI here) every test here reports itself
// as skipped with the reason. Everything else in the shell is covered by test/desktop without it.
const ROOT = path.resolve(import.meta.dirname, '../..');
const electron = locateElectronBinary(ROOT);

test.describe('the Electron window', () => {
  test.skip(!electron.ok, `the Electron binary is not available here (${electron.ok ? '' : electron.reason})`);
  test.describe.configure({ mode: 'serial' });

  let app: ElectronApplication;
  let page: Page;
  let userData: string;

  test.beforeAll(async () => {
    const build = spawnSync(process.execPath, ['main/cli/build-electron.ts'], { cwd: ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(fs.existsSync(path.join(ROOT, 'dist/renderer/index.html')), 'run npm run build:renderer first').toBe(true);
    // A fresh profile per run: no leftover window state, database or single-instance lock.
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-electron-'));
    app = await _electron.launch({
      executablePath: electron.ok ? electron.path : '',
      args: [ROOT, '--user-data-dir', userData, '--mirror-port', '0', '--status-port', '0', '--verify-port', '0', '--demo-accounts', '300'],
      cwd: ROOT,
    });
    page = await app.firstWindow();
    // The app's own readiness signal: the demo profile reports `ready` over the typed API.
    await expect.poll(() => page.evaluate(async () => {
      const result = await (window as unknown as { mirrordesk: { network: { status(): Promise<{ ok: boolean; value?: { state: string } }> } } }).mirrordesk.network.status();
      return result.ok ? result.value!.state : 'error';
    }), { timeout: 60_000 }).toBe('ready');
  });

  test.afterAll(async () => {
    await app?.close();
    if (userData) fs.rmSync(userData, { recursive: true, force: true });
  });

  test('loads the renderer from app:// with the typed API and no Node', async () => {
    expect(page.url()).toMatch(/^app:\/\/mirrordesk\//);
    const globals = await page.evaluate(() => ({
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      api: Object.keys((window as unknown as { mirrordesk: object }).mirrordesk).sort(),
    }));
    // Exactly which keys: test/desktop/preload.test.ts; here, that the real preload carries the areas.
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', api: expect.arrayContaining(['accounts', 'app', 'network', 'on', 'status']) });
  });

  test('answers app/info as the desktop shell and lists accounts over IPC', async () => {
    const { info, accounts } = await page.evaluate(async () => {
      const api = (window as unknown as { mirrordesk: { app: { info(): Promise<unknown> }; accounts: { list(r: { query: string }): Promise<unknown> } } }).mirrordesk;
      return { info: await api.app.info(), accounts: await api.accounts.list({ query: 'limit=2' }) };
    });
    expect(info).toMatchObject({ ok: true, value: { shell: 'desktop', services: { mirror: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) } } });
    expect(accounts).toMatchObject({ ok: true, value: { accounts: [expect.anything(), expect.anything()] } });
  });

  test('reads the demo network status over IPC and follows app/navigate to the Status screen', async () => {
    const snapshot = await page.evaluate(async () => {
      const api = (window as unknown as { mirrordesk: { status: { snapshot(): Promise<{ ok: boolean; value?: { source: { demo: boolean }; upcoming: unknown[] } }> } } }).mirrordesk;
      return api.status.snapshot();
    });
    expect(snapshot).toMatchObject({ ok: true, value: { source: { demo: true } } });
    await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.send('event:app/navigate', { hash: '#/status' }));
    await expect(page.getByTestId('status-overall')).toBeVisible();
  });

  test("copies to the system clipboard: the session grants clipboard writes to the app's pages", async () => {
    await page.evaluate(() => { window.location.hash = '#/account?id=0.0.2'; });
    await page.getByRole('button', { name: 'Copy account id', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'account id copied' })).toHaveCount(1);
    expect(await app.evaluate(({ clipboard }) => clipboard.readText())).toBe('0.0.2');
  });

  test('opens no new windows and stays on app://', async () => {
    const opened = await page.evaluate(() => window.open('https://example.com/') === null);
    expect(opened).toBe(true);
    await page.evaluate(() => { window.location.href = 'http://example.com/'; });
    await expect.poll(() => page.url()).toMatch(/^app:\/\/mirrordesk\//);
    expect(app.windows()).toHaveLength(1);
  });

  test('sends the CSP with the page', async () => {
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).toContain("default-src 'self'");
  });
});
