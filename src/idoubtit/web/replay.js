// The replay of a finished game (/g/ID?step=N&seat=S): the table at one step, with every hand and the
// pile face up, or as one seat saw it then (its own hand face up, the others' and the pile face down);
// the action's notation beside what it meant, every action in a log, and controls to step, play, jump to
// the next doubt or pile taken, and share a link to the step on screen.
//
// Stepping redraws only the table and the controls' state, not the whole page: the slider must stay the
// same element while a finger drags it, and the log keeps its place.

import { claimWords, rankPlural } from "./cards.js";
import { h, link } from "./dom.js";
import { seatName } from "./game.js";
import { t, tn } from "./i18n.js";
import { decimal, frameLines, lengthText, notation, seatsBySeat, when } from "./past.js";
import { decisionPanel, reviewMarks, reviewPanel, syncMarks } from "./review.js";
import { cardFace, nameTag } from "./table.js";

/** Playback speeds, as multiples of one step a second. */
export const SPEEDS = [0.5, 1, 2, 4];

export function replayScreen(page, act) {
  const replay = page.replay;
  if (replay.status === "loading") return h("p", { className: "waiting" }, t("Loading…"));
  if (replay.status !== "ready") return unavailable(replay, act);
  const { game, frames } = replay;
  const room = { seats: seatsBySeat(game) };
  const name = (seat) => seatName(room, seat);
  const last = frames.length - 1;
  const view = h("select", { id: "replay-view", "data-key": "replay-view", onchange: (event) => act.replayView(event.target.value) },
    h("option", { value: "", selected: replay.seat === null }, t("Every hand face up")),
    room.seats.map((seat, number) => h("option", { value: String(number), selected: replay.seat === number },
      t("As %(name)s saw it", { name: name(number) }))));
  const speed = h("select", { id: "replay-speed", "data-key": "replay-speed", onchange: (event) => act.replaySpeed(Number(event.target.value)) },
    SPEEDS.map((value) => h("option", { value: String(value), selected: value === replay.speed }, `${decimal(value)}×`)));
  return h("div", { className: `replay${replay.seat === null ? "" : " seat-view"}${replay.review ? " reviewing" : ""}` },
    h("section", { className: "card-panel replay-head" },
      h("h2", {}, t("Replay of game %(number)d at table %(code)s", { number: game.number, code: game.room })),
      h("p", { className: "hint" }, h("time", { datetime: game.started_at }, when(game.started_at)), " · ", lengthText(game)),
      h("div", { className: "replay-tools" },
        h("div", { className: "field" }, h("label", { for: "replay-view" }, t("Point of view")), view),
        h("div", { className: "field" }, h("label", { for: "replay-speed" }, t("Speed")), speed)),
      h("div", { className: "buttons" },
        h("button", { type: "button", className: "secondary", "data-key": "next-doubt", onclick: () => act.replayJump("doubt") },
          t("Next doubt")),
        h("button", { type: "button", className: "secondary", "data-key": "next-pile", onclick: () => act.replayJump("pile_taken") },
          t("Next pile taken")),
        h("button", { type: "button", className: "secondary", "data-key": "copy-step", onclick: act.copyStep }, t("Link to this step")),
        link(act, `/r/${game.room}/history`, t("History of this table"), { className: "button secondary", "data-key": "history" }))),
    replay.review ? reviewPanel(page, act, name) : null,
    stage(page),
    h("section", { className: "log-panel replay-log-panel", "aria-labelledby": "replay-log-title" },
      h("h2", { id: "replay-log-title" }, t("Every action")),
      // Focusable, so that a keyboard scrolls it; each entry is a link to its step (the slider and the
      // arrow keys step from the keyboard, so the entries stay out of the tab order).
      h("ol", { className: "log replay-log", start: "0", tabindex: "0", "aria-label": t("Every action") },
        frames.map((frame, index) => h("li", { value: String(index), "data-step": String(index) },
          h("a", { href: `/g/${game.id}${act.replayQuery(index)}`, tabindex: "-1",
            onclick: (event) => { event.preventDefault(); act.replayTo(index); } },
          frameLines(frame, replay.seat, name).join(" ")))))),
    h("div", { className: "replay-bar", role: "region", "aria-label": t("Replay controls") },
      h("div", { className: "replay-slider" },
        h("label", { for: "replay-step", className: "replay-counter", id: "replay-counter" }, counter(replay.step, last)),
        h("div", { className: "slider-track" },
          reviewMarks(page, act),
          h("input", { type: "range", id: "replay-step", "data-key": "replay-step", min: "0", max: String(last), step: "1",
            value: String(replay.step), oninput: (event) => act.replayTo(Number(event.target.value)) }))),
      h("div", { className: "replay-buttons" },
        h("button", { type: "button", "data-key": "previous", "aria-keyshortcuts": "ArrowLeft", onclick: () => act.replayTo(replay.step - 1) },
          "◀ ", t("Previous")),
        h("button", { type: "button", className: "primary", "data-key": "play-pause", onclick: act.replayPlay }, playLabel(replay)),
        h("button", { type: "button", "data-key": "next", "aria-keyshortcuts": "ArrowRight", onclick: () => act.replayTo(replay.step + 1) },
          t("Next"), " ▶"))));
}

