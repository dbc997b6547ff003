// A finished game replayed move by move: the controls, who did what, the table drawn by
// the game's own renderer from the step's views (read-only), every seat's hand, and the
// final scores at the end. Each step's views and outcome come from the server
// (GET /api/records/ID/steps); nothing here works out a rule.

import { h } from '../dom/vdom.js';
import { rendererFor } from '../games/index.js';
import { coachedDecision, lastStep, stepLabel } from '../state/history.js';
import { plural, seatName, ordinal } from './format.js';
import { gameTitle } from './history-view.js';
import { lineText, moveSentence } from './event-text.js';
import { readOnly } from './read-only.js';

export function replayView(state) {
  const r = state.replay;
  const title = r && r.meta ? gameTitle(state, r.meta.game) : 'a game';
  return h('main', { class: 'screen replay-screen', id: 'main', tabindex: -1 },
    h('header', { class: 'panel replay-header' },
      h('div', { class: 'panel-head' },
        h('h1', null, `Replay: ${title}`),
        h('div', { class: 'replay-links' },
          r ? h('button', { type: 'button', 'data-action': 'download-record', 'data-game': r.gameId }, 'Download record') : null,
          h('button', { type: 'button', 'data-action': 'open-history' }, 'Back to history'))),
      r && r.meta ? controls(state, r) : null),
    content(state, r));
}

function content(state, r) {
  if (r && r.status === 'error' && !r.steps[r.step]) {
    return h('div', { class: 'banner error', role: 'alert' }, h('span', null, r.error),
      h('button', { type: 'button', 'data-action': 'open-history' }, 'Back to history'));
  }
  const step = r && r.steps[r.step];
  if (!step) return h('p', { class: 'panel muted', role: 'status' }, 'Loading the replay…');
  const table = replayTable(r, step, title(state, r));
  const renderer = rendererFor(r.meta.game);
  const viewer = Number.isInteger(state.ui.replaySeat) && state.ui.replaySeat < table.seats.length ? state.ui.replaySeat : null;
  const ctx = stepContext(table, step, viewer);
  return h('div', { class: `replay-body game-${r.meta.game}` },
    step.over ? finalScores(r, step, renderer, table) : null,
    // The games' boards put their parts (players, trick, hand) under h3 headings, as at a
    // live table, where they sit under the hidden "The game": so here too.
    h('h2', { class: 'sr-only', key: 'board-heading' }, 'The table'),
    h('div', { class: 'replay-board', key: 'board' }, readOnly(renderer.render(ctx))),
    coach(r, step, renderer, table, viewer),
    hands(r, step, renderer, table));
}

