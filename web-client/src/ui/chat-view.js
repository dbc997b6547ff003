// Table chat: the lines so far and a box to add one.

import { h } from '../dom/vdom.js';
import { formatTime } from './format.js';

export function chatView(state) {
  const t = state.table;
  const canChat = t && (t.you.role !== 'spectator' || t.spectators);
  return h(
    'section',
    { class: 'panel chat', 'aria-label': 'Table chat' },
    h('h2', null, 'Chat'),
    h('ol', { class: 'chat-lines', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: 0, 'aria-label': 'Chat messages' },
      state.chat.length === 0 ? h('li', { class: 'muted', key: 'empty' }, 'No messages yet.') : null,
      state.chat.map((line, i) =>
        h('li', { key: `${line.at}-${i}` },
          h('time', { class: 'muted' }, formatTime(line.at)), ' ',
          h('b', null, line.from.name || (line.from.seat == null ? 'spectator' : `Seat ${line.from.seat + 1}`)),
          line.from.seat == null ? h('small', { class: 'muted' }, ' (watching)') : null, ' ',
          h('span', null, line.text)),
      ),
    ),
    canChat
      ? h('form', { class: 'chat-form', 'data-action': 'chat', 'aria-label': 'Send a chat message' },
          h('label', { for: 'chat-input', class: 'sr-only' }, 'Message'),
          h('input', { id: 'chat-input', name: 'text', type: 'text', maxlength: 280, autocomplete: 'off', placeholder: 'Say something…' }),
          h('button', { type: 'submit' }, 'Send'))
      : null,
  );
}
