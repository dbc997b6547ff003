// The account panel in real headless Chromium, from canned answers (no game server): a
// guest's and an account holder's panel at 1280x800 and 375x812 (screenshots, axe, every
// control 44x44 px on the phone, nothing covered), the focus going in on opening and back on
// closing, Escape and Tab, "Account" inside the table's Menu on a phone, and a cancelled
// passkey prompt said plainly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { useCannedScenes } from '../helpers/canned-scenes.js';
import { axeViolations } from '../helpers/axe.js';
import { scenes } from '../fixtures/scenes.js';
import { ARTIFACTS } from './harness.js';

const env = useCannedScenes();
const PHONE = { width: 375, height: 812 };
const DESK = { width: 1280, height: 800 };
const DAY = 86400000;
const T = Date.UTC(2026, 11, 3, 12, 0);

const guest = { player: 'p-1', name: 'Ann', account: null, devices: [{ id: 'd-1', issued_at: T, expires_at: T + 365 * DAY, this_device: true }], passkeys_available: true };
const holder = {
  player: 'p-1', name: 'Ann',
  account: { name: 'Ann', created_at: T, password: true, passkeys: [
    { id: 'cred-one', created_at: T, last_used_at: T + DAY, synced: true },
    { id: 'cred-two', created_at: T + DAY, last_used_at: null, synced: false }] },
  devices: [{ id: 'd-2', issued_at: T + DAY, expires_at: T + 366 * DAY, this_device: false }, { id: 'd-1', issued_at: T, expires_at: T + 365 * DAY, this_device: true }],
  passkeys_available: true,
};

// Answers every /api/account... request from `answers` (path -> body), noting what came.
async function fakeAccountApi(page, answers) {
  const asked = [];
  await page.route(/\/api\/(account|sign-in|sign-out)/, async (route) => {
    const req = route.request();
    const path = new URL(req.url()).pathname;
    asked.push({ method: req.method(), path, headers: req.headers(), body: req.postData() });
    const body = answers[`${req.method()} ${path}`];
    if (!body) return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'unknown', code: 'bad_request' }) });
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return asked;
}

const SMALL = () => [...document.querySelectorAll('.account-panel button, .account-panel input:not([hidden]), .account-panel a[href]')]
  .filter((el) => !el.checkVisibility || el.checkVisibility({ checkVisibilityCSS: true }))
  .map((el) => ({ el, r: el.getBoundingClientRect() }))
  .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
  .map(({ el, r }) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);

// Controls of the panel that something else covers at their centre, once scrolled to.
const COVERED = async () => {
  const out = [];
  for (const el of document.querySelectorAll('.account-panel button, .account-panel input:not([hidden])')) {
    el.scrollIntoView({ block: 'center' });
    await new Promise((r) => requestAnimationFrame(r));
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && !el.contains(hit)) out.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.id).trim().slice(0, 30)}" under ${hit.className}`);
  }
  return out;
};

async function openPanel(page) {
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await page.locator('.account-panel[aria-busy="false"]').waitFor();
}

async function checkSizes(page, name) {
  for (const viewport of [DESK, PHONE]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, `account-${name}-${viewport.width}x${viewport.height}.png`), fullPage: false });
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= viewport.width, `${name}: no sideways scrolling at ${viewport.width}px`);
    assert.deepEqual(await page.evaluate(COVERED), [], `${name} at ${viewport.width}px: nothing covered`);
    if (viewport === PHONE) assert.deepEqual(await page.evaluate(SMALL), [], `${name}: every control 44x44 px on a phone`);
    assert.deepEqual(await axeViolations(page), [], `${name} at ${viewport.width}px: axe`);
  }
}

