// Crown Battles in real headless Chromium against the real `crownhall serve`: only what a
// person can click or type. Screenshots of each main screen go to test-artifacts/e2e/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promptKinds, readSpecials, specialSteps } from '../../src/games/crown-battles/specials.js';
import { useServerAndBrowser, arrive, joinAndReady, createTable, addBots, actOnce, playToEnd, isFinished, shot, cardsIn, tabTo, ARTIFACTS } from './harness.js';
import { assertMoveLog } from './page-checks.js';

const env = useServerAndBrowser();

async function handOf(page) {
  return page.locator('.hand-cards button.card').evaluateAll((els) => els.map((e) => e.dataset.card).sort());
}

test('two people and two bots play a whole game to the result screen', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await shot(ann, '01-lobby-empty');
  await ann.getByRole('button', { name: 'New table' }).click();
  await shot(ann, '02-create-table');
  await ann.getByRole('button', { name: 'Cancel' }).click();
  const tableId = await createTable(ann, { seats: 4, schedule: '1, 2' });
  assert.match(tableId, /.+/);
  await addBots(ann, 2);

  const bo = await arrive(env.browser, env.server.url, 'Bo');
  const row = bo.getByRole('listitem', { name: /Crown Battles, hosted by Ann/ });
  await row.waitFor();
  await shot(bo, '03-lobby-with-table');
  await row.getByRole('button', { name: /^Join/ }).click();
  await bo.getByRole('heading', { name: 'Seats' }).waitFor();
  await bo.getByRole('button', { name: 'I’m ready' }).click();
  await ann.getByText('ready', { exact: true }).waitFor();
  await bo.getByRole('form', { name: 'Send a chat message' }).getByLabel('Message').fill('good luck all');
  await bo.getByRole('button', { name: 'Send' }).click();
  await ann.locator('.chat-lines').getByText('good luck all').waitFor();
  await shot(ann, '04-waiting-room');

  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await bo.locator('.cb').waitFor();

  const seen = new Set();
  await playToEnd([ann, bo], 150000, async () => {}, async (page, kind) => {
    const key = `${page === ann ? 'ann' : 'bo'}-${kind}`;
    if (!seen.has(key)) {
      seen.add(key);
      await shot(page, `05-${key}`);
    }
  });
  for (const page of [ann, bo]) {
    assert.ok(await isFinished(page));
    await page.getByRole('list', { name: 'Final ranks' }).waitFor();
    assert.equal(await page.locator('.ranks li').count(), 4);
    assert.ok(await page.locator('.cb-scores tbody tr').count() >= 2, 'a score line per round');
  }
  await shot(ann, '06-result');
  // The move log told the game in its words: bids, cards, tricks, rounds, the winner.
  await assertMoveLog(bo, [/ bid \d/, / played ((Red|Blue|Green|Yellow) \d+|Peasant|Golem|Dragon)\.$/, / won the trick\.$/, /^Round 1: .* bid .*, took \d+: [+-]\d+ \(total -?\d+\)\.$/, /wins the game with -?\d+ points\.$/], 'Crown Battles');
  assert.deepEqual(ann.errors, []);
  assert.deepEqual(bo.errors, []);
  await ann.context().close();
  await bo.context().close();
});

