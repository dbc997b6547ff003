// One screen for a turn: every game draws its bars and prompt on top, then the stage (the
// summary of the round just ended, `ctx.roundSummary`; the board and what reads beside it:
// scores, results, teams), then the dock (the decision and the hand). While a seated player is in a game the stage alone scrolls, so the prompt, the
// decision and the whole hand stay in the window (styles/table.css, "One screen").

import { h } from '../dom/vdom.js';

// A region that scrolls is reached by keyboard too (it takes the focus, arrows scroll it).
export function stage(...children) {
  return h('div', { class: 'cb-stage', key: 'stage', role: 'region', 'aria-label': 'The table', tabindex: 0 }, ...children);
}
