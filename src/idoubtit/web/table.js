// The table while a game is on: seats round it in play order, the pile in the middle, the last doubt,
// your hand, the action bar at the bottom of the screen, what happened (newest first), and at the end
// every hand face up with the game's numbers and the evening's score.

import { RED, SUITS, cardName, claimWords, parseCard, rankPlural } from "./cards.js";
import { coachMark, coachPanel, coachSwitch, suggestedCards } from "./coach.js";
import { h, link } from "./dom.js";
import {
  REACTIONS, announceable, calledLine, doubtShare, endedCalled, handInPlayOrder, isComputer, lastReveal, maxCards, myTurn, myWindow, reactionText,
  ringRoom, seatName, seatPlaces, secondsLeft, stories, storyLine,
} from "./game.js";
import { sentence, t, tn } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

/** The small picture that marks a computer player (drawn here: nothing is loaded from elsewhere). */
export function computerIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "bot-icon");
  svg.setAttribute("aria-hidden", "true");
  for (const [tag, attributes] of [
    ["rect", { x: 2.5, y: 4, width: 11, height: 9, rx: 2.5 }],
    ["line", { x1: 8, y1: 1.5, x2: 8, y2: 4 }],
    ["circle", { cx: 5.8, cy: 8.2, r: 1.1, class: "eye" }],
    ["circle", { cx: 10.2, cy: 8.2, r: 1.1, class: "eye" }],
    ["line", { x1: 6, y1: 11, x2: 10, y2: 11 }],
  ]) {
    const part = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) part.setAttribute(key, String(value));
    svg.append(part);
  }
  return svg;
}

/** A seat's name for the reader: "You", or the name, with a computer player's mark; and a light bulb
 * while the seat has its coach on (everyone at the table may know who plays with help). */
export function nameTag(room, seat, me) {
  const coached = Boolean(room && room.seats[seat] && room.seats[seat].coach);
  if (seat === me) return h("span", { className: "seat-name" }, t("You"), coached ? coachMark() : null);
  const computer = isComputer(room, seat);
  return h("span", { className: "seat-name" },
    computer ? computerIcon() : null,
    seatName(room, seat),
    computer ? h("span", { className: "bot-mark" }, " " + t("(computer)")) : null,
    coached ? coachMark() : null);
}

export function cardFace(card, extra = "") {
  const { rank, suit } = parseCard(card);
  return h("span", { className: `face${RED.has(suit) ? " red" : ""}${extra}`, "aria-label": cardName(card), role: "img" },
    h("span", { className: "rank", "aria-hidden": "true" }, rank),
    h("span", { className: "suit", "aria-hidden": "true" }, SUITS[suit]));
}

export function tableScreen(page, act) {
  const table = page.table;
  const view = table.view;
  const over = view.phase === "over";
  return h("div", { className: `table${over ? " over" : ""}` },
    over ? result(page, act) : null,
    statusBar(page),
    ring(page),
    over ? null : revealPanel(page),
    table.seat === null ? h("p", { className: "watching" }, t("You are watching this table."))
      : over ? null : hand(page, act),
    // The coach's word sits on your buttons, at the bottom of the screen with them, and only while it has
    // something to say: where you look when you decide, and no room taken from the table or your hand.
    over || table.seat === null ? null : h("div", { className: "controls" }, coachPanel(page, act), actionBar(page, act)),
    log(page));
}

//: The coach's word, as tall as it was when last shown (before it first speaks: about two lines).
let coachWordHeight = 76;

/**
 * After each drawing of the table and at each change of the screen's size: the oval takes the height that
 * leaves your whole hand and your buttons on the screen (``--ring-room``, read by the stylesheet).
 */
