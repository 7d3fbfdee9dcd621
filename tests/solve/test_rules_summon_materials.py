"""The materials a monster was Summoned with (docs/material-rules.md MUS-1..MUS-5; docs/position-format.md
`summon_materials`): the position records them, `pysolver apply`, the reference applier and the step-indexed turn write
them, and the sentences that count or test them are read. Real cards; every position is compared with the
reference enumerator (`checked`, `applied`)."""

from __future__ import annotations

import pytest
from helpers import applied, board
from test_rules_attack_clauses import attacks, battle

from pysolver import legal_plays
from pysolver.cards import coverage
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.errors import PysolverError
from pysolver.position.files import position_from_dict, position_to_dict


def _mine(position, name):
    (found,) = [m for m in position.me.monster_zones + position.me.extra_monster_zones
                if m is not None and m.card.name == name]
    return found


# --------------------------------------------------------------------------------------------------
# MUS-1: the position key

def test_mus_1_summon_materials_in_a_position_file(real):
    position = battle(real).monster(1, "Gilti-Gearfried the Magical Steel Knight", summoned_as="fusion",
                                    summon_materials=["Gearfried the Iron Knight",
                                                      {"card": "Celtic Guardian", "from": "hand"}]).build()
    (gilti,) = [m for m in position.me.monster_zones if m is not None]
    assert [(card.name, where) for card, where in gilti.summon_materials] == \
        [("Gearfried the Iron Knight", "field"), ("Celtic Guardian", "hand")]
    entry = position_to_dict(position)["players"][0]["monster_zones"][1]
    assert entry["summon_materials"] == ["Gearfried the Iron Knight", {"card": "Celtic Guardian", "from": "hand"}]
    assert position_from_dict(position_to_dict(position), cards=real) == position


def test_mus_1_bad_summon_materials_are_refused_with_one_line(real):
    with pytest.raises(PysolverError, match=r"summon_materials\[0\]\.from: unknown place 'pocket'"):
        battle(real).monster(1, "Frightfur Wolf", summon_materials=[{"card": "Edge Imp Sabres", "from": "pocket"}]) \
            .build()
    with pytest.raises(PysolverError, match="is not a Fusion, Synchro, Xyz or Link Monster"):
        battle(real).monster(1, "Kuriboh", summon_materials=["Kuriboh"]).build()
    with pytest.raises(PysolverError, match=r"summon_materials\[1\]"):
        battle(real).monster(1, "Frightfur Wolf", summon_materials=["Edge Imp Sabres", "No Such Card Anywhere"]).build()


def test_mus_1_a_fusion_summon_records_its_materials_and_where_they_were(real):
    # Frightfur Wolf ("Edge Imp Sabres" + 1 or more "Fluffal" monsters) with Polymerization: 1 material from the
    # field, 2 from the hand; all three appliers agree (`applied`)
    position = board(cards=real).monster(1, "Fluffal Bear").hand("Polymerization").hand("Edge Imp Sabres") \
        .hand("Fluffal Dog").extra_deck("Frightfur Wolf").build()
    plays = [p for p in legal_plays(position) if p.action == "fusion_summon" and len(p.materials) == 3]
    assert plays
    after = applied(position, plays[0], zone=plays[0].zones[0], battle_position="attack")
    wolf = _mine(after, "Frightfur Wolf")
    assert sorted((card.name, where) for card, where in wolf.summon_materials) == \
        [("Edge Imp Sabres", "hand"), ("Fluffal Bear", "field"), ("Fluffal Dog", "hand")]


def test_mus_1_a_synchro_summon_records_its_materials_and_keeps_them_next_turn(real):
    from pysolver.position.apply import apply
    from pysolver.position.play import Play
    position = board(cards=real).monster(1, "Glow-Up Bulb").monster(2, "Sangan").extra_deck("Armory Arm").build()
    (play,) = [p for p in legal_plays(position) if p.action == "synchro_summon"]
    after = applied(position, play, zone=play.zones[0], battle_position="attack")
    arm = _mine(after, "Armory Arm")
    assert sorted(card.name for card, _ in arm.summon_materials) == ["Glow-Up Bulb", "Sangan"]
    later = apply(after, Play("end_turn"))
    assert any(m is not None and m.summon_materials == arm.summon_materials
               for m in later.players[0].monster_zones + later.players[0].extra_monster_zones)


