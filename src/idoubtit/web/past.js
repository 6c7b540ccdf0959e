// Games already played, without the DOM: how a game of the archive is told (its date in the page's
// language, its length, its status, who finished where), how the numbers read, and how the replay viewer
// finds its way through the frames (docs/protocol.md, "Looking back"). Tested on their own (tests/web).

import { pretty, rankOf } from "./cards.js";
import { describe } from "./game.js";
import { language, t, tn } from "./i18n.js";

/** What the page shows for a rate or mean with nothing to divide by. */
export const NONE = "–";

/** "1 Dec 2026, 20:14" as the page's language writes a date and time. */
export function when(iso, lang = language()) {
  if (!iso) return NONE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NONE;
  if (Intl.DateTimeFormat.supportedLocalesOf([lang]).length) {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(date);
  }
  // Browsers may come without a language's dates (Chromium has none for Mongolian or Luxembourgish, and
  // writes "2026 M12 1"): then the catalogs say how the language writes one.
  const months = [t("January"), t("February"), t("March"), t("April"), t("May"), t("June"), t("July"), t("August"),
    t("September"), t("October"), t("November"), t("December")];
  const time = `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
  return t("%(month)s %(day)d, %(year)d, %(time)s",
    { month: months[date.getMonth()], day: date.getDate(), year: date.getFullYear(), time });
}

/** A share (0.376) as a percentage in the page's language ("38%", "38 %"); "–" for null. */
export function percent(value, lang = language()) {
  if (value === null || value === undefined) return NONE;
  return new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 0 }).format(value);
}

/** A mean (7.77) with one decimal at most, as the page's language writes it; "–" for null. */
export function decimal(value, lang = language()) {
  if (value === null || value === undefined) return NONE;
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value);
}

export function statusText(status) {
  return { playing: t("In progress"), finished: t("Finished"), abandoned: t("Given up") }[status] || status;
}

/** "148 actions · 12 minutes": a game's length in actions, and in minutes once it took one or more. */
export function lengthText(game) {
  const parts = [tn("%(count)d action", "%(count)d actions", game.steps)];
  if (game.started_at && game.finished_at) {
    const minutes = Math.round((new Date(game.finished_at) - new Date(game.started_at)) / 60000);
    parts.push(minutes >= 1 ? tn("%(count)d minute", "%(count)d minutes", minutes) : t("under a minute"));
  }
  return parts.join(" · ");
}

/** The seats of a game entry by seat number (the entry lists them in seat order; this does not rely on it). */
export function seatsBySeat(game) {
  const seats = [];
  for (const seat of game.seats || []) seats[seat.seat] = seat;
  return seats;
}

/** How one seat ended a game: the winner, a place (V3), the cards it still held, or nothing yet. */
export function outcome(game, seat) {
  if (game.status !== "finished") return "";
  if (game.winner === seat) return t("winner");
  const place = (game.places || []).indexOf(seat);
  if (place >= 0) return t("place %(place)d", { place: place + 1 });
  const left = seatsBySeat(game)[seat]?.numbers?.cards_left;
  return left === undefined || left === null ? "" : tn("%(count)d card left", "%(count)d cards left", left);
}

// ------------------------------------------------------------------------------------------------
// The replay

/** The first frame after `step` that `mark` says yes to (frame.doubt, frame.pile_taken), or -1. */
export function nextFrame(frames, step, mark) {
  for (let index = step + 1; index < frames.length; index += 1) {
    if (frames[index][mark]) return index;
  }
  return -1;
}

/** Step and point of view from a replay link's query (`?step=12&seat=1`), kept within the game. */
export function readQuery(search, frames, seats) {
  const query = new URLSearchParams(search);
  const whole = (text) => (text !== null && /^\d{1,6}$/.test(text) ? Number(text) : null);
  const step = whole(query.get("step"));
  const seat = whole(query.get("seat"));
  return {
    step: step === null ? 0 : Math.min(step, Math.max(frames - 1, 0)),
    seat: seat !== null && seat < seats ? seat : null,
  };
}

/** The query of a replay link at a step and point of view (nothing for the deal seen with every hand), and
 * the seat whose review it shows, if any. */
export function writeQuery(step, seat, review = null) {
  const query = new URLSearchParams();
  if (step) query.set("step", String(step));
  if (seat !== null && seat !== undefined) query.set("seat", String(seat));
  if (review !== null && review !== undefined) query.set("review", String(review));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The action's notation as `seat` could know it: another seat's play shows how many cards, not which
 * ("play 1 ?? ?? as J"); with every hand face up (`seat` null), and for the seat's own plays, it is whole.
 */
export function notation(frame, seat) {
  const action = frame.action || "";
  const play = action.match(/^play (\d+) (.+?) as (\S+)$/);
  if (seat === null || frame.seat === seat || frame.kind !== "play") return action;
  if (!play) return `play ${frame.seat}`; // a notation this page does not know: no card of it shown
  return `play ${play[1]} ${play[2].split(" ").map(() => "??").join(" ")} as ${play[3]}`;
}

/** Whether a play put down anything but the rank it announced (R6). */
export function isBluff(event) {
  return Boolean(event.cards && event.cards.some((card) => rankOf(card) !== event.rank));
}

/**
 * What happened at a frame, one line per event: with every hand face up (`seat` null) from the frame's
 * events, a play's cards and whether it was a bluff told too; from a seat's point of view from
 * `frame.seen[seat]`, which holds only what that seat saw (its own cards, the cards turned up).
 */
export function frameLines(frame, seat, name) {
  if (frame.step === 0 || !frame.action) return [t("The cards are dealt.")];
  const events = seat === null ? frame.events : (frame.seen && frame.seen[seat]) || [];
  const lines = [];
  for (const event of events) {
    let line = describe(event, null, name);
    if (event.type === "played" && event.cards) {
      const cards = event.cards.map(pretty).join(" ");
      line += " " + (isBluff(event) ? t("Cards: %(cards)s, a bluff.", { cards }) : t("Cards: %(cards)s, the truth.", { cards }));
    }
    if (line) lines.push(line);
  }
  return lines;
}
