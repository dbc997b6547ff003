// Each Special Power card's prompt says what each choice does, from canned tables: the Bomb
// offers each leader once, the Merchant's trade asks its two questions apart, the Witch's
// points are taken in one choice, the Double-faced card asks how it is played, a Summoner's
// copy says what it copied; a card to choose (the Magician's pass, the Merchant's trade, the
// Smuggler's card put back) is shown as its face, named for a screen reader. Screenshots at
// 1280x800 and 375x812 in test-artifacts/e2e/; axe-core finds nothing in any prompt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { specialStep } from '../fixtures/scenes.js';
import { axeViolations } from '../helpers/axe.js';
import { outsideViewport } from './page-checks.js';

const env = useCannedScenes();
const seatPicks = (seats) => seats.map((seat) => ({ type: 'pick_seat', seat }));
const pending = (card, over = {}) => ({ card, seat: 0, step: 0, by_summoner: false, ...over });

async function prompt(name, messages, check) {
  for (const [label, viewport] of [['1280x800', { width: 1280, height: 800 }], ['375x812', { width: 375, height: 812 }]]) {
    const { page, errors } = await env.open(messages, viewport);
    await page.locator('.cb-dock.active').waitFor();
    await check(page);
    await page.screenshot({ path: `test-artifacts/e2e/prompt-${name}-${label}.png` });
    assert.deepEqual(await axeViolations(page), [], `axe: the ${name} prompt at ${label}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
}
const buttons = (page) => page.locator('.cb-special button').allInnerTexts();
const cardPicks = (cards) => cards.map((card) => ({ type: 'pick_card', card }));

// The cards a group offers, each a card's face (.card, in its suit's colours) named by its
// accessible name, in the order shown; and every one inside the viewport.
async function offeredCards(page, group) {
  const faces = group.locator('button.card');
  const names = [];
  for (const face of await faces.all()) {
    // The name a screen reader reads (ui's accessible-names: the name as hidden text when
    // it says more than the face shows), checked against the role query below.
    const said = await face.evaluate((el) => el.getAttribute('aria-label') ?? el.querySelector(':scope > .sr-only').textContent);
    assert.equal(await group.getByRole('button', { name: said, exact: true }).count(), 1, `${said} is the button's name`);
    names.push(said);
    const box = await face.boundingBox();
    const width = page.viewportSize().width;
    assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${names.at(-1)} fits in the window`);
  }
  return names;
}

test('the Bomb names each possible leader once', async () => {
  await prompt('bomb', specialStep(pending('BOMB'), [{ type: 'decline' }, ...seatPicks([0, 1, 2, 3])]), async (page) => {
    assert.deepEqual(await buttons(page), ['I lead it', 'Bot 2 leads it', 'Cy leads it', 'Dee leads it']);
  });
});

test('the Merchant asks for a card to give and for a player to trade apart', async () => {
  const legal = [{ type: 'decline' }, ...['Y12', 'B3'].map((card) => ({ type: 'pick_card', card })), ...seatPicks([2, 3])];
  await prompt('merchant', specialStep(pending('MERCHANT', { step: 1, chosen_seat: 1 }), legal, ['Y12', 'B3']), async (page) => {
    const give = page.getByRole('group', { name: /^Give Bot 2 one of your cards/ });
    assert.deepEqual(await offeredCards(page, give), ['Yellow 12', 'Blue 3'], 'the cards to give, as faces in the hand’s order');
    assert.equal(await give.getByRole('button', { name: 'Yellow 12' }).count(), 1);
    const others = page.getByRole('group', { name: /^Or have Bot 2 trade a random card with/ });
    assert.deepEqual(await others.locator('button').allInnerTexts(), ['Cy', 'Dee']);
  });
});

test('the Witch takes her 20 points in one click', async () => {
  const sent = [];
  await prompt('witch', specialStep(pending('WITCH', { points_left: 20 }), [{ type: 'decline' }, ...[1, 2, 3].map((seat) => ({ type: 'take_points', seat }))]), async (page) => {
    assert.match(await page.locator('.cb-special h3').innerText(), /take 20 points/);
    const all = page.getByRole('button', { name: 'All 20 from Dee' });
    assert.equal(await all.getAttribute('data-action'), 'act-all');
    sent.push(JSON.parse(await all.getAttribute('data-payload')));
  });
  assert.deepEqual(sent[0], Array(4).fill({ type: 'take_points', seat: 3 }));
});

test('the Double-faced card asks: as a Golem or as a Peasant', async () => {
  const legal = [{ type: 'play', card: 'DOUBLE_FACED' }, { type: 'play_golem', card: 'DOUBLE_FACED' }, { type: 'play', card: 'B3' }];
  await prompt('double-faced', specialStep(null, legal, ['DOUBLE_FACED', 'B3']), async (page) => {
    assert.equal(await page.locator('.cb-special').count(), 0);
    await page.locator('[data-card="DOUBLE_FACED"]').click();
    const ways = page.getByRole('group', { name: /^Play Double-faced as/ });
    assert.deepEqual(await ways.locator('button').allInnerTexts(), ['As a Peasant', 'As a Golem']);
  });
});

test('a Summoner says what it copied', async () => {
  await prompt('summoner', specialStep(pending('WITCH', { points_left: 20, by_summoner: true }), [{ type: 'take_points', seat: 1 }]), async (page) => {
    assert.match(await page.locator('.cb-special h3').innerText(), /^Summoner, copying the Witch/);
  });
});

test('the Magician’s pass offers the hand’s cards as their faces', async () => {
  const hand = ['Y12', 'B3', 'GOLEM1', 'R7', 'JESTER'];
  // Offered in another order than the hand's: shown as the hand shows them.
  await prompt('magician-pass', specialStep(pending('MAGICIAN', { step: 1 }), cardPicks(['R7', 'JESTER', 'B3', 'Y12', 'GOLEM1']), hand), async (page) => {
    const step = page.getByRole('group', { name: 'Magician: choose a card to pass' });
    const offered = await offeredCards(page, step);
    assert.deepEqual(offered, ['Golem', 'Yellow 12', 'Red 7', 'Blue 3', 'Jester']);
    const inHand = await page.locator('.hand-cards button.card').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.querySelector(':scope > .sr-only').textContent));
    assert.deepEqual(offered, inHand.map((n) => n.replace(/, trump$/, '')), 'in the hand’s order');
    assert.equal(await step.locator('button:not(.card)').count(), 0, 'no choice in plain words');
    // Each face is drawn as the same card in the hand is.
    const face = (root) => root.locator('button.card').filter({ has: page.locator('.corner') }).first().evaluate((el) => [...el.classList].filter((c) => c.startsWith('card-')).join(' '));
    assert.equal(await face(step), await face(page.locator('.hand-cards')));
    const chosen = step.getByRole('button', { name: 'Jester' });
    assert.equal(JSON.parse(await chosen.getAttribute('data-payload')).card, 'JESTER');
  });
});

test('the Smuggler’s card to put back: the drawn one says it changes nothing', async () => {
  const hand = ['Y12', 'B3', 'R7'];
  await prompt('smuggler-put-back', specialStep(pending('SMUGGLER', { drawn: 'R7' }), cardPicks(hand), hand), async (page) => {
    const step = page.getByRole('group', { name: /^Smuggler: you drew Red 7/ });
    assert.deepEqual(await offeredCards(page, step), ['Yellow 12', 'Red 7', 'Blue 3'].map((n) => (n === 'Red 7' ? 'Put back Red 7 (no change)' : n)));
    const drawn = step.getByRole('button', { name: 'Put back Red 7 (no change)' });
    assert.equal((await drawn.innerText()).includes('no change'), true, 'the face says so under it');
  });
});

// A big hand's pass: the faces to choose and the whole hand still on one screen.
test('the Magician’s pass from a hand of twelve: the choice and the hand on one screen', async () => {
  const hand = ['Y13', 'Y9', 'Y2', 'R12', 'R7', 'R3', 'B11', 'B3', 'G10', 'G4', 'GOLEM1', 'JESTER'];
  await prompt('magician-pass-twelve', specialStep(pending('MAGICIAN', { step: 1 }), cardPicks(hand), hand), async (page) => {
    assert.equal(await page.getByRole('group', { name: 'Magician: choose a card to pass' }).locator('button.card').count(), 12);
    assert.deepEqual(await outsideViewport(page), [], 'the whole turn in the window');
  });
});
