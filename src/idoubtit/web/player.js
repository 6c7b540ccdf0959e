// The browser's own player id: random, made here the first time it is needed and kept in this browser.
// It is no account and the server never shows it to anyone: it only ties this browser's games at every
// table together, for the page of your own games and numbers (/me). Forgetting it makes a fresh one.

import { store, stored } from "./dom.js";

export const PLAYER_KEY = "idoubtit.player";
/** What the server takes as a player id (docs/protocol.md, "Take a seat"). */
export const PLAYER_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** 18 random bytes: 144 bits, 24 characters of base64url, and no padding to strip. */
const BYTES = 18;

/** The id in memory too, so that a browser with its storage off keeps one id for as long as the page lives. */
let current = null;

/** A fresh random id in base64url (letters, digits, "-" and "_"). */
export function newPlayerId(random = (bytes) => crypto.getRandomValues(bytes)) {
  const bytes = random(new Uint8Array(BYTES));
  const text = btoa(String.fromCharCode(...bytes));
  return text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** This browser's player id, made and kept on first need (one that is not a valid id is replaced). */
export function playerId() {
  const kept = stored(PLAYER_KEY);
  if (kept && PLAYER_ID.test(kept)) {
    current = kept;
    return kept;
  }
  if (!current) current = newPlayerId();
  store(PLAYER_KEY, current);
  return current;
}

/** Forget the id: the next games count for a fresh one (the games already played keep the old one). */
export function forgetPlayerId() {
  current = newPlayerId();
  store(PLAYER_KEY, current);
  return current;
}
