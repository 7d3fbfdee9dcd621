"""The step-indexed turn (pysolver.solve.steps, asp/transition.lp): every move of a line is a legal play,
and the state the transition makes is the state `apply` and the reference applier make, field by field."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES
from pysolver import legal_plays, load_position
from pysolver.reference import apply as reference_apply
from pysolver.solve.steps import PLAY_ATOMS, Planner, position_state, replay
from pysolver.solve.unread import unread_in_turn
from strategies import (battle_positions, card_written_positions, extra_deck_positions, history_positions,
                        lock_positions, pendulum_ritual_fusion_positions, positions, procedure_positions,
                        targeting_positions)

EVERY_FAMILY = st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions(), history_positions(),
                         card_written_positions(), battle_positions(), procedure_positions(), targeting_positions(),
                         lock_positions())


def read(position) -> bool:
    """No card text of the turn is unread (`unread_in_turn`, as search asks): the step-indexed program has no
    partial answers. Not only `unread_clauses`: MAT-3 withholds the uses of a monster that sets its own ATK/DEF
    while a card reads an ATK/DEF term, though every clause of both is read."""
    return not unread_in_turn(position)


def every_instance(position):
    return legal_plays(position, all_instances=True)


def models(position, plays: int, *, symmetry: bool):
    """The atoms of every line of exactly `plays` moves (each move: a play, its zone and battle position)."""
    planner = Planner(position, symmetry=symmetry)
    planner.control.configuration.solve.models = 0
    planner.control.configuration.solve.project = "show"
    planner.ask(plays)
    with planner.control.solve(yield_=True) as handle:
        for model in handle:
            yield model.symbols(atoms=True), frozenset(
                str(s) for s in model.symbols(shown=True) if s.name in PLAY_ATOMS and s.name not in ("go", "face", "pgo"))


def moves_of(plays) -> int:
    """How many moves the plays give: each zone times each battle position (a Pendulum Summon: each
    assignment of zones to its cards, PEN-3)."""
    from itertools import product
    total = 0
    for play in plays:
        if isinstance(play.zones, dict):
            cards = list(play.zones)
            zones = sum(1 for choice in product(*(play.zones[c] for c in cards))
                        if len(set(choice)) == len(choice) and sum(z.startswith("EMZ") for z in choice) <= 1)
        else:
            zones = len(play.zones or ()) or 1
        total += zones * (len(play.positions or ()) or 1)
    return total


def assert_every_move_replays(position):
    """Every one-play line of the step-indexed turn replays with apply (its state compared inside `replay`)
    and with the reference applier, and there is one per instance-level move."""
    plays = [play for play in every_instance(position) if play.action != "end_turn"]
    count = 0
    for atoms, _ in models(position, 1, symmetry=False):
        (play, choices, after), = replay(atoms, position, 1, every_instance)
        assert position_state(reference_apply(position, play, **choices))[0] == position_state(after)[0], play
        count += 1
    assert count == moves_of(plays)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(EVERY_FAMILY)
def test_every_move_replays_with_apply_and_the_reference(position):
    assume(read(position))
    assert_every_move_replays(position)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(EVERY_FAMILY)
def test_lines_of_two_plays_replay(position):
    assume(read(position))
    for n, (atoms, _) in enumerate(models(position, 2, symmetry=True)):
        replay(atoms, position, 2, every_instance)
        if n == 150:
            break


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(battle_positions())
def test_lines_of_attacks_replay(position):
    """BP-5: a second (third) attack after the first: the count and the direct attack carried from step to
    step agree with apply and the reference applier."""
    assume(read(position))
    for n, (atoms, _) in enumerate(models(position, 3, symmetry=True)):
        replay(atoms, position, 3, every_instance)
        if n == 150:
            break


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(EVERY_FAMILY)
def test_each_step_lists_the_legal_plays(position):
    """Horizon 1 is `legal_plays`: every instance-level play once, or each class of copies at least once."""
    assume(read(position))
    instance_level = [p for p in every_instance(position) if p.action != "end_turn"]
    grouped = [p for p in legal_plays(position) if p.action != "end_turn"]
    assert len({plays for _, plays in models(position, 1, symmetry=False)}) == len(instance_level)
    assert len(grouped) <= len({plays for _, plays in models(position, 1, symmetry=True)}) <= len(instance_level)


def test_the_example_has_33_moves_and_301_lines_of_two():
    position = load_position(EXAMPLES / "spec-example.yaml")
    assert sum(1 for _ in models(position, 1, symmetry=True)) == 33
    assert sum(1 for _ in models(position, 2, symmetry=True)) == 301


def test_xyz_4_alternative_summons_replay_with_the_transition():
    """XYZ-4 in the step-indexed turn: Utopia (with 2 materials) under Utopia Ray, Cyber Dragon Infinity on
    Cyber Dragon Nova; the materials carried over and the history's mark agree with `apply` and the
    reference applier; in a line of two, Cyber Dragon Infinity's procedure is used once per turn."""
    from helpers import board
    position = board(rules=5).monster(1, "Number 39: Utopia", materials=["Sangan", "Kuriboh"]) \
        .monster(2, "Cyber Dragon Nova", materials=["Cyber Dragon"]).monster(3, "Cyber Dragon Nova") \
        .extra_deck("Number C39: Utopia Ray", "Cyber Dragon Infinity", "Cyber Dragon Infinity").build()
    assert read(position)
    plays = [play for play in every_instance(position) if play.action != "end_turn"]
    assert {(p.name, p.materials) for p in plays if p.action == "xyz_summon"} == {
        ("Number C39: Utopia Ray", ("M1",)), ("Cyber Dragon Infinity", ("M2",)), ("Cyber Dragon Infinity", ("M3",))}
    assert_every_move_replays(position)
    summons = set()
    for atoms, _ in models(position, 2, symmetry=True):
        line = replay(atoms, position, 2, every_instance)
        summons.add(tuple(play.name for play, _, _ in line if play.action == "xyz_summon"))
    assert ("Number C39: Utopia Ray", "Cyber Dragon Infinity") in summons
    assert ("Cyber Dragon Infinity", "Number C39: Utopia Ray") in summons
    assert ("Cyber Dragon Infinity", "Cyber Dragon Infinity") not in summons   # once per turn


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(EVERY_FAMILY)
def test_live_rules_are_read_on_the_rules_as_written(position):
    """The step program keeps the rules `live_mask` finds live on the encodings as written, and rewrites only
    those: the same rules as the liveness of the rewritten rules themselves (the step argument goes on every
    occurrence of a fluent; more(t) is always given)."""
    from pysolver.solve.facts import position_facts
    from pysolver.solve.legal import dependencies, live_mask
    from pysolver.solve.steps import _rules, _step_rule, head_names, live_step_program, step_encodings, step_text
    _, table = position_facts(position, symmetry=False)
    names = step_encodings(table.predicates)
    given_ = table.predicates | head_names(step_text("transition.lp")) | head_names("#external more(t). #external query(t).")
    rewritten = [_step_rule(name, index)[0] for name in names for index in range(len(_rules(name)))]
    live = live_mask([dependencies(rule) for rule in rewritten], given_)
    fixed, steps = live_step_program(names, given_)
    assert {str(rule) for rule, alive in zip(rewritten, live) if alive} == {str(rule) for rule in fixed + steps}


