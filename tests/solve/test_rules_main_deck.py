"""One test (at least) per rule id of the Main Deck mechanics: NS, FS, POS, BP (RULES.md)."""

import json

import pytest

from helpers import EXAMPLES, board, plays_of, summary
from pysolver import apply, legal_plays, load_position


def test_spec_example_gives_its_main_deck_plays():
    """docs/plays-json.md: 9 plays, of which all but the Synchro Summon are Main Deck plays."""
    position = load_position(EXAMPLES / "spec-example.yaml")
    plays = [p for p in legal_plays(position) if p.action != "synchro_summon"]
    assert [p.to_json() for p in plays] == [
        {"action": "normal_summon", "card": "H2", "name": "Kuriboh", "tributes": [], "zones": ["M2", "M4", "M5"],
         "positions": ["attack"]},
        {"action": "normal_summon", "card": "H1", "name": "Dark Magician", "tributes": ["M1", "M3"],
         "zones": ["M1", "M2", "M3", "M4", "M5"], "positions": ["attack"]},
        {"action": "set_monster", "card": "H2", "name": "Kuriboh", "tributes": [], "zones": ["M2", "M4", "M5"],
         "positions": ["set"]},
        {"action": "set_monster", "card": "H1", "name": "Dark Magician", "tributes": ["M1", "M3"],
         "zones": ["M1", "M2", "M3", "M4", "M5"], "positions": ["set"]},
        {"action": "change_position", "card": "M1", "name": "Junk Synchron", "to": "defense"},
        {"action": "change_position", "card": "M3", "name": "Celtic Guardian", "to": "defense"},
        {"action": "enter_battle_phase"},
        {"action": "end_turn"},
    ]


# --- NS: Normal Summon, Set, Tribute Summon ---------------------------------------------------------

def test_ns_1_one_normal_summon_or_set_per_turn():
    position = board(normal_summon_used=True).hand("Kuriboh", "Dark Magician").build()
    assert plays_of(position, "normal_summon") == plays_of(position, "set_monster") == []
    assert plays_of(board(phase="main2").hand("Kuriboh").build(), "normal_summon")


def test_ns_1_not_in_the_battle_phase():
    position = board(phase="battle").hand("Kuriboh").build()
    assert plays_of(position, "normal_summon") == []


def test_ns_2_normal_summon_goes_face_up_attack_to_a_free_main_monster_zone():
    position = board().hand("Kuriboh").monster(2, "Celtic Guardian").build()
    (play,) = plays_of(position, "normal_summon")
    assert play.zones == ("M1", "M3", "M4", "M5") and play.positions == ("attack",)


@pytest.mark.parametrize("level_card, tributes", [("Kuriboh", 0), ("Summoned Skull", 1), ("Dark Magician", 2),
                                                  ("Blue-Eyes White Dragon", 2)])
def test_ns_3_tributes_by_level(level_card, tributes):
    position = board().hand(level_card).monster(1, "Kuriboh").monster(2, "Celtic Guardian") \
        .monster(3, "Mystical Elf").build()
    counts = {len(p.tributes) for p in plays_of(position, "normal_summon")}
    assert counts == {tributes}


def test_ns_3_one_tribute_lists_each_choice():
    position = board().hand("Summoned Skull").monster(1, "Kuriboh").monster(2, "Celtic Guardian").build()
    assert {p.tributes for p in plays_of(position, "normal_summon")} == {("M1",), ("M2",)}


def test_ns_3_no_tributes_no_tribute_summon():
    assert plays_of(board().hand("Dark Magician").monster(1, "Kuriboh").build(), "normal_summon") == []


def test_ns_4_face_down_and_token_tributes():
    position = board().hand("Summoned Skull").monster(1, "Kuriboh", position="set") \
        .monster(2, "Sheep Token").build()
    assert {p.tributes for p in plays_of(position, "normal_summon")} == {("M1",), ("M2",)}


def test_ns_4_full_main_monster_zones_need_a_main_monster_zone_tribute():
    b = board()
    for zone in range(1, 6):
        b.monster(zone, "Kuriboh")
    b.monster("left", "Decode Talker")
    b.hand("Summoned Skull", "Celtic Guardian")
    position = b.build()
    assert all(p.card == "H1" for p in plays_of(position, "normal_summon"))  # Level 4: no zone at all
    tributes = {p.tributes for p in plays_of(position, "normal_summon")}
    assert ("EMZL",) not in tributes and ("M1",) in tributes


def test_ns_4_an_extra_monster_zone_tribute_frees_no_zone():
    b = board()
    for zone in range(1, 5):
        b.monster(zone, "Kuriboh")
    b.monster("left", "Decode Talker").hand("Summoned Skull")
    plays = {p.tributes: p.zones for p in plays_of(b.build(), "normal_summon")}
    assert plays[("EMZL",)] == ("M5",)
    assert plays[("M1",)] == ("M1", "M5")


