// Puzzles in the browser (/puzzles): "Doubt or not?" and "What do you play?", positions seats really met
// in finished games (GET /api/puzzles, coach/puzzles.py). One puzzle at a time, as its seat saw it: its
// hand, the claim on the table, what happened since its last turn, every hand's size, what is due and the
// pile; then the options as buttons. After an answer: right or wrong, each option's chance to win, why
// (the sentences of coach/puzzle_reasons.py, with the same msgids, so the catalogs translate both), the
// score and the streak.
//
// The pure helpers are exported for the tests (tests/web/puzzles.test.mjs); the page itself starts only
// in a browser.

import { RED, SUITS, cardName, claimWords, parseCard, pretty, rankOf, rankPlural } from "./cards.js";
import { DOUBT_ANYWAY } from "./coach.js";
import { h, store, stored } from "./dom.js";
import { describe, handInPlayOrder, levelName, seatName, seatPlaces, stories, storyLine } from "./game.js";
import * as i18n from "./i18n.js";
import { sentence, t, tn } from "./i18n.js";
import { statusFacts } from "./table.js";

export const KINDS = ["doubt", "play"];
export const DIFFICULTIES = ["easy", "medium", "hard"];
/** Puzzles asked for at once; more are fetched when they run out. */
export const BATCH = 10;
/** Where the page keeps the kind and difficulty chosen last. */
const CHOICE_KEY = "idoubtit.puzzles";

// ------------------------------------------------------------------------------------------------
// Pure helpers

/** An option in notation ("doubt 2", "decline 2", "play 2 QS QH 4C as Q"), read. */
export function readOption(text) {
  const words = String(text).trim().split(/\s+/);
  const [verb, seat] = words;
  if (verb === "play") {
    const as = words.indexOf("as");
    const cards = words.slice(2, as < 0 ? words.length : as).map((card) => parseCard(card).text);
    const rank = as < 0 ? null : parseCard(`${words[as + 1]}S`).rank;
    return { kind: "play", seat: Number(seat), cards, rank };
  }
  if (verb !== "doubt" && verb !== "decline") throw new Error(`not an option: ${text}`);
  return { kind: verb, seat: Number(seat), cards: [], rank: null };
}

/** A rank as the protocol writes it ("K", "10", also "T"), as cards.js names it. */
function rankKey(rank) {
  return parseCard(`${rank}S`).rank;
}

/** The view's whole log: a puzzle's view holds it as `log` (a WebSocket view sends `events`). */
export function logOf(view) {
  return view.log || view.events || [];
}

/** The claims since the seat's last play (that one first), as the table tells its story; the whole game
 * when the seat has not played yet. */
export function sinceLastTurn(view) {
  const log = logOf(view);
  let from = 0;
  for (let index = log.length - 1; index >= 0; index -= 1) {
    if (log[index].type === "played" && log[index].seat === view.seat) {
      from = index;
      break;
    }
  }
  return stories(log.slice(from));
}

/** The seat's own cards on the pile since it was last taken (it knows them; nobody took them back). */
export function ownCardsInPile(view) {
  const cards = [];
  const log = logOf(view);
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const event = log[index];
    if (event.type === "pile_taken") break;
    if (event.type === "played" && event.seat === view.seat && event.cards) cards.unshift(...event.cards);
  }
  return cards;
}

/** The sentence a puzzle's `why` stands for, in the page's language: the sentences and msgids of
 * coach/puzzle_reasons.py, ranks named as plural nouns, cards as the cards show them. */
export function reasonText(why) {
  const template = SENTENCES[why.key];
  if (!template) return "";
  const values = {};
  for (const [name, value] of Object.entries(why)) {
    if (!["key", "rank", "next", "cards", "extra"].includes(name)) values[name] = value;
  }
  for (const name of ["rank", "next"]) if (name in why) values[name] = rankPlural(rankKey(why[name]));
  for (const name of ["cards", "extra"]) if (name in why) values[name] = why[name].map(pretty).join(" ");
  if (why.key === "provably_false") values.claim = claimWords(why.count, rankKey(why.rank));
  return template(why, values).replace(/%%/g, "%"); // Python's "%%" is one "%" once filled in
}

