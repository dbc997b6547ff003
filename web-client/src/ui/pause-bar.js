// Pause by consent (protocol/README.md, "pause"): a player asks, the others agree, and the
// game stands still — clocks, bots and all — until any player resumes it. The bar says
// where the asking stands and offers this seat its next steps: agree or keep playing to an
// ask, withdraw its own, resume a paused game.

import { h } from '../dom/vdom.js';
import { seatName } from './format.js';

const names = (table, seats) => seats.map((s) => seatName(table, s)).join(', ');

export function pauseBar(ctx) {
  const table = ctx.table;
  const pause = table.pause;
  if (table.state !== 'playing' || !pause) return null;
  const me = ctx.mySeat != null ? table.seats[ctx.mySeat] : null;
  const playing = Boolean(me && me.status === 'human');
  const bar = (kind, text, button) =>
    h('div', { class: `banner ${kind} pause-bar`, role: 'status', key: 'pause' }, h('span', null, text), button);
  const button = (want, text, primary) =>
    playing ? h('button', { type: 'button', class: primary ? 'primary' : '', 'data-action': 'pause', 'data-pause': String(want) }, text) : null;

  if (pause.paused) return bar('info', 'The game is paused: clocks are stopped and bots wait.', button(false, 'Resume the game', true));
  const asked = pause.asked || [];
  if (asked.length === 0) return null;  // the header's button asks
  if (playing && asked.includes(ctx.mySeat)) {
    const waiting = table.seats.filter((s) => s.status === 'human' && !asked.includes(s.seat)).map((s) => s.seat);
    return bar('info', `You asked for a pause; waiting for ${names(table, waiting) || 'the others'} to agree.`, button(false, 'Withdraw', false));
  }
  const answers = playing
    ? h('span', { class: 'pause-answers' }, button(true, 'Agree to pause', true), button(false, 'Keep playing', false))
    : null;
  return bar('warn', `${names(table, asked)} asked for a pause.`, answers);
}

// The pause's own news, which the bar tells while it is shown: the status line leaves them
// to the bar, so that an ask (or the pause itself) is said once on the screen.
const TOLD_BY_THE_BAR = new Set(['pause_asked', 'paused']);

export function toldByPauseBar(ctx) {
  const e = ctx.table.last_event;
  return Boolean(e && TOLD_BY_THE_BAR.has(e.kind) && pauseBar(ctx));
}

// The header's button: asks for a pause, when nobody has yet.
export function pauseButton(ctx) {
  const table = ctx.table;
  const pause = table.pause;
  const me = ctx.mySeat != null ? table.seats[ctx.mySeat] : null;
  if (table.state !== 'playing' || !pause || pause.paused || (pause.asked || []).length) return null;
  if (!me || me.status !== 'human') return null;
  const alone = table.seats.every((s) => s.seat === ctx.mySeat || s.status !== 'human');
  return h('button', { type: 'button', class: 'pause', key: 'pause', 'data-action': 'pause', 'data-pause': 'true' }, alone ? 'Pause' : 'Ask for a pause');
}
