// A table: its header (invite link, leave), the seats before the start, the game once it
// runs (drawn by the game's own renderer), and the chat.

import { h } from '../dom/vdom.js';
import { clockLeft } from '../state/reducer.js';
import { inviteLink, watchLink } from '../state/route.js';
import { isPaused, rendererFor } from '../games/index.js';
import { chatView } from './chat-view.js';
import { editTableForm, normalizeSchema, clockLabel, formatInts } from './options-form.js';
import { seatBadges, seatClock } from './seat-badges.js';
import { stateText, plural, seatName } from './format.js';
import { OWN_SEAT_MARK } from './seen-seat.js';
import { profileLink } from './profile-link.js';
import { inviteNote } from './invite-note.js';
import { eyeIcon } from './icons.js';
import { accountButton } from '../account/account-button.js';
import { eventText, lineText } from './event-text.js';
import { moveLogView } from './move-log-view.js';
import { holdingTrick } from './trick-hold.js';
import { stepTimeLeft } from './step-countdown.js';
import { showingRound, roundSummaryPanel } from './round-summary.js';
import { pauseBar, pauseButton, toldByPauseBar } from './pause-bar.js';
import { rematchBar } from './rematch-bar.js';
import { lateJoinBar } from './late-join-bar.js';
import { followBar, followedContext } from './follow-bar.js';
import { fairnessNotice } from './known-deal.js';
import { afterTrickBar, delayedBar, openHands, spectatorModeText } from './open-hands.js';

export function gameContext(state, now) {
  const table = state.table;
  const game = table.game || null;
  const you = table.you || { seat: null, role: 'spectator', host: false };
  // While the game is paused nobody decides: no choice is offered, every prompt says so.
  const paused = isPaused(table);
  return {
    table,
    game,
    view: game ? game.view : null,
    legal: (!paused && game && game.legal) || [],
    toAct: (!paused && game && game.to_act) || [],
    paused,
    you,
    mySeat: you.role === 'player' ? you.seat : null,
    // How the seat whose view this is is marked: the admin page, watching a seat's view,
    // is not that player.
    me: OWN_SEAT_MARK,
    holdingTrick: holdingTrick(state, now),
    trickKey: state.trickKey,
    // When the finished trick was taken (0 if it was already over when the table was first
    // seen): its cards go to the winner when it leaves (ui/trick-to-winner.js).
    trickDoneAt: state.trickDoneAt,
    trickBefore: state.trickBefore,
    ui: state.ui,
    now,
    clock: (seat) => clockLeft(state, seat, now),
    // This seat's timed step (the Spy's look), counted down: ms left, or null.
    stepLeft: stepTimeLeft(state, now),
  };
}

export function tableView(state, { now, pageUrl }) {
  const table = state.table;
  const ctx = gameContext(state, now);
  const renderer = rendererFor(table.game_id);
  const gameInfo = state.games.find((g) => g.id === table.game_id);
  return h(
    'main',
    { class: { screen: true, 'table-screen': true, [`game-${table.game_id}`]: true, [`state-${table.state}`]: true, 'in-play': inPlay(ctx) }, id: 'main', tabindex: -1 },
    header(table, pageUrl, state.sound, ctx, Boolean(state.ui.tableMenu), Boolean(state.account && state.account.open)),
    inviteNote(table, state.ui.invitedTo),
    state.ui.confirmLeave && table.state === 'playing' ? confirmLeave() : null,
    h('p', { class: 'last-event muted', role: 'status', 'aria-live': 'polite', key: 'event' }, toldByPauseBar(ctx) ? '' : eventText(table, renderer.describeAction, state.statusEvents || [], (l) => lineText(l, renderer, (s) => seatName(table, s), table.game ? table.game.view : null))),
    awayBanner(ctx),
    pauseBar(ctx),
    lateJoinBar(ctx, state.me),
    followBar(ctx),
    delayedBar(ctx),
    afterTrickBar(ctx),
    h('div', { class: 'table-layout' },
      h('div', { class: 'table-main' },
        table.state === 'waiting' || !table.game ? waitingRoom(state, ctx, gameInfo, renderer) : [h('h2', { class: 'sr-only', key: 'game-heading' }, 'The game'), renderer.render(followedContext({ ...ctx, roundSummary: showingRound(state, now) ? roundSummaryPanel(renderer, ctx, (s) => seatName(table, s)) : null })), openHands(ctx, renderer)],
        table.state === 'finished' && table.game ? waitingRoom(state, ctx, gameInfo, renderer, 'Play again') : null),
      h('aside', { class: 'table-side' }, table.game ? moveLogView(state) : null, chatView(state))),
  );
}

