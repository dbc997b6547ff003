// What a page shows, checked in the browser: no sideways scrolling, nothing a player must
// click covered, the seats around the table and each card near its seat, the move log's
// lines, and the whole turn inside the viewport.
import assert from 'node:assert/strict';

// The page is no wider than its viewport (no sideways scrolling).
export async function pageWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

// Every element a person may click or type into, scrolled into view as a person would
// (to the nearest edge, then to the middle), that another element covers at its centre:
// `elementFromPoint` must hit the element itself or something inside it. Returns a line per
// covered element (empty when nothing is covered).
export async function coveredControls(page) {
  return page.evaluate(async () => {
    const sel = 'button:not([disabled]), a[href], input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea, summary, [tabindex="0"]';
    const out = [];
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (const el of document.querySelectorAll(sel)) {
      if (el.closest('.skip-link, .sr-only, .toasts')) continue;
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || getComputedStyle(el).visibility === 'hidden') continue;
      // Not drawn at all (inside a closed <details>, display: none above): nothing to click.
      if (el.checkVisibility && !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      for (const block of ['nearest', 'center']) {
        el.scrollIntoView({ block, inline: 'nearest' });
        await frame();
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + Math.min(r.height / 2, 20);
        if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) continue; // taller than the window
        const hit = document.elementFromPoint(x, y);
        if (hit && !el.contains(hit)) {
          out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}" (${block}) under ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`);
          break;
        }
      }
    }
    window.scrollTo(0, 0);
    return out;
  });
}

