// The create-table form, drawn from a game's option schema (`welcome.games[].options`) so
// the lobby needs to know nothing about any game, and read back into typed JSON.

import { h } from '../dom/vdom.js';

// One field of the schema in a shape the form understands. The engine's schema
// (docs/engine.md, option_schema) names a field `name`, its kind `type`, and may give a
// default per number of players (`default_by_players`) and the fields whose choice changes
// that default (`depends_on`); a few synonyms are accepted so the form survives compatible
// corrections of the schema.
export function normalizeSchema(schema) {
  const list = Array.isArray(schema) ? schema : (schema && (schema.options || schema.fields)) || [];
  return list
    .map((o) => {
      const name = o.name ?? o.key ?? o.id;
      if (!name) return null;
      const values = o.values ?? o.choices ?? o.enum ?? o.allowed ?? null;
      const byPlayers = o.default_by_players ?? null;
      const dependsOn = Array.isArray(o.depends_on) ? o.depends_on : [];
      return {
        name,
        label: o.label ?? o.title ?? humanize(name),
        kind: kindOf(o.type ?? o.kind, values, o.default ?? (byPlayers ? Object.values(byPlayers)[0] : undefined)),
        values: values ? values.map(readValue) : null,
        min: o.min ?? o.minimum ?? null,
        max: o.max ?? o.maximum ?? null,
        default: o.default,
        byPlayers,
        dependsOn,
        // Its default follows the players or other fields: left empty, the server fills it.
        derived: Boolean(byPlayers) || dependsOn.length > 0,
        help: o.help ?? o.description ?? '',
      };
    })
    .filter(Boolean);
}

function readValue(v) {
  if (v && typeof v === 'object' && 'value' in v) {
    return { value: v.value, label: v.label ?? String(v.value), help: v.help ?? v.description, players: Array.isArray(v.players) ? v.players : null };
  }
  return { value: v, label: humanize(String(v)), players: null };
}

// The default a field shows for a table of `seats` players.
export function fieldDefault(f, seats) {
  if (f.byPlayers && seats != null && f.byPlayers[String(seats)] !== undefined) return f.byPlayers[String(seats)];
  return f.default;
}

// The values of an enum or set offered to a table of `seats` players.
export function valuesFor(f, seats) {
  return (f.values || []).filter((v) => !v.players || seats == null || v.players.includes(Number(seats)));
}

function kindOf(type, values, def) {
  const t = String(type || '').toLowerCase();
  if (['bool', 'boolean', 'flag'].includes(t)) return 'bool';
  if (['int', 'integer', 'number'].includes(t)) return values ? 'enum' : 'int';
  if (['enum', 'choice', 'select', 'one_of'].includes(t)) return 'enum';
  if (['set', 'multi', 'multiselect', 'subset', 'some_of', 'list_of_enum'].includes(t)) return values ? 'set' : 'int_set';
  if (['int_set', 'ints', 'set<int>', 'integer_set', 'ranks'].includes(t)) return values ? 'set' : 'int_set';
  if (['int_list', 'list<int>', 'integer_list', 'schedule', 'list'].includes(t)) return values ? 'set' : 'int_list';
  if (['string', 'text'].includes(t)) return values ? 'enum' : 'string';
  if (!t) {
    if (typeof def === 'boolean') return 'bool';
    if (values) return Array.isArray(def) ? 'set' : 'enum';
    if (Number.isInteger(def)) return 'int';
    if (Array.isArray(def) && def.every(Number.isInteger)) return 'int_list';
    if (typeof def === 'string') return 'string';
  }
  return 'json';
}

