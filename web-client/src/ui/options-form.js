// The create-table form, drawn from a game's option schema (`welcome.games[].options`) so
// the lobby needs to know nothing about any game, and read back into typed JSON.
// One room though just over 500 lines: drawing a field and reading it back share the
// schema's kinds and the defaults' rules; "reading back" (below) is what moves out next.

import { h } from '../dom/vdom.js';

// The types of option the engine declares (docs/engine.md, "Option schema").
const TYPES = new Set(['bool', 'int', 'enum', 'set', 'list', 'int_list', 'int_set']);

// The game's option schema, in the one shape the engine declares it (docs/engine.md,
// "Option schema"; the server passes it on as `welcome.games[].options`):
// {"options": [{name, label, type, default | default_by_players, min, max, values,
// min_size, min_length, max_length, depends_on, default_when, omitted_when_default,
// description}]}. An option of a type this client does not know is left out of the form,
// so the server's default applies to it.
export function normalizeSchema(schema) {
  const list = schema && Array.isArray(schema.options) ? schema.options : [];
  return list
    .filter((o) => o && typeof o.name === 'string' && TYPES.has(o.type))
    .map((o) => {
      const byPlayers = o.default_by_players ?? null;
      const dependsOn = Array.isArray(o.depends_on) ? o.depends_on : [];
      return {
        name: o.name,
        label: o.label ?? o.name,
        kind: o.type,
        values: Array.isArray(o.values) ? o.values.map((v) => ({ value: v.value, label: v.label ?? String(v.value), players: Array.isArray(v.players) ? v.players : null })) : null,
        min: o.min ?? null,
        max: o.max ?? null,
        minSize: o.min_size ?? null,
        minLength: o.min_length ?? null,
        maxLength: o.max_length ?? null,
        default: o.default,
        byPlayers,
        dependsOn,
        defaultWhen: Array.isArray(o.default_when) ? o.default_when : [],
        // Its default follows the players or other fields: left empty, the server fills it.
        derived: Boolean(byPlayers) || dependsOn.length > 0,
        help: o.description ?? '',
      };
    });
}

// The default a field shows for a table of `seats` players.
export function fieldDefault(f, seats) {
  if (f.byPlayers && seats != null && f.byPlayers[String(seats)] !== undefined) return f.byPlayers[String(seats)];
  return f.default;
}

// Whether one `default_when` rule holds on the form's current values (`non_empty`: the set
// option named has at least one member, or none when false). A rule this client cannot
// read never holds, which leaves the plain default.
function ruleHolds(rule, values) {
  if (!rule || typeof rule.option !== 'string') return false;
  if (typeof rule.non_empty === 'boolean') {
    const v = values[rule.option];
    return (Array.isArray(v) && v.length > 0) === rule.non_empty;
  }
  return false;
}

// The default in force for a field given the form's current values: the `value` of the
// first `default_when` rule that holds, else the plain default (Crown Battles: Bubble
// Shields are on by default once the deck has Special Power cards). The server normalizes
// with the same rule.
export function effectiveDefault(f, values, seats) {
  const rule = f.defaultWhen.find((r) => ruleHolds(r, values));
  return rule ? rule.value : fieldDefault(f, seats);
}

// The values of an enum or set offered to a table of `seats` players.
export function valuesFor(f, seats) {
  return (f.values || []).filter((v) => !v.players || seats == null || v.players.includes(Number(seats)));
}

const CLOCKS = [
  { value: 'none', label: 'No clock' },
  { value: '60+5', label: '1 min + 5 s per move' },
  { value: '180+5', label: '3 min + 5 s per move' },
  { value: '300+10', label: '5 min + 10 s per move' },
  { value: '600+15', label: '10 min + 15 s per move' },
];

export function clockLabel(clock) {
  if (!clock) return 'No clock';
  const hit = CLOCKS.find((c) => c.value === `${clock.bank_seconds}+${clock.increment_seconds}`);
  if (hit) return hit.label;
  return `${Math.round(clock.bank_seconds / 60)} min + ${clock.increment_seconds} s per move`;
}

// ---- drawing ----

