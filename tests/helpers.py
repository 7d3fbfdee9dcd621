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


def summary(plays) -> set:
    """Plays as comparable tuples: (action, card, used instances, target/to)."""
    return {(p.action, p.card, tuple(p.tributes or p.materials or ()), p.target or p.to) for p in plays}


