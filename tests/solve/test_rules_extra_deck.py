"""Extra Deck summons: one test (at least) per rule id of ZN, SYN, XYZ, LNK (RULES.md)."""

import pytest

from helpers import board, plays_of
from pysolver import PysolverError, apply, legal_plays


def materials(position, action, **options):
    return {(p.card, p.materials) for p in plays_of(position, action, **options)}


# --- SYN ----------------------------------------------------------------------------------------

def test_syn_1_one_tuner_and_non_tuners_face_up():
    position = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian") \
        .monster(3, "Mystical Elf", position="set").extra_deck("Black Rose Dragon").build()
    assert materials(position, "synchro_summon") == {("ED1", ("M1", "M2"))}  # 3 + 4 = 7; set: not material


def test_syn_1_named_tuner_junk_warrior():
    with_junk = board().monster(1, "Junk Synchron").monster(2, "Speed Warrior").extra_deck("Junk Warrior").build()
    assert materials(with_junk, "synchro_summon") == {("ED1", ("M1", "M2"))}
    other = board().monster(1, "Ash Blossom & Joyous Spring").monster(2, "Speed Warrior") \
        .extra_deck("Junk Warrior").build()
    assert plays_of(other, "synchro_summon") == []


def test_syn_1_trishula_needs_two_non_tuners():
    b = board().monster(1, "Junk Synchron").monster(2, "Sangan").monster(3, "Flame Manipulator")
    assert plays_of(b.extra_deck("Trishula, Dragon of the Ice Barrier").build(), "synchro_summon")  # 3 + 3 + 3
    two = board().monster(1, "Junk Synchron").monster(2, "Summoned Skull").extra_deck(
        "Trishula, Dragon of the Ice Barrier").build()   # 3 + 6 = 9 but only 1 non-Tuner
    assert plays_of(two, "synchro_summon") == []


def test_syn_1_two_non_tuners_of_equal_level_both_count():
    """The set-semantics trap: two materials of the same Level must both be added."""
    position = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").monster(3, "Vorse Raider") \
        .extra_deck("Stardust Dragon").build()
    assert plays_of(position, "synchro_summon") == []          # 3 + 4 + 4 = 11, 3 + 4 = 7: no 8
    position = board().monster(1, "Jet Synchron").monster(2, "Celtic Guardian").monster(3, "Speed Warrior") \
        .monster(4, "Speed Warrior").extra_deck("Stardust Dragon").build()
    assert ("ED1", ("M1", "M2", "M3", "M4")) not in materials(position, "synchro_summon", all_instances=True)
    position = board().monster(1, "Jet Synchron").monster(2, "Sangan").monster(3, "Celtic Guardian") \
        .extra_deck("Stardust Dragon").build()             # 1 + 3 + 4 = 8
    assert materials(position, "synchro_summon") == {("ED1", ("M1", "M2", "M3"))}


def test_syn_2_levels_must_sum_exactly():
    position = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Stardust Dragon").build()
    assert plays_of(position, "synchro_summon") == []


def test_syn_3_tokens_may_xyz_and_link_may_not():
    tokens = board().monster(1, "Jet Synchron").monster(2, "Sheep Token").extra_deck("Formula Synchron").build()
    assert materials(tokens, "synchro_summon") == {("ED1", ("M1", "M2"))}
    link = board().monster(1, "Jet Synchron").monster(2, "Linkuriboh").extra_deck("Formula Synchron").build()
    assert plays_of(link, "synchro_summon") == []


def test_syn_3_synchro_tuners_count_as_tuners():
    position = board().monster(1, "Formula Synchron").monster(2, "Vorse Raider", position="attack") \
        .extra_deck("Black Rose Dragon").build()     # 2 + 4 = 6: no; Sangan: 2 + 3
    assert plays_of(position, "synchro_summon") == []
    position = board().monster(1, "Formula Synchron").monster(2, "Summoned Skull").extra_deck("Stardust Dragon").build()
    assert materials(position, "synchro_summon") == {("ED1", ("M1", "M2"))}


def test_syn_4_materials_to_the_graveyard():
    position = board().monster(1, "Junk Synchron").monster(3, "Celtic Guardian").extra_deck("Black Rose Dragon").build()
    play = plays_of(position, "synchro_summon")[0]
    nxt = apply(position, play, zone="M3", battle_position="defense")
    assert nxt["M3"].card.name == "Black Rose Dragon" and nxt["M3"].state.position == "defense"
    assert [c.card.name for c in nxt.me.graveyard] == ["Junk Synchron", "Celtic Guardian"]
    assert nxt.me.extra_deck == () and nxt.events[-1]["summon"] == "synchro"


