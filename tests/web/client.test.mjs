// Unit tests of the browser client's logic (src/idoubtit/web), run by `node --test` from test_client_logic.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { cardName, claimWords, parseCard, pretty } from "../../src/idoubtit/web/cards.js";
import {
  REACTIONS, describe, emptyTable, endedCalled, errorText, handInPlayOrder, isComputer, lastReveal, maxCards, myTurn, myWindow,
  playOrder, reactionText, receive, ringRoom, seatName, seatPlaces, secondsLeft, stories, storyLine, truthfulPick,
} from "../../src/idoubtit/web/game.js";
import { format, pickLanguage, sentence, t, tn, use } from "../../src/idoubtit/web/i18n.js";

const rules = { players: 3, decks: 1, capped_plays: false, strict_announcing: false };
const view = (extra) => ({
  seat: 0, rules, step: 0, phase: "play", to_play: 0, due_rank: "A", hand: ["AS", "AH", "KD", "2C"],
  hand_sizes: [4, 5, 5], pile_size: 0, claim: null, awaiting: [0], winner: null, places: [],
  events: [], log_from: 0, log_size: 0, ...extra,
});
const room = { seats: [{ kind: "human", name: "Anna" }, { kind: "bot", name: "Max", level: "medium" }, null] };

test("the language comes from the saved choice, then the browser, then English", () => {
  assert.equal(pickLanguage("lb", ["mn-MN"], ["en", "mn", "lb", "af"]), "lb");
  assert.equal(pickLanguage(null, ["fr-FR", "af-ZA", "mn"], ["en", "mn", "lb", "af"]), "af");
  assert.equal(pickLanguage("xx", ["fr"], ["en", "mn"]), "en");
});

test("placeholders are filled and plurals follow the count", () => {
  assert.equal(format("%(name)s takes %(count)d", { name: "Bo", count: 3.7 }), "Bo takes 3");
  assert.equal(format("%(missing)s stays"), "%(missing)s stays");
  assert.equal(format("about %(chance)d %% of the time", { chance: 40 }), "about 40 % of the time"); // python-format's %%
  use("xx", { "Pile: %(count)d card": ["Stapel: %(count)d Kaart", "Stapel: %(count)d Kaarten"], Rules: "Regelen" });
  assert.equal(tn("Pile: %(count)d card", "Pile: %(count)d cards", 1), "Stapel: 1 Kaart");
  assert.equal(tn("Pile: %(count)d card", "Pile: %(count)d cards", 4), "Stapel: 4 Kaarten");
  assert.equal(t("Rules"), "Regelen");
  assert.equal(t("Not in the catalog"), "Not in the catalog");
  use("en", {});
});

test("a label that begins with a rank's name begins with a capital, whatever the language writes small", () => {
  use("af", { "%(rank)s due": "%(rank)s is aan die beurt", Queens: "koninginne" });
  assert.equal(sentence(t("%(rank)s due", { rank: t("Queens") })), "Koninginne is aan die beurt");
  use("mn", { "%(rank)s due": "%(rank)s тавих ээлж", Queens: "хатан" });
  assert.equal(sentence(t("%(rank)s due", { rank: t("Queens") })), "Хатан тавих ээлж");
  assert.equal(sentence("10s due"), "10s due");
  assert.equal(sentence(""), "");
  use("en", {});
});

test("cards read as the protocol writes them and have names for screen readers", () => {
  assert.deepEqual(parseCard("th"), { rank: "10", suit: "H", text: "10H" });
  assert.equal(pretty("10D"), "10♦");
  assert.equal(cardName("QS"), "Queen of spades");
  assert.equal(claimWords(1, "K"), "1 King");
  assert.equal(claimWords(3, "6"), "3 Sixes");
  assert.throws(() => parseCard("1Z"));
});

