"""Views: what one seat (or a spectator) may know, immutable and JSON-ready."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable

import pytest

from idoubtit.engine import (
    Claim,
    Game,
    MalformedInputError,
    Phase,
    PileTaken,
    Played,
    Rank,
    Revealed,
    RevealReason,
    Rules,
    parse_cards,
)


def position() -> Game:
    """Seat 0 lied and was caught (seat 0 took the pile); seat 1 then put down two cards."""
    game = Game.from_hands(Rules(3), ["AS KD 7H", "KH KC 2C", "QS 5D"])
    game.play(0, "7H")
    game.doubt(2)  # a lie: seat 0 takes the 7H back
    game.play(1, "KH KC")  # the window on seat 1's claim is open
    return game


def test_views_are_immutable_snapshots() -> None:
    game = position()
    view = game.view(1)
    before = view.to_dict()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.phase = Phase.OVER  # type: ignore[misc]
    assert isinstance(view.hand, tuple)
    assert isinstance(view.log, tuple)
    assert isinstance(view.hand_sizes, tuple)
    # The game goes on; the view taken earlier does not change.
    game.doubt(2)
    assert view.to_dict() == before
    assert game.view(1).to_dict() != before


def test_to_dict_is_json_serialisable_and_a_copy() -> None:
    game = position()
    for seat in (0, 1, 2, None):
        data = game.view(seat).to_dict()
        before = json.loads(json.dumps(data))
        assert before == data
        data["hand"].append("AS")
        data["log"].clear()
        data["hand_sizes"][0] = 99
        data["rules"]["players"] = 4
        assert game.view(seat).to_dict() == before  # changing the dict does not change the game


def test_view_contents() -> None:
    game = position()
    view = game.view(2)
    assert view.seat == 2
    assert view.rules == Rules(3)
    assert (view.step, view.phase, view.to_play, view.due_rank) == (3, Phase.DOUBT, 1, Rank.KING)
    assert view.hand == parse_cards("QS 5D")
    assert view.hand_sizes == (3, 1, 2)
    assert view.pile_size == 2
    assert view.claim == Claim(1, 2, Rank.KING)
    assert view.awaiting == (2, 0)
    assert (view.winner, view.places) == (None, ())
    assert view.may_doubt
    assert not view.must_play
    assert not game.view(1).may_doubt  # seat 1 made the claim
    data = view.to_dict()
    assert data["claim"] == {"seat": 1, "count": 2, "rank": "K"}
    assert data["hand"] == ["QS", "5D"]
    assert data["due_rank"] == "K"
    assert data["phase"] == "doubt"
    assert data["rules"] == Rules(3).to_dict()


def test_must_play() -> None:
    game = Game.from_hands(Rules(3), ["AS", "2C", "3C"], first=1)
    assert game.view(1).must_play
    assert not game.view(0).must_play
    assert not game.view(None).must_play
    assert not game.view(1).may_doubt


def test_spectator_view_has_no_hand_and_no_private_cards() -> None:
    game = position()
    view = game.view(None)
    assert view.seat is None
    assert view.hand == ()
    assert view.to_dict()["hand"] == []
    assert not view.may_doubt
    assert not view.must_play
    assert view.hand_sizes == (3, 1, 2)
    assert list(view.log) == [
        Played(0, 1, Rank.ACE),
        view.log[1],  # Doubted
        Revealed(0, parse_cards("7H"), Rank.ACE, False, RevealReason.DOUBT),
        PileTaken(0, 1),
        Played(1, 2, Rank.KING),
    ]
    for event in view.to_dict()["log"]:
        if event["type"] in ("played", "pile_taken"):
            assert "cards" not in event


def test_other_seats_played_and_pile_taken_carry_no_cards() -> None:
    game = position()
    logs = {seat: game.view(seat).to_dict()["log"] for seat in (0, 1, 2)}
    # Seat 0 sees its own play and what it picked up; the others see only counts.
    assert logs[0][0] == {"type": "played", "seat": 0, "count": 1, "rank": "A", "cards": ["7H"]}
    assert logs[0][3] == {"type": "pile_taken", "seat": 0, "count": 1, "cards": ["7H"]}
    assert logs[1][0] == logs[2][0] == {"type": "played", "seat": 0, "count": 1, "rank": "A"}
    assert logs[1][3] == logs[2][3] == {"type": "pile_taken", "seat": 0, "count": 1}
    # Seat 1's play is face down: seat 1 sees its cards, nobody else does.
    assert logs[1][4] == {"type": "played", "seat": 1, "count": 2, "rank": "K", "cards": ["KH", "KC"]}
    assert logs[0][4] == logs[2][4] == {"type": "played", "seat": 1, "count": 2, "rank": "K"}
    # The revealed cards are for everyone.
    for log in logs.values():
        assert log[2]["cards"] == ["7H"]
        assert log[1] == {"type": "doubted", "seats": [2], "doubter": 2}


def test_view_for_a_seat_not_at_the_table_is_refused() -> None:
    game = position()
    for seat in (3, -1, 10):
        with pytest.raises(MalformedInputError, match="is not a seat; seats are 0 to 2"):
            game.view(seat)


def a_short_game() -> tuple[Game, list[list[dict[str, object]]]]:
    """A wrong rank (R7), a bluff that got away, a doubt that was wrong, one that was right, and a true
    last play (R10) that wins; with every reader's view after every action."""
    game = Game.from_hands(Rules(3), ["7H 8S JD", "2C 10C", "QS 5D 9S"])
    readers: list[int | None] = [0, 1, 2, None]
    seen = [[game.view(reader).to_dict() for reader in readers]]
    moves: list[Callable[[], object]] = [
        lambda: game.play(0, "7H", "7"),  # R7: 7s announced with Aces due, the pile goes back to seat 0
        lambda: game.play(1, "2C"),  # a bluff, as Kings
        lambda: game.decline(2),
        lambda: game.decline(0),  # it got away
        lambda: game.play(2, "QS"),
        lambda: game.doubt(0),  # wrong: seat 0 takes the 2C and the QS
        lambda: game.play(0, "8S"),  # a bluff, as Jacks
        lambda: game.doubt(2),  # right: seat 0 takes the 8S back
        lambda: game.play(1, "10C"),  # the last card, true: seat 1 wins
    ]
    for move in moves:
        move()
        seen.append([game.view(reader).to_dict() for reader in readers])
    return game, seen


