import type { GetOutcome } from './mirror-get.ts';
import type { MirrorMessage } from './query-filters.ts';

type JavaMessage = MirrorMessage & { data: null; detail: string };

const REASON_PHRASE = { 400: 'Bad Request', 404: 'Not Found' } as const;

/**
 * Errors as the reference's Java module (rest-java) words them: its Spring controller advice puts
 * the HTTP reason phrase in `message`, what went wrong in `detail`, and `data` null, one message
 * per error (specs/network/stake/not-found.json, and the `java` bodies of specs/network/supply).
 * The routes that module serves answer their errors through here, but for violated constraints
 * (JavaConstraints) and registered nodes' binding errors, which it words as bare messages.
 */
export function javaError(status: keyof typeof REASON_PHRASE, ...details: string[]): GetOutcome {
  return { status, messages: details.map((detail): JavaMessage => ({ data: null, detail, message: REASON_PHRASE[status] })) };
}

/** A query or path value the module could not turn into its parameter's type (the value itself is left out, as there). */
export const failedToConvert = (name: string): GetOutcome => javaError(400, `Failed to convert '${name}'`);

/** An account path id in a valid format that names no account (an unknown alias or EVM address). */
export const NO_ACCOUNT_FOUND: GetOutcome = javaError(404, 'No account found for the given ID');

/** Thrown by request parsing deep in a Java-module route; the route answers it as a 400. */
export class JavaBadRequest extends Error {}

/** Runs `answer`, turning a JavaBadRequest thrown inside into its 400. */
export function answeringBadRequests(answer: () => GetOutcome): GetOutcome {
  try {
    return answer();
  } catch (error) {
    if (error instanceof JavaBadRequest) return javaError(400, error.message);
    throw error;
  }
}
