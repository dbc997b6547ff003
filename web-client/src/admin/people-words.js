// What the admin's people requests and the audit log say, in words: the server sends codes
// and bare records (docs/admin.md, "People"); the page says what happened to whom.

// A refusal's code, as the admin would want it said.
export const PEOPLE_REFUSALS = {
  bad_request: 'The server did not understand that request.',
  bad_origin: 'The server refused a request from a page not its own. Open the admin page at the server’s own address.',
  invalid_name: 'That name cannot be used: 1 to 24 letters, digits, spaces or simple signs.',
  name_taken: 'Another account already has that name.',
  no_such_player: 'Nobody has that player id.',
  not_banned: 'That player is not banned (any more).',
  no_store: 'This server keeps no data, so it has no accounts, bans or audit log.',
  store_unavailable: 'The server cannot reach its database just now. Try again in a moment.',
  not_admin: 'That token is not right.',
  admin_off: 'The admin API is off on this server: start it with --admin-token.',
};

export function peopleRefusal({ status, body }) {
  const code = body && body.code;
  if (code && Object.hasOwn(PEOPLE_REFUSALS, code)) return PEOPLE_REFUSALS[code];
  if (status === 401) return PEOPLE_REFUSALS.not_admin;
  return (body && body.error) || `The server answered ${status}.`;
}

// "10 min", "2 h", "1 h 30 min", "7 days"
export function minutesText(m) {
  if (m >= 1440 && m % 1440 === 0) return m === 1440 ? '1 day' : `${m / 1440} days`;
  if (m < 60) return `${m} min`;
  return m % 60 ? `${Math.floor(m / 60)} h ${m % 60} min` : `${m / 60} h`;
}

const who = (by) => (by === 'admin' || !by ? 'Admin' : by);

// One audit entry in a sentence. `nameOf(player)` gives a name the page knows, else null.
export function auditText(entry, nameOf = () => null) {
  const d = (entry.detail && typeof entry.detail === 'object') ? entry.detail : {};
  const name = nameOf(entry.player) || entry.player;
  const by = who(entry.by);
  switch (entry.action) {
    case 'ban': {
      const reason = d.reason ? `: ${d.reason}` : '';
      const minutes = Number(d.refuse_address_minutes) || 0;
      // The address is known only while the player was connected to this server.
      const address = minutes > 0
        ? d.address_refused ? ` (address refused ${minutesText(minutes)})` : ' (address not refused: they were not connected)'
        : '';
      return `${by} banned ${name}${reason}${address}`;
    }
    case 'lift_ban':
      return `${by} lifted the ban on ${name}`;
    case 'rename':
      return `${by} renamed ${d.from || name} to ${d.to || '?'}`;
    default:
      return `${by}: ${entry.action} ${name}`;
  }
}

// The line under a ban's sentence: how many browsers it signed out.
export function auditDetail(entry) {
  const d = (entry.detail && typeof entry.detail === 'object') ? entry.detail : {};
  if (entry.action !== 'ban' || !Number.isInteger(d.devices_signed_out)) return '';
  const n = d.devices_signed_out;
  return `${n} device${n === 1 ? '' : 's'} signed out`;
}

// Newest first, each entry once: a refresh's newest page merged with the older pages read.
export function mergeAudit(have, got) {
  const byId = new Map();
  for (const e of [...(have || []), ...(got || [])]) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

// Everyone the admin can act on: the accounts, then this server's guests (its sessions
// without an account), by name.
export function peopleRows(accounts, sessions, bans) {
  const banned = new Set((bans || []).map((b) => b.player));
  const rows = (accounts || []).map((a) => ({ player: a.player, name: a.name, account: true, created_at: a.created_at, online: Boolean(a.online), banned: Boolean(a.banned) }));
  const known = new Set(rows.map((r) => r.player));
  for (const s of sessions || []) {
    if (known.has(s.player)) continue;
    known.add(s.player);
    rows.push({ player: s.player, name: s.name, account: false, created_at: null, online: Boolean(s.connected), banned: banned.has(s.player) });
  }
  return rows;
}