def test_ns_4_tokens_that_cannot_be_tributed():
    earth = board().hand("Labyrinth Wall").monster(1, "Ojama Token").monster(2, "Doomsday Token").build()
    assert plays_of(earth, "normal_summon") == []
    dark = board().hand("Summoned Skull").monster(1, "Ojama Token").monster(2, "Doomsday Token").build()
    assert [p.tributes for p in plays_of(dark, "normal_summon")] == [("M2",)]  # Doomsday: "unless ... DARK"


def test_ns_5_set_uses_the_same_tributes():
    position = board().hand("Summoned Skull").monster(1, "Kuriboh").build()
    (summon,) = plays_of(position, "normal_summon")
    (set_,) = plays_of(position, "set_monster")
    assert summon.tributes == set_.tributes == ("M1",) and set_.positions == ("set",)


def test_ns_6_requires_3_tributes_and_cannot_be_set():
    b = board().hand("Obelisk the Tormentor")
    for zone in range(1, 5):
        b.monster(zone, "Kuriboh")
    plays = plays_of(b.build(), "normal_summon", all_instances=True)
    assert {len(p.tributes) for p in plays} == {3} and len(plays) == 4
    (grouped,) = plays_of(b.build(), "normal_summon")
    assert grouped.tributes == ("M1", "M2", "M3") and grouped.copies == 4
    assert plays_of(b.build(), "set_monster") == []


def test_ns_6_must_be_normal_summoned_set_by_tributing_3():
    b = board().hand("The Wicked Dreadroot")
    for zone in range(1, 4):
        b.monster(zone, "Kuriboh")
    assert len(plays_of(b.build(), "normal_summon")) == 1 and len(plays_of(b.build(), "set_monster")) == 1


def test_ns_6_optional_three():
    b = board().hand("Gilford the Lightning")
    for zone in range(1, 4):
        b.monster(zone, "Kuriboh")
    summons = {len(p.tributes) for p in plays_of(b.build(), "normal_summon", all_instances=True)}
    sets = {len(p.tributes) for p in plays_of(b.build(), "set_monster", all_instances=True)}
    assert summons == {2, 3} and sets == {2}


def test_ns_6_only_card_in_hand():
    alone = board().hand("Swift Gaia the Fierce Knight").build()
    assert [p.tributes for p in plays_of(alone, "normal_summon")] == [()]
    assert plays_of(alone, "set_monster") == []
    crowded = board().hand("Swift Gaia the Fierce Knight", "Kuriboh").build()
    assert [p.card for p in plays_of(crowded, "normal_summon")] == ["H2"]


def test_ns_6_double_tribute_monster_for_a_light_monster():
    light = board().hand("Blue-Eyes White Dragon").monster(1, "Kaiser Sea Horse").monster(2, "Kuriboh").build()
    tributes = {p.tributes for p in plays_of(light, "normal_summon")}
    assert ("M1",) in tributes and ("M1", "M2") in tributes and ("M2",) not in tributes
    dark = board().hand("Dark Magician").monster(1, "Kaiser Sea Horse").monster(2, "Kuriboh").build()
    assert {p.tributes for p in plays_of(dark, "normal_summon")} == {("M1", "M2")}


@pytest.mark.parametrize("card", ["Black Luster Soldier", "Sheep Token", "Chaos Sorcerer", "Dark Armed Dragon",
                                  "Fenrir"])
def test_ns_7_monsters_that_are_never_normal_summoned(card):
    b = board().monster(1, "Kuriboh").monster(2, "Celtic Guardian").monster(3, "Mystical Elf")
    position = b.build() if card == "Sheep Token" else b.hand(card).build()
    assert plays_of(position, "normal_summon") == plays_of(position, "set_monster") == []


# --- FS: Flip Summon; POS: battle positions --------------------------------------------------------

def test_fs_1_flip_summon_a_face_down_monster():
    position = board().monster(1, "Man-Eater Bug", position="set").build()
    assert summary(plays_of(position, "flip_summon")) == {("flip_summon", "M1", (), None)}
    nxt = apply(position, plays_of(position, "flip_summon")[0])
    assert nxt.me.monster_zones[0].position == "attack" and nxt.me.monster_zones[0].position_changed


@pytest.mark.parametrize("flag", ["set_this_turn", "summoned_this_turn", "position_changed", "attacked"])
def test_fs_2_no_flip_summon_the_turn_it_was_set_or_after_a_change(flag):
    position = board().monster(1, "Man-Eater Bug", position="set", **{flag: True}).build()
    assert plays_of(position, "flip_summon") == []


