"""Targeting protections with conditions on Extra Deck monsters (TGZ-1.., docs/targeting-rules.md), on real cards of
the card database (../shared/data/cards.cdb). Every answer is compared with the independent reference enumerator, in
both directions of each condition."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.cards.protections import protections
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def agreed(position, whole: bool = True) -> set:
    """(action, card, target) of every play; the reference lists the same, and the answer is exhaustive (with
    `whole`; else partial)."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive if whole else solver.partial, (solver.reason, solver.unread)
    return {(p.action, p.card, p.target) for p in solver}


def targets(position, whole: bool = True) -> set:
    return {target for action, card, target in agreed(position, whole) if action == "activate" and card == "M1"}


def cipher(real):
    """The turn player's Galaxy-Eyes Cipher Dragon with Xyz Material: it targets a face-up monster the opponent
    controls (a monster effect)."""
    return board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


# --------------------------------------------------------------------------------------------------
# TGZ-1: 'While "X" is in your GY, '

def test_tgz_1_guardian_chimera_is_read(real):
    assert not unread_clauses(real["Guardian Chimera"])
    (found,) = protections(real["Guardian Chimera"]).protections
    assert found.presence.where == "own_gy_named" and found.scope == "self"


def test_tgz_1_guardian_chimera_while_polymerization_is_in_its_controllers_gy(real):
    b = cipher(real)
    b.opponent.monster(1, "Guardian Chimera").monster(2, "Celtic Guardian").graveyard("Polymerization")
    assert targets(b.build()) == {"oM2"}


def test_tgz_1_guardian_chimera_without_polymerization_in_its_controllers_gy(real):
    b = cipher(real).graveyard("Polymerization")              # the turn player's GY does not count
    b.opponent.monster(1, "Guardian Chimera").monster(2, "Celtic Guardian").graveyard("Fusion Recovery")
    assert targets(b.build()) == {"oM1", "oM2"}
    b = cipher(real)
    b.opponent.monster(1, "Guardian Chimera").monster(2, "Celtic Guardian").banished("Polymerization")
    assert targets(b.build()) == {"oM1", "oM2"}