function counter(step, last) {
  return t("Step %(step)d of %(steps)d", { step, steps: last });
}

function playLabel(replay) {
  return replay.playing ? "❚❚ " + t("Pause") : "▶ " + t("Play");
}

/** A game not finished: no card of it is shown, by any means; only where to watch it, or that it was given up. */
function unavailable(replay, act) {
  if (replay.status === "playing") {
    return h("section", { className: "card-panel replay-unavailable" },
      h("h2", {}, t("This game is still being played")),
      h("p", {}, t("Its cards stay hidden until it is over; then its replay is here.")),
      h("div", { className: "buttons" },
        h("a", { href: `/r/${replay.game.room}`, className: "button primary", "data-key": "watch",
          onclick: (event) => act.watchTable(event, replay.game.room) }, t("Watch the table"))));
  }
  if (replay.status === "abandoned") {
    return h("section", { className: "card-panel replay-unavailable" },
      h("h2", {}, t("This game was given up")),
      h("p", {}, t("Its table closed before the game was over, so its cards stay hidden.")),
      h("div", { className: "buttons" },
        link(act, `/r/${replay.game.room}/history`, t("History of this table"), { className: "button secondary", "data-key": "history" })));
  }
  return h("section", { className: "card-panel replay-unavailable" },
    h("h2", {}, t("No replay here")), h("p", {}, replay.error || t("There is no game with that number.")));
}

/** The table at the step on screen. */
function stage(page) {
  const replay = page.replay;
  const frame = replay.frames[replay.step];
  const room = { seats: seatsBySeat(replay.game) };
  const name = (seat) => seatName(room, seat);
  const viewer = replay.seat;
  const lines = frameLines(frame, viewer, name);
  return h("section", { className: "replay-stage", "aria-label": t("The table at this step") },
    h("div", { className: `replay-now${frame.doubt ? " doubt" : ""}${frame.pile_taken ? " pile-taken" : ""}`, "data-step": String(frame.step) },
      frame.action ? h("code", { className: "notation", title: t("The action as the game's record writes it") }, notation(frame, viewer)) : null,
      h("p", { className: "narration" }, lines.join(" "))),
    decisionPanel(page),
    pile(frame, viewer, name),
    h("ul", { className: "replay-seats", "aria-label": t("Players, in the order they play") },
      frame.hand_sizes.map((size, seat) => seatPanel(frame, room, seat, size, viewer))));
}

function pile(frame, viewer, name) {
  const open = viewer === null;
  const fresh = frame.phase === "doubt" && frame.claim ? frame.claim.count : 0;
  const count = frame.pile.length;
  const facts = [];
  if (frame.phase === "over") {
    const winner = frame.places.length ? frame.places[0] : null;
    if (winner !== null) facts.push(h("strong", {}, t("%(name)s wins the game!", { name: name(winner) })));
  } else {
    facts.push(h("span", {}, t("Due: %(rank)s", { rank: rankPlural(frame.due_rank) })));
    if (frame.phase === "doubt" && frame.claim) {
      facts.push(h("span", { className: "claim" }, t("Claim: %(name)s, %(claim)s",
        { name: name(frame.claim.seat), claim: claimWords(frame.claim.count, frame.claim.rank) })));
    }
  }
  const cards = open
    ? h("span", { className: "cards tight pile-cards" }, frame.pile.map((card, index) => cardFace(card, index >= count - fresh ? " fresh" : "")))
    : h("span", { className: "pile-down", role: "img", "aria-label": tn("The pile: %(count)d card", "The pile: %(count)d cards", count),
      style: `--layers:${Math.min(count, 16)}` },
    Array.from({ length: Math.min(count, 16) }, (_, index) => h("span", { className: "back", style: `--i:${index};--r:${((index * 7) % 11) - 5}deg` })));
  return h("div", { className: "replay-pile" },
    h("p", { className: "pile-facts" },
      h("strong", {}, tn("Pile: %(count)d card", "Pile: %(count)d cards", count)), ...facts),
    count ? cards : h("p", { className: "pile-empty" }, t("The pile is empty.")));
}

