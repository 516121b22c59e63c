import { JavaBadRequest } from './java-error.ts';
import type { RangeOperator, RangeParam } from './java-params.ts';
import { MAX_LONG } from './param-values.ts';

/**
 * The edge value a range filter lets through, as the reference's getInclusiveValue: `gt` one
 * more, `lt` one less, in Java's long arithmetic, which wraps (gt:MAX gives MIN, so it lets
 * everything through there, and here alike).
 */
export function inclusiveValueOf(param: RangeParam): bigint {
  if (param.operator === 'gt') return BigInt.asIntN(64, param.value + 1n);
  if (param.operator === 'lt') return BigInt.asIntN(64, param.value - 1n);
  return param.value;
}

const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
const minOf = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/**
 * The closed range the `gt`/`gte`/`lt`/`lte` filters leave inside [lower, upper], each edge in
 * Java's long arithmetic (inclusiveValueOf); `eq` and `ne` bound nothing here.
 */
export function foldedRange(params: Iterable<RangeParam>, lower: bigint, upper: bigint): { lower: bigint; upper: bigint } {
  for (const param of params) {
    if (param.operator === 'gt' || param.operator === 'gte') lower = maxOf(lower, inclusiveValueOf(param));
    else if (param.operator === 'lt' || param.operator === 'lte') upper = minOf(upper, inclusiveValueOf(param));
  }
  return { lower, upper };
}

const isLower = (operator: RangeOperator): boolean => operator === 'gt' || operator === 'gte' || operator === 'eq';
const isUpper = (operator: RangeOperator): boolean => operator === 'lt' || operator === 'lte';

/**
 * The filters on one sort column of a Java-module listing (its service.Bound): the last lower
 * (`gt`, `gte` or `eq`) and the last upper (`lt`, `lte`) filter given; `ne` is counted but
 * bounds nothing. Some methods change the bound, as there: javaBoundsCondition depends on it.
 */
export class JavaBound {
  readonly parameterName: string;
  readonly column: string;
  lower: RangeParam | null = null;
  upper: RangeParam | null = null;
  readonly #cardinality = new Map<RangeOperator, number>();

  /** A primary sort column's bounds must not cross: "Invalid range provided for <parameter>". */
  constructor(params: readonly RangeParam[] | undefined, primarySortField: boolean, parameterName: string, column: string) {
    this.parameterName = parameterName;
    this.column = column;
    for (const param of params ?? []) {
      if (isLower(param.operator)) this.lower = param;
      else if (isUpper(param.operator)) this.upper = param;
      this.#cardinality.set(param.operator, (this.#cardinality.get(param.operator) ?? 0) + 1);
    }
    if (primarySortField && this.adjustedLower() > this.adjustedUpper()) {
      throw new JavaBadRequest(`Invalid range provided for ${parameterName}`);
    }
  }

  /** The lowest value the lower filter lets through (0 without one). */
  adjustedLower(): bigint {
    return this.lower ? inclusiveValueOf(this.lower) : 0n;
  }

  /** The highest value the upper filter lets through (the long maximum without one). */
  adjustedUpper(): bigint {
    return this.upper ? inclusiveValueOf(this.upper) : MAX_LONG;
  }

  /** The lower filter, rewritten to `eq` when the bounds let one value through. */
  adjustLowerRange(): RangeParam | null {
    if (this.hasEqualBounds()) {
      this.lower = { operator: 'eq', value: this.adjustedLower() };
      this.upper = null;
    }
    return this.lower;
  }

  /** An `eq` lower filter of a secondary column bounds it from above too. */
  adjustUpperRange(): void {
    if (!this.isEmpty() && this.lower?.operator === 'eq') this.upper = this.lower;
  }

  /** The upper (else lower) filter's edge value; the filter must be there. */
  inclusiveValue(upper: boolean): bigint {
    return inclusiveValueOf((upper ? this.upper : this.lower)!);
  }

  cardinality(...operators: RangeOperator[]): number {
    return operators.reduce((sum, operator) => sum + (this.#cardinality.get(operator) ?? 0), 0);
  }

  isEmpty(): boolean {
    return this.lower === null && this.upper === null;
  }

  hasLowerAndUpper(): boolean {
    return this.lower !== null && this.upper !== null;
  }

  hasEqualBounds(): boolean {
    return this.hasLowerAndUpper() && this.adjustedLower() === this.adjustedUpper();
  }

  /** A new bound holding only this one's lower filter (toUpper: only its upper one). */
  toLower(): JavaBound {
    return new JavaBound(this.lower ? [{ ...this.lower }] : [], false, this.parameterName, this.column);
  }

  toUpper(): JavaBound {
    return new JavaBound(this.upper ? [{ ...this.upper }] : [], false, this.parameterName, this.column);
  }

  verifyUnsupported(operator: RangeOperator): void {
    if (this.cardinality(operator) > 0) throw new JavaBadRequest(`Unsupported range operator ${operator} for ${this.parameterName}`);
  }

  verifySingleOccurrence(): void {
    for (const operators of [['eq'], ['gt', 'gte'], ['lt', 'lte']] as RangeOperator[][]) {
      if (this.cardinality(...operators) > 1) {
        const names = `[${operators.join(', ')}]`;
        throw new JavaBadRequest(`Only one range operator from ${names} is allowed for the given parameter for ${this.parameterName}`);
      }
    }
  }

  verifyEqualOrRange(): void {
    if (this.cardinality('eq') === 1 && (this.cardinality('gt', 'gte') !== 0 || this.cardinality('lt', 'lte') !== 0)) {
      throw new JavaBadRequest(`Can't support both range and equal for ${this.parameterName}`);
    }
  }
}
