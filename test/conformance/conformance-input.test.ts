import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConformanceInputError } from '../../main/conformance/conformance-input.ts';
import { findSpecFiles } from '../../main/conformance/mirror/spec-files.ts';
import { loadScenarios } from '../../main/conformance/status/scenario-files.ts';
import { loadCases } from '../../main/conformance/verify/verify-cases.ts';

// What each suite is given is checked before a case runs; what cannot run is a ConformanceInputError
// (the CLI's one line, exit 2), never Node's ENOENT or a run of no case.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mirrordesk-conformance-input-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const at = (name: string, text?: string): string => {
  const file = path.join(root, name);
  if (text === undefined) fs.mkdirSync(file, { recursive: true });
  else fs.writeFileSync(file, text);
  return file;
};

function refusal(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    expect(error).toBeInstanceOf(ConformanceInputError);
    return (error as Error).message;
  }
  throw new Error('nothing was refused');
}

describe('conformance input', () => {
  it('mirror: a missing folder, a file, a folder with no spec file', () => {
    const missing = path.join(root, 'missing');
    expect(refusal(() => findSpecFiles(missing, false))).toBe(`${missing} does not exist`);
    const file = at('spec.json', '{}');
    expect(refusal(() => findSpecFiles(file, false))).toBe(`${file} is a file: mirror takes a folder of spec files`);
    const nested = at('nested/deeper');
    fs.writeFileSync(path.join(nested, 'a.json'), '{}');
    expect(refusal(() => findSpecFiles(path.dirname(nested), true))).toBe(`no spec files (*.json) directly in ${path.dirname(nested)}`);
    expect(findSpecFiles(path.dirname(nested), false)).toEqual([path.join(nested, 'a.json')]);
  });

  it('status: a missing path, an empty file, a folder with no scenario, a scenario without steps', () => {
    expect(refusal(() => loadScenarios(path.join(root, 'gone.json')))).toBe(`${path.join(root, 'gone.json')} does not exist`);
    const blank = at('blank.json', '');
    expect(refusal(() => loadScenarios(blank))).toBe(`${blank} is not JSON (Unexpected end of JSON input)`);
    const none = at('no-scenarios');
    fs.writeFileSync(path.join(none, 'notes.txt'), '');
    expect(refusal(() => loadScenarios(none))).toBe(`no scenario files (*.json) in ${none}`);
    const nullScenario = at('null.json', 'null');
    expect(refusal(() => loadScenarios(nullScenario))).toBe(`${nullScenario}: no steps array`);
  });

  it('verify: a folder without cases.json, an empty file, a file with no cases', () => {
    const folder = at('cases-folder');
    expect(refusal(() => loadCases(folder))).toBe(`${folder} has no cases.json`);
    const blank = at('cases-blank.json', '');
    expect(refusal(() => loadCases(blank))).toBe(`${blank} is not JSON (Unexpected end of JSON input)`);
    const noCases = at('cases-none.json', '{"cases":[]}');
    expect(refusal(() => loadCases(noCases))).toBe(`${noCases} has no cases`);
    const notArray = at('cases-object.json', '{"cases":{}}');
    expect(refusal(() => loadCases(notArray))).toBe(`${notArray} has no "cases" array`);
  });
});