// Each msgid exactly as puzzle_reasons.py writes it, on one line so that the catalogs' extraction reads it.
const SENTENCES = {
  provably_false: (why, values) => tn("They claim %(claim)s, but there are only %(copies)d %(rank)s and you know where %(seen)d of them is: it must be a bluff.", "They claim %(claim)s, but there are only %(copies)d %(rank)s and you know where %(seen)d of them are: it must be a bluff.", why.seen, values),
  provably_true: (why, values) => t("Every card you have not seen is one of the %(rank)s: the claim must be true, so let it go.", values),
  likely_bluff: (why, values) => t("This claim is a bluff about %(chance)d %% of the time: doubt it.", values),
  cheap_doubt: DOUBT_ANYWAY.cheap_doubt,
  near_the_end: (why, values) => tn("They have only %(claimant_cards)d card left: let this claim go and they are close to winning.", "They have only %(claimant_cards)d cards left: let this claim go and they are close to winning.", why.claimant_cards, values),
  doubt_ahead: DOUBT_ANYWAY.doubt_ahead,
  likely_true: (why, values) => tn("The claim is a bluff only about %(chance)d %% of the time, and a wrong doubt would give you the pile (%(pile)d card).", "The claim is a bluff only about %(chance)d %% of the time, and a wrong doubt would give you the pile (%(pile)d cards).", why.pile, values),
  big_pile: (why, values) => tn("It may well be a bluff (about %(chance)d %%), but a wrong doubt would give you the pile (%(pile)d card): let it go.", "It may well be a bluff (about %(chance)d %%), but a wrong doubt would give you the pile (%(pile)d cards): let it go.", why.pile, values),
  keep_next: (why, values) => t("Keep your %(next)s for your next turn, when they are due, and put down everything else now: %(cards)s.", values),
  no_due_one: (why, values) => t("You have no %(rank)s, so any play is a bluff: put down one card only, the one you need least (%(cards)s).", values),
  no_due_more: (why, values) => t("You have no %(rank)s, so any play is a bluff: put down %(cards)s and get rid of more cards at once.", values),
  no_due_card: (why, values) => tn("You have no %(rank)s, so any play is a bluff: %(cards)s is the card you will need least.", "You have no %(rank)s, so any play is a bluff: %(cards)s are the cards you will need least.", why.cards.length, values),
  true_alone: (why, values) => t("Put down only your %(rank)s (%(cards)s): an extra card would too likely be doubted.", values),
  add_some: (why, values) => t("Add %(extra)s to your %(rank)s, but no more: a bigger play would too likely be doubted.", values),
  add_bluff: (why, values) => t("Slip %(extra)s in with your %(rank)s: the claim still looks true, and you get rid of more cards.", values),
  chances: (why, values) => t("Of these plays, %(cards)s gives you the best chance to win: about %(best)d %%, against %(second)d %% for the next best.", values),
};

/** The keys a `why` may hold, as the page knows them. */
export const WHY_KEYS = Object.keys(SENTENCES);

/** The score after one more answer: {answered, right, streak, best}. */
export function scored(score, right) {
  const streak = right ? score.streak + 1 : 0;
  return { answered: score.answered + 1, right: score.right + (right ? 1 : 0), streak, best: Math.max(score.best, streak) };
}

export const NO_SCORE = { answered: 0, right: 0, streak: 0, best: 0 };

/** The address that asks the server for puzzles of this kind and difficulty ("" for either). */
export function puzzlesAddress(kind, difficulty, count = BATCH, seed = null) {
  const query = new URLSearchParams();
  if (KINDS.includes(kind)) query.set("kind", kind);
  if (DIFFICULTIES.includes(difficulty)) query.set("difficulty", difficulty);
  query.set("count", String(count));
  if (seed !== null && seed !== undefined && /^\d{1,9}$/.test(String(seed))) query.set("seed", String(seed));
  return "/api/puzzles?" + query.toString();
}

/** A chance to win (0–1) in whole points. */
export function points(win) {
  return Math.round(100 * Number(win));
}

/** An option as a person reads it: the words of the answer to a claim, or the cards put down. */
export function optionText(option) {
  if (option.kind === "doubt") return t("I doubt it");
  if (option.kind === "decline") return t("Let it go");
  return option.cards.map(pretty).join(" ");
}

