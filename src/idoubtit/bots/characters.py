"""Characters to play against: each style of the panel (:mod:`idoubtit.bots.styles`) with a first name
in every interface language, a one-line description a family understands, and a difficulty.

>>> [(character.key, character.name, character.difficulty) for character in characters("en")][:2]
[('bluffer', 'Felix', 'easy'), ('doubter', 'Dora', 'easy')]
>>> character("rock", "af").description
'Lieg net as daar geen ander uitweg is nie, en twyfel amper nooit nie.'

The names are not in :data:`idoubtit.names.BOT_NAMES`, so a character is never mistaken for an unnamed
bot at the same table. The difficulty follows the measured strength of the style (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Final, Literal

from idoubtit.i18n import DEFAULT_LANGUAGE, LANGUAGES, translations
from idoubtit.names import bot_name, distinct_name

Difficulty = Literal["easy", "medium", "hard"]


def _(message: str) -> str:
    """Marks a description for the translation catalogs; it is translated when a character is asked for."""
    return message


@dataclass(frozen=True, slots=True)
class Character:
    """A character as one language presents it. ``key`` is the style's bot name, and ``spec`` what
    :func:`idoubtit.bots.make_bot` takes to seat it."""

    key: str
    spec: str
    name: str
    description: str
    difficulty: Difficulty


@dataclass(frozen=True, slots=True)
class _Sheet:
    """A character in every language: its names by language code and its description in English."""

    key: str
    names: dict[str, str]
    description: str
    difficulty: Difficulty


_SHEETS: Final = (
    _Sheet(
        "bluffer",
        {"en": "Felix", "mn": "Жавхлан", "lb": "Fernand", "af": "Fanie"},
        _("Bluffs on most turns, even holding the right cards, and slips extra cards onto the pile."),
        "easy",
    ),
    _Sheet(
        "doubter",
        {"en": "Dora", "mn": "Должин", "lb": "Malou", "af": "Dalene"},
        _("Says “I doubt it” to about every second claim, true or not."),
        "easy",
    ),
    _Sheet(
        "rock",
        {"en": "Walter", "mn": "Чулуун", "lb": "Roger", "af": "Bertus"},
        _("Never lies unless there is no other way, and hardly ever doubts."),
        "easy",
    ),
    _Sheet(
        "cautious",
        {"en": "Clara", "mn": "Сарангэрэл", "lb": "Nelly", "af": "Magda"},
        _("Keeps count of the cards and doubts only when nearly sure."),
        "medium",
    ),
    _Sheet(
        "bigbluff",
        {"en": "Hugo", "mn": "Ганбаатар", "lb": "Marcel", "af": "Hannes"},
        _("Tells big lies while the pile is small, and the truth once it has grown."),
        "easy",
    ),
    _Sheet(
        "beginner",
        {"en": "Pip", "mn": "Ану", "lb": "Lou", "af": "Lientjie"},
        _("Still learning: forgets which cards went down and sometimes doubts on a hunch."),
        "easy",
    ),
)

#: The characters' keys, in the order they are presented.
CHARACTER_KEYS: Final = tuple(sheet.key for sheet in _SHEETS)


def characters(language: str = DEFAULT_LANGUAGE) -> list[Character]:
    """Every character as ``language`` presents it (English for a language the project does not have)."""
    return [_present(sheet, language) for sheet in _SHEETS]


def character(key: str, language: str = DEFAULT_LANGUAGE) -> Character:
    """The character of style ``key`` as ``language`` presents it; an unknown key is refused with the keys."""
    for sheet in _SHEETS:
        if sheet.key == key:
            return _present(sheet, language)
    raise ValueError(f"no character {key!r}; the characters are {', '.join(CHARACTER_KEYS)}")


def character_key(spec: str | None) -> str | None:
    """The character a bot spec seats (its name before any options), or None for any other bot.

    >>> character_key("bluffer"), character_key("rock[lie_chance=0.1]"), character_key("hard"), character_key(None)
    ('bluffer', 'rock', None, None)
    """
    key = (spec or "").split("[", 1)[0].strip()
    return key if key in CHARACTER_KEYS else None


def computer_name(spec: str | None, language: str, taken: Collection[str], seed: object = None) -> str:
    """The name a computer player of ``spec`` goes by at a table where ``taken`` are used: a
    character's own name in ``language`` (numbered when taken, "Felix 2"), else a first name from that
    language's list (:func:`idoubtit.names.bot_name`).

    >>> computer_name("bluffer", "af", ["Fanie"]), computer_name("rock[doubt_rate=0.1]", "en", [])
    ('Fanie 2', 'Walter')
    """
    key = character_key(spec)
    if key is not None:
        return distinct_name(character(key, language).name, taken)
    return bot_name(language, taken, seed=seed)


def _present(sheet: _Sheet, language: str) -> Character:
    if language not in LANGUAGES:
        language = DEFAULT_LANGUAGE
    description = translations(language).gettext(sheet.description)
    return Character(sheet.key, sheet.key, sheet.names[language], description, sheet.difficulty)
