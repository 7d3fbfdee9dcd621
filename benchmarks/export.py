"""`python -m benchmarks export DIR`: the families as ASP-Competition-style packages, and the comparison of
clingo's `--configuration` presets on them.

    DIR/
      README.md                 how to run the instances with clingo, what each family stresses, the
                                expected answers and the configuration table
      asp/*.lp                  the encodings of the installed pysolver (solver.ENCODINGS, verbatim)
      instances/FAMILY/NAME.lp  facts only: pysolver.solve.facts.position_facts(position, symmetry=False)
      positions/FAMILY/NAME.yaml the same position as a pysolver-position/1 file
      expected.csv              instance, family, n, seed, models (the number of answer sets)
      run.sh                    runs every instance with clingo and checks its number of models

The instance facts are written without symmetry breaking (no `copy_before/2`), so every answer set is
one instance-level play: the expected number of answers is the number of models clingo enumerates
with `--project=show`, and it is checked against the reference enumerator,
`len(pysolver.reference.legal_plays(position, all_instances=True))`, whenever the reference has the
family's action (and finishes within the budget).
"""

from __future__ import annotations

import csv
import shutil
import statistics
import time
from pathlib import Path

import clingo

from pysolver import dump_position, legal_plays, reference
from pysolver.solve import legal as solver
from pysolver.solve.facts import position_facts

from . import families as fam
from .run import machine, note

PRESETS = ("auto", "frumpy", "jumpy", "tweety", "handy", "crafty", "trendy")
ENUMERATE = ("--models=0", "--project=show", "--warn=none")
PYSOLVER_CHECK_LIMIT = 20000   # models; above, pysolver's all-instances listing is not decoded as a check


def encoding_files() -> list[tuple[str, str]]:
    """(file name, text) of the installed package's encodings, in solver.ENCODINGS order."""
    root = solver.encodings_root()
    return [(name, root.joinpath(name).read_text(encoding="utf-8")) for name in solver.ENCODINGS]


def count_models(files: list[Path], arguments=ENUMERATE, extra: str = "") -> tuple[int, float, float]:
    """Ground and enumerate the files (and `extra` facts) with clingo: (models, ground s, enumerate s)."""
    control = clingo.Control(list(arguments))
    for path in files:
        control.load(str(path))
    if extra:
        control.add("base", [], extra)
    start = time.perf_counter()
    control.ground([("base", [])])
    grounded = time.perf_counter()
    models = 0

    def on_model(model: clingo.Model) -> None:
        nonlocal models
        models += 1

    control.solve(on_model=on_model)
    return models, grounded - start, time.perf_counter() - grounded


