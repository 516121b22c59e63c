/**
 * Statuspage's status words as the app reads them, in one place for main (which incidents are
 * unresolved, which raise notifications) and the renderer (whether a card reads as open or over):
 * the Status screen must not call open what the status API leaves out of the unresolved incidents.
 */

/**
 * Incident statuses that close it (a notification calls them a resolution). Any other status is
 * open: Statuspage uses investigating, identified and monitoring, but the field is free-form, and an
 * incident in a status this app has not heard of is still one nobody has closed.
 */
export const RESOLVED_STATUSES: readonly string[] = ['resolved', 'postmortem'];
/** Maintenance status of an upcoming maintenance. */
export const UPCOMING_STATUS = 'scheduled';
/** Maintenance status of one that is over. */
const COMPLETED_STATUS = 'completed';
/**
 * A scheduled maintenance's statuses. Some pages list their maintenances in incidents.json too
 * (Telerik's did); a record there in one of these is a maintenance, not an incident: it is never
 * unresolved (Statuspage's unresolved.json leaves maintenances out, whatever their status) and is
 * never notified as an incident (the upcoming list announces it).
 */
export const MAINTENANCE_STATUSES: readonly string[] = [UPCOMING_STATUS, 'in_progress', 'verifying', COMPLETED_STATUS];
/** Statuses that keep a record of the incident feeds out of the unresolved incidents. */
export const NOT_UNRESOLVED_STATUSES: readonly string[] = [...RESOLVED_STATUSES, ...MAINTENANCE_STATUSES];

export function isMaintenanceStatus(status: unknown): boolean {
  return MAINTENANCE_STATUSES.includes(String(status));
}

/** A record that is over: an incident resolved (or given its postmortem), a maintenance completed. */
export function isClosedStatus(status: unknown): boolean {
  return RESOLVED_STATUSES.includes(String(status)) || String(status) === COMPLETED_STATUS;
}
