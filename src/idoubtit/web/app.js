// The browser table: home (create or join), the room with its code, link and QR code, the table, the rules,
// and looking back: a table's history (/r/CODE/history), a game's replay (/g/ID) and your own page (/me).
// It speaks the protocol of docs/protocol.md; everything it shows of a game comes from the server's views.
// This module holds the page's state, its connection and its addresses; the screens are drawn by home.js,
// lobby.js, table.js, history.js, replay.js and me.js, the game's logic is in game.js and past.js, motion
// in motion.js and sound in sound.js; the coach at your seat is coach.js, the review of a game review.js.

import { rankPlural } from "./cards.js";
import { adviceRank, coachOn, currentAdvice } from "./coach.js";
import { h, store, stored } from "./dom.js";
import {
  describe, doubtShare, emptyTable, errorText, myTurn, myWindow, reactionText, receive, secondsLeft, seatName, stories, storyLine,
  truthfulPick,
} from "./game.js";
import { historyScreen } from "./history.js";
import { homeScreen } from "./home.js";
import * as i18n from "./i18n.js";
import { t, tn } from "./i18n.js";
import { lobbyScreen, seatsEditor } from "./lobby.js";
import { elsewhere, handedTokens } from "./nodes.js";
import { meScreen } from "./me.js";
import { show } from "./motion.js";
import { frameLines, nextFrame, readQuery, writeQuery } from "./past.js";
import { forgetPlayerId, playerId } from "./player.js";
import { SPEEDS, replayScreen, syncReplay, updateReplay } from "./replay.js";
import { decisionAt, labelName, readReview, reviewError, reviewLine, reviewReady } from "./review.js";
import { cue, setSound, soundOn } from "./sound.js";
import { fitRing, tableScreen } from "./table.js";

const root = document.getElementById("app");
/** How long a reaction stays at its sender's seat. */
const REACTION_MS = 3500;
/** Games to a page of a history. */
const PAGE = 10;

const page = {
  screen: "home", // home | room | rules | history | replay | me
  code: null,
  name: stored("idoubtit.name") || "",
  table: emptyTable(),
  socket: null,
  retry: 0,
  selected: new Set(),
  announce: null,
  notice: "",
  noticeTimer: null, // the timeout that takes a notice off the table, and the notice it is for
  rules: "",
  watching: false,
  /** The action sent and not yet answered: {kind, state}; its button shows it was sent. */
  pending: null,
  /** The story index of a reveal that just happened (its cards flip face up once). */
  freshReveal: null,
  reactions: {},
  reactionsOpen: false,
  botLevel: null,
  /** The coach's latest word for your seat (a `coach` message: {state, advice}); advice only while its state is the table's. */
  coachAdvice: null,
  /** A switch of the coach sent and not yet answered. */
  coachPending: false,
  /** The game that just ended at this table: {code, number, id}, its id looked up for "Review my game". */
  lastGame: null,
  /** A table's history: {code, games, before, loading, error, stats}. */
  history: null,
  /** The replay on screen: {id, status, game, frames, step, seat, playing, speed, error, review}; review is
   * null, or {seat, status: loading | ready | error, review, error} while a seat's review is asked for. */
  replay: null,
  /** Your own page: {id, stats, games, before, loading, error, forgetting}. */
  me: null,
  form: {
    players: 4, ascending: false, capped_plays: false, play_on_for_places: false, open_table_sizes: false,
    strict_announcing: false, decks: 1, doubt_seconds: 8, turn_seconds: null, bot_level: "medium", coach: "auto", more: false,
  },
};

// ------------------------------------------------------------------------------------------------
// HTTP and tokens

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (data.error && data.error.code === "room.elsewhere" && data.error.node && page.code) goElsewhere(data.error.node);
  if (!response.ok) throw data.error || { code: "server" };
  return data;
}

/** The room is played on another node: go there, with this table's tokens (see nodes.js). */
function goElsewhere(node) {
  const code = page.code;
  disconnect();
  const tokens = { seat: seatToken(code), host: hostToken(code), watch: Boolean(stored(`idoubtit.watch.${code}`)) };
  location.assign(elsewhere(node, location.pathname, tokens));
}

