// A game renderer's tree made read-only for a replay: the renderers draw a live table, so
// anything that would act (a card to play, "Back to the lobby") is dropped, and nothing
// claims the focus at a "turn". What is left is only drawn.

export function readOnly(node) {
  if (!node || node.tag === '#text') return node;
  const attrs = { ...node.attrs };
  delete attrs['data-turn-focus'];
  const children = [];
  for (const child of node.children) {
    if (child.tag !== '#text' && child.attrs && child.attrs['data-action'] != null) continue;
    children.push(readOnly(child));
  }
  return { ...node, attrs, children };
}
