"""Characters: one for each style of the panel, named and described in every interface language."""

from __future__ import annotations

import pytest

from idoubtit.bots import make_bot
from idoubtit.bots.characters import CHARACTER_KEYS, character, characters
from idoubtit.bots.styles import STYLES
from idoubtit.i18n import LANGUAGES
from idoubtit.names import BOT_NAMES


def test_every_style_has_one_character_that_seats_it() -> None:
    assert list(CHARACTER_KEYS) == list(STYLES)
    for each in characters():
        assert make_bot(each.spec).name == each.key


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_names_tell_the_characters_apart_and_from_unnamed_bots(language: str) -> None:
    names = [each.name for each in characters(language)]
    assert all(names)
    assert len({name.casefold() for name in names}) == len(names)
    assert not {name.casefold() for name in names} & {name.casefold() for name in BOT_NAMES[language]}


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_descriptions_are_translated(language: str) -> None:
    english = {each.key: each.description for each in characters("en")}
    for each in characters(language):
        assert each.description, each.key
        assert each.description != english[each.key], each.key


def test_descriptions_are_one_line_and_difficulties_are_levels() -> None:
    for language in LANGUAGES:
        for each in characters(language):
            assert "\n" not in each.description
            assert len(each.description) <= 120
            assert each.difficulty in ("easy", "medium", "hard")


def test_the_doubter_quotes_the_call_of_the_rules_in_each_language() -> None:
    calls = {"en": "I doubt it", "mn": "Би эргэлзэж байна", "lb": "Ech bezweifelen dat", "af": "Ek twyfel dit"}
    for language, call in calls.items():
        assert call in character("doubter", language).description


def test_an_unknown_language_falls_back_to_english_and_an_unknown_key_is_refused() -> None:
    assert character("rock", "fr") == character("rock", "en")
    with pytest.raises(ValueError, match="the characters are bluffer, doubter"):
        character("shark")