export function fitRing(root, coaching) {
  const ring = root.querySelector(".table .ring");
  const hand = root.querySelector(".table .hand-panel");
  const controls = root.querySelector(".table .controls");
  if (!ring || !hand || !controls) {
    document.documentElement.style.removeProperty("--ring-room");
    return;
  }
  const word = controls.querySelector(".coach-panel");
  if (word) coachWordHeight = word.getBoundingClientRect().height;
  const ringBox = ring.getBoundingClientRect();
  const bar = controls.getBoundingClientRect().height - (word ? coachWordHeight : 0);
  const room = ringRoom({
    screen: window.innerHeight,
    above: ringBox.top + window.scrollY + 6, // the oval's margins
    below: hand.getBoundingClientRect().bottom - ringBox.bottom + bar + 6,
    coachRoom: coaching ? coachWordHeight : 0,
  });
  document.documentElement.style.setProperty("--ring-room", `${room}px`);
}

function statusBar(page) {
  const view = page.table.view;
  const timer = page.table.timer;
  const left = secondsLeft(page.table, performance.now());
  const turnTimer = timer && timer.kind === "turn" && left !== null
    ? h("span", { className: "timer", id: "timer", role: "timer" },
      tn("%(count)d second left", "%(count)d seconds left", Math.ceil(left), { count: Math.ceil(left) }))
    : null;
  if (view.phase === "over") return null;
  return h("div", { className: "status" }, statusFacts(view), turnTimer);
}

/** The status line's facts: what is due, the pile's size and the way play passes (the last two give way on a narrow line). */
export function statusFacts(view) {
  return h("div", { className: "facts" },
    h("span", { className: "due" }, t("Due: %(rank)s", { rank: rankPlural(view.due_rank) })),
    h("span", { className: "pile-count" }, tn("Pile: %(count)d card", "Pile: %(count)d cards", view.pile_size)),
    h("span", { className: "direction-text" }, "↻ ", t("play passes to the left")));
}

/** The seats round an oval in play order, you at the bottom; the pile and the due rank in the middle. */
function ring(page) {
  const table = page.table;
  const view = table.view;
  const count = view.hand_sizes.length;
  const places = seatPlaces(count, table.seat);
  const seating = count > 6 ? (count > 9 ? " crowded very" : " crowded") : count <= 3 ? " few" : "";
  return h("section", { className: `ring${seating}`, "aria-label": t("The table") },
    h("div", { className: "felt", "aria-hidden": "true" }),
    h("ol", { className: "seats-round", "aria-label": t("Players, in the order they play") },
      view.hand_sizes.map((size, seat) => seatChip(page, seat, size, places[seat]))),
    view.phase === "over" ? null : centre(view)); // at the end the hands tell it all: no pile, no due rank
}

function seatChip(page, seat, size, [x, y]) {
  const table = page.table;
  const view = table.view;
  const info = table.room.seats[seat];
  const marks = [];
  const turn = view.phase === "play" && view.to_play === seat;
  // Your own seat needs no "to play" or "may doubt": the action bar says what you may do.
  const mine = seat === table.seat;
  if (turn && !mine) marks.push(t("to play"));
  if (view.phase === "doubt" && view.awaiting.includes(seat) && !mine) marks.push(t("may doubt"));
  if (info && info.kind === "human" && info.away) marks.push(t("away"));
  if (info && info.bot_playing) marks.push(t("a computer plays for them"));
  const place = view.places.indexOf(seat);
  if (place >= 0) marks.push(t("place %(place)d", { place: place + 1 }));
  const claimant = view.claim && view.claim.seat === seat && view.phase === "doubt";
  const reaction = page.reactions[seat];
  const classes = ["seat", turn ? "turn" : "", claimant ? "claimant" : "", seat === table.seat ? "me" : "",
    info && info.kind === "human" && info.away ? "away" : ""].filter(Boolean).join(" ");
  return h("li", { className: classes, "data-seat": String(seat), style: `left:${(x * 100).toFixed(2)}%;top:${(y * 100).toFixed(2)}%`,
    "aria-current": turn ? "true" : null },
  nameTag(table.room, seat, table.seat),
  h("span", { className: "backs", "aria-hidden": "true" },
    Array.from({ length: Math.min(size, 6) }, () => h("span", { className: "back" }))),
  h("span", { className: "count" }, tn("%(count)d card", "%(count)d cards", size)),
  marks.length ? h("span", { className: "marks" }, marks.join(" · ")) : null,
  claimant ? h("span", { className: "bubble claim-bubble" }, claimWords(view.claim.count, view.claim.rank)) : null,
  reaction ? h("span", { className: "bubble reaction-bubble", role: "status" }, reactionText(reaction)) : null);
}