test("updates join the log where the client is, and a gap asks for the whole view", () => {
  let table = receive(emptyTable(), { type: "welcome", room, you: { seat: 0 }, state: "1.0", view: view(), timer: null });
  assert.equal(myTurn(table), true);
  const played = { type: "played", seat: 0, count: 1, rank: "A", cards: ["AS"] };
  table = receive(table, {
    type: "update", state: "1.1", timer: { kind: "doubt", seconds: 5 },
    view: view({ phase: "doubt", awaiting: [1, 2], events: [played], log_from: 0, log_size: 1 }),
  }, 1000);
  assert.deepEqual(table.log, [played]);
  assert.equal(myTurn(table), false);
  assert.equal(myWindow(table), false);
  assert.equal(secondsLeft(table, 3000), 3);
  const gap = receive(table, {
    type: "update", state: "1.1", timer: null, view: view({ events: [{ type: "declined", seat: 2 }], log_from: 3, log_size: 4 }),
  });
  assert.equal(gap.needsSync, true);
  const next = receive(table, {
    type: "update", state: "1.1", timer: null, view: view({ events: [{ type: "declined", seat: 2 }], log_from: 1, log_size: 2 }),
  });
  assert.equal(next.needsSync, false);
  assert.equal(next.log.length, 2);
});

test("a spectator never has a turn or a window", () => {
  const table = receive(emptyTable(), {
    type: "welcome", room, you: { seat: null }, state: "1.1", timer: null,
    view: view({ seat: null, hand: [], phase: "doubt", awaiting: [1, 2] }),
  });
  assert.equal(myTurn(table), false);
  assert.equal(myWindow(table), false);
});

test("the turn starts with every card of the due rank picked, within V2's cap", () => {
  assert.deepEqual(truthfulPick(view()), ["AS", "AH"]);
  assert.deepEqual(truthfulPick(view({ due_rank: "Q" })), []);
  const capped = view({ rules: { ...rules, capped_plays: true }, hand: ["AS", "AH", "AD", "AC", "2S"] });
  assert.equal(maxCards(capped), 4);
  assert.equal(truthfulPick(capped).length, 4);
});

test("every seat has its own name; computer players are known as such", () => {
  const name = (seat) => seatName(room, seat);
  assert.equal(name(1), "Max");
  assert.equal(name(2), "Seat 3");
  assert.equal(isComputer(room, 1), true);
  assert.equal(isComputer(room, 0), false);
  assert.equal(isComputer({ seats: [{ kind: "human", name: "Bo", bot_playing: true }] }, 0), true);
  assert.equal(describe({ type: "played", seat: 0, count: 2, rank: "K" }, 0, name), "You put down “2 Kings”.");
  assert.equal(describe({ type: "doubted", seats: [1, 2], doubter: 1 }, 0, name), "Max says: “I doubt it!”");
});

test("a game called when its play on came round to the same position says so (V3)", () => {
  const name = (seat) => seatName(room, seat);
  const over = { type: "game_over", winner: 1, places: [1, 2, 0] };
  assert.equal(describe(over, 0, name), "Max wins the game.");
  const called = describe({ ...over, called: true }, 0, name);
  assert.match(called, /^The same position came round a third time: .* fewest first\. Max wins the game\.$/);
  // The result screen says so only for a log that ends called.
  assert.equal(endedCalled([claimLet[0], { ...over, called: true }]), true);
  assert.equal(endedCalled([claimLet[0], over]), false);
  assert.equal(endedCalled([]), false);
});

const name = (seat) => ["Ann", "Bo", "Cy"][seat];
const claimLet = [
  { type: "played", seat: 0, count: 2, rank: "K" },
  { type: "declined", seat: 1 }, { type: "declined", seat: 2 },
  { type: "window_closed", reason: "all_declined" },
];
const claimBluff = [
  { type: "played", seat: 1, count: 3, rank: "Q" },
  { type: "declined", seat: 2 },
  { type: "doubted", seats: [0], doubter: 0 },
  { type: "revealed", seat: 1, cards: ["QS", "10H", "2C"], rank: "Q", truthful: false, reason: "doubt" },
  { type: "pile_taken", seat: 1, count: 24 },
];

