// A very small virtual DOM: views are pure functions that return `h(...)` trees; `patch`
// brings the live DOM in line with a new tree while keeping the elements it can reuse, so
// focus, caret position and typed text survive a re-render. No event handlers live in the
// tree: the app listens once at the root (see events.js) and reads `data-action`.

const SVG_NS = 'http://www.w3.org/2000/svg';
// Set as DOM properties rather than attributes, so the browser's live state follows them.
const PROPS = new Set(['value', 'checked', 'selected', 'disabled', 'hidden', 'open', 'indeterminate']);

export function h(tag, attrs, ...children) {
  const a = attrs || {};
  return { tag, attrs: a, key: a.key == null ? null : String(a.key), children: normalize(children) };
}

function normalize(children) {
  const out = [];
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false || c === true) continue;
    out.push(typeof c === 'object' ? c : { tag: '#text', text: String(c), key: null });
  }
  return out;
}

// ---- rendering to a string (tests, and the first paint of nothing in particular) ----

const VOID = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'wbr']);

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

export function toHtml(v) {
  if (v.tag === '#text') return escapeHtml(v.text);
  let s = `<${v.tag}`;
  for (const [name, value] of Object.entries(v.attrs)) {
    const text = attrText(name, value);
    if (text !== null) s += text === '' && PROPS.has(name) ? ` ${name}` : ` ${name}="${escapeHtml(text)}"`;
  }
  if (VOID.has(v.tag)) return `${s}>`;
  return `${s}>${v.children.map(toHtml).join('')}</${v.tag}>`;
}

// The attribute text for a value, or null when the attribute is absent.
function attrText(name, value) {
  if (name === 'key' || value == null || value === false) return null;
  if (name === 'class') return classText(value) || null;
  if (value === true) return '';
  return String(value);
}

function classText(value) {
  if (Array.isArray(value)) return value.filter(Boolean).join(' ');
  if (typeof value === 'object') return Object.keys(value).filter((k) => value[k]).join(' ');
  return String(value);
}

// ---- the live DOM ----

export function create(v, ns = null) {
  if (v.tag === '#text') return (v.el = document.createTextNode(v.text));
  const inSvg = v.tag === 'svg' ? SVG_NS : ns;
  const el = inSvg ? document.createElementNS(inSvg, v.tag) : document.createElement(v.tag);
  for (const [name, value] of Object.entries(v.attrs)) setAttr(el, name, value, undefined, true);
  for (const c of v.children) el.appendChild(create(c, v.tag === 'foreignObject' ? null : inSvg));
  v.el = el;
  return el;
}

function setAttr(el, name, value, old, fresh) {
  if (name === 'key') return;
  if (PROPS.has(name) && !(el instanceof SVGElement)) {
    // A property is written when it is new or the view changed it; otherwise what the
    // person typed or ticked stays.
    if (fresh || value !== old) el[name] = name === 'value' ? (value ?? '') : Boolean(value);
    return;
  }
  const text = attrText(name, value);
  if (text === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

function sameKind(a, b) {
  return a.tag === b.tag && a.key === b.key;
}

// Makes `old.el` (inside `parent`) match `next`, returning the element now in place.
export function patch(parent, old, next, ns = null) {
  if (!old) {
    const el = create(next, ns);
    parent.appendChild(el);
    return el;
  }
  if (!sameKind(old, next)) {
    const el = create(next, ns);
    parent.replaceChild(el, old.el);
    return el;
  }
  const el = (next.el = old.el);
  if (next.tag === '#text') {
    if (old.text !== next.text) el.nodeValue = next.text;
    return el;
  }
  const inSvg = next.tag === 'svg' ? SVG_NS : ns;
  for (const name of Object.keys(old.attrs)) if (!(name in next.attrs)) setAttr(el, name, undefined, old.attrs[name], false);
  // A control the view corrected (`data-corrected`: a choice the table cannot play, set right
  // by the create form) shows the correction even when the person had entered the same
  // before; never while they are typing in it.
  const typing = typeof document !== 'undefined' && el === document.activeElement && (el.tagName === 'TEXTAREA' || /^(text|number|search)$/.test(el.type || ''));
  const corrected = next.attrs['data-corrected'] != null && !typing;
  for (const [name, value] of Object.entries(next.attrs)) setAttr(el, name, value, old.attrs[name], corrected && PROPS.has(name));
  patchChildren(el, old.children, next.children, next.tag === 'foreignObject' ? null : inSvg);
  return el;
}

// Keyed children are matched by key, others by position. Children that leave are removed
// first, and of those that stay only the ones out of order are moved: the longest run
// already in order stays put. Moving a node (insertBefore) blurs a focused element inside
// it, so a node that merely stays among removed or added ones must never be moved.
function patchChildren(el, oldCh, newCh, ns) {
  const byKey = new Map();
  oldCh.forEach((c, i) => {
    if (c.key !== null) byKey.set(c.key, i);
  });
  const used = new Set();
  const from = newCh.map((nc, i) => {
    let j = nc.key !== null ? byKey.get(nc.key) : nc.key === null && oldCh[i] && oldCh[i].key === null ? i : undefined;
    if (j !== undefined && (used.has(j) || !sameKind(oldCh[j], nc))) j = undefined;
    if (j !== undefined) used.add(j);
    return j === undefined ? -1 : j;
  });
  oldCh.forEach((oc, j) => {
    if (!used.has(j) && oc.el && oc.el.parentNode === el) el.removeChild(oc.el);
  });
  const nodes = newCh.map((nc, i) => (from[i] >= 0 ? patchInPlace(oldCh[from[i]], nc, ns) : create(nc, ns)));
  const stay = inOrder(from);
  let ref = null;
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (!stay.has(i) || node.parentNode !== el) {
      if (node.nextSibling !== ref || node.parentNode !== el) el.insertBefore(node, ref);
    }
    ref = node;
  }
}

// The positions (in `from`) of a longest strictly increasing run of old indices: those
// children keep their place while the others move around them.
function inOrder(from) {
  const tails = []; // tails[k]: position ending the best run of length k+1
  const prev = new Array(from.length).fill(-1);
  from.forEach((v, i) => {
    if (v < 0) return;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (from[tails[mid]] < v) lo = mid + 1;
      else hi = mid;
    }
    prev[i] = lo > 0 ? tails[lo - 1] : -1;
    tails[lo] = i;
  });
  const stay = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) stay.add(i);
  return stay;
}

// Like patch, for a pair already known to be of the same kind (no replacement needed).
function patchInPlace(old, next, ns) {
  const holder = old.el.parentNode;
  return patch(holder, old, next, ns);
}

// Renders `tree` into `root`, reusing what the previous call put there.
export function render(root, tree) {
  const prev = root.__vtree;
  if (prev && prev.el && prev.el.parentNode === root) patch(root, prev, tree);
  else {
    root.textContent = '';
    root.appendChild(create(tree));
  }
  root.__vtree = tree;
}
