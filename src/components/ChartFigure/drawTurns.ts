/**
 * Turns to draw a chart panel: one panel at a time on the whole page, the one nearest the
 * middle of the screen first, each in a task of its own after the previous one has painted.
 *
 * recharts draws a panel in one uninterruptible render (its size arrives from a
 * ResizeObserver, outside any transition, and its store updates are synchronous). A figure
 * whose panels all start together is drawn in one task: on bench:site's phone profile about
 * 2.9 s for three panels, the reader seeing none of them until all are done and the page
 * frozen meanwhile. Taken in turns, the panel the reader looks at is on screen after its own
 * share, and input and paint get in between panels.
 */

/** How near the viewport a figure goes live and a panel queues to be drawn (IntersectionObserver rootMargin): about one phone screen. */
export const NEAR_VIEWPORT = '400px 0px';

interface Waiting {
  el: Element;
  start: () => void;
}

const waiting = new Set<Waiting>();
let drawing: Waiting | undefined;
let scheduled = false;

/** From the panel's middle to the screen's (read when a turn is given, so after any scroll). */
function offCentre(el: Element): number {
  const r = el.getBoundingClientRect();
  return Math.hypot((r.left + r.right) / 2 - window.innerWidth / 2, (r.top + r.bottom) / 2 - window.innerHeight / 2);
}

function giveNextTurn(): void {
  if (drawing || scheduled || waiting.size === 0) return;
  scheduled = true;
  // A frame, then a task: the panel just drawn is painted before the next one's work starts.
  requestAnimationFrame(() =>
    setTimeout(() => {
      scheduled = false;
      if (drawing || waiting.size === 0) return;
      // Each panel's place read once (a sort's comparator would read it at every comparison).
      const [first] = [...waiting].map((w) => ({w, d: offCentre(w.el)})).sort((a, b) => a.d - b.d).map(({w}) => w);
      waiting.delete(first);
      drawing = first;
      first.start();
    }),
  );
}

/**
 * Queue `el`'s panel: `start` is called when it is its turn (then the panel draws and calls
 * the returned function once it has). Before its turn, the returned function leaves the queue.
 */
export function queueToDraw(el: Element, start: () => void): () => void {
  const entry: Waiting = {el, start};
  waiting.add(entry);
  giveNextTurn();
  return () => {
    waiting.delete(entry);
    if (drawing === entry) drawing = undefined;
    giveNextTurn();
  };
}