// Whole numbers as text: runs of three or more as ranges ("5-13") for sets, a plain
// comma list for ordered lists.
export function formatInts(list, asSet) {
  if (!Array.isArray(list)) return '';
  if (!asSet) return list.join(', ');
  const sorted = [...list].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ');
}

export function parseInts(text, asSet) {
  const out = [];
  for (const part of String(text).split(/[\s,;]+/).filter(Boolean)) {
    const range = /^(\d+)\s*[-–]\s*(\d+)$/.exec(part);
    if (range && asSet) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      if (a > b) return null;
      for (let n = a; n <= b; n++) out.push(n);
    } else if (/^\d+$/.test(part)) out.push(Number(part));
    else return null;
  }
  return out;
}

// The names of the fields whose controls report each change (`option-change`): a field
// with a `default_when` and the fields its rules read, so that its default follows them
// while the person fills the form in.
// A game's own `formRules` (its renderer's, e.g. Crown Battles' Peasants) name the fields
// they read and set, which report their changes too.
function watchedNames(fields, rules) {
  const names = fields.flatMap((f) => (f.defaultWhen.length ? [f.name, ...f.defaultWhen.map((r) => r.option)] : []));
  return new Set([...names, ...(rules ? [...rules.reads, ...rules.sets, ...(rules.fixes || [])] : [])]);
}

// The fields whose value is the person's (entered in this form) or the table's, not a
// default: a game's rules count the deck from them as the server will.
function givenNames(fields, shown, draft) {
  return new Set(fields.filter((f) => shown[f.name] !== undefined || (draft && 'value' in parseField(f, draft.entries.filter(([k]) => k === `opt.${f.name}`).map(([, v]) => String(v))))).map((f) => f.name));
}

// Every field's value as the form holds it: what the person entered (`draft`: the form's
// entries as last changed), else the table's options (`shown`), else the default.
function currentValues(fields, seats, shown, draft) {
  const out = {};
  for (const f of fields) {
    const r = draft ? parseField(f, draft.entries.filter(([k]) => k === `opt.${f.name}`).map(([, v]) => String(v))) : {};
    out[f.name] = 'value' in r ? r.value : shown[f.name] !== undefined ? shown[f.name] : fieldDefault(f, seats);
  }
  return out;
}

// Whether a field with a `default_when` shows its default in force rather than a value of
// its own: not once the person set it by hand in this form; on a new table, yes; on the
// host's form, only when the edit changed that default (the first Special Power card added
// ticks Bubble Shields, the last one removed unticks them; a host who turned shields off
// keeps them off while changing which specials are in the deck).
function followsDefault(f, draft, shown, current, base, seats) {
  if (draft && draft.touched.includes(f.name)) return false;
  if (shown[f.name] === undefined) return true;
  return !sameValue(effectiveDefault(f, current, seats), effectiveDefault(f, base, seats));
}