// In the browser: "a 4-player game with two people and two bots and every special
// in the deck, to the result screen; a screenshot of each kind of prompt". Each step a
// person is asked is a question with choices in words (never a raw action). The kinds a
// person was asked are read twice: from the page before each move (and screenshotted the
// first time), and from every `table` message the two people received; a kind on the wire
// that no screenshot shows fails the test. The server takes no seed, so which special
// cards come up differs from run to run: the test prints the kinds it saw.
test('two people and two bots play with every Special Power card to the result screen', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 4, schedule: '3, 4', specials: 'all' });
  await addBots(ann, 2);
  await ann.getByText('Special cards in this game').first().waitFor().catch(() => null);
  const bo = await joinAndReady(env.browser, env.server.url, 'Bo', { name: 'Ann', page: ann });
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  // The rules of every card, one click away.
  await ann.locator('summary', { hasText: 'Special cards in this game' }).click();
  await ann.locator('.cb-specials-panel li').filter({ hasText: 'Its player takes a trick won this round' }).waitFor();
  assert.equal(await ann.locator('.cb-specials-panel li').count(), 17, 'sixteen cards and the Bubble Shield');
  await shot(ann, '12-rules');
  await ann.locator('.cb-specials-panel').getByRole('button', { name: 'Close' }).click();

  const captured = new Map(); // prompt kind → screenshot file
  const people = [ann, bo];
  // About 50 s on a quiet machine; beside CI's sanitizer build on two cores, several times that.
  const until = Date.now() + 420000;
  while (!(await Promise.all(people.map(isFinished))).every(Boolean)) {
    assert.ok(Date.now() < until, 'the game did not finish in time');
    for (const page of people) {
      if (await isFinished(page)) continue;
      await actOnce(page, async () => {
        for (const kind of await promptKindsOnPage(page)) {
          if (captured.has(kind)) continue;
          const file = `12-prompt-${kind.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
          await shot(page, file);
          captured.set(kind, join(ARTIFACTS, `${file}.png`));
        }
        // Read at once, never waited for: most moves show no special panel, and a locator's
        // read would wait its whole timeout for one (the table goes on meanwhile).
        const panel = await page.evaluate(() => {
          const el = document.querySelector('.cb-special');
          return el && { title: el.querySelector('h3')?.innerText ?? '', labels: [...el.querySelectorAll('button')].map((b) => b.innerText) };
        });
        if (!panel) return;
        for (const l of panel.labels) {
          assert.doesNotMatch(l, /^(pick_|take_|change_|done_|play_golem|smuggle$)/, `a choice in words: ${l} (${panel.title})`);
        }
      });
    }
    await ann.waitForTimeout(100);
  }
  for (const page of people) {
    await page.getByRole('list', { name: 'Final ranks' }).waitFor();
    assert.deepEqual(page.errors, []);
  }
  const asked = new Set([...promptKindsOnWire(ann.received), ...promptKindsOnWire(bo.received)]);
  console.log(`prompt kinds asked: ${[...asked].sort().join(', ')}`);
  console.log(`prompt kinds captured: ${[...captured.keys()].sort().join(', ')}`);
  assert.deepEqual([...asked].filter((k) => !captured.has(k)), [], 'every kind of prompt a person was asked has a screenshot');
  for (const [kind, file] of captured) assert.ok(existsSync(file), `${kind}: ${file}`);
  for (const kind of ['bid', 'play']) assert.ok(captured.has(kind), `a person was asked to ${kind}`);
  await ann.context().close();
  await bo.context().close();
});

// The kinds of question a page shows now: the trump, a bid, a card to play, and the special
// panel's own kinds (games/crown-battles/specials.js, promptKinds).
async function promptKindsOnPage(page) {
  return page.evaluate(() => [
    document.querySelector('.cb-choice[aria-label="Choose the trump suit"] button') ? 'trump' : null,
    document.querySelector('.cb-bid .bid-button') ? 'bid' : null,
    document.querySelector('.hand-cards button.card.legal') ? 'play' : null,
    ...[...document.querySelectorAll('.cb-special[data-prompt]')].flatMap((e) => e.dataset.prompt.split(' ')),
  ].filter(Boolean));
}

// The same kinds, read from the `table` messages a page received: what the server asked.
function promptKindsOnWire(frames) {
  const kinds = new Set();
  for (const text of frames) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      continue;
    }
    const legal = (msg && msg.type === 'table' && msg.game && msg.game.legal) || [];
    if (legal.some((a) => a.type === 'choose_trump')) kinds.add('trump');
    if (legal.some((a) => a.type === 'bid')) kinds.add('bid');
    if (legal.some((a) => a.type === 'play')) kinds.add('play');
    const steps = specialSteps(legal);
    if (steps.length) {
      const sp = readSpecials(msg.game.view);
      for (const k of promptKinds(sp ? sp.pending : null, steps)) kinds.add(k);
    }
  }
  return kinds;
}

test('a private table is joined through its invite link and refused without it', async () => {
  const priya = await arrive(env.browser, env.server.url, 'Priya');
  const tableId = await createTable(priya, { seats: 3, isPrivate: true });
  const invite = await priya.getByLabel('Invite link').inputValue();
  assert.match(invite, /#\/invite\/.+/);
  await shot(priya, '07-private-table');

  const quinn = await arrive(env.browser, env.server.url, 'Quinn');
  await quinn.locator('.empty-lobby, .table-list').first().waitFor();
  assert.equal(await quinn.getByRole('listitem', { name: /hosted by Priya/ }).count(), 0, 'private tables are not listed');
  await quinn.goto(`${env.server.url}#/table/${tableId}`);
  await quinn.getByText(/invite link/).first().waitFor();
  assert.equal(await quinn.getByRole('heading', { name: 'Seats' }).count(), 0);
  await shot(quinn, '08-refused-without-invite');

  await quinn.goto(invite);
  await quinn.getByRole('heading', { name: 'Seats' }).waitFor();
  await quinn.getByRole('listitem', { name: /Quinn \(you\)/ }).waitFor();
  await priya.getByRole('listitem', { name: /: Quinn/ }).waitFor();
  await priya.context().close();
  await quinn.context().close();
});

test('a reload in the middle of a round resumes the same seat and hand', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  await createTable(ann, { seats: 3, schedule: '4' });
  await addBots(ann, 2);
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.hand-cards button.card').first().waitFor();
  // The first decision with the keyboard only: Tab to it, Enter.
  await ann.locator('.bid-button, .suit-button').first().waitFor();
  await ann.locator('body').click({ position: { x: 1, y: 1 } });
  assert.ok(await tabTo(ann, '.bid-button, .suit-button'), 'a decision is reachable with Tab');
  const focused = await ann.evaluateHandle(() => document.activeElement);
  await ann.keyboard.press('Enter');
  await ann.waitForFunction((el) => !el.isConnected, focused);
  // Play until the round is under way and Ann has something left in hand.
  const until = Date.now() + 30000;
  while ((await handOf(ann)).length === 4 && Date.now() < until) {
    await actOnce(ann);
    await ann.waitForTimeout(100);
  }
  const seatBefore = await ann.locator('.cb-player.mine').getAttribute('data-seat');
  const handBefore = await handOf(ann);
  assert.ok(handBefore.length > 0 && handBefore.length < 4);
  await ann.reload();
  await ann.locator('.cb-player.mine').waitFor();
  assert.equal(await ann.locator('.cb-player.mine').getAttribute('data-seat'), seatBefore);
  assert.deepEqual(await handOf(ann), handBefore);
  assert.equal(await ann.getByRole('textbox', { name: 'Your name' }).count(), 0, 'no new name asked');
  await shot(ann, '09-after-reload');
  await ann.context().close();
});

test('a spectator sees the game but no card of any hand, in the page or on the wire', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  const tableId = await createTable(ann, { seats: 3, schedule: '2, 3' });
  await addBots(ann, 2);
  const cy = await arrive(env.browser, env.server.url, 'Cy', { hash: `#/watch/${tableId}` });
  await cy.getByText('spectating', { exact: true }).waitFor();

  await ann.getByRole('button', { name: 'Start game' }).click();
  await cy.locator('.cb').waitFor();
  let shotTaken = false;
  await playToEnd([ann], 120000, async () => {
    if (!shotTaken && (await cy.locator('.trick-play').count())) {
      shotTaken = true;
      await shot(cy, '10-spectator');
    }
    assert.equal(await cy.locator('.cb-hand, .hand-cards, [data-card]').count(), 0, 'no hand in the spectator page');
  });
  await cy.locator('#result-heading').waitFor();

  let tables = 0;
  for (const text of cy.received) {
    const msg = JSON.parse(text);
    if (msg.type !== 'table' || !msg.game) {
      assert.deepEqual(cardsIn(text), [], `a ${msg.type} message names no card`);
      continue;
    }
    tables++;
    const view = msg.game.view;
    assert.deepEqual(view.hand, [], 'a spectator view has no hand');
    const onTable = new Set([...(view.trick ? view.trick.cards : []), ...(view.last_trick ? view.last_trick.cards : [])].map((c) => c.card));
    if (msg.last_event && msg.last_event.action && msg.last_event.action.card) onTable.add(msg.last_event.action.card);
    for (const card of cardsIn(text)) assert.ok(onTable.has(card), `a spectator frame names ${card}, which is not on the table`);
  }
  assert.ok(tables > 5, `the spectator received the game (${tables} table messages)`);
  const handSeen = ann.received.some((t) => {
    const m = JSON.parse(t);
    return m.type === 'table' && m.game && m.game.view.hand.length > 0 && cardsIn(t).length > 0;
  });
  assert.ok(handSeen, 'the same check does find hand cards in a player frame');
  await cy.context().close();
  await ann.context().close();
});

test('on a 375-px phone a person completes a bid and a trick', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann', { viewport: { width: 375, height: 812 } });
  await shot(ann, '11-phone-lobby');
  await createTable(ann, { seats: 4, schedule: '2, 2', clock: '1 min + 5 s per move' });
  await addBots(ann, 3);
  await shot(ann, '12-phone-waiting');
  await ann.getByRole('button', { name: 'Start game' }).click();
  await ann.locator('.cb').waitFor();
  await ann.getByRole('timer').first().waitFor();
  const width = await ann.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `no sideways scrolling (page is ${width}px wide)`);

  let bid = false;
  let played = false;
  const until = Date.now() + 60000;
  while (Date.now() < until) {
    const did = await actOnce(ann, async (kind) => {
      if (kind === 'bid' && !bid) await ann.screenshot({ path: `${ARTIFACTS}/13-phone-bid.png` });
      if (kind === 'play' && !played) await ann.screenshot({ path: `${ARTIFACTS}/14-phone-play.png` });
    });
    if (did === 'bid') bid = true;
    if (did === 'play') played = true;
    // A trick is complete when it shows as the last trick or the round's score line.
    if (played && ((await ann.locator('.cb-trick.last').count()) || (await ann.locator('.cb-scores tbody tr').count()))) break;
    if (did === 'bid' || did === 'play') await ann.waitForTimeout(150);
    else await ann.waitForTimeout(100);
  }
  assert.ok(bid, 'placed a bid');
  assert.ok(played, 'played a card');
  await shot(ann, '15-phone-trick-done');
  await ann.context().close();
});