function centre(view) {
  const layers = Math.min(view.pile_size, 16);
  return h("div", { className: "centre" },
    h("div", { className: "pile", id: "pile", role: "img",
      "aria-label": tn("The pile: %(count)d card", "The pile: %(count)d cards", view.pile_size),
      style: `--layers:${layers}` },
    Array.from({ length: layers }, (_, index) => h("span", { className: "back", style: `--i:${index};--r:${((index * 7) % 11) - 5}deg` }))),
    h("span", { className: "pile-row" },
      h("span", { className: "pile-size", "aria-hidden": "true" }, String(view.pile_size)),
      h("span", { className: "direction", role: "img", "aria-label": t("play passes to the left"), title: t("play passes to the left") }, "↻")),
    view.phase === "over" ? null
      : h("span", { className: "due-mark" }, sentence(t("%(rank)s due", { rank: rankPlural(view.due_rank) }))));
}

/** The newest doubt or last play turned up: the claim, who doubted, the cards and the outcome together. */
function revealPanel(page) {
  const table = page.table;
  const reveal = lastReveal(table.log);
  if (!reveal) return h("section", { className: "reveal empty" }, h("p", { className: "verdict" }, t("No cards have been turned up yet.")));
  const fresh = reveal.index === page.freshReveal;
  const name = (seat) => seatName(table.room, seat);
  const line = storyLine(reveal, table.seat, name, { cards: false });
  return h("section", { className: `reveal ${reveal.truthful ? "true" : "bluff"}${fresh ? " fresh" : ""}`,
    "aria-label": t("Last cards turned up") },
  h("span", { className: "cards small" }, reveal.revealed.map((card, index) => {
    const face = cardFace(card, fresh ? " flip" : "");
    face.style.setProperty("--i", String(index));
    return face;
  })),
  h("p", { className: "verdict" }, h("strong", {}, reveal.truthful ? t("True!") : t("A bluff!")), " ", line));
}

function hand(page, act) {
  const table = page.table;
  const view = table.view;
  const picking = myTurn(table) && !page.pending;
  const cards = view.phase === "over" ? [] : handInPlayOrder(view);
  // How tightly the hand is fanned (style.css): a bigger hand overlaps more, so that it stays above your buttons.
  const vast = cards.length > 24 ? " vast" : "";
  const big = vast ? " huge vast" : cards.length > 16 ? " huge" : cards.length > 12 ? " big" : "";
  const suggested = suggestedCards(page);
  return h("section", { className: `hand-panel${vast}`, "aria-label": t("Your cards") },
    h("div", { className: "hand-head" },
      h("h2", {}, t("Your cards (%(count)d)", { count: cards.length })),
      coachSwitch(page, act)),
    h("div", { className: `hand${big}`, role: "group", "aria-label": t("Your cards") }, cards.map((card, index) => {
      const selected = myTurn(table) && page.selected.has(card);
      const hinted = suggested.has(card);
      const { rank, suit } = parseCard(card);
      return h("button", {
        type: "button", className: `card${RED.has(suit) ? " red" : ""}${selected ? " selected" : ""}${hinted ? " suggested" : ""}`,
        "aria-pressed": selected ? "true" : "false", "aria-label": cardName(card), "data-key": `card-${card}-${index}`,
        "aria-description": hinted ? t("the coach would put it down") : null,
        disabled: !picking, onclick: () => act.toggle(card),
      }, h("span", { className: "rank", "aria-hidden": "true" }, rank), h("span", { className: "suit", "aria-hidden": "true" }, SUITS[suit]),
      hinted ? h("span", { className: "hint-dot", "aria-hidden": "true" }) : null);
    })));
}

