"""The card tracker: what one seat's view locates for sure, what it only believes, and claim odds."""

from __future__ import annotations

import pytest

from idoubtit import Card, Game, Rank, Rules
from idoubtit.bots.maths import fractional_pmf, hypergeom_pmf, hypergeom_tail
from idoubtit.bots.tracker import PLAIN_SHARE, Tracker


def tracked(game: Game, seat: int, public: bool = False) -> Tracker:
    tracker = Tracker(public=public)
    tracker.update(game.view(seat))
    return tracker


def cards(text: str) -> dict[Card, int]:
    found: dict[Card, int] = {}
    for word in text.split():
        card = Card.parse(word)
        found[card] = found.get(card, 0) + 1
    return found


def caught_then_doubted() -> Game:
    """Seat 0 bluffs 7H as an Ace and is caught; seat 1 bluffs AS as a King unchallenged; seat 2's
    true Queen is doubted by seat 0, who takes the pile: AS (unseen by seat 2) and QS."""
    game = Game.from_hands(Rules(3), ["7H KD 2C 3C", "AS AH 5D 6D", "QS JD 3D 4D"])
    game.play(0, "7H")
    game.doubt(1)  # R8: a lie, seat 0 takes the 7H back
    game.play(1, "AS")  # "one King"
    game.decline(2)
    game.decline(0)
    game.play(2, "QS")
    game.doubt(0)  # R8: the Queen is true, so seat 0 takes the pile
    return game


def test_cards_turned_up_and_taken_are_located() -> None:
    game = caught_then_doubted()
    observer = tracked(game, 2)
    # The 7H and the QS were turned up (R8), and seat 0 took both: everyone knows it holds them.
    assert observer.known[0] == cards("7H QS")
    assert observer.unseen(Rank.SEVEN) == 3
    assert observer.unseen(Rank.QUEEN) == 4 - 1 - 0  # QS located; seat 2 holds no other Queen
    # The AS was put down face down as a King: seat 2 only believes seat 0 took a King.
    assert observer.unseen(Rank.ACE) == 4
    assert len(observer.believed[0][Rank.KING]) == 1
    assert observer.pile_size == 0


def test_own_plays_in_a_pile_someone_took_are_located() -> None:
    game = caught_then_doubted()
    # Seat 1 put the AS down itself: it knows seat 0 holds it now.
    assert tracked(game, 1).known[0] == cards("7H AS QS")


def test_the_public_tracker_ignores_secrets() -> None:
    game = caught_then_doubted()
    public = tracked(game, 1, public=True)
    assert public.known[0] == cards("7H QS")
    assert public.hand_total == 0


def test_two_decks_hold_eight_copies_of_each_rank() -> None:
    hands = ["AS AS KD", "QS QH", "JS JH", "2S 2H", "3S 3H", "4S 4H"]
    tracker = tracked(Game.from_hands(Rules(6), hands), 0)
    assert tracker.copies == 8
    assert tracker.unseen(Rank.ACE) == 6  # R1: two identical Aces of spades in one hand count twice
    assert tracker.unseen(Rank.TWO) == 8


def test_a_claim_needing_more_copies_than_are_unseen_is_proven_false() -> None:
    # Seat 1 holds three Aces; seat 0 claims two: only one can be anywhere else.
    game = Game.from_hands(Rules(3), ["2S 3S 4S", "AH AD AC", "QH"])
    game.play(0, "2S 3S")
    view = game.view(1)
    tracker = tracked(game, 1)
    assert tracker.claim_probability(view) == 0.0
    assert tracker.truth_probability(0, 1, Rank.ACE, 3) > 0.0


def test_known_cards_make_a_claim_certain() -> None:
    game = caught_then_doubted()
    observer = tracked(game, 2)
    assert observer.truth_probability(0, 1, Rank.QUEEN, game.hand_sizes[0]) == 1.0


