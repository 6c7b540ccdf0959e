"""A seat's view as a puzzle keeps it: read back from its dict, and packed small for a shipped set.

:meth:`~idoubtit.engine.View.to_dict` is the view as it leaves the engine. A set of hundreds of puzzles
holds hundreds of whole logs, so the shipped file packs each view: the rules go once into the puzzle,
the log becomes one short token per event (below), the hand one line of cards, and what a game in play
never has (``final_hands``, ``stats``) is left out. Nothing is cut from the log: :func:`unpack_view`
gives back exactly the dict the engine made, and :func:`view_from_dict` the view itself.

The tokens, one per event, parts split by ``:`` (a rank is ``A``, ``K`` … ``10`` … ``2``)::

    P<seat>:<count>:<rank>[=<cards>]    played (the cards only in the author's own view)
    W<seat>:<announced>:<due>           wrong rank (R7)
    D<seat>                             declined
    C / T                               window closed: every other player declined / the timer ran out
    X<seats>:<doubter>                  doubted (seats split by ``,``)
    R<seat>:<rank>:<d|l>:<t|f>=<cards>  revealed: by a doubt or as a last play; truthful or not
    K<seat>:<count>[=<cards>]           pile taken (the cards only in the taker's own view)
    F<seat>:<place>                     finished
    G<winner>:<places>                  game over

>>> pack_event(Played(0, 2, Rank.KING, tuple(parse_cards("AS 10H"))))
'P0:2:K=AS,10H'
>>> unpack_event("R1:Q:d:f=QS,3C") == Revealed(1, tuple(parse_cards("QS 3C")), Rank.QUEEN, False, RevealReason.DOUBT)
True
"""

from __future__ import annotations

from typing import Any, Final

from idoubtit.engine import (
    Card,
    Claim,
    CloseReason,
    Declined,
    Doubted,
    Event,
    Finished,
    GameOver,
    MalformedInputError,
    Phase,
    PileTaken,
    Played,
    Rank,
    Revealed,
    RevealReason,
    Rules,
    View,
    WindowClosed,
    WrongRank,
    parse_cards,
)

#: The view's fields a packed view keeps as they are (the rest are packed, or known from elsewhere).
PLAIN_FIELDS: Final = (
    "seat",
    "step",
    "phase",
    "to_play",
    "due_rank",
    "hand_sizes",
    "pile_size",
    "claim",
    "awaiting",
    "winner",
    "places",
)
_REASONS: Final = {RevealReason.DOUBT: "d", RevealReason.LAST_PLAY: "l"}
_REASON_OF: Final = {code: reason for reason, code in _REASONS.items()}
_CLOSES: Final = {CloseReason.ALL_DECLINED: "C", CloseReason.TIMER: "T"}


# --------------------------------------------------------------------------------------------------
# Views and events from their dicts


