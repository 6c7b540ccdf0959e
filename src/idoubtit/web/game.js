// What the page knows of its table, kept from the server's messages, and how it tells the game.
// No DOM here: these functions are the client's logic, tested on their own (tests/web).

import { claimWords, pretty, rankOf, rankPlural } from "./cards.js";
import { characterOf, t, tn } from "./i18n.js";

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

/** How much of the doubt window is left, from 1 (just opened) to 0 (closing); 1 with no doubt timer. */
export function doubtShare(table, now) {
  const left = secondsLeft(table, now);
  if (left === null || table.timer.kind !== "doubt") return 1;
  const total = Number(table.room && table.room.settings.doubt_seconds) || table.timer.seconds;
  return Math.max(0, Math.min(1, left / Math.max(total, 0.001)));
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

/** A seat's name as the page shows it: the name the server gave the seat (bots have first names of their
 * own, from the table's language); "Seat 3" for an empty seat. */
export function seatName(room, seat) {
  const info = room && room.seats[seat];
  return (info && info.name) || t("Seat %(number)d", { number: seat + 1 });
}

/** Whether a seat is played by the computer: a bot's seat, or a person's while a bot stands in. */
export function isComputer(room, seat) {
  const info = room && room.seats[seat];
  return Boolean(info && (info.kind === "bot" || info.bot_playing));
}

export function levelName(level) {
  const base = String(level || "").split("[")[0];
  const character = characterOf(base);
  if (character) return levelName(character.difficulty); // a character is shown by how hard it is to beat
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
    case "game_over": {
      const won = event.winner === me ? t("You win the game!") : t("%(name)s wins the game.", { name: who(event.winner) });
      if (!event.called) return won;
      return `${calledLine()} ${won}`;
    }
    default:
      return "";
  }
}

/** Whether the game of this log ended called: V3's play on came round to the same position a third time. */
export function endedCalled(log) {
  const last = log && log.length ? log[log.length - 1] : null;
  return Boolean(last && last.type === "game_over" && last.called);
}

/** Why a called game ended (the same sentence as the terminal game's). */
export function calledLine() {
  return t("The same position came round a third time: the game ends, and those still in are placed by the cards they hold, fewest first.");
}

/**
 * The log as claims: one story per play, with what became of it (nobody doubted; who doubted, the cards
 * turned up and who took the pile; a wrong rank under V5/R7; the last cards of a hand, R10), and who
 * finished. Events before the first play (none today) are skipped.
 */
export function stories(log) {
  const told = [];
  let story = null;
  for (const event of log) {
    if (event.type === "played") {
      story = {
        seat: event.seat, count: event.count, rank: event.rank, cards: event.cards || null, outcome: "open",
        doubter: null, revealed: null, truthful: null, taker: null, taken: 0, due: null, finished: [], winner: null,
      };
      told.push(story);
      continue;
    }
    if (!story) continue;
    switch (event.type) {
      case "window_closed":
        story.outcome = "let_go";
        break;
      case "doubted":
        story.doubter = event.doubter;
        story.outcome = "doubted";
        break;
      case "revealed":
        story.revealed = event.cards;
        story.truthful = event.truthful;
        if (event.reason === "last_play") story.outcome = "last_play";
        break;
      case "wrong_rank":
        story.outcome = "wrong_rank";
        story.due = event.due;
        break;
      case "pile_taken":
        story.taker = event.seat;
        story.taken = event.count;
        break;
      case "finished":
        story.finished.push(event);
        break;
      case "game_over":
        story.winner = event.winner;
        break;
      default:
        break;
    }
  }
  return told;
}

/** The newest story in which cards were turned up (a doubt or a hand's last cards), or null. */
export function lastReveal(log) {
  const told = stories(log);
  for (let index = told.length - 1; index >= 0; index -= 1) {
    if (told[index].revealed) return { ...told[index], index };
  }
  return null;
}

/**
 * One line of "What happened" for a story, from the reader's seat `me`:
 * "Ann: 2 Kings — nobody doubted"; "Bo: 3 Tens — Ann doubted: 10♠ 10♥ 2♣, a bluff; Bo takes 24 cards".
 */
