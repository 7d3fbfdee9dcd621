"""Tribute Summon wordings a monster writes on itself (docs/tribute-rules.md: NS-8..NS-11), on real cards of the
card database (../shared/data/cards.cdb). Every answer is compared with the independent reference."""

from __future__ import annotations

import pytest

from helpers import applied, board
from pysolver import legal_plays
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def tributes(position, action, card="H1"):
    """The Tribute choices of one action of one card (all instances), as the solver and the reference list them
    (they agree on every play of that action)."""
    solver = {p.key for p in legal_plays(position, all_instances=True) if p.action == action}
    reference = {p.key for p in reference_plays(position, all_instances=True) if p.action == action}
    assert solver == reference
    return {p.tributes for p in legal_plays(position, all_instances=True) if p.action == action and p.card == card}


@pytest.mark.parametrize("name", [
    "Gravekeeper's Visionary", "Koa'ki Meiru Rooklord", "Genex Solar", "Red-Eyes Zombie Dragon", "Worm King",
    "Super-Ancient Dinobeast", "Behemoth the King of a Hundred Battles", "Gravekeeper's Oracle", "Power Invader",
    "Hayate the Earth Star", "Gouki Riscorpio", "Wicked Acolyte Chilam Sabak", "Arisen Gaia the Fierce Knight",
    "Gaia the Magical Knight", "Blackwing - Sirocco the Dawn", "Simorgh, Bird of Divinity", "Troposphere",
    "Big Piece Golem", "Mist Archfiend"])
def test_ns_8_to_11_the_wordings_are_read(real, name):
    assert unread_clauses(real[name]) == ()


# --- NS-8: "You can Tribute Summon this card by Tributing 1 X monster" ------------------------------------

def test_ns_8_gravekeepers_visionary_one_gravekeepers_tribute_face_down_too(real):
    position = board(cards=real).hand("Gravekeeper's Visionary").monster(1, "Gravekeeper's Spy", position="set") \
        .monster(2, "Kuriboh").build()
    assert tributes(position, "normal_summon") == {("M1",), ("M1", "M2")}
    assert tributes(position, "set_monster") == {("M1", "M2")}     # the 1-Tribute way is a Summon, never a Set
    play = next(p for p in legal_plays(position) if p.action == "normal_summon" and p.tributes == ("M1",))
    after = applied(position, play, zone="M1")
    assert after.me.monster_zones[0].card.name == "Gravekeeper's Visionary"
    assert after.me.monster_zones[1].card.name == "Kuriboh"


def test_ns_8_red_eyes_zombie_dragon_in_attack_position_by_tributing_1_zombie(real):
    position = board(cards=real).hand("Red-Eyes Zombie Dragon").monster(1, "Mezuki").monster(2, "Kuriboh").build()
    assert tributes(position, "normal_summon") == {("M1",), ("M1", "M2")}
    assert tributes(position, "set_monster") == {("M1", "M2")}


def test_ns_8_worm_king_needs_a_reptile_worm(real):
    position = board(cards=real).hand("Worm King").monster(1, "Worm Apocalypse").monster(2, "Kuriboh").build()
    assert ("M1",) in tributes(position, "normal_summon") and ("M2",) not in tributes(position, "normal_summon")


def test_ns_8_behemoth_the_king_of_a_hundred_battles_any_1_monster(real):
    position = board(cards=real).hand("Behemoth the King of a Hundred Battles").monster(1, "Kuriboh") \
        .monster(2, "Celtic Guardian").build()
    assert tributes(position, "normal_summon") == {("M1",), ("M2",), ("M1", "M2")}
    assert tributes(position, "set_monster") == {("M1", "M2")}


def test_ns_8_gravekeepers_oracle_3_monsters_or_1_gravekeepers(real):
    b = board(cards=real).hand("Gravekeeper's Oracle").monster(1, "Gravekeeper's Spy").monster(2, "Kuriboh") \
        .monster(3, "Celtic Guardian")
    position = b.build()
    summons = tributes(position, "normal_summon")
    assert ("M1",) in summons and ("M2",) not in summons and ("M1", "M2", "M3") in summons
    assert ("M1", "M2", "M3") not in tributes(position, "set_monster")