# --------------------------------------------------------------------------------------------------
# MUS-2: "up to the number of materials / Fusion Materials / Fusion Monsters / non-Tuners used for its Summon"

_FLUFFALS = ["Edge Imp Sabres", "Fluffal Bear", "Fluffal Dog"]


def test_mus_2_the_wordings_are_read(real):
    for name in ("Alba-Lenatus the Abyss Dragon", "Frightfur Wolf", "Wake Up Your Elemental HERO",
                 "Shooting Quasar Dragon", "Chimera the Illusion Beast", "Chimeratech Overdragon",
                 "Ancient Gear Megaton Golem"):
        assert attack_rules(real[name]).used_attacks is not None, name
        assert coverage.supported(real[name]) is None and not unread_clauses(real[name]), name
    # Mannadium Prime-Heart ("1+ Tuners + 1 LIGHT monster"): the Tuners are its materials but one
    assert attack_rules(real["Mannadium Prime-Heart"]).used_attacks == (None, "synchro", 1, False)


def test_mus_2_frightfur_wolf_attacks_once_per_fusion_material(real):
    for materials, summoned_as, attacked, can in ((_FLUFFALS, "fusion", 2, True), (_FLUFFALS, "fusion", 3, False),
                                                  (_FLUFFALS[:2], "fusion", 2, False), (_FLUFFALS, None, 1, False),
                                                  ([], "fusion", 0, True)):
        b = battle(real).monster(1, "Frightfur Wolf", summon_materials=materials, summoned_as=summoned_as,
                                 attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), (materials, summoned_as, attacked)


def test_mus_2_frightfur_wolf_attacks_directly_again(real):
    b = battle(real).monster(1, "Frightfur Wolf", summon_materials=_FLUFFALS, summoned_as="fusion", attacked=1,
                             attacked_directly=True)
    assert attacks(b.build()) == {("M1", "direct")}


def test_mus_2_chimera_the_illusion_beast_attacks_monsters_only_after_its_first(real):
    used = ["Chimera the Flying Mythical Beast", "Dark Magician Girl", "Dark Magician"]
    b = battle(real).monster(1, "Chimera the Illusion Beast", summon_materials=used, summoned_as="fusion", attacked=2)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Chimera the Illusion Beast", summon_materials=used, summoned_as="fusion", attacked=3)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    # after a direct attack, no attack on monsters; with no monster to attack, never directly
    b = battle(real).monster(1, "Chimera the Illusion Beast", summon_materials=used, summoned_as="fusion", attacked=1,
                             attacked_directly=True)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Chimera the Illusion Beast", summon_materials=used, summoned_as="fusion", attacked=1)
    assert attacks(b.build()) == set()


def test_mus_2_wake_up_your_elemental_hero_counts_the_fusion_monsters(real):
    for used, attacked, can in ((["Elemental HERO Flame Wingman", "Elemental HERO Thunder Giant", "Celtic Guardian"],
                                 1, True),
                                (["Elemental HERO Flame Wingman", "Celtic Guardian", "Celtic Guardian"], 1, False)):
        b = battle(real).monster(1, "Wake Up Your Elemental HERO", summon_materials=used, summoned_as="fusion",
                                 attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), used


def test_mus_2_shooting_quasar_dragon_counts_the_non_tuners(real):
    used = ["Formula Synchron", "Stardust Dragon", "Red Dragon Archfiend"]     # 1 Tuner + 2 non-Tuners: 2 attacks
    for attacked, can in ((1, True), (2, False)):
        b = battle(real).monster(1, "Shooting Quasar Dragon", summon_materials=used, summoned_as="synchro",
                                 attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), attacked


