"""The table's rules: how many players, how many decks, and which variants are on."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from idoubtit.engine.errors import InvalidRulesError

CARDS_PER_DECK: Final = 52
#: Copies of one rank in one deck; the V2 cap is this many cards per deck in use.
RANK_COPIES_PER_DECK: Final = 4
#: The largest table V4 allows: beyond this a deal leaves too few cards to play a real game.
MAX_OPEN_TABLE: Final = 20
MAX_OPEN_DECKS: Final = 6

#: Variant fields with their rule number, in the order RULES.md lists them.
VARIANTS: Final = {
    "ascending": "V1",
    "capped_plays": "V2",
    "play_on_for_places": "V3",
    "open_table_sizes": "V4",
    "strict_announcing": "V5",
}


def standard_decks(players: int) -> int | None:
    """Decks R1 prescribes for a table size, or None when R1 has no such table."""
    if 3 <= players <= 5:
        return 1
    if 6 <= players <= 11:
        return 2
    return None


def open_table_decks(players: int) -> int:
    """Decks V4 uses by default: R1's choice, one deck for two players, three from twelve players."""
    return standard_decks(players) or (1 if players < 3 else 3)


@dataclass(frozen=True, slots=True)
class Rules:
    """A table's rules. All variants are off by default (RULES.md V1–V5).

    ``decks=None`` picks the decks R1 prescribes (1 for 3–5 players, 2 for 6–11); after
    construction ``decks`` always holds the number in use.

    >>> Rules(4).decks, Rules(7).decks
    (1, 2)
    >>> Rules(2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    idoubtit.engine.errors.InvalidRulesError: 2 players: R1 allows 3 to 11 players (turn on V4 ...)
    """

    players: int
    decks: int | None = None
    ascending: bool = False  # V1: Ace, 2, 3, … King, Ace
    capped_plays: bool = False  # V2: at most 4 cards per deck in use in one play
    play_on_for_places: bool = False  # V3: after the winner the others play on for places
    open_table_sizes: bool = False  # V4: 2 players, or 12 and more with three decks
    strict_announcing: bool = False  # V5: every play must state its rank

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if field.name in VARIANTS and not isinstance(value, bool):
                raise InvalidRulesError(f"variant {field.name} must be true or false, not {value!r}")
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise InvalidRulesError(f"players must be a whole number, not {self.players!r}")
        if self.decks is not None and (not isinstance(self.decks, int) or isinstance(self.decks, bool)):
            raise InvalidRulesError(f"decks must be a whole number or left out, not {self.decks!r}")
        object.__setattr__(self, "decks", self._checked_decks())

    def _checked_decks(self) -> int:
        if self.open_table_sizes:
            return self._checked_open_table()
        standard = standard_decks(self.players)
        if standard is None:
            raise InvalidRulesError(
                f"{self.players} players: R1 allows 3 to 11 players (turn on V4 open_table_sizes for 2, or 12 and more)"
            )
        if self.decks is not None and self.decks != standard:
            raise InvalidRulesError(
                f"{self.decks} decks for {self.players} players: R1 uses {standard}"
                " (turn on V4 open_table_sizes to choose another number)"
            )
        return standard

    def _checked_open_table(self) -> int:
        if not 2 <= self.players <= MAX_OPEN_TABLE:
            raise InvalidRulesError(f"{self.players} players: even with V4 a table has 2 to {MAX_OPEN_TABLE} players")
        decks = open_table_decks(self.players) if self.decks is None else self.decks
        if not 1 <= decks <= MAX_OPEN_DECKS:
            raise InvalidRulesError(f"{decks} decks: a table uses 1 to {MAX_OPEN_DECKS} decks")
        if decks * CARDS_PER_DECK < self.players * 2:
            raise InvalidRulesError(f"{decks} decks for {self.players} players: each player needs at least two cards")
        return decks

    @property
    def deck_count(self) -> int:
        """The number of decks in use (``decks`` after construction, typed as a plain int)."""
        assert self.decks is not None  # resolved in __post_init__
        return self.decks

    @property
    def card_count(self) -> int:
        return self.deck_count * CARDS_PER_DECK

    @property
    def max_cards_per_play(self) -> int | None:
        """The V2 cap on cards in one play, or None when plays are not capped (D5)."""
        return RANK_COPIES_PER_DECK * self.deck_count if self.capped_plays else None

    def variants(self) -> list[str]:
        """Rule numbers of the variants turned on, like ``["V1", "V3"]``."""
        return [number for name, number in VARIANTS.items() if getattr(self, name)]

    def to_dict(self) -> dict[str, Any]:
        """A plain, JSON-ready dict; :meth:`from_dict` reads it back to an equal ``Rules``."""
        # Every field is a number or a flag: a flat copy does what asdict's deep copy would, far quicker
        # (a server sends the rules in every view).
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise InvalidRulesError(f"rules must be a mapping, not {type(data).__name__}")
        known = {field.name for field in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidRulesError(f"unknown rules option(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        if "players" not in data:
            raise InvalidRulesError("rules need 'players'")
        return cls(**data)