# --- XYZ ----------------------------------------------------------------------------------------

def test_xyz_1_three_level_4_give_three_pairs():
    position = board().monster(1, "Celtic Guardian").monster(2, "Vorse Raider").monster(3, "Goblindbergh") \
        .extra_deck("Number 39: Utopia").build()
    pairs = materials(position, "xyz_summon", all_instances=True)
    assert pairs == {("ED1", ("M1", "M2")), ("ED1", ("M1", "M3")), ("ED1", ("M2", "M3"))}


def test_xyz_1_identical_copies_listed_once():
    position = board().monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").monster(3, "Celtic Guardian") \
        .extra_deck("Number 39: Utopia", "Number 39: Utopia").build()
    (play,) = plays_of(position, "xyz_summon")
    assert play.materials == ("M1", "M2") and play.card == "ED1" and play.copies == 6  # 3 pairs x 2 copies
    assert len(plays_of(position, "xyz_summon", all_instances=True)) == 6


def test_xyz_1_level_and_qualifiers():
    position = board().monster(1, "Celtic Guardian").monster(2, "Alexandrite Dragon").monster(3, "Sangan") \
        .extra_deck("Constellar Pleiades", "Number 16: Shock Master").build()
    assert plays_of(position, "xyz_summon") == []    # Level 5 LIGHT x2 and 3 Level 4: none
    position = board().monster(1, "Celtic Guardian").monster(2, "Alexandrite Dragon").monster(3, "Vorse Raider") \
        .extra_deck("Number 16: Shock Master").build()
    assert materials(position, "xyz_summon") == {("ED1", ("M1", "M2", "M3"))}


def test_xyz_2_tokens_never_trap_monsters_yes():
    tokens = board().monster(1, "Sheep Token").monster(2, "Sheep Token").extra_deck("Number 39: Utopia",
                                                                                       "Gachi Gachi Gantetsu").build()
    assert plays_of(tokens, "xyz_summon") == []


def test_xyz_3_materials_are_attached_and_an_xyz_material_sends_its_own_to_the_graveyard():
    position = board().monster(1, "Celtic Guardian").monster(2, "Vorse Raider").extra_deck("Number 39: Utopia").build()
    nxt = apply(position, plays_of(position, "xyz_summon")[0], zone="M1")
    assert [c.name for c in nxt["M1"].state.materials] == ["Celtic Guardian", "Vorse Raider"]
    assert list(nxt.instances)[:3] == ["M1", "M1.1", "M1.2"] and nxt.me.graveyard == ()


# --- XYZ-4: alternative procedures written on the card ---------------------------------------------

def alternative(position, **options):
    """The Xyz Summons on one monster, as the solver and as the reference lists them (they must agree)."""
    from pysolver.reference.plays import legal_plays as reference_plays
    solver = {(p.name, p.materials, p.zones) for p in plays_of(position, "xyz_summon", **options)
              if len(p.materials) == 1}
    reference = {(p.name, p.materials, p.zones) for p in reference_plays(position, **options)
                 if p.action == "xyz_summon" and len(p.materials) == 1}
    assert solver == reference
    return {(name, materials) for name, materials, _ in solver}


def test_xyz_4_utopia_ray_on_utopia_transfers_materials():
    from pysolver.reference.apply import apply as reference_apply
    from pysolver.solve.steps import position_state
    position = board().monster(1, "Number 39: Utopia", materials=["Sangan", "Kuriboh"]) \
        .monster(2, "Gagaga Cowboy").extra_deck("Number C39: Utopia Ray").build()
    assert alternative(position) == {("Number C39: Utopia Ray", ("M1",))}   # not on Gagaga Cowboy
    (play,) = plays_of(position, "xyz_summon")
    assert play.zones == ("EMZL", "EMZR", "M1", "M3", "M4", "M5")        # Utopia's zone is free again (ZN-6)
    after = apply(position, play, zone="M1", battle_position="attack")
    assert [c.name for c in after["M1"].state.materials] == ["Sangan", "Kuriboh", "Number 39: Utopia"]
    assert after.me.graveyard == ()                                      # carried over, not sent to the GY
    assert dict(after.events[-1]) == {"summon": "xyz", "cards": ("Number C39: Utopia Ray",), "player": 0,
                                      "from": "extra_deck", "negated": False, "alternative": True}
    assert position_state(after)[0] == position_state(reference_apply(position, play, zone="M1",
                                                                      battle_position="attack"))[0]


