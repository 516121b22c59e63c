import { describe, expect, it } from 'vitest';
import { toastTone } from '../../../renderer/src/lib/toast-tone.ts';

describe('the colour of a status toast', () => {
  it('is the incident\'s impact while it is open, and good news once it is resolved', () => {
    expect(toastTone({ kind: 'incident.new', impact: 'critical' })).toBe('critical');
    expect(toastTone({ kind: 'incident.update', impact: null })).toBe('minor');
    expect(toastTone({ kind: 'incident.resolved', impact: 'major' })).toBe('ok');
    expect(toastTone({ kind: 'maintenance.new', impact: 'none' })).toBe('maintenance');
  });

  it('is that of the worst still open for a summary, a maintenance\'s for one of announcements, and good news for one of resolutions', () => {
    expect(toastTone({ kind: 'poll.summary', impact: 'major' })).toBe('major');
    expect(toastTone({ kind: 'poll.summary', impact: 'none' })).toBe('minor');
    expect(toastTone({ kind: 'poll.summary', impact: 'maintenance' })).toBe('maintenance');
    expect(toastTone({ kind: 'poll.summary', impact: null })).toBe('ok');
  });
});
