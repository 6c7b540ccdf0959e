"""Puzzles (coach/puzzles.py): the shipped set is large and mixed, every puzzle holds only what its seat
could see, and its answer is the one a search twice as deep finds; puzzles found in a game hold the
seat's whole view at that step, and a claim the count proves false is a doubt puzzle that says so."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

from idoubtit.bots import make_bot
from idoubtit.bots.runner import play_out
from idoubtit.bots.search import SearchBot
from idoubtit.coach.puzzle_reasons import KEYS, doubt_why, sentence
from idoubtit.coach.puzzles import (
    DIFFICULTIES,
    KINDS,
    MARGIN,
    MAX_OPTIONS,
    Puzzle,
    Quotas,
    Search,
    bot_game,
    confirm,
    gather,
    load_set,
    puzzles_in_game,
    recheck,
    save_set,
    set_text,
    shipped_path,
)
from idoubtit.coach.seat_view import pack_event, pack_view, unpack_event, unpack_view, view_from_dict
from idoubtit.engine import (
    STANDARD_DECK,
    Card,
    Doubt,
    Game,
    PileTaken,
    Played,
    Rank,
    Revealed,
    Rules,
    action_of,
    parse_action,
)
from tests.project_files import load_file

#: A JSON string that is exactly a card, wherever it sits (the leak test's reading, tests/server/test_leak.py).
CARD_STRING = re.compile(r'"((?:10|[2-9AKQJ])[SHDC])"')
#: A card anywhere in a packed log or hand ("P0:2:K=AS,10H", "AS 10H").
PACKED_CARD = re.compile(r"(?<![0-9A-Z])((?:10|[2-9AKQJ])[SHDC])(?![0-9A-Z])")


@cache
def shipped() -> tuple[Puzzle, ...]:
    return tuple(load_set())


def cards_in(data: Any) -> Counter[str]:
    """Every card named anywhere in a puzzle's JSON, its packed log and hand included."""
    text = json.dumps(data)
    found = Counter(CARD_STRING.findall(text))
    for option in data["options"]:
        found.update(PACKED_CARD.findall(option))
    packed = data.get("packed")
    if packed:
        found.update(PACKED_CARD.findall(packed["hand"] + " " + packed["log"]))
    return found


class Truth:
    """What a seat could know after each step of a record (as tests/server/test_leak.py's Truth): its own
    hand as dealt, the piles it picked up, and every card turned face up."""

    def __init__(self, record: dict[str, Any], seat: int) -> None:
        game = Game.replay({**record, "actions": []})
        known = {str(card) for card in game.hand(seat)}
        self.known = [frozenset(known)]
        for notation in record["actions"]:
            for event in game.apply(parse_action(notation)):
                if isinstance(event, Revealed) or (isinstance(event, PileTaken) and event.seat == seat):
                    known.update(str(card) for card in event.cards or ())
            self.known.append(frozenset(known))


def test_the_shipped_set_has_500_puzzles_of_both_kinds_every_difficulty_and_3_to_6_players() -> None:
    puzzles = shipped()
    assert len(puzzles) >= 500
    cells = Counter((puzzle.kind, puzzle.difficulty) for puzzle in puzzles)
    assert all(cells[kind, difficulty] >= 30 for kind in KINDS for difficulty in DIFFICULTIES), cells
    assert {puzzle.rules["players"] for puzzle in puzzles} == {3, 4, 5, 6}
    assert len({puzzle.id for puzzle in puzzles}) == len(puzzles)
    assert shipped_path().stat().st_size < 1_500_000
    assert json.loads(shipped_path().read_text(encoding="utf-8"))["made_by"].startswith(
        "python scripts/make_puzzles.py"
    )


def test_every_shipped_puzzle_is_a_whole_view_with_a_clear_answer_and_its_reason() -> None:
    for puzzle in shipped():
        view = puzzle.seat_view()
        assert view.to_dict() == puzzle.view  # read back whole, exactly as the engine made it
        assert view.rules.to_dict() == puzzle.rules
        assert view.step == sum(action_of(event) is not None for event in view.log)  # the log from step 0
        assert len(view.hand) == view.hand_sizes[puzzle.seat]
        if puzzle.kind == "doubt":
            assert view.may_doubt
            assert sorted(text.split()[0] for text in puzzle.options) == ["decline", "doubt"]
        else:
            assert view.must_play
            assert 2 <= len(puzzle.options) <= MAX_OPTIONS
        assert all(int(text.split()[1]) == puzzle.seat for text in puzzle.options)
        assert puzzle.wins[puzzle.answer_index] == max(puzzle.wins)
        assert puzzle.check["lead"] >= 100 * MARGIN
        assert puzzle.check["confirm_deals"] == 2 * puzzle.check["deals"]
        assert puzzle.why["key"] in KEYS
        assert puzzle.reason == sentence(puzzle.why)


