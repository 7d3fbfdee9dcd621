"""Leaving out the rules that cannot fire (pysolver.solve.legal.live_statements) changes no answer: the
same plays as grounding every rule of the relevant encodings, one position at a time and batched."""

import pytest
from helpers import board
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver import PysolverError, legal_plays
from pysolver.solve import legal
from pysolver.solve.facts import position_facts
from pysolver.solve.legal import legal_plays_many, live_mask
from strategies import (battle_positions, card_written_positions, extra_deck_positions, history_positions,
                        lock_positions, pendulum_ritual_fusion_positions, positions, procedure_positions,
                        targeting_positions)


def every_statement(names, predicates):
    return tuple((name, tuple(range(len(legal.encoding_statements(name))))) for name in names)


def plays_or_error(position, **options):
    try:
        return [play.to_json() for play in legal_plays(position, **options)]
    except PysolverError as error:
        return str(error)


def test_a_0_ary_fact_is_present_by_its_name():
    """normal_summon_used. is written without parentheses: its name, not "normal_summon_used.", is present,
    so the rules that read it are kept (they were lost once: Double Summon's second Normal Summon)."""
    _, table = position_facts(board(normal_summon_used=True).hand("Kuriboh").build())
    assert "normal_summon_used" in table.predicates
    assert not any("." in name for name in table.predicates)


def test_live_mask_keeps_a_rule_only_when_every_positive_body_predicate_may_hold():
    needs = [(frozenset({("a", 0)}), frozenset({("b", 1)})),     # b(X) :- a.
             (frozenset({("b", 1)}), frozenset({("c", 0)})),     # c :- b(X).
             (frozenset({("d", 2)}), frozenset({("e", 0)})),     # e :- d(X, Y).
             None]                                               # #show.
    assert live_mask(needs, {"a"}) == [True, True, False, True]
    assert live_mask(needs, set()) == [False, False, False, True]


def test_double_summon_second_normal_summon_with_the_rules_left_out():
    b = board(normal_summon_used=True).hand("Mystical Elf")
    b.event(activate="Double Summon")     # the Normal Summon used is only the flag: no summon event
    assert [play.action for play in legal_plays(b.build(), actions=("normal_summon",))] == ["normal_summon"]


FAMILIES = st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions(), history_positions(),
                     procedure_positions(), card_written_positions(), battle_positions(), lock_positions(),
                     targeting_positions())


@settings(max_examples=60, deadline=None)
@given(st.lists(FAMILIES, min_size=1, max_size=3))
def test_the_same_plays_as_grounding_every_rule(positions_drawn):
    live = [plays_or_error(position, all_instances=True) for position in positions_drawn]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(legal, "live_statements", every_statement)
        every = [plays_or_error(position, all_instances=True) for position in positions_drawn]
    assert live == every
    readable = [position for position, plays in zip(positions_drawn, live) if not isinstance(plays, str)]
    batched = [[play.to_json() for play in plays] for plays in legal_plays_many(readable, all_instances=True)]
    assert batched == [plays for plays in live if not isinstance(plays, str)]