def test_xyz_4_utopia_ray_needs_utopia_or_its_line():
    position = board().monster(1, "Celtic Guardian").monster(2, "Vorse Raider").monster(3, "Gagaga Cowboy") \
        .extra_deck("Number C39: Utopia Ray").build()
    assert plays_of(position, "xyz_summon") == []    # 3 Level 4 LIGHT monsters: these are not
    assert alternative(position) == set()


def test_xyz_4_a_face_down_monster_cannot_be_used():
    position = board().monster(1, "Number 39: Utopia", position="set").extra_deck("Number C39: Utopia Ray").build()
    assert alternative(position) == set()


def test_xyz_4_downerd_magician_only_during_main_phase_2():
    def on(monster, phase):
        return alternative(board(phase=phase).monster(1, monster).extra_deck("Downerd Magician").build())
    assert on("Gachi Gachi Gantetsu", "main1") == set()
    assert on("Gachi Gachi Gantetsu", "main2") == {("Downerd Magician", ("M1",))}   # Rank 2
    assert on("Gagaga Cowboy", "main2") == set()                                    # Rank 4: not "3 or lower"
    assert on("Gachi Gachi Gantetsu", "battle") == set()


def test_xyz_4_cyber_dragon_infinity_once_per_turn():
    def with_event(**event):
        b = board().monster(1, "Cyber Dragon Nova").extra_deck("Cyber Dragon Infinity")
        if event:
            b = b.event(summon="xyz", card="Cyber Dragon Infinity", **{"from": "extra_deck"}, **event)
        return alternative(b.build())
    assert with_event() == {("Cyber Dragon Infinity", ("M1",))}
    assert with_event(alternative=True) == set()                     # used this turn
    assert with_event() == with_event(alternative=False)              # its line does not use it
    assert with_event(alternative=True, player=1) == {("Cyber Dragon Infinity", ("M1",))}   # the opponent's


def test_xyz_4_constellar_ptolemy_m7_other_than_itself():
    on_pleiades = board().monster(1, "Constellar Pleiades").extra_deck("Constellar Ptolemy M7").build()
    assert alternative(on_pleiades) == {("Constellar Ptolemy M7", ("M1",))}
    on_itself = board().monster(1, "Constellar Ptolemy M7").extra_deck("Constellar Ptolemy M7").build()
    assert alternative(on_itself) == set()


def test_xyz_4_master_rule_4_zones():
    # Under Master Rule 4 an Xyz Monster from the Extra Deck goes to an Extra Monster Zone or a linked zone:
    # Utopia leaving M1 frees no such zone while the player holds an Extra Monster Zone.
    held = board(rules=4).monster(1, "Number 39: Utopia").monster("left", "Gagaga Cowboy") \
        .extra_deck("Number C39: Utopia Ray").build()
    assert alternative(held) == set()
    on_emz = board(rules=4).monster("left", "Number 39: Utopia").extra_deck("Number C39: Utopia Ray").build()
    (play,) = plays_of(on_emz, "xyz_summon")
    assert play.zones == ("EMZL", "EMZR")                              # the monster used frees its zone
    free = board(rules=4).monster(1, "Number 39: Utopia").extra_deck("Number C39: Utopia Ray").build()
    assert plays_of(free, "xyz_summon")[0].zones == ("EMZL", "EMZR")


def test_xyz_4_zoodiac_broadbull_with_a_different_name_and_expurrely_noir_with_5_materials_real_cards():
    from helpers import need_shared_data
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    ratpier = board(cards=cards).monster(1, "Zoodiac Ratpier").monster(2, "Zoodiac Broadbull") \
        .extra_deck("Zoodiac Broadbull").build()
    assert alternative(ratpier) == {("Zoodiac Broadbull", ("M1",))}   # a Level 4 "Zoodiac" monster, not a copy
    five = ["Sangan", "Kuriboh", "Sangan", "Kuriboh", "Sangan"]
    gantetsu = board(cards=cards).monster(1, "Gachi Gachi Gantetsu", materials=five) \
        .monster(2, "Gachi Gachi Gantetsu", materials=five[:4]).extra_deck("Expurrely Noir").build()
    assert alternative(gantetsu) == {("Expurrely Noir", ("M1",))}     # Rank 2 with 5 or more materials