def test_without_knowledge_the_chance_is_a_hypergeometric_tail() -> None:
    game = Game.deal(Rules(4), seed=5)
    hand_before = len(game.hand(0))
    game.play(0, game.hand(0)[:2])
    tracker = tracked(game, 2)
    expected = hypergeom_tail(tracker.unseen_total(), tracker.unseen(Rank.ACE), hand_before, 2)
    assert tracker.claim_probability(game.view(2)) == pytest.approx(expected)


def test_a_face_down_play_makes_known_cards_uncertain() -> None:
    # Seat 0 is caught bluffing KS KH and takes them back; later it puts two cards down as Jacks.
    # Nobody doubts, so nobody knows whether the Kings went down: they are only believed now.
    game = Game.from_hands(Rules(3), ["KS KH 5C 6C", "AS 9D 8D 4D", "QS 7D 4H 3H"])
    game.play(0, "KS KH")
    game.doubt(1)
    for seat, card in ((1, "9D"), (2, "QS")):
        game.play(seat, card)
        game.decline((seat + 1) % 3)
        game.decline((seat + 2) % 3)
    before = tracked(game, 2)
    assert before.known[0] == cards("KS KH")
    game.play(0, "5C 6C")  # "two Jacks"
    game.decline(1)
    game.decline(2)
    after = tracked(game, 2)
    assert after.known[0] == {}
    assert len(after.believed[0][Rank.KING]) == 2
    assert all(0.5 < trust < 1.0 for trust in after.believed[0][Rank.KING])
    assert after.unseen(Rank.KING) == 4  # nothing about the Kings is certain any more


def test_a_pickup_corrects_a_wrong_assumption() -> None:
    # Seat 0 is caught with JS and takes it back; due Jacks later, it bluffs 2C instead. The tracker
    # assumes the known Jack went down; seat 2 then picks the pile up, sees no JS, and puts it back.
    game = Game.from_hands(Rules(3), ["JS 2C 3C 4C", "AS 9D 8D 10S", "QS 7D 4H 3H"])
    game.play(0, "JS")
    game.doubt(1)
    for seat, card in ((1, "9D"), (2, "QS")):
        game.play(seat, card)
        game.decline((seat + 1) % 3)
        game.decline((seat + 2) % 3)
    game.play(0, "2C")  # "one Jack", a lie
    game.decline(1)
    game.decline(2)
    seat2 = Tracker()
    seat2.update(game.view(2))
    assert seat2.known[0] == {}  # assumed played
    assert seat2.pile[Card.parse("JS")] == 1
    game.play(1, "10S")  # a true Ten
    game.decline(2)
    game.decline(0)
    game.play(2, "7D")  # "one Nine", a lie
    game.doubt(0)  # seat 2 takes the pile and sees every card in it
    seat2.update(game.view(2))
    assert seat2.known[0] == cards("JS")


def test_updates_read_only_new_entries_and_a_new_game_starts_over() -> None:
    game = caught_then_doubted()
    tracker = Tracker()
    view = game.view(2)
    tracker.update(view)
    tracker.update(view)  # nothing new: nothing counted twice
    assert tracker.known[0] == cards("7H QS")
    assert tracker.processed == len(view.log)
    fresh = Game.from_hands(Rules(3), ["7H KD", "AS AH", "QS JD"])
    tracker.update(fresh.view(2))
    assert tracker.known[0] == {}
    assert tracker.games == 2


def test_a_seat_that_finishes_leaves_under_v3() -> None:
    game = Game.from_hands(Rules(3, play_on_for_places=True), ["AS", "KS 2C", "QS 3C"])
    game.play(0, "AS")  # R10: turned up, true, seat 0 is out
    tracker = tracked(game, 1)
    assert tracker.active == [False, True, True]
    assert tracker.active_count() == 2
    assert tracker.pile == cards("AS")  # V3: the true last play stays on the pile