function seatPanel(frame, room, seat, size, viewer) {
  const open = viewer === null || viewer === seat;
  const marks = [];
  if (frame.phase === "play" && frame.to_play === seat) marks.push(t("to play"));
  const place = frame.places.indexOf(seat);
  if (place >= 0) marks.push(place === 0 ? t("winner") : t("place %(place)d", { place: place + 1 }));
  if (viewer === seat) marks.push(t("seen from here"));
  const classes = ["replay-seat", frame.seat === seat && frame.action ? "acted" : "", frame.phase === "play" && frame.to_play === seat ? "turn" : "",
    viewer === seat ? "viewer" : ""].filter(Boolean).join(" ");
  const hand = frame.hands[seat] || [];
  return h("li", { className: classes, "data-seat": String(seat) },
    h("div", { className: "replay-seat-head" },
      nameTag(room, seat, null),
      h("span", { className: "count" }, tn("%(count)d card", "%(count)d cards", size)),
      marks.length ? h("span", { className: "marks" }, marks.join(" · ")) : null),
    size === 0 ? null
      : open ? h("span", { className: "cards tight hand-up" }, hand.map((card) => cardFace(card)))
        : h("span", { className: "backs hand-down", "aria-hidden": "true" },
          Array.from({ length: Math.min(size, 12) }, () => h("span", { className: "back" }))));
}

/** After a step: the table drawn again, and the controls and the log brought in line with it. */
export function updateReplay(root, page, act) {
  const replay = page.replay;
  const old = root.querySelector(".replay-stage");
  if (!old || replay.status !== "ready") return;
  old.replaceWith(stage(page));
  syncReplay(root, page, act);
}

/** The slider, counter, buttons and the log's highlighted entry, for the step on screen. */
export function syncReplay(root, page) {
  const replay = page.replay;
  if (!replay || replay.status !== "ready") return;
  const last = replay.frames.length - 1;
  const slider = root.querySelector("#replay-step");
  if (slider && Number(slider.value) !== replay.step) slider.value = String(replay.step);
  if (slider) slider.setAttribute("aria-valuetext", counter(replay.step, last));
  const count = root.querySelector("#replay-counter");
  if (count) count.textContent = counter(replay.step, last);
  const set = (key, disabled) => {
    const button = root.querySelector(`[data-key="${key}"]`);
    if (button) button.disabled = disabled;
  };
  set("previous", replay.step <= 0);
  set("next", replay.step >= last);
  set("next-doubt", !replay.frames.some((frame, index) => index > replay.step && frame.doubt));
  set("next-pile", !replay.frames.some((frame, index) => index > replay.step && frame.pile_taken));
  const play = root.querySelector('[data-key="play-pause"]');
  if (play) {
    play.textContent = playLabel(replay);
    play.setAttribute("aria-pressed", replay.playing ? "true" : "false");
  }
  syncMarks(root, page);
  const log = root.querySelector(".replay-log");
  if (!log) return;
  for (const entry of log.querySelectorAll("li.current")) {
    entry.classList.remove("current");
    entry.removeAttribute("aria-current");
  }
  const entry = log.querySelector(`li[data-step="${replay.step}"]`);
  if (!entry) return;
  entry.classList.add("current");
  entry.setAttribute("aria-current", "step");
  // Keep the current entry in sight inside the log, without scrolling the page.
  if (entry.offsetTop < log.scrollTop) log.scrollTop = entry.offsetTop;
  else if (entry.offsetTop + entry.offsetHeight > log.scrollTop + log.clientHeight) {
    log.scrollTop = entry.offsetTop + entry.offsetHeight - log.clientHeight;
  }
}