def view_from_dict(data: dict[str, Any]) -> View:
    """The :class:`View` whose :meth:`~idoubtit.engine.View.to_dict` is ``data`` (of a game in play)."""
    claim = data.get("claim")
    return View(
        seat=data["seat"],
        rules=Rules.from_dict(dict(data["rules"])),
        step=data["step"],
        phase=Phase(data["phase"]),
        to_play=data["to_play"],
        due_rank=Rank.parse(data["due_rank"]),
        hand=parse_cards(data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        pile_size=data["pile_size"],
        claim=None if claim is None else Claim(claim["seat"], claim["count"], Rank.parse(claim["rank"])),
        awaiting=tuple(data["awaiting"]),
        winner=data["winner"],
        places=tuple(data["places"]),
        log=tuple(event_from_dict(event) for event in data["log"]),
    )


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event whose ``to_dict()`` is ``data``."""
    kind = data.get("type")
    if kind == "played":
        cards = data.get("cards")
        return Played(data["seat"], data["count"], Rank.parse(data["rank"]), _cards(cards))
    if kind == "wrong_rank":
        return WrongRank(data["seat"], Rank.parse(data["announced"]), Rank.parse(data["due"]))
    if kind == "declined":
        return Declined(data["seat"])
    if kind == "window_closed":
        return WindowClosed(CloseReason(data["reason"]))
    if kind == "doubted":
        return Doubted(tuple(data["seats"]), data["doubter"])
    if kind == "revealed":
        rank, reason = Rank.parse(data["rank"]), RevealReason(data["reason"])
        return Revealed(data["seat"], parse_cards(data["cards"]), rank, data["truthful"], reason)
    if kind == "pile_taken":
        return PileTaken(data["seat"], data["count"], _cards(data.get("cards")))
    if kind == "finished":
        return Finished(data["seat"], data["place"])
    if kind == "game_over":
        return GameOver(data["winner"], tuple(data["places"]), bool(data.get("called", False)))
    raise MalformedInputError(f"not an event: {data!r}")


def _cards(cards: list[str] | None) -> tuple[Card, ...] | None:
    return None if cards is None else parse_cards(cards)


# --------------------------------------------------------------------------------------------------
# Packing


def pack_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view's dict (of a game in play, its log whole) packed for a puzzle set; the rules are left to
    the puzzle, which holds them once."""
    if view.get("final_hands") is not None or view.get("stats") is not None:
        raise MalformedInputError("a puzzle's view is of a game in play: it has no final hands")
    packed = {name: view[name] for name in PLAIN_FIELDS}
    packed["hand"] = " ".join(view["hand"])
    packed["log"] = " ".join(pack_event(event_from_dict(event)) for event in view["log"])
    return packed


def unpack_view(packed: dict[str, Any], rules: dict[str, Any]) -> dict[str, Any]:
    """The view's dict again, exactly as :meth:`~idoubtit.engine.View.to_dict` made it."""
    view: dict[str, Any] = {"seat": packed["seat"], "rules": dict(rules)}
    view.update({name: packed[name] for name in PLAIN_FIELDS if name != "seat"})
    view["hand"] = packed["hand"].split()
    view["log"] = [unpack_event(token).to_dict() for token in packed["log"].split()]
    view["final_hands"] = None
    view["stats"] = None
    # The engine's key order, so that the dict reads (and dumps) as the engine's own.
    order = ("seat", "rules", "step", "phase", "to_play", "due_rank", "hand", "hand_sizes", "pile_size")
    return {name: view[name] for name in (*order, *(key for key in view if key not in order))}


def pack_event(event: Event) -> str:
    """One event as a short token (see the module's docstring)."""
    if isinstance(event, Played):
        return f"P{event.seat}:{event.count}:{event.rank}{_packed_cards(event.cards)}"
    if isinstance(event, WrongRank):
        return f"W{event.seat}:{event.announced}:{event.due}"
    if isinstance(event, Declined):
        return f"D{event.seat}"
    if isinstance(event, WindowClosed):
        return _CLOSES[event.reason]
    if isinstance(event, Doubted):
        return f"X{','.join(map(str, event.seats))}:{event.doubter}"
    if isinstance(event, Revealed):
        truth = "t" if event.truthful else "f"
        return f"R{event.seat}:{event.rank}:{_REASONS[event.reason]}:{truth}{_packed_cards(event.cards)}"
    if isinstance(event, PileTaken):
        return f"K{event.seat}:{event.count}{_packed_cards(event.cards)}"
    if isinstance(event, Finished):
        return f"F{event.seat}:{event.place}"
    return f"G{event.winner}:{','.join(map(str, event.places))}{':c' if event.called else ''}"


def unpack_event(token: str) -> Event:
    """The event a token of :func:`pack_event` stands for."""
    if token in ("C", "T"):
        return WindowClosed(CloseReason.ALL_DECLINED if token == "C" else CloseReason.TIMER)
    head, equals, listed = token[1:].partition("=")
    cards = parse_cards(listed) if equals else None
    parts = head.split(":")
    try:
        return _unpacked(token[0], parts, cards)
    except (IndexError, ValueError, KeyError):
        raise MalformedInputError(f"not a packed event: {token!r}") from None


def _unpacked(kind: str, parts: list[str], cards: tuple[Card, ...] | None) -> Event:
    if kind == "P":
        return Played(int(parts[0]), int(parts[1]), Rank.parse(parts[2]), cards)
    if kind == "W":
        return WrongRank(int(parts[0]), Rank.parse(parts[1]), Rank.parse(parts[2]))
    if kind == "D":
        return Declined(int(parts[0]))
    if kind == "X":
        return Doubted(tuple(int(seat) for seat in parts[0].split(",")), int(parts[1]))
    if kind == "R":
        return Revealed(int(parts[0]), cards or (), Rank.parse(parts[1]), parts[3] == "t", _REASON_OF[parts[2]])
    if kind == "K":
        return PileTaken(int(parts[0]), int(parts[1]), cards)
    if kind == "F":
        return Finished(int(parts[0]), int(parts[1]))
    if kind == "G":
        called = len(parts) > 2 and parts[2] == "c"
        return GameOver(int(parts[0]), tuple(int(seat) for seat in parts[1].split(",") if seat), called)
    raise KeyError(kind)


def _packed_cards(cards: tuple[Card, ...] | None) -> str:
    return "" if cards is None else "=" + ",".join(map(str, cards))
