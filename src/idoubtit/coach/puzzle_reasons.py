"""Why a puzzle's answer is right: a key with its numbers (``why``), and one short sentence from them.

The key and numbers are worked out from the seat's view and the expert's reading of it
(:func:`doubt_why`, :func:`play_why`); :func:`sentence` says them in any language: its words come
through gettext, so the terminal tells them translated, and a puzzle set stores them in English. Each
sentence is meant for a child at the table: what the seat can see, and what follows from it.

>>> sentence({"key": "true_alone", "rank": "K", "cards": ["KS", "KH"]})
'Put down only your Kings (K♠ K♥): an extra card would too likely be doubted.'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Sequence
from typing import Any, Final

from idoubtit.bots.maths import advance
from idoubtit.bots.search import SearchBot
from idoubtit.bots.search.bot import seats_in_turn
from idoubtit.coach.words import DOUBT_ANYWAY, ENGLISH_RANKS, english_claim
from idoubtit.engine import Action, Card, Doubt, Play, Rank, View, parse_cards
from idoubtit.engine.rules import RANK_COPIES_PER_DECK

Translations = gettext.NullTranslations
#: How a sentence names a rank (a plural noun, "Kings") and a claim ("3 Kings"), in its language.
RankNames = Callable[[Rank], str]
ClaimWords = Callable[[int, Rank], str]

#: At most this many cards in the pile a wrong doubt is cheap (the review's and the coach's threshold too).
CHEAP_PILE: Final = 6
#: Below this chance (points) that a claim is a bluff, a claim let go is "likely true".
LIKELY_TRUE: Final = 35
#: With this many cards or fewer a claimant is close to going out (the review's threshold too).
NEAR_OUT: Final = 3


# --------------------------------------------------------------------------------------------------
# Why: a key and its numbers


def doubt_why(view: View, answer: Action, expert: SearchBot) -> dict[str, Any]:
    """Why doubting (or letting the claim go) is right, by the count of what the seat knows, else by the
    expert's chance that the claim is a bluff, the pile at stake and how near the claimant is to going out."""
    claim = view.claim
    assert claim is not None
    rank = str(claim.rank)
    settled = expert.settled_answer(view)
    if isinstance(settled, Doubt):
        copies = RANK_COPIES_PER_DECK * view.rules.deck_count
        seen = expert.seen_of(view, claim.rank)
        return {"key": "provably_false", "count": claim.count, "rank": rank, "seen": seen, "copies": copies}
    if settled is not None:
        return {"key": "provably_true", "rank": rank}
    chance = round(100 * expert.model.false_probability(view))
    numbers = {"chance": chance, "pile": view.pile_size, "claimant_cards": view.hand_sizes[claim.seat]}
    if not isinstance(answer, Doubt):
        return {"key": "big_pile" if chance >= LIKELY_TRUE else "likely_true", **numbers}
    if chance >= 50:
        return {"key": "likely_bluff", **numbers}
    if view.pile_size <= CHEAP_PILE:
        return {"key": "cheap_doubt", **numbers}
    if numbers["claimant_cards"] <= NEAR_OUT:
        return {"key": "near_the_end", **numbers}
    return {"key": "doubt_ahead", **numbers}


def play_why(view: View, answer: Play, options: Sequence[Action], wins: Sequence[float]) -> dict[str, Any]:
    """Why this play is right among ``options``: it keeps next turn's cards, it adds bluff cards (or
    does not), or which card to give away; else the chances themselves."""
    due = view.due_rank
    false = [card for card in answer.cards if card.rank is not due]
    rivals = [option for option in options if isinstance(option, Play) and not _same_cards(option, answer)]
    rival_false = [_false_count(option, due) for option in rivals]
    kept = _left_after(view.hand, answer.cards)
    next_rank = Rank(advance(due.value, seats_in_turn(view), view.rules.ascending))
    if kept and all(card.rank is next_rank for card in kept) and len(false) > 1:
        return {"key": "keep_next", "rank": str(due), "next": str(next_rank), "cards": _texts(answer.cards)}
    if any(card.rank is due for card in view.hand):
        why = _why_with_the_due_rank(answer, due, len(false), rival_false)
    else:
        why = _why_without_the_due_rank(answer, due, len(false), rival_false)
    return why if why is not None else _why_by_chances(answer, wins)


def _why_without_the_due_rank(answer: Play, due: Rank, false: int, rival_false: Sequence[int]) -> dict[str, Any] | None:
    """The seat holds none of the due rank: which bluff, and how big."""
    if len(answer.cards) == 1 and max(rival_false, default=0) > 1:
        return {"key": "no_due_one", "rank": str(due), "cards": _texts(answer.cards)}
    if len(answer.cards) > 1 and all(count < false for count in rival_false):
        return {"key": "no_due_more", "rank": str(due), "count": false, "cards": _texts(answer.cards)}
    if all(count == false for count in rival_false):
        return {"key": "no_due_card", "rank": str(due), "cards": _texts(answer.cards)}
    return None


def _why_with_the_due_rank(answer: Play, due: Rank, false: int, rival_false: Sequence[int]) -> dict[str, Any] | None:
    """The seat holds the due rank: play it alone, or add bluff cards to it."""
    most_false = max(rival_false, default=0)
    if not false and most_false > 0:
        return {"key": "true_alone", "rank": str(due), "cards": _texts([c for c in answer.cards if c.rank is due])}
    if false and most_false > false:
        extra = [card for card in answer.cards if card.rank is not due]
        return {"key": "add_some", "rank": str(due), "extra": _texts(extra)}
    if false and all(count < false for count in rival_false):
        extra = [card for card in answer.cards if card.rank is not due]
        return {"key": "add_bluff", "rank": str(due), "extra": _texts(extra)}
    return None