test('the host changes the settings of a waiting table', async () => {
  const hana = await arrive(env.browser, env.server.url, 'Hana');
  await createTable(hana, { seats: 4, schedule: '1, 2' });
  await addBots(hana, 1);
  await hana.getByRole('button', { name: /^Remove the bot/ }).click();
  await hana.waitForFunction(() => !document.querySelector('.seat-row .badge.bot'));
  await hana.getByRole('button', { name: 'Change settings' }).click();
  const form = hana.getByRole('form', { name: 'Table settings' });
  await form.getByLabel(/^Players/).fill('3');
  await form.getByLabel(/^Players/).press('Tab');
  await form.getByLabel(/Screw the dealer/).check();
  await form.getByLabel(/Blind Bidding/).check();
  await form.getByLabel('Clock').selectOption({ label: '3 min + 5 s per move' });
  await shot(hana, '16-edit-settings');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await hana.waitForFunction(() => document.querySelectorAll('.seat-row').length === 3);
  await hana.getByText('The host changed the settings.').waitFor();
  const summary = await hana.locator('.options-summary').innerText();
  assert.match(summary, /Screw the dealer\s+yes/);
  assert.match(summary, /Round types\s+Normal Bidding, Blind Bidding/);
  assert.match(summary, /Cards dealt each round\s+1, 2/, 'an earlier choice survives');
  assert.match(summary, /Clock\s+3 min \+ 5 s per move/);
  assert.deepEqual(hana.errors, []);
  await hana.context().close();
});

