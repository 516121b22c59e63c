import { describe, expect, it } from 'vitest';
import { formToSettings, sameSettings, settingsToForm } from '../../../renderer/src/lib/status-settings-form.ts';

describe('status settings form', () => {
  it('shows "all" (null) as every box checked and saves all-checked as null again', () => {
    const settings = { quiet: false, impacts: null, componentIds: null };
    const form = settingsToForm(settings, ['c1', 'c2']);
    expect(Object.values(form.impacts).every(Boolean)).toBe(true);
    expect(form.components).toEqual({ c1: true, c2: true });
    expect(formToSettings(form, settings)).toEqual(settings);
  });

  it('saves the checked impacts and components when some are off', () => {
    const settings = { quiet: false, impacts: null, componentIds: null };
    const form = settingsToForm(settings, ['c1', 'c2']);
    form.impacts.minor = false;
    form.components.c2 = false;
    form.quiet = true;
    expect(formToSettings(form, settings)).toEqual({ quiet: true, impacts: ['critical', 'major', 'none', 'maintenance'], componentIds: ['c1'] });
  });

  it('keeps component ids the page no longer lists instead of dropping them silently', () => {
    const settings = { quiet: false, impacts: ['major'], componentIds: ['gone', 'c1'] };
    const form = settingsToForm(settings, ['c1', 'c2']);
    expect(form.components).toEqual({ c1: true, c2: false });
    expect(form.impacts).toMatchObject({ major: true, minor: false });
    expect(formToSettings(form, settings)).toEqual({ quiet: false, impacts: ['major'], componentIds: ['c1', 'gone'] });
  });

  it('compares settings by meaning, not list order', () => {
    expect(sameSettings({ quiet: false, impacts: ['major', 'minor'], componentIds: null }, { quiet: false, impacts: ['minor', 'major'], componentIds: null })).toBe(true);
    expect(sameSettings({ quiet: false, impacts: null, componentIds: null }, { quiet: false, impacts: [], componentIds: null })).toBe(false);
    expect(sameSettings({ quiet: true, impacts: null, componentIds: ['a'] }, { quiet: true, impacts: null, componentIds: ['b'] })).toBe(false);
  });
});
