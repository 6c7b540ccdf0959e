// The room before a game (and between games): its code, link and QR code, and the seats, where the host
// adds or removes computer players one at a time, sets each one's strength or character (bots/characters.py),
// and hands hosting over.

import { h, link } from "./dom.js";
import { levelName, seatName } from "./game.js";
import { characterOf, characters, t } from "./i18n.js";
import { computerIcon } from "./table.js";

export const LEVELS = ["easy", "medium", "hard", "expert"];
/** The host's choices for the coach (docs/protocol.md, "The coach"). */
export const COACH_MODES = ["auto", "on", "off"];

/** A coach setting in words, for the host's choice. */
export function coachModeName(mode) {
  return { auto: t("One person vs. computers"), on: t("Allowed for everyone"), off: t("Off") }[mode] || mode;
}

/** The host's choice of the coach, as a select (the room-creation form and the lobby share it). */
export function coachChoice(id, selected, onchange) {
  return h("select", { id, "data-key": id, onchange: (event) => onchange(event.target.value) },
    COACH_MODES.map((mode) => h("option", { value: mode, selected: mode === selected }, coachModeName(mode))));
}

export function lobbyScreen(page, act) {
  const room = page.table.room;
  const address = room.link || `${location.origin}/r/${room.code}`;
  return h("div", { className: "lobby" },
    h("section", { className: "card-panel room-code" },
      h("h2", {}, t("Table code")),
      h("p", { className: "code", "aria-label": t("Table code") + " " + room.code.split("").join(" ") }, room.code),
      h("p", {}, t("Friends join with this code, the link or the QR code.")),
      h("div", { className: "link-row" },
        h("input", { id: "link", readonly: true, value: address, "aria-label": t("Link to this table") }),
        h("button", { type: "button", "data-key": "copy", onclick: () => act.copy(address) }, t("Copy link"))),
      h("img", { className: "qr", src: `/api/rooms/${room.code}/qr.svg`, alt: t("QR code of the link to this table") }),
      // The games played here so far, their replays and each seat's numbers.
      h("div", { className: "buttons" },
        link(act, `/r/${room.code}/history`, t("History of this table"), { className: "button secondary", "data-key": "history" }))),
    seatsEditor(page, act, true));
}

/** The seats and, for the host, what can be changed about them (before the first game and between games). */
export function seatsEditor(page, act, lobby = false) {
  const room = page.table.room;
  const host = act.isHost();
  const empty = room.seats.filter((seat) => seat === null).length;
  const level = page.botLevel || room.settings.bot_level || "medium";
  const levelChoice = h("select", { id: "bot-level", "data-key": "bot-level", "aria-describedby": "bot-level-about",
    onchange: (event) => act.setBotLevel(event.target.value) }, botOptions(level));
  return h("section", { className: "card-panel seats-panel" },
    h("h2", {}, t("Seats")),
    h("ul", { className: "seats" }, room.seats.map((seat, number) => seatRow(page, act, room, number, host))),
    host && empty
      ? h("div", { className: "add-bots" },
        h("label", { for: "bot-level" }, t("A new computer player: a strength or a character")), levelChoice,
        h("p", { id: "bot-level-about", className: "hint" }, aboutBot(level)),
        h("div", { className: "buttons" },
          h("button", { type: "button", "data-key": "add-bot", onclick: () => act.addBot(level) }, t("Add a computer player")),
          empty > 1 ? h("button", { type: "button", className: "secondary", "data-key": "fill", onclick: () => act.fill(level) },
            t("Fill every empty seat")) : null))
      : null,
    host
      ? h("div", { className: "check lock" },
        h("input", { type: "checkbox", id: "lock", "data-key": "lock", checked: Boolean(room.locked),
          onchange: (event) => act.lock(event.target.checked) }),
        h("label", { for: "lock" }, t("Lock the table: nobody new may sit down")))
      : room.locked ? h("p", { className: "hint" }, t("The host has locked this table.")) : null,
    host
      ? h("div", { className: "coach-setting" },
        h("label", { for: "coach-mode" }, t("The coach: hints while you play")),
        coachChoice("coach-mode", room.settings.coach || "auto", act.coachSetting))
      : null,
    lobby
      ? host
        ? h("div", { className: "buttons" },
          h("button", { type: "button", className: "primary", "data-key": "start", disabled: empty > 0, onclick: act.start },
            t("Start the game")),
          empty > 0 ? h("p", { className: "hint" }, t("Every seat needs a player before the game can start.")) : null)
        : h("p", {}, t("Waiting for the host to start the game."))
      : null);
}