def _why_by_chances(answer: Play, wins: Sequence[float]) -> dict[str, Any]:
    ranked = sorted(wins, reverse=True)
    return {
        "key": "chances",
        "cards": _texts(answer.cards),
        "best": round(100 * ranked[0]),
        "second": round(100 * ranked[1]) if len(ranked) > 1 else 0,
    }


def _false_count(option: Action, due: Rank) -> int:
    return sum(card.rank is not due for card in option.cards) if isinstance(option, Play) else 0


def _same_cards(one: Play, other: Play) -> bool:
    return sorted(map(str, one.cards)) == sorted(map(str, other.cards))


def _left_after(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card]:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return left


def _texts(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


# --------------------------------------------------------------------------------------------------
# The sentence


def sentence(
    why: dict[str, Any],
    tr: Translations | None = None,
    rank_name: RankNames | None = None,
    claim_words: ClaimWords | None = None,
) -> str:
    """The sentence ``why`` stands for, in ``tr``'s language (English by default), ranks named by
    ``rank_name`` and claims by ``claim_words`` (English ones by default)."""
    tr = tr or gettext.NullTranslations()
    names = rank_name or ENGLISH_RANKS.__getitem__
    claim = claim_words or english_claim
    key = why["key"]
    values: dict[str, Any] = {
        name: value for name, value in why.items() if name not in ("key", "rank", "next", "cards", "extra")
    }
    for name in ("rank", "next"):
        if name in why:
            values[name] = names(Rank.parse(why[name]))
    for name in ("cards", "extra"):
        if name in why:
            values[name] = " ".join(card.pretty() for card in parse_cards(why[name]))
    if key == "provably_false":
        values["claim"] = claim(why["count"], Rank.parse(why["rank"]))
    if key in _DOUBT_SENTENCES:
        return _DOUBT_SENTENCES[key](tr, why) % values
    return _PLAY_SENTENCES[key](tr, why) % values


_Template = Callable[[Translations, dict[str, Any]], str]

_DOUBT_SENTENCES: Final[dict[str, _Template]] = {
    "provably_false": lambda tr, why: tr.ngettext(
        "They claim %(claim)s, but there are only %(copies)d %(rank)s and you know where %(seen)d of them is:"
        " it must be a bluff.",
        "They claim %(claim)s, but there are only %(copies)d %(rank)s and you know where %(seen)d of them are:"
        " it must be a bluff.",
        why["seen"],
    ),
    "provably_true": lambda tr, why: tr.gettext(
        "Every card you have not seen is one of the %(rank)s: the claim must be true, so let it go."
    ),
    "likely_bluff": lambda tr, why: tr.gettext("This claim is a bluff about %(chance)d %% of the time: doubt it."),
    "cheap_doubt": DOUBT_ANYWAY["cheap_doubt"],
    "near_the_end": lambda tr, why: tr.ngettext(
        "They have only %(claimant_cards)d card left: let this claim go and they are close to winning.",
        "They have only %(claimant_cards)d cards left: let this claim go and they are close to winning.",
        why["claimant_cards"],
    ),
    "doubt_ahead": DOUBT_ANYWAY["doubt_ahead"],
    "likely_true": lambda tr, why: tr.ngettext(
        "The claim is a bluff only about %(chance)d %% of the time, and a wrong doubt would give you the pile"
        " (%(pile)d card).",
        "The claim is a bluff only about %(chance)d %% of the time, and a wrong doubt would give you the pile"
        " (%(pile)d cards).",
        why["pile"],
    ),
    "big_pile": lambda tr, why: tr.ngettext(
        "It may well be a bluff (about %(chance)d %%), but a wrong doubt would give you the pile (%(pile)d card):"
        " let it go.",
        "It may well be a bluff (about %(chance)d %%), but a wrong doubt would give you the pile (%(pile)d cards):"
        " let it go.",
        why["pile"],
    ),
}

_PLAY_SENTENCES: Final[dict[str, _Template]] = {
    "keep_next": lambda tr, why: tr.gettext(
        "Keep your %(next)s for your next turn, when they are due, and put down everything else now: %(cards)s."
    ),
    "no_due_one": lambda tr, why: tr.gettext(
        "You have no %(rank)s, so any play is a bluff: put down one card only, the one you need least (%(cards)s)."
    ),
    "no_due_more": lambda tr, why: tr.gettext(
        "You have no %(rank)s, so any play is a bluff: put down %(cards)s and get rid of more cards at once."
    ),
    "no_due_card": lambda tr, why: tr.ngettext(
        "You have no %(rank)s, so any play is a bluff: %(cards)s is the card you will need least.",
        "You have no %(rank)s, so any play is a bluff: %(cards)s are the cards you will need least.",
        len(why["cards"]),
    ),
    "true_alone": lambda tr, why: tr.gettext(
        "Put down only your %(rank)s (%(cards)s): an extra card would too likely be doubted."
    ),
    "add_some": lambda tr, why: tr.gettext(
        "Add %(extra)s to your %(rank)s, but no more: a bigger play would too likely be doubted."
    ),
    "add_bluff": lambda tr, why: tr.gettext(
        "Slip %(extra)s in with your %(rank)s: the claim still looks true, and you get rid of more cards."
    ),
    "chances": lambda tr, why: tr.gettext(
        "Of these plays, %(cards)s gives you the best chance to win: about %(best)d %%, against %(second)d %% for"
        " the next best."
    ),
}

#: Every key a ``why`` may hold.
KEYS: Final = (*_DOUBT_SENTENCES, *_PLAY_SENTENCES)
