/**
 * Said when a contract asked for is no longer in the Verify screen's session: another window (or
 * tab) cleared it or changed its files, or the session expired after 12 h idle and a new one opened.
 * Its verification id is the session's own, no use to the user. One text for main's refusal and
 * the screen's notice, so both say the same.
 */
export const SESSION_CHANGED = 'This session no longer holds this contract (cleared or changed in another window, or expired after 12 h idle); add the files again.';
