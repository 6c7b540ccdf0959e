"""What the archive accepts: each input checked and put in its stored form, or refused by name."""

from __future__ import annotations

import pytest

from idoubtit.archive.errors import InvalidInputError
from idoubtit.archive.inputs import SEED_BITS, bot_level_of, canonical_action, dealt_record, display_name_of
from idoubtit.archive.models import BOT_LEVEL_LENGTH, NAME_LENGTH
from idoubtit.engine import Game, Rules


def test_an_action_is_stored_in_its_canonical_notation() -> None:
    assert canonical_action("PLAY  0  as 2s  as A", 3) == "play 0 AS 2S as A"


@pytest.mark.parametrize("step", [-1, True, 1.0, "2"])
def test_a_step_is_a_whole_number_from_zero(step: object) -> None:
    with pytest.raises(InvalidInputError, match="step must be a whole number"):
        canonical_action("doubt 1", step)  # type: ignore[arg-type]


def test_an_unreadable_action_is_refused_with_its_text() -> None:
    for _ in range(2):  # the second time too: a notation that cannot be read is not remembered as read
        with pytest.raises(InvalidInputError, match="'fly 0' cannot be read"):
            canonical_action("fly 0", 0)


@pytest.mark.parametrize("notation", [7, None, b"doubt 1"])
def test_an_action_that_is_not_text_is_refused_clearly(notation: object) -> None:
    with pytest.raises(InvalidInputError, match="an action is its notation, text, not"):
        canonical_action(notation, 0)  # type: ignore[arg-type]


def test_the_same_notation_read_twice_is_stored_the_same() -> None:
    assert canonical_action("decline   2", 5) == canonical_action("decline 2", 9) == "decline 2"


def test_a_display_name_loses_extra_spaces() -> None:
    assert display_name_of("  Ann \t  Marie\n") == "Ann Marie"


@pytest.mark.parametrize("text", ["", "   ", "a" * (NAME_LENGTH + 1), "bell\x07", 7])
def test_a_display_name_has_printable_characters_within_its_length(text: object) -> None:
    with pytest.raises(InvalidInputError, match="display name"):
        display_name_of(text)  # type: ignore[arg-type]


def test_a_bot_level_is_trimmed_and_limited() -> None:
    assert bot_level_of("  hard ") == "hard"
    with pytest.raises(InvalidInputError, match="bot level"):
        bot_level_of("x" * (BOT_LEVEL_LENGTH + 1))
    with pytest.raises(InvalidInputError, match="bot level"):
        bot_level_of(None)


def test_a_dealt_record_replays_to_the_same_deal() -> None:
    rules = Rules(players=4)
    record = dealt_record(rules, 12, None, 1)
    assert Game.replay(record).view(None).to_dict() == Game.deal(rules, 12, 1).view(None).to_dict()


def test_a_dealt_record_draws_a_seed_when_none_is_given() -> None:
    seeds = {dealt_record(Rules(players=3), None, None, 0)["seed"] for _ in range(5)}
    assert len(seeds) > 1
    assert all(0 <= seed < 2**SEED_BITS for seed in seeds)


@pytest.mark.parametrize("seed", [2**SEED_BITS, -(2**SEED_BITS) - 1, True, "7"])
def test_a_seed_fits_in_64_bits(seed: object) -> None:
    with pytest.raises(InvalidInputError, match="64-bit"):
        dealt_record(Rules(players=3), seed, None, 0)  # type: ignore[arg-type]


def test_hands_that_cannot_be_dealt_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="cannot deal this game"):
        dealt_record(Rules(players=3), None, [["AS"], ["AS"], ["2C"]], 0)
