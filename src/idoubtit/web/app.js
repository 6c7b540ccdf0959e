// The browser table: home (create or join), the room with its code, link and QR code, the table, the rules.
// It speaks the protocol of docs/protocol.md; everything it shows of a game comes from the server's views.

import { RED, SUITS, cardName, claimWords, parseCard, rankPlural } from "./cards.js";
import {
  announceable, describe, emptyTable, errorText, lastReveal, levelName, maxCards, myTurn, myWindow, receive,
  secondsLeft, seatName, truthfulPick,
} from "./game.js";
import * as i18n from "./i18n.js";
import { t, tn } from "./i18n.js";

const LEVELS = ["easy", "medium", "hard", "expert"];
const root = document.getElementById("app");

const page = {
  screen: "home", // home | room | rules
  code: null,
  name: stored("idoubtit.name") || "",
  table: emptyTable(),
  socket: null,
  retry: 0,
  selected: new Set(),
  announce: null,
  notice: "",
  rules: "",
  watching: false,
  form: {
    players: 4, ascending: false, capped_plays: false, play_on_for_places: false, open_table_sizes: false,
    strict_announcing: false, decks: 1, doubt_seconds: 8, turn_seconds: null, bot_level: "medium",
  },
};

// ------------------------------------------------------------------------------------------------
// Small helpers: storage, elements, HTTP

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage may be off (private browsing): the seat then lasts as long as the page
  }
}

/** An element with attributes and children; text always goes in as text, never as HTML. */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (key.startsWith("on")) element.addEventListener(key.slice(2), value);
    else if (key === "className") element.className = value;
    else element.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

