/**
 * drawTurns: one panel draws at a time, the one nearest the middle of the screen first, the
 * next only after the previous has said it is drawn (then after a frame and a task). Counted
 * with fake timers and stand-in elements; the browser test is tests/e2e/chart-draw-turns.spec.ts.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {queueToDraw} from './drawTurns';

const SCREEN = {innerWidth: 400, innerHeight: 800};

/** A stand-in panel whose middle is `y` px from the top of the screen. */
const panelAt = (y: number) => ({getBoundingClientRect: () => ({left: 0, right: 400, top: y - 100, bottom: y + 100})}) as unknown as Element;

/** Runs the frame and the task a turn waits for. */
const nextTurn = () => vi.advanceTimersByTime(50);

describe('drawTurns', () => {
  beforeEach(() => {
    vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
    vi.stubGlobal('window', SCREEN);
    vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, 16));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts one panel at a time, nearest the middle of the screen first, each after the previous is drawn', () => {
    const started: string[] = [];
    const leave: Record<string, () => void> = {};
    for (const [name, y] of [['above', -300], ['middle', 420], ['below', 1000]] as const) leave[name] = queueToDraw(panelAt(y), () => started.push(name));
    expect(started, 'nothing starts in the task that queued it').toEqual([]);
    nextTurn();
    expect(started).toEqual(['middle']);
    nextTurn();
    expect(started, 'no second panel while the first draws').toEqual(['middle']);
    leave.middle();
    expect(started, 'the next turn waits for a frame and a task').toEqual(['middle']);
    nextTurn();
    expect(started).toEqual(['middle', 'below']);
    leave.below();
    nextTurn();
    expect(started).toEqual(['middle', 'below', 'above']);
    leave.above();
  });

  it('a panel that leaves the queue before its turn is never started, and does not hold up the others', () => {
    const started: string[] = [];
    const leaveFirst = queueToDraw(panelAt(400), () => started.push('first'));
    const leaveGone = queueToDraw(panelAt(500), () => started.push('gone'));
    const leaveLast = queueToDraw(panelAt(900), () => started.push('last'));
    nextTurn();
    leaveGone();
    leaveFirst();
    nextTurn();
    expect(started).toEqual(['first', 'last']);
    leaveLast();
    nextTurn();
    expect(started).toEqual(['first', 'last']);
  });
});
