"""Attack clauses read for issue 15 item 7 (docs/battle-rules.md, BPX-1..BPX-5): a monster's text that lets its
controller's monsters of a kind attack directly (BPX-1) or twice (BPX-2), a direct attack in Defense Position
(BPX-3), a direct attack while a Set card is in the Spell & Trap Zone (BPX-4), locks on attacks with a condition
(BPX-5). Real cards from the card database; every position is compared with the reference enumerator."""

from __future__ import annotations

from test_rules_attack_clauses import attacks, battle

from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses


def test_bpx_wordings_are_read(real):
    for name in ("Meizen the Battle Ninja", "Blue-Eyes Toon Ultimate Dragon", "Atlantean Dragoons"):
        assert attack_rules(real[name]).direct_for, name
    for name in ("Kewl Tune B2B", "Number C43: High Manipulator of Chaos"):
        assert attack_rules(real[name]).extra_for, name
    assert attack_rules(real["Elemental HERO Rampart Blaster"]).direct_in_defense
    assert attack_rules(real["Total Defense Shogun"]).in_defense
    assert attack_rules(real["Elemental HERO Mariner"]).direct_while_set
    assert [lock.while_material for lock in attack_rules(real["Mermail Abyssgaios"]).locks] == [True]
    assert [lock.summon_turn for lock in attack_rules(real["Cloudcastle"]).locks] == [True]
    for name in ("Blue-Eyes Toon Ultimate Dragon", "Atlantean Dragoons", "Kewl Tune B2B", "Elemental HERO Rampart Blaster",
                 "Elemental HERO Mariner", "Mermail Abyssgaios", "Cloudcastle", "Total Defense Shogun"):
        assert not [u for u in unread_clauses(real[name]) if "attack" in u.clause], name


def test_bpx_kinds_the_position_cannot_tell_stay_unread(real):
    # "Tribute Summoned" (the position does not record a Tribute Summon), "owned by your opponent", the materials used
    # for a Ritual Summon: not decided by the position (BPM-1 reads "Special Summoned monsters" without a condition)
    for name, clause in (("Clown Crew Dristy", "Tribute Summoned"), ("Hecahands Dandalos", "owned by your opponent"),
                         ("Drytron Meteonis Draconids", "Special Summoned monsters")):
        assert any(clause in u.clause for u in unread_clauses(real[name])), name


# --------------------------------------------------------------------------------------------------
# BPX-1: "Your "Ninja" monsters can attack directly."

def test_bpx_1_meizen_reads_the_ninja_sentence(real):
    # the "Ninja" sentence is read as a filter; its other attack sentence ("While you control a face-down Defense
    # Position monster, ...") is BPX-21's (tests/solve/test_rules_attack_targets.py)
    rules = attack_rules(real["Meizen the Battle Ninja"])
    assert [str(f) for f in rules.direct_for] == ['"Ninja" monster']
    assert rules.not_target_while.where == "own_face_down"
    assert not unread_clauses(real["Meizen the Battle Ninja"])


def test_bpx_1_negated_dragoons_or_the_opponents_dragoons_lets_none_attack_directly(real):
    b = battle(real).monster(1, "Atlantean Dragoons", restrictions=["effects_negated"]) \
        .monster(2, "Atlantean Pikeman")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}
    b = battle(real).monster(2, "Atlantean Pikeman")
    b.opponent.monster(1, "Atlantean Dragoons")
    assert attacks(b.build()) == {("M2", "oM1")}


def test_bpx_1_blue_eyes_toon_ultimate_dragon_is_a_toon_monster_itself(real):
    b = battle(real).monster(1, "Blue-Eyes Toon Ultimate Dragon")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}


def test_bpx_1_atlantean_dragoons_level_3_or_lower_sea_serpents(real):
    b = battle(real).monster(1, "Atlantean Dragoons").monster(2, "Atlantean Pikeman")
    b.opponent.monster(1, "Kuriboh")
    # Pikeman is a Level 2 Sea Serpent; Dragoons itself is Level 4
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1"), ("M2", "direct")}


# --------------------------------------------------------------------------------------------------
# BPX-2: "Your Tuners can make a second attack during each Battle Phase."

def test_bpx_2_kewl_tune_b2b_gives_tuners_a_second_attack(real):
    b = battle(real).monster(1, "Kewl Tune B2B", attacked=1).monster(2, "Junk Synchron", attacked=1) \
        .monster(3, "Summoned Skull", attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}   # Kewl Tune B2B is a Tuner too
    b = battle(real).monster(1, "Kewl Tune B2B", attacked=2).monster(2, "Junk Synchron", attacked=2)
    assert attacks(b.build()) == set()


