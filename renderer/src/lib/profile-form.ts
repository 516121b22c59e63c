import type { CustomProfileInput, ProfileSummary, UpstreamCheck } from '../../../main/common/profile-types.ts';
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
 * everything again): a chain id that is not a whole number. Empty optional fields are null.
 */
export function profileInputOf(form: ProfileForm): { ok: true; value: CustomProfileInput } | { ok: false; problems: string[] } {
  const chain = form.chainId.trim();
  if (chain !== '' && !/^\d+$/.test(chain)) return { ok: false, problems: ['The chain id must be a whole number, e.g. 298.'] };
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
