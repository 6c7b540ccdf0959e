// A few short cues made in the browser with Web Audio (nothing is loaded): your turn, a doubt, a
// reveal, the end of a game. Off until the player turns sound on; the choice is remembered.

import { store, stored } from "./dom.js";

const KEY = "idoubtit.sound";
let context = null;

export function soundOn() {
  return stored(KEY) === "on";
}

export function setSound(on) {
  store(KEY, on ? "on" : "off");
  if (on) cue("turn"); // a first cue, from the click itself, so the browser lets the page play sound
}

/** The notes of each cue: [frequency in Hz, start in s, length in s]. */
export const CUES = {
  turn: [[660, 0, 0.09], [880, 0.1, 0.12]],
  doubt: [[220, 0, 0.18]],
  reveal: [[523, 0, 0.08], [784, 0.09, 0.14]],
  win: [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.1], [1047, 0.3, 0.22]],
};

export function cue(name) {
  if (!soundOn() || !(name in CUES)) return;
  try {
    context = context || new AudioContext();
    const start = context.currentTime + 0.01;
    for (const [frequency, offset, length] of CUES[name]) {
      const tone = context.createOscillator();
      const volume = context.createGain();
      tone.type = name === "doubt" ? "square" : "sine";
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.015);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
      tone.connect(volume).connect(context.destination);
      tone.start(start + offset);
      tone.stop(start + offset + length + 0.02);
    }
  } catch {
    // no audio here (an old browser, or none allowed yet): the game goes on silently
  }
}
