"""The sweep family: `python -m benchmarks run --family sweep [--quick] [--sizes HANDS] [--seeds S,...]`.

Seeded opening-hand sweeps of the starter deck (pysolver/examples/starter.ydk, 5-card hands, turn 1) for a
few goals, each searched with no bound (every hand is decided: reached or failed) by both engines of
`pysolver.explore.sweep.sweep`, `bfs` (breadth-first search, the default before issue 13) and `asp` (whole
lines solved by clingo, the default now), on the same hands, in this process (workers=0: the engines are
timed, not the scheduling), after one untimed hand per engine (encodings parsed, cards loaded, as in a
worker that has already searched a hand). Per goal: hands per second with each engine, the median and
slowest hand, the ratio asp / bfs of hands per second (wall clock, and CPU time of this process, steadier
on a shared machine), and whether the answers agree hand by hand (the
outcome, the depth of the shortest lines, the depth proved to have none unless the turn was exhausted
(`answers`), exhausted). The summary gives
the hands per second over every hand of every goal, their ratio, and the median of the per-goal ratios.
The JSON goes to `results/sweep.json` (`sweep-quick.json` with `--quick`); the exit status is 1 when the
engines disagree on a hand.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

GOALS = ("extra>=1", "synchro>=1", "extra>=2", "monsters>=3")
QUICK_GOALS = ("extra>=1", "extra>=2")
STARTER = Path(__file__).resolve().parent.parent / "pysolver" / "examples" / "starter.ydk"
ENGINES = ("bfs", "asp")


def answers(result) -> list[tuple]:
    """What a sweep decides per hand, whichever engine searched it (the lines kept may differ). A failed hand
    (the turn exhausted, no line reaches the goal) is compared without its proved depth, which is where each
    engine could stop: breadth-first search at the deepest position's shortest distance (a longer line to a
    position met before is a transposition), the asp engine at the turn's longest line (it proves that no line
    of one play more exists). Both prove the same thing: no line of the turn reaches the goal."""
    return [(r["index"], r["outcome"], r["depth"], None if r["outcome"] == "failed" else r["proved_depth"],
             r["exhausted"]) for r in result.results]


def run(*, quick: bool, hands: int | None = None, seeds=None, goals=None) -> dict:
    from pysolver.explore.sweep import sweep
    hands = hands or (6 if quick else 40)
    seeds = seeds or (1,)
    goals = goals or (QUICK_GOALS if quick else GOALS)
    for engine in ENGINES:           # warm-up, untimed
        sweep(STARTER, goals[0], hands=1, seed=10_000, workers=0, engine=engine)
    rows = []
    for seed in seeds:
        for goal in goals:
            row: dict = {"seed": seed, "goal": goal, "hands": hands}
            results = {}
            for engine in ENGINES:
                started, cpu = time.perf_counter(), time.process_time()
                result = sweep(STARTER, goal, hands=hands, seed=seed, workers=0, engine=engine)
                wall, cpu = time.perf_counter() - started, time.process_time() - cpu
                per_hand = [r["seconds"] for r in result.results]
                results[engine] = result
                row[engine] = {"seconds": round(wall, 3), "hands_per_second": round(hands / wall, 3),
                               "cpu_seconds": round(cpu, 3), "hands_per_cpu_second": round(hands / cpu, 3),
                               "median_seconds_per_hand": round(statistics.median(per_hand), 4),
                               "max_seconds_per_hand": round(max(per_hand), 4),
                               "reached": result.reached, "failed": result.failed, "cut": result.cut}
            mine, theirs = answers(results["asp"]), answers(results["bfs"])
            row["agree"] = mine == theirs
            row["differences"] = [{"index": a[0], "hand": results["asp"].results[a[0]]["hand"], "asp": a[1:],
                                   "bfs": b[1:]} for a, b in zip(mine, theirs) if a != b]
            row["ratio"] = round(row["asp"]["hands_per_second"] / row["bfs"]["hands_per_second"], 2)
            row["cpu_ratio"] = round(row["bfs"]["cpu_seconds"] / row["asp"]["cpu_seconds"], 2)
            row["median_ratio"] = round(row["bfs"]["median_seconds_per_hand"]
                                        / row["asp"]["median_seconds_per_hand"], 2)
            rows.append(row)
            print(_line(row), flush=True)
    return {"format": "pysolver-benchmarks-sweep/1", "family": "sweep", "deck": STARTER.name, "seeds": list(seeds),
            "machine": _machine(), "rows": rows, "summary": summary(rows)}


def _machine() -> dict:
    from .run import machine
    return machine()


def _line(row) -> str:
    def show(engine):
        r = row[engine]
        return (f"{r['hands_per_second']:6.2f} hands/s (median {r['median_seconds_per_hand']:.3f} s, max "
                f"{r['max_seconds_per_hand']:.2f} s; {r['reached']} reached, {r['failed']} failed, {r['cut']} cut)")
    return (f"seed {row['seed']} {row['goal']:<12} {row['hands']} hands  bfs {show('bfs')}  asp {show('asp')}  "
            f"ratio {row['ratio']} (CPU time {row['cpu_ratio']})  agree {row['agree']}")


def summary(rows) -> dict:
    def rate(engine, seconds="seconds"):
        return round(sum(r["hands"] for r in rows) / sum(r[engine][seconds] for r in rows), 3)
    bfs, asp = rate("bfs"), rate("asp")
    return {"goals": len(rows), "hands": sum(r["hands"] for r in rows), "agree": sum(1 for r in rows if r["agree"]),
            "disagree": [f"seed {r['seed']} {r['goal']}: hands {[d['index'] for d in r['differences']]}"
                         for r in rows if not r["agree"]],
            "bfs_hands_per_second": bfs, "asp_hands_per_second": asp, "ratio": round(asp / bfs, 2),
            "bfs_hands_per_cpu_second": rate("bfs", "cpu_seconds"),
            "asp_hands_per_cpu_second": rate("asp", "cpu_seconds"),
            "cpu_ratio": round(rate("asp", "cpu_seconds") / rate("bfs", "cpu_seconds"), 2),
            "median_ratio_over_goals": round(statistics.median(r["ratio"] for r in rows), 2),
            "load_average": _load()}


def _load():
    import os
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def main(quick: bool, results: Path, hands: int | None = None, seeds=None) -> int:
    document = run(quick=quick, hands=hands, seeds=seeds)
    results.mkdir(parents=True, exist_ok=True)
    path = results / ("sweep-quick.json" if quick else "sweep.json")
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(document["summary"], indent=1))
    print(f"written: {path}")
    return 1 if document["summary"]["disagree"] else 0