def test_no_shipped_puzzle_holds_a_card_its_seat_could_not_have_seen() -> None:
    """Rebuilt from the puzzle's own log: the seat knows its hand, the cards it put down and picked up,
    and the cards turned up; another seat's plays and pickups carry no cards; and the hand it holds is
    the one its own plays and pickups leave of a hand it could have been dealt."""
    dealt = {3: 18, 4: 13, 5: 11, 6: 18}  # the most cards a seat is dealt (R3, D6)
    for puzzle in shipped():
        view = puzzle.seat_view()
        known = Counter(str(card) for card in view.hand)
        start = Counter(str(card) for card in view.hand)
        for event in view.log:
            if isinstance(event, Played | PileTaken) and event.seat != puzzle.seat:
                assert event.cards is None, f"{puzzle.id}: another seat's cards in {event}"
            elif isinstance(event, Played):
                assert event.cards is not None
                start.update(str(card) for card in event.cards)
            elif isinstance(event, PileTaken):
                assert event.cards is not None
                start.subtract(str(card) for card in event.cards)
            if isinstance(event, Played | PileTaken | Revealed) and event.cards:
                known.update(str(card) for card in event.cards)
        assert min(start.values(), default=0) >= 0
        assert sum(start.values()) <= dealt[puzzle.rules["players"]]
        seen = {name for name in known if known[name] > 0}
        for data in (puzzle.to_dict(), puzzle.to_dict(packed=True)):
            assert set(cards_in(data)) <= seen, f"{puzzle.id}: {set(cards_in(data)) - seen}"


def test_a_handful_of_shipped_answers_agree_with_a_fresh_search_twice_as_deep() -> None:
    rng = random.Random("recheck")
    sample = [
        *rng.sample([p for p in shipped() if p.kind == "doubt"], 4),
        *rng.sample([p for p in shipped() if p.kind == "play"], 4),
    ]
    for puzzle in sample:
        best, lead = confirm(puzzle, iterations=2 * int(puzzle.check["deals"]), seed="a fresh seed")
        assert best == puzzle.answer, puzzle.id
        assert lead > 0.0


def test_a_recheck_keeps_what_the_expert_still_finds_and_leaves_out_what_it_does_not(tmp_path: Path) -> None:
    """When the expert changes, ``make_puzzles.py --recheck`` searches the set again: a puzzle whose
    answer it still finds stays, with this search's chances; one whose answer it rejects goes."""
    good = next(p for p in shipped() if p.kind == "doubt" and p.check["confirm_lead"] >= 20)
    other = next(option for option in good.options if option != good.answer)
    wrong = dataclasses.replace(good, id="tampered", answer=other)
    kept = recheck([good, wrong])
    assert [puzzle.id for puzzle in kept] == [good.id]
    chances = kept[0].wins
    assert max(chances) == chances[kept[0].answer_index]
    assert abs(kept[0].check["confirm_lead"] - 100 * (max(chances) - min(chances))) < 0.1
    assert kept[0].check["confirm_lead"] >= 100 * 0.75 * MARGIN
    # A play's reason that quotes the chances quotes the new ones.
    quoting = next(p for p in shipped() if p.why["key"] == "chances")
    stale = dataclasses.replace(quoting, why={**quoting.why, "best": 1, "second": 0})
    (again,) = recheck([stale])
    assert again.why["best"] == round(100 * max(again.wins))
    assert str(again.why["best"]) in again.reason
    # The script does the same to a set file, and says so in the file.
    path = tmp_path / "set.json"
    save_set([good, wrong], path, made_by="python scripts/make_puzzles.py --seed 1")
    script = load_file("scripts", "make_puzzles")
    script.main(["--recheck", "--out", str(path)])
    assert [puzzle.id for puzzle in load_set(path)] == [good.id]
    made_by = json.loads(path.read_text(encoding="utf-8"))["made_by"]
    assert made_by == "python scripts/make_puzzles.py --seed 1; python scripts/make_puzzles.py --recheck"


def test_puzzles_found_in_games_hold_the_seats_whole_view_at_that_step_and_nothing_else() -> None:
    records = [bot_game(0, "test-4"), bot_game(0, "test-9")]
    assert [Rules.from_dict(record["rules"]).players for record in records] == [3, 3]
    found = 0
    for record in records:
        for puzzle in puzzles_in_game(record, Search(iterations=20, seed="test")):
            game = Game.replay({**record, "actions": record["actions"][: puzzle.view["step"]]})
            assert puzzle.view == game.view(puzzle.seat).to_dict()
            truth = Truth(record, puzzle.seat)
            for data in (puzzle.to_dict(), puzzle.to_dict(packed=True)):
                leaked = set(cards_in(data)) - truth.known[puzzle.view["step"]]
                assert not leaked, f"seat {puzzle.seat} at step {puzzle.view['step']}: {sorted(leaked)}"
            assert "seed" not in json.dumps(puzzle.to_dict(packed=True))
            found += 1
    assert found >= 10


