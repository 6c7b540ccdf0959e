"""Running tournaments: the same seed gives the same results in one process, on a pool, and on Dask."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from distributed import LocalCluster
from typer.testing import CliRunner

from idoubtit import Rules
from idoubtit.bots import Bot
from idoubtit.cli import app
from idoubtit.tournament import play, run_tournament
from idoubtit.tournament.report import write_json, write_plots
from idoubtit.tournament.runner import batches
from idoubtit.tournament.schedule import Job, schedule

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


def test_an_evenings_bots_are_built_once_a_table_and_play_all_its_games(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[int | None] = []
    seated = play.seated_bots

    def counted(job: Job, seed: int) -> list[Bot]:
        built.append(job.table)
        return seated(job, seed)

    monkeypatch.setattr(play, "seated_bots", counted)
    evenings = run_tournament(["adaptive", "honest"], Rules(4), games=24, seed=1, workers=1, evening=3)
    assert len(evenings.results) == 24
    assert built == [0, 3, 6, 9, 12, 15, 18, 21]  # one set of bots for each table of three games
    built.clear()
    run_tournament(["adaptive", "honest"], Rules(4), games=24, seed=1, workers=1)
    assert built == [None] * 24  # fresh bots for every game


def test_evenings_give_the_same_results_on_any_number_of_workers() -> None:
    single = run_tournament(["adaptive", "counter"], Rules(3), games=36, seed=6, workers=1, evening=4)
    pooled = run_tournament(["adaptive", "counter"], Rules(3), games=36, seed=6, workers=2, evening=4)
    assert single.results == pooled.results
    assert len(single.results) == 36


def test_batches_never_split_a_table() -> None:
    jobs = schedule(["a", "b"], players=4, games=24, seed=0, evening=3)
    work = batches(jobs, 2)
    assert [job for batch in work for job in batch] == jobs
    for batch in work:
        assert {job.table for job in batch} <= {batch[0].table, batch[-1].table}
        for job in batch[1:]:
            assert job.table == batch[0].table or job.table == job.index  # a table starts in the batch
    assert [len(batch) for batch in batches(schedule(["a", "b"], 4, 8, 0), 3)] == [3, 3, 2]
    with pytest.raises(ValueError, match="played whole"):
        play.play_batch(jobs[1:3], Rules(4).to_dict(), 0)


def test_the_tournament_command_plays_evenings(tmp_path: Path) -> None:
    command = ["tournament", "--bots", "honest,random", "--games", "8", "--workers", "1", "--evening", "2"]
    result = CliRunner().invoke(app, [*command, "--json", str(tmp_path / "t.json")])
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "t.json").read_text())
    assert (data["tournament"]["evening"], data["games_played"]) == (2, 8)
    refused = CliRunner().invoke(app, ["tournament", "--bots", "honest", "--games", "8", "--evening", "0"])
    assert refused.exit_code == 2


def test_the_tournament_command_refuses_unknown_bots() -> None:
    result = CliRunner().invoke(app, ["tournament", "--bots", "honest,nobody", "--games", "4"])
    assert result.exit_code == 2
    assert "unknown bot" in result.output
