"""Engine speed: complete random-play games per second, and actions per second.

Run: ``python bench/engine.py`` (``--games N`` to change the sample, ``--players 4,6,11``,
``--policy round``). Each figure is the fastest of ``--repeat`` measurements of the same games (3 by
default), taken in turns with the other implementations. The column "of bare" gives each
implementation's speed as a share of the bare loop's (the targets at 4 players: the fast door at least
80 %, the checked door at least 40 % under both policies); the last column gives the speed of the
slowest measurement as a share of the fastest's, a sign of other work on the machine. On a busy
machine ``--clock cpu`` times by the processor time the benchmark was given instead of the wall clock.

Every game is played to its end by a random policy. The player to act puts down a uniformly random
number of cards (1 to the whole hand), chosen uniformly at random from the hand, announcing the due
rank. Two policies answer the claims (``--policy``, both by default):

* ``round``: in each doubt window every other player says "I doubt it" with probability one half, all
  in one decision round (D3), and if nobody does, each declines;
* ``one-by-one``, as a server sees it: the other players answer the claim one after another in turn
  order, each through its own ``decline`` or ``doubt``, and the first to doubt closes the window; each
  doubts with the chance that makes about one claim in ten doubted, so most claims cost a decline from
  every other seat.

The policy draws from its own generator, seeded apart from the deal's. Three implementations play it,
on one core:

* ``checked``: the engine's checked door (``Game.play``, ``Game.doubt``, ``Game.decline``),
* ``fast``: the engine's unchecked door (``play_unchecked`` and friends, each returning the phase it
  leaves the game in), as simulations use it,
* ``bare``: a minimal loop of about forty lines with no validation, no log and no views, the floor
  that shows what the policy itself costs in Python.

The policy picks cards by chance, so the engine's loops read each hand in the order it is held
(``Game.held``), as the bare loop does, and the three play the very same games: their actions per game
agree exactly.

The cards are chosen by a partial shuffle driven by ``random()``; ``--stdlib-sampler`` chooses them with
``rng.sample(hand, rng.randint(1, len(hand)))`` instead, the same choice with exact integer draws, which
costs about a microsecond more per play in every implementation (earlier figures were measured that
way, with the policy seeded like the deal).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from idoubtit import Game, Phase, Rules
from idoubtit.engine import STANDARD_DECK, Card, Rank

DOUBT_CHANCE = 0.5
#: Under the one-by-one policy, the share of claims that somebody doubts.
CLAIMS_DOUBTED = 0.1
# Looked up once: reading an enum member off its class costs a lookup every time.
PLAY = Phase.PLAY
OVER = Phase.OVER


def choose_cards(hand: Sequence[Card], rng: random.Random) -> list[Card]:
    """The policy's play: a uniformly random number of cards, 1 to the whole hand, chosen uniformly at random.

    A partial Fisher–Yates shuffle on ``rng.random()``: the same choice as ``rng.sample(hand, rng.randint(1,
    len(hand)))`` at half the cost (``random.sample`` draws each index in Python). Turning a float into an
    index among ``n`` is uniform to within ``n`` parts in 2**53: within 2**-44 for the largest hands.
    """
    draw = rng.random
    pool = list(hand)
    size = len(pool)
    count = int(draw() * size) + 1
    for position in range(count):
        other = position + int(draw() * (size - position))
        pool[position], pool[other] = pool[other], pool[position]
    return pool[:count]


def choose_cards_stdlib(hand: Sequence[Card], rng: random.Random) -> list[Card]:
    """The same choice as :func:`choose_cards`, by the standard library's exact (and slower) draws."""
    return rng.sample(hand, rng.randint(1, len(hand)))


Chooser = Callable[[Sequence[Card], random.Random], list[Card]]


#: The answers to one claim: the seats that decline it, in order, then the seats that doubt it together.
Answers = tuple[list[int], list[int]]
Answerer = Callable[[Sequence[int], random.Random], Answers]


def answer_in_a_round(seats: Sequence[int], rng: random.Random) -> Answers:
    """Each seat says "I doubt it" with probability one half, all together; if nobody does, all decline."""
    draw = rng.random
    doubters = [seat for seat in seats if draw() < DOUBT_CHANCE]
    return ([], doubters) if doubters else (list(seats), [])


def answer_one_by_one(seats: Sequence[int], rng: random.Random) -> Answers:
    """Seat after seat declines until one doubts (about one claim in ten), as the answers reach a server."""
    draw = rng.random
    chance = 1 - (1 - CLAIMS_DOUBTED) ** (1 / len(seats))  # per seat, so that a claim is doubted that often
    for position, seat in enumerate(seats):
        if draw() < chance:
            return list(seats[:position]), [seat]
    return list(seats), []


POLICIES: dict[str, Answerer] = {"round": answer_in_a_round, "one-by-one": answer_one_by_one}


def play_checked(game: Game, rng: random.Random, choose: Chooser, answer: Answerer) -> int:
    while not game.is_over:
        if game.phase is PLAY:
            seat = game.to_play
            game.play(seat, choose(game.held(seat), rng))
            continue
        declines, doubters = answer(game.awaiting, rng)
        for seat in declines:
            game.decline(seat)
        if doubters:
            game.doubt(*doubters)
    return game.step


