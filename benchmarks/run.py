"""`python -m benchmarks run`: time every instance of every registered family, with pysolver and with
the reference enumerator, and write the results (JSON, a Markdown table, a plot) to benchmarks/results/.

Per instance: the plays (pysolver's and the reference's must be the same list), pysolver's warm
`legal_plays` over `--repeat` calls split into facts / ground / solve / decode, the reference's time,
the grounding size of pysolver's program (clingo statistics: atoms and rules of the ground program), and
clingo's raw enumeration speed on the same program (no decoding).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import clingo

import pysolver
from pysolver.solve import legal as solver
from pysolver.errors import PysolverError

from . import families as fam
from .measure import PARTS, clingo_profile, play_set, pysolver_times, reference_times, summary

FORMAT = "pysolver-benchmarks/1"
ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


def note(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------------
# The machine

def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _git(*arguments: str) -> str | None:
    """A read-only git query in the repository (never one that changes state)."""
    try:
        out = subprocess.run(["git", "--no-optional-locks", *arguments], cwd=ROOT, capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def machine() -> dict:
    commit = _git("rev-parse", "HEAD")
    status = _git("status", "--porcelain", "--untracked-files=no") if commit else None
    return {
        "platform": platform.platform(), "cpu": _cpu_model(), "cpu_count": os.cpu_count(),
        "python": platform.python_version(), "clingo": clingo.__version__,
        "pysolver": getattr(pysolver, "__version__", None), "git_commit": commit,
        "git_dirty": bool(status) if status is not None else None,
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        # other work on the machine inflates times (pysolver's and the reference's alike)
        "load_average": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
    }


# --------------------------------------------------------------------------------------------------
# One instance

def measure_instance(family: fam.Family, n, seed: int, name: str, position, *, repeat: int,
                     reference_state: dict, budget: float) -> dict:
    row: dict = {"family": family.name, "name": name, "n": n, "seed": seed}
    try:
        plays, times = pysolver_times(position, repeat, budget=budget)
    except PysolverError as error:
        row["error"] = str(error)
        return row
    row["plays"] = len(plays)
    row["copies"] = sum(play.copies for play in plays)
    row["pysolver"] = {part: summary(values) for part, values in times.items()}
    total = row["pysolver"]["total"]["median"]
    row["plays_per_second"] = len(plays) / total if total > 0 else None

    over = reference_state.get("reference_over")
    predicted = _predicted(reference_state, n)
    if reference_state.get("unsupported"):
        row["reference"] = {"status": reference_state["unsupported"]}
    elif over is not None and n != over:
        row["reference"] = {"status": f"skipped: a call took over the {budget:g} s budget at n={over}"}
    elif predicted is not None and predicted > 2 * budget:
        row["reference"] = {"status": f"skipped: predicted {predicted:.0f} s per call (over twice the {budget:g} s "
                                      f"budget, from its growth between the last two sizes)"}
        reference_state["reference_over"] = n
    else:
        ref_plays, ref_times = reference_times(position, repeat, budget)
        row["reference"] = {"status": "measured", "plays": len(ref_plays), "seconds": summary(ref_times)}
        # compared on the actions the reference has; the solver's others are counted, not compared
        common = fam.reference_actions()
        compared = [play for play in plays if play.action in common]
        row["compared_plays"] = len(compared)
        row["not_in_reference"] = dict(Counter(play.action for play in plays if play.action not in common))
        row["agree"] = play_set(compared) == play_set(ref_plays)
        row["ratio"] = row["reference"]["seconds"]["median"] / total if total > 0 else None
        if max(ref_times) > budget:
            reference_state["reference_over"] = n
        if n is not None:
            reference_state.setdefault("medians", {}).setdefault(n, []).append(min(ref_times))
    row["clingo"] = clingo_profile(position)
    if max(times["total"]) > budget:
        reference_state["pysolver_over"] = n
    return row


def _predicted(reference_state: dict, n) -> float | None:
    """The reference's time at size n, extrapolated from the last two sizes measured (growth per step
    kept constant); None until two sizes are known, or at a size already measured."""
    medians = reference_state.get("medians", {})
    sizes = sorted(medians)
    if n is None or len(sizes) < 2 or n in medians:
        return None
    last, before = max(medians[sizes[-1]]), max(medians[sizes[-2]])
    if before <= 0:
        return None
    return last * (last / before)


def floor(repeat: int) -> dict:
    """pysolver on the empty position (turn 3, Main Phase 1, no cards): the fixed cost of a call."""
    from pysolver.position.builder import PositionBuilder
    position = PositionBuilder(turn=3).build()
    plays, times = pysolver_times(position, max(repeat, 5))
    return {"plays": len(plays), "pysolver": {part: summary(values) for part, values in times.items()},
            "clingo": clingo_profile(position)}


# --------------------------------------------------------------------------------------------------
# The whole run

def run(*, quick: bool, names: list[str] | None, repeat: int, budget: float,
        sizes: tuple | None = None, seeds: tuple | None = None) -> dict:
    chosen = fam.families(names)
    support = {action: {"solver": fam.supported(action), "reference": fam.reference_supports(action)}
               for action in fam.PROBED_ACTIONS}
    document: dict = {
        "format": FORMAT, "mode": "quick" if quick else "full", "machine": machine(),
        "settings": {"repeat": repeat, "reference_budget_seconds": budget, "warm": True,
                     "clingo_arguments": list(solver.CLINGO_ARGUMENTS)},
        "support": support,
        "families": {f.name: {"parameter": f.parameter, "stresses": f.stresses,
                              "sizes": list(f.sizes(quick) if f.quick_sizes == (None,) else sizes or f.sizes(quick)),
                              "seeds": list(seeds or f.seeds(quick))} for f in chosen},
        "unregistered": {k: v for k, v in fam.unregistered().items() if not names or k in names},
        "floor": floor(repeat),
        "instances": [],
        "skipped": [],
    }
    started = time.perf_counter()
    for family in chosen:
        reference_state: dict = {}
        if family.action and not fam.reference_supports(family.action):
            reference_state["unsupported"] = f"unsupported: pysolver.reference has no {family.action} yet"
        errors: list = []
        for n, seed, name, position in family.instances(quick, sizes, seeds, errors):
            if reference_state.get("pysolver_over") is not None and n != reference_state["pysolver_over"]:
                note(f"  {name}: skipped (a pysolver call took over {budget:g} s at n={reference_state['pysolver_over']})")
                document["skipped"].append(name)
                continue
            row = measure_instance(family, n, seed, name, position, repeat=repeat,
                                   reference_state=reference_state, budget=budget)
            document["instances"].append(row)
            note(_progress(row))
        for row in errors:
            document["instances"].append(row)
            note(_progress(row))
    document["summary"] = summarise(document["instances"])
    document["seconds"] = time.perf_counter() - started
    return document


def _progress(row: dict) -> str:
    if "error" in row:
        return f"  {row['name']}: ERROR {row['error']}"
    ref = row["reference"]
    ref_text = (f"reference {1000 * ref['seconds']['median']:.1f} ms" if ref["status"] == "measured"
                else ref["status"])
    agree = "" if row.get("agree", True) else "  DISAGREE"
    return (f"  {row['name']}: {row['plays']} plays, pysolver {1000 * row['pysolver']['total']['median']:.1f} ms, "
            f"{ref_text}{agree}")


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def summarise(rows: list[dict]) -> list[dict]:
    """One line per (family, n): medians over the seeds of each instance's median; the spread is the
    fastest and slowest single call over all seeds and repeats, and the quartiles of the instances'
    medians."""
    groups: dict = {}
    for row in rows:
        if "error" not in row:
            groups.setdefault((row["family"], row["n"]), []).append(row)
    out = []
    for (family, n), group in groups.items():
        medians = [r["pysolver"]["total"]["median"] for r in group]
        measured = [r for r in group if r["reference"]["status"] == "measured"]
        line = {
            "family": family, "n": n, "instances": len(group),
            "plays": _median([r["plays"] for r in group]),
            "pysolver": {part: _median([r["pysolver"][part]["median"] for r in group]) for part in (*PARTS, "wall")},
            "pysolver_min": min(r["pysolver"]["total"]["min"] for r in group),
            "pysolver_max": max(r["pysolver"]["total"]["max"] for r in group),
            "pysolver_q1": summary(medians)["q1"], "pysolver_q3": summary(medians)["q3"],
            "reference": _median([r["reference"]["seconds"]["median"] for r in measured]) if measured else None,
            "reference_status": "measured" if measured else group[0]["reference"]["status"],
            "ratio": _median([r.get("ratio") for r in measured]) if measured else None,
            "agree": all(r.get("agree", False) for r in measured) if measured else None,
            "plays_per_second": _median([r["plays_per_second"] for r in group]),
            "atoms": _median([r["clingo"]["atoms"] for r in group]),
            "rules": _median([r["clingo"]["rules"] for r in group]),
            "models": _median([r["clingo"]["models"] for r in group]),
            "raw_models_per_second": _median([r["clingo"]["models_per_second"] for r in group]),
        }
        out.append(line)
    return out


# --------------------------------------------------------------------------------------------------
# Output: table, JSON, plot

def _ms(seconds) -> str:
    if seconds is None:
        return "-"
    return f"{1000 * seconds:.1f}" if seconds < 10 else f"{seconds:.1f} s"


def _rate(value) -> str:
    if value is None:
        return "-"
    return f"{value / 1000:.1f}k" if value >= 10000 else f"{value:.0f}"


def table(document: dict) -> str:
    """The summary as a Markdown table (times in ms; ratio = reference / pysolver, > 1: pysolver faster)."""
    head = ("| family | n | inst. | plays | pysolver ms median [min..max] | facts | ground | solve | decode "
            "| reference ms | ratio | agree | plays/s | raw models/s | atoms | rules |")
    lines = [head, "|" + " --- |" * (head.count("|") - 1)]
    for line in document["summary"]:
        p = line["pysolver"]
        ref = _ms(line["reference"]) if line["reference_status"] == "measured" else line["reference_status"].split(":")[0]
        ratio = f"{line['ratio']:.2f}" if line["ratio"] is not None else "-"
        agree = {True: "yes", False: "NO", None: "-"}[line["agree"]]
        n = "-" if line["n"] is None else line["n"]
        lines.append(
            f"| {line['family']} | {n} | {line['instances']} | {line['plays']:g} | {_ms(p['total'])} "
            f"[{_ms(line['pysolver_min'])}..{_ms(line['pysolver_max'])}] | {_ms(p['facts'])} | {_ms(p['ground'])} "
            f"| {_ms(p['solve'])} | {_ms(p['decode'])} | {ref} | {ratio} | {agree} | {_rate(line['plays_per_second'])} "
            f"| {_rate(line['raw_models_per_second'])} | {line['atoms']:g} | {line['rules']:g} |")
    return "\n".join(lines)


def header(document: dict) -> str:
    m = document["machine"]
    commit = (m["git_commit"] or "unknown")[:12] + (" (dirty)" if m.get("git_dirty") else "")
    s = document["settings"]
    f = document["floor"]["pysolver"]
    split = ", ".join(f"{part} {_ms(f[part]['median'])}" for part in PARTS[:-1])
    return (f"pysolver {m['pysolver']} (commit {commit}), clingo {m['clingo']}, Python {m['python']}, "
            f"{m['cpu']} x{m['cpu_count']}, {m['platform']}, {m['date']}\n"
            f"floor (the empty position): {_ms(f['total']['median'])} ms per call ({split}); "
            f"{document['floor']['clingo']['atoms']} atoms, {document['floor']['clingo']['rules']} rules\n"
            f"mode {document['mode']}, {s['repeat']} warm calls per instance, reference budget "
            f"{s['reference_budget_seconds']:g} s; times in ms; ratio = reference / pysolver (> 1: pysolver "
            f"faster); plays/s = plays / pysolver total; raw models/s = clingo enumeration alone")


def write(document: dict, results: Path, stem: str, *, plot: bool = True) -> list[Path]:
    results.mkdir(parents=True, exist_ok=True)
    written = []
    path = results / f"{stem}.json"
    path.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    written.append(path)
    path = results / f"{stem}.md"
    unregistered = "".join(f"\nnot registered: {k} ({v})" for k, v in document["unregistered"].items())
    path.write_text(f"{header(document)}{unregistered}\n\n{table(document)}\n", encoding="utf-8")
    written.append(path)
    if plot:
        png = plot_document(document, results / f"{stem}.png")
        if png:
            written.append(png)
    return written


def plot_document(document: dict, path: Path) -> Path | None:
    """Time against size per family, log scale: pysolver (total and its grounding) and the reference."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import matplotlib.ticker
    except ImportError:
        note("note: matplotlib is not installed (pip install matplotlib, or the `bench` extra): no plot")
        return None
    names = list(document["families"])
    if not names:
        return None
    columns = min(3, len(names))
    rows = (len(names) + columns - 1) // columns
    figure, axes = plt.subplots(rows, columns, figsize=(5 * columns, 3.8 * rows), squeeze=False)
    for ax, name in zip(axes.flat, names):
        instances = [r for r in document["instances"] if r["family"] == name and "error" not in r]
        if not instances:
            ax.set_visible(False)
            continue
        if instances[0]["n"] is None:        # boards without a size: one point per board
            xs = [r["seed"] for r in instances]
            ax.plot(xs, [r["pysolver"]["total"]["median"] for r in instances], "o", label="pysolver total")
            ax.plot(xs, [r["pysolver"]["ground"]["median"] for r in instances], ".", label="pysolver ground")
            measured = [r for r in instances if r["reference"]["status"] == "measured"]
            ax.plot([r["seed"] for r in measured], [r["reference"]["seconds"]["median"] for r in measured], "s",
                    label="reference", fillstyle="none")
            ax.set_xlabel("board (seed)")
            ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
        else:
            lines = [line for line in document["summary"] if line["family"] == name]
            xs = [line["n"] for line in lines]
            ax.plot(xs, [line["pysolver"]["total"] for line in lines], "o-", label="pysolver total")
            ax.fill_between(xs, [line["pysolver_q1"] for line in lines], [line["pysolver_q3"] for line in lines],
                            alpha=0.2)
            ax.plot(xs, [line["pysolver"]["ground"] for line in lines], ".--", label="pysolver ground")
            measured = [line for line in lines if line["reference"] is not None]
            if measured:
                ax.plot([line["n"] for line in measured], [line["reference"] for line in measured], "s-",
                        label="reference", fillstyle="none")
            ax.set_xscale("log")
            ax.set_xticks(xs)
            ax.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
            ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
            ax.tick_params(axis="x", labelsize=7)
            ax.set_xlabel(f"n ({document['families'][name]['parameter']})", fontsize=8)
        ax.set_yscale("log")
        ax.set_ylabel("seconds (median)")
        ax.set_title(name)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(names):]:
        ax.set_visible(False)
    m = document["machine"]
    figure.suptitle(f"pysolver {m['pysolver']} ({(m['git_commit'] or '')[:8]}), clingo {m['clingo']}, "
                    f"{document['mode']} run, {m['date'][:10]}", fontsize=9)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
    return path
