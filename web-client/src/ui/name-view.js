// The first screen: pick a name to play under.

import { h } from '../dom/vdom.js';

export function nameView(state, savedName) {
  return h(
    'main',
    { class: 'screen name-screen', id: 'main', tabindex: -1 },
    h('section', { class: 'panel narrow' },
      h('h1', null, 'Welcome to Crownhall'),
      h('p', null, 'Card games with friends. Choose the name the others will see.'),
      // The table's host and game come with the join, once a name is chosen.
      state.route && state.route.name === 'invite' ? h('p', { class: 'banner info invite-note', role: 'status' }, 'A friend invited you to their table: choose your name to take a seat.') : null,
      h('form', { 'data-action': 'set-name', class: 'name-form', 'aria-label': 'Choose your name' },
        h('label', { for: 'name-input' }, 'Your name'),
        h('input', { id: 'name-input', name: 'name', type: 'text', maxlength: 24, required: true, autocomplete: 'nickname', autofocus: true, value: savedName || '' }),
        h('button', { type: 'submit', class: 'primary' }, 'Enter'),
      ),
      state.connection.status !== 'open' ? h('p', { class: 'muted' }, 'Connecting to the server…') : null,
    ),
  );
}
