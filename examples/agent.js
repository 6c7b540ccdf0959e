#!/usr/bin/env node
// A tiny agent for `idoubtit agent` (protocol: docs/agent.md), in plain Node.js with no packages.
//
//   idoubtit agent --players 4 --seat 0 --bots medium --seed 7 -- node examples/agent.js
//
// It reads one JSON message per line on stdin and answers each "decide" with one line on stdout.
// Its play is simple and honest: all its cards of the due rank when it has any, else one card (a bluff
// it cannot avoid), always announcing the due rank; it never doubts. With --show-retry its very first
// answer is a deliberately malformed line, to show the runner's error and retry.
"use strict";
const readline = require("node:readline");

let showRetry = process.argv.includes("--show-retry");

function answer(decide) {
  const { id, view, legal } = decide;
  if (!legal.play) return { id, type: "decline" }; // a doubt window: let the claim pass
  const { due, max_cards: most } = legal.play;
  const truthful = view.hand.filter((card) => card.slice(0, -1) === due); // "10H" → rank "10"
  const cards = truthful.length > 0 ? truthful.slice(0, most) : view.hand.slice(0, 1);
  return { id, type: "play", cards, rank: due };
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "decide") {
    if (showRetry) {
      showRetry = false;
      process.stdout.write("I doubt it!\n"); // not JSON: the runner answers with an error, then asks again
      return;
    }
    process.stdout.write(JSON.stringify(answer(message)) + "\n");
  } else if (message.type === "error" || message.type === "defaulted") {
    console.error(`agent: ${message.type}: ${message.message || message.action}`); // stderr is for people
  } else if (message.type === "result") {
    console.error(`agent: game over, winner seat ${message.winner}`);
  }
});
