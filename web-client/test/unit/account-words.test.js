// The account panel's words for each refusal (src/account/account-words.js): every code of
// protocol/accounts.md's table has its own words, read from the document itself so a new
// code cannot be forgotten, and `webauthn_*` stands for each check of docs/accounts.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { REFUSAL_WORDS, refusalText } from '../../src/account/account-words.js';

const read = (path) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

// The codes in the first column of a markdown table whose header starts with `header`.
function tableCodes(doc, header) {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.startsWith(header));
  assert.ok(start >= 0, `a table headed ${header}`);
  const codes = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((c) => c.trim());
    codes.push(...[...cells[header.startsWith('| code') ? 1 : 2].matchAll(/`([a-z_*]+)`/g)].map((m) => m[1]));
  }
  return codes;
}

const protocolCodes = tableCodes(read('protocol/accounts.md'), '| code | status |');
const checkCodes = tableCodes(read('docs/accounts.md'), '| check | refusal |');

test('the documents list the codes (the tables were read)', () => {
  assert.ok(protocolCodes.length >= 18, protocolCodes.join(' '));
  assert.ok(protocolCodes.includes('webauthn_*'));
  assert.ok(checkCodes.length >= 10 && checkCodes.every((c) => c.startsWith('webauthn_')), checkCodes.join(' '));
});

test('every refusal code has its own words', () => {
  const codes = protocolCodes.flatMap((c) => (c === 'webauthn_*' ? checkCodes : [c]));
  for (const code of codes) {
    assert.ok(Object.hasOwn(REFUSAL_WORDS, code), `words for ${code}`);
    const text = refusalText(code);
    assert.match(text, /^[A-Z].*\.$/, `${code}: a sentence`);
    assert.doesNotMatch(text, /_/, `${code}: no code in the words`);
  }
});

test('a sign-in limit says when to try again', () => {
  assert.equal(refusalText('sign_in_limited', 30), 'Too many tries to sign in. Try again in 30 seconds.');
  assert.equal(refusalText('sign_in_limited', 1), 'Too many tries to sign in. Try again in 1 second.');
  assert.equal(refusalText('sign_in_limited', 61), 'Too many tries to sign in. Try again in 1 minute.');
  assert.equal(refusalText('sign_in_limited', 600), 'Too many tries to sign in. Try again in 10 minutes.');
  assert.equal(refusalText('sign_in_limited'), REFUSAL_WORDS.sign_in_limited);
});

test('a code this page does not know yet still gets words', () => {
  assert.equal(refusalText('webauthn_something_new'), refusalText('webauthn_bad_signature'));
  assert.equal(refusalText('something_new'), REFUSAL_WORDS.unexpected);
});
