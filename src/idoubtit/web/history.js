// A table's history (/r/CODE/history): the games played there, newest first and a page at a time, each
// with when, who sat where, how it ended, its length and a link to its replay; below them each seat's
// numbers over the table's finished games. The game list and the numbers serve your own page too (me.js).

import { h, link } from "./dom.js";
import { isComputer } from "./game.js";
import { t, tn } from "./i18n.js";
import { NONE, decimal, lengthText, outcome, percent, seatsBySeat, statusText, when } from "./past.js";
import { nameTag } from "./table.js";

export function historyScreen(page, act) {
  const past = page.history;
  return h("div", { className: "past" },
    h("section", { className: "card-panel past-head" },
      h("h2", {}, t("History of table %(code)s", { code: past.code })),
      h("p", { className: "hint" }, t("Every game played at this table, the newest first.")),
      h("div", { className: "buttons" },
        link(act, `/r/${past.code}`, t("Back to the table"), { className: "button secondary", "data-key": "back-to-table" }))),
    h("section", { className: "card-panel past-games", "aria-labelledby": "games-title" },
      h("h2", { id: "games-title" }, t("Games")),
      gameList(page, act, past, { room: false })),
    h("section", { className: "card-panel past-numbers", "aria-labelledby": "numbers-title" },
      h("h2", { id: "numbers-title" }, t("Numbers per seat")),
      h("p", { className: "hint" }, t("Over the finished games; a seat is counted under the name it had last.")),
      past.stats === null ? h("p", {}, past.error ? "" : t("Loading…"))
        : past.stats.length === 0 ? h("p", {}, t("No game has been finished at this table yet."))
          : seatNumbers(past.stats)));
}

/** The games of a page (the table's or your own), with "Older games" while the server has more. */
export function gameList(page, act, past, { room }) {
  if (past.error) return h("p", { className: "past-error" }, past.error);
  if (past.games === null) return h("p", {}, t("Loading…"));
  if (past.games.length === 0) return h("p", {}, room ? t("You have not played a game yet.") : t("No game has been played at this table yet."));
  return [
    h("ol", { className: "games" }, past.games.map((game) => gameItem(act, game, { room }))),
    past.before !== null
      ? h("div", { className: "buttons" },
        h("button", { type: "button", className: "secondary", "data-key": "older", disabled: past.loading,
          "aria-busy": past.loading ? "true" : null, onclick: act.olderGames }, past.loading ? t("Loading…") : t("Older games")))
      : null,
  ];
}

function gameItem(act, game, { room }) {
  const seats = seatsBySeat(game);
  const tableRoom = { seats };
  const action = game.status === "finished"
    ? link(act, `/g/${game.id}`, t("Replay"), { className: "button primary", "data-key": `replay-${game.id}`,
      "aria-label": t("Replay game %(number)d", { number: game.number }) })
    : game.status === "playing"
      ? h("a", { href: `/r/${game.room}`, className: "button secondary", "data-key": `watch-${game.id}`,
        onclick: (event) => act.watchTable(event, game.room) }, t("Watch the table"))
      : null;
  // The seat this browser held in that game (it keeps a note of each game it sat in): its own review.
  const mine = game.status === "finished" ? act.playedSeat(game.room, game.number) : null;
  const review = mine === null ? null
    : link(act, `/g/${game.id}?review=${mine}`, t("Review my game"), { className: "button secondary", "data-key": `review-${game.id}`,
      "aria-label": t("Review my game %(number)d", { number: game.number }) });
  return h("li", { className: `game ${game.status}` },
    h("div", { className: "game-top" },
      h("h3", {}, t("Game %(number)d", { number: game.number })),
      h("span", { className: `game-status ${game.status}` }, statusText(game.status))),
    h("p", { className: "game-when" },
      h("time", { datetime: game.started_at }, when(game.started_at)), " · ", lengthText(game)),
    room ? h("p", { className: "game-room" },
      link(act, `/r/${game.room}/history`, t("Table %(code)s", { code: game.room }), { "data-key": `table-${game.id}` })) : null,
    h("ul", { className: "game-seats", "aria-label": t("Who sat where") }, seats.map((seat, number) => seat
      ? h("li", { className: game.winner === number ? "won" : "" },
        h("span", { className: "seat-number" }, t("Seat %(number)d", { number: number + 1 })),
        h("span", { className: "who" },
          // A person's seat imported without a name: the seat's number beside it says all there is.
          seat.name || isComputer(tableRoom, number) ? nameTag(tableRoom, number, null) : null,
          outcome(game, number) ? h("span", { className: "outcome" }, outcome(game, number)) : null))
      : null)),
    action ? h("div", { className: "buttons" }, action, review) : null);
}

