"""The search family: `python -m benchmarks run --family search [--quick]`.

Seeded positions from the starter deck (pysolver/examples/starter.ydk, without the cards whose text is not
fully read): a 6-card hand and up to 3 monsters of the deck on the field, turn 2, and goals whose shortest
lines are 1 to 8 plays, or that no line reaches. Both engines of `search` run on the same instances with the
same bounds (at most 8 plays, a time budget each), in two modes: every shortest line (search's default)
and the first shortest line (`--first 1`: is there a line, and one of them). Their answers are compared
(found, depth, exhausted, proved depth; with every line, the shortest lines as paths of positions) and the
CPU times printed side by side with the ratio bfs / asp (CPU time: both engines run in this process, clingo
included, so other work on the machine does not skew it; wall times are kept too), warm: both engines run once
untimed first (reading and transforming the encodings is paid once per process). When the budget cuts the
breadth-first search (`bfs_cut`), the ratio is a lower bound. So each row also has the ratio at equal
knowledge (`proof_ratio`): when a budget cut either engine, the CPU time each took to prove the deepest
horizon both proved ("no line of P plays or fewer", the `proofs` of their statistics); otherwise the ratio.
Past it, `beyond_ratio`: bfs's CPU time over asp's time to prove the next horizon, which bfs did not prove in
its whole budget (a lower bound). `--hardest` gives bfs time: monsters>=7, first line, bfs 600 s, asp 60 s.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

GOALS = ("extra>=1", "extra>=2", "synchro>=1 & xyz>=1", "link>=1 & xyz>=1", "extra>=3", "monsters>=7")
QUICK_GOALS = ("extra>=1", "extra>=2", "extra>=3", "synchro>=1 & xyz>=1", "monsters>=7")


def instances(seeds):
    from pysolver.cards import default_cards
    from pysolver.cards.decks import read_ydk
    from pysolver.position.from_deck import position_from_deck
    cards = default_cards()
    from dataclasses import replace
    from pysolver.cards.reading import unread_clauses
    deck = read_ydk(Path(__file__).resolve().parent.parent / "pysolver" / "examples" / "starter.ydk", cards)
    # Cards whose text pysolver cannot fully read make every answer partial: left out, so both engines'
    # answers are exact and can be compared (Cyber Twin Dragon's second attack, issue 15 item 7).
    deck = replace(deck, main=tuple(c for c in deck.main if not unread_clauses(c)),
                   extra=tuple(c for c in deck.extra if not unread_clauses(c)))
    for seed in seeds:
        rng = random.Random(seed)
        main = list(deck.main)
        rng.shuffle(main)
        field = [c for c in main[:12] if c.is_monster and not c.is_a("special_summon")][:3]
        hand = [c for c in main if c not in field][:6]
        yield seed, position_from_deck(deck, cards, hand=[c.name for c in hand],
                                       field=[f"M{i}={c.name}" for i, c in enumerate(field, 1)], turn=2)


def _paths(result, position, goal):
    from pysolver.explore.search import Symmetry, _canonical_key_function, _zone_sensitive
    symmetry = Symmetry.of(position, "all" if _zone_sensitive(goal) else "auto")
    key = _canonical_key_function()
    return {tuple(key(symmetry.normalize(p)) for p in line.replay(position)[1:]) for line in result.lines}


MODES = ("all", "first")   # every shortest line (search's default) | the first one (`--first 1`)


def _compare(row, paths) -> bool | None:
    b, a = row["bfs"], row["asp"]
    if "timeout" in b["reason"] or "timeout" in a["reason"]:
        return None                     # a budget cut one of them: not comparable
    same = (b["found"], b["depth"], b["exhausted"]) == (a["found"], a["depth"], a["exhausted"])
    if not b["found"]:
        return same and b["proved_depth"] == a["proved_depth"]
    # every line: the same paths of positions; the first line: any shortest line (each is replayed)
    return same and (paths[0] == paths[1] if row["mode"] == "all" else True)


# `--hardest`: the unreachable goal that both engines find hardest, the breadth-first search given 10 minutes
# (with a 60 s budget its ratios are capped: it is cut before it proves the horizons asp proves).
HARDEST = {"goals": ("monsters>=7",), "modes": ("first",), "budgets": {"bfs": 600.0, "asp": 60.0}}


def run(*, quick: bool, seeds=None, budget: float | None = None, goals=None, modes=None, budgets=None) -> dict:
    from pysolver.explore.goals import parse_goal
    from pysolver.explore.search import search
    seeds = seeds or ((1, 2) if quick else (1, 2, 3, 4))
    budget = budget or (20.0 if quick else 60.0)
    budgets = budgets or {"bfs": budget, "asp": budget}
    goals = goals or (QUICK_GOALS if quick else GOALS)
    modes = modes or MODES
    rows = []
    for engine in ("bfs", "asp"):   # warm, untimed: the encodings read and transformed once per process
        search(next(instances(seeds[:1]))[1], parse_goal("extra>=1", None), max_depth=1, engine=engine)
    for seed, position in instances(seeds):
        for text in goals:
            goal = parse_goal(text, position.cards)
            for mode in modes:
                row = {"seed": seed, "goal": text, "mode": mode}
                for engine in ("bfs", "asp"):
                    started, cpu = time.perf_counter(), time.process_time()
                    result = search(position, goal, max_depth=8, timeout=budgets[engine], engine=engine,
                                    all_lines=mode == "all")
                    row[engine] = {"seconds": round(time.perf_counter() - started, 3),
                                   "cpu_seconds": round(time.process_time() - cpu, 3), "found": result.found,
                                   "depth": result.depth, "exhausted": result.exhausted, "lines": result.line_count,
                                   "proved_depth": result.proved_depth, "reason": result.reason,
                                   "work": result.statistics.get("positions") if engine == "bfs" else
                                   result.statistics.get("conflicts"),
                                   "proofs": {p["depth"]: p["cpu_seconds"] for p in result.statistics["proofs"]}}
                    row[engine + "_paths"] = _paths(result, position, goal) if result.found else set()
                paths = row.pop("bfs_paths"), row.pop("asp_paths")
                row["agree"] = _compare(row, paths)
                # CPU time (clingo solves in this process): a ratio that other work on the machine does not skew;
                # with a cut bfs it is a lower bound (`bfs_cut`)
                row["ratio"] = round(row["bfs"]["cpu_seconds"] / max(row["asp"]["cpu_seconds"], 1e-3), 2)
                row["bfs_cut"] = not row["bfs"]["exhausted"] and "timeout" in row["bfs"]["reason"]
                row["wall_ratio"] = round(row["bfs"]["seconds"] / row["asp"]["seconds"], 2)
                row.update(_proof_ratio(row))
                rows.append(row)
                print(_line(row), flush=True)
    return {"family": "search", "budget": budgets["bfs"] if budgets["bfs"] == budgets["asp"] else budgets, "rows": rows,
            "summary": {mode: summary([r for r in rows if r["mode"] == mode]) for mode in modes}}


def _proof_ratio(row) -> dict:
    """The ratio at equal knowledge: with both answers complete, the ratio; when a budget cut either engine,
    bfs / asp CPU seconds to prove the deepest horizon that both proved."""
    b, a = row["bfs"], row["asp"]
    if "timeout" not in b["reason"] and "timeout" not in a["reason"]:
        return {"proof_depth": None, "proof_ratio": row["ratio"]}
    depth = min(b["proved_depth"], a["proved_depth"])
    if depth < 1:
        return {"proof_depth": None, "proof_ratio": None}
    ratios = {"proof_depth": depth, "proof_ratio": round(b["proofs"][depth] / max(a["proofs"][depth], 1e-3), 2)}
    if "timeout" in b["reason"] and depth + 1 in a["proofs"]:
        # asp proved a horizon that bfs did not prove in its whole budget: the ratio there is at least this
        ratios["beyond_ratio"] = round(b["cpu_seconds"] / max(a["proofs"][depth + 1], 1e-3), 2)
    return ratios


def _line(row) -> str:
    b, a = row["bfs"], row["asp"]
    def show(r):
        return (f"{r['cpu_seconds']:7.2f} s {'depth ' + str(r['depth']) if r['found'] else 'none ≤' + str(r['proved_depth'])}"
                f"{'' if r['exhausted'] else ' CUT'}")
    proof = f"≤{row['proof_depth']}: {row['proof_ratio']}" if row["proof_depth"] else row["proof_ratio"]
    if "beyond_ratio" in row:
        proof += f", ≤{row['proof_depth'] + 1}: ≥{row['beyond_ratio']}"
    return (f"seed {row['seed']} {row['mode']:<5} {row['goal']:<22} bfs {show(b):<28} asp {show(a):<28} "
            f"ratio {row['ratio']:>7} at equal proof {proof} agree {row['agree']}")


def summary(rows) -> dict:
    deep = [r for r in rows if (r["bfs"]["depth"] or 0) >= 4 or (not r["bfs"]["found"])]
    by_bfs = sorted(rows, key=lambda r: r["bfs"]["cpu_seconds"])
    slowest = by_bfs[-max(1, len(rows) // 10):]

    def median(ratios):
        ratios = [r for r in ratios if r is not None]
        return statistics.median(ratios) if ratios else None
    return {"instances": len(rows), "agree": sum(1 for r in rows if r["agree"]),
            "bfs_cut": sum(1 for r in rows if r["bfs_cut"]),
            "disagree": [f"seed {r['seed']} {r['goal']}" for r in rows if r["agree"] is False],
            "median_ratio_depth_4_or_more_or_none": median(r["ratio"] for r in deep),
            "median_ratio_all": median(r["ratio"] for r in rows),
            "slowest_tenth_ratio": median(r["ratio"] for r in slowest),
            "median_proof_ratio_depth_4_or_more_or_none": median(r["proof_ratio"] for r in deep),
            "median_proof_ratio_all": median(r["proof_ratio"] for r in rows),
            "slowest_tenth_proof_ratio": median(r["proof_ratio"] for r in slowest),
            "median_beyond_ratio": median(r.get("beyond_ratio") for r in rows)}


def main(quick: bool, results: Path, hardest: bool = False, seeds=None) -> int:
    document = run(quick=quick, seeds=seeds, **(HARDEST if hardest else {}))
    results.mkdir(parents=True, exist_ok=True)
    path = results / ("search-hardest.json" if hardest else "search-quick.json" if quick else "search.json")
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(document["summary"], indent=1))
    print(f"written: {path}")
    return 1 if any(part["disagree"] for part in document["summary"].values()) else 0
