// Our own SVG emblems for Queen's Court: the Glove, the Queen, a number's pip.

import { h } from '../../dom/vdom.js';

const PATHS = {
  glove: 'M7 22h9l3-6V8.5a1.5 1.5 0 00-3 0V12h-1V4.5a1.5 1.5 0 00-3 0V11h-1V3.5a1.5 1.5 0 00-3 0V11H7V5.5a1.5 1.5 0 00-3 0V15l3 7z',
  queen: 'M3 8l4 4 5-7 5 7 4-4-2 11H5zM5 20h14v2H5z',
  number: 'M12 3l7 9-7 9-7-9z',
  lock: 'M7 10V7a5 5 0 0110 0v3h1v12H6V10zm2 0h6V7a3 3 0 00-6 0z',
};

export function emblem(key, cls = 'emblem') {
  return h('svg', { class: cls, viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, h('path', { d: PATHS[key] || PATHS.number }));
}
