import { httpBaseUrl, isChainId, isProfileName, MAX_PROFILE_NAME_LENGTH, MIRROR_URL_EXAMPLE, PROFILE_NAME_CHARACTERS, STATUS_URL_EXAMPLE } from '../../../main/common/profile-rules.ts';
import { reservedNameReason } from '../../../main/common/reserved-profile-names.ts';
import { MAX_CHAIN_ID, type CustomProfileInput, type ProfileSummary, type UpstreamCheck } from '../../../main/common/profile-types.ts';
import { formatTimestamp } from './format.ts';

/** The custom profile form as typed: every field a string. */
export interface ProfileForm {
  name: string;
  mirrorUrl: string;
  statusUrl: string;
  chainId: string;
  /** Set when editing: the saved profile being replaced. */
  previousName: string | null;
}

/** A form field a problem can be about. */
export type ProfileField = 'name' | 'mirrorUrl' | 'statusUrl' | 'chainId';

/**
 * A problem the form shows, with the field it is about; null: main's refusal of the request as it
 * was sent (a name taken, a profile that is open), not tied to one field.
 */
export interface FormProblem {
  field: ProfileField | null;
  text: string;
}

export function emptyProfileForm(): ProfileForm {
  return { name: '', mirrorUrl: '', statusUrl: '', chainId: '', previousName: null };
}

export function profileFormOf(profile: ProfileSummary): ProfileForm {
  return {
    name: profile.name,
    mirrorUrl: profile.mirrorUrl ?? '',
    statusUrl: profile.statusUrl ?? '',
    chainId: profile.chainId === null ? '' : String(profile.chainId),
    previousName: profile.name,
  };
}

/**
 * Turns the form into a request, catching what can be told before asking main (which checks
 * everything again, by the same rules: main/common/profile-rules.ts and reserved-profile-names.ts),
 * so that a field main would refuse is said at once, at its field, not after the mirror URL is
 * asked: a name it does not take (a built-in's, `custom`), an address without its scheme or with
 * credentials, a query or a fragment, a chain id that is not a whole number in range. What only
 * main can tell (a name taken, a URL of the app's own services) it says at Save. Empty optional
 * fields are null.
 */
export function profileInputOf(form: ProfileForm): { ok: true; value: CustomProfileInput } | { ok: false; problems: FormProblem[] } {
  const chain = form.chainId.trim();
  const found: Array<[ProfileField, string | null]> = [
    ['name', nameProblem(form.name.trim())],
    ['mirrorUrl', mirrorUrlProblem(form.mirrorUrl)],
    ['statusUrl', form.statusUrl.trim() === '' ? null : addressProblem(form.statusUrl, 'status page', STATUS_URL_EXAMPLE)],
    ['chainId', chain === '' ? null : chainIdProblem(chain)],
  ];
  const problems = found.flatMap(([field, text]) => (text === null ? [] : [{ field, text }]));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name: form.name.trim(),
      mirrorUrl: form.mirrorUrl.trim(),
      statusUrl: form.statusUrl.trim() === '' ? null : form.statusUrl.trim(),
      chainId: chain === '' ? null : Number(chain),
      ...(form.previousName === null ? {} : { previousName: form.previousName }),
    },
  };
}

/** What is wrong with a typed name, in the words of what to type; null when main takes it (as a name: it may be taken). */
function nameProblem(name: string): string | null {
  if (name === '') return 'Give the profile a name, e.g. local-node.';
  // Said, not cut by the field: a pasted name is trimmed only here, so a cap on the field would count its spaces.
  if (name.length > MAX_PROFILE_NAME_LENGTH && PROFILE_NAME_CHARACTERS.test(name)) {
    return `The name has ${name.length} characters; it may have at most ${MAX_PROFILE_NAME_LENGTH}, e.g. local-node.`;
  }
  if (isProfileName(name)) {
    const reserved = reservedNameReason(name);
    return reserved === null ? null : `${reserved}; choose another, e.g. local-node.`;
  }
  return `The name must start with a lower-case letter and hold only a-z, 0-9 and "-" (at most ${MAX_PROFILE_NAME_LENGTH} characters), e.g. local-node.`;
}