def test_the_step_rules_read_back_from_the_cache_folder_are_those_made_from_the_ast(tmp_path, monkeypatch):
    """The step program's rules are kept as text in the cache folder (walking clingo's AST is most of the asp
    engine's start): parsed back, each is the rule the AST rewrite makes, or the encoding's own rule when it
    reads no fluent. A cache file that is malformed or was built from other encodings or code is rebuilt."""
    import json
    from pysolver.solve import steps
    from pysolver.solve.legal import ENCODINGS, encoding_statements
    fluents = steps.all_fluents()
    for name in ENCODINGS:
        statements = encoding_statements(name)
        for at, (index, _, _, _, text) in enumerate(steps._analysis()[name]):
            rule, reads_fluent = steps._step_rule(name, at)
            assert reads_fluent == (text is not None)
            assert str(rule) == str(steps._add_step(statements[index], fluents) if reads_fluent else statements[index])
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    expected = steps._analysis()
    file = tmp_path / "pysolver" / "step-rules.json"
    try:
        for content in (None, "not JSON", "stale"):
            if content == "stale":
                data = json.loads(file.read_text(encoding="utf-8"))
                data["key"][-1] = "0" * 64
                file.write_text(json.dumps(data), encoding="utf-8")
            elif content is not None:
                file.write_text(content, encoding="utf-8")
            steps._analysis.cache_clear()
            assert steps._analysis() == expected                  # rebuilt, and written
            steps._analysis.cache_clear()
            assert steps._analysis() == expected                  # read back
            assert json.loads(file.read_text(encoding="utf-8"))["key"][-1] != "0" * 64
    finally:
        steps._analysis.cache_clear()
