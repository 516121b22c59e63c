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
  /** A request goes out; what it returns is asked once its answer is in. */
  asked(): AskedAnswer;
}

/**
 * An answer's place in the order. Ask only as the answer is about to be shown: `showIfNewest`
 * takes the answer's place as the newest shown, and a later answer to an older request is then
 * dropped. An answer that would replace nothing (a failure, where the screen keeps what it shows)
 * asks `isNewest` instead, which takes no place: a fast failing request must not drop an older
 * request's good answer still on its way.
 */
export interface AskedAnswer {
  /** True to show the answer (it is now the newest shown); false when something newer was shown. */
  showIfNewest(): boolean;
  /** True when nothing newer than this request has been shown; takes no place in the order. */
  isNewest(): boolean;
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
      return {
        showIfNewest() {
          if (ticket < shown) return false;
          shown = ticket;
          return true;
        },
        isNewest: () => ticket >= shown,
      };
    },
  };
}