# --- NS-9: "If <condition>, you can Normal Summon this card without Tributing" ---------------------------

def test_ns_9_power_invader_if_your_opponent_controls_2_or_more_monsters(real):
    one = board(cards=real).hand("Power Invader")
    one.opponent.monster(1, "Kuriboh", position="set")
    assert tributes(one.build(), "normal_summon") == set()
    one.opponent.monster(2, "Kuriboh")
    position = one.build()
    assert tributes(position, "normal_summon") == {()}
    assert tributes(position, "set_monster") == set()      # "Normal Summon", not Set
    applied(position, next(p for p in legal_plays(position) if p.action == "normal_summon"))


def test_ns_9_hayate_the_earth_star_only_the_opponent_or_a_face_up_light(real):
    alone = board(cards=real).hand("Hayate the Earth Star")
    assert tributes(alone.build(), "normal_summon") == set()
    alone.opponent.monster(1, "Kuriboh")
    assert tributes(alone.build(), "normal_summon") == {()}                  # only your opponent controls one
    mine = board(cards=real).hand("Hayate the Earth Star").monster(1, "Mystical Elf", position="set")
    mine.opponent.monster(1, "Kuriboh")
    assert () not in tributes(mine.build(), "normal_summon")                  # a face-down LIGHT is not seen
    light = board(cards=real).hand("Hayate the Earth Star").monster(1, "Mystical Elf")
    assert () in tributes(light.build(), "normal_summon")


def test_ns_9_gouki_riscorpio_no_monsters_or_all_gouki(real):
    assert () in tributes(board(cards=real).hand("Gouki Riscorpio").build(), "normal_summon")
    gouki = board(cards=real).hand("Gouki Riscorpio").monster(1, "Gouki Suprex")
    assert () in tributes(gouki.build(), "normal_summon")
    mixed = board(cards=real).hand("Gouki Riscorpio").monster(1, "Gouki Suprex").monster(2, "Kuriboh")
    assert () not in tributes(mixed.build(), "normal_summon")
    hidden = board(cards=real).hand("Gouki Riscorpio").monster(1, "Gouki Suprex", position="set")
    assert () not in tributes(hidden.build(), "normal_summon")


def test_ns_9_wicked_acolyte_chilam_sabak_5_cards_in_hand_itself_included(real):
    four = board(cards=real).hand("Wicked Acolyte Chilam Sabak", "Kuriboh", "Kuriboh", "Kuriboh")
    assert tributes(four.build(), "normal_summon") == set()
    five = board(cards=real).hand("Wicked Acolyte Chilam Sabak", "Kuriboh", "Kuriboh", "Kuriboh", "Kuriboh")
    assert tributes(five.build(), "normal_summon") == {()}


def test_ns_9_arisen_gaia_if_your_opponent_controls_more_monsters(real):
    even = board(cards=real).hand("Arisen Gaia the Fierce Knight").monster(1, "Kuriboh")
    even.opponent.monster(1, "Kuriboh")
    assert () not in tributes(even.build(), "normal_summon")
    even.opponent.monster(2, "Celtic Guardian")
    assert () in tributes(even.build(), "normal_summon")


def test_ns_9_a_summon_that_changes_the_cards_own_stats_is_withheld(real):
    """Performapal Drummerilla: "If there are no monsters on the field, you can Normal Summon this card without
    Tributing." is read, but "If this card is Normal Summoned without Tributing, its Level becomes 4." is not (a
    position does not record how it was summoned, so its Level on the field is unknown): its plays are
    withheld and said, in the solver and the reference alike."""
    position = board(cards=real).hand("Performapal Drummerilla").build()
    assert tributes(position, "normal_summon") == set()
    (entry,) = legal_plays(position).unread
    assert entry.card == "Performapal Drummerilla" and "Level becomes 4" in entry.clause


