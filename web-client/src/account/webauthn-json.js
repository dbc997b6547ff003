// Passkey options and answers travel as JSON with their bytes in base64url (WebAuthn's
// `...JSON` types); the browser's passkey calls want and give ArrayBuffers. Browsers that
// know `parseCreationOptionsFromJSON`, `parseRequestOptionsFromJSON` and `toJSON()` convert
// themselves; for the others this file does the same conversion.

export function bufferToBase64url(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64urlToBuffer(text) {
  const b64 = String(text).replace(/-/g, '+').replace(/_/g, '/');
  const s = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i += 1) bytes[i] = s.charCodeAt(i);
  return bytes.buffer;
}

const withIds = (list) => (list || []).map((c) => ({ ...c, id: base64urlToBuffer(c.id) }));

// PublicKeyCredentialCreationOptionsJSON -> what navigator.credentials.create takes.
export function creationOptions(json, PKC = globalThis.PublicKeyCredential) {
  if (PKC && typeof PKC.parseCreationOptionsFromJSON === 'function') return PKC.parseCreationOptionsFromJSON(json);
  return {
    ...json,
    challenge: base64urlToBuffer(json.challenge),
    user: { ...json.user, id: base64urlToBuffer(json.user.id) },
    excludeCredentials: withIds(json.excludeCredentials),
  };
}

// PublicKeyCredentialRequestOptionsJSON -> what navigator.credentials.get takes.
export function requestOptions(json, PKC = globalThis.PublicKeyCredential) {
  if (PKC && typeof PKC.parseRequestOptionsFromJSON === 'function') return PKC.parseRequestOptionsFromJSON(json);
  return { ...json, challenge: base64urlToBuffer(json.challenge), allowCredentials: withIds(json.allowCredentials) };
}

const b64OrNull = (buf) => (buf ? bufferToBase64url(buf) : null);

// A made or used passkey -> RegistrationResponseJSON or AuthenticationResponseJSON.
export function credentialToJSON(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: bufferToBase64url(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = bufferToBase64url(r.attestationObject);
    if (typeof r.getTransports === 'function') response.transports = r.getTransports();
  } else {
    response.authenticatorData = bufferToBase64url(r.authenticatorData);
    response.signature = bufferToBase64url(r.signature);
    response.userHandle = b64OrNull(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: bufferToBase64url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? null,
    clientExtensionResults: typeof credential.getClientExtensionResults === 'function' ? credential.getClientExtensionResults() : {},
    response,
  };
}
