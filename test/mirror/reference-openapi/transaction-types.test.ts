import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPE_NAMES, transactionTypeId, transactionTypeName } from '../../../main/mirror/format/transaction-type.ts';
import { ReferenceDocument } from './reference-document.ts';

// The type names the API renders and takes in `transactiontype` are the reference document's own
// enumeration, neither more nor fewer: a tool that filters by a name the reference knows gets the
// same transactions here, and no answer carries a name the reference would not.
describe("transaction type names against the reference's OpenAPI document", () => {
  const reference = new ReferenceDocument();
  const names = reference.enumOf('TransactionTypes');

  it('are exactly its TransactionTypes enumeration', () => {
    expect(names.length).toBeGreaterThan(50);
    expect([...TRANSACTION_TYPE_NAMES].sort()).toEqual([...names].sort());
  });

  it('each map to an id that renders back as the same name, in any case', () => {
    for (const name of names) {
      const id = transactionTypeId(name.toLowerCase());
      expect(id, name).not.toBeNull();
      expect(transactionTypeName(id!)).toBe(name);
    }
    expect(transactionTypeId('LAMBDASSTORE')).toBeNull();
    expect(transactionTypeName(76)).toBe('UNKNOWN');
  });
});
