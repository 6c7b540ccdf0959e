"""Running tournaments: the same seed gives the same results in one process, on a pool, and on Dask."""

from __future__ import annotations

import json
from pathlib import Path

from distributed import LocalCluster
from typer.testing import CliRunner

from idoubtit import Rules
from idoubtit.cli import app
from idoubtit.tournament import run_tournament
from idoubtit.tournament.report import write_json, write_plots

BOTS = ["honest", "random", "random[doubt_chance=0.1]"]


def test_same_seed_same_results_with_one_or_two_workers() -> None:
    single = run_tournament(BOTS, Rules(3), games=60, seed=4, workers=1)
    pooled = run_tournament(BOTS, Rules(3), games=60, seed=4, workers=2)
    assert single.results == pooled.results
    assert single.standings.to_dict() == pooled.standings.to_dict()
    assert run_tournament(BOTS, Rules(3), games=60, seed=5).results != single.results


def test_a_local_dask_cluster_gives_the_single_process_results() -> None:
    single = run_tournament(BOTS, Rules(3), games=48, seed=2, workers=1)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as cluster:
        distributed = run_tournament(BOTS, Rules(3), games=48, seed=2, cluster=cluster.scheduler_address)
    assert distributed.results == single.results


def test_progress_counts_every_game() -> None:
    counted: list[int] = []
    run_tournament(BOTS, Rules(3), games=30, seed=1, workers=2, progress=counted.append)
    assert sum(counted) == 30


def test_json_and_plots(tmp_path: Path) -> None:
    outcome = run_tournament(["honest", "random"], Rules(4), games=40, seed=1)
    write_json(outcome, tmp_path / "out.json")
    data = json.loads((tmp_path / "out.json").read_text())
    assert data["games_played"] == 40
    assert [entry["name"] for entry in data["standings"]] == ["honest", "random"]
    assert data["head_to_head"]["honest"]["random"] > 0.5
    for path in write_plots(outcome, tmp_path / "plots"):
        assert path.read_bytes().startswith(b"\x89PNG")


def test_the_tournament_command(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "--bots",
            "honest,random",
            "--games",
            "24",
            "--workers",
            "1",
            "--json",
            str(tmp_path / "t.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "honest" in result.output
    assert json.loads((tmp_path / "t.json").read_text())["games_played"] == 24


def test_the_tournament_command_refuses_unknown_bots() -> None:
    result = CliRunner().invoke(app, ["tournament", "--bots", "honest,nobody", "--games", "4"])
    assert result.exit_code == 2
    assert "unknown bot" in result.output
