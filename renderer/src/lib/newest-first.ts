/**
 * Orders what a screen hears of one thing by two ways: answers it asks for, and events main pushes.
 * The two travel apart (a fetch, the event stream), so an answer built before an event can arrive
 * after it: shown then, it would take the screen back in time (a status poll shown as still running
 * long after it ended, until the next one). Each request and each event takes a number as it starts
 * or arrives; an answer is shown only when nothing that started after its request (an event, a later
 * request's answer) has been shown already. An event is always newer than what was asked before it
 * came: main answers a request with what it holds then, and sends an event after what it tells of.
 */
export interface NewestFirst {
  /** An event arrived: show it. */
  pushed(): void;
  /** A request goes out; call what it returns with its answer: true to show the answer, false when something newer was shown. */
  asked(): () => boolean;
}

export function newestFirst(): NewestFirst {
  let issued = 0;
  let shown = 0;
  return {
    pushed() {
      issued += 1;
      shown = issued;
    },
    asked() {
      issued += 1;
      const ticket = issued;
      return () => {
        if (ticket < shown) return false;
        shown = ticket;
        return true;
      };
    },
  };
}
