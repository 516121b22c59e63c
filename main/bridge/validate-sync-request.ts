import type { RequestOf } from '../common/api-contract.ts';
import { ENTITY_ID_TEXT } from '../mirror/format/entity-id.ts';
import { objectWith } from './request-object.ts';
import type { Validation } from './validate-request.ts';

export function validateAccountHistory(request: unknown): Validation<RequestOf<'sync/account-history'>> {
  const { input, problems } = objectWith(request, ['account', 'fetch'], 'an "account" id and a "fetch" flag');
  if (input === null) return { ok: false, problems };
  if (typeof input.account !== 'string' || !ENTITY_ID_TEXT.test(input.account)) problems.push('"account" must be an account id such as 0.0.1234');
  if (typeof input.fetch !== 'boolean') problems.push('"fetch" must be true or false');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { account: input.account as string, fetch: input.fetch as boolean } };
}
