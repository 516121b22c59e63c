import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../../renderer/src/lib/hash-route.ts';
import { entityShortcut } from '../../../renderer/src/lib/transaction-entity.ts';

describe('entityShortcut', () => {
  it("leads a HOOKSTORE to its owner's Hooks tab", () => {
    const shortcut = entityShortcut({ name: 'HOOKSTORE', entity_id: '0.0.2973' });
    expect(shortcut?.href).toBe('#/account?id=0.0.2973&tab=hooks');
    expect(shortcut?.label).toBe('its hooks');
  });

  it("leads a registered node's transactions, which name no entity, to the Network screen", () => {
    for (const name of ['REGISTEREDNODECREATE', 'REGISTEREDNODEUPDATE', 'REGISTEREDNODEDELETE']) {
      const shortcut = entityShortcut({ name, entity_id: null });
      expect(parseRoute(shortcut!.href, 'accounts')).toEqual({ screen: 'network', query: '' });
    }
  });

  it('offers nothing for other transactions, or a HOOKSTORE without an entity', () => {
    expect(entityShortcut({ name: 'CRYPTOTRANSFER', entity_id: '0.0.5' })).toBeNull();
    expect(entityShortcut({ name: 'NODECREATE', entity_id: null })).toBeNull();
    expect(entityShortcut({ name: 'HOOKSTORE', entity_id: null })).toBeNull();
  });
});
