"""One test per numbered statement of RULES.md (R1-R10, D1-D8, V1-V5), named after it.

Each test builds a small position with ``Game.from_hands`` (or ``Game.deal`` where dealing is the
point) and checks exactly what the rule says: hand sizes, who took the pile, due rank, phase,
winner and the events.
"""

# ruff: noqa: N802  (the tests are named after the rule numbers R1-R10, D1-D8, V1-V5)

from __future__ import annotations

from collections import Counter

import pytest

from idoubtit.engine import (
    STANDARD_DECK,
    Card,
    Claim,
    CloseReason,
    Declined,
    Doubted,
    Finished,
    Game,
    GameOver,
    IllegalActionError,
    InvalidRulesError,
    MalformedInputError,
    Phase,
    PileTaken,
    Played,
    Rank,
    Revealed,
    RevealReason,
    Rules,
    WindowClosed,
    WrongRank,
    parse_cards,
)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def play_and_close(game: Game, seat: int, text: str) -> None:
    """``seat`` (who must be the one to play) puts down ``text`` announcing the due rank; the timer closes."""
    assert game.to_play == seat
    game.play(seat, text)
    game.close_window()


def all_cards(game: Game) -> Counter[Card]:
    return Counter(card for seat in range(game.rules.players) for card in game.hand(seat))


# --------------------------------------------------------------------------------------------------
# R1-R10: the rules from the seeds


def test_R1_players_and_decks() -> None:
    # Decks are picked automatically: one deck for 3-5 players, two decks for 6-11.
    for players in range(3, 6):
        assert Rules(players).decks == 1
        assert Rules(players).card_count == 52
    for players in range(6, 12):
        assert Rules(players).decks == 2
        assert Rules(players).card_count == 104
    # Without V4, 2 and 12 players are refused, and so is a deck count R1 does not prescribe.
    for players in (2, 12):
        with pytest.raises(InvalidRulesError, match="R1 allows 3 to 11 players"):
            Rules(players)
    with pytest.raises(InvalidRulesError, match="R1 uses 1"):
        Rules(4, decks=2)
    # With two decks a hand may hold two identical cards, and may put both down.
    game = Game.from_hands(Rules(6), ["AS AS KD", "2C", "3C", "4C", "5C", "6C"])
    assert game.hand(0) == cards("AS AS KD")
    game.play(0, "AS AS")
    assert game.hand(0) == cards("KD")
    assert game.pile_size == 2
    events = game.doubt(1)
    assert events[1] == Revealed(0, cards("AS AS"), Rank.ACE, True, RevealReason.DOUBT)
    assert game.hand_sizes == (1, 3, 1, 1, 1, 1)


def test_R1_one_deck_holds_each_card_once() -> None:
    with pytest.raises(MalformedInputError, match="AS dealt more than 1 time"):
        Game.from_hands(Rules(5), ["AS KD", "AS", "3C", "4C", "5C"])
    with pytest.raises(MalformedInputError, match="AS dealt more than 2 time"):
        Game.from_hands(Rules(6), ["AS AS", "AS", "3C", "4C", "5C", "6C"])


def test_R1_two_decks_deal_identical_cards() -> None:
    game = Game.deal(Rules(6), seed=0)
    assert all_cards(game) == Counter(dict.fromkeys(STANDARD_DECK, 2))
    assert any(len(set(game.hand(seat))) < len(game.hand(seat)) for seat in range(6))


def test_R2_goal() -> None:
    # Seat 1 holds fewer cards, but seat 0 is the first to get rid of all of its cards.
    game = Game.from_hands(Rules(3), ["AS AH", "KS", "QS QH"])
    game.play(0, "AS AH")
    assert game.hand_sizes == (0, 1, 2)
    assert game.winner == 0
    assert game.is_over


