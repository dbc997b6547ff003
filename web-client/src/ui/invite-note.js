// What a person who opened an invite link is told: whose table and which game, from the
// table message the join brought ("Ann invites you to The Dwarf King (3 seats, 1 free)").
// Before the name is chosen the server has said nothing about the table, so the name
// screen only says that an invite waits.

import { h } from '../dom/vdom.js';
import { plural, seatName } from './format.js';

export function inviteText(table) {
  const seats = table.seats || [];
  const free = seats.filter((s) => s.status === 'empty').length;
  const game = table.title || table.game_id;
  const host = table.host != null && seats[table.host] && seats[table.host].status !== 'empty' ? seatName(table, table.host) : null;
  const size = `(${plural(seats.length, 'seat')}, ${free} free)`;
  return host ? `${host} invites you to ${game} ${size}.` : `You are invited to ${game} ${size}.`;
}

// Shown at the table the link led to while its game has not started; not to its host.
export function inviteNote(table, invitedTo) {
  if (!table || invitedTo !== table.table || table.state !== 'waiting') return null;
  const mine = table.you && table.you.seat;
  if (mine != null && mine === table.host) return null;
  return h('p', { class: 'banner info invite-note', role: 'status', key: 'invite-note' }, inviteText(table));
}
