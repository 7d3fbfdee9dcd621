"""Opening-hand sweeps (pysolver.explore.sweep): seeded hands, the same results whatever the workers, outcomes
(reached / failed / cut, never a cut counted as a failure), the Wilson interval, Ray, the command line."""

import json
import sys

import pytest

from helpers import EXAMPLES
from pysolver import PysolverError, default_cards
from pysolver.cli import main
from pysolver.cards.decks import Deck, read_ydk, write_ydk
from pysolver.explore.sweep import HAND_SIZE, SweepResult, hand_position, sweep, wilson

STARTER = str(EXAMPLES / "starter.ydk")


def deck_file(tmp_path, name, **counts):
    """A .ydk of built-in pool cards: counts maps a card name to its copies."""
    cards = default_cards()
    main_deck = tuple(cards[name] for name, copies in counts.items() for _ in range(copies))
    path = tmp_path / name
    write_ydk(Deck(main=main_deck), path)
    return str(path)


def comparable(result: SweepResult) -> dict:
    """The result without what depends on the machine (timings, executor, workers)."""
    data = result.to_json()
    for key in ("timings", "workers", "executor"):
        data.pop(key)
    for hand in data["results"]:
        for key in ("seconds", "search_seconds"):
            hand.pop(key)
    return data


def answers(result: SweepResult) -> list[tuple]:
    """What a sweep decides per hand, whichever engine searched it: the outcome, the depth of the shortest
    lines and the depth proved to have none (the lines kept may differ: any shortest line will do). A failed
    hand's proved depth is where each engine stopped (bfs: the deepest position's shortest distance; asp: the
    turn's longest line), not part of the answer (benchmarks/sweep.py `answers`)."""
    return [(r["index"], r["hand"], r["outcome"], r["depth"], None if r["outcome"] == "failed" else r["proved_depth"],
             r["exhausted"]) for r in result.results]


def test_wilson_interval():
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)
    assert wilson(81, 263) == pytest.approx((0.25529, 0.36621), abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_hands_are_seeded_and_the_rest_is_the_deck():
    cards = default_cards()
    deck = read_ydk(STARTER, cards)
    hand, data = hand_position(deck, cards, seed=7, index=3)
    again, same = hand_position(deck, cards, seed=7, index=3)
    assert hand == again and data == same and len(hand) == HAND_SIZE
    assert hand_position(deck, cards, seed=8, index=3)[1] != data
    me = data["players"][0]
    assert data["turn"] == 1 and data["phase"] == "main1" and data["rules"] == "master-rule-5"
    assert len(me["deck"]) == len(deck.main) - HAND_SIZE and len(me["extra_deck"]) == len(deck.extra)
    names = sorted(map(str, hand + me["deck"]))
    assert names == sorted(str(c.name if cards.get(c.name) is c else c.passcode) for c in deck.main)


def test_outcomes_fraction_and_confidence_interval(tmp_path):
    # One Kuriboh among nine Dark Magicians: a hand reaches "Kuriboh" when it holds it (5 of 10 cards), and a
    # hand of Dark Magicians alone has no play at all (no Tributes), so its search exhausts the turn.
    path = deck_file(tmp_path, "kuriboh.ydk", **{"Kuriboh": 1, "Dark Magician": 9})
    result = sweep(path, "Kuriboh", hands=12, seed=1, workers=0)
    assert result.reached + result.failed + result.cut == 12 and result.cut == 0
    holding = [r["outcome"] == "reached" for r in result.results]
    assert holding == ["Kuriboh" in r["hand"] for r in result.results]
    assert 0 < result.reached < 12 and result.failed == 12 - result.reached
    assert result.fraction == result.reached / 12 and result.ci95 == wilson(result.reached, 12)
    assert all(r["depth"] == 1 for r in result.results if r["outcome"] == "reached")
    assert result.first_plays == [('NS "Kuriboh" atk', result.reached)]
    data = json.loads(json.dumps(result.to_json()))
    assert data["format"] == "pysolver-sweep/1" and data["ci95"] == [round(v, 6) for v in result.ci95]


def test_a_cut_search_is_never_a_failure(tmp_path):
    path = deck_file(tmp_path, "warriors.ydk", **{"Celtic Guardian": 3, "Speed Warrior": 3, "Mokey Mokey": 3})
    result = sweep(path, "monsters>=3", hands=4, seed=2, workers=0, max_nodes=2, engine="bfs")
    assert result.cut == 4 and result.failed == 0 and result.reached == 0
    assert all("--max-nodes 2" in r["reason"] for r in result.results)
    assert result.bounds_fraction == (0.0, 1.0) and result.decided_fraction is None
    text = result.text()
    assert "NOT counted as failures" in text and "cut hands" in text and "failed hands" not in text


def test_a_cut_search_is_never_a_failure_asp(tmp_path):
    path = deck_file(tmp_path, "warriors.ydk", **{"Celtic Guardian": 3, "Speed Warrior": 3, "Mokey Mokey": 3})
    result = sweep(path, "monsters>=3", hands=3, seed=2, workers=0, max_depth=1)
    assert result.bounds["engine"] == "asp" and result.cut == 3 and result.failed == 0 and result.reached == 0
    assert all("--max-depth 1" in r["reason"] and r["proved_depth"] == 1 for r in result.results)


def test_the_asp_engine_is_the_default_and_answers_as_bfs():
    """Issue 13: the same seeded hands get the same outcomes, depths and proofs from both engines (the
    starter deck's Cyber Twin Dragon has an unread attack clause, which cannot matter on turn 1: BP-1)."""
    options = dict(hands=6, seed=1, workers=0)
    on_asp = sweep(STARTER, "extra>=1", **options)
    on_bfs = sweep(STARTER, "extra>=1", engine="bfs", **options)
    assert on_asp.bounds["engine"] == "asp" and on_bfs.bounds["engine"] == "bfs"
    assert answers(on_asp) == answers(on_bfs)
    assert on_asp.reached > 0 and on_asp.failed > 0 and on_asp.cut == 0
    assert on_asp.timings()["positions_expanded"] is None and on_bfs.timings()["positions_expanded"] > 0
    assert "engine asp" in on_asp.text() and "positions expanded" in on_bfs.text()


def test_max_nodes_needs_the_bfs_engine():
    with pytest.raises(PysolverError, match="max_nodes .*breadth-first search only"):
        sweep(STARTER, "monsters>=2", hands=1, workers=0, max_nodes=5)
    with pytest.raises(PysolverError, match="engine must be one of"):
        sweep(STARTER, "monsters>=2", hands=1, workers=0, engine="dfs")


def test_same_seed_same_result_whatever_the_workers():
    options = dict(hands=8, seed=11, max_depth=2, max_nodes=6, engine="bfs")
    one = sweep(STARTER, "monsters>=2", workers=1, **options)
    two = sweep(STARTER, "monsters>=2", workers=2, **options)
    here = sweep(STARTER, "monsters>=2", workers=0, **options)
    assert comparable(one) == comparable(two) == comparable(here)
    assert one.hands == 8 and one.reached + one.failed + one.cut == 8
    assert [r["index"] for r in two.results] == list(range(8))


def test_bad_sweep_arguments(tmp_path):
    with pytest.raises(PysolverError, match="hands"):
        sweep(STARTER, "monsters>=2", hands=0)
    with pytest.raises(PysolverError, match="executor"):
        sweep(STARTER, "monsters>=2", hands=1, executor="threads")
    with pytest.raises(PysolverError, match="did you mean"):
        sweep(STARTER, "Stardust Dragn", hands=1, workers=0)
    small = deck_file(tmp_path, "small.ydk", **{"Kuriboh": 4})
    with pytest.raises(PysolverError, match="fewer than a hand"):
        sweep(small, "Kuriboh", hands=1, workers=0)


def test_ray_missing_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)       # import ray -> ImportError
    with pytest.raises(PysolverError, match=r"pip install pysolver\[ray\]"):
        sweep(STARTER, "monsters>=2", hands=1, executor="ray", max_depth=1)


