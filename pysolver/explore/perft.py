"""Perft: count the play sequences of a turn, to check move generation and apply (as chess engines do).

    from pysolver.explore.perft import perft, PYSOLVER, REFERENCE
    perft(position, 2)                          # instance-level sequences of 2 plays
    perft(position, 2, divide=True)             # {'NS H2 "Kuriboh"': 12, ...}: per first play
    perft(position, 2, engine=REFERENCE)        # the same count from the independent implementations
    perft(position, 2, all_instances=False)     # the grouped count (plays up to identical copies)

Definition, exactly as chess perft: perft(P, 0) = 1, and perft(P, D) is the sum over the legal plays p
of P of perft(apply(P, p), D - 1). The leaves are the sequences of exactly D plays. The phase moves
(Battle Phase, Main Phase 2) are plays like any other. `end_turn` is a terminal node: it has no
children, so a sequence that ends the turn is counted only when `end_turn` is its D-th play
(perft(P, 1) counts it, deeper levels do not extend it).

What is one move:
- By default plays are instance-level (`legal_plays(all_instances=True)`): summoning H1 or its identical
  copy H2 are two moves, so counts do not depend on how copies are grouped and two implementations
  that group differently still agree. `all_instances=False` counts plays up to identical copies
  instead (each listed play once, whatever its `copies`): the *grouped* count.
- A play's zone and battle position are choices, not separate moves: one play is one move, applied with
  its first zone and first battle position, and for a Pendulum Summon the first complete assignment of
  zones to its cards (`pysolver.position.notation.default_choices`). Both appliers are given these choices
  explicitly, so they apply exactly the same move.

Engines: a perft count is a pair (enumerator, applier). `PYSOLVER` is the ASP solver with
`pysolver.apply`; `REFERENCE` is `pysolver.reference.legal_plays` with `pysolver.reference.apply.apply`,
written independently from the rules. The two must give the same counts for the mechanics the
reference covers (`reference_actions()`): tests/perft/*.perft records counts on which both agree.

Transpositions: positions with equal `pysolver.position.canonical.canonical_key` have equal counts, so counts are
cached per (key, depth) (`cache=False` turns this off; the counts are the same, only slower).

The command line: `pysolver perft POSITION --depth D [--divide] [--all-instances] [--engine reference]
[--timeout S] [--json] [--progress]` (`perft_report`): unlike `perft`, which raises, it goes on past a
position whose plays cannot all be listed and says which lines may be missing (the total is then a lower
bound, "at least N"); `--timeout` and Ctrl-C (exit status 130) stop it with the first plays counted so far.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Iterable, NamedTuple, Sequence

from ..errors import PysolverError
from ..position.apply import apply
from ..position.canonical import canonical_key
from ..position.files import load_position
from ..position.notation import default_choices
from ..position.play import ACTIONS, Play
from ..position.value import Position
from ..solve.legal import legal_plays
from . import exploring

__all__ = ["Engine", "PYSOLVER", "REFERENCE", "ENGINES", "perft", "reference_actions", "solver_plays",
           "perft_counts", "solver_apply", "reference_plays", "reference_apply_play", "read_perft_file",
           "format_perft_file", "PerftBlock", "PerftReport", "perft_report", "IncompletePlays"]


# --------------------------------------------------------------------------------------------------
# Engines

class IncompletePlays(PysolverError):
    """The plays of a position were not all listed; `plays` holds those that were."""

    def __init__(self, message: str, plays: Sequence[Play]):
        super().__init__(message)
        self.plays = plays


def solver_plays(position: Position, all_instances: bool = True) -> Sequence[Play]:
    plays = legal_plays(position, all_instances=all_instances)
    if not plays.exhaustive:
        raise IncompletePlays(f"perft needs every legal play; the solver stopped early ({plays.reason})", plays)
    return plays


def solver_apply(position: Position, play: Play, **choices) -> Position:
    return apply(position, play, **choices)


def reference_plays(position: Position, all_instances: bool = True) -> Sequence[Play]:
    from ..reference.plays import legal_plays
    return legal_plays(position, all_instances=all_instances)


def reference_apply_play(position: Position, play: Play, **choices) -> Position:
    from ..reference.apply import apply
    return apply(position, play, **choices)


class Engine(NamedTuple):
    name: str
    legal_plays: Callable[[Position, bool], Sequence[Play]]
    apply: Callable[..., Position]      # apply(position, play, zone=..., battle_position=..., zones=...)


PYSOLVER = Engine("pysolver", solver_plays, solver_apply)
REFERENCE = Engine("reference", reference_plays, reference_apply_play)
ENGINES = {"pysolver": PYSOLVER, "reference": REFERENCE}

# Which actions each mechanic of pysolver.reference produces (its MECHANICS are named generators).
_MECHANIC_ACTIONS = {
    "normal_summons_and_sets": ("normal_summon", "set_monster"), "flip_summons": ("flip_summon",),
    "gemini_summons": ("gemini_summon",),
    "ritual_summons": ("ritual_summon",), "fusion_summons": ("fusion_summon",),
    "synchro_summons": ("synchro_summon",), "xyz_summons": ("xyz_summon",), "link_summons": ("link_summon",),
    "pendulum_summons": ("pendulum_summon",), "position_changes": ("change_position",),
    "attack_declarations": ("declare_attack",), "scale_activations": ("activate_scale",),
    "spell_trap_sets": ("set_spell_trap",), "phase_moves": ("enter_battle_phase", "enter_main2", "end_turn"),
    "procedure_summons": ("procedure_summon",), "procedures": ("procedure_summon",),
    "contact_fusions": ("procedure_summon",),
    "activations": ("activate",), "effect_activations": ("activate",), "activate_effects": ("activate",),
}


def reference_actions() -> frozenset[str]:
    """The actions `pysolver.reference` produces: its `ACTIONS` when it declares them, else read from the
    names of its `MECHANICS` (a mechanic named after an action's words counts for that action)."""
    from ..reference import plays as reference
    declared = getattr(reference, "ACTIONS", None) or getattr(reference, "REFERENCE_ACTIONS", None)
    if declared:
        return frozenset(declared)
    found: set[str] = set()
    for mechanic in getattr(reference, "MECHANICS", ()):
        name = getattr(mechanic, "__name__", "")
        if name in _MECHANIC_ACTIONS:
            found.update(_MECHANIC_ACTIONS[name])
        elif "procedure" in name:
            found.add("procedure_summon")
        elif "activat" in name and "scale" not in name:
            found.add("activate")
        else:
            found.update(action for action in ACTIONS if action in name or action.split("_")[0] in name)
    return frozenset(found)


# --------------------------------------------------------------------------------------------------
# Counting

def _resolve_engine(engine, enumerate, apply) -> Engine:
    if isinstance(engine, str):
        if engine not in ENGINES:
            raise PysolverError(f"unknown perft engine {engine!r}; use one of {', '.join(ENGINES)}")
        engine = ENGINES[engine]
    if enumerate is not None or apply is not None:
        engine = Engine("custom", enumerate or engine.legal_plays, apply or engine.apply)
    return engine


def perft(position: Position, depth: int, *, divide: bool = False, all_instances: bool = True,
          engine: Engine | str = PYSOLVER, enumerate: Callable | None = None, apply: Callable | None = None,
          cache: bool = True, actions: set | None = None) -> int | dict[str, int]:
    """The number of play sequences of exactly `depth` plays from `position` (module docstring).

    Counts are exact or an error: a position whose plays are not all listed (the partial answers of
    docs/plays-json.md, for card text pysolver cannot read) raises `IncompletePlays`; `perft_report` (the
    command line) counts the plays listed instead, a lower bound, and says which lines may be missing.

    `divide=True` returns {notation of the first play: count below it} instead (the total is its sum).
    `engine` is PYSOLVER, REFERENCE or their name; `enumerate(position, all_instances)` and
    `apply(position, play, **choices)` override its parts. `actions`, when given a set, collects every action
    enumerated on the way.
    """
    if depth < 0:
        raise PysolverError("perft depth must be 0 or more")
    counter = _Counter(_resolve_engine(engine, enumerate, apply), all_instances, cache, actions)
    if not divide:
        return counter.counts(position, depth)[depth]
    from ..position.notation import to_notation
    result: dict[str, int] = {}
    if depth == 0:
        return result
    for play in counter.plays(position):
        if depth == 1:
            below = 1
        elif play.action == "end_turn":
            below = 0
        else:
            below = counter.counts(counter.child(position, play), depth - 1)[depth - 1]
        result[to_notation(play, position)] = below
    return result


@exploring
def perft_counts(position: Position, depth: int, *, all_instances: bool = True, engine: Engine | str = PYSOLVER,
                 enumerate: Callable | None = None, apply: Callable | None = None, cache: bool = True,
                 actions: set | None = None) -> list[int]:
    """[perft(position, 0), perft(position, 1), ..., perft(position, depth)] in one walk of the tree (the
    cost of the deepest count alone)."""
    if depth < 0:
        raise PysolverError("perft depth must be 0 or more")
    counter = _Counter(_resolve_engine(engine, enumerate, apply), all_instances, cache, actions)
    return list(counter.counts(position, depth))


class _Stopped(Exception):
    """The walk ran out of time (`--timeout`)."""


class _Counter:
    """One perft walk: counts below a node for every depth up to `remaining`, cached per canonical key.

    `strict` (the default of `perft`): a position whose plays cannot all be listed (the solver refuses a
    card, or stops early) is an error. Otherwise the walk goes on with the plays that were listed and
    `missing` records each such position once, with the line of plays that reaches it: the counts are
    then lower bounds. `deadline` (a `time.perf_counter()` value) stops the walk with `_Stopped`."""

    def __init__(self, engine: Engine, all_instances: bool, cache: bool, actions: set | None,
                 strict: bool = True, deadline: float | None = None):
        self.engine = engine
        self.all_instances = all_instances
        self.table: dict[tuple[str, int], tuple[int, ...]] | None = {} if cache else None
        self.actions = actions
        self.strict = strict
        self.deadline = deadline
        self.missing: list[tuple[tuple[str, ...], str]] = []
        self._missing_keys: set[str] = set()

    def plays(self, node: Position, line: tuple[str, ...] = ()) -> Sequence[Play]:
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _Stopped()
        try:
            plays = self.engine.legal_plays(node, self.all_instances)
        except IncompletePlays as error:
            if self.strict:
                raise
            plays = error.plays
            self._note(node, line, error.detail)
        except PysolverError as error:      # a card of this position cannot be read: no plays listed
            if self.strict or not line:
                raise
            plays = ()
            self._note(node, line, error.detail)
        if self.actions is not None:
            self.actions.update(play.action for play in plays)
        return plays

    def _note(self, node: Position, line: tuple[str, ...], reason: str) -> None:
        key = canonical_key(node)
        if key not in self._missing_keys:
            self._missing_keys.add(key)
            self.missing.append((line, reason))

    def child(self, node: Position, play: Play) -> Position:
        return self.engine.apply(node, play, **default_choices(play))

    def counts(self, node: Position, remaining: int, line: tuple[str, ...] = ()) -> tuple[int, ...]:
        """(perft(node, 0), ..., perft(node, remaining)); `line`: the plays that led here (notation), kept
        only when the walk is not strict (to say which lines may be missing)."""
        if remaining == 0:
            return (1,)
        key = (canonical_key(node), remaining) if self.table is not None else None
        if key is not None and key in self.table:
            return self.table[key]
        plays = self.plays(node, line)
        result = [1, len(plays)] + [0] * (remaining - 1)
        if remaining > 1:
            for play in plays:
                if play.action == "end_turn":   # terminal: no children
                    continue
                below = self.counts(self.child(node, play), remaining - 1,
                                    () if self.strict else line + (_notation(play, node),))
                for depth in range(1, remaining):
                    result[depth + 1] += below[depth]
        counted = tuple(result)
        if key is not None:
            self.table[key] = counted
        return counted


def _notation(play: Play, position: Position) -> str:
    from ..position.notation import to_notation
    return to_notation(play, position)


@dataclass
class PerftReport:
    """What `pysolver perft` prints: the count, per first play, and whether it is complete.

    `complete` is False when the walk was stopped (`reason` "interrupted" or the timeout; `divide` then
    holds the first plays counted so far) or when some positions' plays could not all be listed
    (`missing`: the line of plays that reaches each and why): `total` is then a lower bound."""

    depth: int
    total: int
    divide: dict[str, int]
    first_plays: int
    complete: bool
    reason: str | None
    missing: list[tuple[tuple[str, ...], str]]
    seconds: float
    engine: str
    all_instances: bool
    timeout: float | None = None

    def to_json(self) -> dict:
        return {"format": "pysolver-perft/1", "depth": self.depth, "total": self.total,
                "complete": self.complete, "reason": self.reason, "first_plays": self.first_plays,
                "first_plays_counted": len(self.divide), "divide": self.divide,
                "missing": [{"line": list(line), "reason": reason} for line, reason in self.missing],
                "engine": self.engine, "all_instances": self.all_instances, "timeout": self.timeout,
                "seconds": round(self.seconds, 4)}

    def text(self, divide: bool = False, listed: int = 10) -> str:
        out = [f"{text}: {below}" for text, below in self.divide.items()] + [""] if divide else []
        kind = "instance-level plays" if self.all_instances else "plays up to identical copies"
        count = str(self.total) if self.complete else f"at least {self.total} (NOT complete: {self.reason})"
        out.append(f"perft {self.depth}: {count}  ({kind}, {self.engine}, {self.seconds:.2f} s)")
        for line, reason in self.missing[:listed]:
            out.append(f"  lines may be missing after {', '.join(line) or 'the start'}: {reason}")
        if len(self.missing) > listed:
            out.append(f"  ... and {len(self.missing) - listed} more positions (--json lists all)")
        return "\n".join(out)


def perft_report(position: Position, depth: int, *, all_instances: bool = True, engine: str = "pysolver",
                 timeout: float | None = None, progress: bool = False) -> PerftReport:
    """`perft` as the command line runs it: never stops at a position whose plays cannot all be listed
    (it says which lines may be missing), stops at `timeout` seconds or Ctrl-C with the first plays
    counted so far, and shows a progress bar per first play when `progress`."""
    if depth < 0:
        raise PysolverError("--depth must be 0 or more")
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    counter = _Counter(_resolve_engine(engine, None, None), all_instances, True, None, strict=False,
                       deadline=deadline)
    divide: dict[str, int] = {}
    stopped = None
    first: Sequence[Play] = ()
    bar = _progress(progress)
    try:
        if depth > 0:
            first = counter.plays(position)
        for number, play in enumerate(first):
            if bar is not None:
                bar[0].update(bar[1], completed=number, total=len(first))
            text = _notation(play, position)
            if depth == 1:
                below = 1
            elif play.action == "end_turn":
                below = 0
            else:
                below = counter.counts(counter.child(position, play), depth - 1, (text,))[depth - 1]
            divide[text] = divide.get(text, 0) + below
    except _Stopped:
        stopped = f"stopped after --timeout {timeout:g} s; {len(divide)} of {len(first)} first plays counted"
    except KeyboardInterrupt:
        stopped = "interrupted"
    finally:
        if bar is not None:
            bar[0].stop()
    total = 1 if depth == 0 else sum(divide.values())
    reason = stopped
    if reason is None and counter.missing:
        reason = (f"the plays of {len(counter.missing)} position{'s' if len(counter.missing) != 1 else ''} could "
                  "not all be listed; lines after them may be missing")
    return PerftReport(depth, total, divide, len(first), reason is None, reason, counter.missing,
                       time.perf_counter() - started, counter.engine.name, all_instances, timeout)


def _progress(enabled: bool):
    if not enabled:
        return None
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    except ImportError:  # pragma: no cover - rich is a dependency
        return None
    bar = Progress(TextColumn("[bold]perft[/] first plays"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   console=Console(stderr=True), transient=True)
    bar.start()
    return bar, bar.add_task("perft", total=None)


# --------------------------------------------------------------------------------------------------
# Count files (python-chess style: tests/perft/*.perft)

class PerftBlock(NamedTuple):
    """One position of a count file: `id`, `position` (a path relative to the file), the comment lines
    (where the counts came from), the counts {depth: n}, the grouped counts {depth: n} and the actions
    that occur in its tree down to the deepest count (`actions` line; empty when not given)."""

    id: str
    position: str
    comments: tuple[str, ...]
    counts: dict
    grouped: dict
    actions: frozenset = frozenset()


def read_perft_file(path) -> list[PerftBlock]:
    """Blocks of `id NAME`, `position PATH`, `actions A B ...`, `perft D N` (instance-level), `grouped D N`
    (up to copies) and `#` comments; blank lines separate blocks."""
    from pathlib import Path
    blocks: list[PerftBlock] = []
    current: dict | None = None

    def close():
        if current is not None:
            if "position" not in current:
                raise PysolverError(f"{path}: block {current['id']!r} has no 'position' line")
            blocks.append(PerftBlock(current["id"], current["position"], tuple(current["comments"]),
                                     current["counts"], current["grouped"], frozenset(current["actions"])))

    for number, raw in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if current is not None:
                current["comments"].append(line[1:].strip())
            continue
        word, _, rest = line.partition(" ")
        if word == "id":
            close()
            current = {"id": rest.strip(), "comments": [], "counts": {}, "grouped": {}, "actions": ()}
        elif current is None:
            raise PysolverError(f"{path}:{number}: expected 'id NAME' before {word!r}")
        elif word == "position":
            current["position"] = rest.strip()
        elif word == "actions":
            unknown = [action for action in rest.split() if action not in ACTIONS]
            if unknown:
                raise PysolverError(f"{path}:{number}: unknown action {unknown[0]!r}")
            current["actions"] = tuple(rest.split())
        elif word in ("perft", "grouped"):
            parts = rest.split()
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise PysolverError(f"{path}:{number}: expected '{word} DEPTH COUNT'")
            current["counts" if word == "perft" else "grouped"][int(parts[0])] = int(parts[1])
        else:
            raise PysolverError(f"{path}:{number}: unknown line {word!r}; use id, position, actions, perft, grouped or #")
    close()
    return blocks


# --------------------------------------------------------------------------------------------------
# The command line

def run(position: Position, depth: int, *, divide: bool, all_instances: bool, engine: str = "pysolver",
        out=print) -> int:
    """`pysolver perft` without bounds: with --divide one line per first play (`NOTATION: N`), then the
    total (a lower bound, said so, when some positions' plays could not all be listed)."""
    report = perft_report(position, depth, all_instances=all_instances, engine=engine)
    out(report.text(divide=divide))
    return report.total


def add_arguments(parser) -> None:
    parser.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    parser.add_argument("--depth", type=int, required=True, metavar="D", help="number of plays per sequence")
    parser.add_argument("--divide", action="store_true", help="one count per first play, then the total")
    parser.add_argument("--all-instances", action="store_true",
                        help="count instance-level plays (the count tests/perft records) instead of plays "
                             "up to identical copies")
    parser.add_argument("--engine", choices=(*ENGINES, "asp"), default="pysolver",
                        help="pysolver (solver + apply, default), reference (reference enumerator + applier) or "
                             "asp (model counting on the step-indexed turn; without --divide; up to identical copies only where no "
                             "two identical copies stand on one side of the field)")
    parser.add_argument("--timeout", type=float, metavar="S",
                        help="stop after S seconds with the first plays counted so far (NOT complete)")
    parser.add_argument("--json", action="store_true", help="print pysolver-perft/1 JSON")
    parser.add_argument("--progress", action="store_true",
                        help="show a progress bar on stderr (the default when stderr is a terminal)")


def command(args) -> int:
    """`pysolver perft`: exit status 0, or 130 when interrupted (after printing what was counted)."""
    import json
    import sys
    from ..cards.load import load_cards
    if args.depth < 0:
        raise PysolverError("--depth must be 0 or more")
    position = load_position(args.position, cards=load_cards(args.cards))
    if args.engine == "asp":
        return _count(position, args)
    report = perft_report(position, args.depth, all_instances=args.all_instances, engine=args.engine,
                          timeout=getattr(args, "timeout", None),
                          progress=getattr(args, "progress", False) or sys.stderr.isatty())
    print(json.dumps(report.to_json(), indent=2) if getattr(args, "json", False) else report.text(args.divide))
    return 130 if report.reason == "interrupted" else 0


def _count(position: Position, args) -> int:
    """`perft --engine asp`: the sequences counted as answer sets (pysolver.explore.plan.count_lines)."""
    import json
    from ..solve.unread import unread_in_turn
    from .plan import count_lines
    if args.divide:
        raise PysolverError("perft --engine asp counts the total only: leave out --divide (or use --engine "
                            "pysolver)")
    unread = unread_in_turn(position)
    if unread:
        raise PysolverError(f"perft --engine asp cannot count through card text pysolver cannot read "
                            f"({', '.join(unread)}); use --engine pysolver, which counts a lower bound")
    started = time.perf_counter()
    total = count_lines(position, args.depth, all_instances=args.all_instances)
    seconds = time.perf_counter() - started
    if getattr(args, "json", False):
        print(json.dumps({"format": "pysolver-perft/1", "depth": args.depth, "total": total, "engine": "asp",
                          "all_instances": args.all_instances, "complete": True, "seconds": round(seconds, 4)},
                         indent=2))
    else:
        kind = "instance-level plays" if args.all_instances else "plays up to identical copies"
        print(f"perft {args.depth}: {total}  ({kind}, asp, {seconds:.2f} s)")
    return 0


def format_perft_file(blocks: Iterable[PerftBlock], header: Iterable[str] = ()) -> str:
    """The text of a count file (`read_perft_file` reads it back): header comments, then the blocks."""
    lines = [f"# {line}" if line else "" for line in header]
    if lines:
        lines.append("")
    for block in blocks:
        lines.append(f"id {block.id}")
        lines.append(f"position {block.position}")
        lines.extend(f"# {comment}" for comment in block.comments)
        if block.actions:
            lines.append("actions " + " ".join(a for a in ACTIONS if a in block.actions))
        lines.extend(f"perft {d} {n}" for d, n in sorted(block.counts.items()))
        lines.extend(f"grouped {d} {n}" for d, n in sorted(block.grouped.items()))
        lines.append("")
    return "\n".join(lines)