def one_round_then_two_jacks(hands: list[str]) -> Tracker:
    """Each of three seats puts down its first card, unchallenged; then seat 0 puts down 2C 3C as two
    Jacks. Seat 1's tracker."""
    game = Game.from_hands(Rules(3), hands)
    for seat in (0, 1, 2):
        game.play(seat, game.hand(seat)[:1])
        game.decline((seat + 1) % 3)
        game.decline((seat + 2) % 3)
    game.play(0, "2C 3C")  # "two Jacks"
    game.decline(1)
    game.decline(2)
    return tracked(game, 1)


def test_played_since_counts_cards_put_down_since_the_rank_was_last_announced() -> None:
    tracker = one_round_then_two_jacks(["AS 2C 3C 4C 5C", "KS KH 9D 8D", "QS QH 7D 4H"])
    assert tracker.played_since(0, Rank.JACK) == 0  # its last play announced Jacks
    assert tracker.played_since(0, Rank.ACE) == 2  # the two cards after its Ace
    assert tracker.played_since(0, Rank.FIVE) == 3  # never announced: every card it put down


def test_played_back_draws_the_larger_hand_from_the_pool_with_the_played_cards_put_back() -> None:
    # Seat 0 put down three cards since it last announced Fives (none of them Fives, by the keeping rule):
    # its hand then is what is left of a draw three cards larger. That draw came from a pool that still
    # held those three cards, so with them put back holding no Five is likelier than from the pool as it is.
    tracker = one_round_then_two_jacks(["AS 2C 3C 4C 5C 6C", "KS KH 9D 8D 8C", "QS QH 7D 4H 7S"])
    played = tracker.played_since(0, Rank.FIVE)
    assert played == 3
    in_pool, pool_total = tracker.pool(Rank.FIVE)
    draws = tracker.unknown_size(0)
    _, as_is = tracker.holding_distribution(0, Rank.FIVE, played=played)
    _, put_back = tracker.holding_distribution(0, Rank.FIVE, played=played, played_back=True)
    assert sum(put_back) == pytest.approx(1.0)
    assert put_back[0] > as_is[0]
    # Without beliefs to mix, the draw is a hypergeometric one of draws + played cards from the larger pool
    # (blended with the plain count, as every reading is): its chance of no Five is that blend's.
    plain = hypergeom_pmf(tracker.unseen_total(), tracker.unseen(Rank.FIVE), draws)
    larger = fractional_pmf(pool_total + played, in_pool, draws + played)
    assert put_back[0] == pytest.approx((1 - PLAIN_SHARE) * larger[0] + PLAIN_SHARE * plain[0], rel=1e-6)
    # Nothing played since: nothing to put back.
    _, no_play = tracker.holding_distribution(0, Rank.JACK, played=0)
    assert tracker.holding_distribution(0, Rank.JACK, played=0, played_back=True)[1] == no_play


def seat_1_announced_kings_then_the_window_closes(voids: bool) -> tuple[Game, Tracker]:
    """Seat 0 plays its Ace, seat 1 its two Kings (K is due), both unchallenged; seat 2's tracker."""
    game = Game.from_hands(Rules(3), ["AS 2C 3C 4C 5C", "KS KH 9D 8D 7D", "QS QH 7H 4H 6S"])
    game.play(0, "AS")
    game.decline(1)
    game.decline(2)
    game.play(1, "KS KH")  # "two Kings"
    tracker = Tracker(voids=voids)
    tracker.update(game.view(2))
    return game, tracker


def test_a_void_aware_tracker_reads_a_claim_by_the_hand_before_it() -> None:
    # While seat 1's claim is open, its hand before the play is what the claim is read by: announcing the
    # rank does not yet say it holds none.
    _, plain = seat_1_announced_kings_then_the_window_closes(voids=False)
    _, aware = seat_1_announced_kings_then_the_window_closes(voids=True)
    assert aware.truth_probability(1, 2, Rank.KING, 7) == pytest.approx(plain.truth_probability(1, 2, Rank.KING, 7))