// A seated player in a game in progress: the table keeps to the window's height, so the
// decision and the hand never scroll away (styles/table.css, "One screen").
function inPlay(ctx) {
  return ctx.table.state === 'playing' && Boolean(ctx.game) && ctx.mySeat != null;
}

// On a phone the header's links and buttons fold into one menu (styles/table.css).
function header(table, pageUrl, sound, ctx, menuOpen, accountOpen) {
  const spectating = table.you && table.you.role === 'spectator';
  return h('header', { class: 'table-header panel' },
    h('div', { class: 'table-heading' },
      h('h1', null, table.title || table.game_id),
      isPaused(table) ? h('span', { class: 'badge state-paused' }, 'Paused') : h('span', { class: `badge state-${table.state}` }, stateText(table.state)),
      table.private ? h('span', { class: 'badge private' }, 'private') : null,
      table.deal_of ? h('span', { class: 'badge same-deal', title: `The first game deals as game ${table.deal_of} did` }, 'same deal again') : null,
      table.prepared_deal ? h('span', { class: 'badge prepared-deal', title: 'The first game deals as the uploaded record did' }, 'prepared deal') : null,
      table.open_hands ? h('span', { class: 'badge open-hands-badge', title: 'A teaching table: everyone sees every hand' }, 'open hands') : null,
      spectating ? h('span', { class: 'badge spectating' }, 'spectating') : null,
      table.spectators ? h('span', { class: 'muted watchers' }, eyeIcon(), ` ${table.spectator_count || 0} watching`) : null),
    // Keyed buttons: the Pause button comes and goes (a seat taken back, a pause asked), and a
    // click on Leave at that moment must still land on Leave, not on the button reusing its place.
    h('button', { type: 'button', class: 'menu-toggle', key: 'menu', 'aria-expanded': String(menuOpen), 'aria-controls': 'table-menu', 'data-action': 'ui', 'data-key': 'tableMenu', 'data-value': String(!menuOpen) }, 'Menu'),
    h('div', { class: { 'table-links': true, open: menuOpen }, id: 'table-menu' },
      table.invite ? copyBox('invite-link', 'Invite link', inviteLink(pageUrl, table.invite)) : null,
      !table.private && table.spectators ? copyBox('watch-link', 'Spectator link', watchLink(pageUrl, table.table)) : null,
      pauseButton(ctx),
      spectating ? null : h('button', { type: 'button', class: 'sound-toggle', key: 'sound', 'data-action': 'toggle-sound', 'aria-pressed': String(Boolean(sound)) }, 'Sound on my turn'),
      h('button', { type: 'button', class: 'leave', key: 'leave', 'data-action': 'leave' }, spectating ? 'Stop watching' : table.state === 'playing' ? 'Leave (a bot plays for you)' : 'Leave table'),
      accountButton(accountOpen, 'menu')),
  );
}

// One click never ends someone's part in a game: the Leave button asks this first.
function confirmLeave() {
  return h('div', { class: 'banner warn confirm-leave', role: 'alertdialog', 'aria-labelledby': 'confirm-leave-text', key: 'confirm-leave' },
    h('span', { id: 'confirm-leave-text' }, 'Leave this game? A bot plays your seat until you come back through the table’s link; the game goes on and ends up in your History.'),
    h('span', { class: 'actions' },
      h('button', { type: 'button', class: 'danger', 'data-action': 'leave', 'data-confirmed': 'true' }, 'Leave the game'),
      h('button', { type: 'button', class: 'primary', 'data-action': 'ui', 'data-key': 'confirmLeave', 'data-value': 'false', 'data-turn-focus': 'true' }, 'Stay')));
}

function copyBox(id, label, link) {
  return h('div', { class: 'copy-box' },
    h('label', { for: id }, label),
    h('input', { id, type: 'text', readonly: true, value: link, class: 'link', 'data-select-on-focus': 'true' }),
    h('button', { type: 'button', 'data-action': 'copy', 'data-text': link }, `Copy ${label.toLowerCase()}`));
}

