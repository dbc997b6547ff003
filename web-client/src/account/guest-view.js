// What a guest sees in the account panel: keep this player as an account (a name, nothing
// else to give), or sign in as the player of an account made on another device.

import { h } from '../dom/vdom.js';
import { refusalLine, busyProps } from './panel-lines.js';

export function guestSections(account, me, showPasskeys) {
  return [
    h('section', { class: 'account-section', key: 'keep', 'aria-labelledby': 'account-keep-title' },
      h('h3', { id: 'account-keep-title' }, 'Keep your player'),
      h('p', { class: 'muted' }, 'An account keeps your name and your History, and lets you sign in on your other devices. No email, nothing else to give.'),
      h('form', { class: 'account-form', 'data-action': 'account-create', key: `create-${account.forms}` },
        h('label', { for: 'account-new-name' }, 'Account name'),
        h('input', { id: 'account-new-name', name: 'name', type: 'text', maxlength: 24, required: true, autocomplete: 'username', value: (me && me.name) || '', 'data-autofocus': 'true' }),
        h('button', { type: 'submit', class: 'primary', ...busyProps(account, 'create') }, 'Keep my player')),
      refusalLine(account, 'create')),
    h('section', { class: 'account-section', key: 'sign-in', 'aria-labelledby': 'account-sign-in-title' },
      h('h3', { id: 'account-sign-in-title' }, 'Sign in'),
      h('p', { class: 'muted' }, 'Have an account already? Sign in to play as that player here. This guest player stays behind.'),
      showPasskeys
        ? h('button', { type: 'button', class: 'primary passkey-sign-in', 'data-action': 'account-sign-in-passkey', ...busyProps(account, 'sign-in') }, 'Sign in with a passkey')
        : null,
      h('form', { class: 'account-form', 'data-action': 'account-sign-in-password', key: `sign-in-${account.forms}` },
        h('label', { for: 'sign-in-name' }, 'Account name'),
        h('input', { id: 'sign-in-name', name: 'name', type: 'text', maxlength: 24, required: true, autocomplete: 'username' }),
        h('label', { for: 'sign-in-password' }, 'Password'),
        h('input', { id: 'sign-in-password', name: 'password', type: 'password', required: true, autocomplete: 'current-password' }),
        h('button', { type: 'submit', ...busyProps(account, 'sign-in') }, 'Sign in with password')),
      refusalLine(account, 'sign-in')),
  ];
}
