import { describe, expect, it } from 'vitest';
import { describeUpstreamCheck, emptyProfileForm, mirrorUrlProblem, needsSaveAnyway, problemsAfterEdit, profileDetail, profileFormOf, profileInputOf, savedWithoutAnswerNote, withoutApiPath } from '../../../renderer/src/lib/profile-form.ts';

describe('profile form', () => {
  it('turns typed fields into a request and back', () => {
    expect(profileInputOf({ ...emptyProfileForm(), name: ' solo ', mirrorUrl: 'http://localhost:5551 ', chainId: '298' })).toEqual({
      ok: true, value: { name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298 },
    });
    expect(profileInputOf({ ...emptyProfileForm(), name: 'x', mirrorUrl: 'http://a', chainId: '29x' })).toEqual({ ok: false, problems: [{ field: 'chainId', text: 'The chain id must be a whole number, e.g. 298.' }] });
    const summary = { name: 'solo', kind: 'saved' as const, source: 'upstream' as const, mirrorUrl: 'http://localhost:5551', statusUrl: null, chainId: 298 };
    expect(profileFormOf(summary)).toEqual({ name: 'solo', mirrorUrl: 'http://localhost:5551', statusUrl: '', chainId: '298', previousName: 'solo' });
    expect(profileInputOf(profileFormOf(summary))).toMatchObject({ ok: true, value: { previousName: 'solo' } });
    expect(profileDetail(summary)).toBe('localhost:5551 · chain 298');
  });

  it('says what a checked mirror URL is, and whether a profile with it will sync', () => {
    expect(describeUpstreamCheck({ kind: 'mirror', newestTransaction: '1791999967.331733481' })).toEqual({ ok: true, kind: 'mirror', text: 'A mirror node; its newest transaction is of 2026-10-14 17:46:07 UTC.' });
    expect(describeUpstreamCheck({ kind: 'mirror', newestTransaction: null })).toEqual({ ok: true, kind: 'mirror', text: 'A mirror node, with no transactions yet.' });
    for (const kind of ['failing', 'not-mirror'] as const) {
      expect(describeUpstreamCheck({ kind, message: `said by main (${kind})` })).toEqual({ ok: false, kind, text: `said by main (${kind})` });
    }
    expect(describeUpstreamCheck({ kind: 'unreachable', message: 'said by main', reason: 'ECONNREFUSED' })).toEqual({ ok: false, kind: 'unreachable', text: 'said by main' });
  });

  it('says, once saved, that a mirror URL did not answer and why; nothing of one that answered', () => {
    expect(savedWithoutAnswerNote({ kind: 'unreachable', message: 'No answer within 5 s from http://h:1', reason: 'no answer within 5 s' }, 'http://h:1'))
      .toBe('Saved; http://h:1 did not answer (no answer within 5 s).');
    expect(savedWithoutAnswerNote({ kind: 'mirror', newestTransaction: null }, 'http://h:1')).toBeNull();
    expect(savedWithoutAnswerNote({ kind: 'failing', message: 'HTTP 500' }, 'http://h:1')).toBeNull();
  });
});

describe('name and chain id, told before the mirror URL is asked', () => {
  const form = (name: string, chainId = '') => profileInputOf({ ...emptyProfileForm(), name, mirrorUrl: 'http://a', chainId });
  const badName = 'The name must start with a lower-case letter and hold only a-z, 0-9 and "-" (at most 32 characters), e.g. local-node.';

  it('refuses the names main refuses, in words of what to type, tied to the Name field', () => {
    for (const name of ['Solo', '../escape', '1st', 'local node', `${'a'.repeat(32)}!`]) {
      expect(form(name), name).toEqual({ ok: false, problems: [{ field: 'name', text: badName }] });
    }
    expect(form('   ')).toEqual({ ok: false, problems: [{ field: 'name', text: 'Give the profile a name, e.g. local-node.' }] });
  });

  it('says a name is too long, counting what is kept: spaces pasted around it are not', () => {
    // The field does not cut what is pasted: 33 characters would have lost its last one unsaid.
    expect(form(` ${'a'.repeat(32)} `)).toMatchObject({ ok: true, value: { name: 'a'.repeat(32) } });
    expect(form(` ${'a'.repeat(33)}`)).toEqual({ ok: false, problems: [{ field: 'name', text: 'The name has 33 characters; it may have at most 32, e.g. local-node.' }] });
  });

  it("refuses a built-in profile's name and `custom`, as main does", () => {
    for (const name of ['demo', 'mainnet', 'testnet', 'previewnet']) {
      expect(form(name), name).toEqual({ ok: false, problems: [{ field: 'name', text: `"${name}" is a built-in profile name; choose another, e.g. local-node.` }] });
    }
    expect(form('custom')).toEqual({ ok: false, problems: [{ field: 'name', text: '"custom" is reserved for the profile given with --upstream-mirror; choose another, e.g. local-node.' }] });
    expect(form('mainnet-fork')).toMatchObject({ ok: true });
  });

  it('refuses a chain id out of the range main takes', () => {
    expect(form('solo', '0')).toEqual({ ok: false, problems: [{ field: 'chainId', text: 'The chain id must be from 1 to 4294967295, e.g. 298.' }] });
    expect(form('solo', '4294967296')).toMatchObject({ ok: false, problems: [{ field: 'chainId' }] });
    expect(form('solo', '1.5')).toEqual({ ok: false, problems: [{ field: 'chainId', text: 'The chain id must be a whole number, e.g. 298.' }] });
    expect(form('solo', '4294967295')).toMatchObject({ ok: true, value: { chainId: 4294967295 } });
  });

  it('names each problem of the form at once', () => {
    expect(profileInputOf({ ...emptyProfileForm(), name: 'Bad Name', mirrorUrl: 'localhost:1', chainId: '0' })).toMatchObject({ ok: false, problems: [{ field: 'name' }, { field: 'mirrorUrl' }, { field: 'chainId' }] });
  });
});