// The fields of a game's options, split into the everyday ones and the advanced ones (whose
// defaults follow other choices). `shown`: the current options (the host's edit form), or
// nothing for a new table. `draft`: the form as the person last changed it (state.ui
// .optionDraft, see the controller's `option-change`), used when it is this form's.
// `rules`: the game's choices that cannot go together, fixed as the person makes them
// ({reads, sets, fixes, apply(values, fields, {seats, given, touched}) → {values, notes} or
// null}); a field it `sets` keeps what the person typed there, one it `fixes` is corrected
// even then (a choice the table cannot play); either says why beside the field.
export function optionFields(game, { seats, shown = {}, idPrefix = 'opt', draft = null, rules = null } = {}) {
  const basic = [];
  const advanced = [];
  const fields = normalizeSchema(game.options);
  const mine = draft && draft.form === idPrefix ? draft : null;
  const watched = watchedNames(fields, rules);
  const base = currentValues(fields, seats, shown, null);
  const current = mine ? currentValues(fields, seats, shown, mine) : base;
  const known = { seats, given: givenNames(fields, shown, mine), touched: mine ? mine.touched : [] };
  const fixed = (rules && rules.apply(current, Object.fromEntries(fields.map((f) => [f.name, f])), known)) || { values: {}, notes: {} };
  for (const f of fields) {
    const def = effectiveDefault(f, current, seats);
    let value;
    let note = null;
    const setByRule = rules && rules.sets.includes(f.name) && !(mine && mine.touched.includes(f.name));
    const fixedByRule = rules && (rules.fixes || []).includes(f.name);
    const corrected = fixedByRule && f.name in fixed.values;
    // A rule's note stands beside a field it fixes, or one it filled in.
    if (fixedByRule || (setByRule && f.name in fixed.values)) note = fixed.notes[f.name] || null;
    if ((setByRule || fixedByRule) && f.name in fixed.values) value = fixed.values[f.name];
    else if (setByRule) value = shown[f.name] !== undefined ? shown[f.name] : f.derived ? null : def;
    else if (f.defaultWhen.length) value = followsDefault(f, mine, shown, current, base, seats) ? def : current[f.name];
    // A derived field left empty stays empty (the server fills it): watched, it is not set.
    else if (mine && watched.has(f.name)) value = f.derived && !known.given.has(f.name) ? null : current[f.name];
    else value = shown[f.name] !== undefined ? shown[f.name] : f.derived ? null : def;
    const reports = { ...(watched.has(f.name) ? { 'data-change': 'option-change', 'data-form': idPrefix, 'data-option': f.name } : {}), ...(corrected ? { 'data-corrected': 'true' } : {}) };
    const el = field(f, value, def, seats, `${idPrefix}-${f.name}`, reports, note);
    (f.dependsOn.length ? advanced : basic).push(el);
  }
  return { basic, advanced };
}

function field(f, value, def, seats, id, reports, note = null) {
  const name = `opt.${f.name}`;
  const help = [
    note ? h('small', { class: 'form-note', id: `${id}-note`, role: 'status', key: 'note' }, note) : null,
    f.help ? h('small', { class: 'help', id: `${id}-help`, key: 'help' }, f.help) : null,
  ];
  const described = [note ? `${id}-note` : null, f.help ? `${id}-help` : null].filter(Boolean).join(' ') || null;
  const auto = def === undefined || def === null ? 'automatic' : `automatic (${Array.isArray(def) ? formatInts(def, f.kind === 'int_set') : String(def)})`;
  switch (f.kind) {
    case 'bool':
      return h('div', { class: 'field check', key: f.name }, h('label', { for: id }, h('input', { type: 'checkbox', id, name, value: 'true', checked: Boolean(value ?? def), 'aria-describedby': described, ...reports }), ' ', f.label), help);
    case 'int':
      return h('div', { class: 'field', key: f.name }, h('label', { for: id }, f.label), h('input', { type: 'number', id, name, value: value == null ? '' : String(value), min: f.min, max: f.max, step: 1, placeholder: value == null ? auto : null, 'aria-describedby': described, ...reports }), help);
    case 'enum': {
      const values = valuesFor(f, seats);
      const current = value ?? def;
      return h(
        'div',
        { class: values.some((v) => v.label.length > 30) ? 'field wide' : 'field', key: f.name },
        h('label', { for: id }, f.label),
        h('select', { id, name, 'aria-describedby': described, ...reports },
          values.map((v) => h('option', { value: JSON.stringify(v.value), selected: sameValue(v.value, current), key: JSON.stringify(v.value) }, v.label))),
        help,
      );
    }
    case 'set': {
      const chosen = Array.isArray(value ?? def) ? (value ?? def) : [];
      return h(
        'fieldset',
        { class: 'field set', key: f.name, 'aria-describedby': described },
        h('legend', null, f.label),
        valuesFor(f, seats).map((v, i) => h('label', { class: 'chip-check', for: `${id}-${i}`, key: JSON.stringify(v.value) }, h('input', { type: 'checkbox', id: `${id}-${i}`, name, value: JSON.stringify(v.value), checked: chosen.some((c) => sameValue(c, v.value)), ...reports }), ' ', v.label)),
        help,
      );
    }
    case 'list': {
      // Values in order, repeats allowed, typed by their labels ("Missions, Wagering").
      const list = Array.isArray(value) ? value : [];
      const label = (v) => (f.values.find((x) => sameValue(x.value, v)) || { label: String(v) }).label;
      return h('div', { class: 'field wide', key: f.name }, h('label', { for: id }, f.label), h('input', { type: 'text', id, name, value: list.map(label).join(', '), placeholder: f.values.length ? `e.g. ${f.values.slice(0, 2).map((v) => v.label).join(', ')}` : null, 'aria-describedby': described, ...reports }), help);
    }
    default: // int_list, int_set
      return h('div', { class: 'field', key: f.name }, h('label', { for: id }, f.label), h('input', { type: 'text', id, name, inputmode: 'numeric', value: Array.isArray(value) ? formatInts(value, f.kind === 'int_set') : '', placeholder: value == null ? auto : null, 'aria-describedby': described, ...reports }), help);
  }
}

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function optionsBlock(fields, key) {
  return [
    h('div', { class: 'options', key: `${key}-basic` }, fields.basic),
    fields.advanced.length
      ? h('details', { class: 'advanced', key: `${key}-advanced` },
          h('summary', null, 'Deck and schedule (advanced)'),
          h('p', { class: 'muted small' }, 'Leave a field empty to use the setup’s value.'),
          h('div', { class: 'options' }, fields.advanced))
      : null,
  ];
}

