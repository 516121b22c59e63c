/**
 * The one typed API between the renderer and the main process. Electron carries it over IPC
 * (preload exposes it as `window.mirrordesk`); `serve` mode carries the same calls over HTTP
 * for the web UI. Channel names are `area/action`; every request is validated in main.
 *
 * This file is imported by main, preload and renderer, so it imports types only.
 */
import type { AccountsResponse } from './mirror-types.ts';
import type { NotificationSettings, StatusNotification, StatusPollReply, StatusSnapshot } from './status-types.ts';
import type { AccountHistory, SyncStatus, TopicHistory } from './sync-types.ts';
import type { CustomProfileInput, ProfileList, ProfileSummary, UpstreamCheck } from './profile-types.ts';
import type {
  CompilerProgress, ContractSuggestionsReply, VerifiedSourcesReply, VerifyCheckReply, VerifyCompilersReply, VerifyContractTarget, VerifyFileInput, VerifyFilesAdded, VerifySessionChange, VerifySessionView,
} from './verify-types.ts';

export type { AccountHistory, SyncStatus, TopicHistory, CustomProfileInput, ProfileList, ProfileSummary };

export type NetworkState = 'ready' | 'generating' | 'error';

export interface NetworkInfo {
  /** Profile name, e.g. `demo`. */
  name: string;
  /** Where the data comes from: the embedded demo ledger or an upstream mirror node. */
  source: 'demo' | 'upstream';
  chainId: number | null;
  state: NetworkState;
  /** Work in progress (demo generation), null when idle. */
  progress: { done: number; total: number; label: string } | null;
  /** Why the state is `error`, in plain words. */
  message: string | null;
  /** Accounts (and contracts) held in the local store. */
  accountCount: number;
}

export interface AppInfo {
  version: string;
  /** `desktop` inside Electron, `web` in a browser opened by `serve`. */
  shell: 'desktop' | 'web';
  network: NetworkInfo;
  /** Base URLs of the local HTTP services, for copying into other tools. */
  services: { mirror: string; status?: string };
}

/** What `mirror/call` sends to `POST /api/v1/contracts/call`. */
export interface MirrorCallRequest {
  to: string;
  data: string;
  from?: string;
  /** Tinybars sent with the call (a payable function's `msg.value`), as decimal digits. */
  value?: string;
  /** Answer the gas the call needs instead of what it returns. */
  estimate?: boolean;
}

/** A successful answer of the local mirror API, as `mirror/get` returns it. */
export interface MirrorGetResponse {
  /** The HTTP status (2xx). */
  status: number;
  /** The JSON body, int64 values beyond 2^53 as bigint. */
  body: unknown;
  /**
   * Set when a synced profile's upstream cannot be reached and this is its last answer, given from
   * memory (the answer's `Age` header): when it was remembered, in ms since the epoch.
   */
  rememberedAt?: number;
}

