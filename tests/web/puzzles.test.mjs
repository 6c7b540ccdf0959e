// Unit tests of the puzzles page's logic (src/idoubtit/web/puzzles.js), run by `node --test` from
// test_puzzles_page.py.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { use } from "../../src/idoubtit/web/i18n.js";
import {
  NO_SCORE, WHY_KEYS, ownCardsInPile, points, positionsOf, puzzlesAddress, readOption, reasonText, scored, sinceLastTurn,
  verdictText,
} from "../../src/idoubtit/web/puzzles.js";

const shipped = JSON.parse(readFileSync(new URL("../../src/idoubtit/coach/puzzles.json", import.meta.url), "utf-8")).puzzles;

test("every shipped puzzle's reason reads in the browser as the server wrote it in English", () => {
  use("en", {});
  assert.ok(shipped.length >= 100);
  const keys = new Set();
  for (const puzzle of shipped) {
    assert.equal(reasonText(puzzle.why), puzzle.reason, puzzle.id);
    keys.add(puzzle.why.key);
  }
  assert.ok(keys.size >= 8, [...keys].join(" "));
  for (const key of keys) assert.ok(WHY_KEYS.includes(key), key);
});

test("a reason is said through the catalog, with its placeholders and the plural its number asks for", () => {
  const one = "Only %(pile)d card is in the pile, so a wrong doubt costs little, and the claim is a bluff about %(chance)d %% of the time.";
  use("xx", {
    [one]: ["Een %(pile)d Kaart, %(chance)d %% Bluff.", "%(pile)d Kaarten, %(chance)d %% Bluff."],
    Kings: "Kinneken",
    "Put down only your %(rank)s (%(cards)s): an extra card would too likely be doubted.": "Nëmmen %(rank)s (%(cards)s).",
  });
  try {
    assert.equal(reasonText({ key: "cheap_doubt", chance: 41, pile: 1, claimant_cards: 5 }), "Een 1 Kaart, 41 % Bluff.");
    assert.equal(reasonText({ key: "cheap_doubt", chance: 41.6, pile: 3, claimant_cards: 5 }), "3 Kaarten, 41 % Bluff.");
    assert.equal(reasonText({ key: "true_alone", rank: "K", cards: ["KS", "KH"] }), "Nëmmen Kinneken (K♠ K♥).");
    // A sentence the catalog lacks stays English, its "%%" one percent sign.
    assert.equal(reasonText({ key: "likely_bluff", chance: 64, pile: 9, claimant_cards: 4 }),
      "This claim is a bluff about 64 % of the time: doubt it.");
  } finally {
    use("en", {});
  }
});

test("options in notation are read as answers to a claim or cards put down", () => {
  assert.deepEqual(readOption("doubt 2"), { kind: "doubt", seat: 2, cards: [], rank: null });
  assert.deepEqual(readOption("decline 0"), { kind: "decline", seat: 0, cards: [], rank: null });
  assert.deepEqual(readOption("play 1 QS TH 4C as Q"), { kind: "play", seat: 1, cards: ["QS", "10H", "4C"], rank: "Q" });
  assert.deepEqual(readOption("play 3 10D as 10").rank, "10");
  assert.throws(() => readOption("fold 1"));
  for (const puzzle of shipped) for (const option of puzzle.options) assert.ok(readOption(option).kind, option);
});

const log = [
  { type: "played", seat: 1, count: 1, rank: "A", cards: ["AS"] },
  { type: "window_closed", reason: "all_declined" },
  { type: "played", seat: 2, count: 2, rank: "K" },
  { type: "doubted", seats: [1], doubter: 1 },
  { type: "revealed", seat: 2, cards: ["KS", "3C"], rank: "K", truthful: false, reason: "doubt" },
  { type: "pile_taken", seat: 2, count: 3 },
  { type: "played", seat: 0, count: 1, rank: "Q" },
  { type: "window_closed", reason: "all_declined" },
  { type: "played", seat: 1, count: 2, rank: "J", cards: ["JS", "5D"] },
  { type: "window_closed", reason: "all_declined" },
  { type: "played", seat: 2, count: 1, rank: "10" },
];

test("what happened since the seat's last turn starts at its own last play", () => {
  const view = { seat: 1, log };
  const told = sinceLastTurn(view);
  assert.deepEqual(told.map((story) => [story.seat, story.rank, story.outcome]), [[1, "J", "let_go"], [2, "10", "open"]]);
  assert.equal(sinceLastTurn({ seat: 3, log }).length, 5); // never played: the whole game
  assert.deepEqual(sinceLastTurn({ seat: 0, events: log }).map((story) => story.seat), [0, 1, 2]);
});

test("the seat's own cards in the pile are those it put down since the pile was last taken", () => {
  assert.deepEqual(ownCardsInPile({ seat: 1, log }), ["JS", "5D"]);
  assert.deepEqual(ownCardsInPile({ seat: 1, log: log.slice(0, 5) }), ["AS"]);
  assert.deepEqual(ownCardsInPile({ seat: 0, log }), []);
});

test("the score counts the answers, the right ones, the streak and the best streak", () => {
  let score = NO_SCORE;
  for (const right of [true, true, false, true]) score = scored(score, right);
  assert.deepEqual(score, { answered: 4, right: 3, streak: 1, best: 2 });
  assert.deepEqual(NO_SCORE, { answered: 0, right: 0, streak: 0, best: 0 });
});

test("the address asks only for what was chosen", () => {
  assert.equal(puzzlesAddress("doubt", "hard", 10), "/api/puzzles?kind=doubt&difficulty=hard&count=10");
  assert.equal(puzzlesAddress("", "", 5, 7), "/api/puzzles?count=5&seed=7");
  assert.equal(puzzlesAddress("nonsense", "any", 3, "x"), "/api/puzzles?count=3");
});

test("an option's cards are found in the hand, each copy once", () => {
  assert.deepEqual(positionsOf(["QH", "QH", "QD", "5C"], ["QH", "5C"]), [0, 3]);
  assert.deepEqual(positionsOf(["QH", "QH", "QD"], ["QH", "QH"]), [0, 1]);
  assert.deepEqual(positionsOf(["QH"], ["KS"]), []);
  assert.equal(points(0.2361), 24);
});

test("the verdict says right, or what the answer was", () => {
  use("en", {});
  const doubt = { kind: "doubt", options: ["doubt 1", "decline 1"], answer: "doubt 1" };
  assert.equal(verdictText(doubt, "doubt 1"), "Right!");
  assert.equal(verdictText(doubt, "decline 1"), "Not this time: this claim is one to doubt.");
  assert.equal(verdictText({ ...doubt, answer: "decline 1" }, "doubt 1"), "Not this time: this claim is one to let go.");
  const play = { kind: "play", options: ["play 0 6D as 6", "play 0 6D 10C as 6"], answer: "play 0 6D 10C as 6" };
  assert.equal(verdictText(play, "play 0 6D as 6"), "Not this time: the answer is 6♦ 10♣.");
});
