"""`search(..., engine="asp")` (pysolver.explore.plan) against the breadth-first search: the same depth,
the same shortest lines up to transposition (the same paths of positions), the same proofs."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES, board
from pysolver import legal_plays, load_position
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
    assume(not unread_in_turn(position))
    goal = parse_goal(text, position.cards)
    bfs = search(position, goal, max_depth=3, engine="bfs")
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
    bfs = search(position, '"Black Rose Dragon"', engine="bfs")
    assert asp.found and asp.depth == bfs.depth == 1 and asp.exhausted
    assert paths(asp, position, asp.goal) == paths(bfs, position, bfs.goal) and len(asp.lines) == 4
    assert asp.to_json()["statistics"]["engine"] == "asp"


def test_xyz_4_utopia_ray_on_the_utopia_just_summoned():
    """Two plays: Number 39: Utopia from two Level 4 monsters, then Utopia Ray on it (XYZ-4); both engines
    find the same lines, and the last position has Utopia under Utopia Ray with its two materials."""
    from helpers import board
    position = board().monster(1, "Celtic Guardian").monster(2, "Vorse Raider") \
        .extra_deck("Number 39: Utopia", "Number C39: Utopia Ray").build()
    asp = search(position, '"Number C39: Utopia Ray"', engine="asp")
    bfs = search(position, '"Number C39: Utopia Ray"', engine="bfs")
    assert asp.found and asp.depth == bfs.depth == 2 and asp.exhausted and bfs.exhausted
    assert paths(asp, position, asp.goal) == paths(bfs, position, bfs.goal) and len(asp.lines) == 16
    last = asp.lines[0].replay(position)[-1]
    (ray,) = [i for i in last.instances.values() if i.card.name == "Number C39: Utopia Ray"]
    assert sorted(c.name for c in ray.state.materials) == ["Celtic Guardian", "Number 39: Utopia", "Vorse Raider"]


def test_many_shortest_lines_are_enumerated_again_without_sat_preprocessing(monkeypatch):
    """Past ENUMERATE_HERE lines, a second Control (no SatElite) enumerates every line afresh: the same 16
    paths as the breadth-first search, none lost or repeated across the two Controls."""
    from pysolver.explore import plan
    monkeypatch.setattr(plan, "ENUMERATE_HERE", 3)
    position = board().monster(1, "Celtic Guardian").monster(2, "Vorse Raider") \
        .extra_deck("Number 39: Utopia", "Number C39: Utopia Ray").build()
    asp = search(position, '"Number C39: Utopia Ray"', engine="asp")
    bfs = search(position, '"Number C39: Utopia Ray"', engine="bfs")
    assert asp.exhausted and asp.line_count == len(asp.lines) == 16
    assert asp.statistics["models"] == 1 + 3 + 16    # one model; the first Control stopped at 3; the second, all
    assert paths(asp, position, asp.goal) == paths(bfs, position, bfs.goal)


def test_an_unsatisfiable_horizon_is_a_proof():
    """No line of 4 plays or fewer makes 7 monsters (5 Main and 1 Extra Monster Zone at most, ZN-1)."""
    position = load_position(EXAMPLES / "spec-example.yaml")
    result = search(position, "monsters>=7", engine="asp", max_depth=4)
    assert not result.found and result.proved_depth == 4 and not result.exhausted   # cut by --max-depth
    assert "max-depth" in result.reason


def test_both_engines_say_when_each_horizon_was_proved():
    """`statistics.proofs`: one entry per depth 0..proved_depth, in order, with the seconds it took."""
    position = load_position(EXAMPLES / "spec-example.yaml")
    for engine in ("asp", "bfs"):
        result = search(position, "monsters>=7", engine=engine, max_depth=2)
        proofs = result.to_json()["statistics"]["proofs"]
        assert [p["depth"] for p in proofs] == list(range(result.proved_depth + 1)) == [0, 1, 2], engine
        assert all(a["cpu_seconds"] <= b["cpu_seconds"] and a["seconds"] <= b["seconds"]
                   for a, b in zip(proofs, proofs[1:])), engine


def test_an_asp_goal_reads_the_state_at_the_horizon():
    position = load_position(EXAMPLES / "spec-example.yaml")
    text = 'asp:"goal :- instance(I, 73580471), location(I, extra_monster_zone), mine(I)."'
    asp = search(position, text, engine="asp")
    bfs = search(position, text, engine="bfs")
    assert asp.depth == bfs.depth == 1 and paths(asp, position, asp.goal) == paths(bfs, position, bfs.goal)


_ZERRZIEL = "Zerrziel, Ruler of the Evil Eyed"


def test_card_text_that_cannot_be_read_makes_the_answer_not_exhaustive():
    """Zerrziel, Ruler of the Evil Eyed's second attack "using a monster with 2600 or higher ATK as material" is not
    read (MUS-3): lines may depend on it. (Cyber Twin Dragon's second attack, an example before, is read since BP-5;
    Chimeratech Overdragon's attack count, another, since MUS-2.)"""
    from pysolver.position.builder import PositionBuilder
    position = PositionBuilder(turn=2).hand("Kuriboh").extra_deck(_ZERRZIEL).build()
    result = search(position, "monsters>=1", engine="asp")
    assert result.found and result.depth == 1 and not result.exhausted and _ZERRZIEL in result.reason

def test_zn_4_bfs_keeps_identical_field_copies_apart_where_a_link_arrow_tells_zones_apart():
    """Linkuriboh in the right Extra Monster Zone points to M4 (Master Rule 4): Tributing the Celtic
    Guardian in M2 or the one in M4 leads to different boards, so the breadth-first search must not merge
    the two plays as identical copies (it used to keep M2's only, and found 8 of the 14 lines)."""
    position = board(rules=4).monster("right", "Linkuriboh").monster(1, "Foucault's Cannon") \
        .monster(2, "Celtic Guardian").monster(4, "Celtic Guardian").hand("Curse of Dragon") \
        .extra_deck("Tiras, Keeper of Genesis").build()
    goal = parse_goal('"Tiras, Keeper of Genesis"', position.cards)
    bfs = search(position, goal, max_depth=2, engine="bfs")
    asp = search(position, goal, max_depth=2, engine="asp")
    assert bfs.depth == asp.depth == 2 and bfs.line_count == asp.line_count == 14
    assert paths(bfs, position, goal) == paths(asp, position, goal)


def test_zn_4_a_line_is_a_path_of_positions_when_bfs_lists_every_instance():
    """With a Link Monster on the field the breadth-first search lists instance-level plays (field copies in
    zones an arrow tells apart are not merged); the two identical Celtic Guardian in hand still lead to one
    position, so they are one line (bfs counted 16 lines, the asp engine 8)."""
    position = board().monster(1, "Linkuriboh").hand("Celtic Guardian", "Celtic Guardian").build()
    goal = parse_goal("monsters>=2", position.cards)
    bfs, asp = (search(position, goal, max_depth=2, engine=engine) for engine in ("bfs", "asp"))
    assert bfs.depth == asp.depth == 1 and bfs.line_count == asp.line_count == len(bfs.lines) == 8
    assert paths(bfs, position, goal) == paths(asp, position, goal)


def test_bp_1_an_unread_attack_clause_cannot_matter_in_a_turn_without_battle_phase():
    """BP-1: no Battle Phase on turn 1, and none after Main Phase 2 begins: Zerrziel, Ruler of the Evil Eyed's
    unread second attack cannot change a line, so the asp engine's answer is exhaustive, as the breadth-first
    search's."""
    from pysolver.position.builder import PositionBuilder
    first = PositionBuilder(turn=1).hand("Kuriboh").extra_deck(_ZERRZIEL).build()
    later = PositionBuilder(turn=2, phase="main2").hand("Kuriboh").extra_deck(_ZERRZIEL).build()
    ahead = PositionBuilder(turn=2, phase="battle").hand("Kuriboh").extra_deck(_ZERRZIEL).build()
    assert unread_in_turn(first) == unread_in_turn(later) == [] and unread_in_turn(ahead) == [_ZERRZIEL]
    result = search(first, "monsters>=1", engine="asp")
    assert result.found and result.depth == 1 and result.exhausted and "NOT complete" not in result.reason
    assert search(first, "monsters>=2", engine="asp").exhausted == search(first, "monsters>=2").exhausted is True


def test_the_timeout_holds_while_lines_are_replayed(monkeypatch):
    """--timeout bounds the replay of the lines too (it used to be checked only while clingo solved: a goal
    with thousands of shortest lines ran three times its budget): a deadline that passes during the replay
    stops the search with the lines found so far, not exhaustive, the depths below proved."""
    import time
    from pysolver.solve import steps
    listed = steps.Replayer._plays

    def slow(self, known):      # the deadline passes as soon as the replay lists a position's plays
        self.deadline = time.perf_counter() - 1
        return listed(self, known)
    monkeypatch.setattr(steps.Replayer, "_plays", slow)
    position = load_position(EXAMPLES / "spec-example.yaml")
    for all_lines in (True, False):
        result = search(position, '"Black Rose Dragon"', engine="asp", timeout=600, all_lines=all_lines)
        assert not result.exhausted and "--timeout" in result.reason and result.proved_depth == 0


def test_the_timeout_holds_while_moves_are_applied(monkeypatch):
    """With every position's plays listed, a long replay is applying moves and reading the positions they
    reach: the deadline is checked there too, and the reason says that lines of that length were found
    but not checked in time (none is printed unreplayed)."""
    import time
    from pysolver.solve import steps
    move = steps.Replayer._move

    def slow(self, step, known, k):      # the deadline passes as soon as the first move is matched
        self.deadline = time.perf_counter() - 1
        return move(self, step, known, k)
    monkeypatch.setattr(steps.Replayer, "_move", slow)
    position = load_position(EXAMPLES / "spec-example.yaml")
    for all_lines in (True, False):
        result = search(position, '"Black Rose Dragon"', engine="asp", timeout=600, all_lines=all_lines)
        assert not result.found and not result.lines and not result.exhausted and result.proved_depth == 0
        assert "--timeout 600 s while replaying the lines of 1 play the solver found" in result.reason


def test_the_timeout_holds_while_the_models_are_read(monkeypatch):
    """Every line: the models a cut solve call collected are read before any is replayed, and reading tens of
    thousands of them took 20 s past a 60 s budget (search family, seed 3 extra>=3): the deadline is checked
    for each model read."""
    import time
    from pysolver.solve import steps
    read = steps.Replayer._line_steps
    reads = []

    def slow(self, atoms, length):      # the deadline passes as soon as the first model is read
        reads.append(length)
        self.deadline = time.perf_counter() - 1
        return read(self, atoms, length)
    monkeypatch.setattr(steps.Replayer, "_line_steps", slow)
    position = load_position(EXAMPLES / "spec-example.yaml")
    result = search(position, '"Black Rose Dragon"', engine="asp", timeout=600)
    assert not result.found and not result.lines and not result.exhausted and result.proved_depth == 0
    assert "--timeout 600 s while replaying the lines of 1 play the solver found" in result.reason
    assert reads == [1]                 # of the 4 lines the solver found (without the check, all were read)


def test_a_card_leaving_a_pendulum_zone_is_no_copy_of_one_leaving_spell_zones_2_to_4():
    """Master Rule 4: Spell & Trap Zones 1 and 5 are the Pendulum Zones. Activating the Set Polymerization of
    S5 frees a zone for a Pendulum Scale, the ones of S2-S4 do not: legal_plays lists both (docs/plays-json.md,
    copies), and both engines find the same 16 lines (the breadth-first search found 8 when they were one)."""
    b = board(rules=4, turn=2)
    b.hand("Revendread Slayer", "Revendread Slayer", "Polymerization", "Astrograph Sorcerer", "Astrograph Sorcerer",
           "Astrograph Sorcerer", "Revendread Origin")
    b.spell_trap(1, "Astrograph Sorcerer")
    for zone in (2, 3, 4, 5):
        b.spell_trap(zone, "Polymerization", position="set")
    position = b.graveyard("Armored Zombie").extra_deck("Patissciel Couverture").build()
    fusions = [p for p in legal_plays(position) if p.action == "fusion_summon"]
    assert [p.spell for p in fusions] == ["S2", "S5"]   # (the hand's Polymerization: no zone is free)
    goal = parse_goal("monsters>=2", position.cards)
    bfs = search(position, goal, max_depth=3, engine="bfs")
    asp = search(position, goal, max_depth=3, engine="asp")
    assert asp.depth == bfs.depth == 2 and asp.exhausted and bfs.exhausted
    assert paths(asp, position, goal) == paths(bfs, position, goal) and len(asp.lines) == 16
