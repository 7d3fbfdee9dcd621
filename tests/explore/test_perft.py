"""Perft: the counts of tests/perft/pysolver.perft from both engines (the solver with pysolver.apply, and
pysolver.reference with pysolver.reference.apply), the definition of perft, and the two appliers compared
position by position on generated positions.

The solver's share is kept small for CI (depth <= PYSOLVER_PERFT_DEPTH, default 3; set it to 6 to check
every recorded count, a couple of minutes); the reference is checked at every recorded depth.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES, board
from pysolver import Position, apply, legal_plays, load_position
from pysolver.position.apply import apply as solver_apply
from pysolver.cli import main
from pysolver.position.canonical import canonical_form
from pysolver.position.notation import default_choices
from pysolver.explore.perft import (PYSOLVER, REFERENCE, IncompletePlays, format_perft_file, perft, perft_counts,
                                    perft_report, read_perft_file, reference_actions)
from pysolver.position.play import ACTIONS
from pysolver.reference.apply import apply as reference_apply
from strategies import extra_deck_positions, pendulum_ritual_fusion_positions, positions

PERFT_DIR = Path(__file__).parents[1] / "perft"
BLOCKS = read_perft_file(PERFT_DIR / "pysolver.perft")
SOLVER_DEPTH = int(os.environ.get("PYSOLVER_PERFT_DEPTH", "3"))
GROUPED_DEPTH = min(SOLVER_DEPTH, 3)


def load(block) -> Position:
    return load_position(PERFT_DIR / block.position)


def expected(counts: dict, depth: int) -> list[int]:
    return [1] + [counts[d] for d in range(1, depth + 1)]


def test_the_count_file_is_complete():
    assert 6 <= len(BLOCKS) <= 12
    assert len({block.id for block in BLOCKS}) == len(BLOCKS)
    for block in BLOCKS:
        assert (PERFT_DIR / block.position).exists(), block.position
        assert block.counts and sorted(block.counts) == list(range(1, max(block.counts) + 1))
        assert block.actions and any("agree" in c or "only" in c for c in block.comments), block.id
    covered = set().union(*(block.actions for block in BLOCKS))
    for action in ("normal_summon", "set_monster", "flip_summon", "change_position", "declare_attack",
                   "synchro_summon", "xyz_summon", "link_summon", "pendulum_summon", "activate_scale",
                   "ritual_summon", "fusion_summon", "procedure_summon", "activate", "set_spell_trap",
                   "enter_battle_phase", "enter_main2", "end_turn"):
        assert action in covered, action
    assert read_perft_file_round_trip() == BLOCKS


def read_perft_file_round_trip():
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "again.perft"
        path.write_text(format_perft_file(BLOCKS, ["a header"]))
        return read_perft_file(path)


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.id)
def test_pysolver_counts(block):
    position = load(block)
    depth = min(SOLVER_DEPTH, max(block.counts))
    actions: set = set()
    assert perft_counts(position, depth, actions=actions) == expected(block.counts, depth)
    assert actions <= block.actions, f"actions not recorded in the count file: {actions - block.actions}"
    grouped = min(GROUPED_DEPTH, max(block.grouped))
    assert perft_counts(position, grouped, all_instances=False) == expected(block.grouped, grouped)


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.id)
def test_reference_counts(block):
    missing = block.actions - reference_actions()
    if missing:
        pytest.skip(f"pysolver.reference does not produce {', '.join(sorted(missing))} yet (its MECHANICS), "
                    f"so {block.id}'s counts come from pysolver alone")
    position = load(block)
    depth = max(block.counts)
    assert perft_counts(position, depth, engine=REFERENCE) == expected(block.counts, depth)
    grouped = max(block.grouped)
    assert perft_counts(position, grouped, engine=REFERENCE, all_instances=False) == expected(block.grouped, grouped)


def test_counts_do_not_depend_on_the_transposition_table():
    for block in BLOCKS[:4]:
        position = load(block)
        assert perft_counts(position, 3, cache=False, engine=REFERENCE if not block.actions - reference_actions()
                            else PYSOLVER) == expected(block.counts, 3)


# --------------------------------------------------------------------------------------------------
# The definition

def test_depth_zero_one_and_end_turn_as_a_terminal_node():
    position = load_position(EXAMPLES / "spec-example.yaml")
    plays = legal_plays(position, all_instances=True)
    assert perft(position, 0) == 1 and perft(position, 1) == len(plays)
    only_end = board(turn=1, phase="main2").build()            # nothing to do but end the turn
    assert [p.action for p in legal_plays(only_end)] == ["end_turn"]
    assert perft_counts(only_end, 3) == [1, 1, 0, 0]           # END has no children
    divided = perft(position, 2, divide=True)
    assert sum(divided.values()) == perft(position, 2) and divided["END"] == 0
    assert len(divided) == len(plays)
    manual = sum(perft(solver_apply(position, play), 1) for play in plays if play.action != "end_turn")
    assert perft(position, 2) == manual


def test_grouped_counts_at_depth_one_weigh_the_copies():
    position = board(turn=3).hand("Kuriboh", "Kuriboh", "Celtic Guardian").monster(1, "Mystical Elf").build()
    grouped = legal_plays(position)
    assert perft(position, 1) == sum(play.copies for play in grouped) > perft(position, 1, all_instances=False)
    assert perft(position, 1, all_instances=False) == len(grouped)


def test_the_command_line(capsys):
    path = str(PERFT_DIR / "positions" / "synchro.yaml")
    assert main(["perft", path, "--depth", "2", "--divide", "--all-instances"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("perft 2: 55") and "instance-level" in out[-1]
    lines = [line for line in out[:-2] if line]
    assert sum(int(line.rsplit(": ", 1)[1]) for line in lines) == 55
    assert any(line.startswith('SYN ED1 "Junk Warrior" <- M1 M2: ') for line in lines)
    assert main(["perft", path, "--depth", "2"]) == 0
    assert capsys.readouterr().out.startswith("perft 2: 54")
    assert main(["perft", path, "--depth", "2", "--engine", "reference", "--all-instances"]) == 0
    assert "perft 2: 55" in capsys.readouterr().out
    assert main(["perft", path, "--depth", "-1"]) == 2
    assert "--depth" in capsys.readouterr().err


# --------------------------------------------------------------------------------------------------
# The two engines on generated positions

def _choices(play):
    """Every zone/position choice to compare the appliers on: the defaults, and one other zone and the last
    battle position."""
    yield default_choices(play)
    if play.zones and not isinstance(play.zones, dict) and len(play.zones) > 1:
        yield default_choices(play, zone=play.zones[1], battle_position=(play.positions or (None,))[-1])


@settings(max_examples=60)
@given(st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions()))
def test_the_two_appliers_reach_the_same_positions(position):
    for play in legal_plays(position, all_instances=True):
        for choices in _choices(play):
            ours = canonical_form(solver_apply(position, play, **choices))
            theirs = canonical_form(reference_apply(position, play, **choices))
            assert ours == theirs, (play.to_json(), choices)


@settings(max_examples=25)
@given(st.one_of(positions(max_hand=4), extra_deck_positions(), pendulum_ritual_fusion_positions()))
def test_perft_two_agrees_on_generated_positions(position):
    actions: set = set()
    try:
        ours = perft_counts(position, 2, actions=actions)
    except IncompletePlays:
        # Merged design (issues 12, 15B): on unread card text the library's count is refused (not exact); the
        # command line's lower bounds count the listed plays, which the reference withholds the same way.
        if set(ACTIONS) - reference_actions():
            return
        mine, theirs = perft_report(position, 2), perft_report(position, 2, engine="reference")
        assert not mine.complete and mine.missing
        assert (mine.total, mine.divide) == (theirs.total, theirs.divide)
        return
    if actions - reference_actions():
        return                                   # a mechanic the reference does not cover yet
    assert perft_counts(position, 2, engine=REFERENCE) == ours


def test_a_fusion_spell_is_an_activation_in_the_history():
    position = board(turn=3).hand("Polymerization", "Flame Manipulator", "Masaki the Legendary Swordsman") \
        .monster(1, "Chaos Emperor Dragon - Envoy of the End").extra_deck("Flame Swordsman").build()
    fusion = next(play for play in legal_plays(position, all_instances=True) if play.action == "fusion_summon")
    after = solver_apply(position, fusion)
    # Chaos Emperor Dragon's effect: "You cannot activate other cards or effects during the turn you activate
    # this card's effect": Polymerization was activated this turn, so the effect cannot be activated now.
    assert not [play for play in legal_plays(after) if play.action == "activate"]


def test_a_pendulum_summon_applies_with_its_default_zones():
    position = load_position(PERFT_DIR / "positions" / "pendulum.yaml")
    position = apply(position, next(p for p in legal_plays(position, all_instances=True)
                                   if p.action == "activate_scale"))
    three = next(p for p in legal_plays(position, all_instances=True)
                 if p.action == "pendulum_summon" and len(p.cards) == 3)
    assert three.zones["ED1"] == ("M2", "M3")
    after = solver_apply(position, three)           # H1 and H2 must leave M2 or M3 for ED1
    assert after.me.monster_zones[4] is not None
