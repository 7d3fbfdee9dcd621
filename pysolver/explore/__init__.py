"""Exploring from a position: lines of play (`game`), perft, goals, search and sweeps over dealt hands."""

import gc
from functools import wraps


def exploring(function):
    """`function` runs with the cyclic collector's thresholds raised, restored after: explorations keep
    hundreds of thousands of long-lived objects (positions, states, keys, replayed lines), which the
    defaults rescan thousands of times (a quarter of an all-lines search's time, measured)."""
    @wraps(function)
    def run(*args, **kwargs):
        before = gc.get_threshold()
        gc.set_threshold(max(before[0], 100_000), max(before[1], 20), max(before[2], 100))
        try:
            return function(*args, **kwargs)
        finally:
            gc.set_threshold(*before)
    return run