export function humanize(s) {
  const t = String(s).replace(/[_-]+/g, ' ').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
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

// The fields of a game's options, split into the everyday ones and the advanced ones (whose
// defaults follow other choices). `shown`: the current options (the host's edit form), or
// nothing for a new table.
export function optionFields(game, { seats, shown = {}, idPrefix = 'opt' } = {}) {
  const basic = [];
  const advanced = [];
  for (const f of normalizeSchema(game.options)) {
    const value = shown[f.name] !== undefined ? shown[f.name] : f.derived ? null : fieldDefault(f, seats);
    const el = field(f, value, fieldDefault(f, seats), seats, `${idPrefix}-${f.name}`);
    (f.dependsOn.length ? advanced : basic).push(el);
  }
  return { basic, advanced };
}

function field(f, value, def, seats, id) {
  const name = `opt.${f.name}`;
  const help = f.help ? h('small', { class: 'help', id: `${id}-help` }, f.help) : null;
  const described = f.help ? `${id}-help` : null;
  const auto = def === undefined || def === null ? 'automatic' : `automatic (${Array.isArray(def) ? formatInts(def, f.kind === 'int_set') : String(def)})`;
  switch (f.kind) {
    case 'bool':
      return h('div', { class: 'field check', key: f.name }, h('label', { for: id }, h('input', { type: 'checkbox', id, name, value: 'true', checked: Boolean(value ?? def), 'aria-describedby': described }), ' ', f.label), help);
    case 'int':
      return h('div', { class: 'field', key: f.name }, h('label', { for: id }, f.label), h('input', { type: 'number', id, name, value: value == null ? '' : String(value), min: f.min, max: f.max, step: 1, placeholder: value == null ? auto : null, 'aria-describedby': described }), help);
    case 'enum': {
      const values = valuesFor(f, seats);
      const current = value ?? def;
      return h(
        'div',
        { class: values.some((v) => v.label.length > 30) ? 'field wide' : 'field', key: f.name },
        h('label', { for: id }, f.label),
        h('select', { id, name, 'aria-describedby': described },
          values.map((v) => h('option', { value: JSON.stringify(v.value), selected: sameValue(v.value, current), key: JSON.stringify(v.value) }, v.label))),
        help,
      );
    }
    case 'set': {
      const chosen = Array.isArray(value ?? def) ? (value ?? def) : [];
      return h(
        'fieldset',
        { class: 'field set', key: f.name },
        h('legend', null, f.label),
        valuesFor(f, seats).map((v, i) => h('label', { class: 'chip-check', for: `${id}-${i}`, key: JSON.stringify(v.value) }, h('input', { type: 'checkbox', id: `${id}-${i}`, name, value: JSON.stringify(v.value), checked: chosen.some((c) => sameValue(c, v.value)) }), ' ', v.label)),
        help,
      );
    }
    case 'int_list':
    case 'int_set':
      return h('div', { class: 'field', key: f.name }, h('label', { for: id }, f.label), h('input', { type: 'text', id, name, inputmode: 'numeric', value: Array.isArray(value) ? formatInts(value, f.kind === 'int_set') : '', placeholder: value == null ? auto : null, 'aria-describedby': described }), help);
    case 'string':
      return h('div', { class: 'field', key: f.name }, h('label', { for: id }, f.label), h('input', { type: 'text', id, name, value: value == null ? '' : String(value), 'aria-describedby': described }), help);
    default:
      return h('div', { class: 'field', key: f.name }, h('label', { for: id }, f.label), h('textarea', { id, name, rows: 2, class: 'json', value: value == null ? '' : JSON.stringify(value), placeholder: value == null ? auto : null, 'aria-describedby': described }), help);
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

function tableFields(prefix, { clockValue, isPrivate, spectators }) {
  return [
    h('div', { class: 'field' }, h('label', { for: `${prefix}-clock` }, 'Clock'), h('select', { id: `${prefix}-clock`, name: 'clock' }, CLOCKS.map((c) => h('option', { value: c.value, selected: c.value === clockValue }, c.label)))),
    h('div', { class: 'field check' }, h('label', { for: `${prefix}-private` }, h('input', { type: 'checkbox', id: `${prefix}-private`, name: 'private', value: 'true', checked: isPrivate }), ' Private (only with the invite link)')),
    h('div', { class: 'field check' }, h('label', { for: `${prefix}-spectators` }, h('input', { type: 'checkbox', id: `${prefix}-spectators`, name: 'spectators', value: 'true', checked: spectators }), ' Allow spectators')),
  ];
}

export function defaultSeats(game) {
  const counts = seatCounts(game);
  return counts.includes(4) ? 4 : counts.find((n) => n > 4) ?? counts[counts.length - 1];
}

// The whole create-table form for one game; `seats` is the player count chosen so far.
export function createTableForm(game, games, seats = defaultSeats(game)) {
  return h(
    'form',
    { class: 'create-form', 'data-action': 'create-table', 'aria-label': 'Create a table' },
    h('div', { class: 'field' }, h('label', { for: 'create-game' }, 'Game'), h('select', { id: 'create-game', name: 'game', 'data-change': 'ui', 'data-key': 'createGame' }, games.map((g) => h('option', { value: g.id, selected: g.id === game.id }, g.title)))),
    seatsField(game, 'create-seats', seats, 'createSeats'),
    optionsBlock(optionFields(game, { seats, idPrefix: `create-${game.id}` }), `create-${game.id}`),
    tableFields('create', { clockValue: 'none', isPrivate: false, spectators: true }),
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
export function editTableForm(game, table, seats = table.seats.length) {
  const cfg = table.clock_setting || null;
  return h(
    'form',
    { class: 'create-form', 'data-action': 'set-options', 'aria-label': 'Table settings' },
    seatsField(game, 'edit-seats', seats, 'editSeats'),
    optionsBlock(optionFields(game, { seats, shown: shownOptions(game, table, seats), idPrefix: 'edit' }), 'edit'),
    tableFields('edit', { clockValue: cfg ? `${cfg.bank_seconds}+${cfg.increment_seconds}` : 'none', isPrivate: Boolean(table.private), spectators: Boolean(table.spectators) }),
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
      return { value: n };
    }
    case 'enum':
      return raw.length && raw[0] !== '' ? { value: JSON.parse(raw[0]) } : {};
    case 'set':
      return { value: raw.map((v) => JSON.parse(v)) };
    case 'int_list':
    case 'int_set': {
      const text = (raw[0] || '').trim();
      if (!text) return {};
      const list = parseInts(text, f.kind === 'int_set');
      if (!list) return { error: `${f.label}: whole numbers separated by commas${f.kind === 'int_set' ? ' (or a range like 5-13)' : ''}, please.` };
      return { value: list };
    }
    case 'string':
      return raw.length ? { value: raw[0] } : {};
    default: {
      const text = (raw[0] || '').trim();
      if (!text) return {};
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { error: `${f.label}: not valid JSON.` };
      }
    }
  }
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
    if (f.derived && untouched && ((f.byPlayers && seatsChanged) || f.dependsOn.some(changed))) continue;
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
  return { value: { options: options.value, seats: seats.value, private: get('private') === 'true', spectators: get('spectators') === 'true', clock: readClock(get('clock')) } };
}
