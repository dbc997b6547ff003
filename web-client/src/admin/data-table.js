// An operator's table: a header row of column names, then one row per thing listed. Each
// cell carries its column's name, so that on a phone (admin.css) a row stands as a card of
// labelled lines instead of pushing the page sideways.

import { h } from '../dom/vdom.js';

// columns: names, '' for a column of buttons (named for screen readers only);
// rows: { key, attrs, cells: [children per column] }, cells in column order.
export function dataTable(className, columns, rows) {
  const label = (c) => c || 'Actions';
  return h('table', { class: `admin-list ${className}` },
    h('thead', null, h('tr', null, columns.map((c) => h('th', { key: label(c), scope: 'col' }, c || h('span', { class: 'sr-only' }, label(c)))))),
    h('tbody', null, rows.map((r) => h('tr', { key: r.key, ...r.attrs },
      r.cells.map((children, i) => h('td', { key: label(columns[i]), 'data-label': label(columns[i]), class: columns[i] ? null : 'admin-actions' }, children))))));
}