function seatRow(page, act, room, number, host) {
  const seat = room.seats[number];
  if (!seat) return h("li", { className: "seat-row empty" }, h("span", {}, t("Empty seat")));
  const marks = [];
  if (number === page.table.seat) marks.push(t("you"));
  if (room.host_seat === number) marks.push(t("host"));
  if (seat.kind === "human" && seat.away) marks.push(t("away"));
  if (seat.bot_playing) marks.push(t("a computer plays for them"));
  if (seat.coach) marks.push(t("coach on"));
  const between = !page.table.view || page.table.view.phase === "over";
  const controls = [];
  if (host && between && seat.kind === "bot") {
    const id = `level-${number}`;
    controls.push(
      h("label", { for: id, className: "visually-hidden" }, t("Strength of %(name)s", { name: seat.name })),
      h("select", { id, "data-key": id, onchange: (event) => act.changeBot(number, event.target.value) },
        botOptions(baseLevel(seat.level))),
      h("button", { type: "button", className: "secondary small", "data-key": `remove-${number}`,
        "aria-label": t("Remove %(name)s", { name: seat.name }), onclick: () => act.removeBot(number) }, t("Remove")));
  }
  if (host && seat.kind === "human" && number !== page.table.seat && room.host_seat !== number) {
    controls.push(h("button", { type: "button", className: "secondary small", "data-key": `host-${number}`,
      "aria-label": t("Make %(name)s the host", { name: seat.name }), onclick: () => act.handOver(number) }, t("Make host")));
  }
  return h("li", { className: `seat-row${seat.kind === "bot" ? " bot" : ""}` },
    h("span", { className: "who" },
      seat.kind === "bot" ? computerIcon() : null,
      seatName(room, number),
      seat.kind === "bot" ? h("span", { className: "bot-mark" }, " " + t("(computer)") + " · " + levelName(seat.level)) : null,
      marks.length ? h("span", { className: "marks" }, ` (${marks.join(", ")})`) : null,
      seat.kind === "bot" && characterOf(seat.level) ? h("span", { className: "character-line" }, characterOf(seat.level).description) : null),
    controls.length ? h("span", { className: "seat-controls" }, controls) : null);
}

/** The choices for a computer player: the four strengths, then the characters, each named with its difficulty. */
function botOptions(selected) {
  const levels = LEVELS.map((name) => h("option", { value: name, selected: name === selected }, levelName(name)));
  const cast = characters().map((one) =>
    h("option", { value: one.key, selected: one.key === selected }, `${one.name} (${levelName(one.difficulty)})`));
  return cast.length
    ? [h("optgroup", { label: t("Strengths") }, levels), h("optgroup", { label: t("Characters") }, cast)]
    : levels;
}

/** One line on what the chosen strength or character is like. */
export function aboutBot(level) {
  const character = characterOf(level);
  if (character) return character.description;
  return (
    { easy: t("Tells the truth whenever it can."), medium: t("Counts the cards and doubts by the odds."),
      hard: t("Counts the cards and learns how each of you bluffs and doubts."),
      expert: t("Thinks ahead through the hands it cannot see.") }[baseLevel(level)] || ""
  );
}

function baseLevel(level) {
  return String(level || "").split("[")[0];
}
