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
