/**
 * The web bridge's reading of a call's JSON body. Fastify's own parser refuses the keys
 * `__proto__` and `constructor.prototype` (prototype poisoning) in the same words as JSON cut
 * short, "Body is not valid JSON", which sent a caller looking for a syntax error that was not
 * there. This one refuses them as well, saying which key it is.
 */

/** A body the bridge does not read: Fastify answers it 400, in the bridge's typed error. */
export class UnreadableBody extends Error {
  readonly statusCode = 400;
}

export function parseBridgeBody(text: string): unknown {
  let reserved: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, (key, item: unknown) => {
      // The reviver sees each key once its value is read: the first reserved one is named.
      if (reserved === null && (key === '__proto__' || (key === 'constructor' && typeof item === 'object' && item !== null && Object.hasOwn(item, 'prototype')))) {
        reserved = key === '__proto__' ? '"__proto__"' : '"constructor" holding "prototype"';
      }
      return item;
    });
  } catch (error) {
    throw new UnreadableBody(`Body is not valid JSON: ${(error as Error).message}`);
  }
  if (reserved !== null) throw new UnreadableBody(`Body holds the key ${reserved}, which the bridge refuses (it could change what every object inherits); no call takes it`);
  return value;
}