def test_ns_9_gaia_the_magical_knight_opponent_face_up_2300_atk(real):
    weak = board(cards=real).hand("Gaia the Magical Knight").monster(1, "Kuriboh")
    weak.opponent.monster(1, "Summoned Skull", position="set")
    assert () not in tributes(weak.build(), "normal_summon")                  # its ATK is hidden
    strong = board(cards=real).hand("Gaia the Magical Knight").monster(1, "Kuriboh")
    strong.opponent.monster(1, "Summoned Skull")
    assert () in tributes(strong.build(), "normal_summon")


def test_ns_9_blackwing_sirocco_the_dawn_summon_or_set_without_tributing(real):
    b = board(cards=real).hand("Blackwing - Sirocco the Dawn")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert tributes(position, "normal_summon") == tributes(position, "set_monster") == {()}
    applied(position, next(p for p in legal_plays(position) if p.action == "set_monster"))


# --- NS-11: "all Tributes must be X" -----------------------------------------------------------------------

def test_ns_11_simorgh_bird_of_divinity_all_tributes_wind_summon_and_set(real):
    position = board(cards=real).hand("Simorgh, Bird of Divinity").monster(1, "Harpie Lady") \
        .monster(2, "Harpie Lady").monster(3, "Kuriboh").build()
    assert tributes(position, "normal_summon") == tributes(position, "set_monster") == {("M1", "M2")}


def test_ns_11_troposphere_the_tribute_must_be_winged_beast(real):
    position = board(cards=real).hand("Troposphere").monster(1, "Harpie Lady").monster(2, "Kuriboh").build()
    assert tributes(position, "normal_summon") == tributes(position, "set_monster") == {("M1",)}


# --- NS-10: "cannot be Tributed" -----------------------------------------------------------------------------

def test_ns_10_summoner_monk_face_up_is_no_tribute_face_down_is(real):
    up = board(cards=real).hand("Summoned Skull").monster(1, "Summoner Monk").monster(2, "Kuriboh").build()
    assert tributes(up, "normal_summon") == {("M2",)}
    down = board(cards=real).hand("Summoned Skull").monster(1, "Summoner Monk", position="set").build()
    assert tributes(down, "normal_summon") == {("M1",)}


def test_ns_10_fox_fire_no_tribute_summon_but_a_ritual_tribute(real):
    position = board(cards=real).hand("Summoned Skull", "Black Luster Soldier", "Black Luster Ritual") \
        .monster(1, "Fox Fire").monster(2, "Dark Magician").build()
    assert tributes(position, "normal_summon") == {("M2",)}
    rituals = {p.materials for p in legal_plays(position, all_instances=True) if p.action == "ritual_summon"}
    assert ("M1", "M2") in rituals
    assert rituals == {p.materials for p in reference_plays(position, all_instances=True) if p.action == "ritual_summon"}


def test_ns_10_mantman_is_no_ritual_tribute_on_the_field_but_is_from_the_hand(real):
    field = board(cards=real).hand("Black Luster Soldier", "Black Luster Ritual").monster(1, "Mantman the Ultrahuman") \
        .monster(2, "Dark Magician").build()
    rituals = {p.materials for p in legal_plays(field, all_instances=True) if p.action == "ritual_summon"}
    assert rituals == {p.materials for p in reference_plays(field, all_instances=True) if p.action == "ritual_summon"}
    assert not any("M1" in m for m in rituals)
    hand = board(cards=real).hand("Black Luster Soldier", "Black Luster Ritual", "Mantman the Ultrahuman") \
        .monster(2, "Dark Magician").build()
    rituals = {p.materials for p in legal_plays(hand, all_instances=True) if p.action == "ritual_summon"}
    assert rituals == {p.materials for p in reference_plays(hand, all_instances=True) if p.action == "ritual_summon"}
    assert ("H3", "M2") in rituals


def test_ns_10_lava_golem_cannot_tribute_a_face_up_summoner_monk(real):
    b = board(cards=real).hand("Lava Golem")
    b.opponent.monster(1, "Summoner Monk").monster(2, "Kuriboh").monster(3, "Celtic Guardian")
    position = b.build()
    costs = {p.cost for p in legal_plays(position, all_instances=True) if p.action == "procedure_summon"}
    assert costs == {p.cost for p in reference_plays(position, all_instances=True) if p.action == "procedure_summon"}
    assert costs == {("oM2", "oM3")}
