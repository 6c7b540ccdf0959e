"""What the search bot's answers to claims are worth, against answers that know the truth.

    python scripts/doubt_headroom.py --games 400 --answers search,told,truth,model,never
    python scripts/doubt_headroom.py --games 400 --field rock --answers told --told-for one

The search bot (``--bot``) plays against ``--field`` bots (three by default; ``--players`` sets the table,
and a pool ``a+b+c`` is drawn from for every deal), dealt and seated as in ``scripts/doubt_values.py``
(game ``g``: seed ``--seed + g // players``, the search bot in seat ``g % players``, the bot in seat ``s``
drawing from ``random.Random(g * 10 + s)``), once for each way of answering claims named in
``--answers``; everything else it does (its plays, its model of the table) is its own:

- ``search``: its own answers, as it plays;
- ``told``: its own search, but told the truth of the claim (read off the referee's pile, never shown to
  it) as its reading: 0.99 that a false claim is false, 0.01 that a true one is; with ``--told-for`` only
  for some claims (``one``: claims of one card, ``more``: of two or more, ``big``: by a claimant left with
  eight cards or more, ``small``: with fewer), the model's reading for the others;
- ``truth``: it doubts every false claim and no true one; ``truth3``: only false claims onto a pile of three
  cards or more;
- ``model``: the adaptive model's own answer (``AdaptiveBot.should_doubt``);
- ``never``: it doubts only what its count proves.

In every way but ``search`` and ``told`` the claims its count settles are answered as the bot answers them.
``--plays told`` deals the searches of its plays the true hands (read off the referee, never shown to it) in
place of its model's belief, every sampled deal the same one, whatever way it answers claims: what knowing
the hidden cards would be worth to its plays (``--plays own``, the default: its own deals).
Printed, one line per way: games won, doubts a game and the share of them that were right. Set side by
side (the same deals and dice), the lines say how much of the gap between the bot's answers and perfect
ones lies in its reading of claims (``told`` against ``search``) and how much in what it makes of a reading
(``truth`` against ``told``). docs/bots.md ("What better reading would be worth") has the figures.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from idoubtit.bots import make_bot
from idoubtit.bots.base import Bot, start_game
from idoubtit.bots.runner import ask, play_turn, settle_window
from idoubtit.bots.search import SearchBot
from idoubtit.bots.search.ledger import Ledger
from idoubtit.bots.search.sampler import Position, Sampler
from idoubtit.engine import Doubt, Game, Phase, Rules, View
from idoubtit.tournament.gauntlet import parse_fields

PLAYERS = 4
ANSWERS = ("search", "told", "truth", "truth3", "model", "never")
PLAYS = ("own", "told")
#: The claims ``told`` may be limited to, by the claim and the game: which ones are told.
TOLD_FOR: dict[str, Callable[[Game], bool]] = {
    "all": lambda game: True,
    "one": lambda game: game.claim is not None and game.claim.count == 1,
    "more": lambda game: game.claim is not None and game.claim.count >= 2,
    "big": lambda game: game.claim is not None and game.hand_sizes[game.claim.seat] >= 8,
    "small": lambda game: game.claim is not None and game.hand_sizes[game.claim.seat] < 8,
}


@dataclass(frozen=True)
class Setting:
    """One game's setting: how the search bot answers, against whom."""

    answers: str
    told_for: str
    bot: str
    field: str
    seed: int
    #: The share of the claims (among those ``told_for`` picks) that ``told`` tells, drawn claim by claim.
    told_share: float = 1.0
    #: How its plays are searched: ``own`` deals, or ``told`` the true hands.
    plays: str = "own"
    #: Seats at the table; the field (or a pool ``a+b+c``, drawn from for every deal) fills the others.
    players: int = PLAYERS


class TrueDeal(Sampler):
    """Deals the searches of a play the game as it is (the referee's hands and pile), every time."""

    def __init__(self, game: Game, view: View, ledger: Ledger, rng: random.Random) -> None:
        super().__init__(view, ledger, rng)
        self.game = game

    def sample(self, claim_true: bool | None = None) -> Position:
        game = self.game
        owners = [entry.seat for entry in self.ledger.pile]
        assert len(owners) == game.pile_size, "the ledger's pile is the referee's"
        hands = [list(game.held(seat)) for seat in range(len(game.hand_sizes))]
        return Position(hands, list(game.pile()), owners, None)


def tell_plays(searcher: SearchBot, game: Game) -> None:
    """Have the searches of ``searcher``'s plays dealt the true hands of ``game`` (its answers to claims
    keep its own deals)."""

    def dealer(view: View, ledger: Ledger, lie: float | None) -> Sampler | None:
        return TrueDeal(game, view, ledger, searcher.rng) if view.must_play else None

    searcher.dealer = dealer


def claim_false(game: Game) -> bool:
    """The referee's fact: whether the open claim's cards include one of another rank."""
    claim = game.claim
    assert claim is not None
    return any(card.rank != claim.rank for card in game.pile()[-claim.count :])