def test_ray_gives_the_same_result_as_the_process_pool():
    """A local Ray (2 CPUs, no dashboard; `pip install ".[test,ray]"`, as the README's test set-up and CI do)
    runs the same seeded sweep as the process pool, with the same results."""
    import ray
    options = dict(hands=4, seed=1, max_depth=2)
    on_ray = sweep(STARTER, "extra>=1", workers=2, executor="ray", **options)
    assert not ray.is_initialized()            # the sweep started its own Ray, and stopped it
    on_pool = sweep(STARTER, "extra>=1", workers=2, executor="process", **options)
    assert comparable(on_ray) == comparable(on_pool) and on_ray.executor == "ray" and on_pool.executor == "process"
    assert [r["outcome"] for r in on_ray.results] == ["reached", "failed", "cut", "failed"]


def test_cli_sweep(capsys, tmp_path):
    path = deck_file(tmp_path, "kuriboh.ydk", **{"Kuriboh": 1, "Dark Magician": 9})
    code = main(["sweep", path, "--goal", "Kuriboh", "--hands", "4", "--workers", "2", "--seed", "3", "--json"])
    out, _ = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and data["hands"] == 4 and data["workers"] == 2 and data["seed"] == 3
    assert data["reached"] + data["failed"] + data["cut"] == 4 and len(data["results"]) == 4
    code = main(["sweep", path, "--goal", "Kuriboh", "--hands", "4", "--workers", "0"])
    out, _ = capsys.readouterr()
    assert code == 0 and out.startswith(f"{path}: 4 hands of 5 (seed 0), goal \"Kuriboh\"")
    assert "reached:" in out and "time:" in out
    code = main(["sweep", path, "--goal", "Kuriboh", "--hands", "4", "--executor", "threads"])
    _, err = capsys.readouterr()
    assert code == 2 and "invalid choice" in err and len(err.strip().splitlines()) == 1
    code = main(["sweep", path, "--goal", "Kuriboh", "--hands", "4", "--max-nodes", "3"])
    out, err = capsys.readouterr()
    assert code == 2 and not out and "--engine bfs" in err and len(err.strip().splitlines()) == 1
    code = main(["sweep", path, "--goal", "Kuriboh", "--hands", "2", "--workers", "0", "--max-nodes", "3",
                 "--engine", "bfs", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out)["bounds"]["engine"] == "bfs"
