"""What the coach and the review say, in the player's language: each ``why`` key as one sentence.

The sentences are gettext msgids with Python's ``%(name)s`` placeholders, so the terminal (here) and the
browser (with the same catalog) say the same words.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from typing import Any

from idoubtit.engine import Rank

#: Why to doubt a claim more likely true than not, as the coach and the puzzles (puzzle_reasons.py) both say it:
#: unformatted, with ``%(pile)d`` and ``%(chance)d`` to fill in.
DOUBT_ANYWAY: dict[str, Callable[[gettext.NullTranslations, dict[str, Any]], str]] = {
    "cheap_doubt": lambda tr, why: tr.ngettext(
        "Only %(pile)d card is in the pile, so a wrong doubt costs little, and the claim is a bluff about"
        " %(chance)d %% of the time.",
        "Only %(pile)d cards are in the pile, so a wrong doubt costs little, and the claim is a bluff about"
        " %(chance)d %% of the time.",
        int(why.get("pile", 0)),
    ),
    "doubt_ahead": lambda tr, why: tr.gettext(
        "The claim is a bluff about %(chance)d %% of the time: often enough that doubting comes out ahead."
    ),
}

#: The keys of advice about a claim (each ends with what the coach would do).
CLAIM_KEYS = frozenset(
    {
        "impossible",
        "certain",
        "record",
        "all_out",
        "big_claim",
        "chance",
        "near_the_end",
        "big_pile",
        "cheap_doubt",
        "doubt_ahead",
    }
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
    n = tr.ngettext
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
        "near_the_end": n(
            "%(name)s has only %(left)d card left: a claim let go brings them close to winning.",
            "%(name)s has only %(left)d cards left: a claim let go brings them close to winning.",
            int(why.get("left", 0)),
        ),
        "big_pile": n(
            "The pile holds %(pile)d card: a wrong doubt would give it to you.",
            "The pile holds %(pile)d cards: a wrong doubt would give them all to you.",
            int(why.get("pile", 0)),
        ),
        **{key: sentence(tr, why) for key, sentence in DOUBT_ANYWAY.items()},
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
    claim_words: Callable[[int, Rank], str] | None = None,
) -> str:
    """A review's reason for one decision (:class:`~idoubtit.coach.review.Decision`'s ``why``): ranks
    named by ``rank_names``, cards by ``cards_text``, a claim by ``claim_words`` ("1 King", "3 Kings";
    English ones by default). A sentence with a number in it has its singular and its plural."""
    _, n = tr.gettext, tr.ngettext
    values = dict(why)
    for field in ("rank", "announced", "due"):
        if field in why:
            values[field + "_name"] = rank_names[Rank.parse(why[field])]
    if "cards" in why:
        values["cards"] = cards_text(why["cards"])
    if "count" in why and "rank" in why:
        values["claim"] = (claim_words or english_claim)(int(why["count"]), Rank.parse(why["rank"]))
    line = _REVIEW_SENTENCES.get(str(why.get("key")))
    return "" if line is None else line(_, n, why) % values


_Sentence = Callable[[Callable[[str], str], Callable[[str, str, int], str], dict[str, Any]], str]

#: The review's sentences by key, each given gettext, ngettext and the numbers it says.
_REVIEW_SENTENCES: dict[str, _Sentence] = {
    "wrong_rank": lambda _, n, why: _(
        "Announcing %(announced_name)s when %(due_name)s are due takes the pile at once."
    ),
    "provably_false": lambda _, n, why: n(
        "The claim was %(claim)s, but you knew where %(seen)d of them was: no more than %(left)d could be "
        "anywhere else, so it had to be a bluff.",
        "The claim was %(claim)s, but you knew where %(seen)d of them were: no more than %(left)d could be "
        "anywhere else, so it had to be a bluff.",
        int(why["seen"]),
    ),
    "provably_true": lambda _, n, why: _(
        "Every card you could not see was of the claimed rank: the claim had to be true."
    ),
    "likely_bluff": lambda _, n, why: _(
        "The claim was likely a bluff (about %(chance)d in 100): doubting was worth it."
    ),
    "cheap_doubt": lambda _, n, why: n(
        "Only %(pile)d card was in the pile: a wrong doubt cost little, and such a claim is a bluff "
        "about %(chance)d times in 100.",
        "Only %(pile)d cards were in the pile: a wrong doubt cost little, and such a claim is a bluff "
        "about %(chance)d times in 100.",
        int(why["pile"]),
    ),
    "near_the_end": lambda _, n, why: n(
        "The claimant had only %(claimant_cards)d card left: a claim let go brought them close to winning.",
        "The claimant had only %(claimant_cards)d cards left: a claim let go brought them close to winning.",
        int(why["claimant_cards"]),
    ),
    "doubt_ahead": lambda _, n, why: _(
        "A bluff about %(chance)d times in 100: by the expert's count doubting still came out ahead."
    ),
    "likely_true": lambda _, n, why: n(
        "The claim was likely true (a bluff about %(chance)d times in 100), and a wrong doubt takes the pile "
        "(%(pile)d card).",
        "The claim was likely true (a bluff about %(chance)d times in 100), and a wrong doubt takes the pile "
        "(%(pile)d cards).",
        int(why["pile"]),
    ),
    "last_card_bluff": lambda _, n, why: _("A last play is always turned up: a false last card takes the pile."),
    "no_due": lambda _, n, why: _("You had no %(rank_name)s: the best cards to give were %(cards)s."),
    "add_bluff": lambda _, n, why: _("Adding %(cards)s to your %(rank_name)s was worth the risk."),
    "too_many_bluffs": lambda _, n, why: _("The extra bluff cards were too likely to be doubted."),
    "chances": lambda _, n, why: _("The expert gives this play %(chosen)d in 100 to win, and its own %(best)d."),
}


def english_claim(count: int, rank: Rank) -> str:
    """A claim in English: "1 King", "3 Kings" (the singular is the plural noun without its ending)."""
    plural = ENGLISH_RANKS[rank]
    if count != 1:
        return f"{count} {plural}"
    return f"{count} {plural[:-2] if plural.endswith('xes') else plural[:-1]}"


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