test("the log is one line per claim and its outcome, however many let it go", () => {
  const told = stories([...claimLet, ...claimBluff]);
  assert.equal(told.length, 2);
  assert.equal(storyLine(told[0], 2, name), "Ann: 2 Kings — nobody doubted");
  assert.equal(storyLine(told[1], 2, name), "Bo: 3 Queens — Ann doubted: Q♠ 10♥ 2♣, a bluff; Bo takes 24 cards");
  assert.equal(storyLine(told[1], 0, name), "Bo: 3 Queens — you doubted: Q♠ 10♥ 2♣, a bluff; Bo takes 24 cards");
  assert.equal(storyLine(told[1], 1, name), "You: 3 Queens — Ann doubted: Q♠ 10♥ 2♣, a bluff; you take 24 cards");
  assert.equal(storyLine(stories([{ type: "played", seat: 2, count: 1, rank: "J" }])[0], 0, name),
    "Cy: 1 Jack — waiting for answers…");
});

test("a wrong rank (R7), a hand's last cards (R10) and the winner each end their claim's line", () => {
  const wrong = stories([
    { type: "played", seat: 0, count: 1, rank: "Q" },
    { type: "wrong_rank", seat: 0, announced: "Q", due: "5" },
    { type: "pile_taken", seat: 0, count: 4 },
  ]);
  assert.equal(storyLine(wrong[0], 1, name), "Ann: 1 Queen — Fives were due; Ann takes 4 cards");
  const last = stories([
    { type: "played", seat: 2, count: 3, rank: "4" },
    { type: "revealed", seat: 2, cards: ["4S", "4H", "4D"], rank: "4", truthful: true, reason: "last_play" },
    { type: "finished", seat: 2, place: 1 },
    { type: "game_over", winner: 2, places: [2] },
  ]);
  assert.equal(storyLine(last[0], 0, name), "Cy: 3 Fours — last cards 4♠ 4♥ 4♦: true; Cy wins the game!");
  assert.equal(storyLine(last[0], 2, name, { cards: false }), "You: 3 Fours — last cards turned up; you win the game!");
});

test("the last doubt's claim, doubter, cards and outcome stay together after the next claim", () => {
  const log = [...claimBluff, ...claimLet];
  const reveal = lastReveal(log);
  assert.equal(reveal.seat, 1);
  assert.equal(reveal.doubter, 0);
  assert.deepEqual(reveal.revealed, ["QS", "10H", "2C"]);
  assert.equal(reveal.truthful, false);
  assert.equal(reveal.taker, 1);
  assert.equal(reveal.index, 0);
  assert.equal(lastReveal(claimLet), null);
});

test("your hand is sorted in the order of play from the due rank (R5; V1 goes up)", () => {
  assert.deepEqual(playOrder("3"), ["3", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]);
  assert.deepEqual(playOrder("K", true).slice(0, 3), ["K", "A", "2"]);
  const hand = ["2C", "KD", "AS", "3H", "AH"];
  assert.deepEqual(handInPlayOrder(view({ hand, due_rank: "3" })), ["3H", "2C", "AS", "AH", "KD"]);
  assert.deepEqual(handInPlayOrder(view({ hand, due_rank: "A", rules: { ...rules, ascending: true } })), ["AS", "AH", "2C", "3H", "KD"]);
});

test("seats sit round the table in play order with the reader at the bottom and the next on its left", () => {
  const places = seatPlaces(4, 2);
  assert.ok(Math.abs(places[2][0] - 0.5) < 1e-9 && Math.abs(places[2][1] - 1) < 1e-9); // me: bottom centre
  assert.ok(places[3][0] < 0.01); // the next to play: on my left
  assert.ok(places[0][1] < 0.01); // across the table
  assert.ok(places[1][0] > 0.99); // on my right
  assert.equal(seatPlaces(11, null).length, 11);
});

