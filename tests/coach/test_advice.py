"""The coach at the table (coach/advice.py, coach/words.py): advice from the seat's view alone, legal
moves, the count's certainties, and a sentence for every reason in every language."""

from __future__ import annotations

import gettext
import io
import random
from collections.abc import Callable
from typing import Any

import pytest

from idoubtit.bots import make_bot
from idoubtit.coach import Coach
from idoubtit.coach.advice import claim_reason
from idoubtit.coach.puzzle_reasons import CHEAP_PILE
from idoubtit.coach.words import CLAIM_KEYS, coach_line, review_line
from idoubtit.engine import Card, Game, Phase, Rank, Rules, parse_action
from idoubtit.i18n import LANGUAGES, translations
from idoubtit.tui.app import TableApp
from idoubtit.tui.plain import PlainGame
from idoubtit.tui.text import claim_words, rank_names


def coached_game(game: Game, seed: int = 0, steps: int = 80) -> list[dict[str, object]]:
    """Seat 0 follows its coach, medium bots play the other seats; every piece of advice, in order."""
    coach = Coach(0, game.rules, seed=seed, iterations=20)
    bots = {seat: make_bot("medium", random.Random(seat)) for seat in range(1, game.rules.players)}
    said = []
    for _ in range(steps):
        if game.is_over:
            break
        advice = coach.advise(game.view(0))
        if advice is not None:
            said.append(advice.to_dict())
            assert advice.action is not None
            game.apply(parse_action(advice.action))  # the checked door: the advice is always legal
            continue
        seat = next((seat for seat in game.awaiting if seat != 0), game.to_play)
        game.apply(bots[seat].act(game.view(seat)))
    return said


def test_advice_is_always_a_legal_move_of_the_seat() -> None:
    for seed in range(3):
        said = coached_game(Game.deal(Rules(4), seed), seed)
        assert {advice["kind"] for advice in said} == {"play", "claim"}
        for advice in said:
            if advice["kind"] == "claim":
                assert 0.0 <= float(advice["bluff_chance"]) <= 1.0  # type: ignore[arg-type]


def plain_coach(game: Game) -> Coach:
    """The coach ``idoubtit play --plain --coach`` gives seat 0 for this game."""
    coach = PlainGame(game, {}, translations("en"), io.StringIO(), io.StringIO(), coach=True).coach
    assert coach is not None
    return coach


def table_coach_of(number: int) -> Callable[[Game], Coach]:
    """The coach the full-screen table gives seat 0 for this game, dealt as its ``number``-th."""

    def made(game: Game) -> Coach:
        app = TableApp(game, {}, translations("en"), coach=True)
        app.game, app.games_played = game, number  # as the table stands once it has dealt that game
        coach = app.fresh_coach()
        assert coach is not None
        return coach

    return made


def told_apart_only_by_others(seed: int) -> list[Game]:
    """A dealt game, and the same deal with one hidden card of seat 1 and one of seat 2 swapped (no seed
    of its own): seat 0 cannot tell the two apart, but a coach seeded from the deal could."""
    dealt = Game.deal(Rules(3), seed)
    hands = [list(dealt.hand(seat)) for seat in range(3)]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]
    return [dealt, Game.from_hands(Rules(3), hands)]


def advice_while_following(game: Game, coach: Coach, turns: int = 24) -> list[tuple[dict[str, Any], object]]:
    """Seat 0 plays its coach's moves, seats 1 and 2 play one card a turn, and every claim is let go (a
    doubt would turn up cards that differ between the games). Each piece of advice, with the coach's
    random state after it: its advice seldom shows another seed (the expert's choice is robust to its
    sampling), but the same state after every piece shows it drew the same sampled deals."""
    said: list[tuple[dict[str, Any], object]] = []
    for _ in range(turns):
        view = game.view(0)
        advice = coach.advise(view)
        if advice is not None:
            said.append((advice.to_dict(), coach.expert.rng.getstate()))
        if view.must_play:
            assert advice is not None
            assert advice.action is not None
            game.apply(parse_action(advice.action))
        elif game.phase is Phase.PLAY:
            game.play(game.to_play, [game.hand(game.to_play)[-1]])
        else:
            for seat in sorted(game.awaiting):
                game.decline(seat)
    return said