def test_xyz_4_history_mark_is_checked():
    with pytest.raises(PysolverError, match="alternative"):
        board().event(summon="special", card="Cyber Dragon Infinity", alternative=True).build()


# --- LNK ----------------------------------------------------------------------------------------

def test_lnk_1_decode_talker_counts_link_ratings():
    position = board().monster(1, "Proxy Dragon").monster(2, "Goblindbergh").monster(3, "Gagaga Magician") \
        .extra_deck("Decode Talker").build()
    assert materials(position, "link_summon", all_instances=True) >= {
        ("ED1", ("M1", "M2", "M3")), ("ED1", ("M1", "M2")), ("ED1", ("M1", "M3"))}
    decode = {m for card, m in materials(position, "link_summon", all_instances=True) if card == "ED1"}
    assert decode == {("M1", "M2", "M3"), ("M1", "M2"), ("M1", "M3")}


def test_lnk_1_tokens_are_link_material_and_face_down_are_not():
    position = board().monster(1, "Sheep Token").monster(2, "Sheep Token").monster(3, "Kuriboh", position="set") \
        .extra_deck("Proxy Dragon").build()
    (play,) = plays_of(position, "link_summon")
    assert play.materials == ("M1", "M2") and play.positions == ("attack",)


def test_lnk_2_the_line_conditions():
    b = board().monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").monster(3, "Sangan")
    position = b.extra_deck("Knightmare Phoenix", "Link Spider").build()
    phoenix = {m for card, m in materials(position, "link_summon", all_instances=True) if card == "ED1"}
    assert phoenix == {("M1", "M3"), ("M2", "M3")}                 # different names
    spider = {m for card, m in materials(position, "link_summon", all_instances=True) if card == "ED2"}
    assert spider == {("M1",), ("M2",)}                              # 1 Normal Monster
    fire = board().monster(1, "Celtic Guardian").monster(2, "Ash Blossom & Joyous Spring") \
        .monster(3, "Sangan").extra_deck("Hiita the Fire Charmer, Ablaze").build()
    assert {m for _, m in materials(fire, "link_summon")} == {("M1", "M2"), ("M2", "M3")}   # including a FIRE


def test_lnk_3_link_monsters_only_attack_position():
    position = board().monster(1, "Sheep Token").monster(2, "Kuriboh").extra_deck("Proxy Dragon").build()
    nxt = apply(position, plays_of(position, "link_summon")[0], zone="EMZL")
    assert nxt["EMZL"].card.name == "Proxy Dragon" and nxt["EMZL"].state.position == "attack"


# --- ZN -----------------------------------------------------------------------------------------

def synchro_board(rules):
    b = board(rules=rules).monster(1, "Junk Synchron").monster(2, "Celtic Guardian")
    for zone in (3, 4, 5):
        b.monster(zone, "Kuriboh")
    return b.extra_deck("Black Rose Dragon")


def test_zn_1_one_extra_monster_zone_per_player_shared_with_the_opponent():
    mine = synchro_board(5).monster("left", "Proxy Dragon").build()
    (play,) = plays_of(mine, "synchro_summon")
    assert "EMZR" not in play.zones and "EMZL" not in play.zones
    b = synchro_board(5)
    b.opponent.monster("left", "Proxy Dragon")
    (play,) = plays_of(b.build(), "synchro_summon")
    assert "EMZR" in play.zones and "EMZL" not in play.zones


def test_zn_2_main_deck_monsters_never_go_to_an_extra_monster_zone():
    position = board().hand("Kuriboh").build()
    assert all(not z.startswith("EMZ") for p in plays_of(position, "normal_summon") for z in p.zones)


def test_zn_3_master_rule_3_any_main_monster_zone():
    b = board(rules=3).monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Proxy Dragon")
    (link,) = plays_of(b.extra_deck("Black Rose Dragon").build(), "synchro_summon")
    assert link.zones == ("M1", "M2", "M3", "M4", "M5")


