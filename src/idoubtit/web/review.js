// The review of one seat's game in the replay viewer (/g/ID?review=SEAT; docs/protocol.md, "A review"):
// while the server makes it, a progress line; then a summary (accuracy, how many decisions got each label,
// the biggest mistakes and the bluffs nobody caught, each a link to its step), coloured marks over the
// slider at each decision, and at a decision's step what was chosen, the expert's choice, the points lost,
// the label and the reason, in the sentences of the terminal's `idoubtit analyse` (coach/words.py
// review_line, the same msgids).
//
// A decision's `step` is its action's index in the record: the table it was made at is frame `step`, so
// that is where its mark and links lead, and where the replay shows it.

import { claimWords, pretty, rankPlural } from "./cards.js";
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { decimal, percent } from "./past.js";

/** The labels from best to worst (coach/review.py), as the summary lists them. */
export const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];

export function labelName(label) {
  return { best: t("Best"), good: t("Good"), inaccuracy: t("Inaccuracy"), mistake: t("Mistake"), blunder: t("Blunder") }[label] || label;
}

/** The seat to review from a replay link's query (`?review=1`), when it is a seat of the game; else null. */
export function readReview(search, seats) {
  const text = new URLSearchParams(search).get("review");
  if (text === null || !/^\d{1,3}$/.test(text)) return null;
  const seat = Number(text);
  return seat < seats ? seat : null;
}

/** The review's reason for one decision (review_line): ranks as plural nouns, cards as the page writes them. */
export function reviewLine(why) {
  const values = { ...why };
  for (const field of ["rank", "announced", "due"]) {
    if (field in why) values[`${field}_name`] = rankPlural(why[field]);
  }
  if ("cards" in why) values.cards = why.cards.map(pretty).join(" ");
  if ("count" in why && "rank" in why) values.claim = claimWords(why.count, why.rank);
  const sentences = {
    wrong_rank: () => t("Announcing %(announced_name)s when %(due_name)s are due takes the pile at once.", values),
    provably_false: () => tn("The claim was %(claim)s, but you knew where %(seen)d of them was: no more than %(left)d could be anywhere else, so it had to be a bluff.",
      "The claim was %(claim)s, but you knew where %(seen)d of them were: no more than %(left)d could be anywhere else, so it had to be a bluff.", why.seen, values),
    provably_true: () => t("Every card you could not see was of the claimed rank: the claim had to be true.", values),
    likely_bluff: () => t("The claim was likely a bluff (about %(chance)d in 100): doubting was worth it.", values),
    cheap_doubt: () => tn("Only %(pile)d card was in the pile: a wrong doubt cost little, and such a claim is a bluff about %(chance)d times in 100.",
      "Only %(pile)d cards were in the pile: a wrong doubt cost little, and such a claim is a bluff about %(chance)d times in 100.", why.pile, values),
    near_the_end: () => tn("The claimant had only %(claimant_cards)d card left: a claim let go brought them close to winning.",
      "The claimant had only %(claimant_cards)d cards left: a claim let go brought them close to winning.", why.claimant_cards, values),
    doubt_ahead: () => t("A bluff about %(chance)d times in 100: by the expert's count doubting still came out ahead.", values),
    likely_true: () => tn("The claim was likely true (a bluff about %(chance)d times in 100), and a wrong doubt takes the pile (%(pile)d card).",
      "The claim was likely true (a bluff about %(chance)d times in 100), and a wrong doubt takes the pile (%(pile)d cards).", why.pile, values),
    last_card_bluff: () => t("A last play is always turned up: a false last card takes the pile.", values),
    no_due: () => t("You had no %(rank_name)s: the best cards to give were %(cards)s.", values),
    add_bluff: () => t("Adding %(cards)s to your %(rank_name)s was worth the risk.", values),
    too_many_bluffs: () => t("The extra bluff cards were too likely to be doubted.", values),
    chances: () => t("The expert gives this play %(chosen)d in 100 to win, and its own %(best)d.", values),
  };
  const line = sentences[why && why.key];
  return line ? line() : "";
}