test('a player who drops out is shown away while a bot plays, and takes the seat back', async () => {
  const ann = await arrive(env.browser, env.server.url, 'Ann');
  const tableId = await createTable(ann, { seats: 3, schedule: '3, 3' });
  await addBots(ann, 1);
  const bo = await arrive(env.browser, env.server.url, 'Bo', { hash: `#/table/${tableId}` });
  await bo.getByRole('button', { name: 'I’m ready' }).click();
  await ann.getByRole('listitem', { name: /Bo, ready/ }).waitFor();
  await ann.getByRole('button', { name: 'Start game' }).click();
  await bo.locator('.cb').waitFor();

  await bo.goto('about:blank'); // Bo's connection is gone
  await ann.locator('.cb-player', { hasText: 'Bo' }).getByText('away · bot plays').waitFor({ timeout: 25000 });
  await shot(ann, '17-away-seat');
  await bo.goto(`${env.server.url}#/table/${tableId}`);
  await bo.getByRole('alert').getByText('a bot is playing your seat').waitFor();
  await shot(bo, '18-away-banner');
  // The seat also comes back by itself at Bo's next decision, which may beat the click.
  await bo.getByRole('button', { name: 'Take my seat back' }).click({ timeout: 3000 }).catch(() => null);
  await bo.getByRole('alert').waitFor({ state: 'detached' });
  await ann.locator('.cb-player', { hasText: 'Bo' }).getByText('away · bot plays').waitFor({ state: 'detached' });
  await ann.context().close();
  await bo.context().close();
});
