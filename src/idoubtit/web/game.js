// What the page knows of its table, kept from the server's messages, and how it tells the game.
// No DOM here: these functions are the client's logic, tested on their own (tests/web).

import { claimWords, pretty, rankOf, rankPlural } from "./cards.js";
import { t, tn } from "./i18n.js";

/** A fresh table state: nothing heard yet. */
export function emptyTable() {
  return { room: null, seat: null, state: null, view: null, log: [], timer: null, timerAt: 0, closed: false };
}

/**
 * Take one server message into the table state (returns a new state). A view brings only the log
 * entries from log_from on; when they do not join up with what we have, `needsSync` is set and the
 * caller asks for the whole view again.
 */
export function receive(table, message, now = 0) {
  const next = { ...table, needsSync: false };
  switch (message.type) {
    case "welcome":
      next.room = message.room;
      next.seat = message.you.seat;
      next.log = [];
      takeView(next, message.view);
      next.state = message.state;
      next.timer = message.timer;
      next.timerAt = now;
      break;
    case "update":
      takeView(next, message.view);
      next.state = message.state;
      next.timer = message.timer;
      next.timerAt = now;
      break;
    case "room":
      next.room = message.room;
      break;
    case "closed":
      next.closed = true;
      break;
    default:
      break;
  }
  return next;
}

function takeView(table, view) {
  if (!view) {
    table.view = null;
    return;
  }
  let log = view.log_from === 0 ? [] : table.log;
  if (view.log_from !== log.length) {
    table.needsSync = true;
    log = log.slice(0, view.log_from);
  }
  log = log.concat(view.events);
  if (log.length !== view.log_size) table.needsSync = true;
  table.log = log;
  table.view = view;
}

/** Seconds left on the table's timer now. */
export function secondsLeft(table, now) {
  if (!table.timer) return null;
  return Math.max(0, table.timer.seconds - (now - table.timerAt) / 1000);
}

export function myTurn(table) {
  const view = table.view;
  return Boolean(view && view.phase === "play" && table.seat !== null && view.to_play === table.seat);
}

export function myWindow(table) {
  const view = table.view;
  return Boolean(view && view.phase === "doubt" && table.seat !== null && view.awaiting.includes(table.seat));
}

/** The cards picked for you when your turn comes: every card of the due rank you hold (up to V2's cap). */
export function truthfulPick(view) {
  const due = view.due_rank;
  const cards = view.hand.filter((card) => rankOf(card) === due);
  const cap = maxCards(view);
  return cap === null ? cards : cards.slice(0, cap);
}

/** The most cards one play may hold: V2 caps it at four per deck; otherwise there is no cap (D5). */
export function maxCards(view) {
  return view.rules.capped_plays ? 4 * view.rules.decks : null;
}

/** The ranks one may announce: the due one, and under V5 any (announcing another rank is R7's penalty). */
export function announceable(view) {
  return view.rules.strict_announcing ? ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"] : [view.due_rank];
}

/** A seat's name as the page shows it: the person's name, or "Computer (medium)" in the page's language. */
export function seatName(room, seat) {
  const info = room && room.seats[seat];
  if (!info) return t("Seat %(number)d", { number: seat + 1 });
  if (info.kind === "bot") return t("Computer (%(level)s)", { level: levelName(info.level) });
  return info.name;
}

export function levelName(level) {
  const base = String(level || "").split("[")[0];
  return (
    { easy: t("easy"), medium: t("medium"), hard: t("hard"), expert: t("expert"), random: t("random"),
      honest: t("honest"), counter: t("card counter"), adaptive: t("adaptive"), search: t("searching") }[base] ||
    base
  );
}

/** One line of the claim log, told from the point of view of `me` (null: a spectator). */
export function describe(event, me, name) {
  const you = event.seat === me;
  const who = (seat) => name(seat);
  switch (event.type) {
    case "played": {
      const claim = claimWords(event.count, event.rank);
      if (you) return t("You put down “%(claim)s”.", { claim });
      return t("%(name)s puts down “%(claim)s”.", { name: who(event.seat), claim });
    }
    case "wrong_rank": {
      const values = { announced: rankPlural(event.announced), due: rankPlural(event.due), name: who(event.seat) };
      return you ? t("You announced %(announced)s, but %(due)s were due.", values)
        : t("%(name)s announced %(announced)s, but %(due)s were due.", values);
    }
    case "declined":
      return you ? t("You let it go.") : t("%(name)s lets it go.", { name: who(event.seat) });
    case "window_closed":
      return event.reason === "timer" ? t("Time is up: nobody doubted.") : t("Nobody doubts.");
    case "doubted": {
      const call = t("I doubt it");
      return event.doubter === me ? t("You say: “%(call)s!”", { call })
        : t("%(name)s says: “%(call)s!”", { name: who(event.doubter), call });
    }
    case "revealed": {
      const cards = event.cards.map(pretty).join(" ");
      const verdict = event.truthful ? t("it was true.") : t("it was a bluff!");
      const shown = event.reason === "last_play" ? t("Last cards turned up: %(cards)s", { cards })
        : t("Turned up: %(cards)s", { cards });
      return `${shown} — ${verdict}`;
    }
    case "pile_taken":
      return you ? tn("You take the pile (%(count)d card).", "You take the pile (%(count)d cards).", event.count)
        : tn("%(name)s takes the pile (%(count)d card).", "%(name)s takes the pile (%(count)d cards).", event.count,
          { name: who(event.seat) });
    case "finished":
      return you ? t("You finish in place %(place)d.", { place: event.place })
        : t("%(name)s finishes in place %(place)d.", { name: who(event.seat), place: event.place });
    case "game_over":
      return event.winner === me ? t("You win the game!") : t("%(name)s wins the game.", { name: who(event.winner) });
    default:
      return "";
  }
}

/** The last doubt's outcome, for the table to show: the cards turned up, whether true, who took the pile. */
export function lastReveal(log) {
  for (let index = log.length - 1; index >= 0; index -= 1) {
    const event = log[index];
    if (event.type === "played") return null; // a newer claim is on the table
    if (event.type === "revealed") {
      const taken = log.slice(index + 1).find((later) => later.type === "pile_taken");
      return { cards: event.cards, truthful: event.truthful, seat: event.seat, taker: taken ? taken.seat : null };
    }
  }
  return null;
}

/** A refusal from the server, in the page's language (the code says what; the English message is a fallback). */
export function errorText(error) {
  const known = {
    "game.not_your_turn": t("It is not your turn."),
    "game.window_open": t("First the claim on the table must be doubted or let go."),
    "game.no_window": t("There is no claim to doubt now."),
    "game.not_now": t("You have already answered this claim."),
    "game.over": t("The game is over."),
    "game.not_started": t("The game has not started yet."),
    "action.not_held": t("You do not hold those cards."),
    "action.empty_play": t("Pick at least one card."),
    "action.over_cap": t("That is more cards than one play may hold."),
    "action.rank_required": t("Choose the rank you announce."),
    "state.stale": t("The table moved on; try again."),
    "limit.rate": t("Slow down a little."),
    "auth.bad_token": t("This seat is no longer yours."),
    "room.not_found": t("There is no table with that code."),
    "room.conflict": t("That cannot be done now: a seat is taken or empty."),
    "room.invalid": t("Those table settings are not allowed."),
    "room.bad_name": t("Type a name first."),
    "limit.rooms_per_address": t("You have too many open tables."),
    "server.storage": t("The server could not save that; try again."),
  };
  return known[error.code] || t("That is not allowed now.");
}
