import { parseJsonLossless, stringifyJson } from '../../mirror/format/json-out.ts';

/** A JSON object as the upstream sent it: every field kept, known or not. */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses keeping 64-bit integers exact, so a record round-trips byte for byte in its values. */
export function parseStatusJson(text: string): unknown {
  return parseJsonLossless(text);
}

export function stringifyStatusJson(value: unknown): string {
  return stringifyJson(value);
}