test("reactions are a fixed, translated set", () => {
  assert.equal(REACTIONS.length, 6);
  for (const id of REACTIONS) assert.notEqual(reactionText(id), "");
  assert.equal(reactionText("free text"), "");
});

test("refusals are told by their code, in the page's language", () => {
  assert.equal(errorText({ code: "game.not_your_turn", message: "English" }), "It is not your turn.");
  assert.equal(errorText({ code: "something.new" }), "That is not allowed now.");
});

test("the doubt timer's bar runs from full to empty over the room's doubt time", async () => {
  const { doubtShare } = await import("../../src/idoubtit/web/game.js");
  const table = { room: { settings: { doubt_seconds: 8 } }, timer: { kind: "doubt", seconds: 4 }, timerAt: 0 };
  assert.equal(doubtShare(table, 0), 0.5);
  assert.equal(doubtShare(table, 8000), 0);
  assert.equal(doubtShare({ ...table, timer: { kind: "turn", seconds: 30 } }, 0), 1);
  assert.equal(doubtShare({ ...table, timer: null }, 0), 1);
});

// ------------------------------------------------------------------------------------------------
// Looking back: the player id, and how past games and replay frames are read (player.js, past.js)

test("a player id is random base64url the server takes, kept once made, and fresh once forgotten", async () => {
  const kept = new Map();
  globalThis.localStorage = {
    getItem: (key) => (kept.has(key) ? kept.get(key) : null), setItem: (key, value) => kept.set(key, String(value)),
    removeItem: (key) => kept.delete(key),
  };
  const { PLAYER_ID, forgetPlayerId, newPlayerId, playerId } = await import("../../src/idoubtit/web/player.js");
  const made = newPlayerId();
  assert.match(made, PLAYER_ID);
  assert.ok(made.length >= 22);
  assert.notEqual(newPlayerId(), made);
  // Bytes that base64 writes with "+", "/" and padding come out in the URL-safe alphabet.
  assert.equal(newPlayerId((bytes) => bytes.fill(0xfb)), "-_v7-_v7-_v7-_v7-_v7-_v7");
  const first = playerId();
  assert.equal(kept.get("idoubtit.player"), first);
  assert.equal(playerId(), first);
  kept.set("idoubtit.player", "too short"); // not an id the server takes: replaced
  const again = playerId();
  assert.match(again, PLAYER_ID);
  const fresh = forgetPlayerId();
  assert.notEqual(fresh, again);
  assert.equal(playerId(), fresh);
  delete globalThis.localStorage;
});

const pastGame = {
  id: 27, room: "HTHYXW", number: 2, status: "finished", steps: 148, winner: 1, places: [1],
  started_at: "2026-12-01T20:14:03.512000+00:00", finished_at: "2026-12-01T20:26:40.000000+00:00",
  seats: [
    { seat: 1, name: "Lucas", kind: "bot", numbers: { cards_left: 0 } },
    { seat: 0, name: "Anna", kind: "human", numbers: { cards_left: 6 } },
  ],
};

test("a past game reads its date, length, status and how each seat ended", async () => {
  const { NONE, decimal, lengthText, outcome, percent, seatsBySeat, statusText, when } = await import("../../src/idoubtit/web/past.js");
  assert.equal(when("2026-12-01T20:14:03Z", "en-GB").includes("2026"), true);
  assert.equal(when(null), NONE);
  assert.equal(percent(0.376, "en"), "38%");
  assert.equal(percent(null), "–");
  assert.equal(decimal(7.77, "en"), "7.8");
  assert.equal(decimal(7.77, "af"), "7,8");
  assert.equal(lengthText(pastGame), "148 actions · 13 minutes");
  assert.equal(lengthText({ ...pastGame, finished_at: pastGame.started_at }), "148 actions · under a minute");
  assert.equal(lengthText({ ...pastGame, steps: 1, finished_at: null }), "1 action");
  assert.deepEqual(seatsBySeat(pastGame).map((seat) => seat.name), ["Anna", "Lucas"]);
  assert.equal(outcome(pastGame, 1), "winner");
  assert.equal(outcome(pastGame, 0), "6 cards left");
  assert.equal(outcome({ ...pastGame, places: [1, 0] }, 0), "place 2");
  assert.equal(outcome({ ...pastGame, status: "playing" }, 0), "");
  assert.equal(statusText("abandoned"), "Given up");
});