// The player counts a game can be played with (`seat_counts`; every count in range when a
// server does not send it).
export function seatCounts(game) {
  if (Array.isArray(game.seat_counts) && game.seat_counts.length) return game.seat_counts;
  const counts = [];
  for (let n = game.min_seats; n <= game.max_seats; n += 1) counts.push(n);
  return counts;
}

const isRange = (counts) => counts[counts.length - 1] - counts[0] === counts.length - 1;

// "2–8" for a range, "2 or 4" otherwise.
function countsText(counts) {
  return isRange(counts) ? `${counts[0]}–${counts[counts.length - 1]}` : counts.join(' or ');
}

// A number field for a range; a choice when some counts in the range are not playable
// (Lunar: 2 or 4), so that the form cannot offer a table the server will refuse.
function seatsField(game, id, seats, key) {
  const counts = seatCounts(game);
  const input = isRange(counts)
    ? h('input', { type: 'number', id, name: 'seats', min: counts[0], max: counts[counts.length - 1], step: 1, value: String(seats), required: true, 'data-change': 'ui', 'data-key': key })
    : h('select', { id, name: 'seats', required: true, 'data-change': 'ui', 'data-key': key }, counts.map((n) => h('option', { value: String(n), selected: n === Number(seats) }, String(n))));
  return h('div', { class: 'field' }, h('label', { for: id }, `Players (${countsText(counts)})`), input);
}

const SPECTATOR_MODES = [
  { value: 'public', label: 'What everyone sees' },
  { value: 'follow_seat', label: 'One player’s hand, if that player allows it' },
  { value: 'delayed_open', label: 'Every hand, some tricks behind the table' },
  { value: 'after_trick', label: 'Each trick once it is over, and the cards played' },
];

// How many tricks behind the table delayed spectators watch (the server's bounds).
const readDelay = (v) => Math.min(20, Math.max(1, Number.parseInt(v, 10) || 1));