test('a guest opens Account: the name field has the focus, the page behind is inert, Escape gives the focus back', async () => {
  const { page, errors } = await env.open(scenes.lobby, DESK);
  const asked = await fakeAccountApi(page, { 'GET /api/account': guest });
  await openPanel(page);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'account-new-name');
  assert.equal(await page.getByLabel('Account name').first().inputValue(), 'Ann');
  await page.getByRole('heading', { name: 'Keep your player' }).waitFor();
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  assert.equal(await page.locator('.top-bar').getAttribute('inert'), '');
  assert.equal(asked[0].headers.authorization, 'Bearer 0123456789abcdef0123456789abcdef');
  await checkSizes(page, 'guest');
  await page.setViewportSize(DESK);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Account');
  assert.equal(await page.locator('.top-bar').getAttribute('inert'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an account holder sees name, passkeys, password, devices and the ways out; Tab goes round inside; deleting asks first and says History stays', async () => {
  const { page, errors } = await env.open(scenes.lobby, DESK);
  await fakeAccountApi(page, { 'GET /api/account': holder });
  await openPanel(page);
  const dialog = page.getByRole('dialog', { name: 'Account: Ann' });
  await dialog.getByText('Passkey 1: made').waitFor();
  assert.equal(await dialog.getByRole('button', { name: /^Remove passkey/ }).count(), 2);
  await dialog.getByText('(this device)').waitFor();
  assert.equal(await dialog.getByRole('button', { name: /^Sign out device/ }).count(), 1, 'this device is signed out with "Sign out", not listed to end');
  await dialog.getByRole('button', { name: 'Change password' }).waitFor();
  await checkSizes(page, 'holder');
  await page.setViewportSize(DESK);
  // Tab from the last control comes back to the first, inside the panel.
  await dialog.getByRole('button', { name: 'Delete account…' }).focus();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.className), 'account-close');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Delete account…');
  await page.keyboard.press('Enter');
  const ask = page.getByRole('alertdialog');
  await ask.getByText('former player').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Keep it', 'the safe answer has the focus');
  await checkSizes(page, 'delete-confirm');
  await page.setViewportSize(DESK);
  await page.keyboard.press('Enter');
  await ask.waitFor({ state: 'detached' });
  assert.deepEqual(errors, []);
  await page.close();
});

test('at a table on a phone, Account is in the header Menu and the focus comes back to it', async () => {
  const { page, errors } = await env.open(scenes.bidding, PHONE);
  await fakeAccountApi(page, { 'GET /api/account': guest });
  await page.locator('.table-screen').waitFor();
  assert.equal(await page.locator('.top-bar .account-open').isVisible(), false, 'not in the top bar at a table on a phone');
  await page.getByRole('button', { name: 'Menu' }).click();
  await openPanel(page);
  await page.getByRole('button', { name: 'Close the account panel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.className), 'account-open in-menu');
  await page.setViewportSize(DESK);
  assert.equal(await page.locator('.top-bar .account-open').isVisible(), true, 'in the top bar on a wide window');
  assert.equal(await page.locator('.table-links .account-open').isVisible(), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a passkey prompt the person cancels is said plainly, and nothing was sent to the server', async () => {
  const { page, errors } = await env.open(scenes.lobby, DESK);
  await page.addInitScript(() => {
    navigator.credentials.create = async () => { throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'); };
  });
  await page.reload();
  const options = { publicKey: { challenge: 'AAEC', rp: { id: 'localhost', name: 'Crownhall' }, user: { id: 'AQID', name: 'Ann', displayName: 'Ann' }, pubKeyCredParams: [{ type: 'public-key', alg: -7 }], timeout: 300000, attestation: 'none', authenticatorSelection: { residentKey: 'required', userVerification: 'required' }, excludeCredentials: [] } };
  const asked = await fakeAccountApi(page, { 'GET /api/account': holder, 'POST /api/account/passkeys/options': options });
  await openPanel(page);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('alert').getByText('No passkey was used').waitFor();
  assert.deepEqual(asked.map((a) => `${a.method} ${a.path}`), ['GET /api/account', 'POST /api/account/passkeys/options']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('without passkeys in the browser, or on the server, no passkey button is offered', async () => {
  const { page, errors } = await env.open(scenes.lobby, DESK);
  await page.addInitScript(() => { delete window.PublicKeyCredential; });
  await page.reload();
  await fakeAccountApi(page, { 'GET /api/account': guest });
  await openPanel(page);
  assert.equal(await page.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
  await page.getByRole('button', { name: 'Sign in with password' }).waitFor();
  await page.close();

  const second = await env.open(scenes.lobby, DESK);
  await fakeAccountApi(second.page, { 'GET /api/account': { ...holder, passkeys_available: false } });
  await openPanel(second.page);
  assert.equal(await second.page.getByRole('button', { name: 'Add a passkey' }).count(), 0);
  await second.page.getByText('Passkeys do not work on this server just now').waitFor();
  assert.deepEqual([...errors, ...second.errors], []);
  await second.page.close();
});