def test_bpx_2_the_opponents_kewl_tune_b2b_gives_nothing(real):
    b = battle(real).monster(2, "Junk Synchron", attacked=1)
    b.opponent.monster(1, "Kewl Tune B2B")
    assert attacks(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# BPX-3: "This card can attack directly while in Defense Position."

def test_bpx_3_rampart_blaster_in_defense_attacks_directly_only(real):
    b = battle(real).monster(1, "Elemental HERO Rampart Blaster", position="defense")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct")}
    b = battle(real).monster(1, "Elemental HERO Rampart Blaster")        # Attack Position: as any monster
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bpx_3_total_defense_shogun_attacks_in_defense_position(real):
    b = battle(real).monster(1, "Total Defense Shogun", position="defense")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


# --------------------------------------------------------------------------------------------------
# BPX-4: "While you have any Set card(s) in your Spell & Trap Zone, this card can attack your opponent directly."

def test_bpx_4_mariner_with_a_set_card(real):
    b = battle(real).monster(1, "Elemental HERO Mariner")
    b.spell_trap(2, "Mirror Force", position="set")
    b.opponent.monster(1, "Kuriboh")
    assert {t for c, t in attacks(b.build()) if c == "M1"} == {"oM1", "direct"}


def test_bpx_4_mariner_without_one(real):
    for setup in (lambda b: b.spell_trap(2, "Swords of Revealing Light"),     # face-up
                  lambda b: b.field_spell("Umi", position="set"),             # the Field Zone is not one
                  lambda b: b.opponent.spell_trap(2, "Mirror Force", position="set")):   # the opponent's
        b = battle(real).monster(1, "Elemental HERO Mariner")
        setup(b)
        b.opponent.monster(1, "Kuriboh")
        assert {t for c, t in attacks(b.build()) if c == "M1"} == {"oM1"}


# --------------------------------------------------------------------------------------------------
# BPX-5: "While this face-up card has Xyz Material, Level 5 or higher monsters cannot attack."
#        "Level 8 or lower monsters cannot attack the turn they are Normal or Special Summoned."

def test_bpx_5_abyssgaios_with_material_locks_level_5_or_higher(real):
    b = battle(real).monster(1, "Summoned Skull").monster(2, "Kuriboh")
    b.opponent.monster(1, "Mermail Abyssgaios", materials=["Summoned Skull"])
    assert attacks(b.build()) == {("M2", "oM1")}
    b = battle(real).monster(1, "Summoned Skull").monster(2, "Kuriboh")
    b.opponent.monster(1, "Mermail Abyssgaios")                               # no material: no lock
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_bpx_5_abyssgaios_does_not_lock_itself_an_xyz_monster(real):
    b = battle(real).monster(1, "Mermail Abyssgaios", materials=["Summoned Skull"]).monster(2, "Summoned Skull")
    assert attacks(b.build()) == {("M1", "direct")}


def test_bpx_5_cloudcastle_the_turn_they_are_summoned(real):
    b = battle(real).monster(1, "Cloudcastle").monster(2, "Summoned Skull", summoned_this_turn=True) \
        .monster(3, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct"), ("M3", "direct")}
    b = battle(real).monster(1, "Cloudcastle", summoned_this_turn=True, summoned_as="synchro") \
        .monster(2, "Summoned Skull", summoned_this_turn=True, set_this_turn=True)   # Set, flipped by an effect
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}            # Cloudcastle is Level 9


def test_bpx_5_the_opponents_cloudcastle_binds_the_turn_player_too(real):
    b = battle(real).monster(2, "Summoned Skull", summoned_this_turn=True).monster(3, "Kuriboh")
    b.opponent.monster(1, "Cloudcastle")
    assert attacks(b.build()) == {("M3", "oM1")}


def test_bpx_2_number_c43_gives_tokens_a_second_attack(real):
    b = battle(real).monster(1, "Number C43: High Manipulator of Chaos", attacked=1) \
        .monster(2, "Sheep Token", attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1")}


# --------------------------------------------------------------------------------------------------
# BPX-1 with the effect's condition

def test_bpx_1_giant_mimighoul_while_the_opponent_controls_a_face_down_monster(real):
    b = battle(real).monster(1, "Giant Mimighoul", materials=["Mimighoul Armor"]).monster(2, "Mimighoul Dragon")
    b.opponent.monster(1, "Kuriboh", position="set")
    # Giant Mimighoul is an Xyz Monster: "non-Xyz" leaves it out
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1"), ("M2", "direct")}
    b = battle(real).monster(1, "Giant Mimighoul", materials=["Mimighoul Armor"]).monster(2, "Mimighoul Dragon")
    b.opponent.monster(1, "Kuriboh")                                          # face-up: no direct attack
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_bpx_1_troika_griare_while_3_xyz_materials_are_on_the_field(real):
    b = battle(real).monster(1, "Goblin Biker Troika Griare", materials=["Kuriboh", "Kuriboh"])
    b.opponent.monster(1, "Mermail Abyssgaios", materials=["Kuriboh"])        # 3 in all, on both sides
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}
    b = battle(real).monster(1, "Goblin Biker Troika Griare", materials=["Kuriboh", "Kuriboh"])
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


# --------------------------------------------------------------------------------------------------
# BPX-6: "Cannot attack directly unless this card has a Normal Monster as material."

def test_bpx_6_indigo_eyes_attacks_directly_with_a_normal_monster_material(real):
    b = battle(real).monster(1, "Indigo-Eyes Silver Dragon", materials=["Summoned Skull", "Kuriboh"])
    assert attacks(b.build()) == {("M1", "direct")}
    for materials in (["Kuriboh"], []):
        b = battle(real).monster(1, "Indigo-Eyes Silver Dragon", materials=materials)
        assert attacks(b.build()) == set(), materials


# --------------------------------------------------------------------------------------------------
# BPX-7: "... if the only face-up monsters they control are EARTH, WATER, or FIRE", "... while it is not co-linked"

def test_bpx_7_alligators_sword_dragon(real):
    for theirs, direct in (("Celtic Guardian", True), ("Kuriboh", False)):       # EARTH; DARK
        b = battle(real).monster(1, "Alligator's Sword Dragon")
        b.opponent.monster(1, theirs)
        assert attacks(b.build()) == {("M1", "oM1")} | ({("M1", "direct")} if direct else set()), theirs
    b = battle(real).monster(1, "Alligator's Sword Dragon")
    b.opponent.monster(1, "Kuriboh", position="set").monster(2, "Celtic Guardian")   # a face-down one shows none
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "direct")}


