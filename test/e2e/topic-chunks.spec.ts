import path from 'node:path';
import { LedgerStore } from '../../main/mirror/store/ledger-store.ts';
import { expect, ownServe, screenshot, test } from './serve-fixture.ts';

/**
 * A message whose chunks lie further apart than one search reads (other submissions to a busy
 * topic landing between them): the whole is offered after reading on. Its own `serve`: this file
 * writes a topic into the ledger.
 */
const serve = ownServe('mirrordesk-e2e-chunks-');

/** Writes a new topic (a copy of a demo topic's entity) whose message 1 is chunk 1 of 2 and message `secondAt` chunk 2. */
function writeTopicWithDistantChunks(file: string, parts: [Buffer, Buffer], secondAt: number): string {
  const store = new LedgerStore({ file });
  try {
    const db = store.db;
    const template = db.prepare("SELECT id FROM entity WHERE type = 'TOPIC' ORDER BY id LIMIT 1").pluck().get() as number;
    const id = (db.prepare('SELECT max(id) FROM entity').pluck().get() as number) + 1;
    // The chunks' shared transaction id, borrowed from a demo chunk: only its equality matters here.
    const initialId = db.prepare('SELECT initial_transaction_id FROM topic_message WHERE chunk_total > 1 LIMIT 1').pluck().get() as Buffer;
    const start = BigInt(db.prepare('SELECT max(consensus_timestamp) FROM topic_message').pluck().get() as number) + 1_000_000_000n;
    const insert = db.prepare(`INSERT INTO topic_message (consensus_timestamp, chunk_num, chunk_total, initial_transaction_id, message, payer_account_id,
      running_hash, running_hash_version, sequence_number, topic_id, valid_start_timestamp) VALUES (?, ?, ?, ?, ?, 2, ?, 3, ?, ?, ?)`);
    db.transaction(() => {
      db.exec(`CREATE TEMP TABLE topic_copy AS SELECT * FROM entity WHERE id = ${template}; UPDATE topic_copy SET id = ${id}, num = ${id}, memo = 'busy topic';
        INSERT INTO entity SELECT * FROM topic_copy; DROP TABLE topic_copy;`);
      for (let sequence = 1; sequence <= secondAt; sequence++) {
        const at = start + BigInt(sequence) * 1_000_000n;
        const chunk = sequence === 1 ? 1 : sequence === secondAt ? 2 : null;
        const body = chunk ? parts[chunk - 1]! : Buffer.from(`reading ${sequence}`);
        insert.run(at, chunk, chunk ? 2 : null, chunk ? initialId : null, body, Buffer.alloc(48, sequence % 256), sequence, id, at - 1n);
      }
    })();
    return `0.0.${id}`;
  } finally {
    store.close();
  }
}

test('a message whose second chunk lies 1,200 messages on is found by reading on', async ({ page }) => {
  const whole = 'Chunked across a busy topic: ünïcödé survives the split.';
  const bytes = Buffer.from(whole, 'utf8');
  const split = bytes.indexOf(0xc3) + 1; // inside "ü": its two bytes go to different chunks
  const topicId = writeTopicWithDistantChunks(path.join(serve.dataDir, 'demo.sqlite'), [bytes.subarray(0, split), bytes.subarray(split)], 1_202);
  await page.goto(`${serve.instance.uiUrl}#/topic?id=${topicId}`);
  const firstRow = page.getByTestId('message-row').first();
  await expect(firstRow).toContainText('1/2');
  await firstRow.getByTestId('chunked-toggle').click();
  await expect(page.getByTestId('chunked-incomplete')).toHaveText(/Chunk 2 of 2 not found among the\s+next 1,000 messages of this topic\./);
  await page.getByTestId('chunked-read-on').click();
  await expect(page.getByTestId('chunked-text')).toHaveText(whole);
  await expect(page.getByTestId('chunked-whole')).toContainText('Whole message, 2 chunks joined');
  await screenshot(page, 'explorer-11c-topic-distant-chunks');
});
