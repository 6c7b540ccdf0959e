"""Engine speed: complete random-play games per second, and actions per second.

Run: ``python bench/engine.py`` (``--games N`` to change the sample, ``--players 4,6,11``).

Every game is played to its end by the same random policy: the player to act puts down a uniformly
random number of random cards (1 to the whole hand) announcing the due rank; in each doubt window every
other player says "I doubt it" with probability one half, all in one decision round (D3), and if nobody
does, each declines. Three implementations play it, on one core:

* ``checked``: the engine's checked door (``Game.play``, ``Game.doubt``, ``Game.decline``),
* ``fast``: the engine's unchecked door (``play_unchecked`` and friends), as simulations use it,
* ``bare``: a minimal loop of about forty lines with no validation, no log and no views, the floor
  that shows what the policy itself costs in Python.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from idoubtit import Game, Phase, Rules
from idoubtit.engine import STANDARD_DECK, Card, Rank


def play_checked(game: Game, rng: random.Random) -> int:
    while not game.is_over:
        if game.phase is Phase.PLAY:
            hand = game.hand(game.to_play)
            game.play(game.to_play, rng.sample(hand, rng.randint(1, len(hand))))
            continue
        awaiting = game.awaiting
        doubters = [seat for seat in awaiting if rng.random() < 0.5]
        if doubters:
            game.doubt(*doubters)
        else:
            for seat in awaiting:
                game.decline(seat)
    return game.step


def play_fast(game: Game, rng: random.Random) -> int:
    while not game.is_over:
        if game.phase is Phase.PLAY:
            hand = game.hand(game.to_play)
            cards = tuple(rng.sample(hand, rng.randint(1, len(hand))))
            game.play_unchecked(game.to_play, cards, game.due_rank)
            continue
        awaiting = game.awaiting
        doubters = [seat for seat in awaiting if rng.random() < 0.5]
        if doubters:
            game.doubt_unchecked(doubters)
        else:
            for seat in awaiting:
                game.decline_unchecked(seat)
    return game.step


def play_bare(hands: list[list[Card]], rng: random.Random) -> int:
    """The same game with nothing but the rules' arithmetic: the floor for this policy."""
    players, pile, due, seat, actions = len(hands), [], Rank.ACE, 0, 0
    while True:
        hand = hands[seat]
        cards = rng.sample(hand, rng.randint(1, len(hand)))
        for card in cards:
            hand.remove(card)
        pile.extend(cards)
        actions += 1
        truthful = all(card.rank is due for card in cards)
        if not hand:
            if truthful:
                return actions
            hand.extend(pile)
            pile = []
        else:
            others = [(seat + offset) % players for offset in range(1, players)]
            doubters = [other for other in others if rng.random() < 0.5]
            if doubters:
                actions += 1
                taker = seat if not truthful else doubters[0]
                hands[taker].extend(pile)
                pile = []
            else:
                actions += players - 1
        due = due.next_down()
        seat = (seat + 1) % players


def deal(rules: Rules, seed: int) -> list[list[Card]]:
    deck = [card for card in STANDARD_DECK for _ in range(rules.deck_count)]
    random.Random(seed).shuffle(deck)
    return [deck[seat :: rules.players] for seat in range(rules.players)]


def runs_for(rules: Rules) -> dict[str, Callable[[int], int]]:
    """The three implementations, each playing the game of one seed to its end."""
    return {
        "checked": lambda seed: play_checked(Game.deal(rules, seed), random.Random(seed)),
        "fast": lambda seed: play_fast(Game.deal(rules, seed), random.Random(seed)),
        "bare": lambda seed: play_bare(deal(rules, seed), random.Random(seed)),
    }


def measure(run: Callable[[int], int], games: int) -> tuple[float, float, float]:
    start = time.perf_counter()
    actions = sum(run(seed) for seed in range(games))
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per measurement at 4 players")
    parser.add_argument("--players", default="4,6,11", help="table sizes, comma-separated")
    options = parser.parse_args()
    print(f"{'players':>7} {'door':>8} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for players in (int(text) for text in options.players.split(",")):
        rules = Rules(players)
        # Bigger tables play much longer random games: fewer of them give a steady figure.
        games = max(20, options.games * 4 * 4 // (players * players))
        for name, run in runs_for(rules).items():
            per_game, per_action, length = measure(run, games)
            print(f"{players:>7} {name:>8} {per_game:>9.0f} {per_action:>10.0f} {length:>13.1f}")


if __name__ == "__main__":
    main()
