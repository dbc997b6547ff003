import { test } from 'node:test';
import assert from 'node:assert/strict';
import { h, render } from '../../src/dom/vdom.js';
import { installFakeDom, SVGElement } from '../helpers/fake-dom.js';

const root = () => installFakeDom();
const texts = (el) => el.childNodes.map((c) => c.childNodes[0]?.nodeValue ?? c.nodeValue);

test('a re-render keeps the elements it can reuse', () => {
  const r = root();
  render(r, h('ul', null, h('li', { key: 'a' }, 'A'), h('li', { key: 'b' }, 'B')));
  const ul = r.childNodes[0];
  const [a, b] = ul.childNodes;
  render(r, h('ul', null, h('li', { key: 'b' }, 'B'), h('li', { key: 'c' }, 'C'), h('li', { key: 'a' }, 'A!')));
  assert.equal(r.childNodes[0], ul);
  assert.deepEqual(texts(ul), ['B', 'C', 'A!']);
  assert.equal(ul.childNodes[0], b, 'moved, not recreated');
  assert.equal(ul.childNodes[2], a);
  render(r, h('ul', null, h('li', { key: 'c' }, 'C')));
  assert.deepEqual(texts(ul), ['C']);
});

test('typed text survives a re-render unless the view changes the value', () => {
  const r = root();
  render(r, h('form', null, h('input', { name: 'text', value: '' })));
  const input = r.childNodes[0].childNodes[0];
  input.value = 'half a sentence';
  render(r, h('form', { class: 'x' }, h('input', { name: 'text', value: '' })));
  assert.equal(r.childNodes[0].childNodes[0], input);
  assert.equal(input.value, 'half a sentence');
  render(r, h('form', null, h('input', { name: 'text', value: 'set by the view' })));
  assert.equal(input.value, 'set by the view');
});

test('a value the view corrected is shown even when the person entered the same again', () => {
  const r = root();
  const form = (value, attrs = {}) => h('form', null, h('input', { name: 'schedule', value, ...attrs }), h('input', { type: 'checkbox', name: 'box', checked: true, ...attrs }));
  render(r, form('15, 5', { 'data-corrected': 'true' }));
  const [input, box] = r.childNodes[0].childNodes;
  // The person types the refused value again and unticks the box the view ticked.
  input.value = '20, 5';
  box.checked = false;
  render(r, form('15, 5', { 'data-corrected': 'true' }));
  assert.deepEqual([input.value, box.checked], ['15, 5', true], 'corrected again');
  input.value = '12, 5';
  render(r, form('15, 5'));
  assert.equal(input.value, '12, 5', 'without a correction what the person typed stays');
});

test('attributes and classes are updated and removed; booleans are properties', () => {
  const r = root();
  render(r, h('button', { class: { a: true }, 'aria-label': 'x', disabled: true }, 'Go'));
  const b = r.childNodes[0];
  assert.equal(b.getAttribute('class'), 'a');
  assert.equal(b.disabled, true);
  render(r, h('button', { class: { a: false, b: true }, disabled: false }, 'Go'));
  assert.equal(b.getAttribute('class'), 'b');
  assert.equal(b.getAttribute('aria-label'), null);
  assert.equal(b.disabled, false);
});

test('a different tag replaces the element; svg children are made in the svg namespace', () => {
  const r = root();
  render(r, h('div', null, h('span', null, 'x')));
  const div = r.childNodes[0];
  render(r, h('div', null, h('svg', { viewBox: '0 0 1 1' }, h('path', { d: 'M0 0' }))));
  assert.equal(r.childNodes[0], div);
  assert.ok(div.childNodes[0] instanceof SVGElement);
  assert.ok(div.childNodes[0].childNodes[0] instanceof SVGElement);
  assert.equal(div.childNodes[0].getAttribute('viewBox'), '0 0 1 1');
});

// The patcher moved keyed nodes it should only have removed around,
// and a moved element loses focus in a browser. A node that stays must not be moved when
// its neighbours leave or arrive; when the order changes, only the ones out of order move.
function countMoves(parent) {
  const moved = [];
  const insert = parent.insertBefore.bind(parent);
  parent.insertBefore = (n, ref) => {
    if (n.parentNode === parent) moved.push(n);
    return insert(n, ref);
  };
  return moved;
}

test('removing keyed siblings does not move the one that stays', () => {
  const r = root();
  const item = (k) => h('li', { key: k }, h('input', { name: k }));
  render(r, h('ul', null, item('a'), item('b'), item('c'), item('d')));
  const ul = r.childNodes[0];
  const c = ul.childNodes[2];
  const moved = countMoves(ul);
  render(r, h('ul', null, item('c'), item('d')));
  assert.deepEqual(ul.childNodes, [c, ul.childNodes[1]]);
  assert.equal(ul.childNodes[0], c);
  assert.deepEqual(moved, [], 'nothing that stays was moved');
  render(r, h('ul', null, item('x'), item('c'), item('y'), item('d'), item('z')));
  assert.equal(ul.childNodes[1], c);
  assert.deepEqual(moved, [], 'new neighbours are inserted around it');
  assert.deepEqual(ul.childNodes.map((n) => n.childNodes[0].getAttribute('name')), ['x', 'c', 'y', 'd', 'z']);
});

test('a reorder moves only the children out of order', () => {
  const r = root();
  const item = (k) => h('li', { key: k }, k);
  render(r, h('ul', null, ['a', 'b', 'c', 'd', 'e'].map(item)));
  const ul = r.childNodes[0];
  const [a, b, c, d, e] = ul.childNodes;
  const moved = countMoves(ul);
  render(r, h('ul', null, ['b', 'c', 'd', 'e', 'a'].map(item)));
  assert.deepEqual(ul.childNodes, [b, c, d, e, a]);
  assert.deepEqual(moved, [a]);
});
