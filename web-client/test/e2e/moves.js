// One move as a person, for any game, when a test only needs the game to reach its end
// (the game tests have their own, with screenshots of each decision). Each returns what it
// did, or null when the page asks nothing of this seat.
import { actOnce } from './harness.js';

const click = (loc) => loc.first().click({ timeout: 2000 }).catch(() => null);

// The Dwarf King: two cards back then the button, else the decision the page puts first.
async function dwarfKing(page) {
  const confirm = page.locator('.dk-confirm');
  if (await confirm.count()) {
    if (await confirm.isEnabled()) return (await click(confirm), 'give_back');
    return (await click(page.locator('.hand-cards button[aria-pressed="false"]:not([disabled])')), 'choose');
  }
  const first = page.locator('.cb-dock [data-turn-focus]');
  if (!(await first.count())) return null;
  return (await click(first), 'decide');
}

// Lunar: the exchange (2 rank cards, 2 suit cards, then the button), a trump tile, a card.
async function lunar(page) {
  const confirm = page.locator('.lu-confirm');
  if (await confirm.count()) {
    if (await confirm.isEnabled()) return (await click(confirm), 'exchange');
    const ranks = await page.locator('.hand-cards button.lu-rank[aria-pressed="true"]').count();
    await click(page.locator(ranks < 2 ? '.hand-cards button.lu-rank[aria-pressed="false"]' : '.hand-cards button.card[aria-pressed="false"]:not(.lu-rank)'));
    return 'choose';
  }
  const tile = page.locator('button.lu-tile.legal');
  if (await tile.count()) return (await click(tile), 'tile');
  // A card played in one of two ways (the Double-faced card) asks how: the first way.
  const way = page.locator('.cb-hand .choice-row[aria-label^="Play "] button');
  if (await way.count()) return (await click(way), 'play');
  const card = page.locator('.cb-dock .hand-cards button.card.legal, .lu-sky button.card.legal');
  if (await card.count()) return (await click(card), 'play');
  return null;
}

// Queen's Court: a card, then the first pile offered for it.
async function queensCourt(page) {
  const target = page.locator('.qc-choice .qc-target');
  if (await target.count()) return (await click(target), 'play');
  const card = page.locator('.hand-cards button.card.legal');
  if (await card.count()) return (await click(card), 'choose');
  return null;
}

export const MOVES = { 'crown-battles': (page) => actOnce(page), 'dwarf-king': dwarfKing, lunar, 'queens-court': queensCourt };
