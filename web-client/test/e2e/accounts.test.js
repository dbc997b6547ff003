// Accounts in real headless Chromium against the real `crownhall serve` with a data
// directory (protocol/accounts.md), at http://localhost:PORT (passkeys want a secure
// context; rp id `localhost`): a guest plays a short game, keeps their player as an account,
// adds a passkey made by a Chrome DevTools Protocol virtual authenticator and a password, and
// signs out. Another browser holding the same passkey signs in with it and is the same player
// with the same History; a third signs in with the name and password (one player has one
// session on a server, so the second browser's connection moves to it, and is taken back);
// "Sign out everywhere" there closes the other browser's connection, which then plays on as
// a new guest. The first browser signs in again, ends the other device, deletes the account
// (every browser signed out, itself a new guest), and its name and password then sign nobody in.
// Screenshots of the panel at 1280x800 and 375x812, and axe, on the real answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createTable, addBots, playToEnd, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';
import { pageWidth } from './page-checks.js';

const env = useServerAndBrowser();
const NAME = 'Annabel';
const PASSWORD = 'correct horse battery';

const local = () => `http://localhost:${env.server.port}/`;
const welcomes = (page) => page.received.map((f) => JSON.parse(f)).filter((m) => m.type === 'welcome');
// Waits until this page has had `n` welcomes (one per connection), and gives the last.
async function nthWelcome(page, n) {
  const until = Date.now() + 20000;
  while (welcomes(page).length < n) {
    if (Date.now() > until) throw new Error(`no welcome number ${n}: ${page.received.slice(-3).join(' ')}`);
    await page.waitForTimeout(50);
  }
  return welcomes(page)[n - 1];
}