export function storyLine(story, me, name, { cards: withCards = true } = {}) {
  const who = (seat) => (seat === me ? t("You") : name(seat));
  const claim = t("%(name)s: %(claim)s", { name: who(story.seat), claim: claimWords(story.count, story.rank) });
  const parts = [];
  if (story.outcome === "open") parts.push(t("waiting for answers…"));
  if (story.outcome === "let_go") parts.push(t("nobody doubted"));
  if (story.outcome === "wrong_rank") parts.push(t("%(due)s were due", { due: rankPlural(story.due) }));
  if (story.revealed && withCards) {
    const cards = story.revealed.map(pretty).join(" ");
    const verdict = story.truthful ? t("true") : t("a bluff");
    if (story.outcome === "last_play") parts.push(t("last cards %(cards)s: %(verdict)s", { cards, verdict }));
    else {
      const doubter = story.doubter === me ? t("you doubted") : t("%(name)s doubted", { name: name(story.doubter) });
      parts.push(t("%(doubter)s: %(cards)s, %(verdict)s", { doubter, cards, verdict }));
    }
  } else if (story.revealed && story.outcome === "last_play") parts.push(t("last cards turned up"));
  else if (story.outcome === "doubted") parts.push(story.doubter === me ? t("you doubted") : t("%(name)s doubted", { name: name(story.doubter) }));
  if (story.taker !== null) {
    parts.push(story.taker === me ? tn("you take %(count)d card", "you take %(count)d cards", story.taken)
      : tn("%(name)s takes %(count)d card", "%(name)s takes %(count)d cards", story.taken, { name: name(story.taker) }));
  }
  for (const done of story.finished) {
    if (story.winner === done.seat) continue;
    parts.push(done.seat === me ? t("you finish in place %(place)d", { place: done.place })
      : t("%(name)s finishes in place %(place)d", { name: name(done.seat), place: done.place }));
  }
  if (story.winner !== null) {
    parts.push(story.winner === me ? t("you win the game!") : t("%(name)s wins the game!", { name: name(story.winner) }));
  }
  return `${claim} — ${parts.join("; ")}`;
}

/** The ranks in the order they come due, starting at `due` (R5; V1 goes up). */
export function playOrder(due, ascending = false) {
  const cycle = ascending ? RANKS_UP : RANKS_DOWN;
  const start = cycle.indexOf(due);
  return start < 0 ? cycle : cycle.slice(start).concat(cycle.slice(0, start));
}

const RANKS_DOWN = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
const RANKS_UP = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** Your hand in the order of play: the due rank first, then the rank due next time round, and so on. */
export function handInPlayOrder(view) {
  const order = playOrder(view.due_rank, view.rules.ascending);
  const suits = "SHDC";
  return [...view.hand].sort((a, b) => {
    const byRank = order.indexOf(rankOf(a)) - order.indexOf(rankOf(b));
    return byRank || suits.indexOf(a.slice(-1)) - suits.indexOf(b.slice(-1));
  });
}

/**
 * Where each seat sits around the table, as [x, y] fractions of the table's box: the reader's seat at the
 * bottom, the next to play on its left and so on round (play passes to the left, clockwise seen from above).
 */
export function seatPlaces(count, me) {
  const bottom = me === null || me === undefined ? 0 : me;
  return Array.from({ length: count }, (_, seat) => {
    const turn = (((seat - bottom) % count) + count) % count;
    const angle = Math.PI / 2 + (2 * Math.PI * turn) / count;
    return [0.5 + 0.5 * Math.cos(angle), 0.5 + 0.5 * Math.sin(angle)];
  });
}

/** The reactions a seated person may send (the server knows the same ids), in the page's language. */
export function reactionText(id) {
  return { nice_bluff: t("Nice bluff!"), hmm: t("Hmm…"), oops: t("Oops"), good_game: t("Good game"),
    well_played: t("Well played!"), wow: t("Wow!") }[id] || "";
}

export const REACTIONS = ["nice_bluff", "hmm", "oops", "well_played", "wow", "good_game"];

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
    "limit.reaction": t("One reaction every few seconds, please."),
    "room.locked": t("This table is locked: ask the host to open it."),
    "limit.lookups": t("Too many codes that lead nowhere; wait a moment and try again."),
    "auth.bad_token": t("This seat is no longer yours."),
    "room.not_found": t("There is no table with that code."),
    "room.moving": t("The table is moving to another server. Connecting again…"),
    "room.conflict": t("That cannot be done now: a seat is taken or empty."),
    "room.invalid": t("Those table settings are not allowed."),
    "room.bad_name": t("Type a name first."),
    "limit.rooms_per_address": t("You have too many open tables."),
    "server.storage": t("The server could not save that; try again."),
    "game.not_found": t("There is no game with that number."),
    "history.invalid": t("That page of the history does not exist."),
    "coach.not_allowed": t("The host does not allow the coach at this table now (with more than one person at it, the coach is off unless the host allows it)."),
    "limit.reviews": t("Many games are being reviewed right now: try again in a minute."),
    "game.not_finished": t("That game is not over yet."),
  };
  return known[error.code] || t("That is not allowed now.");
}

/**
 * How tall the oval may be so that your hand and your buttons fit on the screen with it: the screen's
 * height less what lies above the oval and what lies below it down to the buttons' bottom. While the coach
 * is on, room is kept for its word (``coachRoom``) even when it has nothing to say, so that the table does
 * not jump each time it speaks. The stylesheet keeps the oval between its smallest and largest heights: on
 * a short screen the page scrolls as before.
 */
export function ringRoom({ screen, above, below, coachRoom = 0 }) {
  return Math.max(0, Math.floor(screen - above - below - coachRoom));
}