async function api(method, path, body, hostToken) {
  const headers = { "Content-Type": "application/json" };
  if (hostToken) headers.Authorization = `Bearer ${hostToken}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw data.error || { code: "server" };
  return data;
}

function seatToken(code) {
  return stored(`idoubtit.seat.${code}`);
}

function hostToken(code) {
  return stored(`idoubtit.host.${code}`);
}

function say(message) {
  page.notice = message;
  render();
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

function send(message) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) page.socket.send(JSON.stringify(message));
}

function heard(message) {
  const before = page.table;
  page.table = receive(before, message, performance.now());
  if (message.type === "error") {
    if (message.code === "auth.bad_token") store(`idoubtit.seat.${page.code}`, null);
    if (message.code === "room.not_found") {
      store(`idoubtit.seat.${page.code}`, null);
      page.screen = "home";
      disconnect();
    }
    page.notice = errorText(message);
  }
  if (page.table.needsSync) send({ type: "sync" });
  const view = page.table.view;
  const newTurn = view && myTurn(page.table) && (!before.view || before.state !== page.table.state);
  if (newTurn) {
    page.selected = new Set(truthfulPick(view));
    page.announce = view.rules.strict_announcing ? null : view.due_rank;
  }
  if (message.type === "update" && message.ack !== undefined) page.notice = "";
  render();
  announce(before, page.table);
}

/** Tell screen readers what just happened: the new log lines only (the page itself is redrawn whole). */
function announce(before, after) {
  if (isNewGame(before, after) || after.log.length <= before.log.length) return;
  const name = (seat) => seatName(after.room, seat);
  const lines = after.log.slice(before.log.length).map((event) => describe(event, after.seat, name)).filter(Boolean);
  const announcer = document.getElementById("announcer");
  if (announcer && lines.length) announcer.textContent = lines.join(" ");
}

function isNewGame(before, after) {
  return before.view === null || after.view === null || (after.view.log_from === 0 && before.log.length > 0);
}

// ------------------------------------------------------------------------------------------------
// Screens

function render() {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  document.title = page.code ? `${t("I Doubt It")} · ${page.code}` : t("I Doubt It");
  root.replaceChildren(header(), notice(), h("main", { id: "main" }, screen()));
  if (focused) {
    const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again) again.focus();
  }
}

function header() {
  const select = h(
    "select",
    { id: "language", "data-key": "language", onchange: (event) => switchLanguage(event.target.value) },
    Object.entries(i18n.languageNames()).map(([code, name]) =>
      h("option", { value: code, selected: code === i18n.language() }, name),
    ),
  );
  return h(
    "header",
    {},
    h("h1", {}, h("a", { href: "/", onclick: goHome }, t("I Doubt It"))),
    h(
      "nav",
      {},
      h("button", { type: "button", className: "link", "data-key": "rules", onclick: showRules }, t("Rules")),
      h("label", { for: "language", className: "visually-hidden" }, t("Language")),
      select,
    ),
  );
}

function notice() {
  return h("p", { className: page.notice ? "notice" : "notice empty", role: "alert" }, page.notice);
}

function screen() {
  if (page.screen === "rules") return rulesScreen();
  if (page.screen === "room") return roomScreen();
  return homeScreen();
}

function goHome(event) {
  if (event) event.preventDefault();
  disconnect();
  page.screen = "home";
  page.code = null;
  page.notice = "";
  history.pushState({}, "", "/");
  render();
}

async function showRules() {
  const response = await fetch(`/rules/${i18n.language()}`);
  page.rules = response.ok ? await response.text() : "";
  page.previous = page.screen;
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

// Home: your name, a new table, or a table by its code

function homeScreen() {
  const name = h("input", {
    id: "name", "data-key": "name", autocomplete: "nickname", maxlength: "40", value: page.name,
    oninput: (event) => {
      page.name = event.target.value;
      store("idoubtit.name", page.name);
    },
  });
  const code = h("input", {
    id: "code", "data-key": "code", autocapitalize: "characters", autocomplete: "off", maxlength: "8",
    value: page.code || "", placeholder: "ACE347",
  });
  return h(
    "div",
    { className: "home" },
    h("section", { className: "card-panel" },
      h("h2", {}, t("Your name")),
      h("label", { for: "name" }, t("The name others see at the table")),
      name),
    h("section", { className: "card-panel" },
      h("h2", {}, t("Join a table")),
      h("label", { for: "code" }, t("Table code")),
      code,
      h("div", { className: "buttons" },
        h("button", { type: "button", "data-key": "join", onclick: () => join(code.value) }, t("Join")),
        h("button", { type: "button", className: "secondary", "data-key": "watch", onclick: () => watch(code.value) },
          t("Watch")))),
    newTableForm(),
  );
}

/** The new-table form keeps its choices in page.form, so that a redraw (a notice, a language) loses none. */
function newTableForm() {
  const form = page.form;
  const change = (key, read) => (event) => {
    form[key] = read(event.target);
    if (key === "open_table_sizes") render(); // the table sizes and decks on offer change
  };
  const sizes = form.open_table_sizes ? range(2, 20) : range(3, 11);
  if (!sizes.includes(form.players)) form.players = 4;
  const players = h("select", { id: "players", "data-key": "players", onchange: change("players", (el) => Number(el.value)) },
    sizes.map((count) => h("option", { value: String(count), selected: count === form.players }, String(count))));
  const variant = (id, key, label) =>
    h("div", { className: "check" },
      h("input", { type: "checkbox", id, "data-key": id, checked: form[key], onchange: change(key, (el) => el.checked) }),
      h("label", { for: id }, label));
  const decks = form.open_table_sizes
    ? [h("label", { for: "decks" }, t("Decks")),
      h("select", { id: "decks", "data-key": "decks", onchange: change("decks", (el) => Number(el.value)) },
        range(1, 6).map((count) => h("option", { value: String(count), selected: count === form.decks }, String(count))))]
    : [];
  const doubt = h("select", { id: "doubt-seconds", "data-key": "doubt-seconds", onchange: change("doubt_seconds", (el) => Number(el.value)) },
    [3, 5, 8, 12, 20].map((seconds) =>
      h("option", { value: String(seconds), selected: seconds === form.doubt_seconds }, tn("%(count)d second", "%(count)d seconds", seconds))));
  const turn = h("select", { id: "turn-seconds", "data-key": "turn-seconds", onchange: change("turn_seconds", (el) => Number(el.value) || null) },
    h("option", { value: "", selected: !form.turn_seconds }, t("No turn timer")),
    [30, 60, 120].map((seconds) =>
      h("option", { value: String(seconds), selected: seconds === form.turn_seconds }, tn("%(count)d second", "%(count)d seconds", seconds))));
  const level = h("select", { id: "level", "data-key": "level", onchange: change("bot_level", (el) => el.value) },
    LEVELS.map((name) => h("option", { value: name, selected: name === form.bot_level }, levelName(name))));
  const create = async () => {
    const options = {
      players: form.players, ascending: form.ascending, capped_plays: form.capped_plays,
      play_on_for_places: form.play_on_for_places, strict_announcing: form.strict_announcing,
      doubt_seconds: form.doubt_seconds, language: i18n.language(), bot_level: form.bot_level,
    };
    if (form.open_table_sizes) Object.assign(options, { open_table_sizes: true, decks: form.decks });
    if (form.turn_seconds) options.turn_seconds = form.turn_seconds;
    await createTable(options);
  };
  return h("section", { className: "card-panel" },
    h("h2", {}, t("New table")),
    h("label", { for: "players" }, t("Players, you included")), players,
    h("fieldset", {}, h("legend", {}, t("Variants")),
      variant("v1", "ascending", t("Ranks go up: Ace, Two, Three … (V1)")),
      variant("v2", "capped_plays", t("At most four cards per deck in one play (V2)")),
      variant("v3", "play_on_for_places", t("Play on for second and third place (V3)")),
      variant("v4", "open_table_sizes", t("Any table size from 2 to 20, any number of decks (V4)")),
      variant("v5", "strict_announcing", t("Name the rank yourself; whoever names a wrong rank takes the pile (V5)"))),
    ...decks,
    h("label", { for: "doubt-seconds" }, t("Time to doubt a claim")), doubt,
    h("label", { for: "turn-seconds" }, t("Time for a turn")), turn,
    h("label", { for: "level" }, t("Strength of the computer players")), level,
    h("button", { type: "button", className: "primary", "data-key": "create", onclick: create }, t("Create table")));
}

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

function needName() {
  if (page.name.trim()) return false;
  say(t("Type a name first."));
  document.getElementById("name")?.focus();
  return true;
}

async function createTable(options) {
  if (needName()) return;
  try {
    const room = await api("POST", "/api/rooms", options);
    store(`idoubtit.host.${room.code}`, room.host_token);
    const seat = await api("POST", `/api/rooms/${room.code}/seats`, { name: page.name.trim() });
    store(`idoubtit.seat.${room.code}`, seat.token);
    page.notice = "";
    connect(room.code);
  } catch (error) {
    say(errorText(error));
  }
}

function cleanCode(text) {
  return String(text || "").toUpperCase().replace(/[^A-Z0-9]/g, "");
}

async function join(text) {
  const code = cleanCode(text);
  if (!code) return say(t("Type the table's code."));
  if (seatToken(code)) return connect(code);
  if (needName()) return;
  try {
    const seat = await api("POST", `/api/rooms/${code}/seats`, { name: page.name.trim() });
    store(`idoubtit.seat.${code}`, seat.token);
    page.notice = "";
    connect(code);
  } catch (error) {
    say(errorText(error));
  }
}

function watch(text) {
  const code = cleanCode(text);
  if (!code) return say(t("Type the table's code."));
  page.notice = "";
  store(`idoubtit.watch.${code}`, "1");
  connect(code, true);
}

// The room: the lobby before the first game, then the table

function roomScreen() {
  const table = page.table;
  if (!table.room) {
    const status = page.table.closed ? t("The table was closed.") : t("Connecting…");
    return h("p", { className: "waiting" }, status);
  }
  if (!table.view) return lobby();
  return tableScreen();
}

function lobby() {
  const room = page.table.room;
  const link = room.link || `${location.origin}/r/${room.code}`;
  const host = hostToken(room.code);
  const empty = room.seats.filter((seat) => seat === null).length;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      say(t("Link copied."));
    } catch {
      say(link);
    }
  };
  return h("div", { className: "lobby" },
    h("section", { className: "card-panel room-code" },
      h("h2", {}, t("Table code")),
      h("p", { className: "code", "aria-label": t("Table code") + " " + room.code.split("").join(" ") }, room.code),
      h("p", {}, t("Friends join with this code, the link or the QR code.")),
      h("div", { className: "link-row" },
        h("input", { id: "link", readonly: true, value: link, "aria-label": t("Link to this table") }),
        h("button", { type: "button", "data-key": "copy", onclick: copy }, t("Copy link"))),
      h("img", { className: "qr", src: `/api/rooms/${room.code}/qr.svg`, alt: t("QR code of the link to this table") })),
    h("section", { className: "card-panel" },
      h("h2", {}, t("Seats")),
      h("ul", { className: "seats" }, room.seats.map((seat, number) =>
        h("li", {}, seat ? seatLine(room, number) : t("Empty seat")))),
      host
        ? h("div", { className: "buttons" },
          empty ? h("button", { type: "button", "data-key": "fill", onclick: fillSeats },
            t("Fill empty seats with computer players")) : null,
          h("button", { type: "button", className: "primary", "data-key": "start", disabled: empty > 0, onclick: startGame },
            t("Start the game")))
        : h("p", {}, t("Waiting for the host to start the game."))),
  );
}

function seatLine(room, number) {
  const seat = room.seats[number];
  const marks = [];
  if (number === page.table.seat) marks.push(t("you"));
  if (seat.kind === "human" && seat.away) marks.push(t("away"));
  if (seat.bot_playing) marks.push(t("a computer plays for them"));
  return `${seatName(room, number)}${marks.length ? ` (${marks.join(", ")})` : ""}`;
}

async function fillSeats() {
  const room = page.table.room;
  try {
    await api("POST", `/api/rooms/${room.code}/bots`, { level: room.settings.bot_level }, hostToken(room.code));
  } catch (error) {
    say(errorText(error));
  }
}

async function startGame() {
  const room = page.table.room;
  try {
    await api("POST", `/api/rooms/${room.code}/start`, undefined, hostToken(room.code));
  } catch (error) {
    say(errorText(error));
  }
}

function tableScreen() {
  const table = page.table;
  const view = table.view;
  return h("div", { className: "table" },
    status(view),
    players(table),
    claimBox(table),
    revealBox(table),
    view.phase === "over" ? result(table) : controls(table),
    table.seat === null ? h("p", { className: "watching" }, t("You are watching this table.")) : hand(table),
    log(table));
}

function status(view) {
  const left = secondsLeft(page.table, performance.now());
  const timer = left === null ? null
    : h("span", { className: `timer ${page.table.timer.kind}`, id: "timer", role: "timer" },
      tn("%(count)d second left", "%(count)d seconds left", Math.ceil(left), { count: Math.ceil(left) }));
  return h("div", { className: "status" },
    h("span", { className: "due" }, t("Due: %(rank)s", { rank: rankPlural(view.due_rank) })),
    h("span", { className: "pile" }, tn("Pile: %(count)d card", "Pile: %(count)d cards", view.pile_size)),
    timer);
}

function players(table) {
  const view = table.view;
  return h("ol", { className: "players", "aria-label": t("Players") }, view.hand_sizes.map((size, seat) => {
    const info = table.room.seats[seat];
    const marks = [];
    if (view.phase === "play" && view.to_play === seat) marks.push(t("to play"));
    if (view.phase === "doubt" && view.awaiting.includes(seat)) marks.push(t("may doubt"));
    if (info && info.kind === "human" && info.away) marks.push(t("away"));
    if (info && info.bot_playing) marks.push(t("a computer plays for them"));
    const place = view.places.indexOf(seat);
    if (place >= 0) marks.push(t("place %(place)d", { place: place + 1 }));
    const active = view.phase === "play" ? view.to_play === seat : view.phase === "doubt" && view.claim && view.claim.seat === seat;
    return h("li", { className: `player${active ? " active" : ""}${seat === table.seat ? " me" : ""}` },
      h("span", { className: "name" }, seat === table.seat ? t("You") : seatName(table.room, seat)),
      h("span", { className: "count" }, tn("%(count)d card", "%(count)d cards", size)),
      marks.length ? h("span", { className: "marks" }, marks.join(" · ")) : null);
  }));
}

function claimBox(table) {
  const claim = table.view.claim;
  if (!claim) return null;
  const words = claimWords(claim.count, claim.rank);
  const text = claim.seat === table.seat ? t("You put down “%(claim)s”.", { claim: words })
    : t("%(name)s claims “%(claim)s”.", { name: seatName(table.room, claim.seat), claim: words });
  return h("p", { className: "claim" }, text);
}

function revealBox(table) {
  const reveal = lastReveal(table.log);
  if (!reveal) return null;
  const cards = h("span", { className: "cards small" }, reveal.cards.map((card) => cardFace(card)));
  const verdict = reveal.truthful ? t("it was true.") : t("it was a bluff!");
  const taker = reveal.taker === null ? ""
    : reveal.taker === table.seat ? t("You take the pile.") : t("%(name)s takes the pile.", { name: seatName(table.room, reveal.taker) });
  return h("div", { className: `reveal ${reveal.truthful ? "true" : "bluff"}` },
    h("span", {}, t("Turned up:")), cards, h("strong", {}, verdict), h("span", {}, taker));
}

function cardFace(card) {
  const { rank, suit } = parseCard(card);
  return h("span", { className: `face${RED.has(suit) ? " red" : ""}`, "aria-label": cardName(card), role: "img" },
    h("span", { className: "rank", "aria-hidden": "true" }, rank),
    h("span", { className: "suit", "aria-hidden": "true" }, SUITS[suit]));
}

function hand(table) {
  const view = table.view;
  const picking = myTurn(table);
  return h("section", { className: "hand-panel", "aria-label": t("Your hand") },
    h("h2", {}, t("Your hand")),
    h("div", { className: "hand", role: "group", "aria-label": t("Your hand") }, view.hand.map((card, index) => {
      const selected = page.selected.has(card);
      const { rank, suit } = parseCard(card);
      return h("button", {
        type: "button", className: `card${RED.has(suit) ? " red" : ""}${selected ? " selected" : ""}`,
        "aria-pressed": selected ? "true" : "false", "aria-label": cardName(card), "data-key": `card-${card}-${index}`,
        disabled: !picking, onclick: () => toggle(card),
      }, h("span", { className: "rank", "aria-hidden": "true" }, rank), h("span", { className: "suit", "aria-hidden": "true" }, SUITS[suit]));
    })));
}

function toggle(card) {
  if (page.selected.has(card)) page.selected.delete(card);
  else page.selected.add(card);
  render();
}

function controls(table) {
  const view = table.view;
  if (myWindow(table)) {
    return h("div", { className: "controls window" },
      h("button", { type: "button", className: "doubt", "data-key": "doubt", onclick: doubt, "aria-keyshortcuts": "D" }, t("I doubt it")),
      h("button", { type: "button", className: "secondary", "data-key": "let-go", onclick: letGo, "aria-keyshortcuts": "N" }, t("Let it go")));
  }
  if (!myTurn(table)) {
    const waiting = view.phase === "doubt" ? t("Waiting for the others to answer the claim.")
      : t("%(name)s is thinking…", { name: seatName(table.room, view.to_play) });
    return h("p", { className: "controls waiting" }, table.seat === null ? null : waiting);
  }
  const ranks = announceable(view);
  const count = page.selected.size;
  const rankSelect = h("select", { id: "announce", "data-key": "announce", onchange: (event) => {
    page.announce = event.target.value || null;
    render();
  } },
  view.rules.strict_announcing ? h("option", { value: "", selected: !page.announce }, t("Choose a rank")) : null,
  ranks.map((rank) => h("option", { value: rank, selected: rank === page.announce }, rankPlural(rank))));
  const cap = maxCards(view);
  const tooMany = cap !== null && count > cap;
  return h("div", { className: "controls turn" },
    h("p", {}, t("Your turn: %(due)s are due.", { due: rankPlural(view.due_rank) })),
    h("label", { for: "announce" }, t("Rank to announce")), rankSelect,
    h("p", { className: "picked", "aria-live": "polite" },
      count ? t("You will claim “%(claim)s”.", { claim: claimWords(count, page.announce || view.due_rank) })
        : t("Pick one or more cards.")),
    h("button", { type: "button", className: "primary", "data-key": "play", onclick: play, "aria-keyshortcuts": "P",
      disabled: count === 0 || tooMany || (view.rules.strict_announcing && !page.announce) },
    tn("Put down %(count)d card", "Put down %(count)d cards", count)));
}

function play() {
  const view = page.table.view;
  if (!myTurn(page.table) || page.selected.size === 0) return;
  const message = { type: "play", state: page.table.state, cards: [...page.selected] };
  if (page.announce) message.rank = page.announce;
  else if (view.rules.strict_announcing) return say(t("Choose the rank you announce."));
  send(message);
  page.selected = new Set();
}

function doubt() {
  if (myWindow(page.table)) send({ type: "doubt", state: page.table.state });
}

function letGo() {
  if (myWindow(page.table)) send({ type: "decline", state: page.table.state });
}

function result(table) {
  const view = table.view;
  const host = hostToken(table.room.code);
  const name = (seat) => (seat === table.seat ? t("You") : seatName(table.room, seat));
  const places = view.places.length ? view.places : [view.winner];
  return h("section", { className: "result", "aria-live": "polite" },
    h("h2", {}, view.winner === table.seat ? t("You win the game!") : t("%(name)s wins the game.", { name: name(view.winner) })),
    h("ol", {}, places.map((seat) => h("li", {}, name(seat)))),
    host ? h("button", { type: "button", className: "primary", "data-key": "again", onclick: startGame }, t("Another game"))
      : h("p", {}, t("Waiting for the host to deal again.")));
}

function log(table) {
  const name = (seat) => seatName(table.room, seat);
  const lines = table.log.map((event) => describe(event, table.seat, name)).filter(Boolean);
  return h("section", { className: "log-panel" },
    h("h2", {}, t("What happened")),
    h("ol", { className: "log" },
      lines.slice(-40).map((line) => h("li", {}, line))));
}

// ------------------------------------------------------------------------------------------------
// Keys, the timer, and starting up

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement?.tagName);
  if (typing || page.screen !== "room" || !page.table.view) return;
  const key = event.key.toLowerCase();
  if (key === "d" && myWindow(page.table)) doubt();
  else if (key === "n" && myWindow(page.table)) letGo();
  else if (key === "p" && myTurn(page.table)) play();
});

setInterval(() => {
  const element = document.getElementById("timer");
  const left = secondsLeft(page.table, performance.now());
  if (element && left !== null) {
    element.textContent = tn("%(count)d second left", "%(count)d seconds left", Math.ceil(left), { count: Math.ceil(left) });
  }
}, 250);

window.addEventListener("popstate", () => start());

async function start() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9]+)/);
  if (!match) {
    page.screen = "home";
    render();
    return;
  }
  const code = cleanCode(match[1]);
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
