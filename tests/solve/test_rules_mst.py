"""MST-1.. (docs/targeting-rules.md, "MST: must attack, materials and attacks by a presence"): real cards of the card
database; every answer is the reference's too, and nothing is withheld unless a test says so."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def attacks(position) -> set:
    return {(card, target) for action, card, target in whole_plays(position) if action == "declare_attack"}


def battle(real, phase="battle"):
    return board(cards=real, turn=3, phase=phase)


# --------------------------------------------------------------------------------------------------
# MST-1: "Your opponent's monsters that can attack must attack the monster you control with the highest ATK (their
# choice, if tied)."

CHEVREUIL = "Chevreuil, Hunting Scout of the Deep Forest"   # 2600 ATK


def test_mst_1_chevreuil_is_read(real):
    assert attack_rules(real[CHEVREUIL]).must_attack == "highest"
    assert unread_clauses(real[CHEVREUIL]) == ()


def test_mst_1_chevreuil_makes_the_turn_player_attack_its_controllers_highest_atk(real):
    # Chevreuil 2600, Celtic Guardian 1400, a face-down Kuriboh: only Chevreuil is attacked; the Battle Phase is not left
    b = battle(real).monster(1, "Blue-Eyes White Dragon").monster(2, "Celtic Guardian")
    b.opponent.monster(1, CHEVREUIL).monster(2, "Celtic Guardian").monster(3, "Kuriboh", position="set")
    plays = whole_plays(b.build())
    assert {(c, t) for a, c, t in plays if a == "declare_attack"} == {("M1", "oM1"), ("M2", "oM1")}
    assert ("enter_main2", None, None) not in plays and ("end_turn", None, None) not in plays


def test_mst_1_chevreuil_points_to_a_higher_atk_monster_and_either_when_tied(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, CHEVREUIL).monster(2, "Blue-Eyes White Dragon")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, CHEVREUIL).monster(2, "Blue-Eyes White Dragon").monster(3, "Blue-Eyes White Dragon")
    assert attacks(b.build()) == {("M1", "oM2"), ("M1", "oM3")}


def test_mst_1_chevreuil_forbids_direct_attacks_even_by_a_direct_attacker(real):
    # Raidraptor - Blaze Falcon can attack directly while it has Xyz Material (BP-4); under Chevreuil it attacks Chevreuil
    b = battle(real).monster("left", "Raidraptor - Blaze Falcon", materials=["Kuriboh"])
    b.opponent.monster(1, CHEVREUIL).monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("EMZL", "oM1")}


def test_mst_1_chevreuil_negated_or_the_turn_players_own_binds_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, CHEVREUIL, restrictions=["effects_negated"]).monster(2, "Kuriboh")
    plays = whole_plays(b.build())
    assert {(c, t) for a, c, t in plays if a == "declare_attack"} == {("M1", "oM1"), ("M1", "oM2")}
    assert ("enter_main2", None, None) in plays
    b = battle(real).monster(1, CHEVREUIL).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    plays = whole_plays(b.build())
    assert {(c, t) for a, c, t in plays if a == "declare_attack"} == {("M1", "oM1"), ("M2", "oM1")}
    assert ("enter_main2", None, None) in plays


def test_mst_1_chevreuil_forbids_skipping_the_battle_phase(real):
    b = battle(real, phase="main1").monster(1, "Celtic Guardian")
    b.opponent.monster(1, CHEVREUIL)
    plays = whole_plays(b.build())
    assert ("enter_battle_phase", None, None) in plays and ("end_turn", None, None) not in plays


def test_mst_1_chevreuil_withholds_every_attack_while_an_atk_of_theirs_is_unknown(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, CHEVREUIL).monster(2, "Dark Soul Token")
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.partial and not [p for p in solver if p.action == "declare_attack"]
    assert "oM1" in [u.id for u in solver.unread]


# --------------------------------------------------------------------------------------------------
# MST-2: "A DARK Synchro Monster that was Summoned using this card as material can make up to 2 attacks on monsters
# during each Battle Phase."

INFERNITY = "Infernity Doom Archfiend"
CATASTOR = "Ally of Justice Catastor"      # a DARK Synchro Monster
GAIA = "Gaia Knight, the Force of Earth"   # an EARTH Synchro Monster


def test_mst_2_infernity_doom_archfiend_is_read(real):
    assert attack_rules(real[INFERNITY]).user_on_monsters == ("synchro", "dark", 1)
    assert unread_clauses(real[INFERNITY]) == ()


def test_mst_2_a_dark_synchro_monster_that_used_it_makes_a_second_attack_on_monsters(real):
    b = battle(real).monster(1, CATASTOR, summoned_as="synchro", summon_materials=[INFERNITY, "Kuriboh"], attacked=1)
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}          # on monsters only, never directly
    b = battle(real).monster(1, CATASTOR, summoned_as="synchro", summon_materials=[INFERNITY, "Kuriboh"], attacked=2)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, CATASTOR, summoned_as="synchro", summon_materials=[INFERNITY, "Kuriboh"], attacked=1,
                             attacked_directly=True)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()                                  # BP-5: none after a direct attack


def test_mst_2_the_gain_is_the_materials_and_applies_while_the_monster_is_negated(real):
    b = battle(real).monster(1, CATASTOR, summoned_as="synchro", summon_materials=[INFERNITY, "Kuriboh"], attacked=1,
                             restrictions=["effects_negated"])
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_mst_2_not_for_another_attribute_nor_without_it_in_the_record(real):
    b = battle(real).monster(1, GAIA, summoned_as="synchro", summon_materials=[INFERNITY, "Kuriboh"], attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, CATASTOR, summoned_as="synchro", summon_materials=["Kuriboh", "Kuriboh"], attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, CATASTOR, attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# MST-3: 'You can also use a face-down "Ghostrick" monster you control as material to Link Summon this card.'

FESTIVAL = "Ghostrick Festival"


def summons(position) -> set:
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    return {tuple(p.materials) for p in solver if p.action == "link_summon"}


def test_mst_3_festival_takes_a_face_down_ghostrick_monster(real):
    from pysolver.cards.written import link_extra_material
    assert link_extra_material(real[FESTIVAL]) == "own_face_down"
    b = board(cards=real).extra_deck(FESTIVAL).monster(1, "Ghostrick Jackfrost", position="set") \
        .monster(2, "Ghostrick Lantern").monster(3, "Kuriboh", position="set")
    assert summons(b.build()) == {("M1",), ("M2",)}     # never the face-down Kuriboh (the line asks for "Ghostrick")


# --------------------------------------------------------------------------------------------------
# MST-4: 'While a "Ghostrick" card is in a Field Zone, your "Ghostrick" monsters can attack directly.'

def unwithheld_attacks(position, monkeypatch) -> set:
    """Every "Ghostrick" Field Spell stays unread (its own lock on attacks), so a face-up one withholds every attack;
    the attacks the encoding and the reference derive are compared with that withholding switched off in both."""
    from pysolver.reference import plays as reference
    from pysolver.solve.unread import Withheld
    with monkeypatch.context() as patch:
        patch.setattr(Withheld, "filter", lambda self, plays: plays)
        patch.setattr(reference, "_certain_given_unread_text", lambda position: lambda play: True)
        solver = legal_plays(position, all_instances=True)
        assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
        return {(p.card, p.target) for p in solver if p.action == "declare_attack"}


def test_mst_4_festival_is_read(real):
    what, presence = attack_rules(real[FESTIVAL]).direct_for_presence
    assert str(what) == '"Ghostrick" monster' and presence.where == "field_zone_card"
    assert unread_clauses(real[FESTIVAL]) == ()


def test_mst_4_a_face_up_ghostrick_card_in_a_field_zone_lets_ghostrick_monsters_attack_directly(real, monkeypatch):
    for side in ("mine", "theirs"):
        b = battle(real).monster("left", FESTIVAL).monster(1, "Ghostrick Lantern").monster(2, "Celtic Guardian")
        (b if side == "mine" else b.opponent).field_spell("Ghostrick Mansion")
        b.opponent.monster(1, "Kuriboh")
        assert unwithheld_attacks(b.build(), monkeypatch) == {
            ("EMZL", "oM1"), ("EMZL", "direct"), ("M1", "oM1"), ("M1", "direct"), ("M2", "oM1")}


def test_mst_4_without_one_or_with_it_set_no_direct_attack(real, monkeypatch):
    # Festival is a "Ghostrick" monster itself (every other "Ghostrick" Main Deck monster stays unread)
    b = battle(real).monster("left", FESTIVAL).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("M1", "oM1")}
    b = battle(real).monster("left", FESTIVAL).monster(1, "Celtic Guardian").field_spell("Ghostrick Mansion",
                                                                                         position="set")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("M1", "oM1")}
    b = battle(real).monster("left", FESTIVAL, restrictions=["effects_negated"]).monster(1, "Ghostrick Lantern")
    b.field_spell("Ghostrick Mansion")
    b.opponent.monster(1, "Kuriboh")
    assert unwithheld_attacks(b.build(), monkeypatch) == {("EMZL", "oM1"), ("M1", "oM1")}
    b = battle(real).monster("left", FESTIVAL).field_spell("Mountain")     # a Field Spell of no "Ghostrick"
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1")}
