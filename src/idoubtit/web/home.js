// Home: your name (and the way to your own games and numbers), a new table (its button in reach on a
// phone; the finer settings folded away), or a table by its code.

import { h, link, store } from "./dom.js";
import { levelName } from "./game.js";
import { t, tn } from "./i18n.js";
import { LEVELS, coachChoice } from "./lobby.js";

export function homeScreen(page, act) {
  const name = h("input", {
    id: "name", "data-key": "name", autocomplete: "nickname", maxlength: "40", value: page.name,
    oninput: (event) => {
      page.name = event.target.value;
      store("idoubtit.name", page.name);
    },
  });
  const code = h("input", {
    id: "code", "data-key": "code", autocapitalize: "characters", autocomplete: "off", maxlength: "8",
    value: page.joinCode || page.code || "", placeholder: "ACE347",
    // Kept in the page, so that a notice (a refusal, a locked table) redrawing the screen loses nothing.
    oninput: (event) => {
      page.joinCode = event.target.value;
    },
  });
  return h("div", { className: "home" },
    h("section", { className: "card-panel" },
      h("h2", {}, h("label", { for: "name" }, t("Your name"))),
      h("p", { className: "hint" }, t("The name others see at the table")),
      name,
      h("p", { className: "to-me" }, link(act, "/me", t("Your games and numbers"), { "data-key": "me" })),
      // The puzzles are a page of their own (puzzles.html): an ordinary link.
      h("p", { className: "to-me" }, h("a", { href: "/puzzles", "data-key": "puzzles" }, t("Puzzles")))),
    newTableForm(page, act),
    h("section", { className: "card-panel" },
      h("h2", {}, t("Join a table")),
      h("label", { for: "code" }, t("Table code")),
      code,
      h("div", { className: "buttons" },
        h("button", { type: "button", className: "primary", "data-key": "join", onclick: () => act.join(code.value) }, t("Join")),
        h("button", { type: "button", className: "secondary", "data-key": "watch", onclick: () => act.watch(code.value) },
          t("Watch")))));
}

/** The new-table form keeps its choices in page.form, so that a redraw (a notice, a language) loses none. */
function newTableForm(page, act) {
  const form = page.form;
  const change = (key, read) => (event) => {
    form[key] = read(event.target);
    if (key === "open_table_sizes") act.render(); // the table sizes and decks on offer change
  };
  const sizes = form.open_table_sizes ? range(2, 20) : range(3, 11);
  if (!sizes.includes(form.players)) form.players = 4;
  const players = h("select", { id: "players", "data-key": "players", onchange: change("players", (el) => Number(el.value)) },
    sizes.map((count) => h("option", { value: String(count), selected: count === form.players }, String(count))));
  const variant = (id, key, label) =>
    h("div", { className: "check" },
      h("input", { type: "checkbox", id, "data-key": id, checked: form[key], onchange: change(key, (el) => el.checked) }),
      h("label", { for: id }, label));
  const decks = form.open_table_sizes
    ? [h("label", { for: "decks" }, t("Decks")),
      h("select", { id: "decks", "data-key": "decks", onchange: change("decks", (el) => Number(el.value)) },
        range(1, 6).map((count) => h("option", { value: String(count), selected: count === form.decks }, String(count))))]
    : [];
  const doubt = h("select", { id: "doubt-seconds", "data-key": "doubt-seconds", onchange: change("doubt_seconds", (el) => Number(el.value)) },
    [3, 5, 8, 12, 20].map((seconds) =>
      h("option", { value: String(seconds), selected: seconds === form.doubt_seconds }, tn("%(count)d second", "%(count)d seconds", seconds))));
  const turn = h("select", { id: "turn-seconds", "data-key": "turn-seconds", onchange: change("turn_seconds", (el) => Number(el.value) || null) },
    h("option", { value: "", selected: !form.turn_seconds }, t("No turn timer")),
    [30, 60, 120].map((seconds) =>
      h("option", { value: String(seconds), selected: seconds === form.turn_seconds }, tn("%(count)d second", "%(count)d seconds", seconds))));
  const level = h("select", { id: "level", "data-key": "level", onchange: change("bot_level", (el) => el.value) },
    LEVELS.map((name) => h("option", { value: name, selected: name === form.bot_level }, levelName(name))));
  const details = h("details", { className: "more", ontoggle: (event) => { form.more = event.target.open; } },
    h("summary", { "data-key": "more" }, t("More settings: variants and timers")),
    h("fieldset", {}, h("legend", {}, t("Variants")),
      variant("v1", "ascending", t("Ranks go up: Ace, Two, Three … (V1)")),
      variant("v2", "capped_plays", t("At most four cards per deck in one play (V2)")),
      variant("v3", "play_on_for_places", t("Play on for second and third place (V3)")),
      variant("v4", "open_table_sizes", t("Any table size from 2 to 20, any number of decks (V4)")),
      variant("v5", "strict_announcing", t("Name the rank yourself; whoever names a wrong rank takes the pile (V5)"))),
    ...decks,
    h("label", { for: "doubt-seconds" }, t("Time to doubt a claim")), doubt,
    h("label", { for: "turn-seconds" }, t("Time for a turn")), turn,
    h("label", { for: "coach" }, t("The coach: hints while you play")),
    coachChoice("coach", form.coach || "auto", (value) => { form.coach = value; }));
  if (form.more) details.open = true;
  return h("section", { className: "card-panel new-table" },
    h("h2", {}, t("New table")),
    h("div", { className: "pair" },
      h("div", {}, h("label", { for: "players" }, t("Players, you included")), players),
      h("div", {}, h("label", { for: "level" }, t("Strength of the computer players")), level)),
    h("button", { type: "button", className: "primary wide", "data-key": "create", onclick: () => act.create(form) }, t("Create table")),
    details);
}

function range(first, last) {
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}