def export(directory: Path, *, quick: bool, names: list[str] | None, budget: float,
           sizes: tuple | None = None, seeds: tuple | None = None) -> dict:
    """Write the packages; return the list of instances with their expected and checked counts."""
    directory.mkdir(parents=True, exist_ok=True)
    asp = directory / "asp"
    if asp.exists():
        shutil.rmtree(asp)
    asp.mkdir()
    for name, text in encoding_files():
        (asp / name).write_text(text, encoding="utf-8")
    encodings = [asp / name for name in solver.ENCODINGS]
    rows = []
    chosen = fam.families(names)
    for family in chosen:
        checkable = family.action is None or fam.reference_supports(family.action)
        over_budget = False
        for folder in ("instances", "positions"):
            target = directory / folder / family.name
            if target.exists():
                shutil.rmtree(target)
            target.mkdir(parents=True)
        for n, seed, name, position in family.instances(quick, sizes, seeds):
            facts, _ = position_facts(position, symmetry=False)
            instance = directory / "instances" / family.name / f"{name}.lp"
            instance.write_text(f"% {name}: pysolver benchmark instance (family {family.name}"
                                f"{'' if n is None else f', n = {n}'}, seed {seed}); facts only, "
                                f"no symmetry breaking\n{facts}\n", encoding="utf-8")
            dump_position(position, directory / "positions" / family.name / f"{name}.yaml")
            models, ground_seconds, enumerate_seconds = count_models([*encodings, instance])
            # pysolver's own all-instances listing too (it decodes every play: skipped when huge)
            pysolver_count = len(legal_plays(position, all_instances=True)) if models <= PYSOLVER_CHECK_LIMIT else None
            row = {"instance": f"instances/{family.name}/{name}.lp", "family": family.name, "n": n, "seed": seed,
                   "models": models, "pysolver": pysolver_count, "reference": None,
                   "ground_seconds": ground_seconds, "enumerate_seconds": enumerate_seconds}
            if checkable and not over_budget:
                start = time.perf_counter()
                row["reference"] = len(reference.legal_plays(position, all_instances=True))
                over_budget = time.perf_counter() - start > budget
                # the reference is compared on the plays of the actions it has (only_action/1 facts)
                common = "".join(f"only_action({action}).\n" for action in sorted(fam.reference_actions()))
                row["models_of_reference_actions"] = count_models([*encodings, instance], extra=common)[0]
            row["checked"] = row["reference"] is not None
            row["agrees"] = pysolver_count in (None, models) and \
                row["reference"] in (None, row.get("models_of_reference_actions"))
            rows.append(row)
            flag = "" if row["agrees"] else "  MISMATCH"
            note(f"  {name}: {models} models (pysolver {'-' if pysolver_count is None else pysolver_count}, reference "
                 f"{'-' if row['reference'] is None else row['reference']} of "
                 f"{row.get('models_of_reference_actions', '-')} on its actions){flag}")
    with open(directory / "expected.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["instance", "family", "n", "seed", "models", "reference_checked"])
        for row in rows:
            writer.writerow([row["instance"], row["family"], "" if row["n"] is None else row["n"], row["seed"],
                             row["models"], "yes" if row["checked"] else "no"])
    _write_run_script(directory)
    return {"families": {f.name: {"parameter": f.parameter, "stresses": f.stresses} for f in chosen},
            "unregistered": fam.unregistered(), "instances": rows}


def _write_run_script(directory: Path) -> None:
    script = directory / "run.sh"
    script.write_text(r'''#!/bin/sh
# Enumerate every instance with clingo and compare the number of models with expected.csv.
# CLINGO: the clingo executable (default: clingo, else the one of the Python package: python3 -m clingo).
# Extra arguments are passed to clingo, e.g. ./run.sh --configuration=jumpy
cd "$(dirname "$0")"
if [ -z "$CLINGO" ]; then
  if command -v clingo >/dev/null 2>&1; then CLINGO=clingo; else CLINGO="python3 -m clingo"; fi
fi
status=0
tail -n +2 expected.csv | while IFS=, read -r instance family n seed models checked; do
  found=$($CLINGO asp/*.lp "$instance" --models=0 --project=show --warn=none --quiet=2 "$@" \
          | sed -n 's/^Models *: *\([0-9]*\).*/\1/p')
  if [ "$found" = "$models" ]; then echo "ok   $instance $found"; else echo "FAIL $instance $found != $models"; status=1; fi
done
exit $status
''', encoding="utf-8")
    script.chmod(0o755)


# --------------------------------------------------------------------------------------------------
# clingo's configuration presets

def compare_configurations(directory: Path, rows: list[dict], *, repeat: int, presets=PRESETS) -> dict:
    """Time to enumerate all models (clingo's solve call, after grounding) of every exported instance
    under each preset; the median of `repeat` runs per instance, summed per family."""
    encodings = [directory / "asp" / name for name in solver.ENCODINGS]
    per_instance: dict = {}
    for row in rows:
        files = [*encodings, directory / row["instance"]]
        for preset in presets:
            seconds, models = [], None
            for _ in range(repeat):
                models, _, enumerate_seconds = count_models(files, (*ENUMERATE, f"--configuration={preset}"))
                seconds.append(enumerate_seconds)
            if models != row["models"]:
                raise RuntimeError(f"{row['instance']}: {models} models under --configuration={preset}, "
                                   f"expected {row['models']}")
            per_instance.setdefault(row["instance"], {})[preset] = statistics.median(seconds)
        times = per_instance[row["instance"]]
        note(f"  {row['instance']}: " + ", ".join(f"{p} {1000 * times[p]:.1f}" for p in presets) + " ms")
    families: dict = {}
    for row in rows:
        for preset, seconds in per_instance[row["instance"]].items():
            families.setdefault(row["family"], {}).setdefault(preset, 0.0)
            families[row["family"]][preset] += seconds
    totals = {preset: sum(f[preset] for f in families.values()) for preset in presets}
    # The geometric mean over instances of (time under the preset / time under auto): < 1 is faster.
    relative = {}
    for preset in presets:
        ratios = [times[preset] / times["auto"] for times in per_instance.values()
                  if times["auto"] > 0 and times[preset] > 0]
        relative[preset] = statistics.geometric_mean(ratios) if ratios else None
    best = min(presets, key=lambda p: totals[p])
    return {"presets": list(presets), "repeat": repeat, "per_instance": per_instance, "families": families,
            "totals": totals, "relative_to_auto": relative, "fastest_total": best}


def configuration_table(result: dict) -> str:
    presets = result["presets"]
    head = "| family | " + " | ".join(presets) + " |"
    lines = [head, "|" + " --- |" * (len(presets) + 1)]
    for family, times in result["families"].items():
        fastest = min(times.values())
        cells = [(f"**{1000 * times[p]:.1f}**" if times[p] == fastest else f"{1000 * times[p]:.1f}") for p in presets]
        lines.append(f"| {family} | " + " | ".join(cells) + " |")
    fastest = min(result["totals"].values())
    lines.append("| **all** | " + " | ".join((f"**{1000 * result['totals'][p]:.1f}**" if result["totals"][p] == fastest
                                               else f"{1000 * result['totals'][p]:.1f}") for p in presets) + " |")
    lines.append("| geo. mean vs auto | " + " | ".join(
        f"{result['relative_to_auto'][p]:.2f}" if result["relative_to_auto"][p] else "-" for p in presets) + " |")
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------------
# The README of the export

def write_readme(directory: Path, exported: dict, configurations: dict | None, quick: bool) -> Path:
    m = machine()
    by_family: dict = {}
    for row in exported["instances"]:
        by_family.setdefault(row["family"], []).append(row)
    lines = [
        "# pysolver benchmark instances (ASP-Competition style)",
        "",
        "Every legal play of a Yu-Gi-Oh! position, as the answer sets of one logic program: pysolver's",
        "encodings (`asp/`, verbatim from pysolver " + str(m["pysolver"]) + ", commit "
        + (m["git_commit"] or "unknown")[:12] + ") and one file of facts per position (`instances/`).",
        "One answer set is one instance-level play (which card, which Tributes or materials, projected",
        "onto the shown atoms: zones and battle positions are derived, not chosen). The task is to",
        "enumerate all answer sets; `expected.csv` gives their number for every instance.",
        "",
        "## Running",
        "",
        "```sh",
        "clingo asp/*.lp instances/synchro/synchro-n10-seed1.lp --models=0 --project=show",
        "clingo asp/*.lp instances/synchro/synchro-n10-seed1.lp --models=0 --project=show --quiet=2 --stats",
        "./run.sh                         # every instance; compares the model counts with expected.csv",
        "./run.sh --configuration=jumpy   # the same under another preset (extra arguments go to clingo)",
        "```",
        "",
        "`--project=show` is required: an answer set also fixes auxiliary choices (which slot of a material",
        "line a material fills, whether a Link Monster counts as 1 or as its Link Rating) that are not part",
        "of the play; projected onto the shown atoms, each play is counted once. Without the pip package's",
        "`clingo` executable, `python3 -m clingo` is the same program.",
        "",
        "The facts are written without symmetry breaking (pysolver's default adds `copy_before/2` facts to",
        "list plays up to identical copies): the counts here are instance-level, and each was checked to",
        "equal the number of plays of pysolver's independent brute-force enumerator",
        "(`pysolver.reference.legal_plays(position, all_instances=True)`) where that enumerator has the",
        "family's action (`reference_checked` in expected.csv). `positions/` holds each position as a",
        "pysolver-position/1 file (`pysolver plays positions/...yaml --all-instances`).",
        "",
        "## Families",
        "",
        "| family | n counts | instances | models (min..max) | what it stresses |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, info in exported["families"].items():
        rows = by_family.get(name, [])
        models = [r["models"] for r in rows]
        span = f"{min(models)}..{max(models)}" if models else "-"
        lines.append(f"| {name} | {info['parameter'] or '- (one board per seed)'} | {len(rows)} | {span} "
                     f"| {info['stresses']} |")
    for name, why in exported["unregistered"].items():
        lines.append(f"| {name} | not exported | 0 | - | {why} |")
    lines += ["", "Instance names carry the parameters: `synchro-n20-seed7` is the Synchro family with n = 20,",
              "generated with seed 7 (`python -m benchmarks export DIR` in the pysolver repository makes them",
              "again, deterministically, from the card pool of that version)."]
    if configurations:
        lines += ["", "## clingo's configuration presets", "",
                  "Milliseconds to enumerate all models after grounding (clingo's solve call), the median of "
                  f"{configurations['repeat']} runs per instance, summed per family; the fastest per row in "
                  "bold. The last row: geometric mean over instances of the time relative to `auto` (< 1 is "
                  f"faster). Machine: {m['cpu']} x{m['cpu_count']}, clingo {m['clingo']}.", "",
                  configuration_table(configurations)]
    lines += ["", f"Generated {m['date']} ({'quick' if quick else 'full'} set) by `python -m benchmarks export`.", ""]
    path = directory / "README.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