def play_fast(game: Game, rng: random.Random, choose: Chooser, answer: Answerer) -> int:
    phase = game.phase
    while phase is not OVER:  # each fast-door action returns the phase it leaves the game in
        if phase is PLAY:
            seat = game.to_play
            phase = game.play_unchecked(seat, tuple(choose(game.held(seat), rng)))
            continue
        declines, doubters = answer(game.awaiting, rng)
        for seat in declines:
            phase = game.decline_unchecked(seat)
        if doubters:
            phase = game.doubt_unchecked(doubters)
    return game.step


def play_bare(hands: list[list[Card]], rng: random.Random, choose: Chooser, answer: Answerer) -> int:
    """The same game with nothing but the rules' arithmetic: the floor for this policy."""
    players, pile, due, seat, actions = len(hands), [], Rank.ACE, 0, 0
    while True:
        hand = hands[seat]
        cards = choose(hand, rng)
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
            declines, doubters = answer([(seat + offset) % players for offset in range(1, players)], rng)
            actions += len(declines)
            if doubters:
                actions += 1
                taker = seat if not truthful else doubters[0]
                hands[taker].extend(pile)
                pile = []
        due = due.next_down()
        seat = (seat + 1) % players


def deal(rules: Rules, seed: int) -> list[list[Card]]:
    deck = [card for card in STANDARD_DECK for _ in range(rules.deck_count)]
    random.Random(seed).shuffle(deck)
    return [deck[seat :: rules.players] for seat in range(rules.players)]


def policy_rng(seed: int) -> random.Random:
    """The policy's own random numbers for the game dealt from ``seed``.

    Not ``random.Random(seed)``: that would repeat the very numbers that shuffled the deck, so the policy's
    picks would follow the deal's order and the loops, which see the hand in different orders, would not
    play games of the same kind.
    """
    return random.Random(f"policy {seed}")


def runs_for(
    rules: Rules, choose: Chooser = choose_cards, answer: Answerer = answer_in_a_round
) -> dict[str, Callable[[int], int]]:
    """The three implementations, each playing the game of one seed to its end."""
    return {
        "checked": lambda seed: play_checked(Game.deal(rules, seed), policy_rng(seed), choose, answer),
        "fast": lambda seed: play_fast(Game.deal(rules, seed), policy_rng(seed), choose, answer),
        "bare": lambda seed: play_bare(deal(rules, seed), policy_rng(seed), choose, answer),
    }


#: ``--clock``: time on the wall, or the processor time this process was given (which other work on a
#: busy machine disturbs far less, though not at all is too much to hope for).
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def measure(run: Callable[[int], int], games: int, clock: Callable[[], float] = time.perf_counter) -> tuple[float, int]:
    """Seconds to play the games of seeds 0 to ``games - 1``, and the actions they took."""
    start = clock()
    actions = sum(run(seed) for seed in range(games))
    return clock() - start, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per measurement at 4 players")
    parser.add_argument("--players", default="4,6,11", help="table sizes, comma-separated")
    parser.add_argument(
        "--policy", default=",".join(POLICIES), help=f"how claims are answered, comma-separated: {', '.join(POLICIES)}"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="measure each figure this many times, taking turns, and keep the fastest (the least disturbed)",
    )
    parser.add_argument("--clock", choices=CLOCKS, default="wall", help="wall time, or this process's processor time")
    parser.add_argument(
        "--stdlib-sampler", action="store_true", help="choose cards with random.sample and random.randint"
    )
    options = parser.parse_args()
    choose = choose_cards_stdlib if options.stdlib_sampler else choose_cards
    print(
        f"{'policy':>10} {'players':>7} {'door':>8} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
        f" {'of bare':>8} {'slowest':>8}"
    )
    for policy in options.policy.split(","):
        for players in (int(text) for text in options.players.split(",")):
            report(policy, Rules(players), options.games, options.repeat, choose, CLOCKS[options.clock])


def report(
    policy: str, rules: Rules, games_at_four: int, repeat: int, choose: Chooser, clock: Callable[[], float]
) -> None:
    """Measure the three implementations on one policy and table size, and print a line for each."""
    players = rules.players
    # Bigger tables play much longer random games: fewer of them give a steady figure.
    games = max(20, games_at_four * 4 * 4 // (players * players))
    runs = runs_for(rules, choose, POLICIES[policy])
    times: dict[str, list[float]] = {name: [] for name in runs}
    actions: dict[str, int] = {}
    for _ in range(max(1, repeat)):
        for name, run in runs.items():  # in turns, so that other work on the machine hits each alike
            elapsed, actions[name] = measure(run, games, clock)
            times[name].append(elapsed)
    bare = min(times["bare"])
    for name, elapsed_times in times.items():
        best = min(elapsed_times)
        print(
            f"{policy:>10} {players:>7} {name:>8} {games / best:>9.0f} {actions[name] / best:>10.0f}"
            f" {actions[name] / games:>13.1f} {bare / best:>8.0%} {best / max(elapsed_times):>8.0%}"
        )


if __name__ == "__main__":
    main()
