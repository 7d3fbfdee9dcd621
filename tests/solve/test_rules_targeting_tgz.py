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


# --------------------------------------------------------------------------------------------------
# TGZ-2: "<monsters> you control with 2000 or more ATK", while this Xyz Summoned monster is on the field

def test_tgz_2_starliege_photon_blast_dragon_is_read(real):
    assert not unread_clauses(real["Starliege Photon Blast Dragon"])
    (found,) = protections(real["Starliege Photon Blast Dragon"]).protections
    assert found.scope == "own" and found.summoned_as == "xyz" and str(found.filter) == "monster with 2000 or more ATK"


def test_tgz_2_photon_blast_dragon_protects_its_controllers_monsters_with_2000_or_more_atk(real):
    b = cipher(real)
    b.opponent.monster(1, "Starliege Photon Blast Dragon", summoned_as="xyz", materials=["Kuriboh"]) \
        .monster(2, "Dark Magician").monster(3, "Celtic Guardian").monster(4, "Cyber Dragon")
    assert targets(b.build()) == {"oM1", "oM3"}        # 1800 (itself) and 1400 ATK; 2500 and 2100 are protected


def test_tgz_2_photon_blast_dragon_not_xyz_summoned_protects_nothing(real):
    b = cipher(real)
    b.opponent.monster(1, "Starliege Photon Blast Dragon", materials=["Kuriboh"]) \
        .monster(2, "Dark Magician").monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2", "oM3"}


def test_tgz_2_photon_blast_dragon_does_not_protect_the_turn_players_monsters(real):
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"]) \
        .monster(2, "Starliege Photon Blast Dragon", summoned_as="xyz", materials=["Kuriboh"]).monster(3, "Dark Magician")
    b.opponent.monster(1, "Dark Magician")
    assert targets(b.build()) == {"oM1"}


def test_tgz_2_photon_blast_dragon_and_a_monster_whose_atk_the_position_does_not_know(real):
    """MAT-3: Chimeratech Megafleet Dragon's ATK on the field is unknown: the plays targeting it are withheld."""
    b = cipher(real)
    b.opponent.monster(1, "Starliege Photon Blast Dragon", summoned_as="xyz", materials=["Kuriboh"]) \
        .monster("left", "Chimeratech Megafleet Dragon", summoned_as="fusion").monster(3, "Celtic Guardian")
    assert targets(b.build(), whole=False) == {"oM1", "oM3"}


# --------------------------------------------------------------------------------------------------
# TGZ-3: LKQ-10's "monsters your opponent controls cannot target <kind> monsters you control for attacks, also <protection>"
# after "While this card has Xyz Material, "

def battle(real):
    return board(cards=real, turn=3, phase="battle")


def attacks(position, whole: bool = True) -> set:
    return {(card, target) for action, card, target in agreed(position, whole) if action == "declare_attack"}


def test_tgz_3_vola_chemicritter_methydraco_is_read(real):
    from pysolver.cards.attacks import attack_rules
    card = real["Vola-Chemicritter Methydraco"]
    rules = attack_rules(card)
    assert str(rules.not_target_kind) == "Gemini monster" and rules.not_target_kind_needs_material
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.needs_material, str(found.filter)) == ("opponent", "own", True, "Gemini monster")
    assert not unread_clauses(card)


