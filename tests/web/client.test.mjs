// Unit tests of the browser client's logic (src/idoubtit/web), run by `node --test` from test_client_logic.py.

import assert from "node:assert/strict";
import { test } from "node:test";

import { cardName, claimWords, parseCard, pretty } from "../../src/idoubtit/web/cards.js";
import {
  describe, emptyTable, errorText, lastReveal, maxCards, myTurn, myWindow, receive, secondsLeft, seatName, truthfulPick,
} from "../../src/idoubtit/web/game.js";
import { format, pickLanguage, t, tn, use } from "../../src/idoubtit/web/i18n.js";

const rules = { players: 3, decks: 1, capped_plays: false, strict_announcing: false };
const view = (extra) => ({
  seat: 0, rules, step: 0, phase: "play", to_play: 0, due_rank: "A", hand: ["AS", "AH", "KD", "2C"],
  hand_sizes: [4, 5, 5], pile_size: 0, claim: null, awaiting: [0], winner: null, places: [],
  events: [], log_from: 0, log_size: 0, ...extra,
});
const room = { seats: [{ kind: "human", name: "Anna" }, { kind: "bot", level: "medium" }, null] };

test("the language comes from the saved choice, then the browser, then English", () => {
  assert.equal(pickLanguage("lb", ["mn-MN"], ["en", "mn", "lb", "af"]), "lb");
  assert.equal(pickLanguage(null, ["fr-FR", "af-ZA", "mn"], ["en", "mn", "lb", "af"]), "af");
  assert.equal(pickLanguage("xx", ["fr"], ["en", "mn"]), "en");
});

test("placeholders are filled and plurals follow the count", () => {
  assert.equal(format("%(name)s takes %(count)d", { name: "Bo", count: 3.7 }), "Bo takes 3");
  assert.equal(format("%(missing)s stays"), "%(missing)s stays");
  use("xx", { "Pile: %(count)d card": ["Stapel: %(count)d Kaart", "Stapel: %(count)d Kaarten"], Rules: "Regelen" });
  assert.equal(tn("Pile: %(count)d card", "Pile: %(count)d cards", 1), "Stapel: 1 Kaart");
  assert.equal(tn("Pile: %(count)d card", "Pile: %(count)d cards", 4), "Stapel: 4 Kaarten");
  assert.equal(t("Rules"), "Regelen");
  assert.equal(t("Not in the catalog"), "Not in the catalog");
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

test("the log is told from the reader's seat, with bots named by level", () => {
  const name = (seat) => seatName(room, seat);
  assert.equal(name(1), "Computer (medium)");
  assert.equal(name(2), "Seat 3");
  assert.equal(describe({ type: "played", seat: 0, count: 2, rank: "K" }, 0, name), "You put down “2 Kings”.");
  assert.equal(describe({ type: "played", seat: 0, count: 2, rank: "K" }, 1, name), "Anna puts down “2 Kings”.");
  assert.equal(describe({ type: "doubted", seats: [1, 2], doubter: 1 }, 0, name), "Computer (medium) says: “I doubt it!”");
  const reveal = { type: "revealed", seat: 0, cards: ["KS", "2C"], rank: "K", truthful: false, reason: "doubt" };
  assert.equal(describe(reveal, 1, name), "Turned up: K♠ 2♣ — it was a bluff!");
  assert.equal(describe({ type: "pile_taken", seat: 0, count: 1 }, 0, name), "You take the pile (1 card).");
  assert.equal(describe({ type: "game_over", winner: 1, places: [1] }, 0, name), "Computer (medium) wins the game.");
});

test("the last doubt's outcome shows until the next claim", () => {
  const log = [
    { type: "played", seat: 0, count: 1, rank: "A" },
    { type: "doubted", seats: [1], doubter: 1 },
    { type: "revealed", seat: 0, cards: ["AS"], rank: "A", truthful: true, reason: "doubt" },
    { type: "pile_taken", seat: 1, count: 1 },
  ];
  assert.deepEqual(lastReveal(log), { cards: ["AS"], truthful: true, seat: 0, taker: 1 });
  assert.equal(lastReveal([...log, { type: "played", seat: 1, count: 1, rank: "K" }]), null);
});

test("refusals are told by their code, in the page's language", () => {
  assert.equal(errorText({ code: "game.not_your_turn", message: "English" }), "It is not your turn.");
  assert.equal(errorText({ code: "something.new" }), "That is not allowed now.");
});
