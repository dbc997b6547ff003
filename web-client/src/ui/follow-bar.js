// Spectator mode "follow one seat" (protocol/README.md, "follow", "share_view"): a spectator
// chooses a seat and sees its hand while that seat's player allows it; a player decides
// whether the spectators who follow their seat may see it, and may change their mind.

import { h } from '../dom/vdom.js';
import { seatName } from './format.js';

const following = (ctx) => (ctx.you.role === 'spectator' && ctx.you.following != null ? ctx.you.following : null);

// The context the game's renderer draws for a spectator shown a followed seat: that seat's
// view, as the admin page draws a watched seat (ctx.me marks it), with no move to make.
export function followedContext(ctx) {
  const seat = following(ctx);
  if (seat == null || !ctx.you.shown) return ctx;
  return { ...ctx, mySeat: seat, legal: [], me: ' (followed)' };
}

export function followBar(ctx) {
  const table = ctx.table;
  if (table.spectator_mode !== 'follow_seat' || table.state !== 'playing') return null;
  if (ctx.you.role === 'spectator') {
    const seat = following(ctx);
    if (seat != null) {
      const who = seatName(table, seat);
      return h('div', { class: 'banner info follow-bar', role: 'status', key: 'follow' },
        h('span', null, ctx.you.shown ? `You follow ${who}, who lets you see their hand.` : `You follow ${who}, who has not let spectators see their hand: you see what everyone sees.`),
        h('button', { type: 'button', 'data-action': 'follow', 'data-seat': '' }, 'Stop following'));
    }
    const people = table.seats.filter((s) => s.status === 'human' || s.status === 'away');
    if (!people.length) return null;
    return h('div', { class: 'banner info follow-bar', key: 'follow' },
      h('span', null, 'Follow a player: you see their hand if they allow it.'),
      h('span', { class: 'actions' },
        people.map((s) => h('button', { type: 'button', 'data-action': 'follow', 'data-seat': String(s.seat) }, `Follow ${seatName(table, s.seat)}${s.shared ? '' : ' (not shared)'}`))));
  }
  return null;
}

// The header's switch for a seated player.
export function shareButton(ctx) {
  const table = ctx.table;
  if (table.spectator_mode !== 'follow_seat' || ctx.mySeat == null) return null;
  const me = table.seats[ctx.mySeat];
  if (!me || (me.status !== 'human' && me.status !== 'away')) return null;
  return h('button', { type: 'button', class: 'share-view', key: 'share', 'data-action': 'share-view', 'data-share': String(!me.shared), 'aria-pressed': String(Boolean(me.shared)) }, 'Spectators who follow me see my hand');
}
