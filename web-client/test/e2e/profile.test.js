// A player's profile in real headless Chromium against the real `crownhall serve`: a guest
// finishes a short game with a bot, opens "Your profile" from the account panel and finds
// it there (1 finished, the game a click to its replay), hides it with the panel's switch;
// another browser opening the profile's link, and the API without a session, see it private.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, playToEnd, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';
import { pageWidth, coveredControls } from './page-checks.js';

const env = useServerAndBrowser();

async function openAccount(page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  return page.getByRole('dialog');
}

async function checkScreen(page, name) {
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    assert.deepEqual(await axeViolations(page), [], `axe on ${name} at ${width}x${height}`);
    assert.ok(await pageWidth(page) <= width, `${name} is ${await pageWidth(page)} px wide at ${width}`);
    assert.deepEqual(await coveredControls(page), [], `covered controls on ${name} at ${width}`);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1200, height: 900 });
}

test('a guest’s profile counts their finished game, opens its replay, and can be made private', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 2, schedule: '1' });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await playToEnd([ann], 120000);
  await ann.getByRole('list', { name: 'Final ranks' }).waitFor();
  const won = (await ann.locator('.ranks li').first().innerText()).includes('Ann');

  // From the account panel: "Your profile".
  let panel = await openAccount(ann);
  await panel.getByRole('switch', { name: 'Show my profile to others' }).waitFor();
  assert.equal(await panel.getByRole('switch').getAttribute('aria-checked'), 'true', 'a profile is shown to others at first');
  await panel.getByRole('button', { name: 'Your profile' }).click();
  await ann.getByRole('heading', { name: 'Your profile: Ann' }).waitFor();
  const annId = await ann.evaluate(() => decodeURIComponent(location.hash.replace('#/profile/', '')));
  assert.match(annId, /^p-/);
  await ann.getByText(`1 game finished, ${won ? 1 : 0} won`).waitFor();
  const row = ann.locator('.profile-games tr[data-game="crown-battles"]');
  assert.equal(await row.locator('td[data-label="Finished"]').innerText(), '1');
  assert.equal(await row.locator('td[data-label="Won"]').innerText(), `${won ? 1 : 0} of 1 won`);
  const recent = ann.getByRole('region', { name: 'Newest games' });
  assert.equal(await recent.locator('li').count(), 1);
  assert.match(await recent.locator('li').innerText(), won ? /1st of 2 \(won\)/ : /2nd of 2/);
  await checkScreen(ann, 'profile-own');

  // The game is a click to its replay, as in History.
  await recent.getByRole('button', { name: /^Replay Crown Battles of / }).click();
  await ann.locator('.replay-step').waitFor();
  assert.match(await ann.evaluate(() => location.hash), /^#\/replay\//);
  await ann.goBack();
  await ann.getByRole('heading', { name: 'Your profile: Ann' }).waitFor();

  // Made private with the switch; the profile says so to her.
  panel = await openAccount(ann);
  const toggle = panel.getByRole('switch', { name: 'Show my profile to others' });
  await toggle.click();
  await ann.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
  await shot(ann, 'profile-switch-off');
  await ann.keyboard.press('Escape');
  await ann.getByText('Your profile is private: others read “This profile is private”.', { exact: false }).waitFor();

  // Anyone else sees only that it is private: the API without a session, another browser at the link.
  const r = await fetch(`${env.server.url}api/players/${encodeURIComponent(annId)}/profile`);
  assert.deepEqual(await r.json(), { player: annId, private: true });
  const bo = await arrive(env.browser, env.server.url, 'Bo', { hash: `#/profile/${encodeURIComponent(annId)}` });
  await bo.getByText('This profile is private.').waitFor();
  assert.equal(await bo.locator('.profile-games').count(), 0);
  assert.doesNotMatch(await bo.locator('main').innerText(), /Crown Battles/);
  await checkScreen(bo, 'profile-private');

  // Shown again: Bo's reload finds the game.
  panel = await openAccount(ann);
  await panel.getByRole('switch', { name: 'Show my profile to others' }).click();
  await ann.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
  await bo.reload();
  await bo.getByRole('heading', { name: 'Ann’s profile' }).waitFor();
  await bo.getByText(`1 game finished, ${won ? 1 : 0} won`).waitFor();
  assert.equal(await bo.getByRole('button', { name: /^Replay/ }).count(), 0, 'someone else’s games are not Bo’s to replay');
  await checkScreen(bo, 'profile-other');
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
});
