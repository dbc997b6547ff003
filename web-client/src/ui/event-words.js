// A move-log event in words: the server sends each event as data (`{n, kind, seat, card, …}`,
// protocol/events.md); each game keeps one message table keyed by kind (games/<id>/events.js)
// whose sentences hold `{placeholders}`. This fills a sentence in: a placeholder's value is
// text, or a card token (`{card: id}`) the game draws as a face in the log and names in text.
// Translating the game means translating its table; nothing here holds a word.

// A sentence's parts: strings and card tokens, in order. A value may itself be a list of
// parts (several cards, a nested sentence); a missing value leaves its placeholder empty.
export function fillWords(template, values) {
  const parts = [];
  const re = /\{(\w+)\}/g;
  let at = 0;
  for (let m = re.exec(template); m; m = re.exec(template)) {
    if (m.index > at) parts.push(template.slice(at, m.index));
    const v = values[m[1]];
    if (Array.isArray(v)) parts.push(...v);
    else if (v != null) parts.push(typeof v === 'object' ? v : String(v));
    at = re.lastIndex;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

// The parts as plain text (the status line, a screen reader's announcement): a card token
// reads as its name.
export function partsText(parts, cardName) {
  return parts.map((p) => (typeof p === 'string' ? p : cardName(p.card))).join('');
}

// Items joined as a list ("Ann, Bob and Cy"), each item a list of parts; `words` gives the
// separators (`list_comma`, `list_and`) from the game's table.
export function listParts(items, words) {
  const out = [];
  items.forEach((item, i) => {
    if (i > 0) out.push(i === items.length - 1 ? words.list_and : words.list_comma);
    out.push(...(Array.isArray(item) ? item : [item]));
  });
  return out;
}

// A line the log shows: an event as data, or a line from before events were data (`text`),
// shown as it was sent. `view`: the table's view now (a game may name a quest tile from it).
export function lineParts(line, renderer, name, view = null) {
  if (line && typeof line.kind === 'string' && renderer.eventParts) return renderer.eventParts(line, name, view);
  return line && typeof line.text === 'string' ? [line.text] : [];
}