/** An action of the record in words: "I doubt it", "Let it go", "A♠ 4♣ as Aces". */
export function actionWords(notation) {
  const text = String(notation || "");
  if (/^doubt\b/.test(text)) return t("I doubt it");
  if (/^decline\b/.test(text)) return t("Let it go");
  const play = text.match(/^play \d+ (.+?) as (\S+)$/);
  if (!play) return text;
  return t("%(cards)s as %(rank)s", { cards: play[1].split(" ").map(pretty).join(" "), rank: rankPlural(play[2].toUpperCase() === "T" ? "10" : play[2].toUpperCase()) });
}

/** The decision the seat made at the table of frame `index`, or null. */
export function decisionAt(review, index) {
  return (review && review.decisions.find((decision) => decision.step === index)) || null;
}

/** The summary above the table: a progress line while the review is made, a refusal in words, or the review. */
export function reviewPanel(page, act, name) {
  const replay = page.replay;
  const state = replay.review;
  const who = name(state.seat);
  if (state.status === "loading") {
    return h("section", { className: "card-panel review-panel review-progress", role: "status", "aria-live": "polite" },
      h("progress", { "aria-label": t("Reviewing your game…") }),
      h("p", {}, t("Reviewing your game…")));
  }
  if (state.status !== "ready") {
    return h("section", { className: "card-panel review-panel review-error", role: "alert" },
      h("p", {}, state.error),
      h("div", { className: "buttons" },
        h("button", { type: "button", className: "secondary", "data-key": "review-again", onclick: act.reviewAgain }, t("Try again"))));
  }
  const review = state.review;
  const counts = review.labels || {};
  const step = (index, text, key) => h("a", { href: `/g/${replay.id}${act.replayQuery(index)}`, "data-key": key,
    onclick: (event) => { event.preventDefault(); act.reviewTo(index); } }, text);
  const biggest = review.biggest_mistakes.map((index) => {
    const decision = decisionAt(review, index);
    const label = decision ? labelName(decision.label) : "";
    return h("li", {}, step(index, t("Step %(step)d: %(label)s", { step: index, label }), `mistake-${index}`));
  });
  const bluffs = review.bluffs_that_worked.map((index) => h("li", {}, step(index, t("Step %(step)d", { step: index }), `bluff-${index}`)));
  return h("section", { className: "card-panel review-panel review-summary", "aria-labelledby": "review-title" },
    h("h2", { id: "review-title" }, t("Review of %(name)s's game", { name: who })),
    h("div", { className: "review-top" },
      h("p", { className: "accuracy" }, h("span", {}, t("Accuracy")), " ", h("strong", {}, percent(review.accuracy / 100))),
      h("ul", { className: "label-counts", "aria-label": t("Decisions") }, LABELS.map((label) =>
        h("li", { className: `label-chip ${label}` }, labelName(label), " ", h("strong", {}, String(counts[label] || 0)))))),
    biggest.length ? h("div", { className: "review-list" }, h("h3", {}, t("The biggest mistakes")), h("ul", {}, biggest)) : null,
    h("div", { className: "review-list" }, h("h3", {}, t("Bluffs nobody caught")),
      bluffs.length ? h("ul", {}, bluffs) : h("p", { className: "hint" }, t("None in this game."))));
}

/** The points a decision lost, as the panel says them; a blunder a rule settles (R7, R8, R10) is no matter
 * of points (the search's guess of its cost may even be 0), so it says so instead. */
export function lossText(decision) {
  return decision.ruled ? t("settled by the rules") : decimal(decision.loss);
}