const frames = [
  { step: 0, action: null, seat: null, kind: null, events: [], seen: [[], []], doubt: false, pile_taken: false },
  {
    step: 1, action: "play 0 KD 3S as K", seat: 0, kind: "play", doubt: false, pile_taken: false,
    events: [{ type: "played", seat: 0, count: 2, rank: "K", cards: ["KD", "3S"] }],
    seen: [[{ type: "played", seat: 0, count: 2, rank: "K", cards: ["KD", "3S"] }], [{ type: "played", seat: 0, count: 2, rank: "K" }]],
  },
  {
    step: 2, action: "doubt 1", seat: 1, kind: "doubt", doubt: true, pile_taken: true,
    events: [
      { type: "doubted", seats: [1], doubter: 1 },
      { type: "revealed", seat: 0, cards: ["KD", "3S"], rank: "K", truthful: false, reason: "doubt" },
      { type: "pile_taken", seat: 0, count: 2, cards: ["KD", "3S"] },
    ],
    seen: [[], []],
  },
  { step: 3, action: "play 0 QS as Q", seat: 0, kind: "play", doubt: false, pile_taken: false, events: [], seen: [[], []] },
];

test("the replay finds the next doubt and pile taken, and reads and writes its links", async () => {
  const { nextFrame, readQuery, writeQuery } = await import("../../src/idoubtit/web/past.js");
  assert.equal(nextFrame(frames, 0, "doubt"), 2);
  assert.equal(nextFrame(frames, 2, "doubt"), -1);
  assert.equal(nextFrame(frames, 1, "pile_taken"), 2);
  assert.deepEqual(readQuery("?step=2&seat=1", 4, 2), { step: 2, seat: 1 });
  assert.deepEqual(readQuery("?step=99&seat=7", 4, 2), { step: 3, seat: null }); // kept within the game
  assert.deepEqual(readQuery("?step=-1&seat=x", 4, 2), { step: 0, seat: null });
  assert.deepEqual(readQuery("", 4, 2), { step: 0, seat: null });
  assert.equal(writeQuery(0, null), "");
  assert.equal(writeQuery(5, null), "?step=5");
  assert.equal(writeQuery(5, 0), "?step=5&seat=0");
});

test("a frame is told with every card, or only with what one seat saw", async () => {
  const { frameLines, isBluff, notation } = await import("../../src/idoubtit/web/past.js");
  assert.deepEqual(frameLines(frames[0], null, name), ["The cards are dealt."]);
  assert.deepEqual(frameLines(frames[1], null, name), ["Ann puts down “2 Kings”. Cards: K♦ 3♠, a bluff."]);
  assert.deepEqual(frameLines(frames[1], 1, name), ["Ann puts down “2 Kings”."]); // Bo did not see the cards
  assert.deepEqual(frameLines(frames[1], 0, name), ["Ann puts down “2 Kings”. Cards: K♦ 3♠, a bluff."]);
  assert.equal(frameLines(frames[2], null, name).length, 3);
  assert.equal(isBluff({ cards: ["KD", "KS"], rank: "K" }), false);
  assert.equal(notation(frames[1], null), "play 0 KD 3S as K");
  assert.equal(notation(frames[1], 0), "play 0 KD 3S as K");
  assert.equal(notation(frames[1], 1), "play 0 ?? ?? as K"); // another seat's cards stay hidden
  assert.equal(notation(frames[2], 0), "doubt 1");
});

