"""`search(..., engine="asp")` (pysolver.explore.plan) against the breadth-first search: the same depth,
the same shortest lines up to transposition (the same paths of positions), the same proofs."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES, bfs_merges_field_copies
from pysolver import load_position
from pysolver.explore.goals import parse_goal
from pysolver.solve.unread import unread_in_turn
from pysolver.explore.search import Symmetry, _canonical_key_function, _zone_sensitive, search
from strategies import (card_written_positions, extra_deck_positions, history_positions,
                        pendulum_ritual_fusion_positions, positions)

GOALS = ("monsters>=2", "monsters>=3", "synchro>=1", "xyz>=1", "link>=1", "extra>=1", "fusion>=1", "ritual>=1",
         "pendulum>=2", "monsters>=7")


def paths(result, position, goal) -> set:
    """Each line as the path of positions it goes through (keys up to copies and interchangeable zones)."""
    symmetry = Symmetry.of(position, "all" if _zone_sensitive(goal) else "auto")
    key = _canonical_key_function()
    return {tuple(key(symmetry.normalize(p)) for p in line.replay(position)[1:]) for line in result.lines}


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions(), history_positions(),
                 card_written_positions()), st.sampled_from(GOALS))
def test_asp_and_bfs_find_the_same_shortest_lines(position, text):
    assume(not bfs_merges_field_copies(position) and not unread_in_turn(position))
    goal = parse_goal(text, position.cards)
    bfs = search(position, goal, max_depth=3)
    asp = search(position, goal, max_depth=3, engine="asp")
    assert (asp.found, asp.depth) == (bfs.found, bfs.depth), (asp.reason, bfs.reason)
    if bfs.found:
        assert asp.exhausted == bfs.exhausted and paths(asp, position, goal) == paths(bfs, position, goal)
    elif asp.exhausted:       # "no line of the turn reaches the goal": the breadth-first search agrees
        assert bfs.exhausted
    elif bfs.exhausted:       # every new position was met, though lines of max_depth plays remain: the asp
        assert "max-depth" in asp.reason    # engine counts lines, not new positions, so it says it was cut
    else:
        assert asp.proved_depth == bfs.proved_depth


def test_the_example_black_rose_dragon():
    position = load_position(EXAMPLES / "spec-example.yaml")
    asp = search(position, '"Black Rose Dragon"', engine="asp")
    bfs = search(position, '"Black Rose Dragon"')
    assert asp.found and asp.depth == bfs.depth == 1 and asp.exhausted
    assert paths(asp, position, asp.goal) == paths(bfs, position, bfs.goal) and len(asp.lines) == 4
    assert asp.to_json()["statistics"]["engine"] == "asp"


def test_an_unsatisfiable_horizon_is_a_proof():
    """No line of 4 plays or fewer makes 7 monsters (5 Main and 1 Extra Monster Zone at most, ZN-1)."""
    position = load_position(EXAMPLES / "spec-example.yaml")
    result = search(position, "monsters>=7", engine="asp", max_depth=4)
    assert not result.found and result.proved_depth == 4 and not result.exhausted   # cut by --max-depth
    assert "max-depth" in result.reason


def test_an_asp_goal_reads_the_state_at_the_horizon():
    position = load_position(EXAMPLES / "spec-example.yaml")
    text = 'asp:"goal :- instance(I, 73580471), location(I, extra_monster_zone), mine(I)."'
    asp = search(position, text, engine="asp")
    bfs = search(position, text)
    assert asp.depth == bfs.depth == 1 and paths(asp, position, asp.goal) == paths(bfs, position, bfs.goal)


def test_card_text_that_cannot_be_read_makes_the_answer_not_exhaustive():
    """Chimeratech Overdragon's attacks "a number of times each Battle Phase" are not read (issue 15 item 7):
    lines may depend on it. (Cyber Twin Dragon's second attack, the example before, is read since BP-5.)"""
    from pysolver.position.builder import PositionBuilder
    position = PositionBuilder(turn=2).hand("Kuriboh").extra_deck("Chimeratech Overdragon").build()
    result = search(position, "monsters>=1", engine="asp")
    assert result.found and result.depth == 1 and not result.exhausted and "Chimeratech Overdragon" in result.reason
