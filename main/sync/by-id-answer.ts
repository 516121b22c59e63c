import { parseFullEntityId } from '../mirror/format/entity-id.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { entityIdOf, inAnswerTo, UpstreamFormatError } from './upstream-values.ts';

/** The entities read by id whose answer names its own id, and the field that does. */
const ID_FIELD = { account: 'account', contract: 'contract_id', schedule: 'schedule_id', token: 'token_id', topic: 'topic_id' } as const;
export type ByIdEntity = keyof typeof ID_FIELD;

/** By-id reads in flight at once: the rate limiter spaces them, a local upstream answers in parallel. */
const DETAIL_CONCURRENCY = 4;

/** Where the upstream answers one entity (or a transaction) by id; `id` goes in as given, so encode it first. */
export function byIdPath(entity: ByIdEntity | 'transaction', id: string): string {
  return `/api/v1/${entity}s/${id}`;
}

/** An answer that must be one JSON object: anything else is malformed. */
export function answerObjectOf(what: string, body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new UpstreamFormatError(`the upstream answered ${what} with ${Array.isArray(body) ? 'a list' : body === null ? 'null' : `a ${typeof body}`}, not an object`);
  }
  return body as Record<string, unknown>;
}

/**
 * A by-id answer as it may be stored: an object that is the entity asked for. The rows are keyed by
 * the id the answer names, so an answer naming another entity (a proxy or cache mixing answers up)
 * would be stored under that other id, overwriting it with whatever the answer holds, and leave the
 * one asked for as it was: it is a malformed answer (UpstreamFormatError), said and asked again like
 * the others. Asked for by alias, EVM address or a bare number, the answer is what says which entity
 * it is. The sync's crawls and following and the read-through all store by-id answers through this.
 */
export function byIdRecordOf(entity: ByIdEntity, asked: string, body: unknown): Record<string, unknown> {
  const info = answerObjectOf(`${entity} ${asked}`, body);
  const field = ID_FIELD[entity];
  const named = entityIdOf(info[field]);
  if (named === null) throw new UpstreamFormatError(`the upstream answered ${entity} ${asked} without naming it (no "${field}")`);
  const askedId = parseFullEntityId(asked);
  if (askedId !== null && named !== askedId) throw new UpstreamFormatError(`the upstream answered ${entity} ${asked} with another ${entity} (${String(info[field])})`);
  return info;
}

/**
 * By-id records, a few requests at a time, in the order of `ids`; an id the upstream does not know
 * (or no longer knows: any answer but 200) is skipped. Each answer is checked and converted as it
 * arrives, so a record naming another entity than the one asked for (byIdRecordOf) fails the whole
 * read without waiting for the rest of its batch.
 */
export async function fetchByIds<Rows>(client: UpstreamClient, signal: AbortSignal, entity: ByIdEntity, ids: string[], rowsOf: (record: Record<string, unknown>) => Rows): Promise<Rows[]> {
  // Slots in list order, filled as answers arrive; boxed so that only a skipped answer leaves one empty.
  const found: Array<{ rows: Rows } | null> = new Array(ids.length).fill(null);
  for (let i = 0; i < ids.length; i += DETAIL_CONCURRENCY) {
    await Promise.all(ids.slice(i, i + DETAIL_CONCURRENCY).map(async (id, j) => {
      const path = byIdPath(entity, id);
      const reply = await client.get(path, { signal });
      if (reply.status === 200) found[i + j] = { rows: inAnswerTo(client.urlOf(path), () => rowsOf(byIdRecordOf(entity, id, reply.body))) };
    }));
  }
  return found.filter((slot) => slot !== null).map((slot) => slot.rows);
}
