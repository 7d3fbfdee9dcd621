"""ATQ-1.. (docs/targeting-rules.md, "ATQ: which monsters attack and what they attack, on Extra Deck monsters"): sentences
of Extra Deck monsters that restrict which monsters can attack or what they can attack. Real cards of the card database;
every answer is the reference's too, and nothing is withheld."""

from __future__ import annotations

from helpers import board

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays

GORGON = "Gorgon of Zilofthonia"
NEPHTHYS = "Nephthys, the Sacred Flame"
PHOENIX = "Sacred Phoenix of Nephthys"


def agreed(position) -> set:
    """(action, card, target) of every play; the reference lists the same, and the answer is exhaustive."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive, (solver.reason, solver.unread)
    return {(p.action, p.card, p.target) for p in solver}


def attacks(position) -> set:
    return {(card, target) for action, card, target in agreed(position) if action == "declare_attack"}


def battle(real):
    return board(cards=real, turn=3, phase="battle")


# --------------------------------------------------------------------------------------------------
# ATQ-1: "Monsters this card points to cannot attack, also their activated effects are negated."

def test_atq_1_gorgon_of_zilofthonia_is_read(real):
    assert attack_rules(real[GORGON]).pointed_cannot_attack
    assert unread_clauses(real[GORGON]) == ()


def test_atq_1_gorgon_of_the_opponent_forbids_the_monsters_it_points_to_to_attack(real):
    # in the opponent's right Extra Monster Zone its top arrows (TL, T, TR) point down into the turn player's M3, M4, M5
    b = battle(real).monster(1, "Celtic Guardian").monster(3, "Celtic Guardian").monster(5, "Kuriboh")
    b.opponent.monster("right", GORGON)
    assert attacks(b.build()) == {("M1", "oEMZR")}
    # negated, it forbids nothing (BP-3)
    b = battle(real).monster(1, "Celtic Guardian").monster(3, "Celtic Guardian")
    b.opponent.monster("right", GORGON, restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M1", "oEMZR"), ("M3", "oEMZR")}


def test_atq_1_gorgon_of_the_turn_player_forbids_its_own_pointed_monster(real):
    # in M2 its top arrow points to the left Extra Monster Zone
    b = battle(real).monster(2, GORGON).monster("left", "Number 17: Leviathan Dragon").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}


def test_atq_1_gorgon_pointed_monster_still_activates_its_effect(real):
    """The negation of activated effects acts on their resolution: the activation is still a play, its cost paid, and
    the activations of monster effects on the field pysolver lists are recorded only (NGT-3)."""
    b = board(cards=real).monster(4, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("right", GORGON).monster(2, "Celtic Guardian")
    plays = agreed(b.build())
    assert {(a, c, t) for a, c, t in plays if a == "activate"} == {("activate", "M4", "oEMZR"),
                                                                   ("activate", "M4", "oM2")}


# --------------------------------------------------------------------------------------------------
# ATQ-2: "While this card is in the Extra Monster Zone, monsters your opponent controls cannot target "Nephthys" monsters in
# the Main Monster Zones for attacks."

def test_atq_2_nephthys_the_sacred_flame_is_read(real):
    assert str(attack_rules(real[NEPHTHYS]).main_zone_guard) == '"Nephthys" monster'
    assert unread_clauses(real[NEPHTHYS]) == ()


def test_atq_2_nephthys_in_the_extra_monster_zone_guards_the_nephthys_monsters_in_main_monster_zones(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS).monster(1, PHOENIX).monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM2")}      # itself, in the Extra Monster Zone, can be attacked


def test_atq_2_nephthys_guards_only_face_up_monsters(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS).monster(1, PHOENIX, position="set")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1")}


def test_atq_2_nephthys_still_stands_in_the_way_of_a_direct_attack(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS, restrictions=["effects_negated"]).monster(1, PHOENIX)
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1")}      # negated: guards nothing (BP-3)
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS).monster(1, PHOENIX)
    assert attacks(b.build()) == {("M1", "oEMZL")}                      # the guarded Phoenix: no direct attack


def test_atq_2_nephthys_in_a_main_monster_zone_guards_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(3, NEPHTHYS).monster(1, PHOENIX)
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM3")}


def test_atq_2_nephthys_of_the_turn_player_restricts_nothing_this_turn(real):
    b = battle(real).monster("left", NEPHTHYS).monster(1, PHOENIX)
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("M1", "oM1")}