describe('problems once a field is edited', () => {
  const problems = profileInputOf({ ...emptyProfileForm(), name: 'x', mirrorUrl: 'localhost:5551', statusUrl: 'status.example.com', chainId: 'abc' });
  const said = problems.ok ? [] : problems.problems;

  it('drops those about the edited field and keeps the others', () => {
    expect(said.map((problem) => problem.field)).toEqual(['mirrorUrl', 'statusUrl', 'chainId']);
    expect(problemsAfterEdit(said, 'chainId').map((problem) => problem.field)).toEqual(['mirrorUrl', 'statusUrl']);
    expect(problemsAfterEdit(said, 'mirrorUrl').map((problem) => problem.field)).toEqual(['statusUrl', 'chainId']);
    expect(problemsAfterEdit(said, 'name')).toEqual(said);
  });

  it("drops main's refusal of the request as sent, whichever field is edited", () => {
    const refused = [{ field: null, text: 'a profile named "x" already exists' }, ...said];
    expect(problemsAfterEdit(refused, 'name')).toEqual(said);
    expect(problemsAfterEdit(refused, 'statusUrl').map((problem) => problem.field)).toEqual(['mirrorUrl', 'chainId']);
  });
});

describe('the mirror URL as typed', () => {
  it('says to start the address with its scheme when it has none, once per field', () => {
    const form = (mirrorUrl: string, statusUrl = '') => profileInputOf({ ...emptyProfileForm(), name: 'x', mirrorUrl, statusUrl });
    const missing = "Start the mirror node's address with http:// or https://, e.g. http://127.0.0.1:5551";
    expect(mirrorUrlProblem('127.0.0.1:48921')).toBe(missing);
    expect(mirrorUrlProblem('localhost:48921')).toBe(missing);
    expect(mirrorUrlProblem('ftp://nowhere')).toBe(missing);
    expect(mirrorUrlProblem(' https://m.example ')).toBeNull();
    expect(form('localhost:48921')).toEqual({ ok: false, problems: [{ field: 'mirrorUrl', text: missing }] });
    // Each field's own example: a status page is no mirror node's port.
    expect(form('http://a', 'status.example.com')).toEqual({ ok: false, problems: [{ field: 'statusUrl', text: "Start the status page's address with http:// or https://, e.g. https://status.hedera.com" }] });
  });

  it('refuses, at its field, a URL main would not save: credentials, a query, a fragment', () => {
    const form = (mirrorUrl: string, statusUrl = '') => profileInputOf({ ...emptyProfileForm(), name: 'x', mirrorUrl, statusUrl });
    expect(mirrorUrlProblem('http://user:secret@m.example')).toBe("The mirror node's address must not carry a user name or password.");
    expect(mirrorUrlProblem('http://m.example/?x=1')).toBe('The mirror node\'s address must be a base URL without "?" or "#".');
    expect(form('http://a', 'https://user@status.example.com')).toEqual({ ok: false, problems: [{ field: 'statusUrl', text: "The status page's address must not carry a user name or password." }] });
    for (const statusUrl of ['https://status.example.com?page=1', 'https://status.example.com/#top']) {
      expect(form('http://a', statusUrl), statusUrl).toEqual({ ok: false, problems: [{ field: 'statusUrl', text: 'The status page\'s address must be a base URL without "?" or "#".' }] });
    }
    expect(form('http://a/', 'https://status.example.com/')).toMatchObject({ ok: true });
  });

  it('offers the base URL for one typed with the API path on it', () => {
    expect(withoutApiPath('http://127.0.0.1:5551/api/v1')).toBe('http://127.0.0.1:5551');
    expect(withoutApiPath('https://m.example/mirror/api/v1/ ')).toBe('https://m.example/mirror');
    expect(withoutApiPath('http://127.0.0.1:5551/api')).toBe('http://127.0.0.1:5551');
    expect(withoutApiPath('http://127.0.0.1:5551')).toBeNull();
    expect(withoutApiPath('http://h/apix/v1')).toBeNull();
  });

  it('asks for Save anyway for something else, and for the API path whatever it answered but a mirror', () => {
    expect(needsSaveAnyway({ kind: 'not-mirror' }, 'http://h')).toBe(true);
    expect(needsSaveAnyway({ kind: 'failing' }, 'http://h/api/v1')).toBe(true);
    expect(needsSaveAnyway({ kind: 'unreachable' }, 'http://h/api/v1')).toBe(true);
    expect(needsSaveAnyway({ kind: 'failing' }, 'http://h')).toBe(false);
    expect(needsSaveAnyway({ kind: 'unreachable' }, 'http://h')).toBe(false);
    expect(needsSaveAnyway({ kind: 'mirror' }, 'http://h')).toBe(false);
  });
});