def test_mus_2_ancient_gear_megaton_golem_counts_the_golems(real):
    for used, attacked, can in ((["Ancient Gear Golem", "Ancient Gear Golem - Ultimate Pound", "Ancient Gear Soldier"],
                                 1, True),
                                (["Ancient Gear Golem", "Ancient Gear Golem - Ultimate Pound", "Ancient Gear Soldier"],
                                 2, False),
                                (["Ancient Gear Golem", "Ancient Gear Soldier", "Ancient Gear Soldier"], 1, False)):
        b = battle(real).monster(1, "Ancient Gear Megaton Golem", summon_materials=used, summoned_as="fusion",
                                 attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), (used, attacked)


# --------------------------------------------------------------------------------------------------
# MUS-3: "If this card was <K> Summoned using <X> as material, it can make a second attack during each Battle Phase"

def test_mus_3_the_wordings_are_read(real):
    for name in ("Amazoness Augusta", "Gilti-Gearfried the Magical Steel Knight", "Battlewasp - Hama the Conquering Bow",
                 "Odd-Eyes Rebellion Dragon Overlord"):
        assert attack_rules(real[name]).used_extra is not None, name
        assert not unread_clauses(real[name]), name
    # a material's ATK (the position does not record ATK changes): unread
    assert unread_clauses(real["Zerrziel, Ruler of the Evil Eyed"])


def test_mus_3_amazoness_augusta_with_amazoness_queen_attacks_twice(real):
    for used, summoned_as, can in ((["Amazoness Queen", "Amazoness Swords Woman"], "fusion", True),
                                   (["Amazoness Chain Master", "Amazoness Swords Woman"], "fusion", False),
                                   (["Amazoness Queen", "Amazoness Swords Woman"], None, False)):
        b = battle(real).monster(1, "Amazoness Augusta", summon_materials=used, summoned_as=summoned_as, attacked=1)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), (used, summoned_as)


def test_mus_3_gilti_gearfried_with_only_monsters_on_the_field(real):
    for used, can in ((["Gearfried the Iron Knight", "Celtic Guardian"], True),
                      (["Gearfried the Iron Knight", {"card": "Celtic Guardian", "from": "hand"}], False)):
        b = battle(real).monster(1, "Gilti-Gearfried the Magical Steel Knight", summon_materials=used,
                                 summoned_as="fusion", attacked=1)
        assert attacks(b.build()) == ({("M1", "direct")} if can else set()), used


def test_mus_3_hama_with_a_synchro_material_and_odd_eyes_rebellion_with_a_rank_7(real):
    for used, can in ((["Battlewasp - Pin the Bullseye", "Stardust Dragon"], True),
                      (["Battlewasp - Pin the Bullseye", "Sangan"], False)):
        b = battle(real).monster(1, "Battlewasp - Hama the Conquering Bow", summon_materials=used,
                                 summoned_as="synchro", attacked=1)
        assert attacks(b.build()) == ({("M1", "direct")} if can else set()), used
    for used, attacked, can in ((["Dark Rebellion Xyz Dragon"], 2, False), (["Odd-Eyes Rebellion Dragon"], 2, True),
                                (["Odd-Eyes Rebellion Dragon"], 3, False)):
        b = battle(real).monster(1, "Odd-Eyes Rebellion Dragon Overlord", summon_materials=used, summoned_as="xyz",
                                 attacked=attacked)
        assert attacks(b.build()) == ({("M1", "direct")} if can else set()), (used, attacked)


# --------------------------------------------------------------------------------------------------
# MUS-4: "A Synchro Monster that used this card as material is treated as a Tuner while face-up on the field."

