// Records real WebAuthn payloads from Debian's Chromium and its virtual authenticator (Chrome
// DevTools Protocol), for the C++ verifier's tests: one passkey made and used twice per
// signature algorithm, on http://localhost:PORT with relying-party id `localhost`.
//
//   cd tests/accounts && npm ci --no-audit --no-fund && node record_webauthn.mjs
//
// Writes recorded/<name>.json. Each recording is also checked by @simplewebauthn/server, an
// independent verifier, before it is written: a payload both verifiers accept is a real one.
// The authenticator's private key is kept too, so the tests can sign forged payloads.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';

// The browser tests' own playwright-core and launch options (web-client/): one way to start
// Chromium in this repository.
const webClient = new URL('../../web-client/', import.meta.url);
const { chromium } = createRequire(new URL('package.json', webClient))('playwright-core');
const { launchOptions } = await import(new URL('test/helpers/browser.js', webClient));

const OUT = fileURLToPath(new URL('recorded/', import.meta.url));
const RP_ID = 'localhost';

// What each recording asks the authenticator for: the algorithm (COSE number) and whether the
// page asks for the authenticator's own attestation ("direct": Chromium's virtual one signs
// a "packed" statement with its certificate) or none.
const RECORDINGS = [
  { name: 'es256_none', alg: -7, attestation: 'none' },
  { name: 'es256_packed', alg: -7, attestation: 'direct' },
  { name: 'eddsa_none', alg: -8, attestation: 'none' },
  { name: 'rs256_none', alg: -257, attestation: 'none' },
];

const PAGE = '<!doctype html><html lang="en"><title>passkey recording</title><main>recording</main></html>';

// A free port in 32768–60999, the range the machine leaves to programs that pick their own.
async function listen(server) {
  for (;;) {
    const port = 32768 + Math.floor(Math.random() * (60999 - 32768));
    const ok = await new Promise((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (ok) return port;
  }
}

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');

// Runs in the page: one navigator.credentials call, its answer as base64url strings.
async function pageCreate({ challenge, userId, alg, attestation }) {
  const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const text = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const cred = await navigator.credentials.create({
    publicKey: {
      challenge: bytes(challenge),
      rp: { id: 'localhost', name: 'Crownhall' },
      user: { id: bytes(userId), name: 'ada', displayName: 'Ada' },
      pubKeyCredParams: [{ type: 'public-key', alg }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation,
      timeout: 10000,
    },
  });
  return {
    id: cred.id,
    rawId: text(cred.rawId),
    type: cred.type,
    response: {
      clientDataJSON: text(cred.response.clientDataJSON),
      attestationObject: text(cred.response.attestationObject),
      transports: cred.response.getTransports(),
    },
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment,
  };
}

async function pageGet({ challenge }) {
  const bytes = (s) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const text = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  // A discoverable credential: the person picks their passkey, no name typed first.
  const cred = await navigator.credentials.get({
    publicKey: { challenge: bytes(challenge), rpId: 'localhost', userVerification: 'required', timeout: 10000 },
  });
  return {
    id: cred.id,
    rawId: text(cred.rawId),
    type: cred.type,
    response: {
      clientDataJSON: text(cred.response.clientDataJSON),
      authenticatorData: text(cred.response.authenticatorData),
      signature: text(cred.response.signature),
      userHandle: cred.response.userHandle ? text(cred.response.userHandle) : null,
    },
    clientExtensionResults: cred.getClientExtensionResults(),
    authenticatorAttachment: cred.authenticatorAttachment,
  };
}

async function record(browser, origin, { name, alg, attestation }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto(origin + '/');

  const userId = b64url(randomBytes(16));
  const registration = { challenge: b64url(randomBytes(32)) };
  registration.response = await page.evaluate(pageCreate, { challenge: registration.challenge, userId, alg, attestation });
  const signIns = [];
  for (let i = 0; i < 2; ++i) {
    const challenge = b64url(randomBytes(32));
    signIns.push({ challenge, response: await page.evaluate(pageGet, { challenge }) });
  }
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  await context.close();

  // The independent verifier's word on every payload, with the same expectations as ours.
  const reg = await verifyRegistrationResponse({
    response: registration.response,
    expectedChallenge: registration.challenge,
    expectedOrigin: origin,
    expectedRPID: RP_ID,
    requireUserVerification: true,
    supportedAlgorithmIDs: [alg],
  });
  if (!reg.verified) throw new Error(`${name}: @simplewebauthn/server refused the registration`);
  let counter = reg.registrationInfo.credential.counter;
  const oracle = { registration: { counter, fmt: reg.registrationInfo.fmt }, sign_ins: [] };
  for (const s of signIns) {
    const auth = await verifyAuthenticationResponse({
      response: s.response,
      expectedChallenge: s.challenge,
      expectedOrigin: origin,
      expectedRPID: RP_ID,
      requireUserVerification: true,
      credential: { ...reg.registrationInfo.credential, counter },
    });
    if (!auth.verified) throw new Error(`${name}: @simplewebauthn/server refused a sign-in`);
    counter = auth.authenticationInfo.newCounter;
    oracle.sign_ins.push({ counter });
  }

  return {
    recorded_with: `${browser.version()} (Chromium), CDP virtual authenticator: ctap2, internal, resident key, user verification`,
    rp_id: RP_ID,
    origin,
    algorithm: alg,
    attestation,
    user_handle: userId,
    registration,
    sign_ins: signIns,
    private_key_pkcs8: credentials[0].privateKey,
    simplewebauthn: oracle,
  };
}

const server = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(PAGE);
});
const port = await listen(server);
const origin = `http://localhost:${port}`;
const browser = await chromium.launch(launchOptions());
try {
  mkdirSync(OUT, { recursive: true });
  for (const r of RECORDINGS) {
    const recording = await record(browser, origin, r);
    writeFileSync(`${OUT}${r.name}.json`, JSON.stringify(recording, null, 2) + '\n');
    console.log(`${r.name}: recorded and verified by @simplewebauthn/server (fmt ${recording.simplewebauthn.registration.fmt})`);
  }
} finally {
  await browser.close();
  server.close();
}
