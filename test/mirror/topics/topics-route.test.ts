import { describe, expect, it } from 'vitest';
import { defaultMirrorApiConfig } from '../../../main/mirror/config.ts';
import { ed25519KeyBytes } from '../../../main/mirror/format/key.ts';
import { parseQueryString } from '../../../main/mirror/http/query-string.ts';
import { parseTopicMessagesParams } from '../../../main/mirror/topics/topic-messages-params.ts';
import { topicMessagesSql } from '../../../main/mirror/topics/topic-messages-sql.ts';
import { insertAccounts } from '../../helpers/ledger-fixture.ts';
import { mirrorApiFixture } from '../../helpers/mirror-api-fixture.ts';
import { explainPlan } from '../../helpers/query-plan.ts';

// Topic metadata and messages over a real SQLite file.
const T0 = 1_700_000_000_000_000_000n;
const SUBMIT_KEY = 'cd'.repeat(32);

const fixture = mirrorApiFixture(() => {
  insertAccounts(fixture.store, [{ num: 7, type: 'TOKEN', memo: 'topic memo' }]);
  fixture.store.db.prepare("UPDATE entity SET type = 'TOPIC' WHERE id = 7").run();
  fixture.store.db.prepare('INSERT INTO topic (id, submit_key, created_timestamp, timestamp_range_lower) VALUES (7, ?, 5, 5)')
    .run(ed25519KeyBytes(Buffer.from(SUBMIT_KEY, 'hex')));
  const insert = fixture.store.db.prepare(`INSERT INTO topic_message (consensus_timestamp, message, running_hash, running_hash_version,
      sequence_number, topic_id, payer_account_id, chunk_num, chunk_total, valid_start_timestamp) VALUES (?, ?, ?, 3, ?, ?, 1001, ?, ?, ?)`);
  fixture.store.db.transaction(() => {
    for (let i = 1; i <= 300; i++) insert.run(T0 + BigInt(i), Buffer.from(`hello ${i}`), Buffer.from('hash'), i, 7, i === 2 ? 1 : null, i === 2 ? 2 : null, i === 2 ? T0 : null);
    for (let i = 1; i <= 50; i++) insert.run(T0 + 1000n + BigInt(i), Buffer.from('other'), Buffer.from('hash'), i, 8, null, null, null);
  })();
  fixture.store.analyze();
});

const get = async (url: string) => {
  const response = await fixture.get(url);
  return { response, body: JSON.parse(response.body) };
};