def test_R3_setup() -> None:
    for players in range(3, 12):
        rules = Rules(players)
        for seed in range(3):
            game = Game.deal(rules, seed)
            sizes = game.hand_sizes
            assert sum(sizes) == rules.card_count  # all the cards are dealt
            assert max(sizes) - min(sizes) <= 1  # as evenly as possible
            assert all_cards(game) == Counter(dict.fromkeys(STANDARD_DECK, rules.deck_count))
            assert game.pile_size == 0
    # Shuffled: the seed decides the deal.
    one, again, other = Game.deal(Rules(4), 11), Game.deal(Rules(4), 11), Game.deal(Rules(4), 12)
    assert [one.hand(seat) for seat in range(4)] == [again.hand(seat) for seat in range(4)]
    assert [one.hand(seat) for seat in range(4)] != [other.hand(seat) for seat in range(4)]


def test_R4_a_turn() -> None:
    game = Game.from_hands(Rules(3), ["AS KD 7H", "2C 3C", "4C 5C"])
    events = game.play(0, "KD 7H")
    # The number announced is the number actually put down, face down on the pile.
    assert events == [Played(0, 2, Rank.ACE, cards("KD 7H"))]
    assert game.hand_sizes == (1, 2, 2)
    assert game.pile_size == 2
    assert game.claim == Claim(0, 2, Rank.ACE)
    # Everyone sees how many and which rank; only the player sees the cards.
    assert game.view(0).log[-1] == Played(0, 2, Rank.ACE, cards("KD 7H"))
    assert game.view(1).log[-1] == Played(0, 2, Rank.ACE)
    assert game.view(None).log[-1] == Played(0, 2, Rank.ACE)


def test_R5_rank_order() -> None:
    game = Game.from_hands(
        Rules(3),
        ["2S 3S 4S 5S 6S 7S", "2H 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D"],
        first=2,  # whoever plays first, the first play announces Aces
    )
    announced = []
    for _ in range(14):
        seat = game.to_play
        announced.append(game.due_rank.symbol)
        [played] = game.play(seat, [game.hand(seat)[0]])
        assert isinstance(played, Played)
        assert played.rank is Rank.parse(announced[-1])
        game.close_window()
    assert announced == ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"]


def test_R6_bluffing_is_legal() -> None:
    game = Game.from_hands(Rules(3), ["AS 2C", "KS 3C", "10H 9C 4D"])
    play_and_close(game, 0, "AS")
    play_and_close(game, 1, "KS")
    assert game.due_rank is Rank.QUEEN
    # "Play a 10 and a 9, announce two Queens."
    events = game.play(2, "10H 9C", Rank.QUEEN)
    assert events == [Played(2, 2, Rank.QUEEN, cards("10H 9C"))]
    assert game.phase is Phase.DOUBT
    # Nobody doubts: no penalty at all.
    game.decline(0)
    events = game.decline(1)
    assert events == [Declined(1), WindowClosed(CloseReason.ALL_DECLINED)]
    assert game.hand_sizes == (1, 1, 1)
    assert game.pile_size == 4
    assert (game.phase, game.to_play, game.due_rank) == (Phase.PLAY, 0, Rank.JACK)


def test_R7_wrong_rank() -> None:
    game = Game.from_hands(Rules(3), ["AS JS 8H 7D 2C", "KS 10S 3C", "QS 9S 4C"])
    for seat, card in [(0, "AS"), (1, "KS"), (2, "QS"), (0, "JS"), (1, "10S"), (2, "9S")]:
        play_and_close(game, seat, card)
    assert (game.to_play, game.due_rank, game.pile_size) == (0, Rank.EIGHT, 6)
    # Says "two 5s" when "two 8s" is due: takes the whole pile, the cards just put down included.
    events = game.play(0, "8H 7D", "5")
    assert events == [
        Played(0, 2, Rank.FIVE, cards("8H 7D")),
        WrongRank(0, Rank.FIVE, Rank.EIGHT),
        PileTaken(0, 8, cards("AS KS QS JS 10S 9S 8H 7D")),
    ]
    assert game.hand_sizes == (9, 1, 1)
    assert game.pile_size == 0
    assert Counter(game.hand(0)) == Counter(cards("2C AS KS QS JS 10S 9S 8H 7D"))
    # No doubt window: play goes on with the next player and the next rank (D1, D2).
    assert (game.phase, game.to_play, game.due_rank) == (Phase.PLAY, 1, Rank.SEVEN)