def test_a_void_aware_tracker_reads_no_cards_of_a_rank_announced_since_the_last_pile() -> None:
    game, plain = seat_1_announced_kings_then_the_window_closes(voids=False)
    _, aware = seat_1_announced_kings_then_the_window_closes(voids=True)
    game.decline(2)
    game.decline(0)
    for tracker in (plain, aware):
        tracker.update(game.view(2))
    # Seat 1 put down every King it held: holding none is all but sure (only the plain count's share is
    # left), where the blind draw leaves it a King now and then.
    _, kings = aware.holding_distribution(1, Rank.KING)
    _, blind = plain.holding_distribution(1, Rank.KING)
    assert kings[0] > 1 - PLAIN_SHARE
    assert blind[0] < kings[0] - 0.05
    # Seat 0 holds the Kings seat 1 is known not to: more of them than the blind draw gives it.
    assert aware.holding_distribution(0, Rank.KING)[1][0] < plain.holding_distribution(0, Rank.KING)[1][0]
    # A rank seat 1 never announced is read alike.
    _, nines = aware.holding_distribution(1, Rank.NINE)
    assert nines == pytest.approx(plain.holding_distribution(1, Rank.NINE)[1])


def test_taking_a_pile_ends_what_the_announced_ranks_told() -> None:
    game, aware = seat_1_announced_kings_then_the_window_closes(voids=True)
    game.decline(2)
    game.decline(0)
    game.play(2, "QS")  # "one Queen", true
    game.doubt(1)  # wrong: seat 1 takes the pile, the Kings it put down with it
    aware.update(game.view(2))
    assert aware.voids[1] == set()
    assert aware.holding_distribution(1, Rank.KING)[1][0] < 0.5


def test_claims_on_the_pile_are_listed_by_the_seat_that_put_them_down() -> None:
    game = Game.from_hands(Rules(3), ["AS AH 5C", "KS 9D 8D", "QS 7D 4H"])
    game.play(0, "AS AH")  # "two Aces", let pass
    game.decline(1)
    game.decline(2)
    game.play(1, "9D")  # "one King", let pass
    game.decline(2)
    game.decline(0)
    seen = tracked(game, 2)
    assert [value for value, _ in seen.claims_on_pile(0)] == [Rank.ACE, Rank.ACE]
    assert [value for value, _ in seen.claims_on_pile(1)] == [Rank.KING]
    assert seen.claims_on_pile(2) == []
    game.play(2, "7D")  # "one Queen": seat 0 doubts, is wrong, and takes the pile
    game.doubt(0)
    assert all(tracked(game, 2).claims_on_pile(seat) == [] for seat in range(3))


def mean(pmf: tuple[float, ...]) -> float:
    return sum(count * chance for count, chance in enumerate(pmf))


def test_an_observer_who_knows_its_cards_on_the_pile_does_not_guess_at_them() -> None:
    # Seat 0's two Aces went down face down; to seat 1 they are a guess, to seat 0 a fact. Seen with
    # seat 0's knowledge (the two Aces and two cards taken out, their beliefs given back), seat 1's
    # hand holds Aces as a draw from a pool that lacks them.
    game = Game.from_hands(Rules(3), ["AS AH 5C 6C", "KS 9D 8D 2S", "QS 7D 4H 3H"])
    game.play(0, "AS AH")
    game.decline(1)
    game.decline(2)
    public = tracked(game, 2, public=True)
    beliefs = sum(trust for _, trust in public.claims_on_pile(0))
    _, guessed = public.holding_distribution(1, Rank.ACE)
    _, knowing = public.holding_distribution(1, Rank.ACE, hidden=(2, 2), unbelieved=(beliefs, beliefs))
    assert mean(knowing) < mean(guessed)
    assert len(knowing) <= 3  # only two Aces can be anywhere else
