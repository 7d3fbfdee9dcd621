"""Protections with a condition of the position or over a group with an exception (PRC-1, docs/battle-rules.md;
PRC-2..PRC-4, docs/targeting-rules.md), on real cards of the card database (../shared/data/cards.cdb). Every
answer is compared with the independent reference enumerator, in both directions of each condition."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.protections import protections
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def agreed(position, whole: bool = True) -> set:
    """(action, card, target) of every play; the reference lists the same, and the answer is exhaustive (with
    `whole`; else only the plays of a card left unread are withheld)."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive if whole else solver.partial, (solver.reason, solver.unread)
    return {(p.action, p.card, p.target) for p in solver}


def attacks(position, whole: bool = True) -> set:
    return {(card, target) for action, card, target in agreed(position, whole) if action == "declare_attack"}


def targets(position, whole: bool = True) -> set:
    return {target for action, card, target in agreed(position, whole) if action == "activate" and card == "M1"}


def battle(real):
    return board(cards=real, turn=3, phase="battle")


def cipher(real):
    """The turn player's Galaxy-Eyes Cipher Dragon with Xyz Material: it targets a face-up monster the opponent
    controls (a monster effect)."""
    return board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


# --------------------------------------------------------------------------------------------------
# PRC-1: BP-8 while the position shows a card

def test_prc_1_the_sentences_are_read(real):
    for name in ("Ghostrick Socuteboss", "Command Knight", "Performage Trapeze Witch", "Number 48: Shadow Lich",
                 "Brotherhood of the Fire Fist - Peacock", "Yuki-Onna, the Ice Mayakashi", "Vindikite R-Genex",
                 "Freya, Spirit of Victory", "Hunter Owl"):
        assert not unread_clauses(real[name]), name
    assert attack_rules(real["Vindikite R-Genex"]).not_target
    peacock = attack_rules(real["Brotherhood of the Fire Fist - Peacock"]).not_target_while
    assert peacock.where == "points" and str(peacock.filter) == '"Fire Fist" monster'
    # a condition of another kind stays unread
    assert unread_clauses(real["Otoshidamashi"])
    # "While you control a face-up Spell, " is read now (docs/lock-rules.md LKQ-7)
    assert not unread_clauses(real["Number 82: Heartlandraco"])


def test_prc_1_ghostrick_socuteboss_with_another_ghostrick(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Ghostrick Socuteboss", materials=["Kuriboh"]).monster(2, "Ghostrick Jiangshi")
    assert attacks(b.build()) == {("M1", "oM2")}


def test_prc_1_ghostrick_socuteboss_alone_or_with_a_face_down_ghostrick(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Ghostrick Socuteboss", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Ghostrick Socuteboss", materials=["Kuriboh"]).monster(2, "Ghostrick Jiangshi",
                                                                                  position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}    # a face-down monster shows no archetype


def test_prc_1_command_knight_another_monster_face_down_too(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Command Knight").monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Command Knight")
    assert attacks(b.build()) == {("M1", "oM1")}
    # my own monsters are not "another monster you control" for the opponent's Command Knight
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Kuriboh")
    b.opponent.monster(1, "Command Knight")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_prc_1_performage_trapeze_witch_except_its_own_name(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Performage Trapeze Witch").monster(2, "Performage Trapeze Witch")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Performage Trapeze Witch").monster(2, "Performage Damage Juggler")
    assert attacks(b.build()) == {("M1", "oM2")}


def test_prc_1_peacock_while_it_points_to_a_fire_fist_monster(real):
    # the opponent's Peacock in their M2: its left arrow points to their M1
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(2, "Brotherhood of the Fire Fist - Peacock").monster(1, "Brotherhood of the Fire Fist - Bear")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(2, "Brotherhood of the Fire Fist - Peacock").monster(3, "Brotherhood of the Fire Fist - Bear")
    assert attacks(b.build()) == {("M1", "oM2"), ("M1", "oM3")}       # not pointed to
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(2, "Brotherhood of the Fire Fist - Peacock").monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}       # pointed to, not "Fire Fist"


