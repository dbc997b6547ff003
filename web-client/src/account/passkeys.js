// The browser's side of a passkey: make one for the account, or use one to sign in. The
// person may cancel the browser's prompt (or let it time out): that is not a fault, and the
// page says so plainly (`cancelled`). Passed in, so the account's flow is tested in Node.

import { creationOptions, credentialToJSON, requestOptions } from './webauthn-json.js';

export function browserPasskeys(win = globalThis) {
  const PKC = win.PublicKeyCredential;
  const credentials = win.navigator && win.navigator.credentials;
  const supported = Boolean(PKC && credentials && typeof credentials.create === 'function');

  async function ceremony(run) {
    try {
      const credential = await run();
      if (!credential) return { ok: false, code: 'cancelled' };
      return { ok: true, credential: credentialToJSON(credential) };
    } catch (e) {
      const name = e && e.name;
      if (name === 'NotAllowedError' || name === 'AbortError') return { ok: false, code: 'cancelled' };
      // A passkey of this account is already on this device (excludeCredentials matched).
      if (name === 'InvalidStateError') return { ok: false, code: 'passkey_already_here' };
      return { ok: false, code: 'passkey_failed' };
    }
  }

  return {
    supported,
    create: (publicKeyJSON) => ceremony(() => credentials.create({ publicKey: creationOptions(publicKeyJSON, PKC) })),
    get: (publicKeyJSON) => ceremony(() => credentials.get({ publicKey: requestOptions(publicKeyJSON, PKC) })),
  };
}
