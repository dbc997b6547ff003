// The account panel's part about the profile: "Your profile" opens it, and a switch says
// whether others may see it (any player may hide theirs, guest or account).

import { h } from '../dom/vdom.js';

export function profileSection(state) {
  const me = state.me;
  if (!me) return null;
  const own = (state.profile && state.profile.own) || {};
  const shown = own.private === false;
  const known = own.status === 'ready';
  return h('section', { class: 'account-section profile-section', key: 'profile', 'aria-labelledby': 'account-profile-title' },
    h('h3', { id: 'account-profile-title' }, 'Profile'),
    h('p', { class: 'muted' }, 'Your profile shows your name, your games finished and won, and your newest games.'),
    h('div', { class: 'actions' },
      h('button', { type: 'button', 'data-action': 'open-profile', 'data-player': me.player }, 'Your profile'),
      h('button', {
        type: 'button', class: 'switch', role: 'switch', id: 'profile-switch',
        'aria-checked': String(shown),
        'data-action': 'profile-private', 'data-private': String(shown),
        ...(!known || own.busy ? { 'aria-disabled': 'true' } : {}),
      }, h('span', { class: 'switch-track', 'aria-hidden': 'true' }), 'Show my profile to others')),
    own.error ? h('p', { class: 'account-refusal', role: 'alert', key: 'profile-refusal' }, own.error) : null);
}
