// Buttons whose `aria-label` does not contain what they show (a card showing "6" named
// "Green 6, trump"; "Sit here" named "Sit in seat 2") fail WCAG 2.5.3 (axe:
// label-content-name-mismatch). Where a view names a control with more than it shows, the
// name is moved into the control as visually hidden text and the visible part is hidden
// from assistive technology, so the control's name stays exactly what the view said.
// Applied once to the whole tree before it is drawn.

const SR_ONLY = 'sr-only';

export function accessibleNames(node) {
  if (!node || node.tag === '#text') return node;
  const children = node.children.map(accessibleNames);
  const label = node.attrs && node.attrs['aria-label'];
  if (node.tag === 'button' && typeof label === 'string' && !contains(label, visibleText({ ...node, children }))) {
    const attrs = { ...node.attrs };
    delete attrs['aria-label'];
    return {
      ...node,
      attrs,
      children: [
        { tag: 'span', attrs: { 'aria-hidden': 'true' }, key: 'shown', children },
        { tag: 'span', attrs: { class: SR_ONLY }, key: 'name', children: [{ tag: '#text', text: label, key: null }] },
      ],
    };
  }
  return children === node.children ? node : { ...node, children };
}

// What the control shows on screen, aria-hidden parts included (a card's corner marks are
// hidden from assistive technology but still seen, and speech input goes by what is seen).
function visibleText(node) {
  if (node.tag === '#text') return node.text;
  const cls = node.attrs && node.attrs.class;
  if (typeof cls === 'string' && cls.split(' ').includes(SR_ONLY)) return '';
  return node.children.map(visibleText).join(' ');
}

function contains(label, text) {
  const norm = (s) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const t = norm(text);
  return t === '' || norm(label).includes(t);
}
