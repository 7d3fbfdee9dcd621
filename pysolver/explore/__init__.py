"""Exploring from a position: lines of play (`game`), perft, goals, search and sweeps over dealt hands."""

import gc
from contextlib import contextmanager
from functools import wraps


@contextmanager
def fewer_collections():
    """Explorations keep hundreds of thousands of long-lived objects (positions, states, keys, replayed
    lines); at Python's default thresholds the cyclic collector rescans them thousands of times (a quarter
    of an all-lines search's time, measured). Collect less often while exploring; restore after."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], 100_000), max(before[1], 20), max(before[2], 100))
    try:
        yield
    finally:
        gc.set_threshold(*before)


def exploring(function):
    """`function` runs with `fewer_collections`."""
    @wraps(function)
    def run(*args, **kwargs):
        with fewer_collections():
            return function(*args, **kwargs)
    return run
