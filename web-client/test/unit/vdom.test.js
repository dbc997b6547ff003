import { test } from 'node:test';
import assert from 'node:assert/strict';
import { h, toHtml } from '../../src/dom/vdom.js';

test('h flattens children and drops empty ones', () => {
  const v = h('ul', null, [h('li', null, 'a'), null, false, [h('li', null, 'b')]], 'c');
  assert.equal(v.children.length, 3);
  assert.equal(toHtml(v), '<ul><li>a</li><li>b</li>c</ul>');
});

test('toHtml escapes text and attributes', () => {
  assert.equal(toHtml(h('p', { title: '"<x>"' }, '<b>&')), '<p title="&quot;&lt;x&gt;&quot;">&lt;b&gt;&amp;</p>');
});

test('class accepts strings, arrays and objects; booleans become bare attributes', () => {
  assert.equal(toHtml(h('button', { class: { a: true, b: false, c: 1 }, disabled: true })), '<button class="a c" disabled></button>');
  assert.equal(toHtml(h('i', { class: ['x', null, 'y'], hidden: false })), '<i class="x y"></i>');
  assert.equal(toHtml(h('input', { value: 'v', key: 'k' })), '<input value="v">');
});

test('keys are kept as strings', () => {
  assert.equal(h('li', { key: 3 }).key, '3');
  assert.equal(h('li', null).key, null);
});
