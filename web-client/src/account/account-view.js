// The account panel: a dialog over the page, opened from the header's "Account". A guest
// may keep their player or sign in; a person with an account sees it, its passkeys, its
// password and its devices, and the ways to sign out or delete it.

import { h } from '../dom/vdom.js';
import { guestSections } from './guest-view.js';
import { nameSection, passkeysSection, passwordSection } from './account-sections.js';
import { devicesSection, deleteSection } from './devices-view.js';
import { refusalLine } from './panel-lines.js';
import { profileSection } from './profile-section.js';

export function accountPanel(state) {
  const account = state.account;
  if (!account || !account.open) return null;
  const data = account.data;
  const acc = data && data.account;
  // Passkey buttons only where both ends can make them work.
  const serverPasskeys = !data || data.passkeys_available !== false;
  const showPasskeys = account.browserPasskeys && serverPasskeys;
  return h('div', { class: 'account-layer', key: 'account-layer' },
    h('div', { class: 'account-backdrop', 'data-action': 'account-close', 'aria-hidden': 'true' }),
    h('section', { class: 'account-panel panel', id: 'account-panel', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'account-title', 'aria-busy': String(Boolean(account.busy) || account.status === 'loading') },
      h('div', { class: 'panel-head' },
        h('h2', { id: 'account-title', tabindex: -1 }, acc ? `Account: ${acc.name}` : 'Account'),
        h('button', { type: 'button', class: 'account-close', 'data-action': 'account-close', 'aria-label': 'Close the account panel' }, '×')),
      account.said ? h('p', { class: 'account-said', role: 'status', key: 'said' }, account.said) : null,
      refusalLine(account, 'panel'),
      !data
        ? h('p', { class: 'muted', key: 'loading' }, account.status === 'error' ? '' : 'Loading…')
        : acc
          ? [nameSection(account, acc), profileSection(state), passkeysSection(account, acc, showPasskeys, serverPasskeys), passwordSection(account, acc), devicesSection(account, data.devices || []), deleteSection(account)]
          : [...guestSections(account, state.me, showPasskeys), profileSection(state)]));
}
