/** What the bridge's request validators share: the shape of a request object and of an EVM address. */

export type Fields = Record<string, unknown>;

/** A 0x-prefixed 20-byte hex address. */
export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An object with only the allowed fields; problems name the unexpected ones. */
export function objectWith(request: unknown, allowed: string[], shape: string): { input: Fields; problems: string[] } | { input: null; problems: string[] } {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return { input: null, problems: [`request must be an object with ${shape}`] };
  const input = request as Fields;
  return { input, problems: Object.keys(input).filter((key) => !allowed.includes(key)).map((key) => `unexpected field "${key.slice(0, 40)}"`) };
}