// The coach: for the seat chosen under "Table as seen by", what the search bot
// would have played at each of its decisions and the points the move cost by its estimate
// (GET /api/records/ID/coach, worked out by the server).
function coach(r, step, renderer, table, viewer) {
  const c = r.coach && r.coach.seat === viewer ? r.coach : null;
  const name = (s) => seatName(table, s);
  const said = (a) => (renderer.describeAction ? renderer.describeAction(a, name) : a.type);
  // Estimates from sampled deals: whole points say enough.
  const points = (loss) => (Math.round(loss) >= 1 ? `about ${plural(Math.round(loss), 'point')} better` : 'a little better');
  const body = [];
  if (viewer == null) {
    body.push(h('p', { class: 'muted' }, 'Choose a player under “Table as seen by”, and the search bot goes through every decision they made.'));
  } else if (!c) {
    body.push(h('button', { type: 'button', 'data-action': 'coach', 'data-seat': viewer }, `Coach ${name(viewer)}’s moves`));
  } else if (c.status === 'loading') {
    body.push(h('p', { role: 'status' }, `The search bot is going through ${name(viewer)}’s decisions…`));
  } else if (c.status === 'error') {
    body.push(h('div', { class: 'banner error', role: 'alert' }, h('span', null, c.error),
      h('button', { type: 'button', 'data-action': 'coach', 'data-seat': viewer }, 'Try again')));
  } else {
    const report = c.report;
    const here = coachedDecision(r, step.step);
    body.push(h('p', { class: 'coach-move', role: 'status' },
      step.step === 0
        ? `Step through ${name(viewer)}’s moves to see the search bot’s choice beside each.`
        : here == null
        ? `Move ${step.step} was not a choice of ${name(viewer)}’s.`
        : JSON.stringify(here.played) === JSON.stringify(here.search)
          ? `${name(viewer)} ${said(here.played)}: the search bot agrees.`
          : `${name(viewer)} ${said(here.played)}. The search bot’s choice: ${said(here.search)}, ${here.loss > 0 ? points(here.loss) : 'no better by its estimate'}.`));
    body.push(h('h3', null, 'Biggest mistakes'));
    body.push(report.worst.length === 0
      ? h('p', { class: 'muted' }, 'No decision cost points by the search bot’s estimate.')
      : h('ol', { class: 'coach-worst' }, report.worst.map((d) => h('li', { key: d.index },
          h('button', { type: 'button', 'data-action': 'replay-step', 'data-to': d.index + 1 }, `Move ${d.index + 1}`),
          ` ${name(viewer)} ${said(d.played)}; the search bot: ${said(d.search)}, ${points(d.loss)}.`))));
    body.push(h('p', { class: 'muted small' }, `${report.decisions.length} decisions looked at, ${report.playouts} playouts each.`));
  }
  return h('section', { class: 'panel replay-coach', 'aria-labelledby': 'coach-heading', key: 'coach' },
    h('h2', { id: 'coach-heading' }, 'Coach'), body);
}

function title(state, r) {
  return gameTitle(state, r.meta.game);
}

function controls(state, r) {
  const last = lastStep(r);
  const at = r.step;
  const step = r.steps[at];
  const button = (to, text, label, off) =>
    h('button', { type: 'button', class: 'replay-button', 'data-action': 'replay-step', 'data-to': to, 'aria-label': label, title: label, 'aria-disabled': off ? 'true' : null, key: to }, text);
  const table = replayTable(r, step || { over: false }, '');
  const viewer = Number.isInteger(state.ui.replaySeat) ? state.ui.replaySeat : null;
  return h('div', { class: 'replay-controls' },
    h('div', { class: 'replay-buttons', role: 'group', 'aria-label': 'Replay controls' },
      button('first', '|◀', 'First: the deal', at === 0),
      button('prev', '◀', 'Previous move', at === 0),
      button('next', '▶', 'Next move', at >= last),
      button('last', '▶|', 'Last move', at >= last)),
    h('p', { class: 'replay-step', role: 'status', 'aria-live': 'polite', 'data-step': at },
      h('b', null, stepLabel(at, r.meta.total)),
      step ? `: ${moveText(r, step, viewer)}` : ': loading…'),
    h('div', { class: 'field inline replay-viewer' },
      h('label', { for: 'replay-seat' }, 'Table as seen by'),
      h('select', { id: 'replay-seat', 'data-change': 'ui', 'data-key': 'replaySeat' },
        h('option', { value: '', selected: viewer == null }, 'Everyone (public view)'),
        table.seats.map((s) => h('option', { value: String(s.seat), key: s.seat, selected: viewer === s.seat }, seatName(table, s.seat))))),
    h('p', { class: 'muted small replay-keys' }, 'Keys: ← and → step, Home and End jump to the start and the end.'));
}

// Who did what at this step, told by the step's move-log events as the seat the table is
// shown as (`viewer`, null for the public view) read them at the live table: the same
// writer as the live log and status line (ui/event-text.js).
export function moveText(r, step, viewer = null) {
  if (step.step === 0 || step.action == null) return 'the cards are dealt.';
  const renderer = rendererFor(r.meta.game);
  const table = replayTable(r, step, '');
  const name = (s) => seatName(table, s);
  const view = viewer == null ? step.spectator || null : (step.views || [])[viewer] || null;
  const lines = (step.events || []).filter((e) => readsEvent(e, viewer));
  const said = lines.length ? moveSentence(lines, (l) => lineText(l, renderer, name, view)) : `${name(step.seat)} moved.`;
  return step.over ? `${said} The game is over.` : said;
}

