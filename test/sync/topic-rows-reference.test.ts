import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLossless } from '../../main/mirror/format/json-out.ts';
import { topicMessageRowOf, topicRowsOf } from '../../main/sync/topic-rows.ts';
import { topicMessageUpserter, topicUpserter } from '../../main/sync/topic-writer.ts';
import { mirrorApiFixture } from '../helpers/mirror-api-fixture.ts';
import { canonicalJson, renderedItems } from '../helpers/reference-specs.ts';

// The topic messages the reference mirror node itself rendered in its spec cases (chunks with a
// recorded TransactionID, chunks with only a payer and valid start, old running hash versions),
// each stored the way the sync stores a followed message and rendered again locally.
const SPECS = path.resolve('../shared/conformance/mirror/specs/topics');

function referenceMessages(): Array<{ file: string; message: Record<string, unknown> }> {
  return renderedItems(SPECS, 'messages', 'sequence_number')
    // Messages rendered as UTF-8 text are not the stored bytes' base64: those answers are left out.
    .filter(({ urls }) => !urls.some((url) => /encoding=utf-?8/i.test(url)))
    .map(({ file, item }) => ({ file, message: item }));
}

const fixture = mirrorApiFixture(undefined, { hostCheck: false });

describe('topic messages the reference rendered', () => {
  it('are stored and rendered back field for field', async () => {
    const cases = referenceMessages();
    expect(cases.length).toBeGreaterThan(20);
    expect(cases.some(({ message }) => (message.chunk_info as { initial_transaction_id?: { nonce?: unknown } } | null)?.initial_transaction_id?.nonce === null)).toBe(true);
    const upsert = topicMessageUpserter(fixture.store.db);
    const differences: string[] = [];
    for (const { file, message } of cases) {
      fixture.store.db.transaction(() => upsert(topicMessageRowOf(message)))();
      const reply = await fixture.get(`/api/v1/topics/messages/${String(message.consensus_timestamp)}`);
      if (canonicalJson(parseJsonLossless(reply.body)) !== canonicalJson(message)) differences.push(`${file}: ${String(message.consensus_timestamp)}\n  ${canonicalJson(message)}\n  ${reply.body}`);
    }
    expect(differences).toEqual([]);
  });
});

describe('a topic as the sync stores it', () => {
  it('renders back its keys, fee schedule, fee-exempt keys and validity', async () => {
    // The fields interface A names for /topics/{id}, with every part filled in.
    const topic = {
      admin_key: { _type: 'ECDSA_SECP256K1', key: '02b5ffadf88d625cd9074fa01e5280b773a60ed2de55b0d6f94460c0b5a001a258' },
      auto_renew_account: '0.0.1002',
      auto_renew_period: 7776000,
      created_timestamp: '1700000000.000000001',
      custom_fees: {
        created_timestamp: '1700000100.000000002',
        fixed_fees: [
          { amount: 100, collector_account_id: '0.0.1003', denominating_token_id: null },
          { amount: 5, collector_account_id: '0.0.1004', denominating_token_id: '0.0.2001' },
        ],
      },
      deleted: false,
      fee_exempt_key_list: [
        { _type: 'ED25519', key: '7a3c5477bdf4a63742647d7cfc4544acc1899d07141caf4cd9fea2f75b28a5cc' },
        { _type: 'ProtobufEncoded', key: '2a06080112020a00' },
      ],
      fee_schedule_key: { _type: 'ED25519', key: '0f48881a39c0618ff44d0e0afeccba711a9ace6b187adb2f5f17c9e61d1500d9' },
      memo: 'audit log',
      submit_key: null,
      timestamp: { from: '1700000100.000000002', to: null },
      topic_id: '0.0.3001',
    };
    const upsert = topicUpserter(fixture.store.db);
    fixture.store.db.transaction(() => upsert(topicRowsOf(topic)))();
    const reply = await fixture.get('/api/v1/topics/0.0.3001');
    expect(reply.statusCode).toBe(200);
    expect(canonicalJson(parseJsonLossless(reply.body))).toBe(canonicalJson(topic));

    // Deleted, its fee schedule gone (the reference's placeholder, in force since 0): stored again over the same rows.
    const deleted = { ...topic, deleted: true, custom_fees: { created_timestamp: '0.000000000', fixed_fees: [] }, fee_exempt_key_list: [], timestamp: { from: '1700000200.000000000', to: null } };
    fixture.store.db.transaction(() => upsert(topicRowsOf(deleted)))();
    expect(canonicalJson(parseJsonLossless((await fixture.get('/api/v1/topics/0.0.3001')).body))).toBe(canonicalJson(deleted));
  });
});
