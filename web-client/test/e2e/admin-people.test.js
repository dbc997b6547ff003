// The admin page's People section in real headless Chromium against the real `crownhall
// serve --admin-token`: Ann and Bo play Queen's Court; the admin bans Bo with his address
// refused for a while, after a question. Bo's page says he was signed out, Ann's table shows
// his seat away with a bot playing it, the audit log says it in words; the ban is lifted,
// Ann renamed, and a name the rules refuse is said in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser, arrive, createGameTable, shot } from './harness.js';
import { axeViolations } from '../helpers/axe.js';
import { pageWidth, coveredControls } from './page-checks.js';

const TOKEN = 'e2e-admin-token-people-0123456789';
const env = useServerAndBrowser(['--admin-token', TOKEN]);

async function openAdmin() {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await context.newPage();
  admin.errors = [];
  admin.on('pageerror', (e) => admin.errors.push(String(e)));
  await admin.goto(`${env.server.url}admin.html`);
  const form = admin.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Admin token').fill(TOKEN);
  await form.getByRole('button', { name: 'Sign in' }).click();
  return admin;
}

test('the admin bans a player at a table, lifts the ban and renames another', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createGameTable(ann, { game: "Queen's Court", seats: 2 });
  const bo = await arrive(env.browser, env.server.url, 'Bo');
  await bo.getByRole('listitem', { name: /Queen.s Court, hosted by Ann/ }).getByRole('button', { name: /^Join/ }).click();
  await bo.getByRole('button', { name: 'I’m ready' }).click();
  await ann.getByText('ready', { exact: true }).waitFor();
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.qc').waitFor();
  await bo.locator('.qc').waitFor();

  const admin = await openAdmin();
  const people = admin.getByRole('region', { name: 'People' });
  const boRow = people.locator('table.admin-players tr', { hasText: 'Bo' });
  await boRow.getByRole('button', { name: 'Ban Bo…' }).waitFor();
  await people.locator('table.admin-players tr', { hasText: 'Ann' }).getByText('guest').waitFor();

  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await admin.setViewportSize({ width, height });
    assert.deepEqual(await axeViolations(admin), [], `axe at ${width}x${height}`);
    assert.ok(await pageWidth(admin) <= width, `the admin page is ${await pageWidth(admin)} px wide at ${width}`);
    await people.scrollIntoViewIfNeeded();
    await shot(admin, `admin-people-${width}`);
  }
  await admin.setViewportSize({ width: 1280, height: 800 });

  // The ban: its particulars, then a question; nothing is done before "Ban Bo".
  await boRow.getByRole('button', { name: 'Ban Bo…' }).click();
  const form = admin.getByRole('form', { name: 'Ban Bo' });
  await form.getByLabel('Reason (the audit log keeps it)').fill('insults in chat');
  await form.getByLabel(/Also refuse new guests from their address/).check();
  await form.getByLabel(/^Minutes/).fill('10');
  await form.getByRole('button', { name: 'Ban…' }).click();
  const ask = admin.getByRole('alertdialog');
  await ask.getByText('Ban Bo for “insults in chat”?', { exact: false }).waitFor();
  assert.match(await ask.innerText(), /refused for 10 min/);
  assert.equal(await bo.locator('.banner.signed-out').count(), 0, 'the question alone bans nobody');
  for (const [width, height] of [[1280, 800], [375, 812]]) {
    await admin.setViewportSize({ width, height });
    assert.deepEqual(await axeViolations(admin), [], `axe with the question at ${width}x${height}`);
    assert.deepEqual(await coveredControls(admin), [], `covered controls at ${width}`);
    await shot(admin, `admin-people-ban-ask-${width}`);
  }
  await admin.setViewportSize({ width: 1280, height: 800 });
  await ask.getByRole('button', { name: 'Ban Bo' }).click();
  await admin.getByText(/Bo is banned: \d+ devices? signed out\. New guests from their address are refused for 10 min\./).waitFor();

  // Bo is signed out (close 4003); Ann sees his seat away, a bot playing it.
  await bo.locator('.banner.signed-out').waitFor({ timeout: 10000 });
  assert.match(await bo.locator('.banner.signed-out').innerText(), /signed out on every device/);
  await ann.locator('.badge.away', { hasText: 'away · bot plays' }).first().waitFor({ timeout: 15000 });
  await shot(bo, 'admin-people-banned-player');
  await shot(ann, 'admin-people-table-after-ban');

  // The audit log says it in words; the bans list names him.
  const audit = admin.getByRole('region', { name: 'Audit log' });
  await audit.getByText('Admin banned Bo: insults in chat (address refused 10 min)', { exact: true }).waitFor();
  const bans = people.locator('.admin-bans');
  await bans.locator('tr', { hasText: 'insults in chat' }).getByText('Bo', { exact: true }).waitFor();
  await shot(admin, 'admin-people-after-ban');

  // Lift it.
  await bans.getByRole('button', { name: 'Lift the ban on Bo' }).click();
  await admin.getByText('The ban on Bo is lifted: their account can sign in again.').waitFor();
  await audit.getByText('Admin lifted the ban on Bo', { exact: true }).waitFor();
  await bans.getByText('Nobody is banned.').waitFor();

  // A name the rules refuse, said in words; then Ann renamed, and she sees it.
  const annRow = people.locator('table.admin-players tr', { hasText: 'Ann' });
  await annRow.getByLabel('New name for Ann').fill('A<nn');
  await annRow.getByRole('button', { name: 'Rename' }).click();
  await admin.getByText('That name cannot be used: 1 to 24 letters, digits, spaces or simple signs.').waitFor();
  await annRow.getByLabel('New name for Ann').fill('Annie');
  await annRow.getByRole('button', { name: 'Rename' }).click();
  await admin.getByText('Ann is now called Annie.').waitFor();
  await audit.getByText('Admin renamed Ann to Annie', { exact: true }).waitFor();
  await people.locator('table.admin-players tr', { hasText: 'Annie' }).waitFor();
  // The server renames her session: she comes back under the new name.
  await ann.reload();
  await ann.getByRole('button', { name: /^You are Annie\./ }).waitFor({ timeout: 10000 });
  // Newest first.
  const lines = await audit.locator('.audit-text').allInnerTexts();
  assert.deepEqual(lines, ['Admin renamed Ann to Annie', 'Admin lifted the ban on Bo', 'Admin banned Bo: insults in chat (address refused 10 min)']);
  await shot(admin, 'admin-people-audit');
  assert.deepEqual(admin.errors, []);
});