def test_R7_wrong_rank_with_true_cards_still_takes_the_pile() -> None:
    game = Game.from_hands(Rules(3), ["5S 5H 2C", "KS", "QS"])
    events = game.play(0, "5S 5H", Rank.FIVE)  # Aces are due: two true 5s are still the wrong rank
    assert events[1:] == [WrongRank(0, Rank.FIVE, Rank.ACE), PileTaken(0, 2, cards("5S 5H"))]
    assert game.hand_sizes == (3, 1, 1)


def test_R7_wrong_rank_on_the_last_cards_does_not_win() -> None:
    game = Game.from_hands(Rules(3), ["KS", "2C 3C", "4C 5C"])
    events = game.play(0, "KS", Rank.KING)  # Aces are due
    assert events == [
        Played(0, 1, Rank.KING, cards("KS")),
        WrongRank(0, Rank.KING, Rank.ACE),
        PileTaken(0, 1, cards("KS")),
    ]
    assert game.winner is None
    assert game.hand_sizes == (1, 2, 2)
    assert (game.phase, game.to_play) == (Phase.PLAY, 1)


def test_R8_doubt() -> None:
    game = Game.from_hands(Rules(3), ["AS 2C", "KH QC 3C", "4D 5D"])
    play_and_close(game, 0, "AS")
    game.play(1, "KH QC")  # "two Kings", one of them a Queen
    # Any other player may say "I doubt it"; the player who discarded may not.
    assert game.awaiting == (2, 0)
    with pytest.raises(IllegalActionError, match="made the claim"):
        game.doubt(1)
    events = game.doubt(2)
    # Only the cards just put down are turned face up, for everyone to see.
    revealed = Revealed(1, cards("KH QC"), Rank.KING, False, RevealReason.DOUBT)
    assert events == [Doubted((2,), 2), revealed, PileTaken(1, 3, cards("AS KH QC"))]
    for reader in (0, 2, None):
        assert revealed in game.view(reader).log
    # One card was not a King: the player who put them down takes the whole pile.
    assert game.hand_sizes == (1, 4, 2)
    assert game.pile_size == 0


def test_R8_doubt_true_claim_doubter_takes_pile() -> None:
    game = Game.from_hands(Rules(3), ["AS 2C", "KH KC 3C", "4D 5D"])
    play_and_close(game, 0, "AS")
    game.play(1, "KH KC")
    events = game.doubt(0)
    assert events == [
        Doubted((0,), 0),
        Revealed(1, cards("KH KC"), Rank.KING, True, RevealReason.DOUBT),
        PileTaken(0, 3, cards("AS KH KC")),
    ]
    assert game.hand_sizes == (4, 1, 2)
    assert Counter(game.hand(0)) == Counter(cards("2C AS KH KC"))


def test_R8_doubt_false_claim_player_takes_pile() -> None:
    game = Game.from_hands(Rules(3), ["AS 2C", "KH 3C", "4D 5D"])
    play_and_close(game, 0, "AS")
    game.play(1, "3C")
    events = game.doubt(0)
    assert events == [
        Doubted((0,), 0),
        Revealed(1, cards("3C"), Rank.KING, False, RevealReason.DOUBT),
        PileTaken(1, 2, cards("AS 3C")),
    ]
    assert game.hand_sizes == (1, 3, 2)


def test_R9_official_doubter() -> None:
    # Seats 0, 4 and 3 say it at the same moment: seat 3 is nearest to the left of seat 2.
    game = Game.from_hands(Rules(5), ["2C", "3C", "AS AH", "4C", "5C"], first=2)
    game.play(2, "AS")
    events = game.doubt(0, 4, 3)
    assert events[0] == Doubted((3, 4, 0), 3)
    assert events[2] == PileTaken(3, 1, cards("AS"))  # a true claim: the official doubter takes the pile
    assert game.hand_sizes == (1, 1, 1, 2, 1)


def test_R9_official_doubter_wraps_round_the_table() -> None:
    game = Game.from_hands(Rules(5), ["2C", "3C", "4C", "5C", "AS AH"], first=4)
    game.play(4, "AS")
    events = game.doubt(1, 0)
    assert events[0] == Doubted((0, 1), 0)
    assert events[2] == PileTaken(0, 1, cards("AS"))


