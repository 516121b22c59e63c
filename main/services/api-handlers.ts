import type { ApiHandlers } from '../bridge/dispatch.ts';
import { ApiFailure } from '../bridge/api-error.ts';
import type { MirrorApiConfig } from '../mirror/config.ts';
import type { MirrorApi } from '../mirror/mirror-api.ts';
import { parseQueryString, RepeatLimitError } from '../mirror/http/query-string.ts';
import type { ProfileSession } from './profile-session.ts';

export interface HandlerDeps {
  version: string;
  shell: 'desktop' | 'web';
  session: () => ProfileSession;
  mirror: () => MirrorApi;
  mirrorConfig: () => MirrorApiConfig;
  mirrorUrl: string;
}

/** The typed API implemented over the running services. */
export function createApiHandlers(deps: HandlerDeps): ApiHandlers {
  return {
    'app/info': () => ({
      version: deps.version,
      shell: deps.shell,
      network: deps.session().info(),
      services: { mirror: deps.mirrorUrl },
    }),
    'network/status': () => deps.session().info(),
    'accounts/list': ({ query }) => {
      let raw;
      try {
        raw = parseQueryString(query, deps.mirrorConfig().query.maxRepeatedQueryParameters);
      } catch (error) {
        if (error instanceof RepeatLimitError) throw new ApiFailure('invalid-input', 'Invalid accounts query', [error.message]);
        throw error;
      }
      const result = deps.mirror().accounts.list(raw);
      if (!result.ok) throw new ApiFailure('invalid-input', 'Invalid accounts query', result.messages);
      return result.body;
    },
  };
}