def test_prc_1_vindikite_r_genex_cannot_be_selected_as_an_attack_target(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Vindikite R-Genex")
    assert attacks(b.build()) == set()        # not a target, and it still stands in the way of a direct attack


# --------------------------------------------------------------------------------------------------
# PRC-2: a targeting protection while the position shows a card

def test_prc_2_the_sentences_are_read(real):
    for name in ("Metamorphosed Insect Queen", "Chaos Daedalus", "Darklord Morningstar"):
        (found,) = protections(real[name]).protections
        assert found.presence is not None, name
    assert not unread_clauses(real["Metamorphosed Insect Queen"])
    assert not unread_clauses(real["Chaos Daedalus"])


def test_prc_2_metamorphosed_insect_queen_with_another_insect_on_the_field(real):
    b = cipher(real).monster(2, "Insect Knight")           # another Insect on the field: mine counts
    b.opponent.monster(1, "Metamorphosed Insect Queen").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = cipher(real)
    b.opponent.monster(1, "Metamorphosed Insect Queen").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_prc_2_chaos_daedalus_while_a_field_spell_is_face_up(real):
    b = cipher(real).field_spell("Umi")
    b.opponent.monster(1, "Chaos Daedalus").monster(2, "Celtic Guardian").monster(3, "Dark Magician")
    assert targets(b.build()) == {"oM2"}
    b = cipher(real).field_spell("Umi", position="set")
    b.opponent.monster(1, "Chaos Daedalus").monster(2, "Celtic Guardian").monster(3, "Dark Magician")
    assert targets(b.build()) == {"oM1", "oM2", "oM3"}


# --------------------------------------------------------------------------------------------------
# PRC-3: '<monsters> you control, except "X"'; PRC-4: "... also they cannot be destroyed by battle"

def test_prc_3_traptrix_rafflesia_protects_the_other_traptrix_monsters(real):
    (found,) = protections(real["Traptrix Rafflesia"]).protections
    assert str(found.except_named) == '"Traptrix Rafflesia"'
    b = cipher(real)
    b.opponent.monster(1, "Traptrix Rafflesia", materials=["Kuriboh"]).monster(2, "Traptrix Myrmeleo") \
        .monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}


def test_prc_4_protectcode_talker_is_read(real):
    assert not unread_clauses(real["Protectcode Talker"])
    b = cipher(real)
    b.opponent.monster("left", "Protectcode Talker").monster(2, "Firewall Dragon").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oEMZL", "oM3"}     # itself a Link-3: only the Link-4 Firewall Dragon is protected
    b = cipher(real)
    b.opponent.monster(2, "Firewall Dragon").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM2", "oM3"}


# --------------------------------------------------------------------------------------------------
# PRC-5: "<BP-8 clause>, also <a protection>": both halves read, with the condition of their lead

def test_prc_5_princess_cologne_with_another_monster(real):
    assert not unread_clauses(real["Princess Cologne"])
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Princess Cologne", materials=["Kuriboh"]).monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Princess Cologne", materials=["Kuriboh"])
    assert attacks(b.build()) == {("M1", "oM1")}
    b = cipher(real)
    b.opponent.monster(1, "Princess Cologne", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b = cipher(real)
    b.opponent.monster(1, "Princess Cologne", materials=["Kuriboh"])
    assert targets(b.build()) == {"oM1"}


def test_prc_5_duel_link_dragon_while_its_controller_controls_a_duel_dragon_token(real):
    """The Token's own text stays unread: the plays involving it are withheld (a partial answer), not the others."""
    assert not unread_clauses(real["Duel Link Dragon, the Duel Dragon"])
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Duel Link Dragon, the Duel Dragon").monster(2, "Duel Dragon Token")
    assert ("M1", "oEMZL") not in attacks(b.build(), whole=False)
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Duel Dragon Token")      # the turn player's Token
    b.opponent.monster("left", "Duel Link Dragon, the Duel Dragon")
    assert ("M1", "oEMZL") in attacks(b.build(), whole=False)
    b = cipher(real)
    b.opponent.monster("left", "Duel Link Dragon, the Duel Dragon").monster(2, "Duel Dragon Token")
    assert "oEMZL" not in targets(b.build(), whole=False)
    b = cipher(real)
    b.opponent.monster("left", "Duel Link Dragon, the Duel Dragon").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oEMZL", "oM2"}


def test_prc_1_number_48_shadow_lich_with_a_phantom_token(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Number 48: Shadow Lich", materials=["Kuriboh"]).monster(2, "Phantom Token")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Number 48: Shadow Lich", materials=["Kuriboh"])
    assert attacks(b.build()) == {("M1", "oM1")}