// A virtual authenticator in this page's browser context, as a phone's or laptop's own.
async function authenticator(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

async function openAccount(page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await page.locator('.account-panel[aria-busy="false"]').waitFor();
  return dialog;
}

async function panelShots(page, name) {
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(150);
    await shot(page, `accounts-${name}-${width}x${height}`);
    assert.ok((await pageWidth(page)) <= width, `${name}: no sideways scrolling at ${width}px`);
    assert.deepEqual(await axeViolations(page), [], `${name} at ${width}px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function historyCount(page) {
  await page.getByRole('button', { name: /^History/ }).click();
  await page.locator('.history-item').first().waitFor();
  return page.locator('.history-item').count();
}

test('a guest keeps their player, adds a passkey and a password; other browsers sign in as that player; signing out everywhere reaches them', async () => {
  // A guest plays a one-round game with a bot, so there is History to carry over.
  const ann = await arrive(env.browser, local(), 'Ann', { viewport: { width: 1280, height: 800 } });
  const player = (await nthWelcome(ann, 1)).you.player;
  await createTable(ann, { seats: 2, schedule: '1' });
  await addBots(ann, 1);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await playToEnd([ann], 60000);
  await ann.getByRole('button', { name: 'Back to the lobby' }).first().click();
  await ann.getByRole('heading', { name: 'Tables' }).waitFor();

  // Keep my player.
  const keyA = await authenticator(ann);
  let panel = await openAccount(ann);
  await panelShots(ann, 'guest');
  await panel.getByLabel('Account name').first().fill(NAME);
  await panel.getByRole('button', { name: 'Keep my player' }).click();
  await ann.getByRole('dialog', { name: `Account: ${NAME}` }).waitFor();
  await panel.getByText('Your player is kept').waitFor();

  // A passkey, made by this browser's authenticator.
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  await panel.getByText('Passkey added').waitFor();
  await panel.getByText(/^Passkey 1: made/).waitFor();
  const { credentials } = await keyA.cdp.send('WebAuthn.getCredentials', { authenticatorId: keyA.authenticatorId });
  assert.equal(credentials.length, 1, 'one passkey in the authenticator');

  // A password.
  await panel.locator('input[type="password"]').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Set password' }).click();
  await panel.getByText('Password set.').waitFor();
  await panel.getByRole('button', { name: 'Change password' }).waitFor();
  assert.equal(await panel.locator('.this-device').count(), 1, 'this device is marked');
  await panelShots(ann, 'holder');

  // Sign out: a new guest, under the name last used.
  await panel.getByRole('button', { name: 'Sign out', exact: true }).click();
  const afterOut = await nthWelcome(ann, 2);
  assert.notEqual(afterOut.you.player, player, 'signed out: another player');
  await ann.getByRole('heading', { name: 'Keep your player' }).waitFor();
  assert.match(await ann.evaluate(() => localStorage.getItem('crownhall.identity') || ''), /^[0-9a-f]{64}$/);

  // Another browser holds the same passkey (synced by a password manager): it signs in.
  const bo = await arrive(env.browser, local(), 'Visitor', { viewport: { width: 1280, height: 800 } });
  const keyB = await authenticator(bo);
  await keyB.cdp.send('WebAuthn.addCredential', { authenticatorId: keyB.authenticatorId, credential: credentials[0] });
  panel = await openAccount(bo);
  await panel.getByRole('button', { name: 'Sign in with a passkey' }).click();
  assert.equal((await nthWelcome(bo, 2)).you.player, player, 'the passkey made this browser the same player');
  await bo.getByRole('dialog', { name: `Account: ${NAME}` }).waitFor();
  await panel.getByText(`Signed in as ${NAME}`).waitFor();
  await bo.keyboard.press('Escape');
  assert.equal(await historyCount(bo), 1, 'the same History');

  // A third signs in with the name and password.
  const cy = await arrive(env.browser, local(), 'Stranger', { viewport: { width: 1280, height: 800 } });
  panel = await openAccount(cy);
  await panel.getByLabel('Account name').nth(1).fill(NAME.toLowerCase());
  await panel.locator('input[type="password"]').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign in with password' }).click();
  assert.equal((await nthWelcome(cy, 2)).you.player, player, 'the password made this browser the same player');
  await cy.getByRole('dialog', { name: `Account: ${NAME}` }).waitFor();
  assert.equal(await panel.locator('.account-list li.this-device').count(), 1);
  assert.ok((await panel.locator('.account-list li').filter({ hasText: /^Device/ }).count()) >= 2, 'both signed-in browsers listed');

  // One player has one session on a server: this sign-in took it over from the other
  // browser (close code 4001), which offers to take it back.
  const moved = bo.getByRole('alert').filter({ hasText: 'Your session moved to another tab or window' });
  await moved.waitFor();
  await moved.getByRole('button', { name: 'Take the session back here' }).click();
  assert.equal((await nthWelcome(bo, 3)).you.player, player);
  await cy.getByRole('alert').filter({ hasText: 'Your session moved to another tab or window' }).waitFor();

  // Sign out everywhere: the other browser's connection is closed, and it says so.
  await panel.getByRole('button', { name: 'Sign out everywhere' }).click();
  assert.notEqual((await nthWelcome(cy, 3)).you.player, player);
  await cy.getByRole('heading', { name: 'Keep your player' }).waitFor();
  const banner = bo.getByRole('alert').filter({ hasText: 'signed out on every device' });
  await banner.waitFor();
  await shot(bo, 'accounts-signed-out-elsewhere');
  await banner.getByRole('button', { name: 'Play on as a new guest' }).click();
  const boAfter = await nthWelcome(bo, 4);
  assert.notEqual(boAfter.you.player, player, 'a new guest');
  assert.notEqual(await bo.evaluate(() => localStorage.getItem('crownhall.identity')), null, 'with an identity of its own');

  // The first browser signs in with the password again, and so does the third (which takes
  // the session's connection over): the first's device list shows the third, which it ends;
  // then it deletes the account, after a question. (Its panel stayed open since it signed out.)
  panel = ann.getByRole('dialog');
  await panel.getByLabel('Account name').nth(1).fill(NAME);
  await panel.locator('input[type="password"]').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign in with password' }).click();
  assert.equal((await nthWelcome(ann, 3)).you.player, player);
  await ann.getByRole('dialog', { name: `Account: ${NAME}` }).waitFor();
  const cyPanel = cy.getByRole('dialog');
  await cyPanel.getByLabel('Account name').nth(1).fill(NAME);
  await cyPanel.locator('input[type="password"]').fill(PASSWORD);
  await cyPanel.getByRole('button', { name: 'Sign in with password' }).click();
  assert.equal((await nthWelcome(cy, 4)).you.player, player);
  await ann.keyboard.press('Escape');
  panel = await openAccount(ann);
  const ends = panel.getByRole('button', { name: /^Sign out device/ });
  await ends.first().waitFor();
  const others = await ends.count();
  await ends.first().click();
  await panel.getByText('That device is signed out.').waitFor();
  assert.equal(await ends.count(), others - 1);
  await panel.getByRole('button', { name: 'Delete account…' }).click();
  await panel.getByRole('alertdialog').getByText('former player').waitFor();
  await panelShots(ann, 'delete-confirm');
  await panel.getByRole('button', { name: 'Delete my account' }).click();
  await panel.getByText('Your account is deleted').waitFor();
  await ann.getByRole('heading', { name: 'Keep your player' }).waitFor();
  assert.notEqual((await nthWelcome(ann, 4)).you.player, player, 'signed out: a new guest');

  // The account is gone: its name and password sign nobody in, and the page says so.
  await panel.getByLabel('Account name').nth(1).fill(NAME);
  await panel.locator('input[type="password"]').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign in with password' }).click();
  await panel.getByRole('alert').getByText('That name and password do not match an account.').waitFor();
  // The refused request is a 401, which Chromium logs as a failed load: not a page error.
  ann.errors = ann.errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e));

  for (const page of [ann, bo, cy]) {
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