// Whether the seat `viewer` (null: a spectator) read this event at the table.
function readsEvent(e, viewer) {
  if (e.only != null) return viewer === e.only;
  if (e.except != null) return viewer !== e.except;
  return true;
}

// The table message a live game would have sent, rebuilt from the record's seats, so the
// renderers draw a replay exactly as they draw a game.
export function replayTable(r, step, title) {
  return {
    table: `replay-${r.gameId}`,
    game_id: r.meta.game,
    title,
    state: step.over ? 'finished' : 'playing',
    options: r.meta.options,
    seats: r.meta.seats.map((name, s) => {
      const before = botUntilHandover(r, s, step);
      return before ? { seat: s, name: before.was, status: 'bot', connected: true } : { seat: s, name, status: r.meta.bots[s] ? 'bot' : 'human', connected: true };
    }),
    host: null,
    clock: null,
    last_event: null,
  };
}

// A late joiner's seat was a bot's until they sat down: the first handover of the seat
// still to come at this step, if any.
function botUntilHandover(r, seat, step) {
  const k = step.step ?? 0;
  return (r.meta.handovers || []).filter((h) => h.seat === seat && k <= h.after).sort((a, b) => a.after - b.after)[0] || null;
}

export function stepContext(table, step, viewer) {
  const view = viewer == null ? step.spectator : step.views[viewer];
  const game = { view, legal: [], to_act: step.to_act || [], phase: step.phase, outcome: step.outcome || null };
  return {
    table,
    game,
    view,
    legal: [],
    toAct: game.to_act,
    you: { seat: viewer, role: viewer == null ? 'spectator' : 'player', host: false },
    mySeat: viewer,
    ui: {},
    now: 0,
    clock: () => null,
  };
}

function hands(r, step, renderer, table) {
  const n = table.seats.length;
  return h('section', { class: 'panel replay-hands', 'aria-labelledby': 'hands-heading', key: 'hands' },
    h('h2', { id: 'hands-heading' }, 'All hands'),
    h('ul', { class: 'replay-hand-list' },
      table.seats.map((s) => {
        const view = step.views[s.seat];
        const cards = renderer.handCards ? renderer.handCards(view, n) : Array.isArray(view && view.hand) ? view.hand : [];
        const who = seatName(table, s.seat);
        return h('li', { key: s.seat, class: { 'replay-hand': true, 'to-act': !step.over && (step.to_act || []).includes(s.seat) }, 'aria-label': `${who}: ${plural(cards.length, 'card')}` },
          h('h3', null, who),
          cards.length === 0
            ? h('p', { class: 'muted small' }, 'No cards in hand.')
            : h('ul', { class: 'hand-cards replay-cards' }, cards.map((id) => h('li', { key: id }, renderer.cardFace ? renderer.cardFace(id) : h('span', null, id)))));
      })));
}

function finalScores(r, step, renderer, table) {
  const outcome = step.outcome || r.meta.outcome;
  const n = table.seats.length;
  const rows = renderer.finalScores ? renderer.finalScores(outcome, n) : table.seats.map((s) => ({ seat: s.seat, rank: outcome && outcome.ranks ? outcome.ranks[s.seat] : null, score: null, text: '—' }));
  rows.sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || a.seat - b.seat);
  return h('section', { class: 'panel replay-final', 'aria-labelledby': 'final-heading', key: 'final' },
    h('h2', { id: 'final-heading' }, 'Final scores'),
    h('table', { class: 'replay-scores' },
      h('caption', { class: 'sr-only' }, 'Each player’s final rank and score'),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Rank'), h('th', { scope: 'col' }, 'Player'), h('th', { scope: 'col' }, 'Score'))),
      h('tbody', null, rows.map((row) => h('tr', { key: row.seat, 'data-seat': row.seat, 'data-score': row.score },
        h('td', null, row.rank != null ? ordinal(row.rank) : '—'),
        h('th', { scope: 'row' }, seatName(table, row.seat)),
        h('td', null, row.text))))));
}
