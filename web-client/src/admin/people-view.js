// The admin page's People section: every account and this server's guests, with a field to
// rename each and a ban (a reason, perhaps their address refused for a while, asked once
// more before it is done); the bans, each to lift; and the audit log, newest first, in words.

import { h } from '../dom/vdom.js';
import { formatDate } from '../ui/history-format.js';
import { dataTable } from './data-table.js';
import { auditDetail, auditText, minutesText, peopleRows } from './people-words.js';

export function nameOf(state) {
  const names = state.names || {};
  return (player) => names[player] || null;
}

export function peoplePanel(state) {
  const people = state.people;
  if (!people) return h('section', { class: 'panel', key: 'people', 'aria-label': 'People' }, h('h2', null, 'People'), h('p', { class: 'muted' }, state.peopleError || 'Loading…'));
  const rows = peopleRows(people.accounts, state.sessions, people.bans);
  return h('section', { class: 'panel admin-people', key: 'people', 'aria-label': 'People' },
    h('h2', null, `People (${rows.length})`),
    state.peopleError ? h('p', { class: 'muted', role: 'status' }, state.peopleError) : null,
    rows.length
      ? dataTable('admin-players', ['Name', 'Kind', 'Created', 'Online', 'Banned', 'Rename', ''], rows.map((r) => personRow(r, state)))
      : h('p', { class: 'muted' }, 'Nobody has an account or a session yet.'),
    state.banning ? banForm(state) : null,
    bansList(people.bans || [], nameOf(state)));
}

function personRow(r, state) {
  const busy = state.busy === r.player ? { 'aria-disabled': 'true' } : {};
  return { key: r.player, attrs: { 'data-player': r.player }, cells: [
    [h('span', { class: 'person-name' }, r.name), h('div', { class: 'muted small' }, h('code', null, r.player))],
    r.account ? 'account' : 'guest',
    r.created_at ? formatDate(r.created_at) : '–',
    r.online ? 'yes' : 'no',
    r.banned ? h('strong', null, 'banned') : 'no',
    h('form', { class: 'admin-rename', 'data-action': 'rename', 'data-player': r.player, 'aria-label': `Rename ${r.name}` },
      h('input', { name: 'name', type: 'text', maxlength: 24, required: true, value: r.name, 'aria-label': `New name for ${r.name}` }),
      h('button', { type: 'submit', ...busy }, 'Rename')),
    r.banned
      ? h('button', { type: 'button', 'data-action': 'lift-ban', 'data-player': r.player, 'aria-label': `Lift the ban on ${r.name}`, ...busy }, 'Lift ban')
      : h('button', { type: 'button', class: 'danger', 'data-action': 'ban-open', 'data-player': r.player, 'aria-label': `Ban ${r.name}…`, ...busy }, 'Ban…'),
  ] };
}

// First the ban's particulars, then the question: nothing happens until "Ban NAME" is pressed.
function banForm(state) {
  const b = state.banning;
  if (b.ask) {
    const address = b.minutes > 0 ? ` New guests from their address are refused for ${minutesText(b.minutes)}.` : '';
    return h('div', { class: 'banner warn admin-ban-ask', role: 'alertdialog', key: `ban-ask-${b.player}`, 'aria-labelledby': 'ban-ask-text' },
      h('p', { id: 'ban-ask-text' }, `Ban ${b.name}${b.reason ? ` for “${b.reason}”` : ''}? They are signed out on every device at once, bots play their seats, and their account cannot sign in.${address}`),
      h('span', { class: 'actions' },
        h('button', { type: 'button', class: 'danger', 'data-action': 'ban-confirm', 'data-autofocus': 'true' }, `Ban ${b.name}`),
        h('button', { type: 'button', 'data-action': 'ban-cancel' }, 'Cancel')));
  }
  return h('form', { class: 'panel admin-ban', key: `ban-${b.player}`, 'data-action': 'ban-ask', 'aria-label': `Ban ${b.name}` },
    h('h3', null, `Ban ${b.name}`),
    h('label', { for: 'ban-reason' }, 'Reason (the audit log keeps it)'),
    h('input', { id: 'ban-reason', name: 'reason', type: 'text', maxlength: 500, value: b.reason || '', placeholder: 'insults in chat' }),
    h('label', { class: 'check' },
      h('input', { type: 'checkbox', name: 'refuse', checked: Boolean(b.refuse) }),
      ' Also refuse new guests from their address for'),
    h('label', { for: 'ban-minutes' }, 'Minutes (up to a week: 10080)'),
    h('input', { id: 'ban-minutes', name: 'minutes', type: 'number', min: 1, max: 10080, value: String(b.minutes || 10) }),
    h('span', { class: 'actions' },
      h('button', { type: 'submit', class: 'danger' }, 'Ban…'),
      h('button', { type: 'button', 'data-action': 'ban-cancel' }, 'Cancel')));
}

function bansList(bans, name) {
  return h('div', { class: 'admin-bans', key: 'bans' },
    h('h3', null, `Bans (${bans.length})`),
    bans.length
      ? dataTable('admin-ban-list', ['Player', 'Since', 'Reason', ''], bans.map((b) => ({ key: b.player, attrs: { 'data-player': b.player }, cells: [
          [h('span', { class: 'person-name' }, name(b.player) || b.player), h('div', { class: 'muted small' }, h('code', null, b.player))],
          formatDate(b.at),
          b.reason || '–',
          h('button', { type: 'button', 'data-action': 'lift-ban', 'data-player': b.player, 'aria-label': `Lift the ban on ${name(b.player) || b.player}` }, 'Lift ban'),
        ] })))
      : h('p', { class: 'muted' }, 'Nobody is banned.'));
}

export function auditPanel(state) {
  const entries = state.audit || [];
  const name = nameOf(state);
  return h('section', { class: 'panel admin-audit', key: 'audit', 'aria-label': 'Audit log' },
    h('h2', null, 'Audit log'),
    entries.length
      ? h('ol', { class: 'admin-audit-list' }, entries.map((e) => h('li', { key: String(e.id), 'data-id': String(e.id) },
          h('time', { class: 'muted small' }, formatDate(e.at)), ' ',
          h('span', { class: 'audit-text' }, auditText(e, name)),
          auditDetail(e) ? h('span', { class: 'muted small' }, ` · ${auditDetail(e)}`) : null)))
      : h('p', { class: 'muted' }, 'No rename, ban or lifted ban yet.'),
    state.auditMore ? h('button', { type: 'button', 'data-action': 'audit-older' }, 'Older') : null);
}