/** Every request/response pair, keyed by channel. */
export interface ApiChannels {
  'app/info': { request: null; response: AppInfo };
  'network/status': { request: null; response: NetworkInfo };
  /**
   * Opens another network profile (`demo`, `mainnet`, `testnet`, `previewnet`, or the `custom` one
   * the app was started with) without a restart; the local services keep their addresses.
   */
  'network/switch': { request: { name: string }; response: NetworkInfo };
  /** Every profile one can switch to (built-in, the `--upstream-mirror` one, saved custom ones) and the open one. */
  'network/profiles': { request: null; response: ProfileList };
  /** Adds a custom profile (or replaces `previousName`), persisted in the data folder; answers the new list. */
  'network/profiles/save': { request: CustomProfileInput; response: ProfileList };
  'network/profiles/delete': { request: { name: string }; response: ProfileList };
  /** Asks a mirror URL once what it is, before a profile is saved with it (nothing is stored). */
  'network/profiles/check': { request: { mirrorUrl: string }; response: UpstreamCheck };
  /**
   * The accounts list. `query` is the query string of GET /api/v1/accounts (without `?`);
   * the response is exactly what that endpoint returns for it.
   */
  'accounts/list': { request: { query: string }; response: AccountsResponse };
  /**
   * Any GET resource of the local mirror API: `path` is the path and query under `/api/v1/`
   * (e.g. `/api/v1/transactions/0.0.3-1700000000-000000001?nonce=0`, or a `links.next` value);
   * the answer is what that URL returns. A 4xx answer is a typed error carrying the mirror's body.
   */
  'mirror/get': { request: { path: string }; response: MirrorGetResponse };
  /**
   * A simulated contract call, `POST /api/v1/contracts/call` on the local mirror (its EVM over the
   * local state, nothing stored): `to` and `from` are 0x-prefixed 40-hex addresses, `data` the
   * 0x-prefixed calldata, `value` tinybars, `estimate` asks for the gas instead. The answer is the
   * mirror's (`{ result: '0x…' }`: the returned data, or the gas as 0x hex); a revert is a typed
   * error carrying the mirror's body (its `data`, the revert reason).
   */
  'mirror/call': { request: MirrorCallRequest; response: MirrorGetResponse };
  /** The network's status as the local feed holds it: incidents, maintenances, components, poll health. */
  'status/snapshot': { request: null; response: StatusSnapshot };
  'status/settings/get': { request: null; response: NotificationSettings };
  /** Replaces the notification settings; answers them as saved. */
  'status/settings/set': { request: NotificationSettings; response: NotificationSettings };
  /** Polls the status page now (at most every 10 s). */
  'status/poll-now': { request: null; response: StatusPollReply };
  /** The upstream sync of the open profile: state, entities synced, rate, estimate, last error. */
  'sync/status': { request: null; response: SyncStatus };
  /** Pauses the sync (kept across restarts); the local API keeps serving what is stored. */
  'sync/pause': { request: null; response: SyncStatus };
  'sync/resume': { request: null; response: SyncStatus };
  /** Forgets cursors and ETags and crawls the upstream again from the start. */
  'sync/resync': { request: null; response: SyncStatus };
  /**
   * How much of an account's history the synced store holds; with `fetch`, first stores up to
   * 2,000 more of its older transactions from the upstream (newest first, resumable).
   */
  'sync/account-history': { request: { account: string; fetch: boolean }; response: AccountHistory };
  /**
   * How much of a topic's messages the synced store holds; with `fetch`, first stores up to 2,000
   * more of its older messages from the upstream (newest first, resumable).
   */
  'sync/topic-history': { request: { topic: string; fetch: boolean }; response: TopicHistory };
  /**
   * How many days of ledger time of followed transactions the store keeps (null: all of them);
   * older ones are deleted at once, and from then on as following moves.
   */
  'sync/retention': { request: { keepDays: number | null }; response: SyncStatus };
  /**
   * Gives the room that deleted transactions left in the store back to the disk. The sync waits
   * meanwhile (state `compacting`, with its progress); the store keeps answering. Answers once done.
   */
  'sync/compact': { request: null; response: SyncStatus };
  /** The window's verify session (opened on first use): its contracts with found, missing and unused files. */
  'verify/session': { request: null; response: VerifySessionView };
  /** Empties the verify session. */
  'verify/session/clear': { request: null; response: VerifySessionView };
  /**
   * Adds files to the verify session (text, or base64 for zips and other binaries); the same name
   * replaces a file. A `.zip` that does not open or a `.json` that is not JSON is left out and
   * listed in `unreadable`, with why.
   */
  'verify/files/add': { request: { files: VerifyFileInput[] }; response: VerifyFilesAdded };
  /**
   * Adds the example contracts the demo ledger deploys (their sources and metadata) to the verify
   * session; `deployments` names, by verification id, where the open profile's store holds each
   * one and the transaction that created it (none on a network that does not deploy them).
   */
  'verify/examples/add': { request: null; response: { session: VerifySessionView; deployments: Record<string, { address: string; creatorTxHash: string | null }> } };
  /** Verifies contracts of the session against deployed code (one or all); a failure is reported on its contract. */
  'verify/contracts/verify': { request: { contracts: VerifyContractTarget[] }; response: VerifySessionView };
  /**
   * Where an address is verified (every chain, or only `chainId`): on each, the one verification that
   * counts under any address the contract is known by, best first, as `verify/sources` picks it.
   */
  'verify/check': { request: { address: string; chainId?: string }; response: VerifyCheckReply };
  /** Contracts of the local mirror with deployed code, newest first, whose id or address contains `query`. */
  'verify/suggestions': { request: { query: string }; response: ContractSuggestionsReply };
  /** The verification of an address on a chain that `verify/check` gives for it, with its source list and metadata (`not-found` when not verified there). */
  'verify/sources': { request: { address: string; chainId: string }; response: VerifiedSourcesReply };
  /** One source file of that verification, by its path as `verify/sources` lists it. */
  'verify/source-file': { request: { address: string; chainId: string; path: string }; response: { path: string; content: string } };
  'verify/compilers/list': { request: null; response: VerifyCompilersReply };
  /** Adds a soljson file (base64); it is loaded once to learn the version it really is. */
  'verify/compilers/import': { request: { name: string; content: string }; response: VerifyCompilersReply & { longVersion: string } };
  /** Downloads a long version from the solc-bin mirror (checksum from its list.json); progress as `verify/compiler-progress`. */
  'verify/compilers/download': { request: { version: string }; response: VerifyCompilersReply & { longVersion: string } };
}

