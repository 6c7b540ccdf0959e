"""Choosing who plays against you: the full-screen picker and the line-by-line one, in every language."""

from __future__ import annotations

import io

import pytest
from textual.widgets import Button, Select, Static

from idoubtit.bots.characters import CHARACTER_KEYS
from idoubtit.i18n import LANGUAGES, translations
from idoubtit.tui.picker import PickerApp, choices, pick_plainly
from idoubtit.tui.text import seat_names
from tests.tui.test_fit import whole


def test_the_choices_are_the_four_strengths_then_every_character_in_the_language() -> None:
    offered = choices(translations("lb"))
    assert [choice.spec for choice in offered] == ["easy", "medium", "hard", "expert", *CHARACTER_KEYS]
    rock = offered[4 + CHARACTER_KEYS.index("rock")]
    assert rock.label == "Roger (einfach)"
    assert rock.about.startswith("Léit")
    assert offered[0].about == translations("lb").gettext("Tells the truth whenever it can.") != offered[0].spec


def test_line_by_line_a_number_picks_an_empty_answer_keeps_and_a_wrong_one_is_asked_again() -> None:
    out = io.StringIO()
    picked = pick_plainly(
        translations("en"), [1, 2, 3], ["easy", "hard", "nobody"], io.StringIO("5\n\nseven\n8\n"), out
    )
    assert picked == ["bluffer", "hard", "cautious"]  # 5 is Felix, the bluffer; 8 is Clara, the cautious one
    text = out.getvalue()
    assert " 5. Felix (easy): Bluffs on most turns" in text
    assert "Seat 4 [medium]: " in text  # a spec the picker does not offer starts as medium
    assert "Answer with a number from 1 to 10, or nothing to keep it." in text
    assert pick_plainly(translations("en"), [1], ["easy"], io.StringIO(""), io.StringIO()) is None


@pytest.mark.parametrize("language", list(LANGUAGES))
async def test_the_picker_fits_80x24_says_what_each_choice_is_like_and_deals_with_the_choices(language: str) -> None:
    tr = translations(language)
    app = PickerApp(tr, [1, 2, 3], ["easy", "medium", "hard"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for widget in [*app.query(Select), *app.query(Button), app.query_one("#picker-title", Static)]:
            assert whole(app, widget), widget  # type: ignore[arg-type]
        app.query_one("#seat-1", Select).value = "rock"
        await pilot.pause()
        rock = next(choice for choice in choices(tr) if choice.spec == "rock")
        assert str(app.query_one("#about-1", Static).render()) == rock.about
        await pilot.click("#deal")
    assert app.return_value == ["easy", "rock", "hard"]


async def test_quitting_the_picker_deals_nothing() -> None:
    app = PickerApp(translations("en"), [1, 2], ["easy", "easy"])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("q")
    assert app.return_value is None


def test_a_character_at_the_table_goes_by_its_own_name_and_two_of_it_are_told_apart() -> None:
    names = seat_names(translations("af"), 5, 0, seed=1, specs={1: "bluffer", 2: "hard", 3: "bluffer", 4: "rock"})
    assert names[0] == "Jy" or names[0] == translations("af").gettext("You")
    assert [names[1], names[3], names[4]] == ["Fanie", "Fanie 2", "Bertus"]
    assert names[2] not in {"Fanie", "Bertus"}