test("a date is written by the catalogs where the browser has no dates for the language", async () => {
  const { when } = await import("../../src/idoubtit/web/past.js");
  const local = new Date(2026, 11, 1, 20, 4).toISOString();
  assert.equal(when(local, "zz"), "December 1, 2026, 20:04"); // no such locale: the catalog's pattern
  use("xx", { "%(month)s %(day)d, %(year)d, %(time)s": "%(day)d. %(month)s %(year)d, %(time)s", December: "Dezember" });
  assert.equal(when(local, "zz"), "1. Dezember 2026, 20:04");
  use("en", {});
  assert.match(when(local, "en-GB"), /2026/);
});

test("the coach is offered where the host allows it, and only its word for the state now is advice", async () => {
  const { coachAllowed, coachOn, currentAdvice, bluffPercent, adviceRank } = await import("../../src/idoubtit/web/coach.js");
  const person = (extra) => ({ kind: "human", name: "P", ...extra });
  const bot = { kind: "bot", name: "B", level: "easy" };
  const roomOf = (coach, seats) => ({ settings: { coach }, seats });
  assert.equal(coachAllowed(roomOf("auto", [person(), bot, bot])), true);
  assert.equal(coachAllowed(roomOf("auto", [person(), person(), bot])), false); // two people: not under auto
  assert.equal(coachAllowed(roomOf("on", [person(), person(), null])), true);
  assert.equal(coachAllowed(roomOf("off", [person(), bot, bot])), false);
  assert.equal(coachAllowed({ settings: {}, seats: [person(), null] }), true); // a room from before the coach
  const room = roomOf("auto", [person({ coach: true }), bot, bot]);
  assert.equal(coachOn(room, 0), true);
  assert.equal(coachOn(room, 1), false);
  assert.equal(coachOn(room, null), false);
  const advice = { kind: "claim", bluff_chance: 0.624, action: "doubt 0", why: { key: "chance", chance: 62, doubt: true } };
  const table = { seat: 0, room, view: {}, state: "1.4" };
  assert.equal(currentAdvice(table, { state: "1.4", advice }), advice);
  assert.equal(currentAdvice({ ...table, state: "1.5" }, { state: "1.4", advice }), null); // the table moved on
  assert.equal(currentAdvice({ ...table, room: roomOf("auto", [person(), bot, bot]) }, { state: "1.4", advice }), null);
  assert.equal(currentAdvice({ ...table, seat: null }, { state: "1.4", advice }), null);
  assert.equal(bluffPercent(advice), 62);
  assert.equal(bluffPercent({ bluff_chance: 1 }), 100);
  assert.equal(adviceRank({ action: "play 2 QS QH 4C as Q" }), "Q");
  assert.equal(adviceRank({ action: "doubt 2" }), null);
});