def test_tgz_3_methydraco_with_xyz_material_guards_its_controllers_gemini_monsters(real):
    # Knight Day Grepher: a Gemini monster (not Gemini Summoned: still a Gemini monster, the engine's IsType(TYPE_GEMINI))
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Vola-Chemicritter Methydraco", materials=["Kuriboh"]).monster(2, "Knight Day Grepher") \
        .monster(3, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM3")}
    b = cipher(real)
    b.opponent.monster(1, "Vola-Chemicritter Methydraco", materials=["Kuriboh"]).monster(2, "Knight Day Grepher") \
        .monster(3, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM3"}


def test_tgz_3_methydraco_face_down_gemini_monsters_can_be_attacked(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Vola-Chemicritter Methydraco", materials=["Kuriboh"]) \
        .monster(2, "Knight Day Grepher", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_tgz_3_methydraco_without_xyz_material_guards_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Vola-Chemicritter Methydraco").monster(2, "Knight Day Grepher")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = cipher(real)
    b.opponent.monster(1, "Vola-Chemicritter Methydraco").monster(2, "Knight Day Grepher")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_tgz_3_methydraco_does_not_guard_the_turn_players_gemini_monsters(real):
    b = battle(real).monster(1, "Knight Day Grepher").monster(2, "Vola-Chemicritter Methydraco", materials=["Kuriboh"])
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


# --------------------------------------------------------------------------------------------------
# TGZ-5: MUS-6's "If this card was Link Summoned using a <kind> monster(s) as material, ..."

def test_tgz_5_black_luster_soldier_soldier_of_chaos_protection_is_read_but_not_its_second_attack(real):
    card = real["Black Luster Soldier - Soldier of Chaos"]
    (found,) = protections(card).protections
    assert (found.summoned_as, str(found.summoned_using)) == ("link", "Level 7 or higher monster")
    # its effect's bullet "This card can make a second attack during the Battle Phase of your next turn." stays unread
    assert [u.clause for u in unread_clauses(card)] == \
        ["This card can make a second attack during the Battle Phase of your next turn."]


def test_tgz_5_soldier_of_chaos_link_summoned_using_a_level_7_or_higher_monster(real):
    for used, summoned_as, protected in ((["Blue-Eyes White Dragon", "Celtic Guardian", "Kuriboh"], "link", True),
                                         (["Dark Magician", "Celtic Guardian", "Kuriboh"], "link", True),
                                         (["Gemini Elf", "Celtic Guardian", "Kuriboh"], "link", False),
                                         (["Blue-Eyes White Dragon", "Celtic Guardian", "Kuriboh"], None, False)):
        b = cipher(real)
        b.opponent.monster(1, "Black Luster Soldier - Soldier of Chaos", summon_materials=used,
                           summoned_as=summoned_as).monster(2, "Celtic Guardian")
        # partial: its unread second attack withholds only attack declarations and attacks on it
        assert targets(b.build(), whole=False) == ({"oM2"} if protected else {"oM1", "oM2"}), (used, summoned_as)


# --------------------------------------------------------------------------------------------------
# TGZ-4: "Your opponent cannot target a Synchro Monster that used this card as material with monster effects."

def test_tgz_4_deep_sea_prima_donna_is_read(real):
    from pysolver.cards.reading import reads_summon_materials
    card = real["Deep Sea Prima Donna"]
    (found,) = protections(card).protections
    assert (found.whom, found.scope, found.summoned_as, found.kinds) == ("opponent", "used_by", "synchro",
                                                                        frozenset({"monster"}))
    assert reads_summon_materials(card)
    assert not unread_clauses(card)


def test_tgz_4_the_synchro_monster_that_used_prima_donna_is_protected(real):
    # the opponent's Gaia Knight, the Force of Earth, Synchro Summoned using Deep Sea Prima Donna (now in their GY)
    for used, summoned_as, protected in ((["Deep Sea Prima Donna", "Celtic Guardian"], "synchro", True),
                                         (["Junk Synchron", "Celtic Guardian"], "synchro", False),
                                         (["Deep Sea Prima Donna", "Celtic Guardian"], None, False)):
        b = cipher(real)
        b.opponent.monster(1, "Gaia Knight, the Force of Earth", summoned_as=summoned_as, summon_materials=used) \
            .monster(2, "Celtic Guardian").graveyard("Deep Sea Prima Donna")
        assert targets(b.build()) == ({"oM2"} if protected else {"oM1", "oM2"}), (used, summoned_as)


def test_tgz_4_prima_donna_elsewhere_than_the_position_still_protects(real):
    """The record names the material: the protection is its text's, wherever the card is now (here in no zone)."""
    b = cipher(real)
    b.opponent.monster(1, "Gaia Knight, the Force of Earth", summoned_as="synchro",
                       summon_materials=["Deep Sea Prima Donna", "Celtic Guardian"])
    assert targets(b.build()) == set()


def test_tgz_4_the_protection_applies_while_the_synchro_monsters_effects_are_negated(real):
    b = cipher(real)
    b.opponent.monster(1, "Gaia Knight, the Force of Earth", summoned_as="synchro", restrictions=["effects_negated"],
                       summon_materials=["Deep Sea Prima Donna", "Celtic Guardian"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}


# --------------------------------------------------------------------------------------------------
# TGZ-6: "While this Link Summoned card has 3000 or less ATK, ..."

def test_tgz_6_giant_beetrooper_invincible_atlas_is_read(real):
    card = real["Giant Beetrooper Invincible Atlas"]
    (found,) = protections(card).protections
    assert (found.scope, found.summoned_as, found.own_atk) == ("self", "link", ("le", 3000))
    assert not unread_clauses(card)


def test_tgz_6_invincible_atlas_link_summoned_with_its_printed_3000_atk(real):
    for summoned_as, protected in (("link", True), (None, False)):
        b = cipher(real)
        b.opponent.monster(1, "Giant Beetrooper Invincible Atlas", summoned_as=summoned_as).monster(2, "Celtic Guardian")
        assert targets(b.build()) == ({"oM2"} if protected else {"oM1", "oM2"}), summoned_as
