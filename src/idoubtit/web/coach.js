// The coach at your seat (docs/protocol.md, "the coach"): the switch by your cards, who has one on, and
// its word for the moment at hand — how likely the open claim is a bluff and what it would do, or the move
// it would make on your turn. Its sentences are the terminal's (coach/words.py, coach_line), with the same
// msgids, so that one catalog says them in every language.

import { pretty, rankPlural } from "./cards.js";
import { h } from "./dom.js";
import { seatName } from "./game.js";
import { t, tn } from "./i18n.js";
import { percent } from "./past.js";

/** The reasons about a claim: each ends with what the coach would do (coach/words.py CLAIM_KEYS). */
const CLAIM_KEYS = new Set([
  "impossible", "certain", "record", "all_out", "big_claim", "chance", "near_the_end", "big_pile", "cheap_doubt", "doubt_ahead",
]);

/** Why to doubt a claim more likely true than not, as the coach and the puzzles (puzzles.js) both say it
 * (coach/words.py DOUBT_ANYWAY); each msgid on one line, so that the catalogs' extraction reads it. */
export const DOUBT_ANYWAY = {
  cheap_doubt: (why, values) => tn("Only %(pile)d card is in the pile, so a wrong doubt costs little, and the claim is a bluff about %(chance)d %% of the time.", "Only %(pile)d cards are in the pile, so a wrong doubt costs little, and the claim is a bluff about %(chance)d %% of the time.", Number(why.pile || 0), values),
  doubt_ahead: (why, values) => t("The claim is a bluff about %(chance)d %% of the time: often enough that doubting comes out ahead.", values),
};

const SVG = "http://www.w3.org/2000/svg";

/** Whether the table lets a person switch a coach on: "on", or "auto" while at most one person sits. */
export function coachAllowed(room) {
  const mode = (room && room.settings && room.settings.coach) || "auto";
  if (mode === "on") return true;
  if (mode === "off") return false;
  return room.seats.filter((seat) => seat && seat.kind === "human").length <= 1;
}

/** Whether a seat has its coach on (the room's seats say so for everyone to see). */
export function coachOn(room, seat) {
  const info = room && seat !== null && seat !== undefined ? room.seats[seat] : null;
  return Boolean(info && info.coach);
}

/** The coach's word that is still advice: only the one about the table's state now (an older one is not). */
export function currentAdvice(table, heard) {
  if (!heard || table.seat === null || !table.view || heard.state !== table.state) return null;
  if (!coachOn(table.room, table.seat)) return null;
  return heard.advice || null;
}

/** The coach's chance that the claim is a bluff, as a whole percentage (0 to 100). */
export function bluffPercent(advice) {
  return Math.max(0, Math.min(100, Math.round(Number(advice.bluff_chance || 0) * 100)));
}

/** The rank a suggested play announces ("play 2 QS QH 4C as Q" announces Queens), or null. */
export function adviceRank(advice) {
  const match = String(advice.action || "").match(/ as (\S+)$/);
  return match ? match[1] : null;
}

/** The coach's sentence for its `why` (coach_line): seats by name, ranks as plural nouns, cards as the page writes them. */
export function coachLine(why, name) {
  const values = { ...why };
  if ("card" in why) values.card = pretty(why.card);
  if ("seat" in why) values.name = name(why.seat);
  if ("rank" in why) values.ranks = rankPlural(why.rank);
  const key = why.key;
  const doubt = why.doubt ? t("I would doubt it.") : t("I would let it go.");
  const sentences = {
    impossible: t("%(name)s claims %(count)d %(ranks)s, but you know where %(seen)d are: at most %(left)d are left. It must be a bluff!", values),
    certain: t("Every card you cannot see is one of the %(ranks)s: it must be true.", values),
    record: t("%(name)s was caught bluffing %(caught)d times out of %(shown)d so far.", values),
    all_out: t("You know where %(seen)d %(ranks)s are: with this claim, every one of them would be down.", values),
    big_claim: t("%(count)d cards at once is a big claim: big claims are bluffs more often.", values),
    chance: t("From what you have seen, a claim like this is a bluff about %(chance)d times in 100.", values),
    near_the_end: tn("%(name)s has only %(left)d card left: a claim let go brings them close to winning.",
      "%(name)s has only %(left)d cards left: a claim let go brings them close to winning.", Number(why.left || 0), values),
    big_pile: tn("The pile holds %(pile)d card: a wrong doubt would give it to you.",
      "The pile holds %(pile)d cards: a wrong doubt would give them all to you.", Number(why.pile || 0), values),
    cheap_doubt: DOUBT_ANYWAY.cheap_doubt(why, values),
    doubt_ahead: DOUBT_ANYWAY.doubt_ahead(why, values),
    go_out: t("Put down all your cards: they are all %(ranks)s, and a true last play wins.", values),
    truth: t("Put down your %(ranks)s: the truth cannot be caught.", values),
    none_due: t("You have no %(ranks)s. Put down your %(card)s: you need it last.", values),
    truth_and_card: t("Put down your %(ranks)s and add your %(card)s: you need it last.", values),
  };
  let text = sentences[key] || t("From what you have seen, a claim like this is a bluff about %(chance)d times in 100.", values);
  if ((key === "none_due" || key === "truth_and_card") && why.turns) {
    text += " " + t("Its rank is due to you again in %(turns)d of your turns.", values);
  }
  if (CLAIM_KEYS.has(key)) text += " " + doubt;
  return text;
}

