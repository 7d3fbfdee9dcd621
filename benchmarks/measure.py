"""Timing one instance: pysolver's `legal_plays`, the reference enumerator, and clingo by itself.

    pysolver_times(position, repeat)  -> (plays, {"facts": [...], "ground": [...], ..., "wall": [...]})
    reference_times(position, repeat, budget) -> (plays, [seconds, ...])
    clingo_profile(position)          -> grounding size (atoms, rules) and raw enumeration speed

All times are seconds from `time.perf_counter`. Every pysolver measurement is warm: one untimed call
first, so the encodings are parsed and the card facts cached, as in a long-running process.
"""

from __future__ import annotations

import json
import statistics
import time

import clingo
import clingo.ast

from pysolver import legal_plays, reference
from pysolver.solve.facts import position_facts
from pysolver.position.value import Position
from pysolver.solve import legal as solver

PARTS = ("facts", "ground", "solve", "decode", "total")


def summary(values: list[float]) -> dict:
    """median, min, max and the quartiles (inclusive method; equal to min/max for < 4 values)."""
    values = sorted(values)
    if len(values) >= 2:
        q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive")
    else:
        q1 = q3 = values[0]
    return {"median": statistics.median(values), "min": values[0], "max": values[-1], "q1": q1, "q3": q3,
            "n": len(values)}


def pysolver_times(position: Position, repeat: int, *, all_instances: bool = False, budget: float | None = None):
    """`repeat` warm calls of `pysolver.legal_plays`: the last Plays, and each part's seconds per call
    (`wall` is the call as the user sees it, around `legal_plays`). With a `budget` (seconds), fewer
    calls when they would take longer than that in all (the warm-up call counts; one timed call at
    least)."""
    start = time.perf_counter()
    legal_plays(position, all_instances=all_instances)
    warm = time.perf_counter() - start
    if budget is not None and warm * (repeat + 1) > budget:
        repeat = max(1, int(budget / warm) - 1)
    times: dict[str, list[float]] = {part: [] for part in (*PARTS, "wall")}
    plays = None
    for _ in range(repeat):
        start = time.perf_counter()
        plays = legal_plays(position, all_instances=all_instances)
        times["wall"].append(time.perf_counter() - start)
        for part in PARTS:
            times[part].append(float(plays.statistics.get(part, 0.0)))
    return plays, times


def reference_times(position: Position, repeat: int, budget: float, *, all_instances: bool = False):
    """Up to `repeat` calls of `pysolver.reference.legal_plays`, fewer when they would pass `budget`
    seconds in all (at least one call is always made)."""
    times: list[float] = []
    plays = None
    while len(times) < repeat:
        start = time.perf_counter()
        plays = reference.legal_plays(position, all_instances=all_instances)
        times.append(time.perf_counter() - start)
        if sum(times) + times[-1] > budget:
            break
    return plays, times


def play_set(plays) -> list[str]:
    """A canonical, comparable form of a list of plays (with `copies`)."""
    return sorted(json.dumps(play.to_json(), sort_keys=True) for play in plays)


def new_control(arguments, position: Position | None = None, table=None) -> clingo.Control:
    """A Control holding the program `pysolver.solve.legal.legal_plays` grounds for this position: the
    encodings relevant to it when the solver selects them (`relevant_encodings`), else all of them."""
    control = clingo.Control(list(arguments))
    relevant = getattr(solver, "relevant_encodings", None)
    parsed = getattr(solver, "encoding_statements", None)
    if relevant is not None and parsed is not None and position is not None and table is not None:
        with clingo.ast.ProgramBuilder(control) as builder:
            for name in relevant(position, table.predicates):
                for statement in parsed(name):
                    builder.add(statement)
    elif getattr(solver, "program_statements", None) is not None:
        with clingo.ast.ProgramBuilder(control) as builder:
            for statement in solver.program_statements():
                builder.add(statement)
    else:
        control.add("base", [], solver.program())
    return control


def clingo_profile(position: Position, *, symmetry: bool = True, arguments=None) -> dict:
    """Re-ground pysolver's program on the position's facts with clingo statistics, and enumerate every
    model without decoding (no `on_model`: clingo alone counts). Returns the grounding size (atoms,
    rules, bodies of the ground program), the seconds to write the facts, ground and enumerate, the
    model count, and models per second of the enumeration alone."""
    arguments = list(arguments or solver.CLINGO_ARGUMENTS)
    start = time.perf_counter()
    facts, table = position_facts(position, symmetry=symmetry)
    facts_done = time.perf_counter()
    control = new_control(["--stats", *arguments], position, table)
    control.add("base", [], facts)
    grounding = time.perf_counter()
    control.ground([("base", [])])
    grounded = time.perf_counter()
    control.solve()
    solved = time.perf_counter()
    stats = control.statistics
    lp = stats["problem"]["lp"]
    models = int(stats["summary"]["models"]["enumerated"])
    enumerate_seconds = solved - grounded
    return {
        "atoms": int(lp["atoms"]), "rules": int(lp["rules"]), "bodies": int(lp["bodies"]),
        "facts_seconds": facts_done - start, "setup_seconds": grounding - facts_done,
        "ground_seconds": grounded - grounding, "enumerate_seconds": enumerate_seconds, "models": models,
        "models_per_second": models / enumerate_seconds if enumerate_seconds > 0 else None,
    }


def _callback_rate(position: Position, symmetry: bool, fetch_symbols: bool) -> dict:
    facts, table = position_facts(position, symmetry=symmetry)
    control = new_control(solver.CLINGO_ARGUMENTS, position, table)
    control.add("base", [], facts)
    control.ground([("base", [])])
    count = 0

    def on_model(model: clingo.Model) -> None:
        nonlocal count
        if fetch_symbols:
            model.symbols(shown=True)
        count += 1

    start = time.perf_counter()
    control.solve(on_model=on_model)
    seconds = time.perf_counter() - start
    return {"models": count, "seconds": seconds, "models_per_second": count / seconds if seconds > 0 else None}


def counting_callback_rate(position: Position, *, symmetry: bool = True) -> dict:
    """Enumeration with a Python `on_model` that only counts (clingo + the callback, no decoding)."""
    return _callback_rate(position, symmetry, fetch_symbols=False)


def symbols_rate(position: Position, *, symmetry: bool = True) -> dict:
    """Enumeration with an `on_model` that fetches the shown symbols (what the decoder reads), no Play."""
    return _callback_rate(position, symmetry, fetch_symbols=True)
