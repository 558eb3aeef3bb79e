/**
 * The hide-on-scroll navbar as a pure step function: given where the page was
 * and where it is now, whether the navbar should be hidden.
 */
export interface HideOnScrollState {
  hidden: boolean;
  lastY: number;
  /** Set by a jump to an anchor: the next scroll is that jump, not the reader scrolling. */
  jumped: boolean;
}

export function initialHideOnScroll(y: number): HideOnScrollState {
  return { hidden: false, lastY: y, jumped: false };
}

/** Near the top of the page the navbar always shows: there is nothing to make room for. */
export function afterScroll(state: HideOnScrollState, y: number, navbarHeight: number): HideOnScrollState {
  if (state.jumped) return { hidden: true, lastY: y, jumped: false };
  if (y < navbarHeight) return { hidden: false, lastY: y, jumped: false };
  if (y > state.lastY) return { hidden: true, lastY: y, jumped: false };
  if (y < state.lastY) return { hidden: false, lastY: y, jumped: false };
  return state;
}

/**
 * A jump to an anchor hides the navbar, so it does not cover the heading
 * jumped to. If the jump's own scroll was not seen yet, it is remembered so
 * that scroll (whichever way it goes) does not show the navbar again.
 */
export function afterAnchorJump(state: HideOnScrollState, y: number): HideOnScrollState {
  return { ...state, hidden: true, jumped: y !== state.lastY };
}
