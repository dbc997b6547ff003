// Spectator mode "follow one seat" (protocol/README.md, "follow", "share_view"): a spectator
// chooses a seat and sees its hand while that seat's player allows it; a player sees who
// follows them and decides who of them may see it (nobody, one of them, or all), and may
// change their mind.

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
        h('span', null, ctx.you.shown ? `You follow ${who}, who lets you see their hand.` : table.seats[seat] && table.seats[seat].shared ? `You follow ${who}, who shows their hand to another follower, not you: you see what everyone sees.` : `You follow ${who}, who has not let spectators see their hand: you see what everyone sees.`),
        h('button', { type: 'button', 'data-action': 'follow', 'data-seat': '' }, 'Stop following'));
    }
    const people = table.seats.filter((s) => s.status === 'human' || s.status === 'away');
    if (!people.length) return null;
    return h('div', { class: 'banner info follow-bar', key: 'follow' },
      h('span', null, 'Follow a player: you see their hand if they allow it.'),
      h('span', { class: 'actions' },
        people.map((s) => h('button', { type: 'button', 'data-action': 'follow', 'data-seat': String(s.seat) }, `Follow ${seatName(table, s.seat)}${s.shared ? '' : ' (not shared)'}`))));
  }
  return shareChooser(ctx);
}

// A seated player: who follows them, and whom they show their hand to.
function shareChooser(ctx) {
  const table = ctx.table;
  if (ctx.mySeat == null) return null;
  const me = table.seats[ctx.mySeat];
  if (!me || (me.status !== 'human' && me.status !== 'away')) return null;
  const followers = ctx.you.followers || [];
  const chosen = me.shared_with || null;
  const current = !me.shared ? '' : chosen ? chosen.player : '*';
  const options = [['', 'nobody'], ['*', 'everyone who follows me'], ...followers.map((f) => [f.player, f.name])];
  // The one chosen may have stopped following: still shown as the choice.
  if (chosen && !followers.some((f) => f.player === chosen.player)) options.push([chosen.player, `${chosen.name} (not following now)`]);
  return h('div', { class: 'banner info follow-bar share-chooser', key: 'share' },
    h('span', { class: 'followers', role: 'status' }, followers.length ? `Following you: ${followers.map((f) => f.name).join(', ')}.` : 'Nobody follows you.'),
    h('span', { class: 'field inline' },
      h('label', { for: 'share-with' }, 'Show my hand to'),
      h('select', { id: 'share-with', 'data-change': 'share-view' },
        options.map(([value, text]) => h('option', { value, selected: value === current }, text)))));
}