def test_R9_the_first_to_doubt_is_the_official_doubter() -> None:
    game = Game.from_hands(Rules(4), ["AS AH", "2C", "3C", "4C"])
    game.play(0, "AS")
    assert game.doubt(3)[0] == Doubted((3,), 3)
    with pytest.raises(IllegalActionError, match="no doubt window is open"):
        game.doubt(1)  # too late: seat 3 said it first
    assert game.hand_sizes == (1, 1, 1, 2)


def test_R10_winning() -> None:
    game = Game.from_hands(Rules(3), ["AS", "2C 3C", "4C 5C"])
    events = game.play(0, "AS")
    # The last play is turned face up at once, without waiting for a doubt.
    assert events == [
        Played(0, 1, Rank.ACE, cards("AS")),
        Revealed(0, cards("AS"), Rank.ACE, True, RevealReason.LAST_PLAY),
        Finished(0, 1),
        GameOver(0, (0,)),
    ]
    assert game.winner == 0
    assert game.phase is Phase.OVER


def test_R10_false_last_play_takes_pile_and_play_goes_on() -> None:
    game = Game.from_hands(Rules(3), ["JS", "2C 3C", "4C 5C"], first=1)
    play_and_close(game, 1, "2C")
    play_and_close(game, 2, "4C")
    events = game.play(0, "JS")  # Queens are due; the Jack is turned up at once and is not one
    assert events == [
        Played(0, 1, Rank.QUEEN, cards("JS")),
        Revealed(0, cards("JS"), Rank.QUEEN, False, RevealReason.LAST_PLAY),
        PileTaken(0, 3, cards("2C 4C JS")),
    ]
    assert game.winner is None
    assert game.hand_sizes == (3, 1, 1)
    assert (game.phase, game.to_play, game.due_rank) == (Phase.PLAY, 1, Rank.JACK)


# --------------------------------------------------------------------------------------------------
# D1-D8: decisions where the text is silent


def test_D1_turn_order() -> None:
    game = Game.from_hands(Rules(4), ["2S 3S 4S", "2H 3H 4H", "2D 3D 4D", "9C 2C 3C"], first=2)
    order = []
    for card in ["2D", "2C", "2S", "2H"]:
        order.append(game.to_play)
        play_and_close(game, game.to_play, card)
    assert order == [2, 3, 0, 1]  # to the left, wrapping round
    # Seat 2 lies, seat 1 doubts and seat 2 takes the pile: seat 3 plays next.
    game.play(2, "3D")
    game.doubt(1)
    assert game.hand_sizes == (2, 2, 6, 2)
    assert game.to_play == 3
    # Seat 3 tells the truth, seat 1 doubts and takes the pile: seat 0 plays next, not the seat after 1.
    assert game.due_rank is Rank.NINE
    game.play(3, "9C")
    game.doubt(1)
    assert game.hand_sizes == (2, 3, 6, 1)
    assert game.to_play == 0


def test_D1_a_true_claim_doubted_does_not_move_the_turn_to_the_doubter() -> None:
    game = Game.from_hands(Rules(4), ["2S 3S", "2H 3H", "AD AC 4D", "2C 3C"], first=2)
    game.play(2, "AD AC")
    events = game.doubt(0)
    assert events[2] == PileTaken(0, 2, cards("AD AC"))
    assert game.to_play == 3  # the seat after the discarder, not after the doubter


def test_D2_due_rank_advances_every_turn() -> None:
    game = Game.from_hands(Rules(3), ["AS 2C 5H", "KS 3C 6H", "QS 4D"])
    due = [game.due_rank]
    # Turn 1: the timer closes the window.
    play_and_close(game, 0, "AS")
    due.append(game.due_rank)
    # Turn 2: everyone declines.
    game.play(1, "KS")
    game.decline(2)
    game.decline(0)
    due.append(game.due_rank)
    # Turn 3: a true claim is doubted (the doubter takes the pile).
    game.play(2, "QS")
    game.doubt(0)
    due.append(game.due_rank)
    # Turn 4: a false claim is doubted (the player takes the pile).
    game.play(0, "2C")
    game.doubt(1)
    due.append(game.due_rank)
    # Turn 5: a wrong announcement (R7).
    game.play(1, "3C", Rank.FIVE)
    due.append(game.due_rank)
    # Turn 6: a false last play (R10).
    game.play(2, "4D")
    assert game.winner is None
    due.append(game.due_rank)
    assert [rank.symbol for rank in due] == ["A", "K", "Q", "J", "10", "9", "8"]
    assert game.to_play == 0