def test_every_hand_and_every_seats_numbers_are_shown_once_the_game_is_over() -> None:
    game, seen = a_short_game()
    assert game.is_over
    for data in seen[-1]:
        assert data["final_hands"] == [["QS", "JD", "8S", "7H", "2C"], [], ["9S", "5D"]]
        assert data["stats"] == [
            {"claims": 2, "bluffs": 2, "bluffs_caught": 2, "doubts": 1, "doubts_right": 0, "piles_taken": 3,
             "cards_taken": 4},
            {"claims": 2, "bluffs": 1, "bluffs_caught": 0, "doubts": 0, "doubts_right": 0, "piles_taken": 0,
             "cards_taken": 0},
            {"claims": 1, "bluffs": 0, "bluffs_caught": 0, "doubts": 1, "doubts_right": 1, "piles_taken": 0,
             "cards_taken": 0},
        ]  # fmt: skip
    assert game.view(None).final_hands == tuple(game.hand(seat) for seat in range(3))


def test_no_view_before_the_end_holds_the_final_hands_or_the_numbers() -> None:
    _, seen = a_short_game()
    for views in seen[:-1]:
        for data in views:
            assert data["phase"] != "over"
            assert data["final_hands"] is None
            assert data["stats"] is None


def test_a_view_since_a_step_holds_only_the_events_of_the_actions_from_it() -> None:
    game = position()  # three actions: a play, a doubt, a play
    whole = game.view(1)
    assert [type(event).__name__ for event in game.view(1, since=1).log] == [
        "Doubted",
        "Revealed",
        "PileTaken",
        "Played",
    ]
    assert game.view(1, since=2).log == whole.log[-1:]
    own, others = game.view(1, since=2).log[0], game.view(0, since=2).log[0]
    assert isinstance(own, Played)
    assert own.cards is not None  # seat 1's own cards, as in its whole view
    assert others == own.public()  # the same play, as seat 0 may see it
    assert game.view(None, since=game.step).log == ()
    assert (game.view(1, since=2).since, whole.since) == (2, 0)
    assert dataclasses.replace(game.view(1, since=2), log=whole.log, since=0) == whole


@pytest.mark.parametrize("since", [-1, 4, 1.5, "1"])
def test_a_view_since_a_step_that_is_not_one_is_refused(since: object) -> None:
    with pytest.raises(MalformedInputError, match="view since"):
        position().view(0, since=since)  # type: ignore[arg-type]
