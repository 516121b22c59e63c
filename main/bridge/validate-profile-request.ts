import { httpBaseUrl, isChainId, isProfileName, MIRROR_URL_EXAMPLE, STATUS_URL_EXAMPLE } from '../common/profile-rules.ts';
import { MAX_CHAIN_ID, type CustomProfileInput } from '../common/profile-types.ts';
import { objectWith } from './request-object.ts';
import type { Validation } from './validate-request.ts';

const FIELDS = ['name', 'mirrorUrl', 'statusUrl', 'chainId', 'previousName'];

/** Checks a custom profile to save: name, mirror URL, optional status URL and chain id. */
export function validateCustomProfile(request: unknown): Validation<CustomProfileInput> {
  const { input: record, problems } = objectWith(request, FIELDS, '"name", "mirrorUrl", "statusUrl" and "chainId"');
  if (record === null) return { ok: false, problems };
  const name = record.name;
  if (!isProfileName(name)) problems.push('"name" must start with a letter and hold only a-z, 0-9 and "-" (at most 32 characters)');
  const mirrorUrl = httpUrl(record.mirrorUrl, 'mirrorUrl', MIRROR_URL_EXAMPLE, problems);
  const statusUrl = record.statusUrl === null || record.statusUrl === undefined || record.statusUrl === '' ? null : httpUrl(record.statusUrl, 'statusUrl', STATUS_URL_EXAMPLE, problems);
  const chainId = record.chainId;
  if (chainId !== null && chainId !== undefined && !isChainId(chainId)) {
    problems.push(`"chainId" must be a whole number from 1 to ${MAX_CHAIN_ID}, or null`);
  }
  const previousName = record.previousName;
  if (previousName !== undefined && !isProfileName(previousName)) problems.push('"previousName" must be a profile name');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name: name as string,
      mirrorUrl: mirrorUrl!,
      statusUrl,
      chainId: (chainId as number | null | undefined) ?? null,
      ...(previousName === undefined ? {} : { previousName: previousName as string }),
    },
  };
}

/** A mirror URL to check before a profile is saved with it (`network/profiles/check`): the same rules as saving. */
export function validateUpstreamCheck(request: unknown): Validation<{ mirrorUrl: string }> {
  const { input, problems } = objectWith(request, ['mirrorUrl'], 'a "mirrorUrl" string');
  if (input === null) return { ok: false, problems };
  const mirrorUrl = httpUrl(input.mirrorUrl, 'mirrorUrl', MIRROR_URL_EXAMPLE, problems);
  return problems.length > 0 || mirrorUrl === null ? { ok: false, problems } : { ok: true, value: { mirrorUrl } };
}

/** A request naming one profile (`network/profiles/delete`). */
export function validateProfileName(request: unknown): Validation<{ name: string }> {
  const { input, problems } = objectWith(request, ['name'], 'a "name" string');
  if (input === null || problems.length > 0) return { ok: false, problems };
  const { name } = input;
  if (!isProfileName(name)) return { ok: false, problems: ['"name" must be a profile name'] };
  return { ok: true, value: { name } };
}

/** The field's URL (httpBaseUrl), or null with its problem added, the field named. */
function httpUrl(value: unknown, field: string, example: string, problems: string[]): string | null {
  const checked = httpBaseUrl(value, example);
  if (checked.ok) return checked.url;
  problems.push(`"${field}" ${checked.problem}`);
  return null;
}
