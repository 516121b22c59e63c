import { CHANNELS, type Channel, type RequestOf } from '../common/api-contract.ts';
import { validateMirrorCall, validateMirrorGet } from './validate-mirror-path.ts';
import { validateStatusSettings } from './validate-status-request.ts';
import { validateAccountHistory, validateRetention, validateTopicHistory } from './validate-sync-request.ts';
import { validateCustomProfile, validateProfileName, validateUpstreamCheck } from './validate-profile-request.ts';
import { isProfileName } from '../common/profile-rules.ts';
import { objectWith } from './request-object.ts';
import {
  validateCompilerDownload, validateCompilerImport, validateVerifyCheck, validateVerifyContracts, validateVerifyFiles, validateVerifySuggestions, validateVerifySources, validateVerifySourceFile,
} from './validate-verify-request.ts';

/** Longest accounts query accepted over the bridge; far beyond any real filter set. */
const MAX_QUERY_LENGTH = 8192;

export type Validation<T> = { ok: true; value: T } | { ok: false; problems: string[] };

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && (CHANNELS as readonly string[]).includes(name);
}

/**
 * Checks a request from the renderer against its channel's request type. Everything that
 * crosses the bridge is untrusted: a compromised renderer may send anything.
 */
export function validateRequest<C extends Channel>(channel: C, request: unknown): Validation<RequestOf<C>> {
  switch (channel) {
    case 'app/info':
    case 'network/status':
    case 'network/profiles':
    case 'status/snapshot':
    case 'status/settings/get':
    case 'status/poll-now':
    case 'sync/status':
    case 'sync/pause':
    case 'sync/resume':
    case 'sync/resync':
    case 'sync/compact':
    case 'verify/session':
    case 'verify/session/clear':
    case 'verify/examples/add':
    case 'verify/compilers/list':
      return request === null || request === undefined
        ? { ok: true, value: null as RequestOf<C> }
        : { ok: false, problems: ['this call takes no request'] };
    case 'accounts/list':
      return validateAccountsList(request) as Validation<RequestOf<C>>;
    case 'mirror/get':
      return validateMirrorGet(request) as Validation<RequestOf<C>>;
    case 'mirror/call':
      return validateMirrorCall(request) as Validation<RequestOf<C>>;
    case 'network/switch':
      return validateNetworkSwitch(request) as Validation<RequestOf<C>>;
    case 'network/profiles/save':
      return validateCustomProfile(request) as Validation<RequestOf<C>>;
    case 'network/profiles/delete':
      return validateProfileName(request) as Validation<RequestOf<C>>;
    case 'network/profiles/check':
      return validateUpstreamCheck(request) as Validation<RequestOf<C>>;
    case 'status/settings/set':
      return validateStatusSettings(request) as Validation<RequestOf<C>>;
    case 'sync/account-history':
      return validateAccountHistory(request) as Validation<RequestOf<C>>;
    case 'sync/topic-history':
      return validateTopicHistory(request) as Validation<RequestOf<C>>;
    case 'sync/retention':
      return validateRetention(request) as Validation<RequestOf<C>>;
    case 'verify/files/add':
      return validateVerifyFiles(request) as Validation<RequestOf<C>>;
    case 'verify/contracts/verify':
      return validateVerifyContracts(request) as Validation<RequestOf<C>>;
    case 'verify/check':
      return validateVerifyCheck(request) as Validation<RequestOf<C>>;
    case 'verify/suggestions':
      return validateVerifySuggestions(request) as Validation<RequestOf<C>>;
    case 'verify/sources':
      return validateVerifySources(request) as Validation<RequestOf<C>>;
    case 'verify/source-file':
      return validateVerifySourceFile(request) as Validation<RequestOf<C>>;
    case 'verify/compilers/import':
      return validateCompilerImport(request) as Validation<RequestOf<C>>;
    case 'verify/compilers/download':
      return validateCompilerDownload(request) as Validation<RequestOf<C>>;
    default:
      return { ok: false, problems: [`unknown channel ${String(channel)}`] };
  }
}

function validateAccountsList(request: unknown): Validation<RequestOf<'accounts/list'>> {
  const { input, problems } = objectWith(request, ['query'], 'a "query" string');
  if (input === null || problems.length > 0) return { ok: false, problems };
  const { query } = input;
  if (typeof query !== 'string') return { ok: false, problems: ['"query" must be a string'] };
  if (query.length > MAX_QUERY_LENGTH) return { ok: false, problems: [`"query" is longer than ${MAX_QUERY_LENGTH} characters`] };
  return { ok: true, value: { query: query.startsWith('?') ? query.slice(1) : query } };
}

/** A profile name: short, lower-case, so it can never name a path outside the data folder. */
function validateNetworkSwitch(request: unknown): Validation<RequestOf<'network/switch'>> {
  const { input, problems } = objectWith(request, ['name'], 'a "name" string');
  if (input === null || problems.length > 0) return { ok: false, problems };
  const { name } = input;
  if (!isProfileName(name)) return { ok: false, problems: ['"name" must be a network profile name such as "testnet"'] };
  return { ok: true, value: { name } };
}