// Seats around the table (src/ui/seat-ring.js): boxes of the trick's card grid, of each seat
// (with its place: bottom, left, top, ...) and of each played card, keyed by seat.
export async function tableGeometry(page) {
  return page.evaluate(() => {
    const box = (el) => { const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
    const seats = {};
    for (const el of document.querySelectorAll('.ring-seat')) {
      const p = el.querySelector('[data-seat]');
      seats[p.dataset.seat] = { ...box(p), place: el.dataset.place, mine: p.classList.contains('mine') };
    }
    const plays = {};
    for (const el of document.querySelectorAll('.ring-plays .trick-play')) plays[el.dataset.seat] = box(el.querySelector('.card'));
    return { trick: box(document.querySelector('.ring-plays')), seats, plays };
  });
}

// Seven or eight seats: three on each side of the table, so a card is not always nearest its
// own seat; instead each card lies on its player's side of the trick (left third, middle,
// right third), and on each side the cards go top to bottom in the order of their seats.
function assertCardsInSeatOrder(g, what) {
  const third = (g.trick.right - g.trick.left) / 3;
  const sideOfSeat = (b) => (b.right <= g.trick.left ? 'left' : b.left >= g.trick.right ? 'right' : 'middle');
  const sideOfCard = (c) => {
    const x = (c.left + c.right) / 2;
    return x < g.trick.left + third ? 'left' : x > g.trick.right - third ? 'right' : 'middle';
  };
  const mid = (b) => (b.top + b.bottom) / 2;
  for (const side of ['left', 'middle', 'right']) {
    const seats = Object.keys(g.plays).filter((s) => sideOfSeat(g.seats[s]) === side);
    for (const s of seats) assert.equal(sideOfCard(g.plays[s]), side, `${what}: seat ${s}'s card is on its ${side} side of the trick`);
    const bySeat = [...seats].sort((a, b) => mid(g.seats[a]) - mid(g.seats[b]));
    const byCard = [...seats].sort((a, b) => mid(g.plays[a]) - mid(g.plays[b]));
    assert.deepEqual(byCard, bySeat, `${what}: on the ${side}, the cards go top to bottom as their seats do`);
  }
}

// Distance from a point to the nearest point of a box (0 inside it).
function distanceToBox(x, y, b) {
  return Math.hypot(Math.max(b.left - x, 0, x - b.right), Math.max(b.top - y, 0, y - b.bottom));
}

// The viewer's seat is below the trick, the others on its left, above it or on its right as
// their place says, and each played card lies nearer its player's seat than any other seat.
export function assertSeatsAround(g, what) {
  const ids = Object.keys(g.seats);
  const mine = ids.filter((s) => g.seats[s].mine);
  assert.ok(mine.length <= 1, `${what}: at most one seat is the viewer's`);
  for (const s of mine) assert.equal(g.seats[s].place, 'bottom', `${what}: the viewer sits at the bottom`);
  for (const s of ids) {
    const b = g.seats[s];
    // With seven or eight seats, two sit on each side: `left` and `bottom-left` beside it.
    if (b.place === 'bottom') assert.ok(b.top >= g.trick.bottom, `${what}: seat ${s} (bottom) is below the trick`);
    else if (b.place === 'left' || b.place === 'bottom-left') assert.ok(b.right <= g.trick.left, `${what}: seat ${s} (${b.place}) is left of the trick`);
    else if (b.place === 'right' || b.place === 'bottom-right') assert.ok(b.left >= g.trick.right, `${what}: seat ${s} (${b.place}) is right of the trick`);
    else assert.ok(b.bottom <= g.trick.top, `${what}: seat ${s} (${b.place}) is above the trick`);
  }
  if (ids.length >= 7) return assertCardsInSeatOrder(g, what);
  for (const [seat, c] of Object.entries(g.plays)) {
    const x = (c.left + c.right) / 2;
    const y = (c.top + c.bottom) / 2;
    const own = distanceToBox(x, y, g.seats[seat]);
    for (const other of ids.filter((s) => s !== seat)) {
      const d = distanceToBox(x, y, g.seats[other]);
      assert.ok(own < d, `${what}: seat ${seat}'s card is nearer its seat (${own.toFixed(0)} px) than seat ${other} (${d.toFixed(0)} px)`);
    }
  }
}

// Every card on the trick with its player's seat, in document order: with Long Play's two
// cards a seat, `tableGeometry`'s `plays` (a card per seat) sees only each seat's first.
export async function trickCards(page) {
  return page.evaluate(() => [...document.querySelectorAll('.ring-plays .trick-play')].flatMap((el) =>
    [...el.querySelectorAll('.card')].map((c) => { const r = c.getBoundingClientRect(); return { seat: el.dataset.seat, left: r.left, right: r.right, top: r.top, bottom: r.bottom }; })));
}

// Up to six seats: each of those cards lies nearer its player's seat than any other seat.
export function assertEveryCardNearItsSeat(g, cards, what) {
  for (const [i, c] of cards.entries()) {
    const x = (c.left + c.right) / 2;
    const y = (c.top + c.bottom) / 2;
    const own = distanceToBox(x, y, g.seats[c.seat]);
    for (const other of Object.keys(g.seats).filter((s) => s !== c.seat)) {
      const d = distanceToBox(x, y, g.seats[other]);
      assert.ok(own < d, `${what}: card ${i + 1} (seat ${c.seat}) is nearer its seat (${own.toFixed(0)} px) than seat ${other} (${d.toFixed(0)} px)`);
    }
  }
}

// The move log's lines as shown beside the table. Every line is in the game's words with the
// players' names filled in (no "{0}" left), and `patterns` each match some line.
export async function assertMoveLog(page, patterns, what) {
  const lines = await page.locator('.move-log-lines li:not(.muted)').allInnerTexts();
  assert.ok(lines.length > 0, `${what}: the move log has lines`);
  for (const line of lines) assert.doesNotMatch(line, /\{\d\}/, `${what}: a name was filled in: ${line}`);
  for (const p of patterns) assert.ok(lines.some((l) => p.test(l)), `${what}: no line matches ${p}: ${lines.slice(-8).join(' | ')}`);
}

// What a player must see without scrolling when a decision comes to them: the prompt, every
// control of the decision (in the dock and on the board) and every card of their hand. The
// page is put back at its top first, as it is when the turn begins. Returns a line for each
// of them that lies outside the viewport (empty when the whole turn is on one screen).
export async function outsideViewport(page) {
  return page.evaluate(async () => {
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    // The board may repeat a choice (Queen's Court's piles); the dock always holds it.
    const sel = '.cb-prompt, .cb-dock.active button:not([disabled]), .cb-dock.active .cb-choice, .cb-seen, .cb-dock .hand-cards .card';
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      if (el.checkVisibility && !el.checkVisibility({ checkVisibilityCSS: true })) continue;
      if (el.closest('.toasts, .sr-only, .table-side, details:not([open])')) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
        const what = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}"`;
        out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    }
    return out;
  });
}

// How many times `words` are on the screen: the innermost elements whose visible text holds
// them, drawn and not visually hidden (a screen reader's .sr-only copy is not on screen).
export async function timesShown(page, words) {
  return page.evaluate((w) => {
    const holds = (el) => (el.innerText || '').includes(w);
    return [...document.querySelectorAll('body *')]
      .filter((el) => holds(el) && ![...el.children].some(holds))
      .filter((el) => !el.closest('.sr-only') && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && el.getBoundingClientRect().width > 1).length;
  }, words);
}
