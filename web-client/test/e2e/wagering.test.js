// Wagering rounds in real headless Chromium against the real `crownhall serve`:
// Ann hosts Crown Battles with three bots and only Wagering rounds. The round bar and her
// prompt name the pot, she is offered no double bid and, with the extra-wager option, is
// asked for her extra wager after each bid; at the end the score table names each round's
// pot and the move log says who shared it (or that it carried over).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, startWithBots, playWhileLooking, shot } from './harness.js';

const env = useServerAndBrowser();

test('a Wagering round plays for a pot that those who meet their bid share', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  // The round types' boxes, and the extra wager's (a box of the same form).
  await createTable(ann, { seats: 4, schedule: '2, 3', roundTypes: { 'Normal Bidding': false, Wagering: true, 'Wagering: extra wagers of 10 or 20': true } });
  await ann.getByText('Rounds: Wagering').waitFor();
  await startWithBots(ann, 3);
  // The first round plays for the four stakes of 20.
  await ann.locator('.cb-round[aria-label*="Wagering for a pot of 80"]').waitFor();
  await ann.locator('.cb-round').getByText('meet your bid to share the pot; no doubles').waitFor();

  let prompted = false, wagered = false;
  const ended = await playWhileLooking(ann, async () => {
    if (!wagered && (await ann.locator('.cb-wager button').count())) {
      wagered = true;
      await ann.getByText('Your turn: wager extra on your bid? Met, it comes back doubled; missed, it is lost.').waitFor();
      assert.deepEqual(await ann.locator('.cb-wager button').allTextContents(), ['No extra', '10 extra', '20 extra']);
      await shot(ann, 'wagering-02-extra-wager');
    }
    if (prompted || !(await ann.locator('.cb-bid .bid-button').count())) return;
    prompted = true;
    // Four stakes of 20 in the first round, plus whatever a pot nobody won carried in.
    assert.match(await ann.locator('.cb-round').getAttribute('aria-label'), /Wagering for a pot of \d+/);
    await ann.getByText(/Meet your bid to share the pot of \d+\./).waitFor();
    assert.equal(await ann.getByRole('radio', { name: /Double/ }).count(), 0, 'no double bid in Wagering');
    await shot(ann, 'wagering-01-bid');
  });
  assert.ok(ended, 'the game reached its end');
  assert.ok(prompted, 'Ann was asked for a bid in a Wagering round');
  assert.ok(wagered, 'Ann was asked for her extra wager after her bid');
  const scores = await ann.locator('.cb-scores').textContent();
  assert.match(scores, /Wagering \(pot \d+\)/);
  const log = await ann.locator('.move-log').textContent();
  assert.match(log, /Wagering: (.+ share the pot of \d+, \d+ each|nobody met their bid; the pot of \d+ carries over)/);
  await shot(ann, 'wagering-03-result');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
