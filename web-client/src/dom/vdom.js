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
  for (const [name, value] of Object.entries(next.attrs)) setAttr(el, name, value, old.attrs[name], false);
  patchChildren(el, old.children, next.children, next.tag === 'foreignObject' ? null : inSvg);
  return el;
}

function patchChildren(el, oldCh, newCh, ns) {
  const byKey = new Map();
  for (const c of oldCh) if (c.key !== null) byKey.set(c.key, c);
  const used = new Set();
  newCh.forEach((nc, i) => {
    let oc = nc.key !== null ? byKey.get(nc.key) : oldCh[i];
    if (oc && (used.has(oc) || !sameKind(oc, nc))) oc = undefined;
    let node;
    if (oc) {
      used.add(oc);
      node = patchInPlace(oc, nc, ns);
    } else {
      node = create(nc, ns);
    }
    const at = el.childNodes[i];
    if (at !== node) el.insertBefore(node, at || null);
  });
  for (const oc of oldCh) if (!used.has(oc) && oc.el && oc.el.parentNode === el) el.removeChild(oc.el);
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
