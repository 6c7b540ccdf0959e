// Your own page (/me): your name, your numbers over every table this browser sat at (the games its
// player id played), one line per table, your recent games with their replays, and a way to forget the
// player id so that the games from now on count afresh.

import { h, store } from "./dom.js";
import { t } from "./i18n.js";
import { gameList, tableLines, totalTiles } from "./history.js";

export function meScreen(page, act) {
  const me = page.me;
  const name = h("input", {
    id: "me-name", "data-key": "me-name", autocomplete: "nickname", maxlength: "40", value: page.name,
    oninput: (event) => {
      page.name = event.target.value;
      store("idoubtit.name", page.name);
    },
  });
  return h("div", { className: "past me" },
    h("section", { className: "card-panel name-panel" },
      h("h2", {}, h("label", { for: "me-name" }, t("Your name"))),
      h("p", { className: "hint" }, t("The name others see at the table")),
      name,
      h("p", { className: "hint" }, t("A new name counts from the next table you sit at."))),
    h("section", { className: "card-panel totals-panel", "aria-labelledby": "totals-title" },
      h("h2", { id: "totals-title" }, t("Your numbers")),
      me.stats === null ? h("p", {}, me.error ? me.error : t("Loading…"))
        : me.stats.totals.games === 0 ? h("p", {}, t("No finished game counts for you yet: play one and come back."))
          : [totalTiles(me.stats.totals),
            h("h3", {}, t("At each table")),
            tableLines(act, me.stats.tables)]),
    h("section", { className: "card-panel past-games", "aria-labelledby": "games-title" },
      h("h2", { id: "games-title" }, t("Your recent games")),
      gameList(page, act, me, { room: true })),
    h("section", { className: "card-panel forget" },
      h("h2", {}, t("Your player id")),
      h("p", {}, t("This browser keeps a random id that ties your games together. It is no account, and nobody else sees it.")),
      me.forgetting
        ? h("div", { className: "confirm", role: "group", "aria-labelledby": "forget-question" },
          h("p", { id: "forget-question" }, h("strong", {},
            t("Forget it? Your games stay in their tables' history, but this page starts again from nothing."))),
          h("div", { className: "buttons" },
            h("button", { type: "button", className: "doubt-like", "data-key": "forget-yes", onclick: act.forgetPlayer },
              t("Yes, forget my player id")),
            h("button", { type: "button", className: "secondary", "data-key": "forget-no", onclick: () => act.askForget(false) },
              t("Keep it"))))
        : h("div", { className: "buttons" },
          h("button", { type: "button", className: "secondary", "data-key": "forget", onclick: () => act.askForget(true) },
            t("Forget my player id")))));
}
