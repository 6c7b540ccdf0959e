"""Bots at the table: legal play at every size and variant, and nothing but views reach them."""

from __future__ import annotations

import random

import pytest

from idoubtit import Action, Decline, Doubt, Game, IllegalActionError, Play, Rules, View
from idoubtit.bots import Bot, HonestBot, RandomBot, make_bot, play_out, start_game
from idoubtit.bots.runner import play_turn

VARIANT_SETS = [
    {},
    {"ascending": True},
    {"capped_plays": True},
    {"play_on_for_places": True},
    {"strict_announcing": True},
    {"ascending": True, "capped_plays": True, "play_on_for_places": True, "strict_announcing": True},
]


class Spy:
    """Wraps a bot and remembers the type of everything it is handed."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name, self.seen = bot, bot.name, set[type]()

    def act(self, view: View) -> Action:
        self.seen.add(type(view))
        return self.bot.act(view)


@pytest.mark.parametrize("players", [3, 4, 6, 11])
@pytest.mark.parametrize("variants", VARIANT_SETS, ids=lambda v: ",".join(v) or "default")
def test_bots_play_whole_games_legally_at_every_size_and_variant(players: int, variants: dict[str, bool]) -> None:
    rules = Rules(players, **variants)
    for seed in range(8):
        spies = [
            Spy(make_bot("random" if seat % 2 else "honest", random.Random(seed * 100 + seat)))
            for seat in range(players)
        ]
        # The checked door raises on any illegal action, so finishing proves every action was legal.
        game = play_out(Game.deal(rules, seed), spies, max_rounds=20_000)
        assert game.is_over
        assert sum(game.hand_sizes) + game.pile_size == rules.card_count
        assert all(spy.seen == {View} for spy in spies if spy.seen)


def test_a_bot_answering_for_another_seat_is_refused() -> None:
    class Impostor:
        name = "impostor"

        def act(self, view: View) -> Action:
            return Decline(0)  # always claims to be seat 0

    game = Game.from_hands(Rules(3), [["AS", "KS"], ["AH", "KH"], ["AD", "KD"]])
    game.play(0, ["AS"])
    with pytest.raises(IllegalActionError, match="impostor"):
        play_turn(game, {1: Impostor(), 2: HonestBot()})
    assert game.step == 1


def test_a_bot_that_doubts_when_it_should_play_is_refused() -> None:
    class Confused:
        name = "confused"

        def act(self, view: View) -> Action:
            assert view.seat is not None
            return Doubt((view.seat,))

    game = Game.from_hands(Rules(3), [["AS", "KS"], ["AH", "KH"], ["AD", "KD"]])
    with pytest.raises(IllegalActionError, match="must answer Play"):
        play_turn(game, {0: Confused()})


def test_simultaneous_bot_doubts_are_settled_by_r9() -> None:
    game = Game.from_hands(Rules(4), [["2S", "3S"], ["AH", "KH"], ["AD", "KD"], ["AC", "KC"]])
    game.play(0, ["2S"])  # a bluff: "one Ace"
    always = RandomBot(random.Random(1), doubt_chance=1.0)
    events = play_turn(game, {1: always, 2: always, 3: always})
    doubted = events[0]
    assert doubted.to_dict() == {"type": "doubted", "seats": [1, 2, 3], "doubter": 1}


def test_bots_load_by_name_and_dotted_path() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("idoubtit.bots.honest:HonestBot"), HonestBot)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nobody")
    with pytest.raises(ValueError, match="cannot load"):
        make_bot("idoubtit.bots.honest:NoSuchBot")


def test_random_bot_plays_within_the_v2_cap_and_announces_the_due_rank() -> None:
    rules = Rules(3, capped_plays=True)
    bot = RandomBot(random.Random(3))
    for seed in range(30):
        view = Game.deal(rules, seed).view(0)
        action = bot.act(view)
        assert isinstance(action, Play)
        assert 1 <= len(action.cards) <= 4
        assert action.rank is view.due_rank


class Recorder:
    """Wraps a bot: remembers every action it takes and every ``start`` it is told of."""

    def __init__(self, bot: Bot) -> None:
        self.bot, self.name = bot, bot.name
        self.actions: list[Action] = []
        self.starts: list[tuple[int, Rules]] = []

    def start(self, seat: int, rules: Rules) -> None:
        self.starts.append((seat, rules))
        start_game(self.bot, seat, rules)

    def act(self, view: View) -> Action:
        action = self.bot.act(view)
        self.actions.append(action)
        return action


def test_play_out_tells_each_bot_its_seat_and_the_rules_before_the_game() -> None:
    rules = Rules(4, ascending=True)
    bots = [Recorder(HonestBot()) for _ in range(4)]
    play_out(Game.deal(rules, 3), bots, max_rounds=1)
    assert [bot.starts for bot in bots] == [[(seat, rules)] for seat in range(4)]
    assert sum(len(bot.actions) for bot in bots) == 1  # told before the first decision, not instead of it


def same_dice(fresh: object, used: object) -> None:
    """Give ``fresh`` the random state ``used`` has now (and its model's, for the search bot)."""
    for owner_fresh, owner_used in ((fresh, used), (getattr(fresh, "model", None), getattr(used, "model", None))):
        if owner_used is not None:
            owner_fresh.rng.setstate(owner_used.rng.getstate())  # type: ignore[union-attr]


def decisions(bots: list[Bot], game: Game, hook: bool, rounds: int = 400) -> list[list[Action]]:
    """Every seat's actions in ``game`` over at most ``rounds`` decision rounds, with or without the
    start hook."""
    recorders = [Recorder(bot) for bot in bots]
    if hook:
        play_out(game, recorders, max_rounds=rounds)
    else:
        seated: dict[int, Bot] = dict(enumerate(recorders))
        for _ in range(rounds):
            if game.is_over:
                break
            play_turn(game, seated)
    return [recorder.actions for recorder in recorders]


@pytest.mark.parametrize("hook", [True, False], ids=["told", "by-views"])
@pytest.mark.parametrize("spec", ["counter", "adaptive[carry=0]", "search[iterations=3,carry=0]"])
def test_a_bot_that_played_a_game_plays_the_next_as_a_fresh_bot_would(spec: str, hook: bool) -> None:
    # A server keeps one bot per seat for game after game. The first game here is cut short, so the
    # second one's log soon grows longer than the one the bots last read: only a bot that notices the
    # new game (told by the hook, or by its views) decides as a fresh one does. (The adaptive model
    # carries what it learned of each opponent into the next game unless carry is 0: that is tested
    # in test_adaptive.py; here everything else must start over.)
    rules = Rules(4)
    used = [make_bot(spec, random.Random(seat)) for seat in range(4)]
    decisions(used, Game.deal(rules, 1), hook, rounds=7)
    fresh = [make_bot(spec, random.Random(100 + seat)) for seat in range(4)]
    for new, old in zip(fresh, used, strict=True):
        same_dice(new, old)
    # The second game starts where the first one's seats are, but the deal is new: seat 1 first.
    second = decisions(used, Game.deal(rules, 2, first=1), hook)
    assert second == decisions(fresh, Game.deal(rules, 2, first=1), hook)
    assert sum(map(len, second)) > 20