/** Events pushed from main to the renderer. */
export interface ApiEvents {
  'network/changed': NetworkInfo;
  /** A status notification the user's settings let through (quiet mode holds all back). */
  'status/notification': StatusNotification;
  /** After every poll: the new snapshot (data, last good poll, upstream error). */
  'status/updated': StatusSnapshot;
  /** Main asks the renderer to show a place in the app, e.g. an incident from a desktop notification. */
  'app/navigate': { hash: string };
  /** Sync progress (a few times a second at most) and every change of sync state. */
  'sync/status': SyncStatus;
  /** Progress of a compiler download started with `verify/compilers/download`. */
  'verify/compiler-progress': CompilerProgress;
  /**
   * A profile's verify session changed, from whichever window or tab: files or examples added,
   * cleared, a verification started or ended, the profile renamed or removed. Views read after it
   * carry its revision or a higher one.
   */
  'verify/session-changed': VerifySessionChange;
}

export type Channel = keyof ApiChannels;
export type EventName = keyof ApiEvents;
export type RequestOf<C extends Channel> = ApiChannels[C]['request'];
export type ResponseOf<C extends Channel> = ApiChannels[C]['response'];

export const CHANNELS = ['app/info', 'network/status', 'network/switch', 'network/profiles', 'network/profiles/save', 'network/profiles/delete', 'network/profiles/check', 'accounts/list', 'mirror/get', 'mirror/call', 'status/snapshot', 'status/settings/get', 'status/settings/set', 'status/poll-now', 'sync/status', 'sync/pause', 'sync/resume', 'sync/resync', 'sync/account-history', 'sync/topic-history', 'sync/retention', 'sync/compact', 'verify/session', 'verify/session/clear', 'verify/files/add', 'verify/examples/add', 'verify/contracts/verify', 'verify/check', 'verify/suggestions', 'verify/sources', 'verify/source-file', 'verify/compilers/list', 'verify/compilers/import', 'verify/compilers/download'] as const satisfies readonly Channel[];
export const EVENT_NAMES = ['network/changed', 'status/notification', 'status/updated', 'app/navigate', 'sync/status', 'verify/compiler-progress', 'verify/session-changed'] as const satisfies readonly EventName[];

export type ApiErrorCode = 'invalid-input' | 'not-found' | 'unavailable' | 'forbidden' | 'internal';

export interface ApiError {
  code: ApiErrorCode;
  message: string;
  /** One line per problem, e.g. each invalid query parameter. */
  details: string[];
  /** `mirror/get` and `mirror/call` only: the mirror API's HTTP status and error body. */
  mirror?: { status: number; body: unknown };
}

/** Calls never throw across the bridge: they resolve to a value or a typed error. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Carries one call to main and back (IPC in Electron, HTTP in the browser). */
export type ApiTransport = <C extends Channel>(channel: C, request: RequestOf<C>) => Promise<ApiResult<ResponseOf<C>>>;
export type EventSubscriber = <E extends EventName>(event: E, listener: (payload: ApiEvents[E]) => void) => () => void;

