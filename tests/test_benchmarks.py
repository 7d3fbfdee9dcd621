"""The benchmark suite runs and writes well-formed results (no timing assertions).

    python -m benchmarks run --quick --json --results DIR     # every registered family, small sizes
    python -m benchmarks export DIR --family synchro --sizes 6 --seeds 1
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import clingo
import pytest

from pysolver.solve import legal as solver

ROOT = Path(__file__).resolve().parents[1]


def _benchmarks(*arguments: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "benchmarks", *arguments], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def _numbers(value, path="$"):
    """Every number in a JSON document, with where it is."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _numbers(item, f"{path}[{index}]")


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    results = tmp_path_factory.mktemp("results")
    completed = _benchmarks("run", "--quick", "--json", "--results", str(results))
    assert completed.returncode == 0, completed.stderr[-3000:]
    return json.loads(completed.stdout), results


def test_quick_run_is_well_formed(quick_run):
    document, results = quick_run
    assert document["format"] == "pysolver-benchmarks/1"
    assert document["mode"] == "quick"
    machine = document["machine"]
    for key in ("platform", "cpu_count", "python", "clingo", "pysolver", "git_commit", "date"):
        assert key in machine
    assert machine["clingo"] == clingo.__version__
    assert (results / "quick.json").is_file() and (results / "quick.md").is_file()
    assert json.loads((results / "quick.json").read_text()) == document
    for path, number in _numbers(document):
        assert number >= 0, path


def test_every_registered_family_is_measured(quick_run):
    document, _ = quick_run
    families = set(document["families"])
    assert {"synchro", "xyz", "link", "realistic"} <= families
    measured = {row["family"] for row in document["instances"]}
    assert measured == families
    assert not set(document["unregistered"]) & families
    assert {line["family"] for line in document["summary"]} == families


def test_plays_and_reference_agree(quick_run):
    document, _ = quick_run
    for row in document["instances"]:
        assert "error" not in row, row
        assert row["plays"] > 0, row["name"]
        assert row["clingo"]["models"] >= row["plays"] > 0
        assert row["clingo"]["atoms"] > 0 and row["clingo"]["rules"] > 0
        parts = row["pysolver"]
        assert set(parts) >= {"facts", "ground", "solve", "decode", "total", "wall"}
        assert parts["total"]["min"] <= parts["total"]["median"] <= parts["total"]["max"]
        reference = row["reference"]
        if reference["status"] == "measured":
            # compared on the actions the reference has (the solver may have more mechanics already)
            assert reference["plays"] == row["compared_plays"], row["name"]
            assert row["plays"] == row["compared_plays"] + sum(row["not_in_reference"].values())
            assert row["agree"] is True, row["name"]
            assert row["ratio"] > 0
        else:
            assert reference["status"].startswith(("unsupported", "skipped")), reference


def test_export_of_one_tiny_instance(tmp_path):
    out = tmp_path / "export"
    completed = _benchmarks("export", str(out), "--quick", "--family", "synchro", "--sizes", "6", "--seeds", "1",
                            "--no-configurations", "--json", "--results", str(tmp_path / "results"))
    assert completed.returncode == 0, completed.stderr[-3000:]
    exported = json.loads(completed.stdout)
    [row] = exported["instances"]
    assert row["instance"] == "instances/synchro/synchro-n6-seed1.lp"
    assert row["checked"] and row["agrees"]
    assert row["models"] == row["pysolver"] > 0
    assert row["reference"] == row["models_of_reference_actions"] > 0

    assert sorted(p.name for p in (out / "asp").iterdir()) == sorted(solver.ENCODINGS)
    instance = out / row["instance"]
    facts = instance.read_text()
    assert "copy_before" not in facts and "instance(" in facts
    assert (out / "positions" / "synchro" / "synchro-n6-seed1.yaml").is_file()
    assert "clingo" in (out / "README.md").read_text()
    with open(out / "expected.csv", newline="") as handle:
        [expected] = list(csv.DictReader(handle))
    assert int(expected["models"]) == row["models"]

    # The package by itself: clingo on the exported files gives the expected number of answers.
    control = clingo.Control(["--models=0", "--project=show", "--warn=none"])
    for name in solver.ENCODINGS:
        control.load(str(out / "asp" / name))
    control.load(str(instance))
    control.ground([("base", [])])
    models = []
    control.solve(on_model=lambda model: models.append(1))
    assert len(models) == row["models"]