@pytest.mark.parametrize(
    "made", [plain_coach, table_coach_of(1), table_coach_of(2)], ids=["plain", "table", "table-next-game"]
)
def test_the_coach_sees_only_the_seats_view(made: Callable[[Game], Coach]) -> None:
    """Two games the seat cannot tell apart (the others' hidden cards differ, and so does the deal's
    seed; every claim is the same) get the same advice from coaches made as the terminal makes them."""
    games = told_apart_only_by_others(11)
    said = [advice_while_following(game, made(game)) for game in games]
    assert games[0].view(0) == games[1].view(0)  # still alike to seat 0 when the advice is compared
    assert said[0] == said[1]
    kinds = [advice["kind"] for advice, _ in said[0]]
    assert {"play", "claim"} <= set(kinds)


def test_a_claim_the_count_proves_false_is_called_a_bluff() -> None:
    game = Game.from_hands(
        Rules(3), [["AS", "KS", "KH", "KD", "5C"], ["AH", "2C", "3C", "4C"], ["QS", "9D", "JC", "2D"]]
    )
    coach = Coach(0, game.rules, iterations=20)
    coach.advise(game.view(0))
    game.play(0, ["AS"]), game.decline(1), game.decline(2)
    game.play(1, ["2C", "3C"])  # "2 Kings" while seat 0 holds three of the four
    advice = coach.advise(game.view(0))
    assert advice is not None
    assert advice.bluff_chance == 1.0
    assert advice.action == "doubt 0"
    assert advice.why["key"] == "impossible"
    assert advice.why["left"] == 1


def test_a_seat_with_nothing_to_decide_gets_no_advice_and_another_seats_view_is_refused() -> None:
    game = Game.deal(Rules(4), 1)
    coach = Coach(2, game.rules, iterations=10)
    assert coach.advise(game.view(2)) is None  # seat 0 plays first
    with pytest.raises(ValueError, match="seat 2"):
        coach.advise(game.view(1))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_reason_is_a_whole_sentence_in_every_language(language: str) -> None:
    tr = translations(language)
    names = ["Ann", "Bob", "Cy"]
    base = {
        "seat": 1,
        "count": 3,
        "rank": "K",
        "chance": 42,
        "doubt": True,
        "seen": 2,
        "left": 1,
        "caught": 2,
        "shown": 3,
        "pile": 12,
        "card": "4S",
        "turns": 5,
        "true": 1,
        "cards": ["KS", "4S"],
    }
    for key in (*CLAIM_KEYS, "go_out", "truth", "none_due", "truth_and_card"):
        line = coach_line(tr, {**base, "key": key}, names, rank_names(tr), lambda card: str(Card.parse(card)))
        assert "%(" not in line
        assert line.strip()
    assert "Bob" in coach_line(tr, {**base, "key": "impossible"}, names, rank_names(tr))
    assert rank_names(tr)[Rank.KING] in coach_line(tr, {**base, "key": "truth"}, names, rank_names(tr))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_review_reason_is_a_whole_sentence_in_every_language(language: str) -> None:
    tr = translations(language)
    base = {
        "rank": "Q",
        "announced": "K",
        "due": "A",
        "count": 2,
        "seen": 3,
        "left": 1,
        "chance": 30,
        "pile": 9,
        "claimant_cards": 2,
        "cards": ["4S", "7D"],
        "chosen": 20,
        "best": 31,
    }
    keys = (
        "wrong_rank",
        "provably_false",
        "provably_true",
        "likely_bluff",
        "cheap_doubt",
        "near_the_end",
        "doubt_ahead",
        "likely_true",
        "last_card_bluff",
        "no_due",
        "add_bluff",
        "too_many_bluffs",
        "chances",
    )
    for key in keys:
        line = review_line(tr, {**base, "key": key}, rank_names(tr))
        assert line.strip()
        assert "%(" not in line
    assert review_line(tr, {"key": "no such reason"}, rank_names(tr)) == ""


def said_by(speaker: str, tr: gettext.NullTranslations, why: dict[str, Any]) -> str:
    """A reason as the review or the coach says it, with ``why``'s numbers."""
    if speaker == "review":
        return review_line(tr, why, rank_names(tr))
    return coach_line(tr, {**why, "seat": 1, "doubt": True}, ["Ann", "Bob"], rank_names(tr))


