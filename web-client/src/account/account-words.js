// What the account panel says when something is refused. The server sends a code
// (protocol/accounts.md, "Refusals"); the words are the page's, said as a person would
// understand them, with what to do next.

const PASSKEY_NOT_ACCEPTED = 'The passkey was not accepted. Try again; if it keeps failing, sign in with your password.';

export const REFUSAL_WORDS = {
  bad_request: 'The server did not understand that. Reload the page and try again.',
  bad_origin: 'This page is not one of this server’s own, so it may not change your account.',
  not_signed_in: 'This page’s session has ended. Reload the page and try again.',
  no_store: 'This server keeps no accounts: it forgets every player when it stops.',
  store_unavailable: 'The server cannot reach its records just now. Try again in a moment.',
  invalid_name: 'That name cannot be used. Use 1 to 24 letters, digits, spaces or simple signs (not < > & " `).',
  name_taken: 'Someone already has an account with that name. Choose another.',
  account_exists: 'You already have an account.',
  no_account: 'You have no account yet.',
  password_too_short: 'A password needs 8 characters at least.',
  password_too_long: 'That password is too long.',
  last_way_in: 'That is your only way to sign in. Add a passkey or a password first.',
  banned: 'This account has been banned by the site’s admins.',
  sign_in_failed: 'That name and password do not match an account.',
  sign_in_limited: 'Too many tries to sign in. Please wait before trying again.',
  passkeys_unavailable: 'Passkeys do not work on this server just now. A password still does.',
  passkey_exists: 'That passkey is on your account already.',
  no_such_device: 'That device was already signed out.',
  no_such_passkey: 'That passkey was already removed.',
  webauthn_malformed: PASSKEY_NOT_ACCEPTED,
  webauthn_bad_type: PASSKEY_NOT_ACCEPTED,
  webauthn_bad_challenge: 'That passkey prompt was too old. Try again.',
  webauthn_bad_origin: 'The passkey was made for another address of this site. Open the site at its usual address and try again.',
  webauthn_bad_rp_id: 'The passkey belongs to another site.',
  webauthn_user_not_present: 'The passkey needs you to touch or confirm on your device. Try again.',
  webauthn_user_not_verified: 'The passkey needs your PIN, fingerprint or face. Try again and confirm it on your device.',
  webauthn_unsupported_algorithm: 'This kind of passkey cannot be used here. Try another device or password manager.',
  webauthn_bad_attestation: PASSKEY_NOT_ACCEPTED,
  webauthn_bad_signature: PASSKEY_NOT_ACCEPTED,
  webauthn_counter_went_back: 'This passkey looks copied, so it was refused. Sign in another way and remove it.',
  webauthn_unknown_credential: 'This passkey belongs to no account here (it may have been removed). Sign in another way.',
  // Said by the page, not the server.
  network: 'The server could not be reached. Check your connection and try again.',
  unexpected: 'Something went wrong on the server. Try again in a moment.',
  cancelled: 'No passkey was used: the prompt was closed or took too long. Nothing changed.',
  passkey_already_here: 'This device already holds a passkey for your account.',
  passkey_failed: 'This browser could not use a passkey. Try again, or use a password.',
};

// "in 1 minute", "in 30 seconds": how long to wait, for sign_in_limited.
function waitWords(seconds) {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} minutes`;
  if (seconds >= 60) return 'in 1 minute';
  const s = Math.ceil(seconds);
  return `in ${s} second${s === 1 ? '' : 's'}`;
}

export function refusalText(code, retryAfterSeconds = null) {
  if (code === 'sign_in_limited' && retryAfterSeconds > 0) return `Too many tries to sign in. Try again ${waitWords(retryAfterSeconds)}.`;
  if (Object.hasOwn(REFUSAL_WORDS, code)) return REFUSAL_WORDS[code];
  if (/^webauthn_/.test(code)) return PASSKEY_NOT_ACCEPTED;
  return REFUSAL_WORDS.unexpected;
}
