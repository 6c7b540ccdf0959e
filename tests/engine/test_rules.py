"""The ``Rules`` dataclass: defaults, refusals, variants and the dict round trip."""

from __future__ import annotations

import dataclasses
import json
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from idoubtit.engine import VARIANTS, IDoubtItError, InvalidRulesError, Rules


def test_defaults_have_every_variant_off() -> None:
    rules = Rules(4)
    assert rules == Rules(players=4)
    assert (rules.players, rules.decks, rules.deck_count, rules.card_count) == (4, 1, 1, 52)
    assert not any(getattr(rules, name) for name in VARIANTS)
    assert rules.variants() == []
    assert rules.max_cards_per_play is None


def test_variants_are_named_v1_to_v5_in_rules_md_order() -> None:
    assert VARIANTS == {
        "ascending": "V1",
        "capped_plays": "V2",
        "play_on_for_places": "V3",
        "open_table_sizes": "V4",
        "strict_announcing": "V5",
    }
    assert Rules(4, strict_announcing=True, ascending=True).variants() == ["V1", "V5"]
    assert Rules(4, **dict.fromkeys(VARIANTS, True)).variants() == ["V1", "V2", "V3", "V4", "V5"]


def test_decks_resolve_to_the_number_in_use() -> None:
    assert Rules(3) == Rules(3, decks=1)
    assert Rules(11) == Rules(11, decks=2)
    assert Rules(11).card_count == 104
    assert Rules(13, open_table_sizes=True).card_count == 156


@pytest.mark.parametrize(
    ("kwargs", "cap"),
    [
        ({"players": 3}, None),
        ({"players": 3, "capped_plays": True}, 4),
        ({"players": 6, "capped_plays": True}, 8),
        ({"players": 12, "capped_plays": True, "open_table_sizes": True}, 12),
        ({"players": 4, "capped_plays": True, "open_table_sizes": True, "decks": 2}, 8),
    ],
)
def test_max_cards_per_play(kwargs: dict[str, Any], cap: int | None) -> None:
    assert Rules(**kwargs).max_cards_per_play == cap


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "2 players: R1 allows 3 to 11 players"),
        ({"players": 12}, "12 players: R1 allows 3 to 11 players"),
        ({"players": 0}, "R1 allows 3 to 11"),
        ({"players": -3}, "R1 allows 3 to 11"),
        ({"players": "4"}, "players must be a whole number, not '4'"),
        ({"players": 4.0}, "players must be a whole number"),
        ({"players": True}, "players must be a whole number"),
        ({"players": 4, "decks": 2}, "2 decks for 4 players: R1 uses 1"),
        ({"players": 8, "decks": 1}, "1 decks for 8 players: R1 uses 2"),
        ({"players": 4, "decks": "1"}, "decks must be a whole number or left out"),
        ({"players": 4, "decks": True}, "decks must be a whole number or left out"),
        ({"players": 4, "ascending": 1}, "variant ascending must be true or false, not 1"),
        ({"players": 4, "strict_announcing": "yes"}, "variant strict_announcing must be true or false"),
        ({"players": 1, "open_table_sizes": True}, "even with V4 a table has 2 to 20 players"),
        ({"players": 21, "open_table_sizes": True}, "even with V4 a table has 2 to 20 players"),
        ({"players": 4, "open_table_sizes": True, "decks": 0}, "a table uses 1 to 6 decks"),
        ({"players": 4, "open_table_sizes": True, "decks": 7}, "a table uses 1 to 6 decks"),
    ],
)
def test_refused_tables(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        Rules(**kwargs)


def test_invalid_rules_error_is_an_idoubtit_error_and_a_value_error() -> None:
    with pytest.raises(IDoubtItError):
        Rules(2)
    with pytest.raises(ValueError, match="R1"):
        Rules(2)


def test_rules_are_frozen() -> None:
    rules = Rules(4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.players = 5  # type: ignore[misc]
    assert rules.players == 4


rules_st = st.one_of(
    st.builds(
        Rules,
        players=st.integers(3, 11),
        ascending=st.booleans(),
        capped_plays=st.booleans(),
        play_on_for_places=st.booleans(),
        strict_announcing=st.booleans(),
    ),
    st.builds(
        Rules,
        players=st.integers(2, 20),
        decks=st.none() | st.integers(1, 6),
        ascending=st.booleans(),
        capped_plays=st.booleans(),
        play_on_for_places=st.booleans(),
        open_table_sizes=st.just(True),
        strict_announcing=st.booleans(),
    ),
)


@given(rules_st)
def test_to_dict_from_dict_round_trip(rules: Rules) -> None:
    data = rules.to_dict()
    assert set(data) == {"players", "decks", *VARIANTS}
    assert data["decks"] == rules.deck_count
    again = Rules.from_dict(json.loads(json.dumps(data)))
    assert again == rules
    assert again.to_dict() == data


def test_to_dict_is_plain() -> None:
    assert Rules(7, ascending=True).to_dict() == {
        "players": 7,
        "decks": 2,
        "ascending": True,
        "capped_plays": False,
        "play_on_for_places": False,
        "open_table_sizes": False,
        "strict_announcing": False,
    }


def test_from_dict_fills_in_defaults() -> None:
    assert Rules.from_dict({"players": 5}) == Rules(5)
    assert Rules.from_dict({"players": 5, "decks": None, "capped_plays": True}) == Rules(5, capped_plays=True)


def test_from_dict_refuses_unknown_keys() -> None:
    with pytest.raises(InvalidRulesError, match="unknown rules option") as caught:
        Rules.from_dict({"players": 4, "jokers": True, "blind": 1})
    message = str(caught.value)
    assert "blind, jokers" in message
    assert "players" in message  # lists the known options


def test_from_dict_refuses_missing_players_and_non_mappings() -> None:
    with pytest.raises(InvalidRulesError, match="rules need 'players'"):
        Rules.from_dict({"decks": 1})
    with pytest.raises(InvalidRulesError, match="rules must be a mapping, not list"):
        Rules.from_dict(cast(Any, [4]))
    with pytest.raises(InvalidRulesError, match="R1 allows 3 to 11"):
        Rules.from_dict({"players": 12})