/** The small mark by the name of a seat whose coach is on: a light bulb, with words for screen readers. */
export function coachMark() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "coach-icon");
  svg.setAttribute("aria-hidden", "true");
  for (const [tag, attributes] of [
    ["path", { d: "M8 1.5a4.6 4.6 0 0 0-2.7 8.3c.6.5.9 1 .9 1.7h3.6c0-.7.3-1.2.9-1.7A4.6 4.6 0 0 0 8 1.5z", class: "glass" }],
    ["rect", { x: 6, y: 12.3, width: 4, height: 1.4, rx: 0.5 }],
    ["rect", { x: 6.6, y: 14.2, width: 2.8, height: 1.2, rx: 0.5 }],
  ]) {
    const part = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) part.setAttribute(key, String(value));
    svg.append(part);
  }
  return h("span", { className: "coach-mark", title: t("Coach on") }, svg, h("span", { className: "visually-hidden" }, " " + t("(coach on)")));
}

/** The switch by your cards: shown where the table allows a coach (or while yours is still on). */
export function coachSwitch(page, act) {
  const table = page.table;
  if (table.seat === null || !table.room) return null;
  const on = coachOn(table.room, table.seat);
  if (!on && !coachAllowed(table.room)) return null;
  const busy = page.coachPending;
  return h("button", { type: "button", className: `coach-switch${on ? " on" : ""}`, role: "switch", "aria-checked": on ? "true" : "false",
    "data-key": "coach", disabled: busy, "aria-busy": busy ? "true" : null, onclick: () => act.coach(!on) },
  h("span", { className: "track", "aria-hidden": "true" }, h("span", { className: "knob" })),
  h("span", { className: "coach-switch-label" }, t("Coach")));
}

/** The coach's word for this moment, near your controls: a bluff meter and its reason, or the move it would make. */
export function coachPanel(page, act) {
  const table = page.table;
  const advice = currentAdvice(table, page.coachAdvice);
  if (!advice) return null;
  const name = (seat) => seatName(table.room, seat);
  const line = coachLine(advice.why || {}, name);
  if (advice.kind === "claim") {
    const share = bluffPercent(advice);
    const text = percent(share / 100);
    return h("section", { className: "coach-panel claim", "aria-label": t("Coach"), "data-state": page.coachAdvice.state },
      h("div", { className: "coach-meter-row" },
        h("span", { className: "coach-title", id: "coach-meter-label" }, t("Bluff chance")),
        h("span", { className: "coach-meter", role: "meter", "aria-labelledby": "coach-meter-label", "aria-valuemin": "0",
          "aria-valuemax": "100", "aria-valuenow": String(share), "aria-valuetext": text },
        h("span", { className: "fill", style: `width:${share}%` })),
        h("span", { className: "coach-number" }, text)),
      h("p", { className: "coach-line" }, line));
  }
  const cards = advice.cards || [];
  return h("section", { className: "coach-panel play", "aria-label": t("Coach"), "data-state": page.coachAdvice.state },
    h("div", { className: "coach-move" },
      h("span", { className: "coach-title" }, t("Coach's move:")), " ",
      h("strong", { className: "coach-cards" }, cards.map(pretty).join(" ")),
      cards.length ? h("button", { type: "button", className: "secondary small", "data-key": "coach-pick", onclick: act.coachPick },
        t("Pick these")) : null),
    h("p", { className: "coach-line" }, line));
}

/** The cards of the coach's suggested play that are in your hand now (the hand marks them). */
export function suggestedCards(page) {
  const advice = currentAdvice(page.table, page.coachAdvice);
  return new Set(advice && advice.kind === "play" ? advice.cards || [] : []);
}