function tableFields(prefix, { clockValue, isPrivate, spectators, lateJoin, spectatorMode, spectatorDelay = 1, openHands = false }) {
  return [
    h('div', { class: 'field' }, h('label', { for: `${prefix}-clock` }, 'Clock'), h('select', { id: `${prefix}-clock`, name: 'clock' }, CLOCKS.map((c) => h('option', { value: c.value, selected: c.value === clockValue }, c.label)))),
    h('div', { class: 'field check' }, h('label', { for: `${prefix}-private` }, h('input', { type: 'checkbox', id: `${prefix}-private`, name: 'private', value: 'true', checked: isPrivate }), ' Private (only with the invite link)')),
    h('div', { class: 'field check' }, h('label', { for: `${prefix}-spectators` }, h('input', { type: 'checkbox', id: `${prefix}-spectators`, name: 'spectators', value: 'true', checked: spectators }), ' Allow spectators')),
    h('div', { class: 'field' }, h('label', { for: `${prefix}-spectator-mode` }, 'Spectators see'), h('select', { id: `${prefix}-spectator-mode`, name: 'spectator_mode' }, SPECTATOR_MODES.map((m) => h('option', { value: m.value, selected: m.value === spectatorMode }, m.label)))),
    h('div', { class: 'field' }, h('label', { for: `${prefix}-spectator-delay` }, 'Tricks behind (every hand)'), h('input', { type: 'number', id: `${prefix}-spectator-delay`, name: 'spectator_delay', min: '1', max: '20', value: String(spectatorDelay) })),
    h('div', { class: 'field check' }, h('label', { for: `${prefix}-late-join` }, h('input', { type: 'checkbox', id: `${prefix}-late-join`, name: 'late_join', value: 'true', checked: lateJoin }), ' Late joiners may take a bot’s seat at the next round')),
    h('div', { class: 'field check' }, h('label', { for: `${prefix}-open-hands` }, h('input', { type: 'checkbox', id: `${prefix}-open-hands`, name: 'open_hands', value: 'true', checked: openHands }), ' Open hands: everyone sees every hand (a teaching table)')),
  ];
}

export function defaultSeats(game) {
  const counts = seatCounts(game);
  return counts.includes(4) ? 4 : counts.find((n) => n > 4) ?? counts[counts.length - 1];
}

// Why the server refused a table, with the form's words: the server names options and
// values by their ids ("schedule: round 8 deals…", "\"duel_fights\" is not among
// round_types"), the form by their labels. A game's rules may say it better (`refusal`).
export function refusalWords(text, fields, rules = null) {
  const own = rules && rules.refusal ? rules.refusal(text) : null;
  if (own) return own;
  let out = String(text);
  const lead = fields.find((f) => out.startsWith(`${f.name}: `));
  if (lead) out = `${lead.label}: ${out.slice(lead.name.length + 2)}`;
  // The leading field's values first: "dealer" is a value of more than one field.
  for (const f of lead ? [lead, ...fields] : fields) {
    for (const v of f.values || []) out = out.replaceAll(JSON.stringify(v.value), v.label);
  }
  for (const f of fields) out = out.replaceAll(`"${f.name}"`, f.label);
  const ids = [...fields.map((f) => [f.name, f.label]), ...fields.flatMap((f) => (f.values || []).map((v) => [String(v.value), v.label]))];
  for (const [id, label] of ids) if (id.includes('_')) out = out.replace(new RegExp(`\\b${id}\\b`, 'g'), label);
  return out;
}

// The whole create-table form for one game; `seats` is the player count chosen so far,
// `draft` the form as the person last changed it (state.ui.optionDraft).
// `refusal`: why the server refused the last try (the form keeps every choice meanwhile).
export function createTableForm(game, games, seats = defaultSeats(game), draft = null, refusal = null, rules = null) {
  return h(
    'form',
    { class: 'create-form', 'data-action': 'create-table', 'aria-label': 'Create a table' },
    h('div', { class: 'field' }, h('label', { for: 'create-game' }, 'Game'), h('select', { id: 'create-game', name: 'game', 'data-change': 'ui', 'data-key': 'createGame' }, games.map((g) => h('option', { value: g.id, selected: g.id === game.id }, g.title)))),
    seatsField(game, 'create-seats', seats, 'createSeats'),
    optionsBlock(optionFields(game, { seats, idPrefix: `create-${game.id}`, draft, rules }), `create-${game.id}`),
    tableFields('create', { clockValue: 'none', isPrivate: false, spectators: true, lateJoin: false, spectatorMode: 'public' }),
    h('div', { class: 'field' }, h('label', { for: 'create-deal-from' }, 'Teach from a record (optional)'),
      h('input', { type: 'file', id: 'create-deal-from', name: 'deal_from', accept: '.json,application/json', 'aria-describedby': 'create-deal-from-hint' }),
      h('p', { class: 'muted hint', id: 'create-deal-from-hint' }, 'A game record (as History downloads it) or a prepared deal: its game, options, number of players and deal replace those above.')),
    refusal ? h('p', { class: 'banner error create-refusal', role: 'alert', key: 'refusal' }, `The table was not created: ${refusalWords(refusal, normalizeSchema(game.options), rules)} Change that above and create it again; your other choices are kept.`) : null,
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Create table'), h('button', { type: 'button', 'data-action': 'ui', 'data-key': 'creating', 'data-value': 'false' }, 'Cancel')),
  );
}

