/**
 * Hash routes into the renderer that main also needs (a desktop notification opens an incident).
 * Imported by main and renderer; no Node or DOM APIs.
 */

/** The Status screen, showing one incident or maintenance. */
export function statusIncidentHash(id: string): string {
  return `#/status?incident=${encodeURIComponent(id)}`;
}

export const STATUS_HASH = '#/status';
