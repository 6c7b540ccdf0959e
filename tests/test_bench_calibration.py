"""The calibration benchmark's figures: log-loss and the ROC area by claim size (bench/calibration.py)."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from tests.project_files import load_file


def load_bench() -> ModuleType:
    return load_file("bench", "calibration")


def test_readings_by_size_keep_to_the_claims_of_those_sizes_and_games() -> None:
    bench = load_bench()
    readings = bench.Readings(
        truths=[True, False, True, False, True],
        games=[0, 0, 0, 0, 1],
        sizes=[1, 1, 2, 2, 1],
        chances={"adaptive": [0.8, 0.3, 0.2, 0.1, 0.5], "counter": [0.5] * 5},
    )
    claims, false, mean, loss, area = readings.by_size("adaptive", range(1), range(1, 2))
    assert (claims, false) == (2, 0.5)
    assert mean == pytest.approx(0.55)
    assert loss == pytest.approx(-(math.log(0.8) + math.log(0.7)) / 2)
    assert area == 1.0
    claims, false, _, _, area = readings.by_size("adaptive", range(1), range(2, 10))
    assert (claims, false, area) == (2, 0.5, 1.0)
    # The later game's claim is left out of the first game's figures, and counted in all games'.
    assert readings.log_loss("adaptive", range(1, 2)) == pytest.approx(-math.log(0.5))


def test_the_observer_takes_the_search_bots_model_options_asked_for() -> None:
    bench = load_bench()
    assert bench.observer_params() == bench.AdaptiveParams()
    both = bench.observer_params(keeping=True, one_card_back=True)
    assert both.one_card_back
    assert both.keep_grid == (0.0, 0.5, 1.0)
    assert not bench.observer_params(keeping=True).one_card_back
    assert bench.observer_params(voids=True).voids
    assert not both.voids
