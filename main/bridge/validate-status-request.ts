import type { NotificationSettings } from '../common/status-types.ts';
import { objectWith } from './request-object.ts';
import type { Validation } from './validate-request.ts';

/** The impacts a setting may name: Statuspage's incident impacts plus scheduled maintenance. */
export const NOTIFY_IMPACTS: readonly string[] = ['none', 'minor', 'major', 'critical', 'maintenance'];
/** Far more components than any status page lists; bounds what one request may store. */
const MAX_COMPONENT_IDS = 500;
/** Statuspage ids are 12 characters; leave room for other providers without accepting blobs. */
const MAX_COMPONENT_ID_LENGTH = 64;
const FIELDS = ['quiet', 'impacts', 'componentIds'];
/** More names than there are impacts, each at most a few times: a longer list is not a setting. */
const MAX_IMPACTS = 20;

/**
 * Checks `status/settings/set`: an object with exactly `quiet` (boolean), `impacts` (null or known
 * impacts) and `componentIds` (null or short id strings). Every problem is named, so the form can
 * show them all at once.
 */
export function validateStatusSettings(request: unknown): Validation<NotificationSettings> {
  const { input, problems } = objectWith(request, FIELDS, '"quiet", "impacts" and "componentIds"');
  if (input === null) return { ok: false, problems };
  if (typeof input.quiet !== 'boolean') problems.push('"quiet" must be true or false');
  const impacts = input.impacts;
  if (impacts !== null) {
    if (!Array.isArray(impacts) || !impacts.every((item) => typeof item === 'string')) {
      problems.push('"impacts" must be null (all) or an array of impact names');
    } else if (impacts.length > MAX_IMPACTS) {
      problems.push(`"impacts" lists more than ${MAX_IMPACTS} names (known: ${NOTIFY_IMPACTS.join(', ')})`);
    } else {
      for (const impact of new Set(impacts)) {
        if (!NOTIFY_IMPACTS.includes(impact)) problems.push(`"impacts" has an unknown impact "${impact.slice(0, 40)}" (known: ${NOTIFY_IMPACTS.join(', ')})`);
      }
    }
  }
  const ids = input.componentIds;
  if (ids !== null) {
    if (!Array.isArray(ids) || !ids.every((item) => typeof item === 'string')) {
      problems.push('"componentIds" must be null (all) or an array of component id strings');
    } else if (ids.length > MAX_COMPONENT_IDS) {
      problems.push(`"componentIds" lists more than ${MAX_COMPONENT_IDS} components`);
    } else if (ids.some((id) => id.length === 0 || id.length > MAX_COMPONENT_ID_LENGTH)) {
      problems.push(`each of "componentIds" must be 1 to ${MAX_COMPONENT_ID_LENGTH} characters long`);
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      quiet: input.quiet as boolean,
      impacts: impacts === null ? null : [...new Set(impacts as string[])],
      componentIds: ids === null ? null : [...new Set(ids as string[])],
    },
  };
}
