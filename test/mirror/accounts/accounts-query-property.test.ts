import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertAccounts, insertTokenAssociations } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';

// Random query strings against the real route over a real SQLite file: whatever a client
// sends, the answer is a 200 or a 400 that says what is wrong, never a 5xx.
const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, Array.from({ length: 60 }, (_, i) => ({ num: i + 1, balance: i * 1000, deleted: i % 17 === 0 })));
  insertTokenAssociations(fixture.store, 7, 9000, 55);
});

const names = fc.constantFrom('account.id', 'account.balance', 'account.publickey', 'balance', 'limit', 'order', 'ACCOUNT.ID', 'Limit', 'unknown', 'account.', '', 'timestamp');
const operators = fc.constantFrom('', 'eq:', 'ne:', 'lt:', 'lte:', 'gt:', 'gte:', 'like:', 'EQ:', ':');
const values = fc.oneof(
  fc.constantFrom('0.0.5', '5', '1.2.3', '0.0.274877906943', '1024.0.1', 'true', 'false', 'asc', 'desc', '100', '101', '0', '-1',
    '99999999999', '0x' + 'ab'.repeat(32), 'ab'.repeat(33), '%00', '%ZZ', '%E2%82%AC', ' ', '1e3', '0x'),
  fc.string({ maxLength: 24 }),
  fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }).map(String),
);
const pair = fc.tuple(names, operators, values).map(([name, op, value]) => `${name}=${op}${value}`);
const separators = fc.constantFrom('&', '&&', '&=&');
const queryString = fc.tuple(fc.array(pair, { maxLength: 8 }), separators).map(([pairs, sep]) => pairs.join(sep));

describe('GET /api/v1/accounts with random query strings', () => {
  it('answers 200 or 400, and every 400 carries the error body', async () => {
    await fc.assert(fc.asyncProperty(queryString, async (query) => {
      const url = `/api/v1/accounts?${encodeURI(query).replace(/%25/g, '%')}`;
      const response = await fixture.get(url);
      expect([200, 400]).toContain(response.statusCode);
      const body = JSON.parse(response.body);
      if (response.statusCode === 400) {
        expect(body._status.messages.length).toBeGreaterThan(0);
        for (const message of body._status.messages) expect(typeof message.message).toBe('string');
      } else {
        expect(Array.isArray(body.accounts)).toBe(true);
        expect(body.links).toHaveProperty('next');
      }
    }), { numRuns: 400 });
  });

  it('names every unknown or malformed parameter in the 400', async () => {
    await fc.assert(fc.asyncProperty(fc.stringMatching(/^[a-z]{3,10}$/).filter((n) => !['balance', 'limit', 'order'].includes(n)), async (name) => {
      const response = await fixture.get(`/api/v1/accounts?${name}=1`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(name);
    }), { numRuns: 50 });
  });
});
