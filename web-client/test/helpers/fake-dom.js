// Just enough of a DOM for the virtual DOM's patch to run in Node.

class Node {
  constructor() {
    this.childNodes = [];
    this.parentNode = null;
  }
  appendChild(n) {
    return this.insertBefore(n, null);
  }
  insertBefore(n, ref) {
    if (n.parentNode) n.parentNode.removeChild(n);
    const i = ref ? this.childNodes.indexOf(ref) : -1;
    if (i < 0) this.childNodes.push(n);
    else this.childNodes.splice(i, 0, n);
    n.parentNode = this;
    return n;
  }
  removeChild(n) {
    this.childNodes.splice(this.childNodes.indexOf(n), 1);
    n.parentNode = null;
    return n;
  }
  replaceChild(n, old) {
    this.insertBefore(n, old);
    return this.removeChild(old);
  }
  get nextSibling() {
    if (!this.parentNode) return null;
    const sibs = this.parentNode.childNodes;
    return sibs[sibs.indexOf(this) + 1] || null;
  }
  set textContent(t) {
    for (const c of [...this.childNodes]) this.removeChild(c);
    if (t) this.appendChild(new Text(t));
  }
}

class Text extends Node {
  constructor(t) {
    super();
    this.nodeValue = t;
  }
}

export class Element extends Node {
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.attributes = new Map();
  }
  setAttribute(k, v) {
    this.attributes.set(k, String(v));
  }
  getAttribute(k) {
    return this.attributes.has(k) ? this.attributes.get(k) : null;
  }
  removeAttribute(k) {
    this.attributes.delete(k);
  }
}

export class SVGElement extends Element {}

export function installFakeDom() {
  globalThis.SVGElement = SVGElement;
  globalThis.document = {
    createElement: (t) => new Element(t),
    createElementNS: (_ns, t) => new SVGElement(t),
    createTextNode: (t) => new Text(t),
  };
  return new Element('div');
}
