"""Ground the encodings with a position's facts and enumerate every legal play."""

from __future__ import annotations

import time
from functools import lru_cache
from importlib import resources
from pathlib import Path

import clingo
import clingo.ast

from .errors import PysolverError
from .facts import position_facts
from .play import ACTIONS, Plays
from .plays import Decoder, finish
from .position import Position

# The encodings, one per mechanic (asp/README.md); show.lp holds the only #show statements.
ENCODINGS = ("base.lp", "zones.lp", "materials.lp", "normal.lp", "flip.lp", "position.lp", "battle.lp",
             "spell_trap.lp", "phase.lp", "synchro.lp", "xyz.lp", "link.lp", "ritual.lp", "fusion.lp", "pendulum.lp",
             "procedure.lp", "activate.lp", "restrictions.lp", "show.lp")
# Every model is one play: enumerate all, projected onto the shown atoms (a Link Monster counting as 1
# or as its rating, or which slot a material fills, must not repeat a play).
CLINGO_ARGUMENTS = ("--models=0", "--warn=none", "--project=show")


@lru_cache(maxsize=1)
def program_statements() -> tuple:
    """The encodings parsed once per process; each call adds the parsed statements (no re-parsing)."""
    statements: list = []
    clingo.ast.parse_string(program(), statements.append)
    return tuple(statements)


@lru_cache(maxsize=1)
def program() -> str:
    """The text of all encodings, read once per process from the installed package data."""
    try:
        root = resources.files("pysolver.asp")
    except ModuleNotFoundError:  # running from a source checkout that is not installed
        root = Path(__file__).resolve().parent.parent / "asp"
    return "\n".join(root.joinpath(name).read_text(encoding="utf-8") for name in ENCODINGS)


def legal_plays(position: Position, *, all_instances: bool = False, max_plays: int | None = None,
                timeout: float | None = None, actions: tuple[str, ...] | None = None) -> Plays:
    """Every legal play of the turn player, listed up to identical copies unless `all_instances`.

    `max_plays` and `timeout` (seconds) cut the enumeration short; the result then says
    `exhaustive = False` and why. `actions` keeps only plays of those kinds.
    """
    started = time.perf_counter()
    for action in actions or ():
        if action not in ACTIONS:
            raise PysolverError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
    facts, table = position_facts(position, symmetry=not all_instances)
    if actions:
        facts += "\n" + "\n".join(f"only_action({action})." for action in actions)
    control = clingo.Control(list(CLINGO_ARGUMENTS))
    with clingo.ast.ProgramBuilder(control) as builder:
        for statement in program_statements():
            builder.add(statement)
    control.add("base", [], facts)
    prepared = time.perf_counter()
    control.ground([("base", [])])
    grounded = time.perf_counter()

    decoder = Decoder(table)
    plays = []
    decode_seconds = 0.0
    cut = None

    def on_model(model: clingo.Model) -> bool:
        nonlocal decode_seconds, cut
        start = time.perf_counter()
        plays.append(decoder.decode(model.symbols(shown=True)))
        decode_seconds += time.perf_counter() - start
        if max_plays is not None and len(plays) >= max_plays:
            cut = f"stopped after --max-plays {max_plays}"
            return False
        return True

    if timeout is None:
        result = control.solve(on_model=on_model)
    else:
        with control.solve(on_model=on_model, async_=True) as handle:
            if not handle.wait(timeout):
                handle.cancel()
                cut = cut or f"stopped after --timeout {timeout:g} s"
            result = handle.get()
    solved = time.perf_counter()
    exhaustive = cut is None and result.exhausted
    listed = finish(plays, table, all_instances)
    done = time.perf_counter()
    return Plays(listed, exhaustive=exhaustive, reason=None if exhaustive else (cut or "search interrupted"),
                 statistics={"facts": prepared - started, "ground": grounded - prepared,
                             "solve": solved - grounded - decode_seconds,
                             "decode": decode_seconds + (done - solved), "total": done - started})