/** What you can do now, in a bar that stays at the bottom of the screen; its height never changes. */
function actionBar(page, act) {
  const table = page.table;
  const view = table.view;
  const pending = page.pending;
  const main = [];
  if (myWindow(table) || (pending && pending.kind !== "play")) {
    const left = secondsLeft(table, performance.now());
    const share = doubtShare(table, performance.now());
    const busy = Boolean(pending);
    main.push(
      h("button", { type: "button", className: "doubt", "data-key": "doubt", onclick: act.doubt, "aria-keyshortcuts": "D",
        disabled: busy, "aria-busy": busy && pending.kind === "doubt" ? "true" : null },
      h("span", { className: "timebar", id: "doubt-timer", style: `--share:${share.toFixed(3)}`, "aria-hidden": "true" }),
      h("span", { className: "label" }, busy && pending.kind === "doubt" ? t("Sent…") : t("I doubt it")),
      left !== null && table.timer.kind === "doubt"
        ? h("span", { className: "seconds", id: "timer", role: "timer" },
          tn("%(count)d second left", "%(count)d seconds left", Math.ceil(left), { count: Math.ceil(left) }))
        : null),
      h("button", { type: "button", className: "secondary let-go", "data-key": "let-go", onclick: act.letGo, "aria-keyshortcuts": "N",
        disabled: busy, "aria-busy": busy && pending.kind === "decline" ? "true" : null },
      busy && pending.kind === "decline" ? t("Sent…") : t("Let it go")));
  } else if (myTurn(table) || (pending && pending.kind === "play")) {
    const count = page.selected.size;
    const rank = page.announce || view.due_rank;
    const cap = maxCards(view);
    const tooMany = cap !== null && count > cap;
    const strict = view.rules.strict_announcing;
    if (strict) {
      main.push(h("label", { for: "announce", className: "visually-hidden" }, t("Rank to announce")),
        h("select", { id: "announce", "data-key": "announce", onchange: (event) => act.announce(event.target.value || null) },
          h("option", { value: "", selected: !page.announce }, t("Choose a rank")),
          announceable(view).map((option) => h("option", { value: option, selected: option === page.announce }, rankPlural(option)))));
    }
    const sending = Boolean(pending);
    const label = sending ? t("Putting down…")
      : count === 0 ? t("Pick cards to put down")
        : tooMany ? tn("At most %(count)d card", "At most %(count)d cards", cap)
          : t("Put down: %(claim)s", { claim: claimWords(count, rank) });
    main.push(h("button", { type: "button", className: "primary play", "data-key": "play", onclick: act.play, "aria-keyshortcuts": "P",
      "aria-busy": sending ? "true" : null,
      disabled: sending || count === 0 || tooMany || (strict && !page.announce) }, label));
  } else {
    const waiting = view.phase === "doubt" ? t("Waiting for the others to answer the claim.")
      : t("%(name)s is thinking…", { name: seatName(table.room, view.to_play) });
    main.push(h("p", { className: "waiting-text" }, waiting));
  }
  return h("div", { className: "action-bar", role: "region", "aria-label": t("Your move") },
    h("div", { className: "actions" }, main),
    reactions(page, act));
}

function reactions(page, act) {
  const open = page.reactionsOpen;
  return h("div", { className: "react" },
    h("button", { type: "button", className: "react-toggle", "data-key": "react", "aria-expanded": open ? "true" : "false",
      "aria-label": t("Reactions"), onclick: act.toggleReactions }, "☺"),
    open ? h("div", { className: "react-menu", role: "group", "aria-label": t("Reactions") },
      REACTIONS.map((id) => h("button", { type: "button", "data-key": `react-${id}`, onclick: () => act.react(id) }, reactionText(id))))
      : null);
}

function log(page) {
  const table = page.table;
  const name = (seat) => seatName(table.room, seat);
  const told = stories(table.log);
  const lines = told.map((story, index) => ({ number: index + 1, text: storyLine(story, table.seat, name), story })).reverse();
  return h("section", { className: "log-panel" },
    h("h2", {}, t("Game so far")),
    lines.length === 0 ? h("p", {}, t("Nothing has been played yet.")) : null,
    // Focusable, so that a keyboard can scroll it too.
    h("ol", { className: "log", reversed: true, tabindex: "0", "aria-label": t("Game so far") },
      lines.slice(0, 60).map((line) => h("li", {
        value: String(line.number),
        className: line.story.revealed ? (line.story.truthful ? "told true" : "told bluff") : "told",
      }, line.text))));
}