describe('topic messages', () => {
  it('pages a topic in consensus order with a timestamp anchor', async () => {
    const { body, response } = await get('/api/v1/topics/0.0.7/messages?limit=2&sequencenumber=gte:10');
    expect(body.messages.map((m: { sequence_number: number }) => m.sequence_number)).toEqual([10, 11]);
    expect(body.links.next).toBe('/api/v1/topics/0.0.7/messages?limit=2&sequencenumber=gte:10&timestamp=gt:1700000000.000000011');
    expect(response.headers['cache-control']).toBe('public, max-age=1');
  });

  it('decodes messages as utf-8 on request and gives chunk info', async () => {
    const { body } = await get('/api/v1/topics/7/messages?sequencenumber=2&encoding=utf-8');
    expect(body.messages[0].message).toBe('hello 2');
    // `utf8` (Node's name), any case, as the reference takes it.
    for (const name of ['utf8', 'UTF8', 'Utf-8']) {
      expect((await get(`/api/v1/topics/7/messages?sequencenumber=2&encoding=${name}`)).body.messages[0].message, name).toBe('hello 2');
    }
    expect((await get('/api/v1/topics/7/messages?sequencenumber=2&encoding=BASE64')).body.messages[0].message).toBe(Buffer.from('hello 2').toString('base64'));
    expect(body.messages[0].chunk_info).toEqual({
      initial_transaction_id: { account_id: '0.0.1001', nonce: null, scheduled: null, transaction_valid_start: '1700000000.000000000' },
      number: 1,
      total: 2,
    });
  });

  it('finds one message by sequence number or by consensus timestamp, cached for 10 minutes', async () => {
    const bySequence = await get('/api/v1/topics/7/messages/3');
    expect(bySequence.body.consensus_timestamp).toBe('1700000000.000000003');
    expect(bySequence.response.headers['cache-control']).toBe('public, max-age=600');
    expect((await get('/api/v1/topics/messages/1700000000.000000003')).body.sequence_number).toBe(3);
    expect((await get('/api/v1/topics/7/messages/9999')).response.statusCode).toBe(404);
  });

  it('rejects bad topic ids, sequence numbers and parameters with the error body', async () => {
    expect((await get('/api/v1/topics/0.0.-3/messages/a')).body._status.messages).toEqual([
      { message: 'Invalid parameter: topic.id' }, { message: 'Invalid parameter: sequencenumber' },
    ]);
    expect((await get('/api/v1/topics/messages/123abc')).body._status.messages).toEqual([{ message: 'Invalid parameter: consensus_timestamp' }]);
    expect((await get('/api/v1/topics/7/messages?encoding=hex')).response.statusCode).toBe(400);
  });

  it('turns sequence bounds into timestamp bounds, so the walk starts and stops where they do', () => {
    const parsed = parseTopicMessagesParams(parseQueryString('sequencenumber=gte:100&sequencenumber=lt:120&order=desc', 100), defaultMirrorApiConfig());
    if (!parsed.ok) throw new Error('invalid');
    const { sql, params } = topicMessagesSql(7n, parsed.query);
    const plan = explainPlan(fixture.store.db, sql, params);
    expect(plan[0]).toBe('SEARCH topic_message USING INDEX topic_message__topic_timestamp (topic_id=? AND consensus_timestamp>? AND consensus_timestamp<?)');
    expect(plan.filter((d) => d.startsWith('SEARCH topic_message USING COVERING INDEX topic_message__topic_sequence'))).toHaveLength(2);
    expect(plan.join('\n')).not.toContain('TEMP B-TREE');
  });
});

describe('GET /api/v1/topics/{topicId}', () => {
  it('gives memo, keys, fees and validity of a topic', async () => {
    const { body } = await get('/api/v1/topics/0.0.7');
    expect(body).toMatchObject({
      topic_id: '0.0.7', memo: 'topic memo', admin_key: null, submit_key: { _type: 'ED25519', key: SUBMIT_KEY }, deleted: false,
      fee_exempt_key_list: [], custom_fees: { created_timestamp: '0.000000000', fixed_fees: [] }, timestamp: { from: '0.000000005', to: null },
    });
  });

  it('answers errors as the reference Java module (TopicControllerTest): 404 naming the id, 400 for an id it cannot read', async () => {
    const notFound = (id: string) => ({ _status: { messages: [{ data: null, detail: `Entity not found: ${id}`, message: 'Not Found' }] } });
    for (const [path, id] of [['0.0.8', '0.0.8'], ['99999', '0.0.99999'], ['0.99999', '0.0.99999']]) {
      const { response, body } = await get(`/api/v1/topics/${path}`);
      expect(response.statusCode, path).toBe(404);
      expect(body, path).toEqual(notFound(id!));
    }
    for (const path of ['abc', '9223372036854775807', '0.0.0.2', '-1', 'a.0.1000', '000000000000000000000000000000000186Fb1b', '0.0.274877906944']) {
      const { response, body } = await get(`/api/v1/topics/${path}`);
      expect(response.statusCode, path).toBe(400);
      expect(body, path).toEqual({ _status: { messages: [{ data: null, detail: "Invalid value for path variable 'id'", message: 'Bad Request' }] } });
    }
  });

  it('ignores any query parameter, as the Java module binds none', async () => {
    const { response, body } = await get('/api/v1/topics/7?limit=5&foo=bar');
    expect(response.statusCode).toBe(200);
    expect(body.topic_id).toBe('0.0.7');
  });
});
