import type { NetworkInfo } from '../common/api-contract.ts';
import type { ApiHandlers } from '../bridge/dispatch.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import type { MirrorApiConfig } from '../mirror/config.ts';
import type { MirrorApi } from '../mirror/mirror-api.ts';
import { parseQueryString, QueryLimitError } from '../mirror/http/query-string.ts';
import type { StatusService } from '../status/status-service.ts';
import type { ProfileSession } from './profile-session.ts';
import { createMirrorCallHandler, createMirrorGetHandler, type WithMirror } from './mirror-get-handler.ts';
import { createStatusHandlers } from './status-handlers.ts';
import { createSyncHandlers } from './sync-handlers.ts';
import { createProfileHandlers, type ProfileOptions, type ProfileUse } from './profile-handlers.ts';
import type { OwnServiceUrls } from './own-service-urls.ts';
import { createVerifyHandlers } from './verify-handlers.ts';
import { UnknownProfileError } from './network-profiles.ts';
import { ProfileSwitchError } from './profile-switch.ts';
import type { VerifyService } from '../verify/verify-service.ts';
import type { ApiEventBus } from './event-bus.ts';

export interface HandlerDeps {
  version: string;
  shell: 'desktop' | 'web';
  session: () => ProfileSession;
  mirror: () => MirrorApi;
  /** Runs a mirror request so that a profile switch waits for it (absent: the current `mirror()`, unguarded). */
  withMirror?: WithMirror;
  mirrorConfig: () => MirrorApiConfig;
  mirrorUrl: string;
  /** The profile's status service (null or absent: the profile has no status page). */
  status?: () => StatusService | null;
  /** Where that service answers now (a profile switch starts another; null: none). */
  statusUrl?: () => string | null;
  /** Opens another network profile in place of the current one (absent: switching unsupported). */
  switchNetwork?: (name: string) => Promise<NetworkInfo>;
  /** Whether a profile is open, about to be opened or still closing (absent: only the open one counts). */
  profileUse?: (name: string) => ProfileUse | null;
  /** Where custom profiles are saved and the `--upstream-mirror` one (absent: profiles cannot be listed or edited). */
  profileOptions?: ProfileOptions;
  /** Where the app's own services answer, which no profile may sync from or watch (absent: none known). */
  ownServices?: () => OwnServiceUrls;
  /** The verification service (null or absent: verification is off); `events` carries compiler download progress and verify session changes. */
  verify?: () => VerifyService | null;
  events?: ApiEventBus;
}

/** The typed API implemented over the running services. */
export function createApiHandlers(deps: HandlerDeps): ApiHandlers {
  const verify = createVerifyHandlers({
    verify: deps.verify ?? (() => null),
    session: deps.session,
    ...(deps.events ? { events: deps.events } : {}),
  });
  return {
    'app/info': () => {
      const statusUrl = deps.statusUrl?.() ?? null;
      return {
        version: deps.version,
        shell: deps.shell,
        network: deps.session().info(),
        services: { mirror: deps.mirrorUrl, ...(statusUrl === null ? {} : { status: statusUrl }) },
      };
    },
    'network/status': () => deps.session().info(),
    'network/switch': async ({ name }) => {
      if (!deps.switchNetwork) throw new ApiFailure('unavailable', 'switching network is not available here');
      try {
        return await deps.switchNetwork(name);
      } catch (error) {
        if (error instanceof UnknownProfileError) throw new ApiFailure('invalid-input', error.message);
        if (error instanceof ProfileSwitchError) throw new ApiFailure('unavailable', error.message);
        throw error;
      }
    },
    'accounts/list': ({ query }) => {
      let raw;
      try {
        raw = parseQueryString(query, deps.mirrorConfig().query.maxRepeatedQueryParameters);
      } catch (error) {
        if (error instanceof QueryLimitError) throw new ApiFailure('invalid-input', 'Invalid accounts query', [error.message]);
        throw error;
      }
      // As the mirror API's gate answers: no page of a demo ledger still being generated, or whose generation failed.
      const unavailable = deps.session().mirrorUnavailable();
      if (unavailable) throw new ApiFailure('unavailable', unavailable.message);
      const result = deps.mirror().accounts.list(raw);
      if (!result.ok) throw new ApiFailure('invalid-input', 'Invalid accounts query', result.messages);
      return result.body;
    },
    'mirror/get': createMirrorGetHandler(deps.withMirror ?? ((use) => use(deps.mirror()))),
    'mirror/call': createMirrorCallHandler(deps.withMirror ?? ((use) => use(deps.mirror()))),
    ...createStatusHandlers(deps.status ?? (() => null)),
    ...createSyncHandlers(deps.session),
    ...createProfileHandlers(deps.profileOptions, () => deps.session().profile.name, deps.profileUse, verify.profileRenamed, verify.profileRemoved, deps.ownServices),
    ...verify.handlers,
  };
}