/** What the verdict says: "Right!", or what the answer was. */
export function verdictText(puzzle, chosen) {
  if (chosen === puzzle.answer) return t("Right!");
  const answer = readOption(puzzle.answer);
  if (puzzle.kind === "play") return t("Not this time: the answer is %(answer)s.", { answer: optionText(answer) });
  return answer.kind === "doubt" ? t("Not this time: this claim is one to doubt.") : t("Not this time: this claim is one to let go.");
}

/** Each card of `chosen` matched to one of the hand's positions (two decks hold the same card twice). */
export function positionsOf(hand, chosen) {
  const left = [...chosen];
  const found = [];
  hand.forEach((card, index) => {
    const at = left.indexOf(card);
    if (at >= 0) {
      left.splice(at, 1);
      found.push(index);
    }
  });
  return found;
}

// ------------------------------------------------------------------------------------------------
// The page

const page = {
  kind: "",
  difficulty: "",
  /** Puzzles fetched and not yet shown. */
  queue: [],
  /** Ids shown for the kind and difficulty chosen (never the same puzzle twice in a row of them). */
  seen: new Set(),
  puzzle: null,
  /** The option chosen (in notation), once answered. */
  chosen: null,
  score: NO_SCORE,
  status: "loading", // loading | ready | empty | error
  seed: null,
  /** The option whose cards are lifted in the hand (a play puzzle, while an option is pointed at). */
  pointed: null,
  /** Counts the changes of choices, so that puzzles asked for before one are not shown after it. */
  asked: 0,
};

let root = null;

function names(view) {
  return (seat) => (seat === view.seat ? t("You") : seatName(null, seat));
}

function face(card, extra = "") {
  const { rank, suit } = parseCard(card);
  return h("span", { className: `face${RED.has(suit) ? " red" : ""}${extra}`, role: "img", "aria-label": cardName(card), "data-card": card },
    h("span", { className: "rank", "aria-hidden": "true" }, rank),
    h("span", { className: "suit", "aria-hidden": "true" }, SUITS[suit]));
}

