"""The play a table makes for a seat that gives no answer: the truth when it can, else the card whose rank
is due last among the seat's own coming turns (D1, D2), not among the table's next announcements."""

from __future__ import annotations

from dataclasses import replace

from idoubtit.bots.fallback import NEVER, default_action, default_play, own_turns_until_due
from idoubtit.engine import Card, Decline, Game, Play, Rank, Rules


def test_it_plays_every_card_of_the_due_rank_truthfully() -> None:
    hand = ["AS", "AH", "AD", "AC"] * 2 + ["KD"]  # two decks: eight Aces, one too many for V2 with one deck
    game = Game.from_hands(Rules(6, capped_plays=True), [hand, ["QS"], ["QH"], ["QD"], ["QC"], ["JS"]])
    play = default_play(game.view(0))
    assert play.rank is Rank.ACE
    assert len(play.cards) == 8  # V2: four per deck, two decks
    assert all(card.rank is Rank.ACE for card in play.cards)


def test_the_spare_card_is_the_one_due_last_on_the_seats_own_turns() -> None:
    # Four seats, Aces due. The table announces K next and 10 fourth, but seat 0 plays every fourth
    # turn: its next turn announces the 10, and it meets the King only ten turns from now.
    game = Game.from_hands(Rules(4), [["10S", "KS"], ["2C"], ["3C"], ["4C"]])
    view = game.view(0)
    assert own_turns_until_due(view, Rank.TEN) == 1
    assert own_turns_until_due(view, Rank.KING) == 10
    assert default_play(view) == Play(0, (Card.parse("KS"),), Rank.ACE)


def test_under_v1_the_seats_turns_climb() -> None:
    # Ascending (V1) at four seats: seat 0's next turn announces 5, and 2 only ten turns on.
    game = Game.from_hands(Rules(4, ascending=True), [["5S", "2S"], ["2C"], ["3C"], ["4C"]])
    assert default_play(game.view(0)) == Play(0, (Card.parse("2S"),), Rank.ACE)


def test_under_v3_seats_that_finished_leave_the_round() -> None:
    # Five seats, Aces due: seat 0 meets J in 11 of its turns and K in 8. With one seat finished (V3),
    # four are in, and the King comes in 10 of its turns, the Jack in 4.
    rules = Rules(5, play_on_for_places=True)
    view = Game.from_hands(rules, [["KS", "JS"], ["2C"], ["3C"], ["4C"], ["5C"]]).view(0)
    assert default_play(view).cards == (Card.parse("JS"),)
    one_out = replace(view, places=(3,), hand_sizes=(2, 1, 1, 0, 1))
    assert own_turns_until_due(one_out, Rank.KING) == 10
    assert own_turns_until_due(one_out, Rank.JACK) == 4
    assert default_play(one_out).cards == (Card.parse("KS"),)


def test_at_thirteen_seats_the_seat_only_ever_meets_one_rank() -> None:
    rules = Rules(13, open_table_sizes=True)
    others = [[f"{rank}{suit}"] for rank in ("2", "3", "4") for suit in "CDHS"]  # three decks (V4)
    game = Game.from_hands(rules, [["KS", "10S"], *others])
    view = game.view(0)
    assert own_turns_until_due(view, Rank.ACE) == 0
    assert own_turns_until_due(view, Rank.KING) == NEVER
    assert own_turns_until_due(view, Rank.TEN) == NEVER


def test_in_a_doubt_window_it_declines() -> None:
    game = Game.from_hands(Rules(3), [["AS", "KS"], ["QS"], ["QH"]])
    game.apply(Play(0, (Card.parse("AS"),), Rank.ACE))
    assert default_action(game.view(1)) == Decline(1)
