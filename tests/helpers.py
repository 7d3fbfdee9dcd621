"""Small helpers shared by the tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pysolver.position.builder import PositionBuilder
from pysolver import legal_plays

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "pysolver" / "examples"


def shared_data() -> Path | None:
    """../shared/data when present (or $PYSOLVER_SHARED_DATA); the project works without it."""
    candidates = [os.environ.get("PYSOLVER_SHARED_DATA"), ROOT.parent / "shared" / "data"]
    for candidate in candidates:
        if candidate and Path(candidate, "cards.cdb").exists():
            return Path(candidate)
    return None


def need_shared_data() -> Path:
    path = shared_data()
    if path is None:
        pytest.skip("../shared/data (the real card data) is not present on this machine")
    return path


def board(**options) -> PositionBuilder:
    return PositionBuilder(**options)


def plays_of(position, action=None, **options):
    plays = legal_plays(position, **options)
    return [p for p in plays if action is None or p.action == action]


def whole_plays(position) -> set:
    """(action, card, target) of every instance-level play; the reference lists the same plays, and the answer
    is whole (no card text left unread)."""
    from pysolver.reference.plays import legal_plays as reference_plays
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not solver.unread and solver.exhaustive
    return {(p.action, p.card, p.target) for p in solver}


def only(position, action, **wanted):
    """The one instance-level play of `action` with the `wanted` fields; the whole answer agrees with the
    reference and nothing is left unread."""
    whole_plays(position)
    found = [p for p in plays_of(position, action, all_instances=True)
             if all(getattr(p, key) == value for key, value in wanted.items())]
    assert len(found) == 1, found
    return found[0]


def procedure_summons(position, unread: tuple = ()) -> set:
    """The procedure summons (card, cost) the solver lists; the reference agrees on every play, and the answer
    names exactly the `unread` cards."""
    from pysolver.reference.plays import legal_plays as reference_plays
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert sorted({u.card for u in solver.unread}) == sorted(unread)
    return {(p.card, p.cost) for p in solver if p.action == "procedure_summon"}


def procedure_play(position, card, cost):
    """The one procedure summon of `card` paying `cost`."""
    (play,) = [p for p in legal_plays(position, all_instances=True)
               if p.action == "procedure_summon" and p.card == card and p.cost == cost]
    return play


def summary(plays) -> set:
    """Plays as comparable tuples: (action, card, used instances, target/to)."""
    return {(p.action, p.card, tuple(p.tributes or p.materials or ()), p.target or p.to) for p in plays}


def applied(position, play, **choices):
    """The position after the play: `apply`, the reference applier and the step-indexed transition agree."""
    from pysolver.position.apply import apply
    from pysolver.reference.apply import apply as reference_apply
    from pysolver.solve.steps import Planner, position_state, replay
    after = apply(position, play, **choices)
    assert after == reference_apply(position, play, **choices)
    planner = Planner(position, symmetry=False)
    planner.control.configuration.solve.models = 0
    planner.control.configuration.solve.project = "show"
    planner.ask(1)
    wanted = {}   # the move's choices, as replay reads them (none for an activation without a zone)
    if play.zones:
        wanted["zone"] = choices.get("zone", play.zones[0])
    if play.positions:
        wanted["battle_position"] = choices.get("battle_position", play.positions[0])
    found = 0
    with planner.control.solve(yield_=True) as handle:
        for model in handle:
            ((line_play, line_choices, state),) = replay(model.symbols(atoms=True), position, 1,
                                                         lambda p: legal_plays(p, all_instances=True))
            if line_play.key == play.key and line_choices == wanted:
                assert position_state(after)[0] == position_state(state)[0]
                found += 1
    assert found == 1
    return after