def test_zn_4_master_rule_4_needs_an_extra_monster_zone_or_a_linked_zone():
    b = synchro_board(4)
    b.opponent.monster("left", "Proxy Dragon")
    b.monster("right", "Decode Talker")   # holds the other EMZ: no EMZ, no linked zone free
    assert plays_of(b.build(), "synchro_summon") == []
    b = synchro_board(5)
    b.opponent.monster("left", "Proxy Dragon")
    b.monster("right", "Decode Talker")
    (play,) = plays_of(b.build(), "synchro_summon")
    assert play.zones == ("M1", "M2")   # ZN-5, ZN-6: the materials' zones


def test_zn_4_linked_zones_under_master_rule_4():
    b = board(rules=4).monster(1, "Junk Synchron").monster(2, "Celtic Guardian").monster(4, "Proxy Dragon")
    b.monster("left", "Decode Talker").extra_deck("Black Rose Dragon")
    (play,) = plays_of(b.build(), "synchro_summon")
    # Decode Talker (left EMZ: BL, BR, T) points to M1 and M3; Proxy Dragon (M4: L, R) to M3 and M5.
    assert play.zones == ("M1", "M3", "M5")


def test_zn_4_the_opponents_extra_monster_zone_link_points_into_my_zones():
    b = board(rules=4).monster(1, "Junk Synchron").monster(2, "Celtic Guardian").monster("right", "Decode Talker")
    b.opponent.monster("left", "Knightmare Phoenix")     # R|T: its T points down to the column below (my M2)
    b.extra_deck("Black Rose Dragon")
    (play,) = plays_of(b.build(), "synchro_summon")
    assert play.zones == ("M2", "M3", "M5")              # M3, M5: Decode Talker's BL and BR


def test_zn_5_master_rule_5_link_monsters_still_need_a_linked_zone():
    b = board(rules=5).monster(1, "Sheep Token").monster(2, "Sheep Token").monster("left", "Decode Talker")
    b.extra_deck("Proxy Dragon")
    plays = plays_of(b.build(), "link_summon")
    # Decode Talker points to M1, M2? (BL->M1, B? no, BR->M3): M1 is freed by the material, M3 is free.
    assert {z for p in plays if p.materials == ("M1", "M2") for z in p.zones} == {"M1", "M3"}


def test_zn_6_arrows_of_materials_vanish():
    b = board(rules=4).monster(1, "Junk Synchron").monster(2, "Celtic Guardian").monster("left", "Proxy Dragon")
    b.monster(3, "Sheep Token").monster(4, "Sheep Token").extra_deck("Decode Talker", "Black Rose Dragon")
    plays = plays_of(b.build(), "link_summon", all_instances=True)
    with_proxy = [p for p in plays if "EMZL" in p.materials]
    assert with_proxy and all(p.zones == ("EMZL", "EMZR") for p in with_proxy)


def test_zn_8_link_arrow_geometry_in_main_monster_zones():
    b = board(rules=4).monster(3, "Proxy Dragon").monster(1, "Junk Synchron").monster(5, "Celtic Guardian")
    b.monster("left", "Decode Talker").extra_deck("Black Rose Dragon")
    (play,) = plays_of(b.build(), "synchro_summon")
    # Proxy Dragon in M3 points to M2 and M4; Decode Talker to M1 (freed) and M3 (taken).
    assert play.zones == ("M1", "M2", "M4")


def test_turn_player_one_sees_the_extra_monster_zones_mirrored():
    b = board(rules=4, turn_player=1).monster(1, "Junk Synchron").monster(2, "Celtic Guardian")
    b.monster("right", "Decode Talker")      # the table's right EMZ is above player 1's M2
    b.extra_deck("Black Rose Dragon")
    b.opponent.monster("left", "Proxy Dragon")
    (play,) = plays_of(b.build(), "synchro_summon")
    assert play.zones == ("M1", "M3")   # BL -> M1 (freed), BR -> M3


def test_an_unsupported_material_line_withholds_its_summon_by_name():
    """Issue 15 item 6: a material line pysolver cannot read withholds the card's plays, never the others."""
    position = board().monster(1, "Kuriboh").extra_deck("Salamangreat Almiraj").build()
    plays = legal_plays(position)
    assert not plays.exhaustive and [u.card for u in plays.unread] == ["Salamangreat Almiraj"]
    assert plays.unread[0].id == "ED1" and "material" in plays.unread[0].withheld
    assert not any("ED1" in play.uses() for play in plays)
    assert {"change_position", "end_turn"} <= {play.action for play in plays}
