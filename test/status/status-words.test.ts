import { describe, expect, it } from 'vitest';
import { isClosedStatus, isMaintenanceStatus, NOT_UNRESOLVED_STATUSES } from '../../main/common/status-words.ts';

// The renderer reads a card as open or over with these same words (IncidentCard.svelte): it must
// never call open a record the status API leaves out of the unresolved incidents.
describe('status words shared by main and the Status screen', () => {
  const words = ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem', 'scheduled', 'in_progress', 'verifying', 'completed', 'a word nobody uses'];

  it('a record of the incident feeds is unresolved exactly when it is neither over nor a maintenance', () => {
    for (const status of words) {
      expect(!isClosedStatus(status) && !isMaintenanceStatus(status), status).toBe(!NOT_UNRESOLVED_STATUSES.includes(status));
    }
  });

  it('an incident resolved or given its postmortem, and a maintenance completed, are over; a maintenance under way is not', () => {
    expect(words.filter(isClosedStatus)).toEqual(['resolved', 'postmortem', 'completed']);
    expect(words.filter(isMaintenanceStatus)).toEqual(['scheduled', 'in_progress', 'verifying', 'completed']);
  });
});
