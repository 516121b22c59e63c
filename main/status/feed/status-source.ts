/** One answer of an upstream to a conditional GET of one feed. */
export type FeedResponse =
  | { kind: 'ok'; text: string; contentType: string | null; etag: string | null }
  | { kind: 'not-modified' }
  /** `error` says why, not which feed: the poller names the path where it matters (feed-failures.ts). */
  | { kind: 'error'; error: string; status?: number; retryAfterMs?: number };

/** Where feed bodies come from: an upstream Statuspage over HTTP, or the demo network's own history. */
export interface StatusSource {
  /** A local source needs no network, so the offline check does not hold it back. */
  readonly local: boolean;
  /** A short description for the UI and logs ("https://status.example.com", "demo network"). */
  readonly label: string;
  fetchFeed(path: string, etag: string | null, signal: AbortSignal): Promise<FeedResponse>;
}