test("the coach says the terminal's sentences, by the same msgids, with names, ranks and cards filled in", async () => {
  const { coachLine } = await import("../../src/idoubtit/web/coach.js");
  const names = (seat) => ["Ann", "Bo", "Cy"][seat];
  assert.equal(coachLine({ key: "record", seat: 1, caught: 2, shown: 3, doubt: true }, names),
    "Bo was caught bluffing 2 times out of 3 so far. I would doubt it.");
  assert.equal(coachLine({ key: "impossible", seat: 2, count: 3, rank: "K", seen: 2, left: 2, doubt: true }, names),
    "Cy claims 3 Kings, but you know where 2 are: at most 2 are left. It must be a bluff! I would doubt it.");
  assert.equal(coachLine({ key: "big_pile", pile: 14, doubt: false }, names),
    "The pile holds 14 cards: a wrong doubt would give them all to you. I would let it go.");
  assert.equal(coachLine({ key: "truth_and_card", rank: "Q", card: "4C", turns: 12 }, names),
    "Put down your Queens and add your 4♣: you need it last. Its rank is due to you again in 12 of your turns.");
  assert.equal(coachLine({ key: "truth", rank: "10" }, names), "Put down your Tens: the truth cannot be caught.");
  assert.equal(coachLine({ key: "near_the_end", seat: 1, left: 1, doubt: true }, names),
    "Bo has only 1 card left: a claim let go brings them close to winning. I would doubt it.");
  assert.equal(coachLine({ key: "cheap_doubt", pile: 3, chance: 19, doubt: true }, names),
    "Only 3 cards are in the pile, so a wrong doubt costs little, and the claim is a bluff about 19 % of the time. I would doubt it.");
  assert.equal(coachLine({ key: "big_pile", pile: 1, doubt: false }, names),
    "The pile holds 1 card: a wrong doubt would give it to you. I would let it go.");
  assert.equal(coachLine({ key: "doubt_ahead", chance: 19, doubt: true }, names),
    "The claim is a bluff about 19 % of the time: often enough that doubting comes out ahead. I would doubt it.");
  assert.equal(coachLine({ key: "unheard_of", chance: 40, doubt: false }, names), // a key this page does not know, as coach_line
    "From what you have seen, a claim like this is a bluff about 40 times in 100.");
  use("xx", {
    "%(name)s was caught bluffing %(caught)d times out of %(shown)d so far.": "%(name)s gouf %(caught)d Mol vun %(shown)d erwëscht.",
    "I would doubt it.": "Ech géif et bezweifelen.",
    Kings: "Kinneken",
    "Put down your %(ranks)s: the truth cannot be caught.": "Leet deng %(ranks)s erof.",
  });
  assert.equal(coachLine({ key: "record", seat: 0, caught: 1, shown: 4, doubt: true }, names),
    "Ann gouf 1 Mol vun 4 erwëscht. Ech géif et bezweifelen.");
  assert.equal(coachLine({ key: "truth", rank: "K" }, names), "Leet deng Kinneken erof.");
  use("en", {});
});

test("the review tells each decision in the terminal's words, and its links keep the reviewed seat", async () => {
  const { actionWords, decisionAt, labelName, lossText, readReview, reviewLine, reviewError } = await import("../../src/idoubtit/web/review.js");
  const { decimal, writeQuery } = await import("../../src/idoubtit/web/past.js");
  assert.equal(reviewLine({ key: "no_due", rank: "J", cards: ["4S", "10H"] }),
    "You had no Jacks: the best cards to give were 4♠ 10♥.");
  assert.equal(reviewLine({ key: "wrong_rank", announced: "K", due: "Q" }),
    "Announcing Kings when Queens are due takes the pile at once.");
  assert.equal(reviewLine({ key: "provably_false", count: 2, rank: "A", seen: 3, left: 1 }),
    "The claim was 2 Aces, but you knew where 3 of them were: no more than 1 could be anywhere else, so it had to be a bluff.");
  assert.equal(reviewLine({ key: "provably_false", count: 1, rank: "6", seen: 1, left: 0 }),
    "The claim was 1 Six, but you knew where 1 of them was: no more than 0 could be anywhere else, so it had to be a bluff.");
  assert.equal(reviewLine({ key: "cheap_doubt", pile: 1, chance: 30 }),
    "Only 1 card was in the pile: a wrong doubt cost little, and such a claim is a bluff about 30 times in 100.");
  assert.equal(reviewLine({ key: "near_the_end", claimant_cards: 2 }),
    "The claimant had only 2 cards left: a claim let go brought them close to winning.");
  assert.equal(reviewLine({ key: "chances", chosen: 31, best: 36 }), "The expert gives this play 31 in 100 to win, and its own 36.");
  assert.equal(reviewLine({ key: "something_new" }), "");
  assert.equal(actionWords("doubt 0"), "I doubt it");
  assert.equal(actionWords("decline 2"), "Let it go");
  assert.equal(actionWords("play 0 JS 4S as J"), "J♠ 4♠ as Jacks");
  assert.equal(actionWords("play 1 TH as T"), "10♥ as Tens");
  assert.equal(labelName("blunder"), "Blunder");
  assert.equal(labelName("inaccuracy"), "Inaccuracy");
  // A blunder a rule settles says so, not the search's guess of its cost (which may be 0).
  assert.equal(lossText({ label: "blunder", loss: 0, ruled: true }), "settled by the rules");
  assert.equal(lossText({ label: "mistake", loss: 8.25, ruled: false }), decimal(8.25));
  const review = { decisions: [{ step: 4, label: "mistake" }, { step: 9, label: "best" }] };
  assert.equal(decisionAt(review, 9).label, "best");
  assert.equal(decisionAt(review, 5), null); // frame 5 is the table after decision 4, not a decision of its own
  assert.equal(readReview("?step=3&review=1", 3), 1);
  assert.equal(readReview("?review=3", 3), null); // no such seat
  assert.equal(readReview("?review=x", 3), null);
  assert.equal(readReview("", 3), null);
  assert.equal(writeQuery(5, 0, 0), "?step=5&seat=0&review=0");
  assert.equal(writeQuery(0, null, 2), "?review=2");
  assert.equal(reviewError({ code: "limit.reviews" }, () => "other"), "Many games are being reviewed right now: try again in a minute.");
  assert.equal(reviewError({ code: "game.not_found" }, () => "other"), "other");
});

