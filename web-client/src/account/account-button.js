// "Account" in the header, which opens the account panel. At a table on a phone the header's
// links fold into the table's Menu, and this button with them (styles/account.css shows
// one of the two).

import { h } from '../dom/vdom.js';

export function accountButton(open, where = 'top-bar') {
  return h('button', { type: 'button', class: where === 'menu' ? 'account-open in-menu' : 'link-button account-open in-top-bar', key: 'account-open', 'data-action': 'account-open', 'aria-haspopup': 'dialog', 'aria-expanded': String(Boolean(open)) }, 'Account');
}