/** What each measure is and how it reads from a line of totals (a seat's, a table's or your own). */
function measures() {
  const count = (value) => decimal(value ?? 0);
  const share = (value, rate) => [count(value), h("span", { className: "share" }, rate === null || rate === undefined ? NONE : percent(rate))];
  return [
    [t("Games"), (line) => count(line.games)],
    [t("Wins"), (line) => share(line.wins, line.win_rate)],
    [t("Claims"), (line) => count(line.claims)],
    [t("Bluff rate"), (line) => percent(line.bluff_rate)],
    [t("Bluffs caught"), (line) => share(line.bluffs_caught, line.caught_rate)],
    [t("Doubts"), (line) => count(line.doubts)],
    [t("Doubts right"), (line) => share(line.doubts_right, line.doubt_accuracy)],
    [t("Piles taken"), (line) => count(line.piles_taken)],
    [t("Mean pile size"), (line) => decimal(line.pile_size)],
    [t("Cards left per game"), (line) => decimal(line.cards_left_per_game)],
  ];
}

/** The seats side by side, one column each, a measure a row: on a phone four seats fit across. */
function seatNumbers(lines) {
  const room = { seats: [] };
  for (const line of lines) room.seats[line.seat] = line;
  return h("div", { className: "numbers past-table", tabindex: "0", role: "region", "aria-label": t("Numbers per seat") },
    h("table", {},
      h("thead", {}, h("tr", {},
        h("td", {}),
        // The columns go in seat order; the seat's name is all a column needs, to stay narrow on a phone.
        lines.map((line) => h("th", { scope: "col", className: "n", title: t("Seat %(number)d", { number: line.seat + 1 }) },
          nameTag(room, line.seat, null))))),
      h("tbody", {}, measures().map(([label, read]) => h("tr", {},
        h("th", { scope: "row" }, label),
        lines.map((line) => h("td", { className: "n" }, read(line))))))));
}

/** Your totals as tiles, large enough to read at arm's length. */
export function totalTiles(totals) {
  return h("dl", { className: "tiles" }, measures().map(([label, read]) =>
    h("div", { className: "tile" }, h("dt", {}, label), h("dd", {}, read(totals)))));
}

/** One line per table you sat at: its code (a link to its history), your name there and your numbers. */
export function tableLines(act, tables) {
  return h("ul", { className: "table-lines" }, tables.map((line) => h("li", {},
    link(act, `/r/${line.room}/history`, line.room, { className: "code-link",
      "aria-label": t("History of table %(code)s", { code: line.room }) }),
    // A seat imported without a name has none to tell: the line says only the table then.
    " ", line.name ? h("span", { className: "as" }, t("as %(name)s", { name: line.name })) : null, " ",
    h("span", { className: "line-numbers" }, [
      tn("%(count)d game", "%(count)d games", line.games),
      tn("%(count)d win", "%(count)d wins", line.wins),
      t("bluff rate %(rate)s", { rate: percent(line.bluff_rate) }),
      t("doubts right %(rate)s", { rate: percent(line.doubt_accuracy) }),
    ].join(" · ")))));
}
