/**
 * How long a schedule created without an expiration time lives: the network's
 * `ledger.schedule.txExpiryTimeSecs`. The API's cache rule and the app's "expired" state both read it.
 */
export const SCHEDULE_DEFAULT_LIFETIME_SECONDS = 1800;
