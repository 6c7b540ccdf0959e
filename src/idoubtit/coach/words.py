"""What the coach and the review say, in the player's language: each ``why`` key as one sentence.

The sentences are gettext msgids with Python's ``%(name)s`` placeholders, so the terminal (here) and the
browser (with the same catalog) say the same words.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from typing import Any

from idoubtit.engine import Rank

#: The keys of advice about a claim (each ends with what the coach would do).
CLAIM_KEYS = frozenset(
    {"impossible", "certain", "record", "all_out", "big_claim", "chance", "near_the_end", "big_pile"}
)


def coach_line(
    tr: gettext.NullTranslations,
    why: dict[str, Any],
    names: Sequence[str],
    rank_names: dict[Rank, str],
    card_text: Callable[[str], str] = str,
) -> str:
    """The coach's sentence for one piece of advice (:class:`~idoubtit.coach.advice.Advice`'s ``why``):
    seats by ``names``, ranks by ``rank_names`` (plural nouns), a card as ``card_text`` writes it."""
    _ = tr.gettext
    values = dict(why)
    if "card" in why:
        values["card"] = card_text(why["card"])
    if "seat" in why:
        values["name"] = names[why["seat"]]
    if "rank" in why:
        values["ranks"] = rank_names[Rank.parse(why["rank"])]
    key = why.get("key")
    doubt = _("I would doubt it.") if why.get("doubt") else _("I would let it go.")
    sentences = {
        "impossible": _(
            "%(name)s claims %(count)d %(ranks)s, but you know where %(seen)d are: "
            "at most %(left)d are left. It must be a bluff!"
        ),
        "certain": _("Every card you cannot see is one of the %(ranks)s: it must be true."),
        "record": _("%(name)s was caught bluffing %(caught)d times out of %(shown)d so far."),
        "all_out": _("You know where %(seen)d %(ranks)s are: with this claim, every one of them would be down."),
        "big_claim": _("%(count)d cards at once is a big claim: big claims are bluffs more often."),
        "chance": _("From what you have seen, a claim like this is a bluff about %(chance)d times in 100."),
        "near_the_end": _("%(name)s has only %(left)d cards left: a claim let go brings them close to winning."),
        "big_pile": _("The pile holds %(pile)d cards: a wrong doubt would give them all to you."),
        "go_out": _("Put down all your cards: they are all %(ranks)s, and a true last play wins."),
        "truth": _("Put down your %(ranks)s: the truth cannot be caught."),
        "none_due": _("You have no %(ranks)s. Put down your %(card)s: you need it last."),
        "truth_and_card": _("Put down your %(ranks)s and add your %(card)s: you need it last."),
    }
    line = sentences.get(
        str(key), _("From what you have seen, a claim like this is a bluff about %(chance)d times in 100.")
    )
    text = line % values
    if key in ("none_due", "truth_and_card") and why.get("turns"):
        text += " " + (_("Its rank is due to you again in %(turns)d of your turns.") % values)
    if key in CLAIM_KEYS:
        text += " " + doubt
    return text


def review_line(
    tr: gettext.NullTranslations,
    why: dict[str, Any],
    rank_names: dict[Rank, str],
    cards_text: Callable[[Sequence[str]], str] = ", ".join,
) -> str:
    """A review's reason for one decision (:class:`~idoubtit.coach.review.Decision`'s ``why``)."""
    _ = tr.gettext
    values = dict(why)
    for field in ("rank", "announced", "due"):
        if field in why:
            values[field + "_name"] = rank_names[Rank.parse(why[field])]
    if "cards" in why:
        values["cards"] = cards_text(why["cards"])
    sentences = {
        "wrong_rank": _("Announcing %(announced_name)s when %(due_name)s are due takes the pile at once."),
        "provably_false": _(
            "The claim was %(count)d %(rank_name)s, but you knew where %(seen)d of them were: "
            "at most %(left)d were left, so it had to be a bluff."
        ),
        "provably_true": _("Every card you could not see was of the claimed rank: the claim had to be true."),
        "likely_bluff": _("The claim was likely a bluff (about %(chance)d in 100): doubting was worth it."),
        "cheap_doubt": _(
            "Only %(pile)d cards were in the pile: a wrong doubt cost little, and such a claim is a bluff "
            "about %(chance)d times in 100."
        ),
        "near_the_end": _(
            "The claimant had only %(claimant_cards)d cards left: a claim let go brought them close to winning."
        ),
        "doubt_ahead": _("A bluff about %(chance)d times in 100: by the expert's count doubting still came out ahead."),
        "likely_true": _(
            "The claim was likely true (a bluff about %(chance)d times in 100), and a wrong doubt takes the pile "
            "(%(pile)d cards)."
        ),
        "last_card_bluff": _("A last play is always turned up: a false last card takes the pile."),
        "no_due": _("You had no %(rank_name)s: the best cards to give were %(cards)s."),
        "add_bluff": _("Adding %(cards)s to your %(rank_name)s was worth the risk."),
        "too_many_bluffs": _("The extra bluff cards were too likely to be doubted."),
        "chances": _("The expert gives this play %(chosen)d in 100 to win, and its own %(best)d."),
    }
    line = sentences.get(str(why.get("key")))
    return "" if line is None else line % values


#: Rank names as plural nouns in English: the review's own English sentences (``Decision.reason``).
ENGLISH_RANKS: dict[Rank, str] = {
    Rank.ACE: "Aces",
    Rank.KING: "Kings",
    Rank.QUEEN: "Queens",
    Rank.JACK: "Jacks",
    Rank.TEN: "Tens",
    Rank.NINE: "Nines",
    Rank.EIGHT: "Eights",
    Rank.SEVEN: "Sevens",
    Rank.SIX: "Sixes",
    Rank.FIVE: "Fives",
    Rank.FOUR: "Fours",
    Rank.THREE: "Threes",
    Rank.TWO: "Twos",
}