def claim_of_one_seven() -> Game:
    """Seat 1 claims one Seven while seat 0 holds all four (R1): the claim is provably false."""
    hands = [
        ["AS", "JS", "8S", "7S", "7H", "7D", "7C", "6C", "4S"],
        ["KH", "10H", "2C", "3C"],
        ["QS", "9D", "2D", "3D", "4D", "6D", "JD"],
    ]
    game = Game.from_hands(Rules(3), hands)
    for seat, card in [(0, "AS"), (1, "KH"), (2, "QS"), (0, "JS"), (1, "10H"), (2, "9D"), (0, "8S")]:
        game.play(seat, [card])
        for other in range(3):
            if other != seat:
                game.decline(other)
    game.play(1, ["2C"])  # "1 Seven"
    return game


def test_a_claim_the_count_proves_false_is_explained_by_the_count() -> None:
    view = claim_of_one_seven().view(0)
    expert = SearchBot(rng=random.Random(0), iterations=20)
    expert.start(0, view.rules)
    expert.option_values(view)
    why = doubt_why(view, Doubt((0,)), expert)
    assert why == {"key": "provably_false", "count": 1, "rank": "7", "seen": 4, "copies": 4}
    assert sentence(why) == (
        "They claim 1 Seven, but there are only 4 Sevens and you know where 4 of them are: it must be a bluff."
    )


def test_a_position_whose_options_are_close_is_no_puzzle_even_one_the_rules_settle() -> None:
    """Seat 2 may doubt the false claim too, so the expert finds doubting and letting it go about as good."""
    game = claim_of_one_seven()
    step = game.step
    game.decline(0)
    record = play_out(game, [make_bot("medium", random.Random(seat)) for seat in range(3)]).record()
    found = puzzles_in_game(record, Search(iterations=60), seats=[0])
    assert step not in [puzzle.view["step"] for puzzle in found]


def test_a_set_keeps_to_its_quotas_and_reads_back() -> None:
    records = [bot_game(0, "test-9")]
    puzzles = gather(records, Search(iterations=15, seed="test"), Quotas(per_cell=1, per_seat=1))
    cells = Counter((puzzle.kind, puzzle.difficulty) for puzzle in puzzles)
    assert puzzles
    assert max(cells.values()) == 1
    data = json.loads(set_text(puzzles, "a test"))
    assert [Puzzle.from_dict(item) for item in data["puzzles"]] == puzzles


def test_a_packed_view_is_the_engines_view_again_with_every_kind_of_event() -> None:
    rules = Rules(3, strict_announcing=True, play_on_for_places=True)
    game = Game.from_hands(rules, [["AS", "KS", "2C", "7S"], ["AH", "KH", "QH", "5D"], ["10S", "10H", "3D", "4D"]])
    game.play(0, ["AS"], "A"), game.close_window()
    game.play(1, ["5D"], "Q")  # R7: a wrong rank takes the pile
    game.play(2, ["10S"], "Q"), game.doubt(0, 1)
    game.play(0, ["KS", "2C"], "J"), game.decline(1), game.doubt(2)
    views = [game.view(seat).to_dict() for seat in range(3)]
    game = Game.from_hands(Rules(3), [["AS"], ["AH", "KH"], ["QS", "JD"]])
    game.play(0, ["AS"])  # R10: the last play turned up, and true: seat 0 wins
    views.append(game.view(1).to_dict())
    # V3: a play on called when a position came round a third time (V5 wrong ranks take their cards back).
    game = Game.from_hands(rules, [["AS"], ["KS"], ["QS"]])
    game.play(0, ["AS"], "A")
    while not game.is_over:
        game.play(game.to_play, game.hand(game.to_play), "2" if game.due_rank is not Rank.TWO else "3")
    views.append(game.view(2).to_dict())
    assert views[-1]["log"][-1]["called"] is True
    for view in views:
        for event in view_from_dict({**view, "log": view["log"]}).log:
            assert unpack_event(pack_event(event)) == event
        over = view["final_hands"] is not None
        if not over:
            assert unpack_view(pack_view(view), view["rules"]) == view
    assert {event["type"] for view in views for event in view["log"]} >= {
        "played", "wrong_rank", "declined", "window_closed", "doubted", "revealed", "pile_taken", "finished",
        "game_over",
    }  # fmt: skip


def test_every_card_string_of_the_deck_is_read_as_a_card() -> None:
    assert {name for card in STANDARD_DECK for name in PACKED_CARD.findall(f"P0:1:K={card}")} == {
        str(card) for card in STANDARD_DECK
    }
    assert PACKED_CARD.findall("P0:2:10 K1:12 R1:Q:d:f=QS,10C") == ["QS", "10C"]
    assert Card.parse("10C") in STANDARD_DECK