function awayBanner(ctx) {
  if (ctx.mySeat == null) return null;
  const seat = ctx.table.seats[ctx.mySeat];
  if (!seat || seat.status !== 'away') return null;
  return h('div', { class: 'banner warn', role: 'alert' },
    h('span', null, 'You were away: a bot is playing your seat.'),
    h('button', { type: 'button', class: 'primary', 'data-action': 'back' }, 'Take my seat back'));
}

// The server's bot kinds (protocol/README.md, add_bot), strongest last.
const BOT_KINDS = [
  ['heuristic', 'Heuristic (plays sensibly)'],
  ['random', 'Random (any legal move)'],
  ['search', 'Search (thinks ahead)'],
];

function waitingRoom(state, ctx, gameInfo, renderer, title = 'Seats') {
  const table = ctx.table;
  const isHost = Boolean(ctx.you.host);
  const me = ctx.mySeat != null ? table.seats[ctx.mySeat] : null;
  const empty = table.seats.filter((s) => s.status === 'empty').length;
  const botKind = state.ui.botKind || 'heuristic';
  return h('section', { class: 'panel waiting', 'aria-label': title === 'Seats' ? 'Waiting room' : title, key: 'waiting' },
    h('h2', null, title),
    table.state === 'waiting' ? fairnessNotice(table) : null,
    rematchBar(ctx),
    h('ol', { class: 'seat-list' }, table.seats.map((s) => seatRow(ctx, s, isHost, botKind))),
    isHost && empty > 0
      ? h('div', { class: 'field inline' },
          h('label', { for: 'bot-kind' }, 'Bot kind'),
          h('select', { id: 'bot-kind', 'data-change': 'ui', 'data-key': 'botKind' },
            BOT_KINDS.map(([value, text]) => h('option', { value, selected: botKind === value }, text))))
      : null,
    h('div', { class: 'actions' },
      // During a rematch offer, its bar asks instead.
      me && !isHost && !table.rematch ? h('button', { type: 'button', class: me.ready ? '' : 'primary', 'data-action': 'ready', 'data-ready': String(!me.ready), 'aria-pressed': String(Boolean(me.ready)) }, me.ready ? 'Not ready' : 'I’m ready') : null,
      isHost ? h('button', { type: 'button', class: 'primary', 'data-action': 'start', disabled: empty > 0, 'aria-describedby': empty > 0 ? 'start-hint' : null }, table.state === 'finished' ? 'Start a new game' : 'Start game') : null,
      isHost && empty > 0 ? h('span', { class: 'muted', id: 'start-hint' }, `${plural(empty, 'seat')} still empty: invite friends or add bots.`) : null,
      !isHost && !me ? h('span', { class: 'muted' }, 'Take a free seat to play, or just watch.') : null,
      !isHost && me && !table.rematch ? h('span', { class: 'muted' }, 'The host starts the game when everyone is ready.') : null),
    h('details', { class: 'settings', open: table.state === 'waiting' || Boolean(state.ui.editingOptions), key: `settings-${table.state}` },
      h('summary', null, h('h2', { class: 'inline' }, 'Settings')),
      isHost && state.ui.editingOptions && gameInfo
        ? editTableForm(gameInfo, table, Number.isInteger(state.ui.editSeats) ? state.ui.editSeats : table.seats.length, state.ui.optionDraft, renderer.formRules || null)
        : h('div', null,
            optionsSummary(gameInfo, table, renderer),
            isHost && gameInfo ? h('button', { type: 'button', 'data-action': 'ui', 'data-key': 'editingOptions', 'data-value': 'true' }, 'Change settings') : null)),
  );
}

// At a duplicate, whose hand each seat gets: the same deal, so the seat's hand is the one its
// player had then (with seats moved on, someone else's).
function handWas(table, seat) {
  const were = table.hands_were;
  if (!Array.isArray(were) || !were[seat]) return null;
  return h('span', { class: 'muted hand-was' }, `${were[seat]}’s hand then`);
}

// A person's name at the table opens their profile: who is this I am about to play with?
function seatPerson(s, who) {
  if (!s.player || (s.status !== 'human' && s.status !== 'away')) return who;
  return profileLink(s.player, who);
}

