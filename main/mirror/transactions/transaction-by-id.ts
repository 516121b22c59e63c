import { parseTransactionId } from '../format/transaction-id.ts';
import { SUCCESS_RESULTS } from '../format/transaction-result.ts';
import { SCHEDULE_CREATE_TYPE } from '../format/transaction-type.ts';
import { sqlInt } from '../format/entity-id.ts';
import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, NOT_FOUND, type GetOutcome } from '../query/mirror-get.ts';
import { parseJsonLossless } from '../format/json-out.ts';
import { validateQuery, type ParamRule } from '../query/query-filters.ts';
import type { StatementCache } from '../query/statement-cache.ts';
import { boundTimestamps, timestampsSql, type TimestampsSql } from '../query/timestamps-sql.ts';
import { nowNanos } from '../query/timestamp-range.ts';
import { renderTransaction } from './render-transaction.ts';
import { loadTransactionDetails } from './transaction-details.ts';

export const INVALID_TRANSACTION_ID =
  'Invalid Transaction id. Please use "shard.realm.num-sss-nnn" format where sss are seconds and nnn are nanoseconds';

const RULES: Record<string, ParamRule> = {
  nonce: (op, value) => op === 'eq' && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647,
  scheduled: (op, value) => op === 'eq' && /^(true|false)$/i.test(value),
};

/** The reference's `maxScheduledTransactionConsensusTimestampRange` (89285 s). */
const SCHEDULE_WINDOW_NS = 89_285n * 1_000_000_000n;
/** By-id answers are immutable (600 s, from the route); a fresh schedule may still execute. */
const SHORT_CACHE_SECONDS = 5;

const HASH_FORMS = /^(?:[A-Za-z0-9_-]{64}|(?:0x)?[0-9a-fA-F]{96})$/;

type Lookup = { kind: 'hash'; hash: Buffer } | { kind: 'id'; payer: bigint; validStart: bigint };

function parsePathId(text: string): Lookup | null {
  if (HASH_FORMS.test(text)) {
    const hash = text.length === 64 ? Buffer.from(text, 'base64url') : Buffer.from(text.replace(/^0x/, ''), 'hex');
    return { kind: 'hash', hash };
  }
  const id = parseTransactionId(text);
  return id === null ? null : { kind: 'id', payer: id.payer, validStart: id.validStartNs };
}

/**
 * GET /api/v1/transactions/{transactionIdOrHash}: every transaction with that id (the
 * user's, its children, duplicates) or hash; a batch id brings its inner transactions.
 * `nonce` and `scheduled` narrow the match (last value wins).
 */
