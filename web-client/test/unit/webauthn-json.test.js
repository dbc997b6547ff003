// Passkey options and answers between JSON (base64url) and the browser's ArrayBuffers
// (src/account/webauthn-json.js): bytes survive the round trip, the options of
// protocol/accounts.md come out as navigator.credentials wants them, a made or used passkey
// goes back as the server reads it, and a browser's own conversion is used when it has one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { base64urlToBuffer, bufferToBase64url, creationOptions, requestOptions, credentialToJSON } from '../../src/account/webauthn-json.js';

const bytes = (buf) => [...new Uint8Array(buf)];

test('any bytes go to base64url (no padding, no + or /) and back', () => {
  for (let n = 0; n < 40; n += 1) {
    const b = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n * 31 + 251) % 256);
    const text = bufferToBase64url(b.buffer);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.deepEqual(bytes(base64urlToBuffer(text)), [...b], `${n} bytes`);
    // A view into a larger buffer is read as its own bytes only.
    const larger = new Uint8Array(n + 4);
    larger.set(b, 2);
    assert.equal(bufferToBase64url(larger.subarray(2, 2 + n)), text);
  }
  assert.equal(bufferToBase64url(Uint8Array.of(0xfb, 0xff, 0xbf).buffer), '-_-_');
  assert.deepEqual(bytes(base64urlToBuffer('-_-_')), [0xfb, 0xff, 0xbf]);
});

// The creation and request options as protocol/accounts.md shows them.
function docExample(marker) {
  const doc = readFileSync(new URL('../../../protocol/accounts.md', import.meta.url), 'utf8');
  const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]);
  return JSON.parse(blocks.find((b) => b.includes(marker)));
}

test('creation options: challenge, user id and excluded ids become bytes, the rest stays', () => {
  const json = { ...docExample('"pubKeyCredParams"').publicKey, challenge: 'AAECAwQ', user: { id: '_-8', name: 'Ann', displayName: 'Ann' }, excludeCredentials: [{ type: 'public-key', id: 'CQgH' }] };
  const o = creationOptions(json, null);
  assert.ok(o.challenge instanceof ArrayBuffer);
  assert.deepEqual(bytes(o.challenge), [0, 1, 2, 3, 4]);
  assert.deepEqual(bytes(o.user.id), [0xff, 0xef]);
  assert.equal(o.user.name, 'Ann');
  assert.deepEqual(bytes(o.excludeCredentials[0].id), [9, 8, 7]);
  assert.equal(o.excludeCredentials[0].type, 'public-key');
  assert.deepEqual(o.pubKeyCredParams, json.pubKeyCredParams);
  assert.deepEqual(o.authenticatorSelection, { residentKey: 'required', userVerification: 'required' });
  assert.equal(o.rp.id, 'localhost');
  assert.equal(bufferToBase64url(o.challenge), json.challenge, 'and back');
});

test('request options: the challenge and any allowed ids become bytes', () => {
  const json = { ...docExample('"ceremony"').publicKey, challenge: 'AQID', allowCredentials: [{ type: 'public-key', id: 'BAUG' }] };
  const o = requestOptions(json, null);
  assert.deepEqual(bytes(o.challenge), [1, 2, 3]);
  assert.deepEqual(bytes(o.allowCredentials[0].id), [4, 5, 6]);
  assert.equal(o.rpId, 'localhost');
  assert.equal(o.userVerification, 'required');
  assert.deepEqual(requestOptions({ challenge: 'AQID' }, null).allowCredentials, []);
});

test('a browser that converts options itself is let do it', () => {
  const seen = [];
  const PKC = { parseCreationOptionsFromJSON: (j) => (seen.push(['create', j]), 'native-create'), parseRequestOptionsFromJSON: (j) => (seen.push(['get', j]), 'native-get') };
  const j = { challenge: 'AQID' };
  assert.equal(creationOptions(j, PKC), 'native-create');
  assert.equal(requestOptions(j, PKC), 'native-get');
  assert.deepEqual(seen, [['create', j], ['get', j]]);
});

const buf = (...b) => Uint8Array.from(b).buffer;

test('a made passkey goes to RegistrationResponseJSON, a used one to AuthenticationResponseJSON', () => {
  const made = {
    id: 'AQI', rawId: buf(1, 2), type: 'public-key', authenticatorAttachment: 'platform',
    getClientExtensionResults: () => ({ credProps: { rk: true } }),
    response: { clientDataJSON: buf(123, 125), attestationObject: buf(0xa0), getTransports: () => ['internal'] },
  };
  assert.deepEqual(credentialToJSON(made), {
    id: 'AQI', rawId: 'AQI', type: 'public-key', authenticatorAttachment: 'platform', clientExtensionResults: { credProps: { rk: true } },
    response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  });
  const used = { id: 'AQI', rawId: buf(1, 2), type: 'public-key', response: { clientDataJSON: buf(123, 125), authenticatorData: buf(7), signature: buf(8, 9), userHandle: buf(0xff) } };
  const j = credentialToJSON(used);
  assert.deepEqual(j.response, { clientDataJSON: 'e30', authenticatorData: 'Bw', signature: 'CAk', userHandle: '_w' });
  assert.deepEqual(j.clientExtensionResults, {});
  assert.equal(j.authenticatorAttachment, null);
  assert.equal(credentialToJSON({ ...used, response: { ...used.response, userHandle: null } }).response.userHandle, null);
  // Round trip: what the server gets decodes to the browser's bytes.
  assert.deepEqual(bytes(base64urlToBuffer(j.response.signature)), [8, 9]);
});

test('a passkey that has toJSON() is serialized by the browser', () => {
  const native = { toJSON: () => ({ id: 'x', from: 'browser' }), response: {} };
  assert.deepEqual(credentialToJSON(native), { id: 'x', from: 'browser' });
});