def test_D3_doubt_window() -> None:
    game = Game.from_hands(Rules(4), ["AS 2S", "KH 2H", "QD 2D", "JC 2C"])
    game.play(0, "AS")
    # The window opens after the discard, for every other player in turn order.
    assert (game.phase, game.awaiting) == (Phase.DOUBT, (1, 2, 3))
    # The next player cannot discard while it is open.
    with pytest.raises(IllegalActionError, match="doubt window is open"):
        game.play(1, "KH")
    # It stays open until every other player has declined.
    assert game.decline(2) == [Declined(2)]
    assert game.decline(3) == [Declined(3)]
    assert (game.phase, game.awaiting) == (Phase.DOUBT, (1,))
    assert game.decline(1) == [Declined(1), WindowClosed(CloseReason.ALL_DECLINED)]
    assert (game.phase, game.to_play) == (Phase.PLAY, 1)
    # It closes when someone doubts.
    game.play(1, "KH")
    game.doubt(3)
    assert (game.phase, game.to_play) == (Phase.PLAY, 2)
    # It closes when the table's timer runs out.
    game.play(2, "QD")
    assert game.close_window() == [WindowClosed(CloseReason.TIMER)]
    assert (game.phase, game.to_play, game.claim) == (Phase.PLAY, 3, None)


def test_D4_after_a_doubt() -> None:
    game = Game.from_hands(Rules(3), ["AS 2S 3S", "KH 2H", "QD JD 2D"])
    play_and_close(game, 0, "AS")
    play_and_close(game, 1, "KH")
    game.play(2, "QD JD")
    assert game.pile_size == 4
    game.doubt(1)
    # The pile is empty and play goes on with the next player after the discarder.
    assert game.pile_size == 0
    assert (game.phase, game.to_play) == (Phase.PLAY, 0)
    game.play(0, "2S")
    assert game.pile_size == 1


def test_D5_no_cap_on_cards_per_play() -> None:
    assert Rules(3).max_cards_per_play is None
    game = Game.from_hands(Rules(3), ["AS AH AD AC KS KH KD KC QS QH QD QC JS", "2C", "3C"])
    game.play(0, "AS AH AD AC KS KH KD KC QS QH QD QC")
    assert game.claim == Claim(0, 12, Rank.ACE)
    assert game.hand_sizes == (1, 1, 1)
    # With two decks too: nine cards in one play.
    game = Game.from_hands(Rules(6), ["AS AS AH AH AD AD AC AC KS 2C", "2D", "3D", "4D", "5D", "6D"])
    game.play(0, "AS AS AH AH AD AD AC AC KS")
    assert game.claim == Claim(0, 9, Rank.ACE)


def test_D6_dealing() -> None:
    assert Game.deal(Rules(5), seed=4).hand_sizes == (11, 11, 10, 10, 10)
    assert Game.deal(Rules(5), seed=4, first=2).hand_sizes == (10, 10, 11, 11, 10)
    assert Game.deal(Rules(6), seed=4, first=5).hand_sizes == (18, 17, 17, 17, 17, 18)
    # The deal starts with the first player: moving ``first`` turns the same deal round the table.
    from_0 = Game.deal(Rules(5), seed=4)
    from_2 = Game.deal(Rules(5), seed=4, first=2)
    assert [from_2.hand((seat + 2) % 5) for seat in range(5)] == [from_0.hand(seat) for seat in range(5)]


def test_D7_game_ends() -> None:
    game = Game.from_hands(Rules(3), ["AS", "2C 3C", "4C 5C"])
    game.play(0, "AS")
    assert game.phase is Phase.OVER
    assert (game.winner, game.places, game.awaiting) == (0, (0,), ())
    assert game.hand_sizes == (0, 2, 2)  # the others do not play on
    with pytest.raises(IllegalActionError, match="game is over"):
        game.play(1, "2C")


