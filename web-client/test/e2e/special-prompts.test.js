// Each Special Power card's prompt says what each choice does, from canned tables: the Bomb
// offers each leader once, the Merchant's trade asks its two questions apart, the Witch's
// points are taken in one choice, the Double-faced card asks how it is played, a Summoner's
// copy says what it copied. Screenshots at 1280x800 and 375x812 in test-artifacts/e2e/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { specialStep } from '../fixtures/scenes.js';

const env = useCannedScenes();
const seatPicks = (seats) => seats.map((seat) => ({ type: 'pick_seat', seat }));
const pending = (card, over = {}) => ({ card, seat: 0, step: 0, by_summoner: false, ...over });

async function prompt(name, messages, check) {
  for (const [label, viewport] of [['1280x800', { width: 1280, height: 800 }], ['375x812', { width: 375, height: 812 }]]) {
    const { page, errors } = await env.open(messages, viewport);
    await page.locator('.cb-dock.active').waitFor();
    await check(page);
    await page.screenshot({ path: `test-artifacts/e2e/prompt-${name}-${label}.png` });
    assert.deepEqual(errors, []);
    await page.close();
  }
}
const buttons = (page) => page.locator('.cb-special button').allInnerTexts();

test('the Bomb names each possible leader once', async () => {
  await prompt('bomb', specialStep(pending('BOMB'), [{ type: 'decline' }, ...seatPicks([0, 1, 2, 3])]), async (page) => {
    assert.deepEqual(await buttons(page), ['I lead it', 'Bot 2 leads it', 'Cy leads it', 'Dee leads it']);
  });
});

test('the Merchant asks for a card to give and for a player to trade apart', async () => {
  const legal = [{ type: 'decline' }, ...['Y12', 'B3'].map((card) => ({ type: 'pick_card', card })), ...seatPicks([2, 3])];
  await prompt('merchant', specialStep(pending('MERCHANT', { step: 1, chosen_seat: 1 }), legal, ['Y12', 'B3']), async (page) => {
    const give = page.getByRole('group', { name: /^Give Bot 2 one of your cards/ });
    assert.equal(await give.locator('button').count(), 2);
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
