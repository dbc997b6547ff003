// Queen's Court cards (docs/rules/queens-court.md): numbered cards are their value and a
// copy letter ("7c", "10a"), Gloves "G1"…"G5", Queens "Q1"…"Q5".

export function parseCard(id) {
  const s = String(id);
  const m = /^(10|[1-9])([a-f])$/.exec(s);
  if (m) return { id: s, kind: 'number', value: Number(m[1]) };
  if (/^G[1-5]$/.test(s)) return { id: s, kind: 'glove', value: null };
  if (/^Q[1-5]$/.test(s)) return { id: s, kind: 'queen', value: null };
  return { id: s, kind: 'other', value: null };
}

export function cardName(id) {
  const c = parseCard(id);
  if (c.kind === 'number') return String(c.value);
  if (c.kind === 'glove') return 'Glove';
  if (c.kind === 'queen') return 'Queen';
  return String(id);
}

export function cardCorner(id) {
  const c = parseCard(id);
  return c.kind === 'number' ? String(c.value) : c.kind === 'glove' ? 'G' : c.kind === 'queen' ? 'Q' : '?';
}

// Low to high, then Queens, then the Glove.
export function sortHand(ids) {
  const order = (c) => (c.kind === 'number' ? c.value : c.kind === 'queen' ? 20 : c.kind === 'glove' ? 30 : 40);
  return [...ids].map(parseCard).sort((a, b) => order(a) - order(b) || a.id.localeCompare(b.id)).map((c) => c.id);
}

export function sideName(side) {
  return side === 'left' ? 'left' : side === 'right' ? 'right' : String(side);
}
