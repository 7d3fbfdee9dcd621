"""The command line of the benchmark suite: `python -m benchmarks COMMAND` (see benchmarks/README.md)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from .run import RESULTS, header, note


def _families(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    return [name.strip() for value in values for name in value.split(",") if name.strip()]


def _integers(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(",") if part.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected integers separated by commas, got {text!r}") from None


def _common(parser: argparse.ArgumentParser, *, repeat_help: str) -> None:
    parser.add_argument("--quick", action="store_true", help="small sizes and one seed (well under a minute)")
    parser.add_argument("--family", action="append", metavar="F",
                        help="only this family (repeat, or separate by commas): synchro, xyz, link, realistic, "
                             "ritual, pendulum, fusion; or alone: search (both engines of `search`), sweep "
                             "(both engines of `sweep`, --sizes HANDS)")
    parser.add_argument("--repeat", type=int, default=None, help=repeat_help)
    parser.add_argument("--results", type=Path, default=RESULTS, metavar="DIR",
                        help=f"where results are written (default {RESULTS})")
    parser.add_argument("--json", action="store_true", help="print the JSON document instead of the table")
    parser.add_argument("--sizes", type=_integers, default=None, metavar="N,N,...",
                        help="these sizes instead of each family's own (not for realistic)")
    parser.add_argument("--seeds", type=_integers, default=None, metavar="S,S,...",
                        help="these seeds instead of each family's own")


def _stem(kind: str, args) -> str:
    stem = kind if kind != "run" else ("quick" if args.quick else "full")
    if kind != "run" and args.quick:
        stem += "-quick"
    names = _families(args.family)
    return stem + ("-" + "-".join(names) if names else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    run_parser = commands.add_parser("run", help="time pysolver and the reference on every family")
    _common(run_parser, repeat_help="warm calls per instance (default 3 with --quick, else 7)")
    run_parser.add_argument("--budget", "--reference-budget", dest="reference_budget", type=float, default=30.0,
                            metavar="S", help="per instance: fewer repeats past S seconds; in a family, larger sizes "
                                              "skip the reference (or pysolver) once one call takes longer (default 30)")
    run_parser.add_argument("--no-plot", action="store_true", help="do not draw the PNG plot")
    run_parser.add_argument("--hardest", action="store_true",
                            help="search family only: the unreachable goal monsters>=7, first line, the breadth-first "
                                 "search given 10 minutes and asp 60 s (results/search-hardest.json)")

    raw_parser = commands.add_parser("raw", help="clingo's raw models/s next to pysolver's decoded plays/s")
    _common(raw_parser, repeat_help="runs per measurement (default 3 with --quick, else 5)")

    export_parser = commands.add_parser("export", help="ASP-Competition-style packages of the families")
    export_parser.add_argument("directory", type=Path)
    _common(export_parser, repeat_help="runs per instance and preset in the configuration comparison "
                                       "(default 1 with --quick, else 3)")
    export_parser.add_argument("--no-configurations", action="store_true",
                               help="skip the comparison of clingo's --configuration presets")
    export_parser.add_argument("--reference-budget", type=float, default=30.0, metavar="S")

    config_parser = commands.add_parser("configurations",
                                        help="compare clingo's --configuration presets (exports to a temporary "
                                             "directory)")
    _common(config_parser, repeat_help="runs per instance and preset (default 1 with --quick, else 3)")

    args = parser.parse_args(argv)
    names = _families(args.family)

    if args.command == "run" and args.hardest and names != ["search"]:
        parser.error("--hardest is a slice of the search family: add --family search")
    if args.command == "run" and names == ["sweep"]:
        from .sweep import main as sweep_main
        hands = args.sizes[0] if args.sizes else None
        return sweep_main(args.quick, args.results, hands=hands, seeds=args.seeds)
    if args.command == "run" and names == ["search"]:
        from .search import main as search_main
        return search_main(args.quick, args.results, hardest=args.hardest, seeds=args.seeds)
    if args.command == "run":
        from .run import run, table, write
        repeat = args.repeat or (3 if args.quick else 7)
        document = run(quick=args.quick, names=names, repeat=repeat, budget=args.reference_budget,
                       sizes=args.sizes, seeds=args.seeds)
        written = write(document, args.results, _stem("run", args), plot=not args.no_plot)
        if args.json:
            print(json.dumps(document, indent=1))
        else:
            print(header(document))
            for name, why in document["unregistered"].items():
                print(f"not registered: {name} ({why})")
            print()
            print(table(document))
        note("written: " + ", ".join(str(p) for p in written))
        disagreements = [r["name"] for r in document["instances"] if r.get("agree") is False or "error" in r]
        if disagreements:
            note("pysolver and the reference disagree (or fail) on: " + ", ".join(disagreements))
            return 1
        return 0

    if args.command == "raw":
        from .raw import raw, table
        repeat = args.repeat or (3 if args.quick else 5)
        document = raw(quick=args.quick, names=names, repeat=repeat, sizes=args.sizes, seeds=args.seeds)
        args.results.mkdir(parents=True, exist_ok=True)
        stem = _stem("raw", args)
        (args.results / f"{stem}.json").write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        (args.results / f"{stem}.md").write_text(table(document) + "\n", encoding="utf-8")
        print(json.dumps(document, indent=1) if args.json else table(document))
        return 0

    if args.command in ("export", "configurations"):
        from .export import compare_configurations, configuration_table, export, write_readme
        repeat = args.repeat or (1 if args.quick else 3)
        temporary = None
        directory = args.directory if args.command == "export" else None
        if directory is None:
            temporary = tempfile.TemporaryDirectory(prefix="pysolver-export-")
            directory = Path(temporary.name)
        budget = getattr(args, "reference_budget", 30.0)
        exported = export(directory, quick=args.quick, names=names, budget=budget, sizes=args.sizes,
                          seeds=args.seeds)
        configurations = None
        if args.command == "configurations" or not args.no_configurations:
            configurations = compare_configurations(directory, exported["instances"], repeat=repeat)
            args.results.mkdir(parents=True, exist_ok=True)
            stem = _stem("configurations", args)
            (args.results / f"{stem}.json").write_text(json.dumps(configurations, indent=1) + "\n", encoding="utf-8")
            (args.results / f"{stem}.md").write_text(configuration_table(configurations) + "\n", encoding="utf-8")
        if args.command == "export":
            write_readme(directory, exported, configurations, args.quick)
        output = {"directory": str(directory) if temporary is None else None, **exported,
                  "configurations": configurations}
        if args.json:
            print(json.dumps(output, indent=1))
        else:
            if args.command == "export":
                print(f"exported {len(exported['instances'])} instances to {directory}")
            if configurations:
                print(configuration_table(configurations))
                print(f"fastest in total: {configurations['fastest_total']}")
        if temporary is not None:
            temporary.cleanup()
        bad = [row["instance"] for row in exported["instances"] if not row["agrees"]]
        if bad:
            note("model counts disagree on: " + ", ".join(bad))
            return 1
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