@pytest.mark.parametrize(
    ("speaker", "language", "why", "one", "many"),
    [
        ("review", "en", {"key": "cheap_doubt", "chance": 30}, "Only 1 card was in the pile", "Only 2 cards were in"),
        ("review", "en", {"key": "near_the_end"}, "had only 1 card left", "had only 2 cards left"),
        ("review", "en", {"key": "likely_true", "chance": 9}, "takes the pile (1 card).", "takes the pile (2 cards)."),
        ("review", "af", {"key": "cheap_doubt", "chance": 30}, "net 1 kaart in die stapel", "net 2 kaarte in die"),
        ("review", "lb", {"key": "likely_true", "chance": 9}, "(1 Kaart).", "(2 Kaarten)."),
        ("coach", "en", {"key": "near_the_end"}, "Bob has only 1 card left", "Bob has only 2 cards left"),
        ("coach", "en", {"key": "cheap_doubt", "chance": 30}, "Only 1 card is in the pile", "Only 2 cards are in"),
        ("coach", "en", {"key": "big_pile"}, "holds 1 card: a wrong doubt would give it", "2 cards: a wrong doubt"),
        ("coach", "lb", {"key": "near_the_end"}, "nach 1 Kaart:", "nach 2 Kaarten:"),
        ("coach", "lb", {"key": "big_pile"}, "huet 1 Kaart:", "huet 2 Kaarten:"),
        ("coach", "af", {"key": "near_the_end"}, "net 1 kaart oor", "net 2 kaarte oor"),
        ("coach", "af", {"key": "cheap_doubt", "chance": 30}, "net 1 kaart in die stapel", "net 2 kaarte in die"),
    ],
)
def test_a_reason_with_one_card_says_card_not_cards(
    speaker: str, language: str, why: dict[str, Any], one: str, many: str
) -> None:
    tr = translations(language)
    for count, expected in ((1, one), (2, many)):
        line = said_by(speaker, tr, {**why, "pile": count, "claimant_cards": count, "left": count})
        assert expected in line, line


def test_a_doubt_of_a_claim_more_likely_true_says_why_it_pays_not_only_the_chance() -> None:
    """Said alone, a chance of 19 in 100 followed by "I would doubt it." reads as a reason to let it go: the coach
    says instead that a small pile makes a wrong doubt cheap, or that doubting comes out ahead over a bigger one."""
    game = Game.from_hands(
        Rules(3),
        [
            ["AS", "5C", "6C", "7C", "8C", "9C"],
            ["KH", "3C", "4C", "2H", "3H", "4H"],
            ["QS", "9S", "JC", "2D", "3D", "4D"],
        ],
    )
    expert = Coach(0, game.rules, iterations=10).expert
    game.play(0, ["AS"]), game.decline(1), game.decline(2)
    game.play(1, ["3C", "4C"])  # "2 Kings" onto a pile of one card
    small = game.view(0)
    assert (claim_reason(small, expert, 0.19, doubt=True)["key"], small.pile_size) == ("cheap_doubt", 3)
    assert claim_reason(small, expert, 0.6, doubt=True)["key"] == "chance"  # likelier a bluff: the chance says it
    assert claim_reason(small, expert, 0.19, doubt=False)["key"] == "chance"
    assert (
        claim_reason(small, expert, 0.6, doubt=False)["key"] == "big_pile"
    )  # a likely bluff let go: the cost says why
    game.decline(0), game.decline(2)
    game.play(2, ["2D", "3D"]), game.decline(0), game.decline(1)  # "2 Queens"
    game.play(0, ["5C", "6C"]), game.decline(1), game.decline(2)  # "2 Jacks"
    game.play(1, ["KH"])  # "1 Ten" onto a pile of seven cards
    big = game.view(0)
    assert big.pile_size > CHEAP_PILE
    assert claim_reason(big, expert, 0.19, doubt=True)["key"] == "doubt_ahead"
    line = coach_line(
        translations("en"),
        claim_reason(big, expert, 0.19, doubt=True),
        ["Ann", "Bob", "Cy"],
        rank_names(translations("en")),
    )
    assert (
        line
        == "The claim is a bluff about 19 % of the time: often enough that doubting comes out ahead. I would doubt it."
    )


def test_a_provable_bluff_names_the_claim_in_the_singular_or_the_plural() -> None:
    tr = translations("en")
    one = review_line(tr, {"key": "provably_false", "count": 1, "rank": "6", "seen": 4, "left": 0}, rank_names(tr))
    assert one.startswith("The claim was 1 Six, but you knew where 4 of them were"), one
    many = {"key": "provably_false", "count": 3, "rank": "6", "seen": 1, "left": 3}
    assert review_line(tr, many, rank_names(tr)).startswith("The claim was 3 Sixes, but you knew where 1 of them was:")
    mn = translations("mn")
    claim = claim_words(mn, 1, Rank.SIX)
    line = review_line(mn, many | {"count": 1}, rank_names(mn), claim_words=lambda n, r: claim_words(mn, n, r))
    assert claim in line, line