def test_mus_4_martial_metal_marcher_makes_its_synchro_monster_a_tuner(real):
    from pysolver.cards.written import tuner_for_user
    assert tuner_for_user(real["Martial Metal Marcher"]) and coverage.supported(real["Martial Metal Marcher"]) is None
    # Martial Metal Marcher (a Level 3 Synchro Tuner) + Sangan (3): Combat Wheel (6), treated as a Tuner; then Combat
    # Wheel as the Tuner + Kuriboh (1): Black Rose Dragon (7, "1 Tuner + 1+ non-Tuner monsters")
    position = board(cards=real).monster(1, "Martial Metal Marcher").monster(2, "Sangan").monster(3, "Kuriboh") \
        .extra_deck("Combat Wheel").extra_deck("Black Rose Dragon").build()
    plays = [p for p in legal_plays(position) if p.action == "synchro_summon" and p.name == "Combat Wheel"
             and len(p.materials) == 2 and "M3" not in p.materials]
    after = applied(position, plays[0], zone=plays[0].zones[0], battle_position="attack")
    assert _mine(after, "Combat Wheel").treated_as_tuner
    assert any(p.name == "Black Rose Dragon" for p in legal_plays(after) if p.action == "synchro_summon")
    # a Synchro Summon using Sangan and Glow-Up Bulb instead: no Tuner left for Black Rose Dragon
    plain = board(cards=real).monster(1, "Glow-Up Bulb").monster(2, "Sangan").monster(3, "Kuriboh") \
        .extra_deck("Armory Arm").extra_deck("Black Rose Dragon").build()
    plays = [p for p in legal_plays(plain) if p.action == "synchro_summon" and p.name == "Armory Arm"
             and "M3" not in p.materials]
    after = applied(plain, plays[0], zone=plays[0].zones[0], battle_position="attack")
    assert not _mine(after, "Armory Arm").treated_as_tuner


# --------------------------------------------------------------------------------------------------
# MUS-5: "You can use this effect a number of times per turn up to ..." of an effect pysolver lists no play for

def test_mus_5_use_counts_of_effects_pysolver_does_not_list_are_read(real):
    from pysolver.cards.effects import activated_effects
    for name in ("Red-Eyes Dark Dragoon", "T.G. Glaive Blaster", "Windwitch - Diamond Bell"):
        assert not activated_effects(real[name]), name
        assert not unread_clauses(real[name]), name


# --------------------------------------------------------------------------------------------------
# MUS-6: "If this card was Synchro Summoned using a "Mannadium" Tuner as material, your opponent cannot target it with
# card effects."

def test_mus_6_mannadium_prime_heart_is_protected_when_summoned_using_a_mannadium_tuner(real):
    from test_rules_ed_locks import cipher, targets
    assert not unread_clauses(real["Mannadium Prime-Heart"])
    # Galaxy-Eyes Cipher Dragon's effect targets a face-up monster the opponent controls (an activation pysolver lists)
    for used, summoned_as, protected in ((["Mannadium Meek", "Celtic Guardian"], "synchro", True),
                                         (["Glow-Up Bulb", "Celtic Guardian"], "synchro", False),
                                         (["Mannadium Meek", "Celtic Guardian"], None, False),
                                         ([], "synchro", False)):
        b = cipher(real)
        b.opponent.monster(1, "Mannadium Prime-Heart", summon_materials=used, summoned_as=summoned_as)
        assert targets(b.build()) == (set() if protected else {"oM1"}), (used, summoned_as)


def test_mus_1_and_2_alba_lenatus_contact_fusion_records_its_materials_and_attacks_monsters_for_each(real):
    # "Must be either Fusion Summoned, or Special Summoned by sending the above cards from any Monster Zones to the
    # GY": its Contact Fusion's cards are the materials used for it (the engine's SetMaterial)
    position = board(cards=real, turn=2).monster(1, "Fallen of Albaz").monster(2, "Blue-Eyes White Dragon") \
        .monster(3, "Curse of Dragon").extra_deck("Alba-Lenatus the Abyss Dragon").build()
    plays = [p for p in legal_plays(position) if p.action == "procedure_summon" and len(p.cost) == 3]
    assert plays
    after = applied(position, plays[0], zone=plays[0].zones[0], battle_position="attack")
    alba = _mine(after, "Alba-Lenatus the Abyss Dragon")
    assert alba.summoned_as is None and sorted(card.name for card, _ in alba.summon_materials) == \
        ["Blue-Eyes White Dragon", "Curse of Dragon", "Fallen of Albaz"]
    used = ["Fallen of Albaz", "Blue-Eyes White Dragon", "Curse of Dragon"]
    for attacked, can in ((2, True), (3, False)):
        b = battle(real).monster(1, "Alba-Lenatus the Abyss Dragon", summon_materials=used, attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), attacked