export function getTransactionById(statements: StatementCache, idOrHash: string, raw: ParsedQuery): GetOutcome {
  const validated = validateQuery(raw, RULES);
  if (!validated.ok) return badRequest(...validated.messages);
  const lookup = parsePathId(idOrHash);
  if (lookup === null) return badRequest({ message: INVALID_TRANSACTION_ID });
  const nonce = validated.filters.filter((f) => f.key === 'nonce').at(-1)?.value;
  const scheduledText = validated.filters.filter((f) => f.key === 'scheduled').at(-1)?.value.toLowerCase();
  const narrowing: string[] = [];
  const narrowParams: Array<number | bigint> = [];
  if (nonce !== undefined) {
    narrowing.push('nonce = ?');
    narrowParams.push(Number(nonce));
  }
  if (scheduledText !== undefined) {
    narrowing.push('scheduled = ?');
    narrowParams.push(scheduledText === 'true' ? 1 : 0);
  }
  const extra = narrowing.map((c) => ` AND ${c}`).join('');

  let timestamps: bigint[];
  if (lookup.kind === 'hash') {
    const hashes = statements.get('SELECT consensus_timestamp, hash_suffix, payer_account_id FROM transaction_hash WHERE hash = ? ORDER BY consensus_timestamp')
      .all(lookup.hash.subarray(0, 32)) as Array<{ consensus_timestamp: bigint; hash_suffix: Buffer | null; payer_account_id: bigint | null }>;
    const suffix = lookup.hash.subarray(32);
    const matching = hashes.filter((h) => suffix.length === 0 || h.hash_suffix === null || h.hash_suffix.equals(suffix));
    if (matching.length === 0) return NOT_FOUND;
    const payer = matching[0]!.payer_account_id;
    const [sql, candidates] = boundTimestamps(hashCandidatesSql(extra), matching.map((h) => h.consensus_timestamp));
    timestamps = (statements.get(sql).all(candidates, payer === null ? null : sqlInt(payer), ...narrowParams) as Array<{ consensus_timestamp: bigint }>)
      .map((r) => r.consensus_timestamp);
  } else {
    timestamps = byTransactionId(statements, lookup.payer, lookup.validStart, extra, narrowParams);
  }
  if (timestamps.length === 0) return NOT_FOUND;

  const outer = loadTransactionDetails(statements, timestamps, true);
  const rows = [...outer.rows];
  if (lookup.kind === 'id') {
    const inner: bigint[] = [];
    for (const row of outer.rows) {
      if (!row.inner_transactions) continue;
      const pairs = parseJsonLossless(row.inner_transactions) as Array<bigint | number>;
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        inner.push(...byTransactionId(statements, BigInt(pairs[i]!), BigInt(pairs[i + 1]!), extra, narrowParams));
      }
    }
    if (inner.length > 0) {
      const innerDetails = loadTransactionDetails(statements, inner, true);
      rows.push(...innerDetails.rows);
      for (const key of ['transfers', 'tokenTransfers', 'stakingRewards'] as const) {
        for (const [ts, list] of innerDetails[key]) (outer[key] as Map<bigint, unknown[]>).set(ts, list);
      }
      for (const [ts, list] of innerDetails.assessedFees ?? []) outer.assessedFees?.set(ts, list);
    }
  }
  const body = { transactions: rows.map((row) => renderTransaction(row, outer)) };
  const short = lookup.kind === 'id' && scheduledText === undefined && isFreshSchedule(rows);
  return short ? { status: 200, body, cacheSeconds: SHORT_CACHE_SECONDS } : { status: 200, body };
}

// The hash lookup's candidate statements by their narrowing (none, nonce, scheduled, both): built
// once each, not on every request (the StatementCache finds a statement by its whole text).
const HASH_CANDIDATES = new Map<string, TimestampsSql>();

function hashCandidatesSql(extra: string): TimestampsSql {
  let sql = HASH_CANDIDATES.get(extra);
  if (!sql) {
    sql = timestampsSql((condition) => `SELECT consensus_timestamp FROM "transaction" WHERE ${condition} AND payer_account_id IS ?${extra} ORDER BY consensus_timestamp`);
    HASH_CANDIDATES.set(extra, sql);
  }
  return sql;
}

function byTransactionId(statements: StatementCache, payer: bigint, validStart: bigint, extra: string, params: Array<number | bigint>): bigint[] {
  return (statements.get(`SELECT consensus_timestamp FROM "transaction" WHERE payer_account_id = ? AND valid_start_ns = ?${extra} ORDER BY consensus_timestamp`)
    .all(sqlInt(payer), sqlInt(validStart), ...params) as Array<{ consensus_timestamp: bigint }>).map((r) => r.consensus_timestamp);
}

/** A successful schedule create lately, and nothing scheduled executed yet: the answer may still change. */
function isFreshSchedule(rows: Array<{ type: bigint; result: bigint; scheduled: bigint; consensus_timestamp: bigint }>): boolean {
  let fresh = false;
  for (const row of rows) {
    if (Number(row.type) === SCHEDULE_CREATE_TYPE && SUCCESS_RESULTS.includes(Number(row.result))) {
      if (nowNanos() - row.consensus_timestamp < SCHEDULE_WINDOW_NS) fresh = true;
    } else if (row.scheduled === 1n) {
      return false;
    }
  }
  return fresh;
}