test("a coach the table does not allow is explained in words", () => {
  assert.match(errorText({ code: "coach.not_allowed" }), /host does not allow the coach/);
  assert.match(errorText({ code: "limit.reviews" }), /reviewed right now/);
});

test("a room played on another node: the page goes there with its tokens in the fragment, and takes them out", async () => {
  const { elsewhere, handedTokens } = await import("../../src/idoubtit/web/nodes.js");
  const address = elsewhere("http://10.0.0.2:8000/", "/r/HTHYXW", { seat: "s-1", host: "h-2", watch: false });
  assert.equal(address, "http://10.0.0.2:8000/r/HTHYXW#seat=s-1&host=h-2");
  assert.deepEqual(handedTokens(new URL(address).hash), { seat: "s-1", host: "h-2", watch: false });
  assert.equal(elsewhere("http://n2", "/r/AAAAAA", { seat: null, host: null, watch: true }), "http://n2/r/AAAAAA#watch=1");
  assert.equal(elsewhere("http://n2", "/r/AAAAAA", {}), "http://n2/r/AAAAAA");
  assert.equal(handedTokens(""), null);
  assert.equal(handedTokens("#step=4"), null);
});

test("review marks that touch lie worst on top: by label, then by the points lost", async () => {
  const { markDepth } = await import("../../src/idoubtit/web/review.js");
  const mistake = (loss) => markDepth({ label: "mistake", loss });
  assert.ok(mistake(9.4) > mistake(7.7)); // the worse of two neighbouring mistakes can be clicked
  assert.ok(markDepth({ label: "blunder", loss: 0 }) > mistake(14.9)); // a blunder settled by rule still tops
  assert.ok(markDepth({ label: "inaccuracy", loss: 6.9 }) > markDepth({ label: "good", loss: 2.9 }));
  assert.ok(markDepth({ label: "best", loss: 0.4 }) >= 0);
  assert.ok(markDepth({ label: "blunder", loss: 500 }) < 10000); // always below the current and focused marks
});

test("the oval takes the screen's height less what lies above it, below it and the coach's room", () => {
  assert.equal(ringRoom({ screen: 768, above: 100, below: 300 }), 368);
  assert.equal(ringRoom({ screen: 768, above: 100, below: 300, coachRoom: 70.5 }), 297);
  assert.equal(ringRoom({ screen: 400, above: 200, below: 300 }), 0); // no room: the stylesheet's smallest oval
});
