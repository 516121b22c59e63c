import { describe, expect, it } from 'vitest';
import { SlashShortcutSetting, type PreferenceStorage } from '../../../renderer/src/lib/slash-shortcut.ts';

function memoryStorage(): PreferenceStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => { items.set(key, value); } };
}

describe('SlashShortcutSetting', () => {
  it('is on until turned off, and a setting made over the same storage (a later window) starts as it was left', () => {
    const storage = memoryStorage();
    const first = new SlashShortcutSetting(storage);
    expect(first.on).toBe(true);
    first.set(false);
    expect(first.on).toBe(false);
    expect(new SlashShortcutSetting(storage).on).toBe(false);
    first.set(true);
    expect(new SlashShortcutSetting(storage).on).toBe(true);
  });

  it('tells its subscribers at once, then of each change', () => {
    const setting = new SlashShortcutSetting(memoryStorage());
    const seen: boolean[] = [];
    const stop = setting.subscribe((on) => seen.push(on));
    setting.set(false);
    stop();
    setting.set(true);
    expect(seen).toEqual([true, false]);
  });

  it('holds a choice for the window when the storage refuses it, and reads as on when the storage cannot be read', () => {
    const refusing: PreferenceStorage = {
      getItem: () => { throw new Error('SecurityError'); },
      setItem: () => { throw new Error('QuotaExceededError'); },
    };
    const setting = new SlashShortcutSetting(refusing);
    expect(setting.on).toBe(true);
    setting.set(false);
    expect(setting.on).toBe(false);
    expect(new SlashShortcutSetting(null).on).toBe(true);
  });
});