def answer(setting: Setting, searcher: SearchBot, game: Game, seat: int, dice: random.Random) -> bool:
    """Whether the search bot at ``seat`` doubts the open claim, answering as ``setting.answers`` says
    (``dice`` draw which claims ``told`` tells when it tells only a share of them)."""
    false = claim_false(game)
    told = setting.answers == "told" and TOLD_FOR[setting.told_for](game)
    if told and setting.told_share < 1.0:
        told = dice.random() < setting.told_share
    if setting.answers == "search" or (setting.answers == "told" and not told):
        return isinstance(ask(searcher, game, seat), Doubt)
    if setting.answers == "told":
        searcher.reader = lambda view: 0.99 if false else 0.01
        try:
            return isinstance(ask(searcher, game, seat), Doubt)
        finally:
            searcher.reader = None
    # The other ways answer without searching; the bot still reads the view, as when it answers.
    view = game.view(seat)
    searcher.follow(view)
    settled = searcher.settled_answer(view)
    if settled is not None:
        return isinstance(settled, Doubt)
    if setting.answers == "truth":
        return false
    if setting.answers == "truth3":
        return false and game.pile_size >= 3
    if setting.answers == "model":
        return searcher.model.should_doubt(view)
    return False  # never


def play(setting: Setting, number: int) -> tuple[bool, int, int]:
    """Game ``number``: whether the search bot won, how often it doubted, how many of those were right."""
    players = setting.players
    seat = number % players
    deal = setting.seed + number // players
    game = Game.deal(Rules(players), seed=deal)
    (pool,) = parse_fields(setting.field)
    specs = pool.seating(setting.bot, seat, players, random.Random(deal))
    bots: dict[int, Bot] = {s: make_bot(spec, random.Random(number * 10 + s)) for s, spec in enumerate(specs)}
    searcher = bots[seat]
    if not isinstance(searcher, SearchBot):
        raise SystemExit(f"--bot must be a search bot, not {setting.bot!r}")
    for each, bot in bots.items():
        start_game(bot, each, game.rules)
    if setting.plays == "told":
        tell_plays(searcher, game)
    doubts = right = 0
    dice = random.Random(f"told/{setting.seed}/{number}")
    while not game.is_over:
        if game.phase is Phase.PLAY:
            play_turn(game, bots)
            continue
        answers: dict[int, bool] = {}
        for each in game.awaiting:
            if each == seat:
                answers[each] = answer(setting, searcher, game, each, dice)
                doubts += answers[each]
                right += answers[each] and claim_false(game)
            else:
                answers[each] = isinstance(ask(bots[each], game, each), Doubt)
        settle_window(game, [s for s, d in answers.items() if d], [s for s, d in answers.items() if not d])
    return game.places[0] == seat, doubts, right


def play_one(job: tuple[Setting, int]) -> tuple[bool, int, int]:
    return play(*job)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--answers", default="search,told,truth,model,never", help=f"of {', '.join(ANSWERS)}")
    parser.add_argument("--told-for", default="all", choices=sorted(TOLD_FOR))
    parser.add_argument("--told-share", type=float, default=1.0, help="the share of those claims told (0-1)")
    parser.add_argument("--plays", default="own", choices=PLAYS, help="its plays: own deals or told the hands")
    parser.add_argument("--bot", default="search[iterations=38]", help="the search bot's spec")
    parser.add_argument("--field", default="adaptive", help="the bot in the other seats, or a pool a+b+c")
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    options = parser.parse_args(argv)
    if not 0.0 <= options.told_share <= 1.0:
        parser.error(f"--told-share is a share of the claims, from 0 to 1, not {options.told_share}")
    ways = options.answers.split(",")
    unknown = [way for way in ways if way not in ANSWERS]
    if unknown:
        parser.error(f"no way of answering {', '.join(unknown)}; the ways are {', '.join(ANSWERS)}")
    opponents = "three" if options.players == PLAYERS else str(options.players - 1)
    for way in ways:
        setting = Setting(
            way,
            options.told_for,
            options.bot,
            options.field,
            options.seed,
            options.told_share,
            options.plays,
            options.players,
        )
        began = time.perf_counter()
        jobs = [(setting, number) for number in range(options.games)]
        if options.workers > 1:
            with ProcessPoolExecutor(options.workers) as pool:
                results = list(pool.map(play_one, jobs, chunksize=4))
        else:
            results = [play_one(job) for job in jobs]
        wins = sum(won for won, _, _ in results)
        doubts = sum(count for _, count, _ in results)
        right = sum(count for _, _, count in results)
        told = f" (told for {options.told_for})" if way == "told" and options.told_for != "all" else ""
        if options.plays == "told":
            told += ", plays told the hands"
        if way == "told" and options.told_share < 1.0:
            told += f" (told {options.told_share:.0%} of them)"
        print(
            f"{way}{told} against {opponents} {options.field}: won {wins} of {options.games}"
            f" ({wins / options.games:.1%}), {doubts / options.games:.2f} doubts a game,"
            f" {right / max(doubts, 1):.0%} of them right, {time.perf_counter() - began:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