function seatRow(ctx, s, isHost, botKind) {
  const table = ctx.table;
  const mine = ctx.mySeat === s.seat;
  const who = seatName(table, s.seat);
  const label = s.status === 'empty' ? `Seat ${s.seat + 1}: empty` : `Seat ${s.seat + 1}: ${who}${mine ? ' (you)' : ''}${s.ready && s.status !== 'bot' ? ', ready' : ''}`;
  return h('li', { class: { 'seat-row': true, mine, empty: s.status === 'empty' }, key: s.seat, 'aria-label': label },
    h('span', { class: 'seat-no' }, `${s.seat + 1}`),
    h('span', { class: 'seat-name' }, s.status === 'empty' ? h('i', { class: 'muted' }, 'empty') : seatPerson(s, who), mine ? ' (you)' : ''),
    h('span', { class: 'seat-badges' }, seatBadges(ctx, s.seat), s.status !== 'empty' && s.status !== 'bot' && s.ready ? h('span', { class: 'badge ready' }, 'ready') : null),
    handWas(table, s.seat),
    h('span', { class: 'seat-actions' },
      s.status === 'empty' && !mine ? h('button', { type: 'button', 'data-action': 'take-seat', 'data-seat': s.seat, 'aria-label': `Sit here: seat ${s.seat + 1}` }, 'Sit here') : null,
      s.status === 'empty' && isHost ? h('button', { type: 'button', 'data-action': 'add-bot', 'data-seat': s.seat, 'data-kind': botKind, 'aria-label': `Add bot: a ${botKind} bot in seat ${s.seat + 1}` }, 'Add bot') : null,
      s.status === 'bot' && isHost ? h('button', { type: 'button', 'data-action': 'remove-bot', 'data-seat': s.seat, 'aria-label': `Remove the bot from seat ${s.seat + 1}` }, 'Remove') : null,
      (s.status === 'human' || s.status === 'away') && isHost && !mine
        ? [
            h('button', { type: 'button', 'data-action': 'transfer-host', 'data-seat': s.seat, 'aria-label': `Make host: ${who}` }, 'Make host'),
            h('button', { type: 'button', class: 'danger', 'data-action': 'kick', 'data-seat': s.seat, 'aria-label': `Kick ${who} from the table` }, 'Kick'),
          ]
        : null),
    table.clock ? seatClock(ctx, s.seat) : null);
}

function optionsSummary(gameInfo, table, renderer) {
  const schema = gameInfo ? normalizeSchema(gameInfo.options) : [];
  const options = table.options || {};
  // The schema's order first, then anything it does not list.
  const names = [...schema.map((f) => f.name).filter((n) => n in options), ...Object.keys(options).filter((n) => !schema.some((f) => f.name === n))];
  const rows = names.map((name) => {
    const f = schema.find((x) => x.name === name);
    const said = describeValue(f, options[name]);
    return [f ? f.label : name, (renderer.settingText && renderer.settingText(name, said, options)) || said];
  });
  rows.push(['Clock', clockLabel(table.clock_setting || null)]);
  rows.push(['Spectators', table.spectators ? 'allowed' : 'not allowed']);
  rows.push(['Spectators see', spectatorModeText(table)]);
  rows.push(['Late joiners', table.late_join ? 'may take a bot’s seat at the next round' : 'not allowed']);
  const summary = renderer.optionsSummary ? renderer.optionsSummary(options) : null;
  return h('div', null,
    summary ? h('p', null, summary) : null,
    h('dl', { class: 'options-summary' }, rows.map(([k, v]) => [h('dt', null, k), h('dd', null, v)])));
}

export function describeValue(field, value) {
  if (value === null || value === undefined) return 'automatic';
  const labelOf = (v) => {
    const hit = field && field.values && field.values.find((x) => JSON.stringify(x.value) === JSON.stringify(v));
    return hit ? hit.label : typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value) && field && (field.kind === 'int_set' || field.kind === 'int_list')) return value.length ? formatInts(value, field.kind === 'int_set') : 'none';
  if (Array.isArray(value)) return value.length ? value.map(labelOf).join(', ') : 'none';
  return labelOf(value);
}