// The table's options as the edit form shows them: when the number of players changes,
// the fields whose default follows it are blanked so the new default applies.
function shownOptions(game, table, seats) {
  const options = table.options || {};
  if (seats === table.seats.length) return options;
  const derived = new Set(normalizeSchema(game.options).filter((f) => f.byPlayers || f.dependsOn.length).map((f) => f.name));
  return Object.fromEntries(Object.entries(options).filter(([k]) => !derived.has(k)));
}

// The host's form to change a waiting table's settings.
export function editTableForm(game, table, seats = table.seats.length, draft = null, rules = null) {
  const cfg = table.clock_setting || null;
  return h(
    'form',
    { class: 'create-form', 'data-action': 'set-options', 'aria-label': 'Table settings' },
    seatsField(game, 'edit-seats', seats, 'editSeats'),
    optionsBlock(optionFields(game, { seats, shown: shownOptions(game, table, seats), idPrefix: 'edit', draft, rules }), 'edit'),
    tableFields('edit', { clockValue: cfg ? `${cfg.bank_seconds}+${cfg.increment_seconds}` : 'none', isPrivate: Boolean(table.private), spectators: Boolean(table.spectators), lateJoin: Boolean(table.late_join), spectatorMode: table.spectator_mode || 'public', spectatorDelay: table.spectator_delay || 1, openHands: Boolean(table.open_hands) }),
    h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'primary' }, 'Save settings'), h('button', { type: 'button', 'data-action': 'ui', 'data-key': 'editingOptions', 'data-value': 'false' }, 'Cancel')),
  );
}

// ---- reading back ----

function parseField(f, raw) {
  switch (f.kind) {
    case 'bool':
      return { value: raw.includes('true') };
    case 'int': {
      if (!raw.length || raw[0].trim() === '') return {};
      const n = Number(raw[0]);
      if (!Number.isInteger(n)) return { error: `${f.label}: a whole number, please.` };
      if (!inRange(f, n)) return { error: `${f.label}: ${rangeText(f)}.` };
      return { value: n };
    }
    case 'enum':
      return raw.length && raw[0] !== '' ? { value: JSON.parse(raw[0]) } : {};
    case 'set': {
      const chosen = raw.map((v) => JSON.parse(v));
      if (f.minSize != null && chosen.length < f.minSize) return { error: `${f.label}: choose at least ${f.minSize}.` };
      return { value: chosen };
    }
    case 'list': {
      const text = (raw[0] || '').trim();
      if (!text) return {};
      const out = [];
      for (const word of text.split(',').map((w) => w.trim()).filter(Boolean)) {
        const hit = f.values.find((v) => v.label.toLowerCase() === word.toLowerCase() || String(v.value).toLowerCase() === word.toLowerCase());
        if (!hit) return { error: `${f.label}: “${word}” is not one of ${f.values.map((v) => v.label).join(', ')}.` };
        out.push(hit.value);
      }
      if (f.maxLength != null && out.length > f.maxLength) return { error: `${f.label}: at most ${f.maxLength}.` };
      return { value: out };
    }
    default: { // int_list, int_set
      const text = (raw[0] || '').trim();
      if (!text) return {};
      const list = parseInts(text, f.kind === 'int_set');
      if (!list) return { error: `${f.label}: whole numbers separated by commas${f.kind === 'int_set' ? ' (or a range like 5-13)' : ''}, please.` };
      const out = list.find((n) => !inRange(f, n));
      if (out !== undefined) return { error: `${f.label}: ${out} is not ${rangeText(f)}.` };
      if (f.minLength != null && list.length < f.minLength) return { error: `${f.label}: at least ${f.minLength} numbers.` };
      if (f.maxLength != null && list.length > f.maxLength) return { error: `${f.label}: at most ${f.maxLength} numbers.` };
      return { value: list };
    }
  }
}

