// A taken trick goes to the seat that took it (src/ui/trick-to-winner.js), in real headless
// Chromium against the real `crownhall serve`, at tables with bots: when the held trick
// leaves, its cards slide toward the winner's seat on the ring (the `to-winner` animation,
// --to-x/--to-y pointing from the trick at that seat as the page lays it out), a click ends
// the slide at once, and with reduced motion nothing moves at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, createGameTable, addBots } from './harness.js';
import { MOVES } from './moves.js';

const env = useServerAndBrowser();

// Watches the table in the page: each finished trick on show, with its winner (in Lunar the
// winning team's first card, whose player gathers it), and each outgoing trick as it
// arrives: its animation, its custom properties, the places of trick and winner. The
// outgoing trick is the one on show before, if a finished trick is on show now (the next
// trick was taken while the last was held), else the last one shown. The second slide is
// clicked as soon as it starts (a pointerdown on the page), to see it end at once.
function watchSlides() {
  window.__slides = [];
  const shown = []; // [{ id, winner, cards }], each finished trick once, in order
  const centre = (el) => { const r = el.getBoundingClientRect(); return { x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 }; };
  new MutationObserver(() => {
    const plays = [...document.querySelectorAll('.ring-plays .trick-play')];
    const won = plays.find((el) => el.classList.contains('winner'));
    const id = plays.map((el) => el.getAttribute('aria-label')).join();
    if (won && (!shown.length || shown.at(-1).id !== id)) shown.push({ id, winner: won.dataset.seat, cards: plays.length });
    const fresh = [...document.querySelectorAll('.ring-plays .trick-leaving')].filter((el) => !el.__seen);
    if (!fresh.length) return;
    for (const el of fresh) el.__seen = true;
    const held = won ? shown.at(-2) : shown.at(-1);
    const el = fresh[0];
    const cs = getComputedStyle(el);
    const winnerSeat = held && document.querySelector(`.ring-seat [data-seat="${held.winner}"]`);
    const slide = {
      replaced: Boolean(won),
      winner: held && held.winner,
      heldCards: held && held.cards,
      cards: fresh.length,
      to: el.dataset.to,
      winnerPlace: winnerSeat ? winnerSeat.closest('.ring-seat').dataset.place : null,
      animation: fresh.map((e) => getComputedStyle(e).animationName),
      running: fresh.map((e) => e.getAnimations().map((a) => a.animationName).join()),
      visibility: cs.visibility,
      toX: Number(cs.getPropertyValue('--to-x')),
      toY: Number(cs.getPropertyValue('--to-y')),
      trick: centre(document.querySelector('.ring-plays')),
      seat: winnerSeat ? centre(winnerSeat) : null,
    };
    if (window.__slides.length === 1) {
      document.querySelector('#app').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      slide.afterClick = fresh.map((e) => e.getAnimations().length);
    }
    window.__slides.push(slide);
  }).observe(document, { childList: true, subtree: true });
}

// Plays as a person who, while a taken trick is held, waits out its hold (`onHold: 'wait'`),
// clicks "Continue", or plays on at once ('play': the next trick may then be taken while
// the last one is still held).
async function playUntilSlides(page, act, count, { onHold = 'wait', ms = 90000 } = {}) {
  const until = Date.now() + ms;
  const carryOn = page.locator('.ring-center .trick-toggle', { hasText: 'Continue' });
  while (Date.now() < until) {
    const n = await page.evaluate(() => window.__slides.length);
    if (n >= count) return page.evaluate(() => window.__slides);
    if (onHold !== 'play' && (await carryOn.count())) {
      if (onHold === 'continue') await carryOn.click({ timeout: 2000 }).catch(() => null);
      await page.waitForTimeout(100);
      continue;
    }
    const did = await act(page);
    await page.waitForTimeout(did ? 60 : 100);
  }
  throw new Error(`fewer than ${count} tricks left the table in time: ${JSON.stringify(await page.evaluate(() => window.__slides))}`);
}

async function seatedWithBots(name, { reducedMotion = 'no-preference' } = {}) {
  const page = await arrive(env.browser, env.server.url, name);
  await page.emulateMedia({ reducedMotion });
  await page.evaluate(watchSlides);
  return page;
}

const games = [
  { game: 'crown-battles', title: 'Crown Battles', seats: 4, onHold: 'wait', start: (page) => createTable(page, { seats: 4, schedule: '4' }) },
  { game: 'dwarf-king', title: 'The Dwarf King', seats: 3, onHold: 'continue', start: (page) => createGameTable(page, { game: 'The Dwarf King', seats: 3, options: { Hands: 1 } }) },
  { game: 'lunar', title: 'Lunar', seats: 4, onHold: 'play', start: (page) => createGameTable(page, { game: 'Lunar', seats: 4, options: { 'Points to win': 1 } }) },
];

for (const g of games) {
  test(`${g.title}: a taken trick's cards slide toward the winner's seat when it leaves (${{ wait: 'after the hold', continue: 'on Continue', play: 'playing on at once' }[g.onHold]})`, async () => {
    const page = await seatedWithBots(`Ann ${g.game}`);
    await g.start(page);
    await addBots(page, g.seats - 1);
    await page.getByRole('button', { name: 'Start game' }).click();
    const slides = await playUntilSlides(page, MOVES[g.game], 2, { onHold: g.onHold });
    for (const [i, s] of slides.entries()) {
      const what = `${g.title}, trick ${i + 1} (won by seat ${s.winner}, at ${s.winnerPlace})`;
      assert.ok(s.winner != null, `${what}: the trick was on show, with its winner, before it left`);
      assert.equal(s.cards, s.heldCards, `${what}: every card of the trick leaves: ${JSON.stringify(slides)}`);
      assert.equal(s.to, s.winnerPlace, `${what}: toward the winner's place on the ring`);
      assert.ok(s.animation.every((a) => a === 'to-winner'), `${what}: ${s.animation}`);
      assert.ok(s.running.every((a) => a === 'to-winner'), `${what}: the slide runs: ${s.running}`);
      // The way the cards go points from the trick at the winner's seat as laid out.
      const dx = s.seat.x - s.trick.x;
      const dy = s.seat.y - s.trick.y;
      const cos = (s.toX * dx + s.toY * dy) / Math.hypot(dx, dy);
      assert.ok(cos > 0.7, `${what}: --to-x ${s.toX}, --to-y ${s.toY} point at the seat (${Math.round(dx)}, ${Math.round(dy)} px away): cos ${cos.toFixed(2)}`);
    }
    assert.deepEqual(slides[1].afterClick, slides[1].afterClick.map(() => 0), 'a click ends the slide at once');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('with reduced motion a taken trick leaves without moving', async () => {
  const page = await seatedWithBots('Ann still', { reducedMotion: 'reduce' });
  await createTable(page, { seats: 4, schedule: '4' });
  await addBots(page, 3);
  await page.getByRole('button', { name: 'Start game' }).click();
  const slides = await playUntilSlides(page, MOVES['crown-battles'], 2, { onHold: 'play' });
  for (const s of slides) {
    assert.ok(s.animation.every((a) => a === 'none'), `no animation: ${s.animation}`);
    assert.ok(s.running.every((a) => a === ''), `nothing runs: ${s.running}`);
    assert.equal(s.visibility, 'hidden', 'the outgoing cards are not seen');
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
