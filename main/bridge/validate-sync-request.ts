import type { RequestOf } from '../common/api-contract.ts';
import { parseFullEntityId } from '../mirror/format/entity-id.ts';
import { MAX_KEEP_DAYS } from '../sync/followed-retention.ts';
import { objectWith } from './request-object.ts';
import type { Validation } from './validate-request.ts';

export function validateAccountHistory(request: unknown): Validation<RequestOf<'sync/account-history'>> {
  const checked = validateHistoryRequest(request, 'account');
  return checked.ok ? { ok: true, value: { account: checked.value.id, fetch: checked.value.fetch } } : checked;
}

export function validateTopicHistory(request: unknown): Validation<RequestOf<'sync/topic-history'>> {
  const checked = validateHistoryRequest(request, 'topic');
  return checked.ok ? { ok: true, value: { topic: checked.value.id, fetch: checked.value.fetch } } : checked;
}

export function validateRetention(request: unknown): Validation<RequestOf<'sync/retention'>> {
  const { input, problems } = objectWith(request, ['keepDays'], 'a "keepDays" number of days, or null to keep every followed transaction');
  if (input === null) return { ok: false, problems };
  const days = input.keepDays;
  if (days !== null && !(typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_KEEP_DAYS)) {
    problems.push(`"keepDays" must be a whole number of days from 1 to ${MAX_KEEP_DAYS}, or null to keep every followed transaction`);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { keepDays: days as number | null } };
}

const HISTORY_OF = {
  account: { shape: 'an "account" id and a "fetch" flag', id: '"account" must be an account id such as 0.0.1234 (shard up to 1023, realm up to 65535, number up to 274877906943)' },
  topic: { shape: 'a "topic" id and a "fetch" flag', id: '"topic" must be a topic id such as 0.0.9000 (shard up to 1023, realm up to 65535, number up to 274877906943)' },
};

/** `{ [entity]: id, fetch: boolean }`, the request of both history channels. */
function validateHistoryRequest(request: unknown, entity: keyof typeof HISTORY_OF): Validation<{ id: string; fetch: boolean }> {
  const { input, problems } = objectWith(request, [entity, 'fetch'], HISTORY_OF[entity].shape);
  if (input === null) return { ok: false, problems };
  const id = input[entity];
  // Shaped like an id is not enough (0.0.999999999999): each part must be in its range too.
  if (typeof id !== 'string' || parseFullEntityId(id) === null) problems.push(HISTORY_OF[entity].id);
  if (typeof input.fetch !== 'boolean') problems.push('"fetch" must be true or false');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { id: id as string, fetch: input.fetch as boolean } };
}
