// The account's own parts in the panel: its name, its passkeys and its password.

import { h } from '../dom/vdom.js';
import { formatDate } from '../ui/history-format.js';
import { refusalLine, busyProps } from './panel-lines.js';

export function nameSection(account, acc) {
  return h('section', { class: 'account-section', key: 'name', 'aria-labelledby': 'account-name-title' },
    h('h3', { id: 'account-name-title' }, 'Name'),
    h('p', null, `Your account is “${acc.name}”, made ${formatDate(acc.created_at)}.`),
    h('form', { class: 'account-form inline', 'data-action': 'account-rename', key: `rename-${account.forms}` },
      h('label', { for: 'account-rename' }, 'New name'),
      h('input', { id: 'account-rename', name: 'name', type: 'text', maxlength: 24, required: true, autocomplete: 'username', value: acc.name }),
      h('button', { type: 'submit', ...busyProps(account, 'name') }, 'Rename')),
    refusalLine(account, 'name'));
}

function passkeyLine(p, i) {
  const made = formatDate(p.created_at);
  const used = p.last_used_at ? `last used ${formatDate(p.last_used_at)}` : 'not used yet';
  return h('li', { key: p.id },
    h('span', null, `Passkey ${i + 1}: made ${made}, ${used}`, p.synced ? ' (synced by your password manager)' : ''),
    h('button', { type: 'button', class: 'danger', 'data-action': 'account-passkey-remove', 'data-id': p.id, 'aria-label': `Remove passkey ${i + 1}` }, 'Remove'));
}

export function passkeysSection(account, acc, showPasskeys, serverPasskeys) {
  const list = acc.passkeys || [];
  return h('section', { class: 'account-section', key: 'passkeys', 'aria-labelledby': 'account-passkeys-title' },
    h('h3', { id: 'account-passkeys-title' }, 'Passkeys'),
    h('p', { class: 'muted' }, 'A passkey signs you in with your fingerprint, face or screen lock: nothing to remember or type.'),
    list.length ? h('ul', { class: 'account-list' }, list.map(passkeyLine)) : h('p', null, 'No passkey yet.'),
    showPasskeys
      ? h('button', { type: 'button', class: 'primary', 'data-action': 'account-passkey-add', ...busyProps(account, 'passkeys') }, 'Add a passkey')
      : h('p', { class: 'muted' }, serverPasskeys ? 'This browser cannot make passkeys: use a password here.' : 'Passkeys do not work on this server just now: use a password.'),
    refusalLine(account, 'passkeys'));
}

export function passwordSection(account, acc) {
  return h('section', { class: 'account-section', key: 'password', 'aria-labelledby': 'account-password-title' },
    h('h3', { id: 'account-password-title' }, 'Password'),
    h('p', null, acc.password ? 'You can sign in with your account name and password.' : 'No password yet.'),
    h('form', { class: 'account-form inline', 'data-action': 'account-password-set', key: `password-${account.forms}` },
      // The account's name, for the password manager that saves the new password.
      h('input', { type: 'text', name: 'username', value: acc.name, autocomplete: 'username', hidden: true, readonly: true }),
      h('label', { for: 'account-password' }, acc.password ? 'New password' : 'Password'),
      h('input', { id: 'account-password', name: 'password', type: 'password', minlength: 8, required: true, autocomplete: 'new-password', 'aria-describedby': 'account-password-help' }),
      h('button', { type: 'submit', ...busyProps(account, 'password') }, acc.password ? 'Change password' : 'Set password')),
    h('p', { id: 'account-password-help', class: 'muted small' }, '8 characters at least.'),
    acc.password ? h('button', { type: 'button', class: 'danger', 'data-action': 'account-password-remove', ...busyProps(account, 'password') }, 'Remove password') : null,
    refusalLine(account, 'password'));
}
