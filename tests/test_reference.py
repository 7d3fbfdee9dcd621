"""Tests of the reference enumerator `pysolver.reference`: hand-checked positions (rule ids in the names)
and properties on generated positions (`tests/strategies.py`)."""

from __future__ import annotations

import ast
import time
from dataclasses import replace
from itertools import permutations
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from pysolver.cards import Card, CardDB, default_cards
from pysolver.play import Play, sort_plays
from pysolver.position import Position, copy_class
from pysolver.reference import legal_plays
from tests.strategies import position_dicts, positions


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
    return Position.from_dict({"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
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
# The spec example (docs/plays-json.md), without the Synchro Summon that comes later

def test_spec_example_gives_the_eight_plays():
    pos = position(["Dark Magician", "Kuriboh"], {1: "Junk Synchron", 3: "Celtic Guardian"},
                   extra_deck=["Black Rose Dragon"])
    plays = legal_plays(pos)
    assert keys(plays) == {
        ("normal_summon", "H2", (), None, None, ("M2", "M4", "M5"), ("attack",), 1),
        ("set_monster", "H2", (), None, None, ("M2", "M4", "M5"), ("set",), 1),
        ("normal_summon", "H1", ("M1", "M3"), None, None, MMZ, ("attack",), 1),
        ("set_monster", "H1", ("M1", "M3"), None, None, MMZ, ("set",), 1),
        ("change_position", "M1", None, None, "defense", None, None, 1),
        ("change_position", "M3", None, None, "defense", None, None, 1),
        ("enter_battle_phase", None, None, None, None, None, None, 1),
        ("end_turn", None, None, None, None, None, None, 1),
    }
    assert plays == sort_plays(plays)
    assert [p.name for p in of(plays, "normal_summon")] == ["Kuriboh", "Dark Magician"]
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


def test_ns_6_barbaros_without_tributes_or_with_two_or_three():
    # Level 8: the ordinary 2 Tributes (NS-3), plus "without Tributing" (Summon or Set) and the optional
    # 3 Tributes (Summon only, "but not Set").
    pos = position(["Beast King Barbaros"], {1: "Kuriboh", 2: "Celtic Guardian", 3: "Mystical Elf"})
    plays = legal_plays(pos)
    assert tribute_sets(plays, "normal_summon", "H1") == {
        (), ("M1", "M2"), ("M1", "M3"), ("M2", "M3"), ("M1", "M2", "M3")}
    assert tribute_sets(plays, "set_monster", "H1") == {(), ("M1", "M2"), ("M1", "M3"), ("M2", "M3")}
    assert {p.zones for p in of(plays, "normal_summon") if not p.tributes} == {("M4", "M5")}


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
# Properties on generated positions

def _equivalent(pos: Position, a: Play, b: Play) -> bool:
    """The definition, searched directly: some copy-class-preserving bijection maps a onto b."""
    plain = ("action", "effect", "to", "zone")
    if any(getattr(a, f) != getattr(b, f) for f in plain) or (a.target == "direct") != (b.target == "direct"):
        return False
    a_ids, b_ids = list(dict.fromkeys(a.uses() + ((a.target,) if a.target not in (None, "direct") else ()))), \
        list(dict.fromkeys(b.uses() + ((b.target,) if b.target not in (None, "direct") else ())))
    if len(a_ids) != len(b_ids):
        return False
    for image in permutations(b_ids):
        sigma = dict(zip(a_ids, image))
        if any(copy_class(pos.instances[x]) != copy_class(pos.instances[y]) for x, y in sigma.items()):
            continue
        if all((sigma.get(getattr(a, f)) if getattr(a, f) not in (None, "direct") else getattr(a, f))
               == getattr(b, f) for f in ("card", "spell", "target")) and \
           all({sigma[x] for x in getattr(a, f) or ()} == set(getattr(b, f) or ())
               for f in ("cards", "tributes", "materials", "cost")):
            return True
    return False


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
        assert set(play.uses()) <= mine
        if play.card is not None:
            assert play.name == pos.instances[play.card].card.name
        if play.target is not None:
            assert play.target == "direct" or play.target in theirs
        if play.action in ("normal_summon", "set_monster"):
            assert pos.phase in ("main1", "main2") and not pos.normal_summon_used
            assert play.card.startswith("H") and play.zones and set(play.zones) <= set(MMZ)
            assert all(pos.instances[t].location in ("monster_zone", "extra_monster_zone") for t in play.tributes)
        if play.action == "enter_battle_phase":
            assert pos.turn > 1 and pos.phase == "main1"


def test_generated_position_dicts_load():
    @settings(max_examples=50, deadline=None)
    @given(position_dicts())
    def check(data):
        assert isinstance(Position.from_dict(data), Position)
    check()


def test_full_board_and_ten_card_hand_is_fast():
    hand = ["Dark Magician", "Blue-Eyes White Dragon", "Obelisk the Tormentor", "Beast King Barbaros",
            "Gilford the Lightning", "Summoned Skull", "Kuriboh", "Kuriboh", "Mirror Force", "Pot of Greed"]
    mine = {1: "Kaiser Sea Horse", 2: {"card": "Sheep Token", "position": "defense"},
            3: {"card": "Celtic Guardian", "position": "set"}, 4: "Mystical Elf", 5: "Kaiser Sea Horse"}
    pos = position(hand, mine, {1: "Kuriboh"}, my_emz={"left": "Decode Talker"}, their_emz={"right": "Stardust Dragon"})
    start = time.perf_counter()
    plays = legal_plays(pos)
    every = legal_plays(pos, all_instances=True)
    assert time.perf_counter() - start < 1.0
    assert sum(p.copies for p in plays) == len(every) > 100
    gilford = tribute_sets(every, "normal_summon", "H5")
    assert ("M1",) in gilford and ("M1", "M5") in gilford and ("M2", "M3", "M4") in gilford


# --------------------------------------------------------------------------------------------------
# Independence

def test_reference_does_not_depend_on_the_solver():
    source = Path(__file__).resolve().parents[1] / "pysolver" / "reference.py"
    imported = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
        elif isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
    forbidden = {"facts", "solver", "plays", "clingo", "asp"}
    assert not {name.split(".")[-1] for name in imported} & forbidden, imported
    assert ".lp" not in source.read_text(encoding="utf-8")
