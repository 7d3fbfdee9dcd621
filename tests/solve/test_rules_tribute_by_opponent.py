"""TRX-1 (docs/tribute-rules.md): "Your opponent cannot Tribute this face-up card on the field." (Borrelshroud Dragon):
its controller's opponent Tributes it in no way while it is face-up with its effects applying; its controller still
can. Real cards of the card database (../shared/data/cards.cdb); every answer is compared with the reference."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.cards.cardtext import untributable_face_up
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def agreed(position, action: str) -> set:
    """The plays of one action (all instances); the solver and the reference list the same, and the answer is whole."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive, (solver.reason, solver.unread)
    return {p for p in solver if p.action == action}


def test_trx_1_the_sentence_is_read(real):
    card = real["Borrelshroud Dragon"]
    assert untributable_face_up(card) == "opponent"
    assert not unread_clauses(card)


def test_trx_1_lava_golem_cannot_tribute_the_opponents_borrelshroud_dragon(real):
    b = board(cards=real).hand("Lava Golem")
    b.opponent.monster("left", "Borrelshroud Dragon").monster(2, "Kuriboh").monster(3, "Celtic Guardian")
    assert {p.cost for p in agreed(b.build(), "procedure_summon")} == {("oM2", "oM3")}
    b = board(cards=real).hand("Lava Golem")          # its effects negated: the protection is gone
    b.opponent.monster("left", "Borrelshroud Dragon", restrictions=["effects_negated"]).monster(2, "Kuriboh")
    b.opponent.monster(3, "Celtic Guardian")
    assert {p.cost for p in agreed(b.build(), "procedure_summon")} == {("oM2", "oM3"), ("oEMZL", "oM2"),
                                                                          ("oEMZL", "oM3")}


def test_trx_1_its_controller_tributes_it(real):
    b = board(cards=real).hand("Summoned Skull").monster("left", "Borrelshroud Dragon").monster(2, "Kuriboh")
    assert {p.tributes for p in agreed(b.build(), "normal_summon")} == {("EMZL",), ("M2",)}


# TRX-2: "Neither player can Tribute cards to activate a card or effect." -- no activation listed Tributes as its cost;
# a procedure's Tribute and a Tribute Summon are no activation's cost.
def test_trx_2_ritual_beast_ulti_reirautari_leaves_procedures_and_tribute_summons(real):
    assert not unread_clauses(real["Ritual Beast Ulti-Reirautari"])
    b = board(cards=real).hand("Lava Golem")
    b.opponent.monster("left", "Ritual Beast Ulti-Reirautari").monster(2, "Kuriboh").monster(3, "Celtic Guardian")
    assert ("oM2", "oM3") in {p.cost for p in agreed(b.build(), "procedure_summon")}
    b = board(cards=real).hand("Summoned Skull").monster(2, "Kuriboh")
    b.opponent.monster("left", "Ritual Beast Ulti-Reirautari")
    assert {p.tributes for p in agreed(b.build(), "normal_summon")} == {("M2",)}


# TRX-3: "You can Tribute 1 "X-Saber" monster to discard 1 random card from your opponent's hand." is an activated
# effect (its cost is the Tribute), not a rule of the card.
def test_trx_3_xx_saber_gottoms_old_wording_is_an_activated_effect(real):
    from pysolver.cards.sentences import sentences
    card = real["XX-Saber Gottoms"]
    assert [s.activated for s in sentences(card)] == [True]
    assert not unread_clauses(card)
