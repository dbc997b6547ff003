// Leaked Suit in real headless Chromium against the real `crownhall serve`: Ann
// hosts Crown Battles with three bots, every round a Leaked Suit round. Before bidding she
// picks the suit she shows; once all have picked, every seat's card lists the cards it shows
// (face up while in hand), and the move log says what each leaked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, startWithBots, playToEnd, shot } from './harness.js';

const env = useServerAndBrowser();

test('Leaked Suit: pick a suit, then every seat shows its cards of it', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '3, 4', roundTypes: { 'Normal Bidding': false, 'Leaked Suit': true } });
  await ann.getByText('Rounds: Leaked suit').waitFor();
  await startWithBots(ann, 3);
  await ann.locator('.cb-round').getByText('each shows one suit, face up while in hand').waitFor();

  let picked = false, shown = false;
  // Just before each of Ann's moves (so no prompt is missed between two looks).
  await playToEnd([ann], 120000, async () => {}, async (page, kind) => {
    if (!picked && kind === 'leak') {
      picked = true;
      await ann.getByText('Your turn: pick a suit to leak. Every card of it you hold is shown to all, face up while in your hand.').waitFor();
      assert.equal(await ann.locator('.cb-leak button').count(), 5);
      await shot(ann, 'leaked-suit-01-pick');
    }
    if (picked && !shown && kind === 'bid') {
      // Everyone has picked: each card's "Shows" lists card ids or says none.
      const shows = await ann.locator('.cb-player .stat').filter({ hasText: 'Shows' }).allTextContents();
      assert.equal(shows.length, 4);
      for (const t of shows) assert.match(t, /^Shows(none|\S+( \S+)*)$/);
      assert.ok(shows.every((t) => t !== 'Showschosen'), `all shown: ${shows}`);
      shown = true;
      await shot(ann, 'leaked-suit-02-shown');
    }
  });
  assert.ok(picked && shown, 'Ann picked a suit and saw every seat’s leaked cards');
  assert.match(await ann.locator('.move-log').textContent(), /leaks (Red|Blue|Green|Yellow|the monsters): /);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
