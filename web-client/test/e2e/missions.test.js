// Issue 13, Missions and Blind Missions in real headless Chromium against the real
// `crownhall serve`: Ann hosts Crown Battles with three bots and only one of the two round
// types. She is offered the feasible missions with their value and no bid; in a Missions
// round everyone's mission shows once all have chosen, in Blind Missions the others' stay
// "chosen" until the round's end; the score table shows each mission and its outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, playWhileLooking, shot } from './harness.js';

const env = useServerAndBrowser();

// Ann's table with only `type`; returns her page once her hand is dealt.
async function missionsTable(type) {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '4, 5', roundTypes: { 'Normal Bidding': false, [type]: true } });
  await ann.getByText(`Rounds: ${type}`).waitFor();
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards .card').first().waitFor();
  return ann;
}

// The Mission stat of each other seat's card, as shown.
async function othersMissions(page) {
  return page.locator('.cb-player:not(.mine) .stat').filter({ hasText: 'Mission' }).allTextContents();
}

test('a Missions round: choose a mission, see everyone’s once all have chosen, scored by the book', async () => {
  const ann = await missionsTable('Missions');
  await ann.locator('.cb-round').getByText('no bids: complete your mission, or lose 20').waitFor();
  let offered = false, shown = false;
  const ended = await playWhileLooking(ann, async () => {
    if (!offered && (await ann.locator('.cb-mission button').count())) {
      offered = true;
      await ann.getByText('Your turn: choose a mission. Completed, it scores its value; failed, −20.').waitFor();
      // Each button's name for a screen reader: the mission and what it is worth.
      const labels = await ann.locator('.cb-mission button .sr-only').allTextContents();
      assert.ok(labels.length >= 2, 'several missions offered');
      for (const l of labels) assert.match(l, /^Win .+, \d+ points$/);
      assert.equal(await ann.locator('.cb-bid').count(), 0, 'no bids in a Missions round');
      await shot(ann, 'missions-01-choose');
    }
    // Once Ann has chosen (the bots choose at once), play shows every seat's mission.
    if (offered && !shown && (await ann.locator('.hand-cards button.card.legal').count())) {
      const others = await othersMissions(ann);
      if (others.length === 3 && others.every((t) => /tricks|trick/i.test(t))) {
        shown = true;
        await shot(ann, 'missions-02-shown');
      }
    }
  });
  assert.ok(ended, 'the game reached its end');
  assert.ok(offered, 'Ann was offered missions');
  assert.ok(shown, 'every seat’s mission showed once all had chosen');
  assert.match(await ann.locator('.cb-scores').textContent(), /Missions/);
  assert.match(await ann.locator('.cb-scores').textContent(), /[✓✗]\/\d/);
  assert.match(await ann.locator('.move-log').textContent(), /'s mission: Win /);
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});

test('a Blind Missions round keeps the others’ missions secret until the round’s end', async () => {
  const ann = await missionsTable('Blind Missions');
  let offered = false, playing = false;
  const ended = await playWhileLooking(ann, async () => {
    if (!offered && (await ann.locator('.cb-mission button').count())) {
      offered = true;
      await ann.getByText(/^Your turn: choose a secret mission\./).waitFor();
      await shot(ann, 'blind-missions-01-choose');
    }
    if (offered && (await ann.locator('.hand-cards button.card.legal').count())) {
      playing = true;
      assert.deepEqual((await othersMissions(ann)).map((t) => t.replace('Mission', '').trim()), ['chosen', 'chosen', 'chosen']);
    }
  });
  assert.ok(ended, 'the game reached its end');
  assert.ok(offered && playing, 'Ann chose a secret mission and played');
  assert.match(await ann.locator('.cb-scores').textContent(), /Blind missions/);
  assert.match(await ann.locator('.move-log').textContent(), /chose a secret mission/);
  await shot(ann, 'blind-missions-02-result');
  assert.deepEqual(ann.errors, []);
  await ann.context().close();
});