/** The API as the renderer calls it: `api.accounts.list({ query })`. */
export interface MirrordeskApi {
  app: { info(): Promise<ApiResult<AppInfo>> };
  network: {
    status(): Promise<ApiResult<NetworkInfo>>;
    switch(request: RequestOf<'network/switch'>): Promise<ApiResult<NetworkInfo>>;
    profiles(): Promise<ApiResult<ProfileList>>;
    saveProfile(request: CustomProfileInput): Promise<ApiResult<ProfileList>>;
    deleteProfile(request: { name: string }): Promise<ApiResult<ProfileList>>;
    checkUpstream(request: { mirrorUrl: string }): Promise<ApiResult<UpstreamCheck>>;
  };
  accounts: { list(request: RequestOf<'accounts/list'>): Promise<ApiResult<AccountsResponse>> };
  mirror: {
    get(request: RequestOf<'mirror/get'>): Promise<ApiResult<MirrorGetResponse>>;
    call(request: MirrorCallRequest): Promise<ApiResult<MirrorGetResponse>>;
  };
  status: {
    snapshot(): Promise<ApiResult<StatusSnapshot>>;
    settings(): Promise<ApiResult<NotificationSettings>>;
    saveSettings(request: NotificationSettings): Promise<ApiResult<NotificationSettings>>;
    pollNow(): Promise<ApiResult<StatusPollReply>>;
  };
  sync: {
    status(): Promise<ApiResult<SyncStatus>>;
    pause(): Promise<ApiResult<SyncStatus>>;
    resume(): Promise<ApiResult<SyncStatus>>;
    resync(): Promise<ApiResult<SyncStatus>>;
    accountHistory(request: RequestOf<'sync/account-history'>): Promise<ApiResult<AccountHistory>>;
    topicHistory(request: RequestOf<'sync/topic-history'>): Promise<ApiResult<TopicHistory>>;
    setRetention(request: RequestOf<'sync/retention'>): Promise<ApiResult<SyncStatus>>;
    compact(): Promise<ApiResult<SyncStatus>>;
  };
  verify: {
    session(): Promise<ApiResult<VerifySessionView>>;
    clear(): Promise<ApiResult<VerifySessionView>>;
    addFiles(request: RequestOf<'verify/files/add'>): Promise<ApiResult<VerifyFilesAdded>>;
    addExamples(): Promise<ApiResult<ResponseOf<'verify/examples/add'>>>;
    verifyContracts(request: RequestOf<'verify/contracts/verify'>): Promise<ApiResult<VerifySessionView>>;
    check(request: RequestOf<'verify/check'>): Promise<ApiResult<VerifyCheckReply>>;
    suggestions(request: RequestOf<'verify/suggestions'>): Promise<ApiResult<ContractSuggestionsReply>>;
    sources(request: RequestOf<'verify/sources'>): Promise<ApiResult<VerifiedSourcesReply>>;
    sourceFile(request: RequestOf<'verify/source-file'>): Promise<ApiResult<ResponseOf<'verify/source-file'>>>;
    compilers(): Promise<ApiResult<VerifyCompilersReply>>;
    importCompiler(request: RequestOf<'verify/compilers/import'>): Promise<ApiResult<ResponseOf<'verify/compilers/import'>>>;
    downloadCompiler(request: RequestOf<'verify/compilers/download'>): Promise<ApiResult<ResponseOf<'verify/compilers/download'>>>;
  };
  on: EventSubscriber;
}

/** Builds the renderer-facing API over any transport; preload and the web client share it. */
export function createApiClient(transport: ApiTransport, subscribe: EventSubscriber): MirrordeskApi {
  return {
    app: { info: () => transport('app/info', null) },
    network: {
      status: () => transport('network/status', null),
      switch: (request) => transport('network/switch', request),
      profiles: () => transport('network/profiles', null),
      saveProfile: (request) => transport('network/profiles/save', request),
      deleteProfile: (request) => transport('network/profiles/delete', request),
      checkUpstream: (request) => transport('network/profiles/check', request),
    },
    accounts: { list: (request) => transport('accounts/list', request) },
    mirror: { get: (request) => transport('mirror/get', request), call: (request) => transport('mirror/call', request) },
    status: {
      snapshot: () => transport('status/snapshot', null),
      settings: () => transport('status/settings/get', null),
      saveSettings: (request) => transport('status/settings/set', request),
      pollNow: () => transport('status/poll-now', null),
    },
    sync: {
      status: () => transport('sync/status', null),
      pause: () => transport('sync/pause', null),
      resume: () => transport('sync/resume', null),
      resync: () => transport('sync/resync', null),
      accountHistory: (request) => transport('sync/account-history', request),
      topicHistory: (request) => transport('sync/topic-history', request),
      setRetention: (request) => transport('sync/retention', request),
      compact: () => transport('sync/compact', null),
    },
    verify: {
      session: () => transport('verify/session', null),
      clear: () => transport('verify/session/clear', null),
      addFiles: (request) => transport('verify/files/add', request),
      addExamples: () => transport('verify/examples/add', null),
      verifyContracts: (request) => transport('verify/contracts/verify', request),
      check: (request) => transport('verify/check', request),
      suggestions: (request) => transport('verify/suggestions', request),
      sources: (request) => transport('verify/sources', request),
      sourceFile: (request) => transport('verify/source-file', request),
      compilers: () => transport('verify/compilers/list', null),
      importCompiler: (request) => transport('verify/compilers/import', request),
      downloadCompiler: (request) => transport('verify/compilers/download', request),
    },
    on: subscribe,
  };
}
