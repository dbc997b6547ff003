// Spectator mode "follow one seat" in real headless Chromium against the real `crownhall
// serve`: Ann hosts Crown Battles with three bots at a table whose spectators may follow one
// player. Bo watches from the lobby and follows Ann: he sees what everyone sees until Ann lets
// her followers see her hand, then her hand card for card (with no move to make), and the
// public view again the moment she takes it back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, shot } from './harness.js';

const env = useServerAndBrowser();

const handLabels = (page) => page.locator('.hand-cards .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

test('a spectator follows a player and sees her hand only while she lets him', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '3, 4', spectatorMode: 'One player’s hand, if that player allows it' });
  await addBots(ann, 3);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards .card').first().waitFor();

  const bo = await arrive(env.browser, env.server.url, 'Bo');
  await bo.getByRole('button', { name: /^Watch Crown Battles hosted by Ann$/ }).click();
  const bar = bo.locator('.follow-bar');
  await bar.getByRole('button', { name: 'Follow Ann (not shared)' }).click();
  await bar.getByText(/^You follow Ann, who has not let spectators see their hand/).waitFor();
  assert.equal(await bo.locator('.hand-cards .card').count(), 0, 'no hand before Ann allows it');

  const share = ann.getByLabel('Show my hand to');
  await ann.getByText('Following you: Bo.').waitFor();
  assert.equal(await share.inputValue(), '', 'nobody, until Ann chooses');
  await share.selectOption({ label: 'everyone who follows me' });
  await bar.getByText('You follow Ann, who lets you see their hand.').waitFor();
  await bo.locator('.hand-cards .card').first().waitFor();
  // Ann's hand, card for card, and never a card Bo could play.
  const annHand = await handLabels(ann);
  await bo.waitForFunction((n) => document.querySelectorAll('.hand-cards .card').length === n, annHand.length);
  assert.deepEqual(await handLabels(bo), annHand);
  assert.equal(await bo.locator('.hand-cards button.card.legal').count(), 0, 'no move to make for a follower');
  assert.equal(await bo.locator('.cb-bid .bid-button').count(), 0, 'no bid to make for a follower');
  await shot(bo, 'follow-seat-01-shown');

  // Ann takes it back: Bo sees what everyone sees again.
  await share.selectOption({ label: 'nobody' });
  await bar.getByText(/^You follow Ann, who has not let spectators see their hand/).waitFor();
  await bo.locator('.hand-cards .card').first().waitFor({ state: 'detached' });
  await bar.getByRole('button', { name: 'Stop following' }).click();
  await bar.getByRole('button', { name: 'Follow Ann (not shared)' }).waitFor();
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});
