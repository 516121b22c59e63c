import type { ParsedQuery } from '../http/query-string.ts';
import { badRequest, type GetOutcome } from './mirror-get.ts';
import { arrayTexts, boundCount } from './java-params.ts';
import { JAVA_MAX_LIMIT } from './java-limits.ts';

/**
 * The bean-validation constraints of a Java-module route's parameters, checked after every value
 * converted and reported together. Unlike its other errors, the module's advice words a violated
 * constraint as the Node.js module words errors: a bare `message`, "<parameter> <constraint
 * message>", no `detail` or `data` (its ControllerTest.validateError tells the two kinds apart;
 * specs/network/nodes/invalid-params.json, `java`, shows the bare form).
 */
export class JavaConstraints {
  readonly #violations: string[] = [];

  /** `@Positive @Max(100) int limit`. */
  limit(limit: number): this {
    if (limit <= 0) this.#violations.push('limit must be greater than 0');
    else if (limit > JAVA_MAX_LIMIT) this.#violations.push(`limit must be less than or equal to ${JAVA_MAX_LIMIT}`);
    return this;
  }

  /** `@Min(min)` on a number (the hook id of a hook storage path). */
  min(name: string, value: bigint, min: bigint): this {
    if (value < min) this.#violations.push(`${name} must be greater than or equal to ${min}`);
    return this;
  }

  /** `@Size(max = n)` on an array parameter. */
  size(raw: ParsedQuery, name: string, max: number): this {
    if (boundCount(raw, name) > max) this.#violations.push(`${name} size must be between 0 and ${max}`);
    return this;
  }

  /** `@Pattern(regexp, message)` on the values of an array parameter: one violation however many values break it. */
  pattern(raw: ParsedQuery, name: string, regex: RegExp, message: string): this {
    if ((arrayTexts(raw, name) ?? []).some((text) => !regex.test(text))) this.#violations.push(message);
    return this;
  }

  /** The 400 listing every violation, or null when there is none. */
  outcome(): GetOutcome | null {
    return this.#violations.length === 0 ? null : badRequest(...this.#violations.map((message) => ({ message })));
  }
}
