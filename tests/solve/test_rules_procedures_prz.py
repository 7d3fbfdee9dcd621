"""Monsters Special Summoned from the hand by their own procedure, sending cards of bare names to the GY (PRZ-* of
docs/procedure-rules.md). Real cards of the card database: the procedure summon is listed exactly when its cost can be
paid, the cost cards end where the text says (`helpers.applied`: apply, the reference applier and the step-indexed
transition agree), and every answer is the reference's (whole plays)."""

from __future__ import annotations

from helpers import board, procedure_play

from pysolver import legal_plays
from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def summons(position, unread: set) -> set:
    """The procedure summons (card, cost) the solver lists; the reference agrees on every play, and the cards left
    unread are exactly `unread` (the cost cards' own clauses, which these procedures do not concern)."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert {u.card for u in solver.unread} == unread
    return {(p.card, p.cost) for p in solver if p.action == "procedure_summon"}


def applied(position, play, **choices):
    """The position after the play: `apply` and the reference applier agree (the step-indexed transition of
    `helpers.applied` declines a position holding an unread card)."""
    from pysolver.position.apply import apply
    from pysolver.reference.apply import apply as reference_apply
    after = apply(position, play, **choices)
    assert after == reference_apply(position, play, **choices)
    return after


# --- PRZ-1: 1 of each name from the hand and/or face-up from the field ------------------------------------------------

JET_IRON = "D.D. Jet Iron"
PARTS = ("D.D. Esper Star Sparrow", "Beast-Warrior Puma", "Phoenix Beast Gairuda", "Ironhammer the Giant")


def test_prz_1_dd_jet_iron_reads_one_send_of_each_name_from_the_hand_or_face_up_field(real):
    """D.D. Jet Iron: 'Must first be Special Summoned (from your hand) by sending 1 "D.D. Esper Star Sparrow",
    "Beast-Warrior Puma", "Phoenix Beast Gairuda", and "Ironhammer the Giant" from your hand and/or face-up from your
    side of the field to the GY': the periods of "D.D." do not end the sentence; one slot of one card per name, each
    from the hand or the face-up Monster Zones, sent to the GY; every clause of the card is read."""
    (way,) = procedures(real[JET_IRON])
    assert way.sources == ("hand",)
    assert [(s.action, s.places, s.count, s.face_up, s.named) for s in way.costs] == \
        [("send", ("hand", "field"), 1, True, True)] * 4
    assert [s.filter.value for s in way.costs] == list(PARTS)
    assert unread_clauses(real[JET_IRON]) == ()


def test_prz_1_dd_jet_iron_is_not_summoned_without_every_name(real):
    """Without a D.D. Esper Star Sparrow (the other three in the hand and face-up on the field), or with one only in
    the GY: no procedure summon; the solver and the reference agree on every play. (Ironhammer the Giant's own
    procedure stays unread; D.D. Esper Star Sparrow's "Your opponent cannot target other monsters you control with
    effects or for attacks." is unread too, and withholds its use as a cost, so the summon itself is not listed while
    that clause is unread.)"""
    missing = board(cards=real).hand(JET_IRON, PARTS[1]).monster(1, PARTS[2]).monster(2, PARTS[3])
    assert summons(missing.build(), {PARTS[3]}) == set()
    in_graveyard = board(cards=real).hand(JET_IRON, PARTS[1]).monster(1, PARTS[2]).monster(2, PARTS[3]) \
        .graveyard(PARTS[0])
    assert summons(in_graveyard.build(), {PARTS[0], PARTS[3]}) == set()
    withheld = board(cards=real).hand(JET_IRON, PARTS[0], PARTS[1]).monster(1, PARTS[2]).monster(2, PARTS[3])
    assert summons(withheld.build(), {PARTS[0], PARTS[3]}) == set()


# --- PRZ-2: a named monster you control and a named card of the hand ---------------------------------------------------

NEO = "Elemental HERO Neo Bubbleman"
BUBBLEMAN = "Elemental HERO Bubbleman"


def test_prz_2_neo_bubbleman_sends_bubbleman_you_control_and_metamorphosis_from_the_hand(real):
    """Elemental HERO Neo Bubbleman: 'This card cannot be Special Summoned except by sending an "Elemental HERO
    Bubbleman" you control and "Metamorphosis" in your hand to the Graveyard': a face-up Bubbleman of the Monster
    Zones and the Trap Metamorphosis of the hand, both to the GY (a Bubbleman of the hand does not pay). Bubbleman's
    own hand procedure stays unread (it concerns the hand; sending it from the field is not withheld)."""
    b = board(cards=real).hand(NEO, "Metamorphosis", BUBBLEMAN).monster(2, BUBBLEMAN)
    position = b.build()
    assert summons(position, {BUBBLEMAN}) == {("H1", ("H2", "M2"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "M2")), zone="M2")
    assert after["M2"].card.name == NEO and after["M2"].state.properly_summoned
    assert sorted(c.card.name for c in after.me.graveyard) == [BUBBLEMAN, "Metamorphosis"]
    assert [c.name for c in after.me.hand] == [BUBBLEMAN]
    assert unread_clauses(real[NEO]) == ()


def test_prz_2_neo_bubbleman_needs_a_face_up_bubbleman_and_metamorphosis_in_hand(real):
    """A face-down Bubbleman hides its name (POS-3); a Metamorphosis Set on the field is not "in your hand"; a Bubbleman
    only in the hand is not one "you control": no procedure summon."""
    face_down = board(cards=real).hand(NEO, "Metamorphosis").monster(1, BUBBLEMAN, position="set")
    assert summons(face_down.build(), {BUBBLEMAN}) == set()
    set_trap = board(cards=real).hand(NEO).monster(1, BUBBLEMAN).spell_trap(1, "Metamorphosis")
    assert summons(set_trap.build(), {BUBBLEMAN}) == set()
    hand_only = board(cards=real).hand(NEO, "Metamorphosis", BUBBLEMAN)
    assert summons(hand_only.build(), {BUBBLEMAN}) == set()
