// Motion that explains what happened: cards slide from a player to the pile, and the pile slides to
// whoever takes it. Each flight is a short-lived copy laid over the page (≤ 400 ms), which never takes
// clicks, so input is never blocked; with prefers-reduced-motion nothing moves.

import { lessMotion } from "./dom.js";

export const FLIGHT_MS = 380;

/** The box a flight starts from or lands on: a seat, the pile or your hand. */
function box(root, where) {
  const selector = where === "pile" ? "#pile" : where === "hand" ? ".hand" : `.seat[data-seat="${where}"]`;
  const element = root.querySelector(selector);
  return element ? element.getBoundingClientRect() : null;
}

/** Fly `count` face-down cards (at most five drawn) from one place to another. */
export function fly(root, from, to, count) {
  if (lessMotion() || typeof document.body.animate !== "function") return;
  const start = box(root, from);
  const end = box(root, to);
  if (!start || !end) return;
  for (let index = 0; index < Math.min(count, 5); index += 1) {
    const card = document.createElement("div");
    card.className = "flying";
    card.setAttribute("aria-hidden", "true");
    const x0 = start.left + start.width / 2 - 16 + index * 4;
    const y0 = start.top + start.height / 2 - 22;
    const x1 = end.left + end.width / 2 - 16 + index * 2;
    const y1 = end.top + end.height / 2 - 22;
    card.style.left = `${x0}px`;
    card.style.top = `${y0}px`;
    document.body.append(card);
    const flight = card.animate(
      [{ transform: "translate(0, 0) rotate(0deg)" }, { transform: `translate(${x1 - x0}px, ${y1 - y0}px) rotate(${8 - index * 4}deg)` }],
      { duration: FLIGHT_MS, delay: index * 20, easing: "ease-out", fill: "forwards" },
    );
    flight.onfinish = () => card.remove();
    setTimeout(() => card.remove(), FLIGHT_MS + 200);
  }
}

/** What the new events of a table show in motion. `me` is the reader's seat (null: a spectator). */
export function show(root, events, me) {
  for (const event of events) {
    if (event.type === "played") fly(root, event.seat === me ? "hand" : event.seat, "pile", event.count);
    if (event.type === "pile_taken") fly(root, "pile", event.seat === me ? "hand" : event.seat, event.count);
  }
}