/** What is wrong with a typed chain id; null when it is one. */
function chainIdProblem(chain: string): string | null {
  if (!/^\d+$/.test(chain)) return 'The chain id must be a whole number, e.g. 298.';
  return isChainId(Number(chain)) ? null : `The chain id must be from 1 to ${MAX_CHAIN_ID}, e.g. 298.`;
}

/**
 * The problems still shown once `field` is edited. Those about it go: they were said of what it
 * held, and Save or Check tells again of what it holds now. So do main's refusals, which answered
 * the request as it was sent. The others stay until their own field is edited.
 */
export function problemsAfterEdit(problems: readonly FormProblem[], field: ProfileField): FormProblem[] {
  return problems.filter((problem) => problem.field !== null && problem.field !== field);
}

/**
 * What is wrong with a typed mirror URL that can be told without asking it, in the words of what to
 * type; null when main takes it as a base URL (whether it is a mirror node is asked).
 */
export function mirrorUrlProblem(text: string): string | null {
  return addressProblem(text, 'mirror node', MIRROR_URL_EXAMPLE);
}

/**
 * An address typed without its scheme (`127.0.0.1:5551`, `localhost:5551`) reads to a URL parser
 * as nothing or as a scheme of its own: say what to type rather than what the parser saw. Then
 * the rules main saves a URL by (httpBaseUrl: no user name or password, no `?` or `#`).
 */
function addressProblem(text: string, what: string, example: string): string | null {
  const typed = text.trim();
  if (typed === '') return `Give the ${what}'s address, e.g. ${example}`;
  if (!/^https?:\/\/[^/]/i.test(typed)) return `Start the ${what}'s address with http:// or https://, e.g. ${example}`;
  const checked = httpBaseUrl(typed, example);
  return checked.ok ? null : `The ${what}'s address ${checked.problem}.`;
}

/**
 * The usual slip: a mirror URL given with the API's path on it (`…/api/v1`), which the app adds
 * itself. Answers the base URL to use instead, or null when there is no such path to take off.
 */
export function withoutApiPath(text: string): string | null {
  const match = /^(https?:\/\/[^?#]+?)\/api(?:\/v1)?\/*$/i.exec(text.trim());
  return match ? match[1]! : null;
}

/**
 * A checked URL the form saves only when Save is pressed again ("Save anyway"): one that answered
 * as something other than a mirror node, or one with the API's path on it, which is not the base
 * URL whatever it answered (a mirror node says 404 to the path doubled).
 */
export function needsSaveAnyway(check: { kind: UpstreamCheck['kind'] }, url: string): boolean {
  return check.kind === 'not-mirror' || (check.kind !== 'mirror' && withoutApiPath(url) !== null);
}

/** One line under a profile's name in the switcher. */
export function profileDetail(profile: ProfileSummary): string {
  if (profile.source === 'demo') return 'Generated ledger, works offline';
  const host = profile.mirrorUrl ? profile.mirrorUrl.replace(/^https?:\/\//, '') : '';
  return profile.chainId === null ? host : `${host} · chain ${profile.chainId}`;
}

/** What the form says of a checked mirror URL; `ok` when a profile with it will sync. */
export function describeUpstreamCheck(check: UpstreamCheck): { ok: boolean; text: string; kind: UpstreamCheck['kind'] } {
  if (check.kind !== 'mirror') return { ok: false, text: check.message, kind: check.kind };
  return {
    ok: true,
    kind: 'mirror',
    text: check.newestTransaction === null
      ? 'A mirror node, with no transactions yet.'
      : `A mirror node; its newest transaction is of ${formatTimestamp(check.newestTransaction)}.`,
  };
}

/**
 * What the menu says once a profile is saved whose mirror URL did not answer when checked (saved
 * at once: its network may just be down); null for one that answered. The form closes on a save:
 * without it, the answer shown in the form went with it, unread.
 */
export function savedWithoutAnswerNote(check: UpstreamCheck, url: string): string | null {
  return check.kind === 'unreachable' ? `Saved; ${url} did not answer (${check.reason}).` : null;
}