/** Tokens handed over by another node (nodes.js): kept here, and taken out of the address at once. */
function takeHandedTokens(code) {
  const tokens = handedTokens(location.hash);
  if (!tokens) return;
  if (tokens.seat) store(`idoubtit.seat.${code}`, tokens.seat);
  if (tokens.host) store(`idoubtit.host.${code}`, tokens.host);
  if (tokens.watch) store(`idoubtit.watch.${code}`, "1");
  history.replaceState(history.state, "", location.pathname + location.search);
}

function seatToken(code) {
  return stored(`idoubtit.seat.${code}`);
}

function hostToken(code) {
  return stored(`idoubtit.host.${code}`);
}

/** The token that may do what a host does: the host's own, or the seat's when hosting was handed to it. */
function hostAuthority() {
  const room = page.table.room;
  if (!room) return null;
  const own = hostToken(room.code);
  if (own) return own;
  return room.host_seat !== undefined && room.host_seat !== null && room.host_seat === page.table.seat
    ? seatToken(room.code) : null;
}

function say(message) {
  page.notice = message;
  render();
}

async function attempt(work) {
  try {
    await work();
  } catch (error) {
    say(errorText(error));
  }
}

// ------------------------------------------------------------------------------------------------
// The connection

function connect(code, watching = false) {
  disconnect();
  page.code = code;
  page.screen = "room";
  page.watching = watching;
  page.table = emptyTable();
  page.selected = new Set();
  page.pending = null;
  page.coachAdvice = null;
  page.coachPending = false;
  page.lastGame = null;
  if (location.pathname !== `/r/${code}`) history.pushState({}, "", `/r/${code}`);
  open();
  render();
}