function render() {
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  document.title = t("I Doubt It") + " · " + t("Puzzles");
  root.replaceChildren(header(), h("main", { id: "main", className: page.puzzle ? "pz" : "pz pz-none" }, screen()));
  if (focused) {
    const again = root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

function header() {
  const select = h("select", { id: "language", "data-key": "language", onchange: (event) => switchLanguage(event.target.value) },
    Object.entries(i18n.languageNames()).map(([code, name]) => h("option", { value: code, selected: code === i18n.language() }, name)));
  return h("header", {},
    h("h1", {}, h("a", { href: "/" }, t("I Doubt It"))),
    h("nav", {},
      h("label", { for: "language", className: "visually-hidden" }, t("Language")),
      select));
}

function screen() {
  const chooser = choosePanel();
  if (page.status === "loading" && !page.puzzle) {
    return [chooser, h("p", { className: "pz-waiting", role: "status" }, t("Loading…"))];
  }
  if (page.status === "empty") return [chooser, message(t("No puzzle fits these choices."))];
  if (page.status === "error") {
    return [chooser, message(t("The puzzles could not be loaded."),
      h("button", { type: "button", className: "primary", "data-key": "retry", onclick: () => fresh() }, t("Try again")))];
  }
  const puzzle = page.puzzle;
  // In the order one reads a position on a phone; a wide screen puts the choices and the question beside the table.
  return [
    chooser,
    h("div", { className: "pz-table" }, statusBar(puzzle), ring(puzzle), hand(puzzle), story(puzzle)),
    h("div", { className: "pz-side" }, question(puzzle)),
  ];
}

function message(text, ...more) {
  return h("section", { className: "card-panel pz-message", role: "status" }, h("p", {}, text), more.length ? h("div", { className: "buttons" }, more) : null);
}

function choosePanel() {
  const kinds = [["", t("Both kinds")], ["doubt", t("Doubt or not?")], ["play", t("What do you play?")]];
  const levels = [["", t("Any difficulty")], ["easy", t("easy")], ["medium", t("medium")], ["hard", t("hard")]];
  const select = (id, choices, value, key) => h("select", { id, "data-key": id, onchange: (event) => choose(key, event.target.value) },
    choices.map(([code, text]) => h("option", { value: code, selected: code === value }, text)));
  const score = page.score;
  return h("section", { className: "card-panel pz-choose", "aria-labelledby": "pz-title" },
    h("div", { className: "pz-choose-head" },
      h("h2", { id: "pz-title" }, t("Puzzles")),
      score.answered ? h("p", { className: "pz-score", "data-key": "score-line" },
        t("%(right)d of %(total)d right. Best streak: %(streak)d.", { right: score.right, total: score.answered, streak: score.best })) : null),
    h("div", { className: "pair" },
      h("div", {}, h("label", { for: "pz-kind" }, t("Kind of puzzle")), select("pz-kind", kinds, page.kind, "kind")),
      h("div", {}, h("label", { for: "pz-difficulty" }, t("Difficulty")), select("pz-difficulty", levels, page.difficulty, "difficulty"))));
}

function statusBar(puzzle) {
  const view = puzzle.view;
  return h("div", { className: "status" }, statusFacts(view));
}

/** The seats round the table as the table draws them, you at the bottom; the pile and the due rank inside. */
function ring(puzzle) {
  const view = puzzle.view;
  const name = names(view);
  const places = seatPlaces(view.hand_sizes.length, view.seat);
  const layers = Math.min(view.pile_size, 16);
  return h("section", { className: "ring pz-ring", "aria-label": t("The table") },
    h("div", { className: "felt", "aria-hidden": "true" }),
    h("ol", { className: "seats-round", "aria-label": t("Players, in the order they play") },
      view.hand_sizes.map((size, seat) => {
        const [x, y] = places[seat];
        const mine = seat === view.seat;
        const claimant = view.phase === "doubt" && view.claim && view.claim.seat === seat;
        const marks = [];
        if (view.phase === "play" && view.to_play === seat && !mine) marks.push(t("to play"));
        if (view.phase === "doubt" && view.awaiting.includes(seat) && !mine) marks.push(t("may doubt"));
        return h("li", { className: `seat${mine ? " me" : ""}${claimant ? " claimant" : ""}${mine && view.phase === "play" ? " turn" : ""}`,
          "data-seat": String(seat), style: `left:${(x * 100).toFixed(2)}%;top:${(y * 100).toFixed(2)}%` },
        h("span", { className: "seat-name" }, name(seat)),
        h("span", { className: "backs", "aria-hidden": "true" }, Array.from({ length: Math.min(size, 6) }, () => h("span", { className: "back" }))),
        h("span", { className: "count" }, tn("%(count)d card", "%(count)d cards", size)),
        marks.length ? h("span", { className: "marks" }, marks.join(" · ")) : null,
        claimant ? h("span", { className: "bubble claim-bubble" }, claimWords(view.claim.count, view.claim.rank)) : null);
      })),
    h("div", { className: "centre" },
      h("div", { className: "pile", role: "img", "aria-label": tn("The pile: %(count)d card", "The pile: %(count)d cards", view.pile_size),
        style: `--layers:${layers}` },
      Array.from({ length: layers }, (_, index) => h("span", { className: "back", style: `--i:${index};--r:${((index * 7) % 11) - 5}deg` }))),
      h("span", { className: "pile-size", "aria-hidden": "true" }, String(view.pile_size)),
      h("span", { className: "due-mark" }, sentence(t("%(rank)s due", { rank: rankPlural(view.due_rank) })))));
}

function hand(puzzle) {
  const view = puzzle.view;
  const cards = handInPlayOrder(view);
  const lifted = new Set(page.pointed ? positionsOf(cards, page.pointed.cards) : []);
  const size = cards.length > 30 ? " huge" : cards.length > 14 ? " big" : "";
  const mine = ownCardsInPile(view);
  return h("section", { className: "hand-panel pz-hand-panel", "aria-labelledby": "pz-hand-title" },
    h("h2", { id: "pz-hand-title" }, t("Your cards (%(count)d)", { count: cards.length })),
    h("div", { className: `pz-hand${size}`, role: "group", "aria-label": t("Your cards") }, cards.map((card, index) => {
      const newRank = index > 0 && rankOf(cards[index - 1]) !== rankOf(card);
      return face(card, `${newRank ? " rank-start" : ""}${lifted.has(index) ? " lifted" : ""}`);
    })),
    mine.length ? h("div", { className: "pz-own-pile" },
      h("p", {}, t("Your cards in the pile: %(cards)s", { cards: mine.map(pretty).join(" ") }))) : null);
}

function story(puzzle) {
  const view = puzzle.view;
  const name = names(view);
  const told = sinceLastTurn(view);
  const everything = stories(logOf(view));
  const earlier = everything.length - told.length;
  return h("section", { className: "log-panel pz-story", "aria-labelledby": "pz-story-title" },
    h("h2", { id: "pz-story-title" }, t("Since your last turn:")),
    told.length === 0 ? h("p", {}, t("Nothing has been played yet.")) : null,
    h("ol", { className: "pz-told" }, told.map((one) => h("li", {
      className: one.revealed ? (one.truthful ? "told true" : "told bluff") : "told",
    }, storyLine(one, view.seat, name)))),
    earlier > 0 ? h("details", { className: "pz-earlier" },
      h("summary", { "data-key": "earlier" }, t("Game so far")),
      h("ol", { className: "log", reversed: true, tabindex: "0", "aria-label": t("Game so far") },
        everything.map((one, index) => ({ one, number: index + 1 })).reverse().map(({ one, number }) =>
          h("li", { value: String(number), className: one.revealed ? (one.truthful ? "told true" : "told bluff") : "told" },
            storyLine(one, view.seat, name))))) : null);
}

function question(puzzle) {
  const view = puzzle.view;
  const name = names(view);
  const answered = page.chosen !== null;
  const options = puzzle.options.map(readOption);
  const title = puzzle.kind === "doubt" ? t("Doubt or not?") : t("What do you play?");
  const asked = puzzle.kind === "doubt" && view.claim
    ? describe({ type: "played", seat: view.claim.seat, count: view.claim.count, rank: view.claim.rank }, view.seat, name)
    : sentence(t("%(due)s are due. Which do you put down?", { due: rankPlural(view.due_rank) }));
  const doubtKind = puzzle.kind === "doubt";
  return h("section", {
    className: `card-panel pz-question ${doubtKind ? "doubt-kind" : "play-kind"}${answered ? " answered" : ""}`,
    "aria-labelledby": "pz-question-title", "data-puzzle": puzzle.id, "data-kind": puzzle.kind, "data-difficulty": puzzle.difficulty,
  },
  h("div", { className: "pz-question-head" },
    h("h2", { id: "pz-question-title", tabindex: "-1", "data-key": "question-title" }, title),
    h("span", { className: `pz-level ${puzzle.difficulty}` }, levelName(puzzle.difficulty))),
  h("p", { className: "pz-asked" }, asked),
  answered ? verdict(puzzle, options) : h("div", { className: `pz-options${doubtKind ? " actions" : ""}`, role: "group", "aria-labelledby": "pz-question-title" },
    options.map((option, index) => optionButton(puzzle, option, index))));
}

function optionButton(puzzle, option, index) {
  const text = puzzle.options[index];
  const answer = () => answerWith(text);
  if (option.kind === "doubt") {
    return h("button", { type: "button", className: "doubt pz-doubt", "data-key": "doubt", "aria-keyshortcuts": "D", onclick: answer },
      h("span", { className: "label" }, t("I doubt it")));
  }
  if (option.kind === "decline") {
    return h("button", { type: "button", className: "secondary let-go", "data-key": "let-go", "aria-keyshortcuts": "N", onclick: answer }, t("Let it go"));
  }
  const point = (on) => () => {
    const now = on ? option : null;
    if (page.pointed === now) return;
    page.pointed = now;
    liftInHand(now);
  };
  return h("button", { type: "button", className: "pz-play", "data-key": `option-${index}`, "aria-keyshortcuts": String(index + 1),
    onclick: answer, onmouseenter: point(true), onmouseleave: point(false), onfocus: point(true), onblur: point(false) },
  h("span", { className: "pz-number", "aria-hidden": "true" }, String(index + 1)),
  h("span", { className: "pz-play-body" },
    h("span", { className: "pz-play-label" }, t("Put down: %(claim)s", { claim: claimWords(option.cards.length, option.rank) })),
    optionCards(option)));
}

/** An option's cards, small; overlapping when there are many. */
function optionCards(option) {
  return h("span", { className: `cards ${option.cards.length > 6 ? "tight" : "small"}` }, option.cards.map((card) => face(card)));
}

/** Lift the pointed option's cards in the hand, without drawing the page again (the pointer stays put). */
function liftInHand(option) {
  const faces = [...root.querySelectorAll(".pz-hand .face")];
  const lifted = new Set(option ? positionsOf(faces.map((one) => one.dataset.card), option.cards) : []);
  faces.forEach((one, index) => one.classList.toggle("lifted", lifted.has(index)));
}

function verdict(puzzle, options) {
  const right = page.chosen === puzzle.answer;
  const best = Math.max(...puzzle.wins);
  const score = page.score;
  return h("div", { className: "pz-verdict" },
    h("p", { className: `pz-result ${right ? "right" : "wrong"}`, "data-key": "verdict" },
      h("span", { className: "pz-mark", "aria-hidden": "true" }, right ? "✓" : "✗"), " ", verdictText(puzzle, page.chosen)),
    h("p", { className: "pz-why", "data-key": "why" }, reasonText(puzzle.why)),
    h("ol", { className: "pz-chances" },
      options.map((option, index) => {
        const text = puzzle.options[index];
        const marks = [];
        if (text === puzzle.answer) marks.push(t("Best"));
        if (text === page.chosen) marks.push(t("Your answer"));
        const chance = points(puzzle.wins[index]);
        return h("li", { className: `${text === puzzle.answer ? "best" : ""}${text === page.chosen ? " chosen" : ""}`.trim() || null },
          h("span", { className: "pz-chance-what" },
            option.kind === "play" ? optionCards(option)
              : h("span", { className: "pz-answer-words" }, optionText(option)),
            marks.length ? h("span", { className: "pz-marks" }, marks.join(" · ")) : null),
          h("span", { className: "pz-chance" },
            h("span", { className: "pz-bar", "aria-hidden": "true" },
              h("span", { className: "fill", style: `width:${(100 * puzzle.wins[index] / Math.max(best, 0.01)).toFixed(1)}%` })),
            h("span", { className: "pz-points" }, t("%(chance)d %% to win", { chance }).replace(/%%/g, "%"))));
      })),
    h("div", { className: "pz-score-box" },
      h("p", { className: "pz-streak", "data-key": "streak" }, t("Streak: %(streak)d", { streak: score.streak })),
      h("p", { className: "pz-total" }, t("%(right)d of %(total)d right. Best streak: %(streak)d.", { right: score.right, total: score.answered, streak: score.best }))),
    h("button", { type: "button", className: "primary wide", "data-key": "next", "aria-keyshortcuts": "Enter", onclick: next }, t("Next puzzle")));
}

// ------------------------------------------------------------------------------------------------
// What the person does

function answerWith(option) {
  if (!page.puzzle || page.chosen !== null) return;
  page.chosen = option;
  page.pointed = null;
  const right = option === page.puzzle.answer;
  page.score = scored(page.score, right);
  render();
  const button = root.querySelector("[data-key=next]");
  if (button) button.focus({ preventScroll: true });
  // The verdict's first line in sight: at the top of the screen unless it is in the upper half already.
  const shown = root.querySelector(".pz-verdict");
  const top = shown ? shown.getBoundingClientRect().top : 0;
  if (shown && (top < 0 || top > window.innerHeight / 2)) shown.scrollIntoView({ block: "start" });
  announce(verdictText(page.puzzle, option) + " " + reasonText(page.puzzle.why));
}

function announce(text) {
  const region = document.getElementById("announcer");
  if (!region) return;
  region.textContent = "";
  // A moment later, so that the same words twice in a row are read again.
  setTimeout(() => { region.textContent = text; }, 50);
}

async function next() {
  page.chosen = null;
  page.pointed = null;
  if (page.queue.length === 0) {
    page.puzzle = null; // nothing on screen to answer again while the next ones come
    page.status = "loading";
    render();
    await fetchMore();
  }
  show(page.queue.shift() || null);
  window.scrollTo(0, 0);
  const title = root.querySelector("[data-key=question-title]");
  if (title) title.focus({ preventScroll: true });
}

function show(puzzle) {
  page.puzzle = puzzle;
  page.chosen = null;
  if (puzzle) {
    page.seen.add(puzzle.id);
    page.status = "ready";
  } else if (page.status !== "error") page.status = "empty";
  render();
  // The next ones fetched while this one is solved, so that "Next puzzle" need not wait.
  if (puzzle && page.queue.length < 2) fetchMore();
}

/** Fetch more puzzles of the chosen kind and difficulty into the queue: none shown already, unless every
 * one of these choices has been (then they start over, never with the one on screen). An answer that comes
 * after the choices changed is dropped. */
async function fetchMore() {
  const asked = page.asked;
  try {
    const response = await fetch(puzzlesAddress(page.kind, page.difficulty, BATCH, page.seed));
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw data.error || { code: "server" };
    if (asked !== page.asked) return;
    if (page.seed !== null) page.seed += 1;
    const known = new Set([...page.seen, ...page.queue.map((one) => one.id), page.puzzle ? page.puzzle.id : null]);
    let fresh = data.puzzles.filter((one) => !known.has(one.id));
    if (!fresh.length && !page.queue.length) {
      page.seen.clear();
      fresh = data.puzzles.filter((one) => !page.puzzle || one.id !== page.puzzle.id);
    }
    page.queue = page.queue.concat(fresh);
  } catch {
    if (asked !== page.asked || page.puzzle) return; // a puzzle is on screen: the next fetch tries again
    page.status = "error";
  }
}

async function fresh() {
  page.asked += 1;
  page.queue = [];
  page.puzzle = null;
  page.chosen = null;
  page.status = "loading";
  render();
  const asked = page.asked;
  await fetchMore();
  if (asked === page.asked) show(page.queue.shift() || null);
}

function choose(key, value) {
  page[key] = value;
  page.seen = new Set();
  store(CHOICE_KEY, JSON.stringify({ kind: page.kind, difficulty: page.difficulty }));
  const query = new URLSearchParams(location.search);
  for (const name of ["kind", "difficulty"]) {
    if (page[name]) query.set(name, page[name]);
    else query.delete(name);
  }
  query.delete("seed");
  page.seed = null;
  const search = query.toString();
  history.replaceState({}, "", location.pathname + (search ? "?" + search : ""));
  fresh();
}

async function switchLanguage(code) {
  await i18n.load(code);
  render();
}

function onKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || !page.puzzle) return;
  const target = event.target;
  if (target && ["SELECT", "INPUT", "TEXTAREA", "SUMMARY"].includes(target.tagName)) return;
  const key = event.key.toLowerCase();
  if (page.chosen !== null) return; // "Next puzzle" has the focus: Enter presses it
  const options = page.puzzle.options;
  let chosen = null;
  if (page.puzzle.kind === "doubt" && key === "d") chosen = options.find((one) => one.startsWith("doubt"));
  else if (page.puzzle.kind === "doubt" && key === "n") chosen = options.find((one) => one.startsWith("decline"));
  else if (page.puzzle.kind === "play" && /^[1-9]$/.test(key)) chosen = options[Number(key) - 1] || null;
  if (chosen) {
    event.preventDefault();
    answerWith(chosen);
  }
}

/** The choices to start with: the address's (?kind=&difficulty=&seed=), else the ones kept from last time. */
function startingChoices() {
  const query = new URLSearchParams(location.search);
  let kept = {};
  try {
    kept = JSON.parse(stored(CHOICE_KEY) || "{}") || {};
  } catch {
    kept = {};
  }
  const kind = query.get("kind") ?? kept.kind ?? "";
  const difficulty = query.get("difficulty") ?? kept.difficulty ?? "";
  page.kind = KINDS.includes(kind) ? kind : "";
  page.difficulty = DIFFICULTIES.includes(difficulty) ? difficulty : "";
  const seed = query.get("seed");
  page.seed = seed !== null && /^\d{1,9}$/.test(seed) ? Number(seed) : null;
}

async function start() {
  root = document.getElementById("app");
  const known = ["en", "mn", "lb", "af"];
  try {
    await i18n.load(i18n.pickLanguage(stored(i18n.LANGUAGE_KEY), navigator.languages, known));
  } catch {
    // no catalog: the page speaks English
  }
  startingChoices();
  document.addEventListener("keydown", onKey);
  await fresh();
}

if (typeof document !== "undefined" && document.getElementById("app")) start();
