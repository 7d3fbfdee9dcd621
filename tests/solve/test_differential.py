"""The encodings against `pysolver.reference`, the independent brute-force enumerator, on generated
positions: the same plays of every action (with zones, positions, copies), instance by instance and up
to copies, every action included (Special Summons by procedure and card activations too), with the
turn's history (`this_turn.events`) on `history_positions()`."""

import pytest
from hypothesis import given, settings

from pysolver import PysolverError, legal_plays, reference
from strategies import (battle_positions, card_written_positions, extra_deck_positions, history_positions,
                        lock_positions, pendulum_ritual_fusion_positions, positions, procedure_positions,
                        targeting_positions)


def as_json(plays):
    return [play.to_json() for play in plays]


def solver_plays(position, **options):
    return as_json(legal_plays(position, **options))


def assert_same_plays(position):
    """The same plays, the same unread cards withheld; or both refuse an unread lock in force (issue 15)."""
    try:
        solved = legal_plays(position, all_instances=True)
    except PysolverError as error:
        assert "cannot read" in str(error)
        with pytest.raises(PysolverError):
            reference.legal_plays(position, all_instances=True)
        return
    assert as_json(solved) == as_json(reference.legal_plays(position, all_instances=True))
    assert solver_plays(position) == as_json(reference.legal_plays(position))


@given(positions())
def test_main_deck_plays_equal_the_reference(position):
    assert_same_plays(position)


@given(extra_deck_positions())
def test_extra_deck_plays_equal_the_reference(position):
    assert_same_plays(position)


@given(pendulum_ritual_fusion_positions())
def test_pendulum_ritual_fusion_plays_equal_the_reference(position):
    assert_same_plays(position)


@given(history_positions())
def test_procedure_activation_and_history_plays_equal_the_reference(position):
    assert_same_plays(position)


@given(procedure_positions())
def test_sp_1_sp_2_procedure_forms_plays_equal_the_reference(position):
    """The monsters' own procedures (SP-1, SP-2): costs from the hand, field and GY, GY and field conditions,
    "(from your hand or GY)"."""
    assert_same_plays(position)


@settings(max_examples=min(settings().max_examples, 300))
@given(card_written_positions())
def test_gemini_restrictions_trap_monsters_and_extra_link_plays_equal_the_reference(position):
    assert_same_plays(position)


@settings(max_examples=min(settings().max_examples, 300))
@given(battle_positions())
def test_attack_declarations_with_monster_text_equal_the_reference(position):
    """BP-3..BP-14: direct attacks (some only with Xyz Material), second attacks, one attack per Xyz
    Material, attacks on monsters only, Defense Position attacks, monsters that cannot attack, monsters that
    cannot be attacked, the opponent's monsters that are the only ones that can be, Link Monsters that
    forbid the monsters they point to to attack, monsters that attack each opponent monster once, and
    monsters that forbid every attack (BP-14)."""
    assert_same_plays(position)


@settings(max_examples=min(settings().max_examples, 300))
@given(lock_positions())
def test_summon_locks_of_face_up_cards_equal_the_reference(position):
    """LCK-1..LCK-4: who a lock binds, while it applies, which Summons of which monsters it forbids."""
    assert_same_plays(position)


@settings(max_examples=min(settings().max_examples, 300))
@given(targeting_positions())
def test_targeting_protections_equal_the_reference(position):
    """TGT-1..TGT-5: activations that target (Galaxy-Eyes Cipher Dragon, Monster Reborn, Call of the Haunted)
    against monsters and Continuous Spells/Traps whose text forbids targets, face-up or not, negated or not."""
    assert_same_plays(position)
