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
