"""Tests of the reference enumerator `pysolver.reference`: hand-checked positions (rule ids in the names)
and properties on generated positions (`tests/strategies.py`)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from itertools import product

from hypothesis import HealthCheck, Phase, find, given, settings

from pysolver.position.builder import PositionBuilder
from pysolver.cards.card import Card, CardDB, default_cards
from pysolver.position.play import Play, sort_plays
from pysolver.position.value import Position, copy_class, id_sort_key
from pysolver.cards.extra_deck_text import alternative_xyz, pendulum_as_level
from pysolver.cards.cardtext import ritual_spell
from pysolver.cards.written import link_extra_material, synchro_levels
from pysolver.reference.plays import legal_plays
from pysolver import position_from_dict
from strategies import (extra_deck_position_dicts, extra_deck_positions, pendulum_ritual_fusion_position_dicts,
                              pendulum_ritual_fusion_positions, position_dicts, positions)


def position(hand=(), mine=None, theirs=None, *, my_emz=None, their_emz=None, phase="main1", turn=3,
             rules="master-rule-5", normal_summon_used=False, spells=None, extra_deck=(), turn_player=0,
             cards=None) -> Position:
    """A position in the file format: `mine`/`theirs` map MMZ numbers to monster entries; `my_emz` /
    `their_emz` map "left"/"right" to one."""
    me = {"hand": list(hand), "monster_zones": mine or {}, "extra_deck": list(extra_deck),
          "spell_trap_zones": spells or {}}
    if my_emz:
        me["extra_monster_zones"] = my_emz
    opponent = {"monster_zones": theirs or {}}
    if their_emz:
        opponent["extra_monster_zones"] = their_emz
    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return position_from_dict({"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
                               "turn_player": turn_player, "this_turn": {"normal_summon_used": normal_summon_used},
                               "players": players}, cards=cards)


def keys(plays) -> set[tuple]:
    """Plays as comparable tuples: action, card, tributes, target, to, zones, positions, copies."""
    return {(p.action, p.card, p.tributes, p.target, p.to, p.zones, p.positions, p.copies) for p in plays}


def of(plays, action, card=None) -> list[Play]:
    return [p for p in plays if p.action == action and (card is None or p.card == card)]


def tribute_sets(plays, action, card) -> set[tuple]:
    return {p.tributes for p in of(plays, action, card)}


MMZ = ("M1", "M2", "M3", "M4", "M5")


# --------------------------------------------------------------------------------------------------
# The spec example (docs/plays-json.md)

def test_spec_example_gives_the_nine_plays():
    pos = position(["Dark Magician", "Kuriboh"], {1: "Junk Synchron", 3: "Celtic Guardian"},
                   extra_deck=["Black Rose Dragon"])
    plays = legal_plays(pos)
    assert keys(plays) == {
        ("normal_summon", "H2", (), None, None, ("M2", "M4", "M5"), ("attack",), 1),
        ("set_monster", "H2", (), None, None, ("M2", "M4", "M5"), ("set",), 1),
        ("normal_summon", "H1", ("M1", "M3"), None, None, MMZ, ("attack",), 1),
        ("set_monster", "H1", ("M1", "M3"), None, None, MMZ, ("set",), 1),
        ("synchro_summon", "ED1", None, None, None, ("EMZL", "EMZR") + MMZ, ("attack", "defense"), 1),
        ("change_position", "M1", None, None, "defense", None, None, 1),
        ("change_position", "M3", None, None, "defense", None, None, 1),
        ("enter_battle_phase", None, None, None, None, None, None, 1),
        ("end_turn", None, None, None, None, None, None, 1),
    }
    assert plays == sort_plays(plays)
    assert [p.name for p in of(plays, "normal_summon")] == ["Kuriboh", "Dark Magician"]
    assert [(p.name, p.materials) for p in of(plays, "synchro_summon")] == [("Black Rose Dragon", ("M1", "M3"))]
    assert len(plays) == 9
    assert legal_plays(pos, all_instances=True) == plays


# --------------------------------------------------------------------------------------------------
# Normal Summon / Set / Tribute Summon (NS)

def test_ns_1_no_normal_summon_or_set_once_used_or_outside_main_phase():
    assert not of(legal_plays(position(["Kuriboh"], normal_summon_used=True)), "normal_summon")
    assert not of(legal_plays(position(["Kuriboh"], normal_summon_used=True)), "set_monster")
    battle = legal_plays(position(["Kuriboh"], phase="battle"))
    assert not of(battle, "normal_summon") and not of(battle, "set_monster")
    assert of(legal_plays(position(["Kuriboh"], phase="main2")), "normal_summon")


def test_ns_3_level_5_6_one_tribute_level_7_two():
    pos = position(["Summoned Skull", "Dark Magician"], {1: "Kuriboh", 2: "Celtic Guardian", 4: "Mystical Elf"})
    plays = legal_plays(pos)
    assert tribute_sets(plays, "normal_summon", "H1") == {("M1",), ("M2",), ("M4",)}
    assert tribute_sets(plays, "normal_summon", "H2") == {("M1", "M2"), ("M1", "M4"), ("M2", "M4")}
    assert tribute_sets(plays, "set_monster", "H2") == tribute_sets(plays, "normal_summon", "H2")
    skull = of(plays, "normal_summon", "H1")
    assert {p.tributes: p.zones for p in skull}[("M2",)] == ("M2", "M3", "M5")


def test_ns_3_not_enough_tributes_no_play():
    plays = legal_plays(position(["Dark Magician", "Summoned Skull"], {3: "Kuriboh"}))
    assert not of(plays, "normal_summon", "H1") and not of(plays, "set_monster", "H1")
    assert tribute_sets(plays, "normal_summon", "H2") == {("M3",)}


def test_ns_4_tributes_any_position_tokens_and_emz_monsters():
    pos = position(["Summoned Skull"], {1: {"card": "Celtic Guardian", "position": "set"},
                                        2: {"card": "Sheep Token", "position": "defense"}},
                   my_emz={"right": "Decode Talker"})
    plays = legal_plays(pos)
    assert {p.tributes: p.zones for p in of(plays, "normal_summon")} == {
        ("EMZR",): ("M3", "M4", "M5"), ("M1",): ("M1", "M3", "M4", "M5"), ("M2",): ("M2", "M3", "M4", "M5")}


def test_ns_4_full_main_monster_zones_an_emz_tribute_frees_nothing():
    row = {1: "Kuriboh", 2: "Celtic Guardian", 3: "Mystical Elf", 4: "Junk Synchron", 5: "Sheep Token"}
    pos = position(["Summoned Skull", "Dark Magician", "Mystical Elf"], row, my_emz={"left": "Decode Talker"})
    plays = legal_plays(pos)
    skull = of(plays, "normal_summon", "H1")
    assert {p.tributes for p in skull} == {(m,) for m in MMZ}          # never ("EMZL",) alone
    assert all(p.zones == p.tributes for p in skull)
    assert tribute_sets(plays, "set_monster", "H1") == {(m,) for m in MMZ}
    magician = tribute_sets(plays, "normal_summon", "H2")
    assert ("EMZL", "M3") in magician and len(magician) == 15         # every pair holds an MMZ monster
    assert {p.zones for p in of(plays, "normal_summon", "H2") if p.tributes == ("EMZL", "M3")} == {("M3",)}
    # NS-3 + NS-4: a Level 4 or lower monster cannot be Normal Summoned or Set with all 5 MMZs full
    assert not of(plays, "normal_summon", "H3") and not of(plays, "set_monster", "H3")


def test_ns_4_overlay_units_are_not_tributes():
    pos = position(["Summoned Skull"], {2: {"card": "Number 39: Utopia", "materials": ["Kuriboh", "Kuriboh"]}})
    assert tribute_sets(legal_plays(pos, all_instances=True), "normal_summon", "H1") == {("M2",)}


def test_ns_5_set_uses_the_same_tributes_face_down():
    plays = legal_plays(position(["Summoned Skull"], {1: "Kuriboh"}))
    (summon,) = of(plays, "normal_summon")
    (monster_set,) = of(plays, "set_monster")
    assert summon.positions == ("attack",) and monster_set.positions == ("set",)
    assert summon.tributes == monster_set.tributes == ("M1",) and summon.zones == monster_set.zones


def test_ns_6_obelisk_needs_exactly_three_tributes_and_cannot_be_set():
    two = position(["Obelisk the Tormentor"], {1: "Kuriboh", 2: "Celtic Guardian"})
    assert not of(legal_plays(two), "normal_summon") and not of(legal_plays(two), "set_monster")
    four = position(["Obelisk the Tormentor"], {1: "Kuriboh", 2: "Celtic Guardian", 3: "Mystical Elf",
                                                5: "Junk Synchron"})
    plays = legal_plays(four)
    assert tribute_sets(plays, "normal_summon", "H1") == {
        ("M1", "M2", "M3"), ("M1", "M2", "M5"), ("M1", "M3", "M5"), ("M2", "M3", "M5")}
    assert not of(plays, "set_monster")


def test_ns_6_gilford_with_two_or_three():
    # Level 8: the ordinary 2 Tributes (NS-3), plus the optional 3 Tributes (Summon only, "but not Set").
    pos = position(["Gilford the Lightning"], {1: "Kuriboh", 2: "Celtic Guardian", 3: "Mystical Elf"})
    plays = legal_plays(pos)
    assert tribute_sets(plays, "normal_summon", "H1") == {
        ("M1", "M2"), ("M1", "M3"), ("M2", "M3"), ("M1", "M2", "M3")}
    assert tribute_sets(plays, "set_monster", "H1") == {("M1", "M2"), ("M1", "M3"), ("M2", "M3")}


def test_ns_6_barbaros_is_withheld_its_original_atk_after_no_tributes_is_unknown():
    # "You can Normal Summon/Set this card without Tributing, but its original ATK becomes 1900": its ATK on the
    # field is not its card's, and a position does not record how it was summoned: the plays that use it are
    # withheld, and said (docs/plays-json.md).
    from pysolver import legal_plays as solver_plays
    pos = position(["Beast King Barbaros"], {1: "Kuriboh", 2: "Celtic Guardian", 3: "Mystical Elf"})
    plays = solver_plays(pos)
    assert not of(legal_plays(pos), "normal_summon") and not of(plays, "normal_summon") and not plays.exhaustive
    assert [entry.card for entry in plays.unread] == ["Beast King Barbaros"]


def test_ns_6_rules_giving_the_same_tributes_are_one_play():
    # Gilford (LIGHT, Level 8): Kaiser Sea Horse + 1 monster meets both the 2- and the 3-Tribute rule.
    pos = position(["Gilford the Lightning"], {1: "Kaiser Sea Horse", 2: "Celtic Guardian"})
    plays = legal_plays(pos, all_instances=True)
    assert sorted(p.tributes for p in of(plays, "normal_summon")) == [("M1",), ("M1", "M2")]
    assert sorted(p.tributes for p in of(plays, "set_monster")) == [("M1",), ("M1", "M2")]


def test_ns_6_kaiser_sea_horse_counts_as_two_for_light_only():
    pos = position(["Blue-Eyes White Dragon", "Dark Magician", "Elemental HERO Neos"], {1: "Kaiser Sea Horse"})
    plays = legal_plays(pos)
    assert tribute_sets(plays, "normal_summon", "H1") == {("M1",)}
    assert tribute_sets(plays, "set_monster", "H1") == {("M1",)}
    assert tribute_sets(plays, "normal_summon", "H3") == {("M1",)}
    assert not of(plays, "normal_summon", "H2") and not of(plays, "set_monster", "H2")


def test_ns_6_kaiser_sea_horse_with_another_monster():
    pos = position(["Blue-Eyes White Dragon", "Dark Magician"], {1: "Kaiser Sea Horse", 2: "Kuriboh"})
    plays = legal_plays(pos)
    # over-Tributing is allowed (at most 2 monsters, values add up to at least 2); Kuriboh alone is not enough
    assert tribute_sets(plays, "normal_summon", "H1") == {("M1",), ("M1", "M2")}
    assert tribute_sets(plays, "normal_summon", "H2") == {("M1", "M2")}


def test_ns_6_face_down_kaiser_sea_horse_still_counts_as_two():
    # Decision: the double-Tribute text is a rule of the card, applied face-down too (POS-3: face-down
    # monsters can be Tributes; the engine's EFFECT_DOUBLE_TRIBUTE is not a single-range effect).
    pos = position(["Blue-Eyes White Dragon"], {1: {"card": "Kaiser Sea Horse", "position": "set"}})
    assert tribute_sets(legal_plays(pos), "normal_summon", "H1") == {("M1",)}


def test_ns_6_swift_gaia_without_tributes_only_as_the_only_card_in_hand():
    alone = legal_plays(position(["Swift Gaia the Fierce Knight"], {1: "Kuriboh"}))
    assert tribute_sets(alone, "normal_summon", "H1") == {()}
    assert not of(alone, "set_monster")                     # "Normal Summon" only: no 0-Tribute Set
    with_another = legal_plays(position(["Swift Gaia the Fierce Knight", "Kuriboh"], {1: "Kuriboh"}))
    assert not of(with_another, "normal_summon", "H1") and not of(with_another, "set_monster", "H1")


def test_ns_4_tokens_whose_text_forbids_tributing_them():
    mine = {1: "Ojama Token", 2: "Doomsday Token", 3: {"card": "Fluff Token", "summoned_this_turn": True},
            4: "Fluff Token"}
    pos = position(["Summoned Skull", "Cyber Dragon"], mine)           # DARK and LIGHT, 1 Tribute each
    plays = legal_plays(pos)
    assert tribute_sets(plays, "normal_summon", "H1") == {("M2",), ("M4",)}
    assert tribute_sets(plays, "set_monster", "H1") == {("M2",), ("M4",)}
    assert tribute_sets(plays, "normal_summon", "H2") == {("M4",)}


def test_ns_7_never_normal_summoned():
    hand = ["Black Luster Soldier", "Chaos Emperor Dragon - Envoy of the End", "Cyber Dragon", "Pot of Greed"]
    plays = legal_plays(position(hand, {1: "Kuriboh", 2: "Celtic Guardian"}))
    assert {p.card for p in plays if p.action in ("normal_summon", "set_monster")} == {"H3"}


# --------------------------------------------------------------------------------------------------
# Identical copies

def test_three_kuriboh_in_hand_are_one_play_with_three_copies():
    pos = position(["Kuriboh", "Kuriboh", "Kuriboh"])
    plays = legal_plays(pos)
    (summon,) = of(plays, "normal_summon")
    assert (summon.card, summon.copies, summon.zones) == ("H1", 3, MMZ)
    (monster_set,) = of(plays, "set_monster")
    assert (monster_set.card, monster_set.copies) == ("H1", 3)
    every = legal_plays(pos, all_instances=True)
    assert [p.card for p in of(every, "normal_summon")] == ["H1", "H2", "H3"]
    assert all(p.copies == 1 for p in every)


def test_identical_tributes_group_by_copy_class():
    pos = position(["Dark Magician"], {2: "Sheep Token", 4: "Sheep Token", 5: "Celtic Guardian"})
    plays = legal_plays(pos)
    assert {(p.tributes, p.copies, p.zones) for p in of(plays, "normal_summon")} == {
        (("M2", "M4"), 1, ("M1", "M2", "M3", "M4")), (("M2", "M5"), 2, ("M1", "M2", "M3", "M5"))}
    assert len(of(legal_plays(pos, all_instances=True), "normal_summon")) == 3


def test_copies_differ_by_state():
    # a face-down and a face-up Kuriboh are not copies; two face-up ones are
    pos = position(["Summoned Skull"], {1: "Kuriboh", 2: {"card": "Kuriboh", "position": "set"}, 3: "Kuriboh"})
    assert {(p.tributes, p.copies) for p in of(legal_plays(pos), "normal_summon")} == {(("M1",), 2), (("M2",), 1)}


def test_attacks_group_attackers_and_targets():
    pos = position([], {1: "Celtic Guardian", 2: "Celtic Guardian"}, {1: "Kuriboh", 3: "Kuriboh"}, phase="battle")
    (attack,) = of(legal_plays(pos), "declare_attack")
    assert (attack.card, attack.target, attack.copies) == ("M1", "oM1", 4)
    assert len(of(legal_plays(pos, all_instances=True), "declare_attack")) == 4


# --------------------------------------------------------------------------------------------------
# Flip Summon and battle positions (FS, POS)

def test_fs_1_fs_2_flip_summon():
    mine = {1: {"card": "Man-Eater Bug", "position": "set"},
            2: {"card": "Man-Eater Bug", "position": "set", "set_this_turn": True, "summoned_this_turn": True},
            3: {"card": "Penguin Soldier", "position": "set", "position_changed": True},
            4: {"card": "Morphing Jar", "position": "set", "summoned_this_turn": True},
            5: {"card": "Magician of Faith", "position": "set", "attacked": True}}
    plays = legal_plays(position([], mine, normal_summon_used=True))
    assert [(p.card, p.name) for p in of(plays, "flip_summon")] == [("M1", "Man-Eater Bug")]
    assert not of(plays, "change_position")                   # FS-2: never face-down -> face-up Defense
    assert not of(legal_plays(position([], mine, phase="battle")), "flip_summon")


def test_pos_1_pos_2_change_position():
    mine = {1: "Celtic Guardian", 2: {"card": "Mystical Elf", "position": "defense"},
            3: {"card": "Kuriboh", "summoned_this_turn": True},
            4: {"card": "Vorse Raider", "position_changed": True},
            5: {"card": "Koumori Dragon", "attacked": True}}
    plays = legal_plays(position([], mine, my_emz={"left": "Decode Talker"}, phase="main2"))
    assert {(p.card, p.to) for p in of(plays, "change_position")} == {("M1", "defense"), ("M2", "attack")}
    assert not of(legal_plays(position([], mine, phase="battle")), "change_position")


# --------------------------------------------------------------------------------------------------
# Battle (BP) and phase moves

def test_bp_1_no_battle_phase_on_turn_one():
    assert [p.action for p in legal_plays(position([], turn=1))] == ["end_turn"]
    assert [p.action for p in legal_plays(position([], turn=1, phase="main2"))] == ["end_turn"]
    assert [p.action for p in legal_plays(position([], turn=2))] == ["enter_battle_phase", "end_turn"]


def test_bp_2_attack_targets_and_direct_attacks():
    mine = {1: "Celtic Guardian", 2: {"card": "Mystical Elf", "position": "defense"},
            3: {"card": "Kuriboh", "attacked": True}, 4: {"card": "Vorse Raider", "position": "set"},
            5: {"card": "Koumori Dragon", "summoned_this_turn": True}}
    theirs = {2: {"card": "Kuriboh", "position": "set"}}
    plays = legal_plays(position([], mine, theirs, my_emz={"left": "Decode Talker"},
                                 their_emz={"right": "Stardust Dragon"}, phase="battle"))
    assert {(p.card, p.target) for p in of(plays, "declare_attack")} == {
        (card, target) for card in ("EMZL", "M1", "M5") for target in ("oEMZR", "oM2")}
    assert [p.action for p in plays if p.action != "declare_attack"] == ["enter_main2", "end_turn"]
    direct = legal_plays(position([], {1: "Celtic Guardian"}, phase="battle"))
    assert {(p.card, p.target) for p in of(direct, "declare_attack")} == {("M1", "direct")}
    assert not of(legal_plays(position([], {1: "Celtic Guardian"}, phase="main1")), "declare_attack")


def test_turn_player_one_sees_own_ids_without_prefix():
    pos = position(["Kuriboh"], {1: "Celtic Guardian"}, {2: "Kuriboh"}, phase="battle", turn_player=1)
    assert {(p.card, p.target) for p in of(legal_plays(pos), "declare_attack")} == {("M1", "oM2")}
    assert [p.action for p in legal_plays(position(["Kuriboh"], turn_player=1))][:2] == [
        "normal_summon", "set_monster"]


# --------------------------------------------------------------------------------------------------
# Setting Spells and Traps

def test_set_spell_trap_to_free_zones():
    pos = position(["Pot of Greed", "Mirror Force", "Kuriboh", "Mirror Force"],
                   spells={2: "Raigeki", 4: {"card": "Trap Hole", "position": "set"}})
    plays = legal_plays(pos)
    assert {(p.card, p.zones, p.copies) for p in of(plays, "set_spell_trap")} == {
        ("H1", ("S1", "S3", "S5"), 1), ("H2", ("S1", "S3", "S5"), 2)}
    full = position(["Pot of Greed"], spells={n: "Raigeki" for n in range(1, 6)})
    assert not of(legal_plays(full), "set_spell_trap")
    assert not of(legal_plays(position(["Pot of Greed"], phase="battle")), "set_spell_trap")


def test_set_field_spell_always_to_the_field_zone():
    field_spell = Card(passcode=18161786, name="Mystic Plasma Zone", kinds=frozenset({"spell", "field"}))
    cards = CardDB([*default_cards(), field_spell])
    pos = position(["Mystic Plasma Zone"], spells={n: "Raigeki" for n in range(1, 6)}, cards=cards)
    assert {(p.card, p.zones) for p in of(legal_plays(pos), "set_spell_trap")} == {("H1", ("FZ",))}


# --------------------------------------------------------------------------------------------------
# Extra Deck summons: Synchro (SYN), Xyz (XYZ), Link (LNK) and their zones (ZN)

ALL_ZONES = ("EMZL", "EMZR") + MMZ


def material_sets(plays, action, card=None) -> set[tuple]:
    return {p.materials for p in of(plays, action, card)}


def test_xyz_1_three_level_4_monsters_give_one_play_per_pair():
    pos = position(mine={1: "Celtic Guardian", 2: "Mystical Elf", 4: "Archfiend Soldier"},
                   extra_deck=["Number 39: Utopia"])
    every = legal_plays(pos, all_instances=True)
    assert {(p.card, p.materials, p.zones, p.positions) for p in of(every, "xyz_summon")} == {
        ("ED1", ("M1", "M2"), ("EMZL", "EMZR", "M1", "M2", "M3", "M5"), ("attack", "defense")),
        ("ED1", ("M1", "M4"), ("EMZL", "EMZR", "M1", "M3", "M4", "M5"), ("attack", "defense")),
        ("ED1", ("M2", "M4"), ("EMZL", "EMZR", "M2", "M3", "M4", "M5"), ("attack", "defense"))}
    assert [p.name for p in of(every, "xyz_summon")] == ["Number 39: Utopia"] * 3
    # Three identical copies: one play standing for the three pairs.
    same = position(mine={1: "Celtic Guardian", 2: "Celtic Guardian", 4: "Celtic Guardian"},
                    extra_deck=["Number 39: Utopia"])
    grouped = of(legal_plays(same), "xyz_summon")
    assert [(p.materials, p.copies) for p in grouped] == [(("M1", "M2"), 3)]
    assert len(of(legal_plays(same, all_instances=True), "xyz_summon")) == 3


def test_xyz_1_materials_must_carry_the_level_and_the_count():
    pos = position(mine={1: "Celtic Guardian", 2: "Sangan", 3: "Dark Magician"},
                   extra_deck=["Number 39: Utopia", "Tin Archduke"])
    assert of(legal_plays(pos), "xyz_summon") == []
    three = position(mine={1: "Celtic Guardian", 2: "Mystical Elf", 3: "Archfiend Soldier"},
                     extra_deck=["Tin Archduke"])
    assert material_sets(legal_plays(three), "xyz_summon") == {("M1", "M2", "M3")}
    # "2 or more (max. 5) Level 4 Warrior monsters": every subset of 2 or 3 of the Warriors. (Rhongomyniad's bullet
    # "4+: Your opponent cannot Normal or Special Summon monsters." is read since CNB-1, so legal_plays lists them too.)
    from pysolver.reference.plays import xyz_summons
    warriors = position(mine={1: "Celtic Guardian", 2: "Goblindbergh", 3: "Goblin Attack Force",
                              4: "Mystical Elf"}, extra_deck=["Number 86: Heroic Champion - Rhongomyniad"])
    assert material_sets(list(xyz_summons(warriors)), "xyz_summon") == {
        ("M1", "M2"), ("M1", "M3"), ("M2", "M3"), ("M1", "M2", "M3")}
    assert material_sets(legal_plays(warriors), "xyz_summon") == {
        ("M1", "M2"), ("M1", "M3"), ("M2", "M3"), ("M1", "M2", "M3")}


def test_xyz_2_never_tokens_xyz_or_link_monsters_or_face_down_or_overlay_units():
    tokens = position(mine={1: "Double Dude Token", 2: "Double Dude Token"}, extra_deck=["Number 39: Utopia"])
    assert of(legal_plays(tokens), "xyz_summon") == []
    mixed = position(mine={1: "Double Dude Token", 2: "Celtic Guardian", 3: {"card": "Mystical Elf", "position": "set"},
                           4: {"card": "Number 39: Utopia", "materials": ["Celtic Guardian", "Mystical Elf"]}},
                     extra_deck=["Number 39: Utopia"])
    assert of(legal_plays(mixed, all_instances=True), "xyz_summon") == []
    defense = position(mine={1: {"card": "Celtic Guardian", "position": "defense"}, 2: "Mystical Elf"},
                       extra_deck=["Number 39: Utopia"])
    assert material_sets(legal_plays(defense), "xyz_summon") == {("M1", "M2")}


def test_xyz_1_filters_attribute_and_type():
    pos = position(mine={1: "Cyber Dragon", 2: "Cyber Dragon", 3: "The Tricky"},
                   extra_deck=["Cyber Dragon Nova", "Constellar Pleiades", "Tiras, Keeper of Genesis"])
    plays = legal_plays(pos, all_instances=True)
    assert material_sets(plays, "xyz_summon", "ED1") == {("M1", "M2")}                  # Machine only
    assert material_sets(plays, "xyz_summon", "ED2") == {("M1", "M2")}                  # LIGHT only
    assert material_sets(plays, "xyz_summon", "ED3") == {("M1", "M2"), ("M1", "M3"), ("M2", "M3")}


def test_syn_1_syn_2_levels_sum_exactly():
    pos = position(mine={1: "Junk Synchron", 3: "Celtic Guardian"},
                   extra_deck=["Stardust Dragon", "Black Rose Dragon", "Hi-Speedroid Chanbara"])
    plays = legal_plays(pos)
    assert of(plays, "synchro_summon", "ED1") == [] and of(plays, "synchro_summon", "ED3") == []   # 8, 5 != 7
    assert material_sets(plays, "synchro_summon", "ED2") == {("M1", "M3")}
    assert of(plays, "synchro_summon", "ED2")[0].positions == ("attack", "defense")


def test_syn_1_needs_a_tuner_and_a_non_tuner():
    no_tuner = position(mine={1: "Sangan", 2: "Celtic Guardian"}, extra_deck=["Black Rose Dragon"])
    assert of(legal_plays(no_tuner), "synchro_summon") == []
    two_tuners = position(mine={1: "Junk Synchron", 2: "Debris Dragon"}, extra_deck=["Black Rose Dragon"])
    assert of(legal_plays(two_tuners), "synchro_summon") == []          # 3 + 4 = 7 but no non-Tuner


def test_syn_2_two_materials_of_equal_level_both_count():
    """The set-semantics trap: 1 + 4 + 4 is 9, not 5."""
    pos = position(mine={1: "Jet Synchron", 2: "Celtic Guardian", 3: "Celtic Guardian"},
                   extra_deck=["Trishula, Dragon of the Ice Barrier", "Hi-Speedroid Chanbara"])
    every = legal_plays(pos, all_instances=True)
    assert material_sets(every, "synchro_summon", "ED1") == {("M1", "M2", "M3")}
    assert material_sets(every, "synchro_summon", "ED2") == {("M1", "M2"), ("M1", "M3")}
    grouped = legal_plays(pos)
    assert [(p.card, p.materials, p.copies) for p in of(grouped, "synchro_summon")] == [
        ("ED2", ("M1", "M2"), 2), ("ED1", ("M1", "M2", "M3"), 1)]


def test_syn_1_junk_warrior_needs_junk_synchron():
    junk = position(mine={1: "Junk Synchron", 2: "Speed Warrior"}, extra_deck=["Junk Warrior", "Magical Android"])
    plays = legal_plays(junk)
    assert material_sets(plays, "synchro_summon", "ED1") == {("M1", "M2")}
    other = position(mine={1: "Ash Blossom & Joyous Spring", 2: "Speed Warrior"},
                     extra_deck=["Junk Warrior", "Magical Android"])
    plays = legal_plays(other)
    assert of(plays, "synchro_summon", "ED1") == []
    assert material_sets(plays, "synchro_summon", "ED2") == {("M1", "M2")}    # a generic Level 5 is fine


def test_syn_1_trishula_needs_two_or_more_non_tuners():
    one = position(mine={1: "Jet Synchron", 2: "Blue-Eyes White Dragon"},
                   extra_deck=["Trishula, Dragon of the Ice Barrier", "Ravenous Crocodragon Archethys"])
    plays = legal_plays(one)
    assert of(plays, "synchro_summon", "ED1") == []
    assert material_sets(plays, "synchro_summon", "ED2") == {("M1", "M2")}
    two = position(mine={1: "Jet Synchron", 2: "Celtic Guardian", 3: "Mystical Elf"},
                   extra_deck=["Trishula, Dragon of the Ice Barrier"])
    assert material_sets(legal_plays(two), "synchro_summon") == {("M1", "M2", "M3")}


def test_syn_3_tokens_yes_xyz_link_face_down_no():
    pos = position(mine={1: "Jet Synchron", 2: "Double Dude Token", 3: {"card": "Celtic Guardian", "position": "set"},
                         4: "Number 39: Utopia"},
                   my_emz={"left": "Proxy Dragon"}, extra_deck=["Hi-Speedroid Chanbara", "Black Rose Dragon"])
    plays = legal_plays(pos, all_instances=True)
    assert material_sets(plays, "synchro_summon") == {("M1", "M2")}          # 1 + 4 (Token); Chanbara
    assert of(plays, "synchro_summon")[0].card == "ED1"


def test_syn_1_tuner_synchro_and_named_non_tuner():
    pos = position(mine={1: "Formula Synchron", 2: "Stardust Dragon", 3: "Celtic Guardian"},
                   extra_deck=["Shooting Star Dragon"])
    assert material_sets(legal_plays(pos), "synchro_summon") == {("M1", "M2")}    # 2 + 8 = 10


def test_ed_summons_only_in_the_main_phases_and_only_from_the_extra_deck_face_down():
    mine = {1: "Junk Synchron", 3: "Celtic Guardian", 4: "Mystical Elf"}
    ed = ["Black Rose Dragon", "Number 39: Utopia", "Proxy Dragon"]
    battle = position(mine=mine, extra_deck=ed, phase="battle")
    assert not {p.action for p in legal_plays(battle)} & {"synchro_summon", "xyz_summon", "link_summon"}
    main2 = position(mine=mine, extra_deck=ed, phase="main2")
    assert {p.action for p in legal_plays(main2)} >= {"synchro_summon", "xyz_summon", "link_summon"}


def test_lnk_1_decode_talker_link_material_counts_one_or_its_rating():
    pos = position(mine={1: "Mystic Tomato", 2: "Sangan", 3: "Proxy Dragon"}, extra_deck=["Decode Talker"])
    plays = legal_plays(pos, all_instances=True)
    # 1+1+1 (or 2+1+1 = 4, which does not count), 2+1, 2+1; never the two Effect Monsters alone (2).
    assert material_sets(plays, "link_summon") == {("M1", "M2", "M3"), ("M1", "M3"), ("M2", "M3")}
    assert all(p.positions == ("attack",) for p in of(plays, "link_summon"))
    link3 = position(mine={1: "Mystic Tomato", 2: "Decode Talker"}, extra_deck=["Decode Talker"])
    assert of(legal_plays(link3), "link_summon") == []                      # 3+1 = 4 or 1+1 = 2, never 3


def test_lnk_1_a_link_material_worth_its_rating_alone_is_not_one_card_for_min_two():
    pos = position(mine={1: "Decode Talker"}, extra_deck=["Decode Talker"])
    assert of(legal_plays(pos), "link_summon") == []                        # "2+": at least 2 cards


def test_lnk_1_tokens_are_link_material_unless_excluded():
    pos = position(mine={1: "Sheep Token", 2: "Sheep Token"},
                   extra_deck=["Proxy Dragon", "Apollousa, Bow of the Goddess", "Linkuriboh"])
    grouped = legal_plays(pos)
    assert [(p.card, p.materials, p.copies) for p in of(grouped, "link_summon")] == [
        ("ED3", ("M1",), 2), ("ED1", ("M1", "M2"), 1)]


def test_lnk_2_conditions_including_different_names_same_type():
    tuner = position(mine={1: "Jet Synchron", 2: "Celtic Guardian", 3: "Mystical Elf"},
                     extra_deck=["Crystron Halqifibrax"])
    assert material_sets(legal_plays(tuner), "link_summon") == {("M1", "M2"), ("M1", "M3")}
    names = position(mine={1: "Celtic Guardian", 2: "Celtic Guardian", 3: "Mystical Elf"},
                     extra_deck=["Knightmare Phoenix"])
    assert material_sets(legal_plays(names, all_instances=True), "link_summon") == {("M1", "M3"), ("M2", "M3")}
    race = position(mine={1: "Celtic Guardian", 2: "Goblindbergh", 3: "Mystical Elf", 4: "Double Dude Token"},
                    extra_deck=["Akashic Magician"])
    # Akashic Magician: "2 monsters with the same Type, except Tokens" (its "You can only Link Summon "Akashic
    # Magician(s)" once per turn" is read: CNT-3): the two Warriors, not the Token
    assert material_sets(legal_plays(race), "link_summon") == {("M1", "M2")}
    fire = position(mine={1: "Charcoal Inpachi", 2: "Celtic Guardian", 3: "Mystical Elf"},
                    extra_deck=["Hiita the Fire Charmer, Ablaze"])
    assert material_sets(legal_plays(fire), "link_summon") == {("M1", "M2"), ("M1", "M3")}
    non_link = position(mine={1: "Celtic Guardian", 2: "Proxy Dragon", 3: "Mystical Elf"},
                        extra_deck=["I:P Masquerena"])
    assert material_sets(legal_plays(non_link), "link_summon") == {("M1", "M3")}


def test_zn_3_master_rule_3_any_free_main_monster_zone_after_the_materials_leave():
    pos = position(mine={1: "Junk Synchron", 2: "Celtic Guardian", 3: "Sangan", 4: "Sangan", 5: "Sangan"},
                   extra_deck=["Black Rose Dragon"], rules="master-rule-3")
    plays = of(legal_plays(pos), "synchro_summon")
    assert [(p.materials, p.zones) for p in plays] == [(("M1", "M2"), ("M1", "M2"))]


def test_zn_4_master_rule_4_needs_an_emz_or_a_linked_zone_zn_5_master_rule_5_does_not():
    mine = {1: "Junk Synchron", 3: "Celtic Guardian"}
    held = {"left": {"card": "Stardust Dragon", "position": "set"}}   # I hold an EMZ: no other EMZ for me
    assert of(legal_plays(position(mine=mine, my_emz=held, extra_deck=["Black Rose Dragon"],
                                   rules="master-rule-4")), "synchro_summon") == []
    mr5 = of(legal_plays(position(mine=mine, my_emz=held, extra_deck=["Black Rose Dragon"])), "synchro_summon")
    assert [(p.materials, p.zones) for p in mr5] == [(("M1", "M3"), MMZ)]
    free = of(legal_plays(position(mine=mine, extra_deck=["Black Rose Dragon"], rules="master-rule-4",
                                   their_emz={"right": "Stardust Dragon"})), "synchro_summon")
    assert [p.zones for p in free] == [("EMZL",)]             # the opponent holds the other EMZ
    link = of(legal_plays(position(mine={1: "Sangan", 3: "Celtic Guardian"}, my_emz=held,
                                   extra_deck=["Proxy Dragon"])), "link_summon")
    assert link == []                                          # a Link under Master Rule 5 still needs one


def test_zn_6_an_emz_material_frees_its_emz():
    # The opponent's Decode Talker (T) in the EMZ above my M4 links my M4.
    pos = position(mine={1: "Jet Synchron"}, my_emz={"left": "Stardust Dragon"},
                   their_emz={"right": "Decode Talker"}, extra_deck=["Proxy Dragon"], rules="master-rule-4")
    plays = of(legal_plays(pos), "link_summon")
    assert [(p.materials, p.zones) for p in plays] == [(("EMZL", "M1"), ("EMZL", "M4"))]


def test_zn_6_zones_after_a_link_material_leaves_lose_its_arrows():
    # Master Rule 4, my EMZ taken by a non-Link: only zones Proxy Dragon (M3: L, R) points to.
    pos = position(mine={1: "Jet Synchron", 3: "Proxy Dragon", 5: "Celtic Guardian"},
                   my_emz={"left": {"card": "Stardust Dragon", "position": "set"}},
                   extra_deck=["Hi-Speedroid Chanbara", "Security Dragon"],
                   rules="master-rule-4")
    plays = legal_plays(pos)
    assert [(p.materials, p.zones) for p in of(plays, "synchro_summon")] == [(("M1", "M5"), ("M2", "M4"))]
    # Security Dragon from Proxy Dragon + anything: its arrows are gone, nothing else links.
    assert [(p.materials, p.zones) for p in of(plays, "link_summon")] == [(("M1", "M5"), ("M2", "M4"))]
    # An EMZ Link used as material: its arrows go, but its EMZ is free again.
    emz = position(mine={2: "Celtic Guardian", 4: "Mystical Elf"}, my_emz={"left": "Decode Talker"},
                   extra_deck=["Proxy Dragon"], their_emz={"right": "Stardust Dragon"})
    plays = of(legal_plays(emz, all_instances=True), "link_summon")
    assert {(p.materials, p.zones) for p in plays} == {
        (("M2", "M4"), ("M1", "M3")),                    # Decode Talker (EMZ above M2: BL, BR) stays
        (("EMZL", "M2"), ("EMZL",)), (("EMZL", "M4"), ("EMZL",))}


def test_zn_8_own_emz_link_arrows_for_either_turn_player():
    # Apollousa (BL, B, BR) in the EMZ above my M2 (EMZL for player 0, EMZR for player 1) or above my M4.
    for turn_player, side, expected in ((0, "left", ("M1", "M2", "M3")), (0, "right", ("M3", "M4", "M5")),
                                        (1, "right", ("M1", "M2", "M3")), (1, "left", ("M3", "M4", "M5"))):
        pos = position(mine={5 if expected[0] == "M1" else 1: "Kuriboh"},
                       my_emz={side: "Apollousa, Bow of the Goddess"}, extra_deck=["Linkuriboh"],
                       turn_player=turn_player, rules="master-rule-4")
        plays = of(legal_plays(pos), "link_summon")
        assert [p.zones for p in plays] == [expected], (turn_player, side)


def test_zn_4_an_opponent_link_in_the_emz_links_into_my_zone():
    # Underworld Goddess (B, BR, R, T, TR): from the EMZ above my M2 its T points to my M2 and TR to my M1.
    for turn_player, their_side, my_side in ((0, "left", "right"), (1, "right", "left")):
        pos = position(mine={3: "Jet Synchron", 4: "Celtic Guardian"}, my_emz={my_side: "Stardust Dragon"},
                       their_emz={their_side: "Underworld Goddess of the Closed World"},
                       extra_deck=["Hi-Speedroid Chanbara"], rules="master-rule-4", turn_player=turn_player)
        plays = of(legal_plays(pos), "synchro_summon")
        assert [(p.materials, p.zones) for p in plays] == [(("M3", "M4"), ("M1", "M2"))], turn_player
    # Above my M4 (the other EMZ): TR -> M3, T -> M4; its B/BR point into the opponent's own zones.
    pos = position(mine={1: "Jet Synchron", 2: "Celtic Guardian"}, my_emz={"left": "Stardust Dragon"},
                   their_emz={"right": "Underworld Goddess of the Closed World"},
                   extra_deck=["Hi-Speedroid Chanbara"], rules="master-rule-4")
    assert [p.zones for p in of(legal_plays(pos), "synchro_summon")] == [("M3", "M4")]
    # An opponent's MMZ Link never links into my zones.
    pos = position(mine={1: "Jet Synchron", 2: "Celtic Guardian"}, my_emz={"left": "Stardust Dragon"},
                   theirs={1: "Proxy Dragon", 2: "Firewall Dragon", 3: "Decode Talker"},
                   extra_deck=["Hi-Speedroid Chanbara"], rules="master-rule-4")
    assert of(legal_plays(pos), "synchro_summon") == []


def test_identical_extra_deck_copies_and_materials_group():
    pos = position(mine={1: "Junk Synchron", 2: "Celtic Guardian", 3: "Celtic Guardian"},
                   extra_deck=["Black Rose Dragon", "Black Rose Dragon"])
    grouped = of(legal_plays(pos), "synchro_summon")
    assert [(p.card, p.materials, p.copies) for p in grouped] == [("ED1", ("M1", "M2"), 4)]
    assert len(of(legal_plays(pos, all_instances=True), "synchro_summon")) == 4


def test_unsupported_material_lines_are_skipped():
    pos = position(mine={1: "Kuriboh"}, extra_deck=["Salamangreat Almiraj"])
    assert of(legal_plays(pos), "link_summon") == []


# --------------------------------------------------------------------------------------------------
# Pendulum Scales and Pendulum Summons (PEN, ZN-7)

def scales(rules=5, low="Foucault's Cannon", high="Flash Knight", **options) -> PositionBuilder:
    """A board with two Pendulum Scales (default 2 and 7) in the Pendulum Zones of the rule version."""
    b = PositionBuilder(rules=rules, **options)
    if rules == 3:
        return b.pendulum_zone("left", low).pendulum_zone("right", high)
    return b.spell_trap(1, low).spell_trap(5, high)


def pendulum_sets(pos, **options) -> set[tuple]:
    return {p.cards for p in of(legal_plays(pos, **options), "pendulum_summon")}


def test_zn_7_activate_scale_to_each_open_pendulum_zone():
    plays = legal_plays(PositionBuilder().hand("Stargazer Magician", "Kuriboh").spell_trap(1, "Pot of Greed").build())
    assert [(p.card, p.name, p.zone) for p in of(plays, "activate_scale")] == [("H1", "Stargazer Magician", "S5")]
    both = of(legal_plays(PositionBuilder().hand("Flash Knight", "Flash Knight").build()), "activate_scale")
    assert [(p.card, p.zone, p.copies) for p in both] == [("H1", "S1", 2), ("H1", "S5", 2)]
    mr3 = of(legal_plays(PositionBuilder(rules=3).hand("Flash Knight").pendulum_zone("left", "Foucault's Cannon")
                         .build()), "activate_scale")
    assert [p.zone for p in mr3] == ["PZR"]
    assert of(legal_plays(PositionBuilder(phase="battle").hand("Flash Knight").build()), "activate_scale") == []
    # Timegazer Magician: "You must control no monsters to activate this card."
    timegazer = PositionBuilder().hand("Timegazer Magician").monster(3, "Kuriboh", position="set").build()
    assert of(legal_plays(timegazer), "activate_scale") == []


def test_pen_1_levels_strictly_between_and_every_subset():
    pos = scales().hand("Petit Dragon", "Flame Manipulator", "Summoned Skull", "Dark Magician").build()  # 2 3 6 7
    assert pendulum_sets(pos) == {("H2",), ("H3",), ("H2", "H3")}
    (both,) = [p for p in of(legal_plays(pos), "pendulum_summon") if len(p.cards) == 2]
    assert both.names == ("Flame Manipulator", "Summoned Skull") and both.positions == ("attack", "defense")
    assert both.zones == {"H2": MMZ, "H3": MMZ} and both.card is None and both.name is None


def test_pen_1_needs_two_face_up_scales_once_per_turn_in_the_main_phase():
    assert pendulum_sets(scales().hand("Flame Manipulator").build())
    assert not pendulum_sets(scales(pendulum_summon_used=True).hand("Flame Manipulator").build())
    assert not pendulum_sets(scales(phase="battle").hand("Flame Manipulator").build())
    one = PositionBuilder().spell_trap(1, "Foucault's Cannon").hand("Flame Manipulator").build()
    assert not pendulum_sets(one)
    mr3 = scales(rules=3).hand("Flame Manipulator").extra_deck("Flash Knight", face_up=True).build()
    assert pendulum_sets(mr3) == {("H1",), ("ED1",), ("H1", "ED1")}


def test_pen_1_scales_that_change_without_a_magician_partner():
    """Stargazer Magician (1) becomes 4 unless the other scale is a "Magician" or "Odd-Eyes" card."""
    hand = ("Igknight Paladin", "Foucault's Cannon")                               # Levels 4 and 5
    lone = PositionBuilder().spell_trap(1, "Stargazer Magician").spell_trap(5, "Flash Knight").hand(*hand).build()
    assert pendulum_sets(lone) == {("H2",)}
    paired = PositionBuilder().spell_trap(1, "Stargazer Magician").spell_trap(5, "Dragonpit Magician").hand(*hand)
    assert pendulum_sets(paired.build()) == {("H1",), ("H2",), ("H1", "H2")}


def test_pen_2_summoning_conditions_and_revival_limits():
    b = scales(low="Dragonpulse Magician", high="Gallugallud the Endless Enigma")    # scales 1 and 9
    b.hand("Chaos Sorcerer", "Black Luster Soldier", "Yata-Garasu", "Summoned Skull", "Fenrir", "Harmonizing Magician")
    assert pendulum_sets(b.build()) == {("H4",), ("H6",), ("H4", "H6")}     # Harmonizing: only not from the ED
    b = scales(low="Dragonpulse Magician", high="Gallugallud the Endless Enigma")
    b.extra_deck("Odd-Eyes Pendulum Dragon", "Plunder Patrollship Jord", "Supreme King Z-ARC",
                 "Harmonizing Magician", "Odd-Eyes Rebellion Dragon", face_up=True)
    b.extra_deck("Stardust Dragon")
    # no link: one EMZ, so one at a time; Odd-Eyes Rebellion Dragon (ED5, Rank 7) as a Level 7 (issue 15)
    assert pendulum_sets(b.build()) == {("ED1",), ("ED2",), ("ED5",)}
    b = scales(low="Dragonpulse Magician", high="Gallugallud the Endless Enigma")
    b.data["extra_deck"] = [{"card": "Plunder Patrollship Jord", "face_up": True, "properly_summoned": False},
                            {"card": "Flash Knight", "face_up": True, "properly_summoned": False}]
    assert pendulum_sets(b.build()) == {("ED2",)}       # the flag is read only for a revival limit


def test_pen_3_extra_deck_monsters_need_an_emz_or_a_linked_zone_at_most_one_emz():
    b = scales().hand("Flame Manipulator").extra_deck("Flash Knight", "Flash Knight", face_up=True)
    pos = b.build()
    assert pendulum_sets(pos, all_instances=True) == {("H1",), ("ED1",), ("ED2",), ("H1", "ED1"), ("H1", "ED2")}
    (single,) = [p for p in of(legal_plays(pos), "pendulum_summon") if p.cards == ("ED1",)]
    assert single.zones == {"ED1": ("EMZL", "EMZR")} and single.copies == 2
    mr3 = scales(rules=3).hand("Flame Manipulator").extra_deck("Flash Knight", face_up=True).build()
    (both,) = [p for p in of(legal_plays(mr3), "pendulum_summon") if len(p.cards) == 2]
    assert both.zones == {"H1": MMZ, "ED1": MMZ}


def test_pen_3_hand_and_extra_deck_monsters_share_the_linked_zones():
    b = scales(rules=4).hand("Flame Manipulator").extra_deck("Flash Knight", face_up=True)
    b.monster("left", "Linkuriboh")                       # own Link in the EMZ: arrow B -> M2
    for zone in (1, 3, 4):
        b.monster(zone, "Kuriboh")
    plays = of(legal_plays(b.build()), "pendulum_summon")
    assert {p.cards: p.zones for p in plays} == {("H1",): {"H1": ("M2", "M5")},
                                                 ("ED1",): {"ED1": ("M2",)},
                                                 ("H1", "ED1"): {"H1": ("M5",), "ED1": ("M2",)}}
    b = scales(rules=4).hand("Flame Manipulator").extra_deck("Flash Knight", face_up=True)
    b.monster("left", "Linkuriboh").monster(2, "Kuriboh")  # the linked zone is taken, the EMZ is mine
    assert pendulum_sets(b.build()) == {("H1",)}


def test_pen_3_a_full_row_limits_the_set_size():
    b = scales().hand("Flame Manipulator", "Flame Manipulator", "Summoned Skull")
    for zone in (1, 2, 3):
        b.monster(zone, "Kuriboh")
    every = pendulum_sets(b.build(), all_instances=True)
    assert max(map(len, every)) == 2 and ("H1", "H2", "H3") not in every and len(every) == 6
    grouped = of(legal_plays(b.build()), "pendulum_summon")
    assert {(p.cards, p.copies) for p in grouped} == {(("H1",), 2), (("H3",), 1), (("H1", "H2"), 1),
                                                      (("H1", "H3"), 2)}


def test_pen_3_one_monster_at_a_time_under_blue_eyes_spirit_dragon():
    b = scales().hand("Flame Manipulator", "Summoned Skull")
    b.opponent.monster(1, "Blue-Eyes Spirit Dragon")
    assert pendulum_sets(b.build()) == {("H1",), ("H2",)}
    b = scales().hand("Flame Manipulator", "Summoned Skull")
    b.opponent.monster(1, "Blue-Eyes Spirit Dragon", position="set")        # face-down: no effect
    assert ("H1", "H2") in pendulum_sets(b.build())


# --------------------------------------------------------------------------------------------------
# Special Summon locks (Qliphort Scout) and SP-2

def test_a_locking_scale_stops_every_special_summon_of_other_monsters():
    b = PositionBuilder().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Qliphort Scout")
    b.hand("Summoned Skull", "Qliphort Scout", "Polymerization", "Flame Manipulator", "Masaki the Legendary Swordsman",
           "Black Illusion Ritual", "Relinquished")
    b.monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon", "Flame Swordsman")
    plays = legal_plays(b.build())
    assert pendulum_sets(b.build()) == {("H2",)}                    # only the "Qli" monster
    assert not of(plays, "synchro_summon") and not of(plays, "fusion_summon") and not of(plays, "ritual_summon")
    assert of(plays, "normal_summon")                               # a Normal Summon is not a Special Summon
    # The same card as a monster (not a scale) locks nothing.
    free = PositionBuilder().monster(3, "Qliphort Scout").monster(1, "Junk Synchron").monster(2, "Celtic Guardian")
    assert of(legal_plays(free.extra_deck("Black Rose Dragon").build()), "synchro_summon")


def test_sp_2_procedure_monsters_are_never_fusion_summoned():
    b = PositionBuilder().hand("Polymerization", "Gladiator Beast Bestiari", "Gladiator Beast Bestiari")
    assert of(legal_plays(b.extra_deck("Gladiator Beast Gyzarus").build()), "fusion_summon") == []


# --------------------------------------------------------------------------------------------------
# Ritual Summons (RIT)

def ritual_plays(pos, **options) -> set[tuple]:
    return {(p.card, p.spell, p.materials) for p in of(legal_plays(pos, **options), "ritual_summon")}


def test_rit_1_spell_from_the_hand_or_set_tributes_from_hand_and_field():
    b = PositionBuilder().hand("Black Illusion Ritual", "Relinquished", "Kuriboh").monster(2, "Celtic Guardian",
                                                                                          position="set")
    b.monster("left", "Decode Talker").spell_trap(3, "Black Illusion Ritual", position="set")
    plays = of(legal_plays(b.build()), "ritual_summon")
    assert {(p.spell, p.materials) for p in plays} == {(s, (t,)) for s in ("H1", "S3") for t in ("H3", "M2")}
    assert {p.materials: p.zones for p in plays} == {("H3",): ("M1", "M3", "M4", "M5"), ("M2",): MMZ}
    assert {(p.name, p.positions) for p in plays} == {("Relinquished", ("attack", "defense"))}


def test_rit_1_hand_spell_needs_a_free_spell_trap_zone_and_a_monster_zone():
    b = PositionBuilder().hand("Black Illusion Ritual", "Relinquished", "Kuriboh")
    for zone in range(1, 6):
        b.spell_trap(zone, "Trap Hole", position="set")
    assert ritual_plays(b.build()) == set()
    b = PositionBuilder().hand("Black Illusion Ritual", "Relinquished", "Kuriboh").monster("left", "Decode Talker")
    for zone in range(1, 6):
        b.monster(zone, "Sheep Token")
    plays = ritual_plays(b.build(), all_instances=True)
    assert ("H2", "H1", ("H3",)) not in plays and ("H2", "H1", ("EMZL",)) not in plays   # no zone left
    assert ("H2", "H1", ("M4",)) in plays                                                  # a Tribute frees one


def test_rit_2_equal_or_exceed_without_a_superfluous_tribute():
    b = PositionBuilder().hand("Black Luster Ritual", "Black Luster Soldier", "Curse of Dragon", "Flame Manipulator",
                               "Mokey Mokey").monster(1, "Dark Magician").monster(2, "Petit Dragon")
    found = {m for _, _, m in ritual_plays(b.build())}            # Levels: 5 3 1 | 7 2; Black Luster Soldier 8
    assert ("H3", "H4") in found and ("M1", "M2") in found and ("H3", "M1") in found
    assert ("H3", "H4", "H5") not in found and ("H4", "H5") not in found
    level = {"H3": 5, "H4": 3, "H5": 1, "M1": 7, "M2": 2}
    assert all(sum(level[t] for t in m) >= 8 > sum(level[t] for t in m) - min(level[t] for t in m) for m in found)


def test_rit_2_exactly_equal_and_named_or_qualified_targets():
    b = PositionBuilder().hand("Contract with the Abyss", "Demise, King of Armageddon", "Cyber Angel Benten",
                               "Dark Magician", "Mokey Mokey")
    assert ritual_plays(b.build()) == {("H2", "H1", ("H4", "H5"))}          # DARK only: 8 = 7 + 1
    herald = PositionBuilder().hand("Dawn of the Herald", "Herald of Perfection", "Celtic Guardian", "Petit Dragon",
                                    "Flame Manipulator")
    assert ritual_plays(herald.build()) == {("H2", "H1", ("H3", "H4"))}      # 6 = 4 + 2, not 4 + 3


def test_rit_2_whole_tributes():
    b = PositionBuilder().hand("Contract with the Abyss", "Demise, King of Armageddon", "Ritual Raven")
    assert ritual_plays(b.build()) == {("H2", "H1", ("H3",))}
    # "this card you control": Avance is the whole Tribute only from the field
    avance_hand = PositionBuilder().hand("Advanced Ritual Art", "Nekroz of Brionac", "Avance, Swordsman of the Nekroz")
    assert ritual_plays(avance_hand.build()) == set()


def test_rit_3_advanced_ritual_art_normal_monsters_from_the_deck():
    b = PositionBuilder().hand("Advanced Ritual Art", "Black Luster Soldier", "Dark Magician") \
        .deck("Dark Magician", "Mokey Mokey", "Celtic Guardian", "Sangan", "Mokey Mokey").monster(1, "Mokey Mokey")
    every = ritual_plays(b.build(), all_instances=True)
    assert every == {("H2", "H1", ("DK1", "DK2")), ("H2", "H1", ("DK1", "DK5"))}           # 7 + 1 from the Deck
    (grouped,) = of(legal_plays(b.build()), "ritual_summon")
    assert grouped.materials == ("DK1", "DK2") and grouped.copies == 2


def test_rit_identical_spells_and_monsters_group():
    b = PositionBuilder().hand("Black Illusion Ritual", "Black Illusion Ritual", "Relinquished", "Relinquished")
    every = ritual_plays(b.build(), all_instances=True)
    assert len(every) == 4 and ("H3", "H1", ("H4",)) in every   # a copy of the Ritual Monster is a Tribute
    (grouped,) = of(legal_plays(b.build()), "ritual_summon")
    assert (grouped.card, grouped.spell, grouped.materials, grouped.copies) == ("H3", "H1", ("H4",), 4)


# --------------------------------------------------------------------------------------------------
# Fusion Summons (FUS)

def fusion_plays(pos, **options) -> set[tuple]:
    return {(p.card, p.spell, p.materials) for p in of(legal_plays(pos, **options), "fusion_summon")}


def test_fus_1_materials_from_the_hand_and_face_down_on_the_field():
    b = PositionBuilder().hand("Polymerization", "Flame Manipulator").monster(1, "Masaki the Legendary Swordsman",
                                                                             position="set")
    b.spell_trap(2, "Polymerization", position="set").extra_deck("Flame Swordsman")
    plays = of(legal_plays(b.build()), "fusion_summon")
    assert {(p.spell, p.materials, p.zones) for p in plays} == {
        (s, ("H2", "M1"), ("EMZL", "EMZR") + MMZ) for s in ("H1", "S2")}
    assert fusion_plays(PositionBuilder().hand("Flame Manipulator", "Masaki the Legendary Swordsman")
                        .extra_deck("Flame Swordsman").build()) == set()


def test_fus_2_slots_counts_and_conditions():
    b = PositionBuilder().hand("Polymerization", "Aleister the Invoker", "Celtic Guardian", "Mokey Mokey") \
        .extra_deck("Invoked Mechaba")
    assert fusion_plays(b.build()) == {("ED1", "H1", ("H2", "H4"))}               # + 1 LIGHT monster
    b = PositionBuilder().hand("Polymerization", "Cyber Dragon").monster(1, "Cyber Dragon", position="set") \
        .monster(2, "Sheep Token").extra_deck("Chimeratech Overdragon")
    assert fusion_plays(b.build(), all_instances=True) == {("ED1", "H1", ("H2", "M1"))}   # a Token is no Machine
    mudragon = PositionBuilder().hand("Polymerization", "Mystical Elf", "Celtic Guardian", "Flash Knight") \
        .extra_deck("Mudragon of the Swamp")      # same Attribute, different Types: LIGHT Spellcaster + Warrior
    assert fusion_plays(mudragon.build()) == {("ED1", "H1", ("H2", "H4"))}


def test_fus_2_one_fusion_substitute_for_one_named_material():
    b = PositionBuilder().hand("Polymerization", "Flame Manipulator", "King of the Swamp").extra_deck("Flame Swordsman")
    assert fusion_plays(b.build()) == {("ED1", "H1", ("H2", "H3"))}
    two = PositionBuilder().hand("Polymerization", "King of the Swamp", "King of the Swamp") \
        .extra_deck("Flame Swordsman")
    assert fusion_plays(two.build()) == set()
    ultimate = PositionBuilder().hand("Polymerization", "Blue-Eyes White Dragon", "Blue-Eyes White Dragon",
                                      "King of the Swamp").extra_deck("Blue-Eyes Ultimate Dragon")
    assert fusion_plays(ultimate.build()) == {("ED1", "H1", ("H2", "H3", "H4"))}
    # "A Fusion Summon of this card can only be done with the above Fusion Materials": no substitute
    twin = PositionBuilder().hand("Polymerization", "Cyber Dragon", "King of the Swamp").extra_deck("Cyber Twin Dragon")
    assert fusion_plays(twin.build()) == set()


def test_fus_3_zones_after_the_materials_leave():
    b = PositionBuilder(rules=4).hand("Polymerization", "Flame Manipulator") \
        .monster(3, "Masaki the Legendary Swordsman")
    b.extra_deck("Flame Swordsman")
    (play,) = of(legal_plays(b.build()), "fusion_summon")
    assert play.zones == ("EMZL", "EMZR") and play.positions == ("attack", "defense")      # MR4: EMZ or linked
    b = PositionBuilder(rules=3).hand("Polymerization", "Flame Manipulator") \
        .monster(3, "Masaki the Legendary Swordsman")
    for zone in (1, 2, 4, 5):
        b.monster(zone, "Kuriboh")
    (play,) = of(legal_plays(b.extra_deck("Flame Swordsman").build()), "fusion_summon")
    assert play.zones == ("M3",)


# --------------------------------------------------------------------------------------------------
# The materials' own rules (material_rules)

def test_material_rules_never_only_for_others_not_others_must():
    gagaga = position(mine={1: "Junk Synchron", 2: "Gagaga Magician"}, extra_deck=["Black Rose Dragon"])
    assert of(legal_plays(gagaga), "synchro_summon") == []              # "Cannot be used as Synchro Material"
    debris = position(mine={1: "Debris Dragon", 2: "Celtic Guardian", 3: "Petit Dragon", 4: "Mokey Mokey"},
                      extra_deck=["Black Rose Dragon", "Hi-Speedroid Chanbara", "Stardust Dragon"])
    plays = legal_plays(debris)
    # Debris Dragon (4): only for a Dragon, and the others cannot be Level 4: 4 + 2 + 1 = 7 (Black Rose Dragon),
    # never 4 + 4 (Celtic Guardian) = 8 (Stardust Dragon)
    assert material_sets(plays, "synchro_summon", "ED1") == {("M1", "M3", "M4")}
    assert of(plays, "synchro_summon", "ED3") == []
    assert of(plays, "synchro_summon", "ED2") == []                     # Chanbara is a Machine
    majestic = position(mine={1: "Majestic Dragon", 2: "Celtic Guardian", 3: "Mystical Elf"},
                        extra_deck=["Hi-Speedroid Chanbara"])
    assert of(legal_plays(majestic), "synchro_summon") == []            # only for a "Majestic" monster
    b = PositionBuilder().hand("Polymerization", "Harmonizing Magician", "Dragonpulse Magician", "Flash Knight")
    harmonizing = fusion_plays(b.extra_deck("Patissciel Couverture").build())   # 2 Pendulum Monsters
    assert harmonizing == {("ED1", "H1", ("H2", "H3")), ("ED1", "H1", ("H3", "H4"))}   # Flash Knight is no Magician


# --------------------------------------------------------------------------------------------------
# Properties on generated positions

def _equivalent(pos: Position, a: Play, b: Play) -> bool:
    """The definition: some copy-class-preserving bijection of the instances a play uses maps a onto b. It
    exists exactly when both plays use the same multiset of (copy class, the fields that name the instance):
    a bijection must keep each instance's copy class and the fields it fills (card, spell, target; cards,
    tributes, materials, cost), and any two instances alike in both can be swapped. (Searching the
    permutations directly is factorial: a Pendulum Summon of 8 cards took minutes.)"""
    plain = ("action", "effect", "to", "zone")
    if any(getattr(a, f) != getattr(b, f) for f in plain) or (a.target == "direct") != (b.target == "direct"):
        return False

    def signatures(play: Play) -> Counter:
        roles: dict[str, set] = {}
        for field in ("card", "spell", "target"):
            value = getattr(play, field)
            if value not in (None, "direct"):
                roles.setdefault(value, set()).add(field)
        for field in ("cards", "tributes", "materials", "cost"):
            for value in getattr(play, field) or ():
                roles.setdefault(value, set()).add(field)
        return Counter((copy_class(pos.instances[i], pos.scale_zones), frozenset(fields)) for i, fields in roles.items())
    return signatures(a) == signatures(b)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_generated_positions_grouping_matches_the_definition(pos):
    every = legal_plays(pos, all_instances=True)
    grouped = legal_plays(pos)
    assert every == sort_plays(every) and grouped == sort_plays(grouped)
    assert len({p.key for p in every}) == len(every)
    assert all(p.copies == 1 for p in every)
    assert sum(p.copies for p in grouped) == len(every)
    assert {p.key for p in grouped} <= {p.key for p in every}
    by_key = {p.key: p for p in every}
    for play in grouped:
        assert replace(play, copies=1) == by_key[play.key]
        group = [p for p in every if _equivalent(pos, play, p)]
        assert len(group) == play.copies
        assert all(_equivalent(pos, p, play) for p in group)
    for play in every:                                       # every play is in exactly one group
        assert sum(_equivalent(pos, g, play) for g in grouped) == 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_generated_positions_plays_are_well_formed(pos):
    mine = {iid for iid, inst in pos.instances.items() if inst.player == pos.turn_player}
    theirs = {iid for iid, inst in pos.instances.items() if inst.player != pos.turn_player}
    for play in legal_plays(pos, all_instances=True):
        if play.action == "procedure_summon":       # SP-1: Lava Golem Tributes the opponent's monsters
            assert set(play.uses()) <= mine | {t for t in theirs if pos.instances[t].location in MMZ_LOCATIONS}
        elif play.action == "link_summon" and link_extra_material(pos.instances[play.card].card) == "opponent_field":
            used = set(play.uses()) - mine            # LNK-1: "also use 1 monster your opponent controls"
            assert len(used) <= 1 and all(pos.instances[t].location in MMZ_LOCATIONS for t in used)
        else:
            assert set(play.uses()) <= mine
        if play.card is not None:
            assert play.name == pos.instances[play.card].card.name
        if play.action in ("procedure_summon", "activate"):
            assert play.cost is not None and pos.phase in ("main1", "main2")
        if play.target is not None and play.action == "declare_attack":
            assert play.target == "direct" or play.target in theirs
        elif play.target is not None:               # a revival target (either GY) or an opponent's monster
            assert play.target in pos.instances
        if play.action in ("normal_summon", "set_monster"):
            assert pos.phase in ("main1", "main2") and not pos.normal_summon_used
            assert play.card.startswith("H") and play.zones and set(play.zones) <= set(MMZ)
            assert all(pos.instances[t].location in ("monster_zone", "extra_monster_zone") for t in play.tributes)
        if play.action == "enter_battle_phase":
            assert pos.turn > 1 and pos.phase == "main1"


MMZ_LOCATIONS = ("monster_zone", "extra_monster_zone")
ED_ACTIONS = ("synchro_summon", "xyz_summon", "link_summon")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(extra_deck_positions())
def test_extra_deck_positions_grouping_matches_the_definition(pos):
    test_generated_positions_grouping_matches_the_definition.hypothesis.inner_test(pos)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(extra_deck_positions())
def test_extra_deck_positions_plays_are_well_formed(pos):
    test_generated_positions_plays_are_well_formed.hypothesis.inner_test(pos)
    held_emz = [i for i in pos.instances.values() if i.player == pos.turn_player and i.location == "extra_monster_zone"]
    for play in legal_plays(pos, all_instances=True):
        if play.action not in ED_ACTIONS:
            continue
        assert pos.phase in ("main1", "main2")
        summoned = pos.instances[play.card]
        kind = next(k for k in ("synchro", "xyz", "link") if k in summoned.card.kinds)
        assert summoned.location == "extra_deck" and play.action == f"{kind}_summon"
        materials = [pos.instances[m] for m in play.materials]
        assert list(play.materials) == sorted(play.materials, key=id_sort_key) and materials
        own = [m for m in materials if m.player == pos.turn_player and m.location != "hand"]
        assert all(m.location in ("monster_zone", "extra_monster_zone") and m.state.position != "set"
                   for m in own)
        others = [m for m in materials if m.id not in {o.id for o in own}]   # LNK-1: at most 1, where the Link Monster's text says
        where = link_extra_material(summoned.card)
        assert len(others) <= 1 and all(
            (where == "hand" and m.player == pos.turn_player and m.location == "hand") or
            (where == "opponent_field" and m.player != pos.turn_player and m.location in ("monster_zone",
                                                                                          "extra_monster_zone")
             and m.state.position != "set") for m in others)
        assert play.zones and list(play.zones) == sorted(play.zones, key=id_sort_key)
        assert set(play.zones) <= set(ALL_ZONES if pos.rules >= 4 else MMZ)
        occupied_after = {m.id for m in pos.instances.values() if m.player == pos.turn_player
                          and m.location in ("monster_zone", "extra_monster_zone")} - set(play.materials)
        assert not set(play.zones) & occupied_after
        if any(e.id not in play.materials for e in held_emz):
            assert not {"EMZL", "EMZR"} & set(play.zones)              # no Extra Link
        if play.action == "synchro_summon":
            # SYN-2 (issue 15A): a material may be treated as another Level its text gives (Yamatako Orochi: 8)
            # MTX-1: a Link Monster (no Level) the Synchro Monster's text treats as a Level L Tuner (Yummy Way cards);
            # MTX-2: a material that lets every material count as Level 2 (Flower Cardians)
            from pysolver.cards.written import synchro_all_levels, tuner_substitute
            treated = getattr(tuner_substitute(summoned.card), "level", None)
            levels = [{m.card.level if m.card.level is not None else treated,
                       *getattr(synchro_levels(m.card), "levels", ())} - {None} for m in materials]
            all_as = {a.level * len(materials) for m in materials if (a := synchro_all_levels(m.card))}
            assert summoned.card.level in {sum(choice) for choice in product(*levels)} | all_as
            assert play.positions == ("attack", "defense")
        elif play.action == "xyz_summon":
            assert all("token" not in m.card.kinds for m in materials) and play.positions == ("attack", "defense")
            if len(materials) > 1:   # XYZ-1: a Level the material's or the Xyz Monster's text lets it count as
                from pysolver.cards.written import xyz_levels, xyz_treated_level
                treats = xyz_treated_level(summoned.card)
                same_rank = "Xyz Monsters with the same Rank" in (summoned.card.materials or "")   # Number F0
                assert all(m.card.level == summoned.card.rank
                           or summoned.card.rank in getattr(xyz_levels(m.card), "levels", ())
                           or (treats and getattr(m.card, treats.stat) == treats.value
                               and treats.level == summoned.card.rank)
                           or (same_rank and m.card.rank == materials[0].card.rank) for m in materials)
            else:   # XYZ-4: the alternative procedure the card writes, on one monster
                assert alternative_xyz(summoned.card) is not None
        else:
            assert len(materials) <= summoned.card.link_rating and play.positions == ("attack",)
            assert pos.rules >= 4


SPECIAL_ACTIONS = ("pendulum_summon", "ritual_summon", "fusion_summon", "activate_scale")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pendulum_ritual_fusion_positions())
def test_pendulum_ritual_fusion_positions_grouping_matches_the_definition(pos):
    test_generated_positions_grouping_matches_the_definition.hypothesis.inner_test(pos)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pendulum_ritual_fusion_positions())
def test_pendulum_ritual_fusion_positions_plays_are_well_formed(pos):
    test_generated_positions_plays_are_well_formed.hypothesis.inner_test(pos)
    me = pos.turn_player
    occupied = {i.id for i in pos.instances.values() if i.player == me and i.location == "monster_zone"}
    for play in legal_plays(pos, all_instances=True):
        if play.action in SPECIAL_ACTIONS:
            assert pos.phase in ("main1", "main2")
        if play.action == "pendulum_summon":
            assert not pos.pendulum_summon_used and play.card is None and play.cards
            assert list(play.cards) == sorted(play.cards, key=id_sort_key) and list(play.zones) == list(play.cards)
            assert play.names == tuple(pos.instances[c].card.name for c in play.cards)
            for card in play.cards:
                instance = pos.instances[card]
                # a Level, or "If you can Pendulum Summon Level N" (Odd-Eyes Rebellion Dragon, issue 15)
                assert instance.location in ("hand", "extra_deck") and (
                    instance.card.level is not None or pendulum_as_level(instance.card) is not None)
                assert instance.location == "hand" or instance.state.face_up
                assert play.zones[card] and not set(play.zones[card]) & occupied
                assert instance.location == "extra_deck" or not {"EMZL", "EMZR"} & set(play.zones[card])
        elif play.action in ("ritual_summon", "fusion_summon"):
            spell = pos.instances[play.spell]
            assert spell.location == "hand" or (spell.location == "spell_trap_zone" and spell.state.position == "set")
            assert play.positions == ("attack", "defense") and play.zones and play.materials
            assert play.card not in play.materials and list(play.materials) == sorted(play.materials, key=id_sort_key)
            summoned = pos.instances[play.card]
            if play.action == "ritual_summon":
                # RIT-1: from the hand, or the GY for a Spell that says "from your hand or GY"
                from_graveyard = ritual_spell(spell.card).from_graveyard
                assert summoned.location in (("hand", "graveyard") if from_graveyard else ("hand",))
                assert "ritual" in summoned.card.kinds
                assert set(play.zones) <= set(MMZ) and not set(play.zones) & (occupied - set(play.materials))
                # RIT-3: GY monsters only for a Spell that says "and/or banish ... from your GY"
                assert ritual_spell(spell.card).banish_filter is not None or \
                    all(pos.instances[m].location != "graveyard" for m in play.materials)
            else:
                assert summoned.location == "extra_deck" and not summoned.state.face_up
                assert all(pos.instances[m].location in ("hand", "monster_zone", "extra_monster_zone")
                           for m in play.materials)
        elif play.action == "activate_scale":
            assert play.zone in (("PZL", "PZR") if pos.rules == 3 else ("S1", "S5"))
            assert "pendulum" in pos.instances[play.card].card.kinds


def test_pendulum_ritual_fusion_position_dicts_load_and_are_rich_in_those_summons():
    seen = {"any": 0, "total": 0}

    @settings(max_examples=200, deadline=None, derandomize=True)   # a fixed sample: a count, not a search
    @given(pendulum_ritual_fusion_position_dicts())
    def check(data):
        pos = position_from_dict(data)
        seen["total"] += 1
        seen["any"] += bool({p.action for p in legal_plays(pos)} & set(SPECIAL_ACTIONS))
    check()
    assert seen["any"] >= seen["total"] // 5, seen
    # Each summon comes up: a search for one, not a count over a fixed sample (Hypothesis draws even a
    # derandomized sample with a bias from the constants of the modules loaded, so counts move with them).
    for action in SPECIAL_ACTIONS:
        find(pendulum_ritual_fusion_position_dicts(),
             lambda data: action in {p.action for p in legal_plays(position_from_dict(data))},
             settings=settings(max_examples=500, deadline=None, database=None, phases=[Phase.generate]))


def test_extra_deck_position_dicts_load_and_are_rich_in_extra_deck_summons():
    seen = {"any": 0, "total": 0}

    @settings(max_examples=200, deadline=None, derandomize=True)   # a fixed sample: a count, not a search
    @given(extra_deck_position_dicts())
    def check(data):
        pos = position_from_dict(data)
        me = pos.players[pos.turn_player]
        assert 2 <= len(me.extra_deck) <= 6 and 2 <= sum(m is not None for m in me.monster_zones) <= 5
        if pos.rules == 3:
            assert not any("link" in i.card.kinds for i in pos.instances.values())
        seen["total"] += 1
        seen["any"] += any(p.action in ED_ACTIONS for p in legal_plays(pos))
    check()
    assert seen["any"] >= seen["total"] // 5, seen


def test_generated_position_dicts_load():
    @settings(max_examples=50, deadline=None)
    @given(position_dicts())
    def check(data):
        assert isinstance(position_from_dict(data), Position)
    check()


def test_full_board_and_ten_card_hand():
    hand = ["Dark Magician", "Blue-Eyes White Dragon", "Obelisk the Tormentor", "Beast King Barbaros",
            "Gilford the Lightning", "Summoned Skull", "Kuriboh", "Kuriboh", "Mirror Force", "Pot of Greed"]
    mine = {1: "Kaiser Sea Horse", 2: {"card": "Sheep Token", "position": "defense"},
            3: {"card": "Celtic Guardian", "position": "set"}, 4: "Mystical Elf", 5: "Kaiser Sea Horse"}
    pos = position(hand, mine, {1: "Kuriboh"}, my_emz={"left": "Decode Talker"}, their_emz={"right": "Stardust Dragon"})
    plays = legal_plays(pos)
    every = legal_plays(pos, all_instances=True)
    assert sum(p.copies for p in plays) == len(every) > 100
    gilford = tribute_sets(every, "normal_summon", "H5")
    assert ("M1",) in gilford and ("M1", "M5") in gilford and ("M2", "M3", "M4") in gilford


# --------------------------------------------------------------------------------------------------
# Independence

def test_reference_does_not_depend_on_the_solver():
    """The reference and everything it imports (function-level imports too) stay clear of the solver."""
    import networkx as nx
    from tools.imports import ROOT, graph
    reached = nx.descendants(graph(), "pysolver.reference") | {"pysolver.reference"}
    assert not {module for module in reached if module.startswith("pysolver.solve")}, reached
    for module in reached:
        path = ROOT.parent.joinpath(*module.split("."))
        source = (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text(encoding="utf-8")
        assert not re.search(r"\bclingo\b|\.lp[\"']", source), module


# --------------------------------------------------------------------------------------------------
# Procedures (SP-1), the revival limit (SP-2, SP-3), activations and the turn's history (OATH, CNT, NS-1):
# the hand-checked rulings of tests/solve/test_seed002_history.py (seed 002), asked of the reference.

KENDAMA_SS = 2


def _board(**options) -> PositionBuilder:
    return PositionBuilder(**options)


def _plays_of(position, action=None):
    return [p for p in legal_plays(position) if action is None or p.action == action]


def _h_special_summons(position):
    return [p for p in legal_plays(position) if p.action in (
        "synchro_summon", "xyz_summon", "link_summon", "fusion_summon", "ritual_summon", "pendulum_summon",
        "procedure_summon") or (p.action == "activate" and p.positions)]


def _h_kendama_in_graveyard(**events):
    b = _board().graveyard("Hi-Speedroid Kendama").hand("Kuriboh")
    for event in events.get("events", ()):
        b.event(**event)
    return b


def _h_kendama_activations(position):
    return [p for p in _plays_of(position, "activate") if p.name == "Hi-Speedroid Kendama"]


def test_reference_sp_1_exactly_three_dark_monsters():
    three = _board().hand("Dark Armed Dragon").graveyard("Dark Magician", "Summoned Skull", "Archfiend Soldier")
    assert _plays_of(three.build(), "procedure_summon")
    four = _board().hand("Dark Armed Dragon").graveyard("Dark Magician", "Summoned Skull", "Archfiend Soldier",
                                                       "Skull Servant")
    assert _plays_of(four.build(), "procedure_summon") == []


def test_reference_sp_1_only_the_opponent_controls_a_monster():
    b = _board().hand("Cyber Dragon")
    b.opponent.monster(1, "Kuriboh")
    assert _plays_of(b.build(), "procedure_summon")
    assert _plays_of(_board().hand("Cyber Dragon").build(), "procedure_summon") == []
    mine = _board().hand("Cyber Dragon").monster(1, "Sangan")
    mine.opponent.monster(1, "Kuriboh")
    assert _plays_of(mine.build(), "procedure_summon") == []


def test_reference_sp_2_nomi_monsters_are_never_revived_semi_nomi_once_properly_summoned():
    b = _board().hand("Monster Reborn").graveyard("Chaos Emperor Dragon - Envoy of the End", "Chaos Sorcerer")
    b.graveyard("Black Luster Soldier - Envoy of the Beginning", properly_summoned=False)
    assert {p.target for p in _plays_of(b.build(), "activate")} == {"GY2"}


def test_reference_sp_3_revival_limit_of_extra_deck_and_ritual_monsters():
    b = _board().hand("Monster Reborn").graveyard("Stardust Dragon", properly_summoned=False)
    b.graveyard("Black Rose Dragon").graveyard("Black Luster Soldier", properly_summoned=False)
    b.opponent.graveyard("Sangan")
    assert {p.target for p in _plays_of(b.build(), "activate")} == {"GY2", "oGY1"}


def test_reference_15_08_16_no_kendama_special_summon_after_a_normal_summon():
    plain = _h_kendama_in_graveyard().build()
    assert _h_kendama_activations(plain)
    after = _h_kendama_in_graveyard(events=[{"summon": "normal", "card": "Sangan"}]).build()
    assert _h_kendama_activations(after) == []


def test_reference_oath_1_after_kendamas_activation_no_normal_summon():
    position = _h_kendama_in_graveyard(events=[{"activate": "Hi-Speedroid Kendama", "effect": KENDAMA_SS}]).build()
    assert _plays_of(position, "normal_summon") == _plays_of(position, "set_monster") == []


def test_reference_16_12_17_no_chaos_emperor_effect_after_another_activation():
    b = _board().monster(1, "Chaos Emperor Dragon - Envoy of the End")
    assert [p.name for p in _plays_of(b.build(), "activate")] == ["Chaos Emperor Dragon - Envoy of the End"]
    b.event(activate="Double Summon")
    assert _plays_of(b.build(), "activate") == []


def test_reference_14_12_14_kendama_activation_negated_normal_summon_still_allowed():
    position = _h_kendama_in_graveyard(events=[{"activate": "Hi-Speedroid Kendama", "effect": KENDAMA_SS,
                                             "negated": "activation"}]).build()
    assert _plays_of(position, "normal_summon")


def test_reference_14_12_14_kendama_effect_negated_normal_summon_still_forbidden():
    position = _h_kendama_in_graveyard(events=[{"activate": "Hi-Speedroid Kendama", "effect": KENDAMA_SS,
                                             "negated": "effect"}]).build()
    assert _plays_of(position, "normal_summon") == []


def test_reference_15_01_01_chaos_emperor_activation_negated_other_cards_may_be_activated():
    b = _board().monster(1, "Chaos Emperor Dragon - Envoy of the End").hand("Monster Reborn").graveyard("Sangan")
    b.event(activate="Chaos Emperor Dragon - Envoy of the End", negated="activation")
    assert "Monster Reborn" in {p.name for p in _plays_of(b.build(), "activate")}


def test_reference_15_01_01_chaos_emperor_effect_negated_no_other_activation():
    b = _board().monster(1, "Chaos Emperor Dragon - Envoy of the End").hand("Monster Reborn", "Stargazer Magician")
    b.graveyard("Sangan").event(activate="Chaos Emperor Dragon - Envoy of the End", negated="effect")
    position = b.build()
    assert _plays_of(position, "activate") == [] and _plays_of(position, "activate_scale") == []


def test_reference_15_01_01_monster_reborn_activation_negated_chaos_emperor_may_activate():
    b = _board().monster(1, "Chaos Emperor Dragon - Envoy of the End")
    b.event(activate="Monster Reborn", negated="activation")
    assert _plays_of(b.build(), "activate")


def test_reference_15_01_01_monster_reborn_effect_negated_no_chaos_emperor():
    b = _board().monster(1, "Chaos Emperor Dragon - Envoy of the End")
    b.event(activate="Monster Reborn", negated="effect")
    assert _plays_of(b.build(), "activate") == []


def _h_winda_board():
    b = _board().monster(1, "El Shaddoll Winda").monster(2, "Junk Synchron").monster(3, "Celtic Guardian")
    return b.extra_deck("Black Rose Dragon").hand("Monster Reborn").graveyard("Sangan")


def test_reference_cnt_1_winda_allows_one_special_summon():
    assert _h_special_summons(_h_winda_board().build())


def test_reference_17_03_24_negated_procedure_summon_still_counts_under_winda():
    b = _h_winda_board().event(summon="procedure", card="Cyber Dragon", negated=True)
    assert _h_special_summons(b.build()) == []


def test_reference_15_05_28_monster_reborn_effect_negated_counts_under_winda():
    b = _h_winda_board().event(activate="Monster Reborn", negated="effect", target="Sangan")
    assert _h_special_summons(b.build()) == []


def test_reference_17_03_24_monster_reborn_activation_negated_does_not_count_under_winda():
    b = _h_winda_board().event(activate="Monster Reborn", negated="activation")
    assert _h_special_summons(b.build())


def test_reference_winda_counts_only_the_turn_players_summons():
    b = _h_winda_board().event(summon="special", card="Sangan", player=1)
    assert _h_special_summons(b.build())


def test_reference_18_03_08_negated_summon_uses_the_once_per_turn():
    b = _board().monster(1, "Junk Synchron").monster(2, "Petit Dragon").extra_deck("Hi-Speedroid Chanbara")  # 3 + 2
    assert _plays_of(b.build(), "synchro_summon")
    b.event(summon="synchro", card="Hi-Speedroid Chanbara", **{"from": "extra_deck"}, negated=True)
    assert _plays_of(b.build(), "synchro_summon") == []


def test_reference_17_03_24_call_of_the_haunted_effect_not_applied_uses_the_once_per_turn():
    b = _board().hand("Monster Reborn").graveyard("Ritual Beast Tamer Lara")
    assert _plays_of(b.build(), "activate")
    b.event(activate="Call of the Haunted", negated="effect", target="Ritual Beast Tamer Lara")
    assert _plays_of(b.build(), "activate") == []


def test_reference_17_03_24_monster_reborn_activation_negated_lara_may_come_again():
    b = _board().hand("Monster Reborn").graveyard("Ritual Beast Tamer Lara")
    b.event(activate="Monster Reborn", negated="activation", target="Ritual Beast Tamer Lara")
    assert _plays_of(b.build(), "activate")


def test_reference_17_03_24_two_copies_in_one_pendulum_summon():
    b = _board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Flash Knight")   # scales 1 and 7
    b.hand("Ritual Beast Tamer Elder", "Ritual Beast Tamer Elder")
    sets = {p.cards for p in _plays_of(b.build(), "pendulum_summon")}
    assert ("H1", "H2") in sets
    b.event(summon="pendulum", card="Ritual Beast Tamer Elder")
    assert _plays_of(b.build(), "pendulum_summon") == []


def _h_duality(**event):
    b = _board().hand("Pot of Duality").deck("Kuriboh", "Sangan", "Mystical Elf")
    if event:
        b.event(**event)
    return b


def test_reference_done_when_no_pot_of_duality_after_a_special_summon():
    assert _plays_of(_h_duality().build(), "activate")
    assert _plays_of(_h_duality(summon="special", card="Sangan", **{"from": "graveyard"}).build(), "activate") == []


def test_reference_done_when_no_special_summon_after_pot_of_duality():
    b = _board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
    b.hand("Monster Reborn", "Cyber Dragon").graveyard("Sangan").event(activate="Pot of Duality")
    b.opponent.monster(1, "Kuriboh")
    assert _h_special_summons(b.build()) == []
    assert _plays_of(b.build(), "normal_summon")


def test_reference_pot_of_duality_needs_three_cards_in_the_deck_and_once_per_turn():
    assert _plays_of(_board().hand("Pot of Duality").deck("Kuriboh").build(), "activate") == []
    assert _plays_of(_h_duality(activate="Pot of Duality", negated="activation").build(), "activate") == []


def test_reference_stormforth_not_after_a_negated_synchro_summon():
    b = _board().hand("The Monarchs Stormforth")
    assert _plays_of(b.build(), "activate")
    b.event(summon="synchro", card="Stardust Dragon", negated=True, **{"from": "extra_deck"})
    assert _plays_of(b.build(), "activate") == []


def test_reference_stormforth_not_after_polymerization_whose_effect_was_negated():
    b = _board().hand("The Monarchs Stormforth").event(activate="Polymerization", negated="effect")
    assert _plays_of(b.build(), "activate") == []


def test_reference_stormforth_after_a_special_summon_not_from_the_extra_deck():
    b = _board().hand("The Monarchs Stormforth").event(summon="procedure", card="Cyber Dragon")
    assert _plays_of(b.build(), "activate")


def test_reference_stormforth_forbids_extra_deck_summons_after_activation():
    b = _board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
    b.hand("Cyber Dragon").event(activate="The Monarchs Stormforth")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert _plays_of(position, "synchro_summon") == [] and _plays_of(position, "procedure_summon") == []


def test_reference_pilica_oath_only_wind_monsters_after_activation():
    b = _board().monster(1, "Junk Synchron").monster(2, "Mystical Elf").monster(3, "Kuriboh")
    b.extra_deck("Ancient Fairy Dragon", "Stardust Dragon")          # 3 + 4 = 7, 3 + 4 + 1 = 8
    assert {p.name for p in _plays_of(b.build(), "synchro_summon")} == {"Ancient Fairy Dragon", "Stardust Dragon"}
    b.event(activate="Pilica, Descendant of Gusto")
    names = {p.name for p in _plays_of(b.build(), "synchro_summon")}
    assert names == {"Stardust Dragon"}


def test_reference_15_10_16_eidos_second_effect_after_an_extra_deck_summon():
    b = _board().graveyard("Eidos the Underworld Squire", "Edea the Heavenly Squire")
    b.event(summon="synchro", card="Stardust Dragon", **{"from": "extra_deck"})
    plays = [p for p in _plays_of(b.build(), "activate") if p.name == "Eidos the Underworld Squire"]
    assert [(p.target, p.cost) for p in plays] == [("GY2", ("GY1",))]


def test_reference_eidos_rest_of_turn_lock_applies_only_after_resolution():
    def synchros(**event):
        b = _board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
        b.event(activate="Eidos the Underworld Squire", effect=2, **event)
        return _plays_of(b.build(), "synchro_summon")
    assert synchros() == []
    assert synchros(negated="effect") and synchros(negated="activation") and synchros(resolved=False)


def test_reference_16_05_13_cipher_dragon_after_direct_attacks_in_main_phase_2():
    b = _board(phase="main2").monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Blue-Eyes White Dragon"])
    b.monster(2, "Celtic Guardian", attacked=True)
    b.opponent.monster(1, "Kuriboh")
    (play,) = _plays_of(b.build(), "activate")
    assert play.target == "oM1" and play.cost == ("M1.1",)


def test_reference_cipher_dragon_resolution_forbids_other_direct_attacks():
    b = _board(phase="battle").monster(1, "Galaxy-Eyes Cipher Dragon").monster(2, "Celtic Guardian")
    b.event(activate="Galaxy-Eyes Cipher Dragon")
    attacks = {(p.card, p.target) for p in _plays_of(b.build(), "declare_attack")}
    assert attacks == {("M1", "direct")}


def _h_golem(**event):
    b = _board().hand("Lava Golem", "Kuriboh")
    b.opponent.monster(1, "Sangan").monster(2, "Mystical Elf")
    if event:
        b.event(**event)
    return b.build()


def test_reference_16_08_25_lava_golem_or_normal_summon_not_both():
    assert _plays_of(_h_golem(), "procedure_summon") and _plays_of(_h_golem(), "normal_summon")
    after_ns = _h_golem(summon="normal", card="Sangan")
    assert _plays_of(after_ns, "procedure_summon") == []
    after_golem = _h_golem(summon="procedure", card="Lava Golem")
    assert _plays_of(after_golem, "normal_summon") == [] and _plays_of(after_golem, "set_monster") == []


def test_reference_14_03_21_lava_golem_summon_negated_still_no_normal_summon():
    assert _plays_of(_h_golem(summon="procedure", card="Lava Golem", negated=True), "normal_summon") == []


def test_reference_16_08_25_lava_golem_by_monster_reborn_forbids_the_normal_summon_too():
    position = _h_golem(summon="special", card="Lava Golem", **{"from": "graveyard"})
    assert _plays_of(position, "normal_summon") == []


def test_reference_lava_golem_cannot_be_revived_after_a_normal_summon():
    b = _board().hand("Monster Reborn").graveyard("Lava Golem").event(summon="normal", card="Sangan")
    assert _plays_of(b.build(), "activate") == []


def test_reference_double_summon_gives_a_second_normal_summon():
    b = _board(normal_summon_used=True).hand("Kuriboh")
    assert _plays_of(b.build(), "normal_summon") == []
    b.event(summon="normal", card="Sangan").event(activate="Double Summon")
    assert _plays_of(b.build(), "normal_summon") and _plays_of(b.build(), "set_monster")
    b.event(summon="set", card="Mystical Elf")
    assert _plays_of(b.build(), "normal_summon") == []


def test_reference_eidos_grants_one_additional_tribute_summon():
    b = _board().hand("Summoned Skull", "Kuriboh").monster(1, "Eidos the Underworld Squire")
    b.event(summon="normal", card="Eidos the Underworld Squire").event(activate="Eidos the Underworld Squire")
    position = b.build()
    assert [(p.card, p.tributes) for p in _plays_of(position, "normal_summon")] == [("H1", ("M1",))]
    assert _plays_of(position, "set_monster") == []


def test_reference_ritual_beast_tamer_elder_grants_a_ritual_beast_normal_summon():
    b = _board().hand("Ritual Beast Tamer Lara", "Kuriboh").monster(1, "Ritual Beast Tamer Elder")
    b.event(summon="normal", card="Ritual Beast Tamer Elder")
    assert [p.card for p in _plays_of(b.build(), "normal_summon")] == ["H1"]


def test_reference_sp_1_procedure_banishing_light_and_dark():
    b = _board().hand("Chaos Emperor Dragon - Envoy of the End").graveyard("Celtic Guardian", "Mystical Elf",
                                                                           "Dark Magician", "Summoned Skull")
    plays = _plays_of(b.build(), "procedure_summon")
    assert {p.cost for p in plays} == {("GY2", "GY3"), ("GY2", "GY4")}   # Mystical Elf is the only LIGHT
    assert plays[0].zones == ("M1", "M2", "M3", "M4", "M5") and plays[0].positions == ("attack", "defense")


def test_reference_sp_1_discard_a_card_and_tribute_opponents_monsters():
    b = _board().hand("The Tricky", "Pot of Greed", "Lava Golem")
    b.opponent.monster(1, "Kuriboh").monster(4, "Sangan")
    plays = _plays_of(b.build(), "procedure_summon")
    assert {(p.card, p.cost) for p in plays} == {("H1", ("H2",)), ("H1", ("H3",)), ("H3", ("oM1", "oM4"))}
    golem = next(p for p in plays if p.card == "H3")
    assert golem.zones == ("oM1", "oM2", "oM3", "oM4", "oM5")


def test_reference_sp_1_one_card_fills_one_slot_and_tribute_zones_count():
    # Fenrir banishes 2 WATER monsters: 3 in the GY (not the LIGHT Elf) give 3 pairs; Blue-Eyes Shining Dragon takes its Tribute's zone.
    b = _board().hand("Fenrir").graveyard("Penguin Soldier", "Mystical Elf", "Penguin Soldier", "7 Colored Fish")
    assert len(_plays_of(b.build(), "procedure_summon")) == 2      # copies grouped: {Penguin x2}, {Penguin, Fish}
    assert len(legal_plays(b.build(), all_instances=True)) - len(
        [p for p in legal_plays(b.build(), all_instances=True) if p.action != "procedure_summon"]) == 3
    full = _board().hand("Blue-Eyes Shining Dragon")
    for zone in range(1, 6):
        full.monster(zone, "Blue-Eyes Ultimate Dragon" if zone == 3 else "Kuriboh")
    (play,) = _plays_of(full.build(), "procedure_summon")
    assert play.cost == ("M3",) and play.zones == ("M3",)


def test_reference_sp_1_dogoran_either_procedure_attack_position_only():
    b = _board().hand("Dogoran, the Mad Flame Kaiju")
    b.opponent.monster(2, "Kuriboh", position="set")
    plays = _plays_of(b.build(), "procedure_summon")
    assert {(p.cost, p.zones) for p in plays} == {(("oM2",), ("oM1", "oM2", "oM3", "oM4", "oM5"))}
    assert all(p.positions == ("attack",) for p in plays)
    # UNQ-1: "You can only control 1 "Kaiju" monster": with a face-up Kaiju on the opponent's field, Dogoran goes
    # to the turn player's field (the opponent controls a Kaiju), never to theirs
    b = _board().hand("Dogoran, the Mad Flame Kaiju", "Kuriboh")
    b.opponent.monster(2, "Dogoran, the Mad Flame Kaiju")
    plays = legal_plays(b.build())
    assert [p.cost for p in _plays_of(b.build(), "procedure_summon")] == [()] \
        and "normal_summon" in {p.action for p in plays}


def test_reference_sp_3_call_of_the_haunted_own_graveyard_attack_position_not_the_turn_it_was_set():
    b = _board().spell_trap(2, "Call of the Haunted", position="set").graveyard("Mystical Elf")
    b.opponent.graveyard("Kuriboh")
    (play,) = _plays_of(b.build(), "activate")
    assert play.target == "GY1" and play.positions == ("attack",) and play.cost == ()
    fresh = _board().spell_trap(2, "Call of the Haunted", position="set", set_this_turn=True).graveyard("Mystical Elf")
    assert _plays_of(fresh.build(), "activate") == []
    assert _plays_of(_board().hand("Call of the Haunted").graveyard("Mystical Elf").build(), "activate") == []


def test_reference_activation_costs_and_zones():
    # Premature Burial: 800 LP; Scapegoat: 4 free Main Monster Zones; Cipher Dragon: one play per material.
    burial = _board().lp(700).hand("Premature Burial").graveyard("Mystical Elf")
    assert _plays_of(burial.build(), "activate") == []
    goat = _board().hand("Scapegoat").monster(1, "Kuriboh")
    (play,) = _plays_of(goat.build(), "activate")
    assert play.zones == ("M2", "M3", "M4", "M5") and play.positions == ("defense",) and play.target is None
    assert _plays_of(goat.monster(2, "Kuriboh").build(), "activate") == []
    cipher = _board().monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh", "Mystical Elf"])
    cipher.opponent.monster(1, "Kuriboh").monster(2, "Sangan", position="set")
    assert {(p.cost, p.target) for p in _plays_of(cipher.build(), "activate")} == {(("M1.1",), "oM1"),
                                                                                 (("M1.2",), "oM1")}
