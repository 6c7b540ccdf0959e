// Cards as the protocol writes them ("AS", "10H", "QD", "2C"), and how the page names and shows them.

import { t, tn } from "./i18n.js";

export const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];
export const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const RED = new Set(["H", "D"]);

export function parseCard(text) {
  const suit = text.slice(-1).toUpperCase();
  let rank = text.slice(0, -1).toUpperCase();
  if (rank === "T") rank = "10";
  if (!RANKS.includes(rank) || !(suit in SUITS)) throw new Error(`not a card: ${text}`);
  return { rank, suit, text: `${rank}${suit}` };
}

export function rankOf(text) {
  return parseCard(text).rank;
}

/** "A♠", "10♥": the short form on the cards themselves. */
export function pretty(text) {
  const card = parseCard(text);
  return `${card.rank}${SUITS[card.suit]}`;
}

/** The name of one card for screen readers: "Ace of spades". */
export function cardName(text) {
  const card = parseCard(text);
  return t("%(rank)s of %(suit)s", { rank: rankName(card.rank), suit: suitName(card.suit) });
}

export function suitName(suit) {
  return { S: t("spades"), H: t("hearts"), D: t("diamonds"), C: t("clubs") }[suit];
}

export function rankName(rank) {
  return {
    A: t("Ace"), K: t("King"), Q: t("Queen"), J: t("Jack"), 10: t("Ten"), 9: t("Nine"), 8: t("Eight"),
    7: t("Seven"), 6: t("Six"), 5: t("Five"), 4: t("Four"), 3: t("Three"), 2: t("Two"),
  }[rank];
}

/** "Aces", "Kings": a rank as it is announced and due. */
export function rankPlural(rank) {
  return {
    A: t("Aces"), K: t("Kings"), Q: t("Queens"), J: t("Jacks"), 10: t("Tens"), 9: t("Nines"), 8: t("Eights"),
    7: t("Sevens"), 6: t("Sixes"), 5: t("Fives"), 4: t("Fours"), 3: t("Threes"), 2: t("Twos"),
  }[rank];
}

/** "3 Kings": what a player claims. */
export function claimWords(count, rank) {
  switch (rank) {
    case "A": return tn("%(count)d Ace", "%(count)d Aces", count);
    case "K": return tn("%(count)d King", "%(count)d Kings", count);
    case "Q": return tn("%(count)d Queen", "%(count)d Queens", count);
    case "J": return tn("%(count)d Jack", "%(count)d Jacks", count);
    case "10": return tn("%(count)d Ten", "%(count)d Tens", count);
    case "9": return tn("%(count)d Nine", "%(count)d Nines", count);
    case "8": return tn("%(count)d Eight", "%(count)d Eights", count);
    case "7": return tn("%(count)d Seven", "%(count)d Sevens", count);
    case "6": return tn("%(count)d Six", "%(count)d Sixes", count);
    case "5": return tn("%(count)d Five", "%(count)d Fives", count);
    case "4": return tn("%(count)d Four", "%(count)d Fours", count);
    case "3": return tn("%(count)d Three", "%(count)d Threes", count);
    default: return tn("%(count)d Two", "%(count)d Twos", count);
  }
}