def test_D8_who_plays_first() -> None:
    assert Game.deal(Rules(4), seed=1).first == 0  # seat 0 by default
    assert Game.deal(Rules(4), seed=1).to_play == 0
    for first in range(4):
        game = Game.deal(Rules(4), seed=1, first=first)
        assert (game.first, game.to_play, game.awaiting) == (first, first, (first,))
        assert game.record()["first"] == first
        assert Game.replay(game.record()).to_play == first
        with pytest.raises(IllegalActionError, match=f"seat {first}'s turn"):
            game.play((first + 1) % 4, [game.hand((first + 1) % 4)[0]])
    game = Game.from_hands(Rules(3), ["2C", "3C", "AS 4C"], first=2)
    assert (game.first, game.to_play, game.record()["first"]) == (2, 2, 2)
    # The next game of the table: the seat after the previous game's first player.
    assert Game.deal(Rules(3), seed=2, first=(game.first + 1) % 3).to_play == 0


# --------------------------------------------------------------------------------------------------
# V1-V5: variants


def test_V1_ascending_order() -> None:
    game = Game.from_hands(
        Rules(3, ascending=True),
        ["2S 3S 4S 5S 6S 7S", "2H 3H 4H 5H 6H 7H", "2D 3D 4D 5D 6D 7D"],
    )
    announced = []
    for _ in range(14):
        seat = game.to_play
        announced.append(game.due_rank.symbol)
        game.play(seat, [game.hand(seat)[0]])
        game.close_window()
    assert announced == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert Rules(3).ascending is False


def test_V2_cap_per_play() -> None:
    assert Rules(4, capped_plays=True).max_cards_per_play == 4
    assert Rules(7, capped_plays=True).max_cards_per_play == 8
    game = Game.from_hands(Rules(3, capped_plays=True), ["AS AH AD AC KS KH", "2C", "3C"])
    with pytest.raises(IllegalActionError, match="V2 caps a play at 4 cards, not 5"):
        game.play(0, "AS AH AD AC KS")
    game.play(0, "AS AH AD AC")
    assert game.claim == Claim(0, 4, Rank.ACE)
    game = Game.from_hands(Rules(6, capped_plays=True), ["AS AS AH AH AD AD AC AC KS KH", "2D", "3D", "4D", "5D", "6D"])
    with pytest.raises(IllegalActionError, match="V2 caps a play at 8 cards, not 9"):
        game.play(0, "AS AS AH AH AD AD AC AC KS")
    game.play(0, "AS AS AH AH AD AD AC AC")
    assert game.claim == Claim(0, 8, Rank.ACE)


def test_V3_play_on_for_places() -> None:
    game = Game.from_hands(Rules(3, play_on_for_places=True), ["AS", "KS JS", "QS QH 2C"])
    events = game.play(0, "AS")
    assert events[-1] == Finished(0, 1)  # the winner, but the game goes on
    assert (game.phase, game.winner, game.to_play, game.due_rank) == (Phase.PLAY, 0, 1, Rank.KING)
    # Seat 0 has finished: it takes no part in doubt windows any more.
    game.play(1, "KS")
    assert game.awaiting == (2,)
    with pytest.raises(IllegalActionError, match="finished"):
        game.decline(0)
    game.decline(2)
    game.play(2, "QS")
    assert game.awaiting == (1,)
    game.decline(1)
    assert game.to_play == 1  # seat 0 is skipped
    events = game.play(1, "JS")
    assert events[-2:] == [Finished(1, 2), GameOver(0, (0, 1, 2))]
    assert (game.phase, game.winner, game.places) == (Phase.OVER, 0, (0, 1, 2))


