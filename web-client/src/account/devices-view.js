// Where the account is signed in, and the ways out: sign out here or everywhere, or delete
// the account (asked twice, since it cannot be undone).

import { h } from '../dom/vdom.js';
import { formatDate } from '../ui/history-format.js';
import { refusalLine, busyProps } from './panel-lines.js';

function deviceLine(d, i) {
  const what = `Device ${i + 1}: signed in ${formatDate(d.issued_at)}, until ${formatDate(d.expires_at)}`;
  return h('li', { key: d.id, class: { 'this-device': Boolean(d.this_device) } },
    h('span', null, what, d.this_device ? h('strong', null, ' (this device)') : null),
    d.this_device ? null : h('button', { type: 'button', class: 'danger', 'data-action': 'account-device-end', 'data-id': d.id, 'aria-label': `Sign out device ${i + 1}` }, 'Sign out'));
}

export function devicesSection(account, devices) {
  return h('section', { class: 'account-section', key: 'devices', 'aria-labelledby': 'account-devices-title' },
    h('h3', { id: 'account-devices-title' }, 'Devices'),
    devices.length ? h('ul', { class: 'account-list' }, devices.map(deviceLine)) : h('p', null, 'No device holds this player yet.'),
    refusalLine(account, 'devices'),
    h('div', { class: 'actions' },
      h('button', { type: 'button', 'data-action': 'account-sign-out', 'data-everywhere': 'false', ...busyProps(account, 'sign-out') }, 'Sign out'),
      h('button', { type: 'button', 'data-action': 'account-sign-out', 'data-everywhere': 'true', ...busyProps(account, 'sign-out') }, 'Sign out everywhere')),
    refusalLine(account, 'sign-out'));
}

export function deleteSection(account) {
  return h('section', { class: 'account-section', key: 'delete', 'aria-labelledby': 'account-delete-title' },
    h('h3', { id: 'account-delete-title' }, 'Delete account'),
    account.confirmDelete
      ? h('div', { class: 'banner warn account-confirm', role: 'alertdialog', 'aria-labelledby': 'account-delete-ask', key: 'ask' },
          h('p', { id: 'account-delete-ask' }, 'Delete your account? Its name, passkeys and password are removed and every device is signed out. Games in History stay with the other players, where you are shown as “former player”. This cannot be undone.'),
          h('span', { class: 'actions' },
            h('button', { type: 'button', class: 'danger', 'data-action': 'account-delete', 'data-confirmed': 'true', ...busyProps(account, 'delete') }, 'Delete my account'),
            h('button', { type: 'button', class: 'primary', 'data-action': 'account-delete', 'data-cancel': 'true', 'data-autofocus': 'true' }, 'Keep it')))
      : h('button', { type: 'button', class: 'danger', 'data-action': 'account-delete' }, 'Delete account…'),
    refusalLine(account, 'delete'));
}