function inRange(f, n) {
  return (f.min == null || n >= f.min) && (f.max == null || n <= f.max);
}

function rangeText(f) {
  if (f.min != null && f.max != null) return `from ${f.min} to ${f.max}`;
  return f.min != null ? `${f.min} or more` : `${f.max} or less`;
}

// Options from form entries ([name, value] pairs): { value } or { error }. A field left
// empty is left to the server's default. On the host's edit form (`shown` = the table's
// current options), a derived field that was not touched is dropped when what it derives
// from changed (the players, or a field in its `depends_on`), so the new default applies.
export function readOptions(game, entries, { shown = {}, seatsChanged = false } = {}) {
  const fields = normalizeSchema(game.options);
  const parsed = {};
  for (const f of fields) {
    const raw = entries.filter(([k]) => k === `opt.${f.name}`).map(([, v]) => String(v));
    const r = parseField(f, raw);
    if (r.error) return { error: r.error };
    if ('value' in r) parsed[f.name] = r.value;
  }
  const changed = (name) => shown[name] !== undefined && parsed[name] !== undefined && !sameValue(parsed[name], shown[name]);
  const out = {};
  for (const f of fields) {
    if (parsed[f.name] === undefined) continue;
    const untouched = shown[f.name] !== undefined && sameValue(parsed[f.name], shown[f.name]);
    // A field with a `default_when` showed its default in force (optionFields), so what it
    // shows is sent as it is: the table gets what the host saw.
    const followed = f.defaultWhen.length > 0;
    if (f.derived && !followed && untouched && ((f.byPlayers && seatsChanged) || f.dependsOn.some(changed))) continue;
    out[f.name] = parsed[f.name];
  }
  return { value: out };
}

export function readClock(value) {
  if (!value || value === 'none') return null;
  const [bank, inc] = String(value).split('+').map(Number);
  return { bank_seconds: bank, increment_seconds: inc || 0 };
}

function readSeats(game, entries) {
  const seats = Number((entries.find(([n]) => n === 'seats') || [])[1]);
  const counts = seatCounts(game);
  if (!counts.includes(seats)) {
    return { error: isRange(counts) ? `Players: between ${counts[0]} and ${counts[counts.length - 1]}.` : `Players: ${countsText(counts)}.` };
  }
  return { value: seats };
}

// The create_table fields from the whole form.
export function readCreateForm(game, entries) {
  const get = (k) => (entries.find(([n]) => n === k) || [])[1];
  const seats = readSeats(game, entries);
  if (seats.error) return seats;
  const options = readOptions(game, entries);
  if (options.error) return options;
  return {
    value: {
      game: game.id,
      seats: seats.value,
      options: options.value,
      isPrivate: get('private') === 'true',
      spectators: get('spectators') === 'true',
      lateJoin: get('late_join') === 'true',
      spectatorMode: get('spectator_mode') || 'public',
      spectatorDelay: readDelay(get('spectator_delay')),
      openHands: get('open_hands') === 'true',
      clock: readClock(get('clock')),
    },
  };
}

// The set_options fields from the host's edit form.
export function readOptionsForm(game, entries, table = null) {
  const get = (k) => (entries.find(([n]) => n === k) || [])[1];
  const seats = readSeats(game, entries);
  if (seats.error) return seats;
  const seatsChanged = table ? seats.value !== table.seats.length : false;
  const options = readOptions(game, entries, { shown: table ? shownOptions(game, table, seats.value) : {}, seatsChanged });
  if (options.error) return options;
  return { value: { options: options.value, seats: seats.value, private: get('private') === 'true', spectators: get('spectators') === 'true', late_join: get('late_join') === 'true', spectator_mode: get('spectator_mode') || 'public', spectator_delay: readDelay(get('spectator_delay')), open_hands: get('open_hands') === 'true', clock: readClock(get('clock')) } };
}
