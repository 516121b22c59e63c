/** What the bridge's request validators share: the shape of a request object and of an EVM address. */

export type Fields = Record<string, unknown>;

/** A 0x-prefixed 20-byte hex address. */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An object with only the allowed fields; problems name the unexpected ones. */
export function objectWith(request: unknown, allowed: readonly string[], shape: string): { input: Fields; problems: string[] } | { input: null; problems: string[] } {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { input: null, problems: [`request must be an object with ${shape}`] };
  const input = request as Fields;
  return { input, problems: unexpectedFields(input, allowed) };
}

/** How many unexpected fields a refusal names, and how much of each name: a refusal never echoes a request back whole. */
const NAMED_FIELDS = 10;
const NAME_CHARACTERS = 40;

/** One problem per field of `input` outside `allowed` (the first ten, each name cut to 40 characters), then how many more. */
export function unexpectedFields(input: Fields, allowed: readonly string[], label = ''): string[] {
  const extra = Object.keys(input).filter((key) => !allowed.includes(key));
  const named = extra.slice(0, NAMED_FIELDS).map((key) => `${label ? `${label} has an ` : ''}unexpected field "${key.slice(0, NAME_CHARACTERS)}"`);
  return extra.length > NAMED_FIELDS ? [...named, `and ${extra.length - NAMED_FIELDS} more unexpected fields`] : named;
}