def test_sweep_family_times_both_engines_on_the_same_hands(tmp_path):
    """`run --family sweep`: both engines of `sweep` on the same seeded hands, answers compared hand by hand,
    hands per second side by side with the ratio (issue 13). Two hands per goal keep it short (hand 0 of
    "extra>=2" is the one whose proved depths differ: bfs 5, the deepest shortest distance; asp 6, the longest line)."""
    completed = _benchmarks("run", "--family", "sweep", "--quick", "--sizes", "2", "--results", str(tmp_path))
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    document = json.loads((tmp_path / "sweep-quick.json").read_text())
    assert document["format"] == "pysolver-benchmarks-sweep/1" and "git_commit" in document["machine"]
    summary = document["summary"]
    assert summary["goals"] == len(document["rows"]) == 2 and summary["hands"] == 4
    assert summary["agree"] == 2 and summary["disagree"] == []
    for row in document["rows"]:
        assert row["agree"] and row["differences"] == [] and row["ratio"] > 0
        for engine in ("bfs", "asp"):
            counts = row[engine]
            assert counts["reached"] + counts["failed"] + counts["cut"] == 2 and counts["hands_per_second"] > 0
        assert (row["bfs"]["reached"], row["bfs"]["failed"]) == (row["asp"]["reached"], row["asp"]["failed"])
    assert "ratio" in completed.stdout and "written:" in completed.stdout


def test_search_family_ratio_at_equal_proof_and_past_the_breadth_first_budget():
    """A budget cut the breadth-first search (issue 13's search family): the ratio at the deepest horizon both
    engines proved, and past it a lower bound, where asp proved a horizon bfs could not prove in its whole budget
    (seed 1 "monsters>=7", bfs given 10 minutes)."""
    from benchmarks.search import _proof_ratio
    row = {"ratio": 18.4,
           "bfs": {"reason": "stopped after --timeout 600 s; no line of 4 plays or fewer reaches the goal",
                   "proved_depth": 4, "cpu_seconds": 598.0, "proofs": {1: 0.04, 2: 2.2, 3: 28.8, 4: 246.2}},
           "asp": {"reason": "--max-depth 8 reached; no line of 8 plays or fewer reaches the goal", "proved_depth": 8,
                   "cpu_seconds": 32.5, "proofs": {1: 0.11, 2: 0.22, 3: 0.4, 4: 0.89, 5: 2.29, 6: 7.3, 7: 18.9, 8: 32.5}}}
    assert _proof_ratio(row) == {"proof_depth": 4, "proof_ratio": 276.63, "beyond_ratio": 261.14}
    row["asp"]["reason"] = "stopped after --timeout 60 s; no line of 4 plays or fewer reaches the goal"
    row["asp"]["proved_depth"], row["asp"]["proofs"] = 4, {1: 0.11, 2: 0.22, 3: 0.4, 4: 0.89}
    assert _proof_ratio(row) == {"proof_depth": 4, "proof_ratio": 276.63}    # nothing proved past it
    row["bfs"]["reason"] = row["asp"]["reason"] = "no line of the turn reaches the goal"
    assert _proof_ratio(row) == {"proof_depth": None, "proof_ratio": 18.4}    # both complete: the plain ratio


def test_hardest_is_a_slice_of_the_search_family():
    completed = _benchmarks("run", "--hardest")
    assert completed.returncode == 2
    assert completed.stderr.strip().splitlines()[-1].endswith("--hardest is a slice of the search family: add --family search")