/** The end of a game: the winner, every hand face up, the finishing order, this game's numbers, the evening. */
function result(page, act) {
  const table = page.table;
  const view = table.view;
  const room = table.room;
  const me = table.seat;
  const name = (seat) => (seat === me ? t("You") : seatName(room, seat));
  const count = view.hand_sizes.length;
  const order = [...view.places];
  const rest = Array.from({ length: count }, (_, seat) => seat).filter((seat) => !order.includes(seat))
    .sort((a, b) => view.hand_sizes[a] - view.hand_sizes[b]);
  const finishing = order.concat(rest);
  const finalHands = view.final_hands || null;
  const stats = view.stats || null;
  const score = room.score || null;
  const seated = me !== null;
  const title = view.winner === me ? t("You win the game!") : t("%(name)s wins the game!", { name: name(view.winner) });
  return h("section", { className: "result", "aria-labelledby": "result-title" },
    h("h2", { id: "result-title" }, title),
    h("ol", { className: "finish" }, finishing.map((seat) => h("li", {},
      h("span", { className: "finish-name" }, nameTag(room, seat, me)),
      h("span", { className: "left" }, view.hand_sizes[seat] === 0 ? t("out") : tn("%(count)d card left", "%(count)d cards left", view.hand_sizes[seat])),
      finalHands && finalHands[seat] && finalHands[seat].length
        ? h("span", { className: "cards small" }, finalHands[seat].map((card) => cardFace(card))) : null))),
    endedCalled(table.log) ? h("p", { className: "called" }, calledLine()) : null,
    stats ? numbers(stats, finishing, room, me) : null,
    score ? evening(score, room, me) : null,
    seated ? null : h("p", {}, t("Waiting for the players to deal again.")),
    h("div", { className: "buttons" },
      seated ? h("button", { type: "button", className: "primary", "data-key": "again", onclick: act.again }, t("Another game")) : null,
      // Your own decisions looked at by the expert, in the replay (the game's id comes from the table's history).
      seated && page.lastGame && page.lastGame.id !== null && page.lastGame.number === room.game
        ? link(act, `/g/${page.lastGame.id}?review=${me}`, t("Review my game"), { className: "button secondary", "data-key": "review" })
        : null,
      // This game's replay is there now, with every game before it and each seat's numbers.
      link(act, `/r/${room.code}/history`, t("History of this table"), { className: "button secondary", "data-key": "history" })),
    act.seatsEditor ? act.seatsEditor() : null);
}

function numbers(stats, seats, room, me) {
  const head = [t("Player"), t("Claims"), t("Bluffs"), t("Caught"), t("Doubts"), t("Right"), t("Piles taken")];
  return h("div", { className: "numbers", tabindex: "0", role: "region", "aria-label": t("This game") },
    h("table", {},
      h("caption", {}, t("This game")),
      h("thead", {}, h("tr", {}, head.map((text, index) => h("th", { scope: "col", className: index ? "n" : "" }, text)))),
      h("tbody", {}, seats.map((seat) => {
        const row = stats[seat] || {};
        return h("tr", {},
          h("th", { scope: "row" }, seat === me ? t("You") : seatName(room, seat)),
          // Each number carries its column's name: on a phone the rows stand as blocks that say it.
          [row.claims, row.bluffs, row.bluffs_caught, row.doubts, row.doubts_right, row.piles_taken]
            .map((value, index) => h("td", { className: "n", "data-label": head[index + 1] }, String(value ?? 0))));
      }))));
}

function evening(score, room, me) {
  const seats = score.map((wins, seat) => ({ wins, seat })).sort((a, b) => b.wins - a.wins || a.seat - b.seat);
  return h("div", { className: "evening" },
    h("h3", {}, t("Games won at this table")),
    h("ol", {}, seats.map(({ wins, seat }) => h("li", {},
      h("span", {}, seat === me ? t("You") : seatName(room, seat)), " ",
      h("strong", {}, tn("%(count)d win", "%(count)d wins", wins))))));
}