def test_V3_a_play_on_that_comes_round_to_the_same_position_a_third_time_is_called() -> None:
    # Under V5 a wrong announcement takes its own cards back (R7): the hands never change, the due rank
    # goes round, and the two players still in meet the same position every 26 turns.
    rules = Rules(3, play_on_for_places=True, strict_announcing=True)
    game = Game.from_hands(rules, ["AS", "KS KH", "QS"])
    game.play(0, "AS", "A")  # a true last play, turned up at once (R10), and the game plays on (V3)
    assert list(game.places) == [0]
    turns = 0
    while not game.is_over:
        seat = game.to_play
        wrong = Rank.TWO if game.due_rank is not Rank.TWO else Rank.THREE
        game.play(seat, game.hand(seat)[:1], wrong)
        turns += 1
    # The first wrong announcement takes the ace left on the pile too (V3 leaves a true last play there);
    # from then on the position after that turn comes round every 26 turns.
    assert turns == 1 + 2 * 26
    # Those still in are placed by the cards they hold, fewest first, though seat 1's turn was next.
    assert game.events()[-1] == GameOver(0, (0, 2, 1), called=True)
    assert game.places == (0, 2, 1)
    assert game.events()[-1].to_dict() == {"type": "game_over", "winner": 0, "places": [0, 2, 1], "called": True}
    # The fast door and a replay come to the same end.
    again = Game.replay(game.record())
    assert again.events() == game.events()
    fast = Game.from_hands(rules, ["AS", "KS KH", "QS"])
    for action in game.actions():
        fast.apply_unchecked(action)
    assert fast.is_over
    assert fast.events() == game.events()


def test_V3_a_called_game_places_equal_hands_in_turn_order() -> None:
    rules = Rules(4, play_on_for_places=True, strict_announcing=True)
    game = Game.from_hands(rules, ["AS", "KS", "QS QH", "JS"])
    game.play(0, "AS", "A")  # seat 1's first wrong announcement takes the ace back with its king
    while not game.is_over:
        seat = game.to_play
        game.play(seat, game.hand(seat)[:1], Rank.TWO if game.due_rank is not Rank.TWO else Rank.THREE)
    # Every 39 turns the due rank and the seat to play come round together (13 ranks, three players).
    over = game.events()[-1]
    assert isinstance(over, GameOver)
    assert over.called
    assert game.hand_sizes == (0, 2, 2, 1)
    assert game.places[1] == 3  # the one card left
    # Seats 1 and 2 hold two cards each: the one nearer the turn goes first.
    in_turn_order = [(game.to_play + step) % 4 for step in range(4)]
    assert list(game.places[2:]) == [seat for seat in in_turn_order if seat in (1, 2)]


def test_V4_open_table_sizes() -> None:
    assert Rules(2, open_table_sizes=True).decks == 1
    assert Rules(12, open_table_sizes=True).decks == 3
    assert Rules(15, open_table_sizes=True).decks == 3
    assert Rules(12, open_table_sizes=True, decks=4).decks == 4
    assert Rules(7, open_table_sizes=True).decks == 2  # R1's choice where R1 has one
    for players in (1, 21):
        with pytest.raises(InvalidRulesError, match="even with V4"):
            Rules(players, open_table_sizes=True)
    game = Game.deal(Rules(12, open_table_sizes=True), seed=3)
    assert game.hand_sizes == (13,) * 12
    assert all_cards(game) == Counter(dict.fromkeys(STANDARD_DECK, 3))
    # Two players: one decline closes the window.
    game = Game.from_hands(Rules(2, open_table_sizes=True), ["AS 2S", "KH 2H"])
    game.play(0, "AS")
    assert game.awaiting == (1,)
    assert game.decline(1) == [Declined(1), WindowClosed(CloseReason.ALL_DECLINED)]
    assert (game.to_play, game.due_rank) == (1, Rank.KING)


def test_V5_strict_announcing() -> None:
    game = Game.from_hands(Rules(3, strict_announcing=True), ["AS KS", "2C 3C", "4C 5C"])
    with pytest.raises(IllegalActionError, match="V5 strict announcing"):
        game.play(0, "AS")
    assert game.hand_sizes == (2, 2, 2)
    # Stating a wrong rank now bites (R7).
    events = game.play(0, "AS", Rank.KING)
    assert events[1] == WrongRank(0, Rank.KING, Rank.ACE)
    assert game.hand_sizes == (2, 2, 2)
    game.play(1, "2C", "K")
    assert game.claim == Claim(1, 1, Rank.KING)
    # By default the due rank is filled in.
    game = Game.from_hands(Rules(3), ["AS KS", "2C 3C", "4C 5C"])
    assert game.play(0, "KS") == [Played(0, 1, Rank.ACE, cards("KS"))]