function open() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${page.code}`);
  page.socket = socket;
  socket.addEventListener("open", () => {
    page.retry = 0;
    const hello = { type: "hello", version: 1 };
    const token = page.watching ? null : seatToken(page.code);
    if (token) hello.token = token;
    socket.send(JSON.stringify(hello));
  });
  socket.addEventListener("message", (event) => heard(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (page.socket !== socket || page.table.closed) return;
    // Lost the network, or the server restarted: come back to the same seat, a little later each time.
    // Whatever was in flight is either stored (the welcome shows it) or lost (the turn is still ours).
    page.pending = null;
    page.coachPending = false;
    page.retry = Math.min(page.retry + 1, 6);
    setTimeout(() => page.socket === socket && open(), 300 * 2 ** page.retry);
    render();
  });
}

function disconnect() {
  const socket = page.socket;
  page.socket = null;
  if (socket) socket.close();
}

/** Send an action; false when there is no open connection (the page then says so and keeps the choice). */
function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) {
    page.socket.send(JSON.stringify(message));
    return true;
  }
  say(t("Not connected; trying again…"));
  return false;
}

function heard(message) {
  if (message.type === "reaction") return heardReaction(message);
  if (message.type === "coach") return heardCoach(message);
  if (message.type === "coach_switched") {
    page.coachPending = false;
    if (!message.on) page.coachAdvice = null;
  }
  const before = page.table;
  page.table = receive(before, message, performance.now());
  if (message.type === "error" && message.code === "room.elsewhere" && message.node) {
    goElsewhere(message.node);
    return;
  }
  if (message.type === "error") {
    if (message.code === "auth.bad_token") store(`idoubtit.seat.${page.code}`, null);
    if (message.code === "room.not_found") {
      store(`idoubtit.seat.${page.code}`, null);
      page.screen = "home";
      disconnect();
    }
    page.pending = null;
    page.coachPending = false;
    page.notice = errorText(message);
  }
  notePlayed(page.table);
  if (page.table.needsSync) send({ type: "sync" });
  const view = page.table.view;
  if (page.pending && page.table.state !== page.pending.state) page.pending = null;
  const newTurn = view && myTurn(page.table) && (!before.view || before.state !== page.table.state);
  if (newTurn) {
    page.selected = new Set(truthfulPick(view));
    page.announce = view.rules.strict_announcing ? null : view.due_rank;
  } else if (!myTurn(page.table)) {
    page.selected = new Set(); // the cards put down are gone (and may come back with a pile, unpicked)
  }
  if (message.type === "update" && message.ack !== undefined) page.notice = "";
  const fresh = newEvents(before, page.table);
  const revealed = fresh.some((event) => event.type === "revealed");
  if (revealed) page.freshReveal = stories(page.table.log).length - 1;
  render();
  if (fresh.length) show(root, fresh, page.table.seat);
  if (revealed) setTimeout(() => { page.freshReveal = null; }, 600);
  sounds(fresh, newTurn);
  announce(before, page.table, fresh, newTurn);
}

/** The coach's word: kept (the table shows it while its state is the table's), and read out once. */
function heardCoach(message) {
  page.coachAdvice = message;
  render();
  const advice = currentAdvice(page.table, message);
  const panel = root.querySelector(".coach-panel");
  if (advice && panel) speak(t("Coach") + ": " + panel.innerText.replace(/\s+/g, " "));
}

/**
 * Note which seat this browser held in each game it saw at a table, so that the table's history and your
 * own page can offer the review of your own decisions; and once a game is over, look up its id for the
 * "Review my game" of the result screen.
 */
function notePlayed(table) {
  if (!table.room || !table.view || table.seat === null) return;
  const key = `idoubtit.played.${table.room.code}`;
  let seats = {};
  try {
    seats = JSON.parse(stored(key) || "{}") || {};
  } catch {
    seats = {};
  }
  const number = String(table.room.game);
  if (seats[number] !== table.seat) {
    seats[number] = table.seat;
    const kept = Object.keys(seats).map(Number).sort((a, b) => b - a).slice(0, 200); // the newest games are enough
    store(key, JSON.stringify(Object.fromEntries(kept.map((game) => [String(game), seats[String(game)]]))));
  }
  const code = table.room.code;
  const ended = table.view.phase === "over";
  const known = page.lastGame && page.lastGame.code === code && page.lastGame.number === table.room.game;
  if (ended && !known) findGame(code, table.room.game);
}

async function findGame(code, number) {
  const wanted = { code, number, id: null };
  page.lastGame = wanted;
  try {
    const listed = await api("GET", `/api/rooms/${code}/games?limit=3`);
    const game = listed.games.find((one) => one.number === number && one.status === "finished");
    if (game && page.lastGame === wanted) {
      wanted.id = game.id;
      render();
    }
  } catch {
    // no link to the review then: the table's history still has it
  }
}

/** The seat this browser held in game `number` at a table (noted as it played), or null. */
function playedSeat(code, number) {
  try {
    const seat = (JSON.parse(stored(`idoubtit.played.${code}`) || "{}") || {})[String(number)];
    return Number.isInteger(seat) ? seat : null;
  } catch {
    return null;
  }
}

/** What screen readers hear of the room: who sat down or left, and when a new game is dealt. */
function roomNews(before, after) {
  if (!before.room || !after.room) return [];
  const lines = [];
  after.room.seats.forEach((seat, number) => {
    const was = before.room.seats[number];
    if (seat && !was && number !== after.seat) lines.push(t("%(name)s sat down.", { name: seat.name }));
    if (!seat && was) lines.push(t("%(name)s left the table.", { name: was.name }));
  });
  const dealt = after.view && after.view.phase !== "over" && after.log.length === 0
    && (!before.view || before.view.phase === "over");
  if (dealt) lines.push(t("The cards are dealt."));
  return lines;
}

function heardReaction(message) {
  page.reactions[message.seat] = message.reaction;
  render();
  const name = message.seat === page.table.seat ? t("You") : seatName(page.table.room, message.seat);
  speak(`${name}: ${reactionText(message.reaction)}`);
  setTimeout(() => {
    if (page.reactions[message.seat] === message.reaction) {
      delete page.reactions[message.seat];
      render();
    }
  }, REACTION_MS);
}

/** The log entries that arrived with this message (none when a new game began or the page resynced). */
function newEvents(before, after) {
  if (!before.view || !after.view || after.log.length <= before.log.length) return [];
  if (after.view.log_from === 0 && before.log.length > 0) return [];
  return after.log.slice(before.log.length);
}

function sounds(events, newTurn) {
  if (events.some((event) => event.type === "game_over")) cue("win");
  else if (events.some((event) => event.type === "revealed")) cue("reveal");
  else if (events.some((event) => event.type === "doubted")) cue("doubt");
  else if (newTurn) cue("turn");
}

/** Tell screen readers what just happened: each changed claim in one line, and whose move it is now. */
function announce(before, after, events, newTurn) {
  const lines = roomNews(before, after);
  if (!after.view) {
    speak(lines.join(" "));
    return;
  }
  if (events.length) {
    const told = stories(after.log);
    const firstChanged = stories(after.log.slice(0, after.log.length - events.length)).length - 1;
    const name = (seat) => seatName(after.room, seat);
    for (const story of told.slice(Math.max(firstChanged, 0))) lines.push(storyLine(story, after.seat, name));
    if (!told.length) lines.push(...events.map((event) => describe(event, after.seat, name)).filter(Boolean));
  }
  if (newTurn) lines.push(t("Your turn: %(due)s are due.", { due: rankPlural(after.view.due_rank) }));
  else if (myWindow(after) && !myWindow(before)) lines.push(t("You may doubt this claim."));
  speak(lines.join(" "));
}

function speak(text) {
  const announcer = document.getElementById("announcer");
  if (announcer && text) announcer.textContent = text;
}

// ------------------------------------------------------------------------------------------------
// What the player does

const act = {
  render: () => render(),
  create: (form) => createTable(form),
  join: (text) => join(text),
  watch: (text) => watch(text),
  copy: async (link) => {
    try {
      await navigator.clipboard.writeText(link);
      say(t("Link copied."));
    } catch {
      say(link);
    }
  },
  isHost: () => Boolean(hostAuthority()),
  setBotLevel: (level) => {
    page.botLevel = level;
    render(); // the line under the choice says what the chosen strength or character is like
  },
  addBot: (level) => attempt(() => api("POST", `/api/rooms/${page.code}/bots`, { level, count: 1 }, hostAuthority())),
  fill: (level) => attempt(() => api("POST", `/api/rooms/${page.code}/bots`, { level }, hostAuthority())),
  removeBot: (seat) => attempt(() => api("DELETE", `/api/rooms/${page.code}/seats/${seat}`, undefined, hostAuthority())),
  changeBot: (seat, level) => attempt(() => api("PATCH", `/api/rooms/${page.code}/seats/${seat}`, { level }, hostAuthority())),
  lock: (locked) => attempt(() => api("POST", `/api/rooms/${page.code}/lock`, { locked }, hostAuthority())),
  handOver: (seat) => attempt(() => api("POST", `/api/rooms/${page.code}/host`, { seat }, hostAuthority())),
  start: () => attempt(() => api("POST", `/api/rooms/${page.code}/start`, undefined, hostAuthority())),
  // Another game: the host, or anyone seated once a game has been played.
  again: () => attempt(() => api("POST", `/api/rooms/${page.code}/start`, undefined, hostAuthority() || seatToken(page.code))),
  seatsEditor: () => (hostAuthority() ? seatsEditor(page, act) : null),
  coachSetting: (mode) => attempt(() => api("POST", `/api/rooms/${page.code}/coach`, { coach: mode }, hostAuthority())),
  coach: (on) => {
    if (page.coachPending || !send({ type: "coach", on })) return;
    page.coachPending = true;
    if (!on) page.coachAdvice = null;
    render();
  },
  // The coach's cards picked for you, and the rank it announces (V5): you still press the button yourself.
  coachPick: () => {
    const advice = currentAdvice(page.table, page.coachAdvice);
    if (!advice || advice.kind !== "play" || !myTurn(page.table) || page.pending) return;
    page.selected = new Set((advice.cards || []).filter((card) => page.table.view.hand.includes(card)));
    if (page.table.view.rules.strict_announcing && adviceRank(advice)) page.announce = adviceRank(advice);
    render();
  },
  playedSeat: (code, number) => playedSeat(code, number),
  reviewAgain: () => loadReview(page.replay),
  toggle: (card) => {
    if (!myTurn(page.table) || page.pending) return;
    if (page.selected.has(card)) page.selected.delete(card);
    else page.selected.add(card);
    render();
  },
  announce: (rank) => {
    page.announce = rank;
    render();
  },
  play: () => play(),
  doubt: () => answer("doubt"),
  letGo: () => answer("decline"),
  toggleReactions: () => {
    page.reactionsOpen = !page.reactionsOpen;
    render();
  },
  react: (id) => {
    page.reactionsOpen = false;
    send({ type: "react", reaction: id });
    render();
  },
  // Looking back
  follow: (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return; // a new tab
    event.preventDefault();
    go(event.currentTarget.getAttribute("href"));
  },
  watchTable: (event, code) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (seatToken(code)) connect(code); // your own seat at that table: back in it, not watching
    else watch(code);
  },
  olderGames: () => olderGames(),
  replayTo: (step) => replayTo(step),
  // To a decision from the review (a mark, a link): the table there, and the decision told in sight.
  reviewTo: (step) => {
    replayTo(step);
    bringDecisionIntoSight();
  },
  replayView: (value) => {
    page.replay.seat = value === "" ? null : Number(value);
    keepReplayAddress();
    render(); // the log is told again from the new point of view
  },
  replaySpeed: (speed) => {
    page.replay.speed = SPEEDS.includes(speed) ? speed : 1;
    if (page.replay.playing) playReplay(true);
  },
  replayPlay: () => playReplay(!page.replay.playing),
  replayJump: (mark) => {
    const found = nextFrame(page.replay.frames, page.replay.step, mark);
    if (found >= 0) replayTo(found);
  },
  replayQuery: (step) => writeQuery(step, page.replay.seat, page.replay.review ? page.replay.review.seat : null),
  copyStep: () => act.copy(location.href),
  askForget: (asking) => {
    page.me.forgetting = asking;
    render();
  },
  forgetPlayer: async () => {
    forgetPlayerId();
    await showMe();
    say(t("Your player id is forgotten: the games from now on count for a fresh one."));
  },
};

function play() {
  const view = page.table.view;
  if (!myTurn(page.table) || page.selected.size === 0 || page.pending) return;
  if (view.rules.strict_announcing && !page.announce) return say(t("Choose the rank you announce."));
  const message = { type: "play", state: page.table.state, cards: [...page.selected] };
  if (page.announce) message.rank = page.announce;
  if (!send(message)) return;
  page.pending = { kind: "play", state: page.table.state };
  render();
}

function answer(kind) {
  if (!myWindow(page.table) || page.pending) return;
  if (!send({ type: kind, state: page.table.state })) return;
  page.pending = { kind, state: page.table.state };
  render();
}

// ------------------------------------------------------------------------------------------------
// Screens

function render() {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  document.title = title();
  const logScroll = root.querySelector(".log")?.scrollTop || 0;
  root.replaceChildren(header(), notice(), h("main", { id: "main" }, screen()));
  const log = root.querySelector(".log");
  if (log) log.scrollTop = logScroll;
  if (page.screen === "replay") syncReplay(root, page);
  fitTable();
  if (focused) {
    const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

/** The oval sized to leave your hand and buttons on the screen (see fitRing); again when the screen turns. */
function fitTable() {
  fitRing(root, Boolean(page.table && coachOn(page.table.room, page.table.seat)));
}
window.addEventListener("resize", fitTable);

function title() {
  const name = t("I Doubt It");
  // (Plain calls, not inside template strings: the catalogs' extraction reads only those.)
  if (page.screen === "history" && page.history) return name + " · " + t("History of table %(code)s", { code: page.history.code });
  if (page.screen === "replay" && page.replay && page.replay.game) {
    return name + " · " + t("Replay of game %(number)d at table %(code)s", { number: page.replay.game.number, code: page.replay.game.room });
  }
  if (page.screen === "me") return name + " · " + t("Your games and numbers");
  return page.code && page.screen === "room" ? `${name} · ${page.code}` : name;
}

function header() {
  const select = h(
    "select",
    { id: "language", "data-key": "language", onchange: (event) => switchLanguage(event.target.value) },
    Object.entries(i18n.languageNames()).map(([code, name]) =>
      h("option", { value: code, selected: code === i18n.language() }, name),
    ),
  );
  const on = soundOn();
  return h(
    "header",
    {},
    h("h1", {}, h("a", { href: "/", onclick: goHome }, t("I Doubt It"))),
    h(
      "nav",
      {},
      h("button", { type: "button", className: "link", "data-key": "rules", onclick: showRules }, t("Rules")),
      h("button", { type: "button", className: "link", "data-key": "sound", "aria-pressed": on ? "true" : "false",
        onclick: () => { setSound(!on); render(); } }, on ? t("Sound on") : t("Sound off")),
      h("label", { for: "language", className: "visually-hidden" }, t("Language")),
      select,
    ),
  );
}

/** How long a notice stays over the table before it goes by itself (a tap dismisses it sooner). */
const NOTICE_MS = 8000;

function notice() {
  // At the table a notice floats over the top of the screen instead of pushing the table down: the cards
  // and buttons under a finger never move when the server says no.
  const floating = page.screen === "room" && Boolean(page.table.view) && Boolean(page.notice);
  if (floating) dismissLater(page.notice);
  const classes = `notice${page.notice ? "" : " empty"}${floating ? " floating" : ""}`;
  return h("p", { className: classes, role: "alert", onclick: floating ? dismissNotice : undefined }, page.notice);
}

function dismissNotice() {
  if (page.noticeTimer) clearTimeout(page.noticeTimer.id); // (the same notice again gets a timer of its own)
  page.noticeTimer = null;
  page.notice = "";
  render();
}

function dismissLater(text) {
  if (page.noticeTimer && page.noticeTimer.text === text) return;
  if (page.noticeTimer) clearTimeout(page.noticeTimer.id);
  const id = setTimeout(() => {
    if (page.notice === text) dismissNotice();
    else page.noticeTimer = null;
  }, NOTICE_MS);
  page.noticeTimer = { text, id };
}

function screen() {
  if (page.screen === "rules") return rulesScreen();
  if (page.screen === "room") return roomScreen();
  if (page.screen === "history") return historyScreen(page, act);
  if (page.screen === "replay") return replayScreen(page, act);
  if (page.screen === "me") return meScreen(page, act);
  return homeScreen(page, act);
}

function roomScreen() {
  const table = page.table;
  if (!table.room) {
    const status = table.closed ? t("The table was closed.") : t("Connecting…");
    return h("p", { className: "waiting" }, status);
  }
  if (!table.view) return lobbyScreen(page, act);
  return tableScreen(page, act);
}

function goHome(event) {
  if (event) event.preventDefault();
  go("/");
}

async function showRules() {
  const response = await fetch(`/rules/${i18n.language()}`);
  page.rules = response.ok ? await response.text() : "";
  if (page.screen !== "rules") page.previous = page.screen;
  page.screen = "rules";
  render();
}

function rulesScreen() {
  const body = h("article", { className: "rules" });
  // The rules pages ship with the package (written for this project); none comes from a player.
  body.innerHTML = page.rules;
  const back = h("button", { type: "button", "data-key": "back", onclick: () => {
    page.screen = page.previous || "home";
    render();
  } }, t("Back"));
  return h("section", {}, body, back);
}

async function switchLanguage(code) {
  await i18n.load(code);
  if (page.screen === "rules") await showRules();
  else render();
}

// Home actions

function needName() {
  if (page.name.trim()) return false;
  say(t("Type a name first."));
  document.getElementById("name")?.focus();
  return true;
}

async function createTable(form) {
  if (needName()) return;
  const options = {
    players: form.players, ascending: form.ascending, capped_plays: form.capped_plays,
    play_on_for_places: form.play_on_for_places, strict_announcing: form.strict_announcing,
    doubt_seconds: form.doubt_seconds, language: i18n.language(), bot_level: form.bot_level, coach: form.coach || "auto",
  };
  if (form.open_table_sizes) Object.assign(options, { open_table_sizes: true, decks: form.decks });
  if (form.turn_seconds) options.turn_seconds = form.turn_seconds;
  await attempt(async () => {
    const room = await api("POST", "/api/rooms", options);
    store(`idoubtit.host.${room.code}`, room.host_token);
    const seat = await api("POST", `/api/rooms/${room.code}/seats`, { name: page.name.trim(), player: playerId() });
    store(`idoubtit.seat.${room.code}`, seat.token);
    page.notice = "";
    page.botLevel = form.bot_level;
    connect(room.code);
  });
}

function cleanCode(text) {
  return String(text || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
}

async function join(text) {
  const code = cleanCode(text);
  if (!code) return say(t("Type the table's code."));
  if (seatToken(code)) return connect(code);
  if (needName()) return;
  await attempt(async () => {
    const seat = await api("POST", `/api/rooms/${code}/seats`, { name: page.name.trim(), player: playerId() });
    store(`idoubtit.seat.${code}`, seat.token);
    page.notice = "";
    connect(code);
  });
}

function watch(text) {
  const code = cleanCode(text);
  if (!code) return say(t("Type the table's code."));
  page.notice = "";
  store(`idoubtit.watch.${code}`, "1");
  connect(code, true);
}

// ------------------------------------------------------------------------------------------------
// Looking back: a table's history, a replay, your own page (each fetched when its address is opened)

/** Open one of the page's own addresses, as a link does. */
function go(path) {
  history.pushState({}, "", path);
  page.notice = "";
  start();
}

/** Leave whatever screen was on: the table's connection closes, a replay stops playing. */
function leave() {
  disconnect();
  playReplay(false);
}

async function showHistory(code) {
  leave();
  const past = { code, games: null, before: null, loading: false, error: "", stats: null };
  Object.assign(page, { screen: "history", code, history: past });
  render();
  try {
    const [games, stats] = await Promise.all([
      api("GET", `/api/rooms/${code}/games?limit=${PAGE}`), api("GET", `/api/rooms/${code}/stats`),
    ]);
    Object.assign(past, { games: games.games, before: games.before, stats: stats.seats });
  } catch (error) {
    past.error = errorText(error);
  }
  if (page.history === past && page.screen === "history") render(); // unless the reader went elsewhere meanwhile
}

async function showMe() {
  leave();
  const id = playerId();
  const me = { id, stats: null, games: null, before: null, loading: false, error: "", forgetting: false };
  Object.assign(page, { screen: "me", code: null, me });
  render();
  try {
    const [stats, games] = await Promise.all([
      api("GET", `/api/players/${id}/stats`), api("GET", `/api/players/${id}/games?limit=${PAGE}`),
    ]);
    Object.assign(me, { stats, games: games.games, before: games.before });
  } catch (error) {
    me.error = errorText(error);
  }
  if (page.me === me && page.screen === "me") render();
}

/** The next page of games, on a table's history or your own page. */
async function olderGames() {
  const past = page.screen === "me" ? page.me : page.history;
  if (!past || past.before === null || past.loading) return;
  past.loading = true;
  render();
  const path = page.screen === "me" ? `/api/players/${past.id}/games` : `/api/rooms/${past.code}/games`;
  try {
    const older = await api("GET", `${path}?limit=${PAGE}&before=${past.before}`);
    past.games = past.games.concat(older.games);
    past.before = older.before;
  } catch (error) {
    page.notice = errorText(error);
  }
  past.loading = false;
  render();
}

async function showReplay(id, search) {
  leave();
  const replay = { id, status: "loading", game: null, frames: null, step: 0, seat: null, playing: false, speed: 1, error: "", review: null };
  Object.assign(page, { screen: "replay", code: null, replay });
  render();
  try {
    const data = await api("GET", `/api/games/${id}/replay`);
    Object.assign(replay, { status: "ready", game: data.game, frames: data.frames },
      readQuery(search, data.frames.length, data.game.seats.length));
    const reviewed = readReview(search, data.game.seats.length);
    if (reviewed !== null) {
      replay.review = { seat: reviewed, status: "loading", review: null, error: "" };
      // A review is of the seat's decisions, made from what it saw: seen from there unless the link says otherwise.
      if (!new URLSearchParams(search).has("seat")) replay.seat = reviewed;
    }
  } catch (error) {
    if (error.code === "game.not_finished") {
      // Only the game's entry is read (its status and table): nothing of a game not over is shown.
      try {
        const data = await api("GET", `/api/games/${id}`);
        replay.game = data.game;
        replay.status = data.game.status === "abandoned" ? "abandoned" : "playing";
      } catch (again) {
        Object.assign(replay, { status: "error", error: errorText(again) });
      }
    } else {
      Object.assign(replay, { status: "error", error: errorText(error) });
    }
  }
  if (page.replay !== replay || page.screen !== "replay") return;
  if (replay.status === "ready") keepReplayAddress();
  render();
  if (replay.review) loadReview(replay);
}

/** Ask for the review of the replay's seat (the server may take a few seconds to make it). */
async function loadReview(replay) {
  const state = replay && replay.review;
  if (!state) return;
  Object.assign(state, { status: "loading", error: "" });
  if (page.replay === replay) render();
  try {
    const data = await api("GET", `/api/games/${replay.id}/review?seat=${state.seat}`);
    Object.assign(state, { status: "ready", review: data.review });
  } catch (error) {
    Object.assign(state, { status: "error", error: reviewError(error, errorText) });
  }
  if (page.replay !== replay || page.screen !== "replay") return;
  render();
  if (state.status === "ready") speak(reviewReady(state.review));
}

/** The address follows the step and point of view, so that a copied link opens right there. */
function keepReplayAddress() {
  const replay = page.replay;
  history.replaceState({}, "", `/g/${replay.id}${writeQuery(replay.step, replay.seat, replay.review ? replay.review.seat : null)}`);
}

function replayTo(step) {
  const replay = page.replay;
  if (!replay || replay.status !== "ready") return;
  const next = Math.max(0, Math.min(step, replay.frames.length - 1));
  if (next === replay.step) return;
  replay.step = next;
  keepReplayAddress();
  updateReplay(root, page, act);
  const name = (seat) => seatName({ seats: replay.game.seats }, seat);
  if (replay.playing) return;
  const lines = frameLines(replay.frames[next], replay.seat, name);
  const decision = replay.review && replay.review.status === "ready" ? decisionAt(replay.review.review, next) : null;
  if (decision) lines.push(t("The decision here") + ": " + labelName(decision.label) + ".", reviewLine(decision.why || {}));
  speak(lines.join(" "));
}

/** Scroll the step's table and its decision into sight above the replay's bar (the summary may fill a phone's screen). */
function bringDecisionIntoSight() {
  const decision = root.querySelector(".review-decision");
  const now = root.querySelector(".replay-now");
  const bar = root.querySelector(".replay-bar");
  if (!decision || !now || !bar) return;
  const top = now.getBoundingClientRect().top;
  const bottom = decision.getBoundingClientRect().bottom;
  const limit = bar.getBoundingClientRect().top;
  if (top >= 0 && bottom <= limit) return;
  window.scrollBy({ top: top - 8, behavior: "instant" });
}

/** Play the replay on (from the start when it is at its end), a step at a time at the chosen speed; or stop. */
function playReplay(on) {
  const replay = page.replay;
  if (!replay) return;
  clearInterval(replay.timer);
  replay.timer = null;
  const was = replay.playing;
  replay.playing = Boolean(on) && replay.status === "ready";
  if (replay.playing) {
    if (!was && replay.step >= replay.frames.length - 1) replayTo(0);
    replay.timer = setInterval(() => {
      if (replay.step >= replay.frames.length - 1) playReplay(false);
      else replayTo(replay.step + 1);
    }, 1000 / replay.speed);
  }
  if (page.screen === "replay") syncReplay(root, page);
}

// ------------------------------------------------------------------------------------------------
// Keys, the timers, and starting up

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName);
  if (!typing && page.screen === "replay" && page.replay && ["ArrowLeft", "ArrowRight"].includes(event.key)) {
    event.preventDefault(); // the slider, when it has the focus, steps by itself
    replayTo(page.replay.step + (event.key === "ArrowRight" ? 1 : -1));
    return;
  }
  if (typing || page.screen !== "room" || !page.table.view) return;
  const key = event.key.toLowerCase();
  if (key === "d" && myWindow(page.table)) act.doubt();
  else if (key === "n" && myWindow(page.table)) act.letGo();
  else if (key === "p" && myTurn(page.table)) act.play();
});

setInterval(() => {
  const left = secondsLeft(page.table, performance.now());
  if (left === null) return;
  const element = document.getElementById("timer");
  if (element) {
    element.textContent = tn("%(count)d second left", "%(count)d seconds left", Math.ceil(left), { count: Math.ceil(left) });
  }
  const bar = document.getElementById("doubt-timer");
  if (bar) bar.style.setProperty("--share", doubtShare(page.table, performance.now()).toFixed(3));
}, 250);

window.addEventListener("popstate", () => start());

async function start() {
  const path = location.pathname;
  const past = path.match(/^\/r\/([A-Za-z0-9]+)\/history\/?$/);
  if (past) return showHistory(cleanCode(past[1]));
  const game = path.match(/^\/g\/(\d{1,12})\/?$/);
  if (game) return showReplay(game[1], location.search);
  if (/^\/me\/?$/.test(path)) return showMe();
  const match = path.match(/^\/r\/([A-Za-z0-9]+)/);
  if (!match) {
    leave();
    page.screen = "home";
    page.code = null;
    render();
    return;
  }
  const code = cleanCode(match[1]);
  takeHandedTokens(code);
  if (seatToken(code)) connect(code);
  else if (stored(`idoubtit.watch.${code}`)) connect(code, true); // a spectator who reloaded the page
  else {
    page.code = code;
    page.screen = "home";
    page.notice = t("Type your name and press Join to sit at table %(code)s.", { code });
    render();
  }
}

const known = ["en", "mn", "lb", "af"];
await i18n.load(i18n.pickLanguage(stored(i18n.LANGUAGE_KEY), navigator.languages, known));
await start();
