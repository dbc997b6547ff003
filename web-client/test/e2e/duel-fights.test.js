// Duel Fights in real headless Chromium against the real `crownhall serve`: Ann
// hosts Crown Battles with three bots, every round a Duel Fights round. When she deals she
// pairs the players (the last two pair themselves); every seat's card names its rival; the
// move log lists the duels, and the score table each round's points.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, startWithBots, playToEnd, shot } from './harness.js';

const env = useServerAndBrowser();

test('Duel Fights: the dealer pairs the players and each seat shows its rival', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  // Four rounds: the deal passes round the table, so Ann deals one of them.
  await createTable(ann, { seats: 4, schedule: '1, 2, 3, 4', roundTypes: { 'Normal Bidding': false, 'Duel Fights': true } });
  await ann.getByText('Rounds: Duel fights').waitFor();
  await startWithBots(ann, 3);
  await ann.locator('.cb-round').getByText('in pairs: a miss pays its penalty to the rival who met').waitFor();

  let paired = false, rivals = false;
  // Just before each of Ann's moves (so no prompt is missed between two looks).
  await playToEnd([ann], 120000, async () => {}, async (page, kind) => {
    if (!paired && kind === 'pair') {
      paired = true;
      await ann.getByText(/^Your turn: you deal, so you pair the players for Duel Fights\. Whom does .+ duel\?$/).waitFor();
      assert.equal(await ann.locator('.cb-pair button').count(), 3, 'the player to pair may duel any of the three others');
      await shot(ann, 'duel-fights-01-pair');
    }
    if (!rivals && kind === 'bid') {
      // Everyone is paired before anyone bids: each card names one rival.
      const duels = await ann.locator('.cb-player .stat').filter({ hasText: 'Duel' }).allTextContents();
      assert.equal(duels.length, 4);
      for (const d of duels) assert.match(d, /^Duelvs \S.*$/);
      rivals = true;
      await shot(ann, 'duel-fights-02-bid');
    }
  });
  assert.ok(paired, 'Ann paired the players when she dealt');
  assert.ok(rivals, 'every seat showed its rival while bidding');
  assert.match(await ann.locator('.move-log').textContent(), /Duel Fights: .+ and .+; .+ and .+/);
  assert.match(await ann.locator('.cb-scores').textContent(), /Duel fights/);
  await shot(ann, 'duel-fights-03-result');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