def test_pos_1_change_between_attack_and_defense():
    position = board().monster(1, "Kuriboh").monster(2, "Celtic Guardian", position="defense").build()
    assert {(p.card, p.to) for p in plays_of(position, "change_position")} == {("M1", "defense"), ("M2", "attack")}


@pytest.mark.parametrize("flag", ["summoned_this_turn", "set_this_turn", "position_changed", "attacked"])
def test_pos_1_not_the_turn_it_was_summoned_or_after_a_change_or_attack(flag):
    position = board().monster(1, "Kuriboh", **{flag: True}).build()
    assert plays_of(position, "change_position") == []


def test_pos_1_face_down_monsters_do_not_change_position_manually():
    position = board().monster(1, "Kuriboh", position="set").build()
    assert plays_of(position, "change_position") == []


def test_pos_2_link_monsters_never_change_position():
    position = board().monster(1, "Decode Talker").build()
    assert plays_of(position, "change_position") == []


def test_pos_3_face_down_monsters_can_be_tributed():
    position = board().hand("Summoned Skull").monster(1, "Celtic Guardian", position="set").build()
    assert [p.tributes for p in plays_of(position, "normal_summon")] == [("M1",)]


# --- BP: Battle ----------------------------------------------------------------------------------

def test_bp_1_no_battle_phase_on_the_first_turn():
    assert "enter_battle_phase" not in {p.action for p in legal_plays(board(turn=1).build())}
    assert "enter_battle_phase" in {p.action for p in legal_plays(board(turn=2).build())}


def test_bp_2_attack_each_opponent_monster_or_directly():
    b = board(phase="battle").monster(1, "Celtic Guardian").monster(2, "Kuriboh", position="defense") \
        .monster(3, "Mystical Elf", attacked=True)
    b.opponent.monster(1, "Vorse Raider").monster(4, "Sangan", position="set")
    plays = plays_of(b.build(), "declare_attack")
    assert {(p.card, p.target) for p in plays} == {("M1", "oM1"), ("M1", "oM4")}
    direct = board(phase="battle").monster(1, "Celtic Guardian").build()
    assert [(p.card, p.target) for p in plays_of(direct, "declare_attack")] == [("M1", "direct")]


def test_bp_2_no_attacks_outside_the_battle_phase():
    assert plays_of(board().monster(1, "Celtic Guardian").build(), "declare_attack") == []


# --- Phases, Spells and Traps ------------------------------------------------------------------

@pytest.mark.parametrize("phase, moves", [("main1", {"enter_battle_phase", "end_turn"}),
                                          ("battle", {"enter_main2", "end_turn"}), ("main2", {"end_turn"})])
def test_phase_moves(phase, moves):
    actions = {p.action for p in legal_plays(board(phase=phase).build())}
    assert actions == moves


def test_set_spell_trap_in_free_zones_and_field_zone():
    position = board().hand("Pot of Greed", "Trap Hole", "Kuriboh").spell_trap(2, "Mirror Force").build()
    plays = plays_of(position, "set_spell_trap")
    assert {(p.card, p.zones) for p in plays} == {("H1", ("S1", "S3", "S4", "S5")), ("H2", ("S1", "S3", "S4", "S5"))}


def test_copies_are_listed_once_with_their_count():
    position = board().hand("Kuriboh", "Kuriboh", "Kuriboh").build()
    (play,) = plays_of(position, "normal_summon")
    assert play.card == "H1" and play.copies == 3
    assert len(plays_of(position, "normal_summon", all_instances=True)) == 3
    assert json.loads(json.dumps(play.to_json()))["copies"] == 3


def test_field_copies_are_grouped_keeping_the_lowest_ids():
    position = board().hand("Summoned Skull").monster(2, "Sheep Token").monster(4, "Sheep Token").build()
    (play,) = plays_of(position, "normal_summon")
    assert play.tributes == ("M2",) and play.copies == 2 and play.zones == ("M1", "M2", "M3", "M5")


def test_ns_6_without_tributing_if_you_control_no_monsters(real):
    """Depth Shark (Level 5): "If you control no monsters, you can Normal Summon this card without Tributing."
    -- not Set so, and not once a monster is on the field (any position)."""
    from pysolver import reference
    from pysolver.cards.reading import unread_clauses
    assert not [c for c in unread_clauses(real["Depth Shark"]) if "Tributing" in c.clause]
    empty = board(cards=real).hand("Depth Shark").build()
    plays = legal_plays(empty, all_instances=True)
    assert [(p.action, p.tributes) for p in plays if p.card == "H1"] == [("normal_summon", ())]
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(empty, all_instances=True)]
    occupied = board(cards=real).hand("Depth Shark").monster(2, "Kuriboh", position="set").build()
    plays = legal_plays(occupied, all_instances=True)
    assert not [p for p in plays if p.card == "H1" and not p.tributes]
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(occupied, all_instances=True)]
