// The lines a part of the account panel shows under its controls: what was refused, said
// at once to a screen reader (an alert), or what just went well (a status).

import { h } from '../dom/vdom.js';

export function refusalLine(account, where) {
  const r = account.refusal;
  if (!r || r.where !== where) return null;
  return h('p', { class: 'account-refusal', role: 'alert', key: `refusal-${where}` }, r.text);
}

// While a request of this part is on its way its buttons say so (and ignore clicks).
export function busyProps(account, where) {
  return account.busy === where ? { 'aria-disabled': 'true' } : {};
}
