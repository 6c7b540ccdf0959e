"""The honest bot: the truth whenever it can, and doubts only what it can prove false."""

from __future__ import annotations

from idoubtit import Card, Decline, Doubt, Game, Phase, Play, Rank, Rules
from idoubtit.bots import HonestBot
from idoubtit.bots.knowledge import own_cards_in_pile


def test_plays_every_card_of_the_due_rank_truthfully() -> None:
    game = Game.from_hands(Rules(3), [["AS", "AH", "KD", "2C"], ["QS"], ["QH"]])
    action = HonestBot().act(game.view(0))
    assert action == Play(0, (Card.parse("AS"), Card.parse("AH")), Rank.ACE)


def test_respects_the_v2_cap() -> None:
    hand = ["AS", "AH", "AD", "AC", "AS", "AH", "AD", "AC", "KD"]  # two decks: eight Aces
    game = Game.from_hands(Rules(6, capped_plays=True), [hand, ["QS"], ["QH"], ["QD"], ["QC"], ["JS"]])
    action = HonestBot().act(game.view(0))
    assert isinstance(action, Play)
    assert len(action.cards) == 8  # the cap with two decks is 8


def test_without_the_due_rank_bluffs_one_card_whose_rank_comes_last() -> None:
    # Aces are due; Kings come next, 2s last of all (R5), so the 2 is the card it can best spare.
    game = Game.from_hands(Rules(3), [["KS", "2C", "7D"], ["QS"], ["QH"]])
    action = HonestBot().act(game.view(0))
    assert action == Play(0, (Card.parse("2C"),), Rank.ACE)


def test_under_v1_the_card_it_spares_follows_the_ascending_order() -> None:
    # V1: after Aces come 2s, so the King is due last.
    game = Game.from_hands(Rules(3, ascending=True), [["KS", "2C", "7D"], ["QS"], ["QH"]])
    action = HonestBot().act(game.view(0))
    assert action == Play(0, (Card.parse("KS"),), Rank.ACE)


def test_doubts_a_claim_its_own_hand_proves_false() -> None:
    # Seat 1 holds three Aces; seat 0 claims two Aces: only one Ace is left in the world.
    game = Game.from_hands(Rules(3), [["2S", "3S", "4S"], ["AH", "AD", "AC"], ["QH"]])
    game.play(0, ["2S", "3S"])
    assert HonestBot().act(game.view(1)) == Doubt((1,))


def test_counts_its_own_cards_on_the_pile() -> None:
    # Seat 1 bluffs three Kings away as "Aces" and keeps the fourth; when seat 2 then claims two
    # Kings, seat 1 knows of all four Kings: the claim must be false. Its hand alone would not show it.
    hands = [["5S", "6S", "7S"], ["KS", "KH", "KD", "KC", "2C"], ["QH", "JH", "3D"]]
    game = Game.from_hands(Rules(3), hands, first=1)
    game.play(1, ["KS", "KH", "KD"])
    game.decline(2)
    game.decline(0)
    game.play(2, ["QH", "JH"])  # "two Kings"
    assert HonestBot().act(game.view(1)) == Doubt((1,))
    # Once the pile has been taken, those Kings are no longer known to be out of play.
    game.doubt(1)
    assert game.pile_size == 0


def test_does_not_doubt_a_claim_that_could_be_true() -> None:
    game = Game.from_hands(Rules(3), [["2S", "3S", "4S"], ["AH", "KD"], ["QH"]])
    game.play(0, ["2S"])
    assert HonestBot().act(game.view(1)) == Decline(1)


def test_decide_from_the_current_position_and_its_own_cards_on_the_pile_is_act_on_the_whole_view() -> None:
    # Honest bots play whole games; at every decision the rule read from a view with an empty log, given
    # the seat's own cards on the pile, answers as act() does reading the whole log. The doubts count:
    # some claims are provably false only through cards the seat put on the pile itself.
    proofs_through_the_pile = decisions = 0
    for seed in range(12):
        game = Game.deal(Rules(3), seed)
        bot = HonestBot()
        while not game.is_over and decisions < 5000:
            seats = [game.to_play] if game.phase is Phase.PLAY else list(game.awaiting)
            answers = []
            for seat in seats:
                whole = game.view(seat)
                own = own_cards_in_pile(whole)
                action = HonestBot.decide(game.view(seat, since=game.step), own)
                assert action == bot.act(whole)
                decisions += 1
                if isinstance(action, Doubt) and HonestBot.decide(game.view(seat, since=game.step), ()) != action:
                    proofs_through_the_pile += 1
                answers.append(action)
            if isinstance(answers[0], Play):
                game.apply(answers[0])
            elif any(isinstance(answer, Doubt) for answer in answers):
                game.doubt(*(answer.seats[0] for answer in answers if isinstance(answer, Doubt)))
            else:
                game.close_window()
    assert decisions > 500
    assert proofs_through_the_pile > 0
