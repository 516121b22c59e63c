import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { damagedMarkerFile } from '../../main/mirror/store/open-or-set-aside.ts';
import { overwriteTablePages } from '../helpers/overwrite-table-pages.ts';
import { damageOpenStatusStore, setAsideStatusFiles } from './damaged-status-file.ts';
import { firePoll, handTimers } from './hand-timers.ts';
import { feeds, incident, pollAfter, startHarness, type StatusHarness } from './status-fixture.ts';

// A status store damaged past its header (pages overwritten, as a disk fault leaves them) is moved
// aside, kept, and a new one started, whether opening or a query in use finds it; the app goes on,
// says so naming the file, keeps the user's notification settings, and the new file's first poll
// notifies nothing already open (news since the old file's last good poll is not notified: see README).

const MALFORMED = 'database disk image is malformed';
const QUIET_SETTINGS = { quiet: true, impacts: ['critical'], componentIds: null };
const kinds = (harness: StatusHarness) => harness.notifications.map((n) => `${n.kind} ${n.id}`);

describe('a damaged status store', () => {
  let harness: StatusHarness;
  let logged: string[];
  beforeEach(() => {
    logged = [];
  });
  afterEach(async () => harness.close());

  /** A store that has notified of `a` and `b` (both still open), with the settings changed. */
  async function storeThatNotified(more: Parameters<typeof startHarness>[0] = {}): Promise<void> {
    harness = await startHarness({ log: (line) => void logged.push(line), ...more });
    harness.upstream.serve(feeds([incident('a', ['investigating'])]));
    expect((await harness.service.poller.pollNow()).outcome).toBe('ok');
    harness.upstream.serve(feeds([incident('a', ['investigating']), incident('b', ['investigating'])]));
    expect((await pollAfter(harness)).outcome).toBe('ok');
    expect(kinds(harness)).toEqual(['incident.new b']);
    harness.service.setSettings(QUIET_SETTINGS);
    harness.notifications.length = 0;
  }

  /** After the rebuild: the next good poll is silent for what is open, and a new incident still notifies. */
  async function notifiesOnlyWhatIsNew(): Promise<void> {
    expect((await pollAfter(harness)).outcome).toBe('ok');
    expect(kinds(harness)).toEqual([]);
    expect(harness.service.snapshot().unresolved.map((i) => i.id)).toEqual(['b', 'a']);
    harness.upstream.serve(feeds([incident('a', ['investigating']), incident('b', ['investigating']), incident('c', ['investigating'])]));
    expect((await pollAfter(harness)).outcome).toBe('ok');
    expect(kinds(harness)).toEqual(['incident.new c']);
  }

  const rebuiltNote = (aside: string) =>
    expect.stringMatching(new RegExp(`^The status cache was damaged \\(${MALFORMED}.*\\) and is rebuilt from the status page: the damaged file was moved to ${aside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.`));

  describe.each(['status_meta', 'status_record', 'status_feed', 'status_seen', 'status_notification'])('found at opening (%s overwritten)', (table) => {
    it('is moved aside, named in the log, and a new one started that the next poll fills', async () => {
      await storeThatNotified();
      await harness.service.close();
      overwriteTablePages(harness.file, table);

      const service = harness.reopen();
      const [aside] = setAsideStatusFiles(harness.file);
      expect(aside).toBeDefined();
      expect(fs.existsSync(harness.file)).toBe(true);
      expect(logged).toContainEqual(`${harness.file} could not be read as a database (${MALFORMED}); moved to ${aside}, starting a new one`);
      const snapshot = service.snapshot();
      expect(snapshot.poll).toMatchObject({ lastSuccessAt: null, cacheNote: rebuiltNote(aside!) });
      expect(snapshot.page).toBeNull();
      // The settings are carried over from the damaged file where it still gives them.
      expect(service.getSettings()).toEqual(table === 'status_meta' ? { quiet: false, impacts: null, componentIds: null } : QUIET_SETTINGS);
      await notifiesOnlyWhatIsNew();
    });
  });

  it('found by a read in use (the Status screen\'s snapshot) is moved aside at once and rebuilt by the next poll', async () => {
    await storeThatNotified();
    damageOpenStatusStore(harness.service.store, 'status_record');

    const snapshot = harness.service.snapshot();
    const [aside] = setAsideStatusFiles(harness.file);
    expect(aside).toBeDefined();
    expect(snapshot.poll).toMatchObject({ lastSuccessAt: null, lastError: null, cacheNote: rebuiltNote(aside!) });
    expect([snapshot.page, snapshot.unresolved]).toEqual([null, []]);
    expect(logged).toContainEqual(`${harness.file} was found damaged while in use (${MALFORMED}); moved to ${aside}, starting a new one`);
    // The note that marked it moved with it; the new file has none.
    expect([fs.existsSync(damagedMarkerFile(aside!)), fs.existsSync(damagedMarkerFile(harness.file))]).toEqual([true, false]);
    expect(harness.service.getSettings()).toEqual(QUIET_SETTINGS);
    await notifiesOnlyWhatIsNew();
    // A new start opens the new file as it is.
    await harness.service.close();
    harness.reopen();
    expect(setAsideStatusFiles(harness.file)).toEqual([aside]);
    expect(harness.service.snapshot().poll.cacheNote).toBeNull();
  });

  it('found by a poll fails that poll as the cache\'s, not the status page\'s, and polls again as soon as allowed', async () => {
    const clock = handTimers();
    await storeThatNotified({ timers: clock.timers });
    const poller = harness.service.poller;
    poller.start();
    await firePoll(clock, poller);
    harness.clock.advance(60_000);
    damageOpenStatusStore(harness.service.store, 'status_feed');

    await firePoll(clock, poller);
    const [aside] = setAsideStatusFiles(harness.file);
    expect(poller.state()).toMatchObject({ lastError: null, consecutiveFailures: 0, lastSuccessAt: null, cacheNote: rebuiltNote(aside!) });
    expect(clock.delays()).toEqual([10_000]);
    harness.clock.advance(10_000);
    await firePoll(clock, poller);
    expect(poller.state()).toMatchObject({ lastSuccessAt: harness.clock.now.toISOString(), cacheNote: rebuiltNote(aside!) });
    expect(clock.delays()).toEqual([60_000]);
    expect(kinds(harness)).toEqual([]);
    poller.stop();
  });

  it('found by the status API answers 503 and is rebuilt, so that the next poll serves again', async () => {
    await storeThatNotified();
    damageOpenStatusStore(harness.service.store, 'status_record');
    expect((await harness.get('/api/v2/incidents.json')).status).toBe(503);
    expect(setAsideStatusFiles(harness.file)).toHaveLength(1);
    expect(await harness.get('/api/v2/incidents.json')).toMatchObject({ status: 503, json: { error: expect.stringContaining('no poll of the status page has succeeded') } });
    await notifiesOnlyWhatIsNew();
    expect((await harness.get('/api/v2/incidents/unresolved.json')).status).toBe(200);
  });

  it('rebuilt during a poll, has that poll write nothing (its 304s were answers to the old file) and the next one fill the new file', async () => {
    let hold: Promise<void> | null = null;
    const held: typeof fetch = async (input, init) => {
      await hold;
      return fetch(input, init);
    };
    await storeThatNotified({ fetch: held });
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    harness.clock.advance(60_000);
    const polling = harness.service.poller.pollNow();
    damageOpenStatusStore(harness.service.store, 'status_record');
    harness.service.snapshot();
    hold = null;
    release();
    expect(await polling).toMatchObject({ outcome: 'failed', local: true, error: expect.stringContaining('The status cache was damaged') });
    expect(harness.service.snapshot().unresolved).toEqual([]);
    expect(await pollAfter(harness, 10_000)).toMatchObject({ outcome: 'ok', changed: true, notifications: [] });
    expect(harness.service.snapshot().unresolved.map((i) => i.id)).toEqual(['b', 'a']);
  });

  it('found damaged again after a rebuild in the same run goes on in memory, and is moved aside at the next start', async () => {
    await storeThatNotified();
    damageOpenStatusStore(harness.service.store, 'status_record');
    harness.service.snapshot();
    expect((await pollAfter(harness)).outcome).toBe('ok');
    damageOpenStatusStore(harness.service.store, 'status_record');

    const snapshot = harness.service.snapshot();
    expect(snapshot.poll.cacheNote).toBe(`The status cache ${harness.file} is damaged (${MALFORMED}) and could not be replaced by a new file (it was found damaged again after a rebuild in this run: the disk may be failing), so the status is kept in memory until Mirrordesk quits. It is moved aside when Mirrordesk next starts.`);
    expect(fs.existsSync(damagedMarkerFile(harness.file))).toBe(true);
    expect(setAsideStatusFiles(harness.file)).toHaveLength(1);
    // In memory, the status goes on: the next poll is silent for what is open, and settings stay.
    await notifiesOnlyWhatIsNew();
    expect(harness.service.getSettings()).toEqual(QUIET_SETTINGS);

    await harness.service.close();
    harness.reopen();
    expect(setAsideStatusFiles(harness.file)).toHaveLength(2);
    expect(harness.service.snapshot().poll.cacheNote).toEqual(expect.stringContaining('The status cache was damaged'));
  });
});