/** At a step where the seat decided: what it chose, the expert's choice, the points lost, the label and why. */
export function decisionPanel(page) {
  const state = page.replay.review;
  if (!state || state.status !== "ready") return null;
  const decision = decisionAt(state.review, page.replay.step);
  if (!decision) return null;
  const same = decision.chosen === decision.best;
  return h("section", { className: `review-decision ${decision.label}`, "aria-labelledby": "decision-title", "data-step": String(decision.step) },
    h("h3", { id: "decision-title" }, t("The decision here"), " ", h("span", { className: `label-chip ${decision.label}` }, labelName(decision.label))),
    h("dl", { className: "decision-facts" },
      h("div", {}, h("dt", {}, t("Chosen")), h("dd", {}, actionWords(decision.chosen))),
      same ? null : h("div", {}, h("dt", {}, t("The expert's choice")), h("dd", {}, actionWords(decision.best))),
      h("div", {}, h("dt", {}, t("Points lost")), h("dd", {}, lossText(decision)))),
    reviewLine(decision.why || {}) ? h("p", { className: "decision-why" }, reviewLine(decision.why)) : null);
}

/** The decisions as marks over the slider, coloured by label; one tab stop, the arrow keys go mark to mark. */
export function reviewMarks(page, act) {
  const replay = page.replay;
  const state = replay.review;
  if (!state || state.status !== "ready") return null;
  const last = Math.max(replay.frames.length - 1, 1);
  const decisions = state.review.decisions;
  const move = (event, index) => {
    const keys = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: decisions.length - 1 };
    if (!(event.key in keys)) return;
    event.preventDefault();
    event.stopPropagation(); // the replay's own arrow keys step one frame; here they go mark to mark
    const next = decisions[Math.max(0, Math.min(keys[event.key], decisions.length - 1))];
    const marks = event.currentTarget.parentElement;
    act.reviewTo(next.step);
    marks.querySelector(`[data-step="${next.step}"]`)?.focus({ preventScroll: true });
  };
  return h("div", { className: "review-marks", role: "group", "aria-label": t("Your decisions") },
    decisions.map((decision, index) => h("button", {
      type: "button", className: `mark ${decision.label}`, "data-step": String(decision.step), "data-key": `mark-${decision.step}`,
      style: `left:${((decision.step / last) * 100).toFixed(2)}%;z-index:${markDepth(decision)}`, tabindex: "-1",
      "aria-label": t("Step %(step)d: %(label)s", { step: decision.step, label: labelName(decision.label) }),
      title: t("Step %(step)d: %(label)s", { step: decision.step, label: labelName(decision.label) }),
      onclick: () => act.reviewTo(decision.step), onkeydown: (event) => move(event, index),
    })));
}

/** How high a mark lies among marks that touch (long games put decisions a few pixels apart): the worse
 * the label, then the more points lost, the higher, so the worst decision can always be clicked. */
export function markDepth(decision) {
  const loss = Math.max(0, Math.min(99.9, Number(decision.loss) || 0));
  return Math.max(0, LABELS.indexOf(decision.label)) * 1000 + Math.round(loss * 10);
}

/** The marks' one tab stop follows the step on screen: the decision there, or the next one (else the last). */
export function syncMarks(root, page) {
  const state = page.replay && page.replay.review;
  const marks = root.querySelectorAll(".review-marks .mark");
  if (!state || state.status !== "ready" || !marks.length) return;
  const step = page.replay.step;
  const stop = state.review.decisions.find((decision) => decision.step >= step) || state.review.decisions.at(-1);
  for (const mark of marks) {
    const here = Number(mark.dataset.step) === step;
    mark.tabIndex = Number(mark.dataset.step) === stop.step ? 0 : -1;
    mark.classList.toggle("current", here);
    if (here) mark.setAttribute("aria-current", "step");
    else mark.removeAttribute("aria-current");
  }
}

/** How the review's answer reads when it is a refusal (a busy worker, a game not over, no such seat). */
export function reviewError(error, errorText) {
  if (error && error.code === "limit.reviews") return t("Many games are being reviewed right now: try again in a minute.");
  return errorText(error);
}

/** Plural of decisions, for screen readers after the review arrives. */
export function reviewReady(review) {
  return tn("The review is ready: %(count)d decision.", "The review is ready: %(count)d decisions.", review.decisions.length);
}
