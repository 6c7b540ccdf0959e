"""Names for computer players: distinct at a table, from the table's language, the same for the same seed."""

from __future__ import annotations

import pytest

from idoubtit.i18n import LANGUAGES
from idoubtit.names import BOT_NAMES, bot_name, distinct_name


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_has_twenty_distinct_short_names(language: str) -> None:
    names = BOT_NAMES[language]
    assert len(set(names)) == 20
    assert all(0 < len(name) <= 8 for name in names)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_full_table_of_bots_gets_distinct_names_from_its_language(language: str) -> None:
    taken: list[str] = ["Anna"]
    for _ in range(19):
        taken.append(bot_name(language, taken, seed="ACE347"))
    assert len({name.casefold() for name in taken}) == 20
    assert set(taken[1:]) <= set(BOT_NAMES[language])


def test_names_follow_the_seed_and_skip_what_is_taken() -> None:
    assert bot_name("en", [], seed=1) == bot_name("en", [], seed=1)
    first = bot_name("en", [], seed=1)
    assert bot_name("en", [first.upper()], seed=1) != first
    assert bot_name("xx", [], seed=1) in BOT_NAMES["en"]


def test_numbers_tell_bots_apart_once_the_list_runs_out() -> None:
    taken = list(BOT_NAMES["af"])
    extra = bot_name("af", taken, seed=3)
    assert extra.endswith(" 2")
    assert extra.removesuffix(" 2") in BOT_NAMES["af"]


def test_two_people_with_one_name_are_told_apart() -> None:
    assert distinct_name("Anna", ["Bo"]) == "Anna"
    assert distinct_name("Anna", ["anna"]) == "Anna 2"
    assert distinct_name("Anna", ["Anna", "Anna 2"]) == "Anna 3"
