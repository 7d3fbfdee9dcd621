"""`python -m benchmarks raw`: clingo's raw enumeration speed next to pysolver's decoded plays per second,
on the instances with the largest outputs (per family: the largest size, the seed with the most models).

Four rates on the same ground program, each the median over `--repeat` runs:

    clingo        models / enumeration seconds, no `on_model` at all (clingo counts by itself)
    callback      models / seconds with a Python `on_model` that only counts
    symbols       models / seconds with an `on_model` that fetches the shown symbols (what is decoded)
    pysolver      decoded plays / (solve + decode) seconds of `legal_plays`, and plays / total seconds

both for the default listing (up to identical copies: symmetry-breaking facts) and for all instances.
"""

from __future__ import annotations

import statistics
import time

from . import families as fam
from .measure import clingo_profile, counting_callback_rate, pysolver_times, symbols_rate
from .run import machine, note

FORMAT = "pysolver-benchmarks-raw/1"


def _largest(family: fam.Family, quick: bool, sizes: tuple | None, seeds: tuple | None):
    """The instance of the family's largest size with the most models (all-instances program)."""
    size = (sizes or family.sizes(quick))[-1]
    best = None
    for n, seed, name, position in family.instances(quick, (size,), seeds):
        try:
            models = clingo_profile(position, symmetry=False)["models"]
        except Exception as error:  # noqa: BLE001 -- an unsupported card: skip that instance
            note(f"  {name}: {error}")
            continue
        if best is None or models > best[0]:
            best = (models, n, seed, name, position)
    return best


def _median_rate(function, position, repeat: int, **options) -> dict:
    runs = [function(position, **options) for _ in range(repeat)]
    return {"models": runs[0]["models"], "seconds": statistics.median(r["seconds"] for r in runs),
            "models_per_second": statistics.median(r["models_per_second"] or 0 for r in runs)}


def raw(*, quick: bool, names: list[str] | None, repeat: int, sizes: tuple | None = None,
        seeds: tuple | None = None) -> dict:
    document = {"format": FORMAT, "mode": "quick" if quick else "full", "machine": machine(),
                "settings": {"repeat": repeat}, "instances": []}
    started = time.perf_counter()
    for family in fam.families(names):
        best = _largest(family, quick, sizes, seeds)
        if best is None:
            continue
        _, n, seed, name, position = best
        for listing, symmetry in (("up to copies", True), ("all instances", False)):
            clingo_runs = [clingo_profile(position, symmetry=symmetry) for _ in range(repeat)]
            clingo_seconds = statistics.median(r["enumerate_seconds"] for r in clingo_runs)
            models = clingo_runs[0]["models"]
            callback = _median_rate(counting_callback_rate, position, repeat, symmetry=symmetry)
            symbols = _median_rate(symbols_rate, position, repeat, symmetry=symmetry)
            plays, times = pysolver_times(position, repeat, all_instances=not symmetry, budget=60.0)
            solve_decode = statistics.median(s + d for s, d in zip(times["solve"], times["decode"]))
            total = statistics.median(times["total"])
            row = {
                "family": family.name, "name": name, "n": n, "seed": seed, "listing": listing, "models": models,
                "plays": len(plays), "atoms": clingo_runs[0]["atoms"], "rules": clingo_runs[0]["rules"],
                "clingo_seconds": clingo_seconds,
                "clingo_models_per_second": models / clingo_seconds if clingo_seconds > 0 else None,
                "callback_models_per_second": callback["models_per_second"],
                "symbols_models_per_second": symbols["models_per_second"],
                "pysolver_solve_decode_seconds": solve_decode, "pysolver_total_seconds": total,
                "pysolver_models_per_second": models / solve_decode if solve_decode > 0 else None,
                "pysolver_plays_per_second": len(plays) / total if total > 0 else None,
            }
            document["instances"].append(row)
            note(f"  {name} ({listing}): {models} models, clingo {_k(row['clingo_models_per_second'])}/s, "
                 f"pysolver {_k(row['pysolver_models_per_second'])} models/s")
    document["seconds"] = time.perf_counter() - started
    return document


def _k(value) -> str:
    if value is None:
        return "-"
    return f"{value / 1000:.1f}k" if value >= 10000 else f"{value:.0f}"


def table(document: dict) -> str:
    head = ("| instance | listing | models | plays | clingo models/s | + counting callback | + symbols "
            "| pysolver models/s (solve+decode) | pysolver plays/s (total) | clingo / pysolver |")
    lines = [head, "|" + " --- |" * (head.count("|") - 1)]
    for row in document["instances"]:
        slowdown = (row["clingo_models_per_second"] / row["pysolver_models_per_second"]
                    if row["clingo_models_per_second"] and row["pysolver_models_per_second"] else None)
        lines.append(
            f"| {row['name']} | {row['listing']} | {row['models']} | {row['plays']} "
            f"| {_k(row['clingo_models_per_second'])} | {_k(row['callback_models_per_second'])} "
            f"| {_k(row['symbols_models_per_second'])} | {_k(row['pysolver_models_per_second'])} "
            f"| {_k(row['pysolver_plays_per_second'])} | {f'{slowdown:.1f}x' if slowdown else '-'} |")
    return "\n".join(lines)