def test_bpx_7_vacculephant_attacks_directly_while_not_co_linked(real):
    # Vacculephant (top-right arrow) in M1 points to the left Extra Monster Zone; Missus Radiant there points
    # down-left to M1: co-linked
    b = battle(real).monster(1, "Appliancer Vacculephant").monster("left", "Missus Radiant")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("EMZL", "oM1")}
    b = battle(real).monster(1, "Appliancer Vacculephant").monster("right", "Missus Radiant")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct"), ("EMZR", "oM1")}


def test_bpx_7_dewdark_while_its_controllers_face_up_monsters_are_level_2_or_lower(real):
    b = battle(real).monster(1, "Dewdark of the Ice Barrier").monster(2, "Kuriboh", position="defense")
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}
    for other in ("Summoned Skull", "Link Spider"):                      # Level 6; a Link Monster has no Level
        b = battle(real).monster(1, "Dewdark of the Ice Barrier").monster(2, other, position="defense"
                                                                          if other == "Summoned Skull" else "attack")
        b.opponent.monster(1, "Celtic Guardian")
        assert ("M1", "direct") not in attacks(b.build()), other


# --------------------------------------------------------------------------------------------------
# BPX-8: "If you have no cards in your hand, ...", "If all monsters your opponent controls are in Defense Position, ..."

def test_bpx_8_infernity_archer_with_an_empty_hand(real):
    b = battle(real).monster(1, "Infernity Archer")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}
    b = battle(real).monster(1, "Infernity Archer").hand("Kuriboh")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bpx_8_shadowslayer_while_the_opponents_monsters_defend(real):
    b = battle(real).monster(1, "Shadowslayer")
    b.opponent.monster(1, "Kuriboh", position="defense").monster(2, "Celtic Guardian", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "direct")}
    b = battle(real).monster(1, "Shadowslayer")
    b.opponent.monster(1, "Kuriboh", position="defense").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


# --------------------------------------------------------------------------------------------------
# BPX-9: "This card can attack all face-up LIGHT monsters your opponent controls once each."

def test_bpx_9_thousand_arms_attacks_each_face_up_light_monster_once(real):
    def position(**state):
        b = battle(real).monster(1, "Ally of Justice Thousand Arms", **state)
        b.opponent.monster(1, "Mystical Elf").monster(2, "Celtic Guardian").monster(3, "Mystical Elf", position="set") \
            .monster(4, "Mystical Elf", position="defense")
        return b.build()
    assert attacks(position()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "oM3"), ("M1", "oM4")}   # its first attack
    assert attacks(position(attacked=1, attacked_monsters=[2])) == {("M1", "oM1"), ("M1", "oM4")}
    assert attacks(position(attacked=2, attacked_monsters=[1, 2])) == {("M1", "oM4")}
    assert attacks(position(attacked=1, attacked_directly=True)) == set()


# --------------------------------------------------------------------------------------------------
# BPX-10: "If this card has any number of "Raidraptor" monsters as material, it can attack up to that many times
# during each Battle Phase."

def test_bpx_10_arsenal_falcon_attacks_once_per_raidraptor_material(real):
    two = ["Raidraptor - Vanishing Lanius", "Raidraptor - Vanishing Lanius", "Kuriboh"]
    for materials, attacked, can in ((two, 1, True), (two, 2, False), (["Kuriboh", "Kuriboh"], 1, False),
                                     (["Kuriboh"], 0, True)):
        b = battle(real).monster(1, "Raidraptor - Arsenal Falcon", materials=materials, attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), (materials, attacked)
