"""Attack clauses of Extra Deck and summoning-condition monsters read by BPM-1 and BPM-2 (docs/battle-rules.md):
BP-12 on the opponent's Special Summoned monsters only (BPM-1), the Toon monsters' direct attack and attack targets
(BPM-2). Real cards from the card database; every position is compared with the reference enumerator."""

from __future__ import annotations

from test_rules_attack_clauses import attacks, battle

from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses

# --------------------------------------------------------------------------------------------------
# BPM-1: "This card can attack all Special Summoned monsters your opponent controls, once each."


def test_bpm_1_the_wording_is_read(real):
    for name in ("Stardust Charge Warrior", "Raidraptor - Rise Falcon"):
        rules = attack_rules(real[name])
        assert rules.attack_all and rules.attack_all_special, name
        assert not unread_clauses(real[name]), name


def test_bpm_1_stardust_charge_warrior_second_attack_only_on_special_summoned(real):
    # its first attack is on any target; once it is used, one more on each Special Summoned monster it has not attacked
    b = battle(real).monster(1, "Stardust Charge Warrior", summoned_as="synchro")
    b.opponent.monster(1, "Kuriboh").monster(2, "Cyber Dragon", special_summoned_from="hand") \
        .monster(3, "Relinquished")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "oM3")}
    b = battle(real).monster(1, "Stardust Charge Warrior", summoned_as="synchro", attacked=1)
    b.opponent.monster(1, "Kuriboh").monster(2, "Cyber Dragon", special_summoned_from="hand") \
        .monster(3, "Gagaga Magician")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, "Stardust Charge Warrior", attacked=1)
    b.opponent.monster(1, "Relinquished").monster(2, "Odd-Eyes Pendulum Dragon", summoned_as="pendulum") \
        .monster(3, "Dark Magician", special_summoned_from="deck").monster(4, "Gagaga Magician")
    # a Ritual Monster, a Pendulum Summon, a Special Summon from the Deck; not Gagaga Magician (no key: Normal Summoned)
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "oM3")}
    b = battle(real).monster(1, "Stardust Charge Warrior", summoned_as="synchro", attacked=2, attacked_monsters=[2])
    b.opponent.monster(1, "Kuriboh").monster(2, "Cyber Dragon", special_summoned_from="hand")
    assert attacks(b.build()) == set()      # Kuriboh was not Special Summoned, Cyber Dragon was attacked already


def test_bpm_1_monsters_never_normal_summoned_count_face_down_too(real):
    # an Extra Deck monster (no key needed), a "Cannot be Normal Summoned/Set" monster, a Token; a face-down monster
    # Special Summoned from the graveyard keeps its summon type
    b = battle(real).monster(1, "Raidraptor - Rise Falcon", summoned_as="xyz", attacked=1,
                             materials=["Raidraptor - Vanishing Lanius"])
    b.opponent.monster(1, "Stardust Dragon").monster(2, "Cyber Dragon").monster(3, "Sheep Token") \
        .monster(4, "Kuriboh", position="set", special_summoned_from="graveyard").monster(5, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM3"), ("M1", "oM4")}


def test_bpm_1_negated_or_after_a_direct_attack_no_more_attacks(real):
    b = battle(real).monster(1, "Stardust Charge Warrior", attacked=1, restrictions=["effects_negated"])
    b.opponent.monster(1, "Stardust Dragon")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Stardust Charge Warrior", attacked=1, attacked_directly=True)
    b.opponent.monster(1, "Stardust Dragon")
    assert attacks(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# BPM-2: "Can attack your opponent directly, unless they control a Toon monster, in which case this card must target
# a Toon monster for its attacks."

TOONS = ("Toon Summoned Skull", "Manga Ryu-Ran", "Blue-Eyes Toon Dragon", "Toon Dark Magician Girl")


def test_bpm_2_the_wording_is_read(real):
    for name in TOONS:
        assert str(attack_rules(real[name]).direct_unless_kind) == "Toon monster", name
        assert not unread_clauses(real[name]), name


def test_bpm_2_toon_summoned_skull_attacks_directly_past_other_monsters(real):
    b = battle(real).lp(8000).monster(1, "Toon Summoned Skull").spell_trap(1, "Toon World")
    # a face-down Toon monster does not count (Toon Alligator is a Normal Monster, no Toon)
    b.opponent.monster(1, "Kuriboh").monster(2, "Manga Ryu-Ran", position="set").monster(3, "Toon Alligator")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "oM3"), ("M1", "direct")}


def test_bpm_2_a_face_up_toon_of_the_opponent_is_the_only_target(real):
    b = battle(real).lp(8000).monster(1, "Toon Summoned Skull").spell_trap(1, "Toon World")
    b.opponent.monster(1, "Kuriboh").monster(2, "Manga Ryu-Ran").monster(3, "Blue-Eyes Toon Dragon", position="set")
    assert attacks(b.build()) == {("M1", "oM2")}
    # Blue-Eyes Toon Ultimate Dragon's "Your Toon monsters can attack directly" does not lift it (BPX-1: the engine's
    # EFFECT_CANNOT_DIRECT_ATTACK wins)
    b = battle(real).lp(8000).monster(1, "Toon Dark Magician Girl").monster(2, "Blue-Eyes Toon Ultimate Dragon")
    b.opponent.monster(1, "Toon Dark Magician Girl", position="defense").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1"), ("M2", "oM2"), ("M2", "direct")}


def test_bpm_2_negated_toon_attacks_as_any_monster_and_lp_still_decide(real):
    b = battle(real).lp(8000).monster(1, "Manga Ryu-Ran", restrictions=["effects_negated"])
    b.opponent.monster(1, "Kuriboh").monster(2, "Toon Summoned Skull")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).lp(400).monster(1, "Manga Ryu-Ran")        # BPX-15: 500 LP to declare an attack
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# BPM-3: 'Your opponent can only target "Elemental HERO Poison Rose" for attacks.'


def test_bpm_3_the_wording_is_read(real):
    rules = attack_rules(real["Elemental HERO Poison Rose"])
    assert str(rules.only_target_among) == 'monster, except "Elemental HERO Poison Rose"'
    assert rules.only_target_face_down
    assert not unread_clauses(real["Elemental HERO Poison Rose"])


def test_bpm_3_poison_rose_is_the_only_target_and_still_in_the_way(real):
    # every face-up monster of another name and every face-down monster is no target; another face-up Poison Rose is
    b = battle(real).monster(1, "Kuriboh").monster(2, "Jinzo #7")
    b.opponent.monster(1, "Elemental HERO Poison Rose").monster(2, "Kuriboh").monster(3, "Kuriboh", position="set") \
        .monster(4, "Elemental HERO Poison Rose")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM4"), ("M2", "oM1"), ("M2", "oM4"), ("M2", "direct")}


def test_bpm_3_negated_face_down_or_own_poison_rose_restricts_nothing(real):
    b = battle(real).monster(1, "Kuriboh")
    b.opponent.monster(1, "Elemental HERO Poison Rose", restrictions=["effects_negated"]).monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Kuriboh")
    b.opponent.monster(1, "Elemental HERO Poison Rose", position="set").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Elemental HERO Poison Rose").monster(2, "Kuriboh")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}
