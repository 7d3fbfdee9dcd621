"""Materials whose own text changes how they are used (issue 15, items 3 and 4; RULES.md SYN-1, XYZ-1,
XYZ-2, XYZ-4, LNK-1; engine-rules.md §4.4, §4.5). Real cards from the card database (the `real` fixture)
and from the built-in pool; each check compares the solver with pysolver.reference."""

from __future__ import annotations

from helpers import board
from pysolver import legal_plays
from pysolver.reference.plays import legal_plays as reference_plays


def summons(position, action, name=None):
    """{(card name, materials)} of one summon action; the solver and the reference must list the same."""
    solver = {p.key for p in legal_plays(position) if p.action == action}
    reference = {p.key for p in reference_plays(position) if p.action == action}
    assert solver == reference
    return {(p.name, p.materials) for p in legal_plays(position) if p.action == action
            and (name is None or p.name == name)}


# --------------------------------------------------------------------------------------------------
# "Cannot be used as material for a Fusion, Synchro, Xyz, or Link Summon." (engine: EFFECT_CANNOT_BE_*_MATERIAL)

def test_xyz_4_number_s39_utopia_the_lightning_cannot_be_used_as_material_for_an_xyz_summon(real):
    # Gaia Dragon, the Thunder Charger: "You can also Xyz Summon this card by using a Rank 5 or 6 Xyz Monster
    # you control": Number 61: Volcasaurus (Rank 5) may be used; Number S39 (Rank 5) says "Cannot be used as
    # material for an Xyz Summon."
    position = board(cards=real).monster(1, "Number S39: Utopia the Lightning").monster(2, "Number 61: Volcasaurus") \
        .extra_deck("Gaia Dragon, the Thunder Charger").build()
    assert summons(position, "xyz_summon") == {("Gaia Dragon, the Thunder Charger", ("M2",))}


def test_xyz_4_galaxy_eyes_cipher_blade_dragon_is_no_material_of_number_95(real):
    # Number 95: Galaxy-Eyes Dark Matter Dragon: "... by using a "Galaxy-Eyes" Xyz Monster you control";
    # Galaxy-Eyes Cipher Blade Dragon: "Cannot be used as material for an Xyz Summon."
    position = board(cards=real).monster(1, "Galaxy-Eyes Cipher Blade Dragon") \
        .monster(2, "Galaxy-Eyes Cipher Dragon").extra_deck("Number 95: Galaxy-Eyes Dark Matter Dragon").build()
    assert summons(position, "xyz_summon") == {("Number 95: Galaxy-Eyes Dark Matter Dragon", ("M2",))}


def test_lnk_1_syn_1_xyz_1_centerfrog_is_no_material_of_any_summon():
    # Centerfrog (Level 2): "Cannot be used as material for a Fusion, Synchro, Xyz, or Link Summon."
    position = board().monster(1, "Centerfrog").monster(2, "Kuriboh").monster(3, "Sangan") \
        .extra_deck("Proxy Dragon").build()
    assert summons(position, "link_summon") == {("Proxy Dragon", ("M2", "M3"))}


def test_syn_1_hinezumi_hanabi_and_the_dustons_read_as_never_material(real):
    from pysolver.cards import coverage
    from pysolver.cards.cardtext import material_rules
    assert material_rules(real["Hinezumi Hanabi"]).never == {"fusion", "synchro", "xyz", "link"}
    assert material_rules(real["Yellow Duston"]).never == {"fusion", "synchro", "xyz"}
    assert material_rules(real["Number 95: Galaxy-Eyes Dark Matter Dragon"]).never == {"xyz"}
    for name in ("Hinezumi Hanabi", "Number S39: Utopia the Lightning", "Galaxy-Eyes Cipher Blade Dragon"):
        assert coverage.supported(real[name]) is None, name
    # what a material gives the monster its Summon used it for is read with the Summon's record (Infernity Doom
    # Archfiend's "A DARK Synchro Monster that was Summoned using this card as material can make up to 2 attacks ..."
    # since MST-2, Deep Sea Prima Donna's protection since TGZ-4, docs/targeting-rules.md; Martial Metal Marcher's Tuner
    # since MUS-4)
    assert coverage.supported(real["Infernity Doom Archfiend"]) is None


# --------------------------------------------------------------------------------------------------
# SYN-1 (engine-rules.md §4.5, the Synchro procedure's `sub1`): "For this card's Synchro Summon, you can treat
# 1 X you control as a Tuner."

def test_syn_1_chaos_angel_treats_1_light_or_dark_monster_as_its_tuner(real):
    # Chaos Angel (Level 10): "1 Tuner + 1+ non-Tuner LIGHT or DARK monsters"; no Tuner on the board.
    position = board(cards=real).monster(1, "Summoned Skull").monster(2, "Mystical Elf") \
        .monster(3, "Celtic Guardian").monster(4, "Sangan").monster(5, "Kuriboh").extra_deck("Chaos Angel").build()
    # Summoned Skull (DARK 6) + Mystical Elf (LIGHT 4); Summoned Skull + Sangan (DARK 3) + Kuriboh (DARK 1):
    # one of them the Tuner. Celtic Guardian (EARTH 4) is neither the Tuner nor a LIGHT/DARK non-Tuner.
    assert summons(position, "synchro_summon") == {("Chaos Angel", ("M1", "M2")), ("Chaos Angel", ("M1", "M4", "M5"))}


def test_syn_1_only_1_monster_is_treated_as_a_tuner(real):
    # Cyber Slash Harpie Lady (Level 8): "1 Tuner + 1+ non-Tuner monsters"; "treat 1 "Harpie" monster you
    # control as a Tuner". Two Harpie Lady (4 + 4) would need both: one is the Tuner, the other a non-Tuner.
    position = board(cards=real).monster(1, "Harpie Lady").monster(2, "Harpie Lady").monster(3, "Sangan") \
        .monster(4, "Kuriboh").monster(5, "Junk Synchron").extra_deck("Cyber Slash Harpie Lady").build()
    found = summons(position, "synchro_summon")
    assert ("Cyber Slash Harpie Lady", ("M1", "M2")) in found        # a Harpie as the Tuner, the other not
    assert ("Cyber Slash Harpie Lady", ("M1", "M3", "M4")) in found  # 4 + 3 + 1, Harpie Lady the Tuner
    assert ("Cyber Slash Harpie Lady", ("M3", "M4", "M5")) not in found   # 3 + 1 + 3 = 7
    # Sangan is no "Harpie": with Junk Synchron (a Tuner) it is a non-Tuner, never a second Tuner
    assert all(set(materials) != {"M3", "M5"} for _, materials in found)
    no_harpie = board(cards=real).monster(1, "Summoned Skull").monster(2, "Sangan").monster(3, "Kuriboh") \
        .extra_deck("Cyber Slash Harpie Lady").build()
    assert summons(no_harpie, "synchro_summon") == set()             # 6 + 1 + 1 would need a Tuner


def test_syn_1_junora_treats_the_monster_in_the_center_main_monster_zone_as_a_tuner(real):
    # Junora the Power Patron of Tuning (Level 10): "1 Tuner + 2 non-Tuners"; "you can treat 1 monster in your
    # center Main Monster Zone as a Tuner": M3.
    center = board(cards=real).monster(1, "Sangan").monster(2, "Mystical Elf").monster(3, "Summoned Skull") \
        .monster(4, "Kuriboh").extra_deck("Junora the Power Patron of Tuning").build()
    assert summons(center, "synchro_summon") == {("Junora the Power Patron of Tuning", ("M1", "M3", "M4"))}
    aside = board(cards=real).monster(1, "Sangan").monster(2, "Mystical Elf").monster(4, "Summoned Skull") \
        .monster(5, "Kuriboh").extra_deck("Junora the Power Patron of Tuning").build()
    assert summons(aside, "synchro_summon") == set()                 # Summoned Skull is not in M3


def test_syn_1_ib_treats_a_world_chalice_normal_monster_as_a_tuner_and_the_others_stay_unread(real):
    from pysolver.cards import coverage
    from pysolver.cards.written import TunerSubstitute, tuner_substitute
    for name in ("Chaos Angel", "Cyber Slash Harpie Lady", "Ib the World Chalice Justiciar",
                 "Junora the Power Patron of Tuning"):
        assert isinstance(tuner_substitute(real[name]), TunerSubstitute), name
        assert coverage.supported(real[name]) is None, name
    # "1 Pendulum Summoned Pendulum Monster": the position's summoned_as (below)
    assert coverage.supported(real["Nirvana High Paladin"]) is None


# --------------------------------------------------------------------------------------------------
# MTX-1 (docs/material-rules.md): "For this card's Synchro Summon, you can treat 1 Link-1 monster you control as a
# Level 1 Tuner." (the "Yummy Way" cards: Level 2, "1 Tuner + 1 non-Tuner monster")

def test_mtx_1_the_yummy_way_cards_are_read(real):
    from pysolver.cards import coverage
    from pysolver.cards.requirements import Atom
    from pysolver.cards.written import TunerSubstitute, tuner_substitute
    for name in ("Cupsy★Yummy Way", "Cooky★Yummy Way", "Lollipo★Yummy Way"):
        assert tuner_substitute(real[name]) == TunerSubstitute(Atom("link_rating", "=", 1), level=1), name
        assert coverage.supported(real[name]) is None, name
    # "as a Level 1 Tuner" of a monster with a Level of its own is not read (MTX-1 reads a Link Monster only)
    from dataclasses import replace

    from pysolver.cards.written import UnsupportedText
    other = replace(real["Cupsy★Yummy Way"], passcode=990000002, name="Test Way",
                    text="1 Tuner + 1 non-Tuner monster\nFor this card's Synchro Summon, you can treat 1 Level 4 "
                         "monster you control as a Level 1 Tuner.")
    assert isinstance(tuner_substitute(other), UnsupportedText)
    assert coverage.supported(other) is not None


def test_mtx_1_cupsy_yummy_way_treats_a_link_1_monster_as_a_level_1_tuner(real):
    # Linkuriboh (Link-1) as the Level 1 Tuner + Kuriboh (Level 1) = 2; Link Spider (Link-1) too; never both
    # Link Monsters (one would be a non-Tuner); Linkuriboh with Sangan (Level 3) makes 4, not 2.
    position = board(cards=real).monster(1, "Linkuriboh").monster(2, "Kuriboh").monster(3, "Sangan") \
        .monster(4, "Link Spider").extra_deck("Cupsy★Yummy Way").build()
    assert summons(position, "synchro_summon") == {("Cupsy★Yummy Way", ("M1", "M2")),
                                                    ("Cupsy★Yummy Way", ("M2", "M4"))}


def test_mtx_1_the_link_monster_is_never_the_non_tuner(real):
    # Glow-Up Bulb (a Level 1 Tuner) + Linkuriboh: the Link Monster would be the non-Tuner, which the text does
    # not allow.
    position = board(cards=real).monster(1, "Linkuriboh").monster(2, "Glow-Up Bulb") \
        .extra_deck("Cooky★Yummy Way").build()
    assert summons(position, "synchro_summon") == set()
    # a Link-2 monster is no Level 1 Tuner
    link_2 = board(cards=real).monster(1, "Proxy Dragon").monster(2, "Kuriboh").extra_deck("Lollipo★Yummy Way").build()
    assert summons(link_2, "synchro_summon") == set()
    # the plain Tuner + non-Tuner summon stays: Glow-Up Bulb (Tuner 1) + Kuriboh (1)
    plain = board(cards=real).monster(1, "Glow-Up Bulb").monster(2, "Kuriboh").extra_deck("Lollipo★Yummy Way").build()
    assert summons(plain, "synchro_summon") == {("Lollipo★Yummy Way", ("M1", "M2"))}


def test_mtx_1_only_the_yummy_way_treats_link_monsters(real):
    # another Level 2 Synchro Monster with "1 Tuner + 1 non-Tuner monster" takes no Link Monster
    position = board(cards=real).monster(1, "Linkuriboh").monster(2, "Kuriboh") \
        .extra_deck("Cupsy★Yummy Way").extra_deck("Formula Synchron").build()
    assert summons(position, "synchro_summon") == {("Cupsy★Yummy Way", ("M1", "M2"))}


def test_syn_1_the_summon_with_a_treated_tuner_applies_like_any_synchro_summon(real):
    from helpers import applied
    position = board(cards=real).monster(1, "Summoned Skull").monster(2, "Mystical Elf").extra_deck("Chaos Angel") \
        .build()
    (play,) = [p for p in legal_plays(position) if p.action == "synchro_summon"]
    after = applied(position, play)
    assert {c.card.name for c in after.me.graveyard} >= {"Summoned Skull", "Mystical Elf"}


# --------------------------------------------------------------------------------------------------
# XYZ-1 (engine-rules.md §4.4 "Level check", EFFECT_XYZ_LEVEL): monsters counted as another Level

def test_xyz_1_gigantic_spright_treats_link_2_monsters_you_control_as_level_2():
    # Gigantic Spright: "2 Level 2 monsters"; "For this card's Xyz Summon, you can treat Link-2 monsters you
    # control as Level 2 monsters for material." Proxy Dragon and Knightmare Phoenix are Link-2; Link Spider
    # is Link-1; Kuriboh is Level 1.
    position = board().monster(1, "Proxy Dragon").monster(2, "Link Spider").monster(3, "Kuriboh") \
        .monster(4, "Knightmare Phoenix").extra_deck("Gigantic Spright").build()
    assert summons(position, "xyz_summon") == {("Gigantic Spright", ("M1", "M4"))}
    # only for its own Xyz Summon: Link-2 monsters are no Level 2 material of another Rank 2 Xyz Monster
    # (and never a Token, nor the opponent's Link-2)
    other = board().monster(1, "Proxy Dragon").monster(2, "Knightmare Phoenix").extra_deck("Gagaga Cowboy") \
        .build()
    assert summons(other, "xyz_summon") == set()


def test_xyz_1_gigantic_spright_with_a_level_2_monster_and_the_materials_attached(real):
    from helpers import applied
    position = board(cards=real).monster(1, "Proxy Dragon").monster(2, "Doron") \
        .extra_deck("Gigantic Spright").build()
    (play,) = [p for p in legal_plays(position) if p.action == "xyz_summon"]
    assert play.materials == ("M1", "M2")
    summons(position, "xyz_summon")
    after = applied(position, play)
    spright = next(m for m in after.me.monster_zones + after.me.extra_monster_zones if m is not None)
    assert spright.card.name == "Gigantic Spright" and {c.name for c in spright.materials} == {"Proxy Dragon", "Doron"}


def test_xyz_1_eclipse_twins_treats_rank_4_monsters_you_control_as_level_4(real):
    position = board(cards=real).monster(1, "Number 39: Utopia").monster(2, "Gagaga Magician") \
        .monster(3, "Abyss Dweller").monster(4, "Sangan").extra_deck("Eclipse Twins").build()
    assert summons(position, "xyz_summon") == {("Eclipse Twins", ("M1", "M2")), ("Eclipse Twins", ("M1", "M3")),
                                               ("Eclipse Twins", ("M2", "M3"))}


def test_xyz_1_star_drawing_and_buzzsaw_shark_treated_as_another_level(real):
    # Star Drawing (Level 4): "If this card is used for an Xyz Summon, you can treat it as a Level 5 monster."
    # Buzzsaw Shark (Level 4): "If this card is used for the Xyz Summon of a WATER monster, it can be treated as
    # a Level 3 or 5 monster."
    position = board(cards=real).monster(1, "Star Drawing").monster(2, "Buzzsaw Shark").monster(3, "Sangan") \
        .extra_deck("Number 61: Volcasaurus", "Bahamut Shark", "Number 17: Leviathan Dragon").build()
    found = summons(position, "xyz_summon")
    # Volcasaurus (FIRE, 2 Level 5): Star Drawing as 5, Buzzsaw Shark not (not a WATER Xyz Monster)
    assert not any(name == "Number 61: Volcasaurus" for name, _ in found)
    # Number 17: Leviathan Dragon (WATER, 2 Level 3): Buzzsaw Shark as 3 with Sangan
    assert ("Number 17: Leviathan Dragon", ("M2", "M3")) in found
    assert ("Number 17: Leviathan Dragon", ("M1", "M3")) not in found
    # Bahamut Shark (2 Level 4 WATER): Buzzsaw Shark with its own Level; Star Drawing is EARTH
    assert not any(name == "Bahamut Shark" for name, _ in found)
    five = board(cards=real).monster(1, "Star Drawing").monster(2, "Buzzsaw Shark") \
        .extra_deck("Number 61: Volcasaurus", "Valiant Shark Lancer").build()
    # Valiant Shark Lancer (WATER, 2 Level 5 monsters): both treated as Level 5; Volcasaurus (FIRE) not
    assert summons(five, "xyz_summon") == {("Valiant Shark Lancer", ("M1", "M2"))}


# --------------------------------------------------------------------------------------------------
# "Cannot be used as Link Material the turn it is Link Summoned." (engine: EFFECT_CANNOT_BE_LINK_MATERIAL while
# STATUS_SPSUMMON_TURN and the summon type is Link): the position's `summoned_this_turn` and `summoned_as`

def test_lnk_1_platinum_gadget_is_no_link_material_the_turn_it_is_link_summoned():
    def link(**state):
        position = board().monster(1, "Platinum Gadget", **state).monster(2, "Kuriboh") \
            .extra_deck("Proxy Dragon").build()
        return summons(position, "link_summon")
    assert link(summoned_this_turn=True, summoned_as="link") == set()
    assert link(summoned_this_turn=True) == {("Proxy Dragon", ("M1", "M2"))}   # Special Summoned otherwise
    assert link(summoned_as="link") == {("Proxy Dragon", ("M1", "M2"))}         # Link Summoned an earlier turn


def test_lnk_1_a_link_summon_records_summoned_as_and_then_the_monster_is_no_link_material():
    from helpers import applied
    position = board().monster(1, "Sangan").monster(2, "Kuriboh").monster(3, "Celtic Guardian") \
        .extra_deck("Platinum Gadget", "Proxy Dragon").build()
    play = next(p for p in legal_plays(position) if p.action == "link_summon" and p.name == "Proxy Dragon"
                and p.materials == ("M1", "M2"))
    after = applied(position, play)
    proxy = next(m for m in after.me.monster_zones + after.me.extra_monster_zones if m is not None
                 and m.card.name == "Proxy Dragon")
    assert proxy.summoned_as == "link" and proxy.summoned_this_turn
    from pysolver.position.files import position_from_dict, position_to_dict
    assert position_from_dict(position_to_dict(after)) == after        # the file keeps it


def test_xyz_4_dragon_gate_is_no_xyz_material_the_turn_it_was_xyz_summoned(real):
    # Gaia Dragon, the Thunder Charger: "by using a Rank 5 or 6 Xyz Monster you control"; Dragon Gate (Rank 6):
    # "Cannot be used as material for an Xyz Summon the turn it was Xyz Summoned."
    def alternative(**state):
        position = board(cards=real).monster(1, "Dragon Gate", **state) \
            .extra_deck("Gaia Dragon, the Thunder Charger").build()
        return summons(position, "xyz_summon")
    assert alternative(summoned_this_turn=True, summoned_as="xyz") == set()
    assert alternative(summoned_this_turn=True) == {("Gaia Dragon, the Thunder Charger", ("M1",))}
    assert alternative(summoned_as="xyz") == {("Gaia Dragon, the Thunder Charger", ("M1",))}


def test_summoned_as_is_checked_against_the_card():
    import pytest
    from pysolver.position.value import PositionError
    with pytest.raises(PositionError, match="not a Link Monster"):
        board().monster(1, "Kuriboh", summoned_as="link").build()
    with pytest.raises(PositionError, match="unknown Summon"):
        board().monster(1, "Proxy Dragon", summoned_as="tribute").build()


def test_syn_1_nirvana_high_paladin_treats_a_pendulum_summoned_pendulum_monster_as_a_tuner(real):
    # Nirvana High Paladin (Level 10): "1 Tuner + 1+ non-Tuner Synchro Monsters"; "you can treat 1 Pendulum
    # Summoned Pendulum Monster you control as a Tuner": the position's summoned_as.
    def nirvana(**state):
        position = board(cards=real).monster(1, "Dinomist Stegosaur", summoned_this_turn=True, **state) \
            .monster(2, "Gaia Knight, the Force of Earth").extra_deck("Nirvana High Paladin").build()
        return summons(position, "synchro_summon")
    assert nirvana(summoned_as="pendulum") == {("Nirvana High Paladin", ("M1", "M2"))}
    assert nirvana() == set()        # Special Summoned otherwise: not "Pendulum Summoned"


def test_xyz_4_xyz_armor_fortress_is_no_xyz_material_while_it_has_material(real):
    # Xyz Armor Fortress (Rank 5): "Cannot be used as material for an Xyz Summon while it has material."
    def alternative(**state):
        position = board(cards=real).monster(1, "Xyz Armor Fortress", **state) \
            .extra_deck("Gaia Dragon, the Thunder Charger").build()
        return summons(position, "xyz_summon")
    assert alternative(materials=["Sangan"]) == set()
    assert alternative() == {("Gaia Dragon, the Thunder Charger", ("M1",))}


# --------------------------------------------------------------------------------------------------
# docs/material-rules.md MAT-1, NS-12, FUS-4: more wordings of the materials' own rules

def test_mat_1_vampire_duke_is_xyz_material_only_for_a_dark_monster(real):
    # Vampire Duke (Level 5 DARK): "Cannot be used as material for an Xyz Summon, except for the Xyz Summon of a
    # DARK monster." Number 14: Greedy Sarameya is DARK, Number 61: Volcasaurus is FIRE (both 2 Level 5 monsters).
    position = board(cards=real).monster(1, "Vampire Duke").monster(2, "Vampire Duke") \
        .extra_deck("Number 14: Greedy Sarameya", "Number 61: Volcasaurus").build()
    assert summons(position, "xyz_summon") == {("Number 14: Greedy Sarameya", ("M1", "M2"))}


def test_mat_1_mystic_macrocarpa_seed_is_synchro_material_only_for_an_earth_monster(real):
    # Mystic Macrocarpa Seed (Level 3 EARTH Tuner): "Cannot be used as a Synchro Material Monster, except for the
    # Synchro Summon of an EARTH monster." Goyo Guardian (EARTH 6) yes; Black Rose Dragon (FIRE 7) no.
    position = board(cards=real).monster(1, "Mystic Macrocarpa Seed").monster(2, "Sangan") \
        .monster(3, "Celtic Guardian").extra_deck("Goyo Guardian", "Black Rose Dragon").build()
    assert summons(position, "synchro_summon") == {("Goyo Guardian", ("M1", "M2"))}


def test_mat_1_magikey_mafteal_for_a_synchro_or_xyz_summon_of_a_magikey_monster_only(real):
    # Maginificent Magikey Mafteal (Level 4 Tuner): "Cannot be used as material for a Synchro or Xyz Summon, except
    # for the Synchro or Xyz Summon of a "Magikey" monster": read for both kinds.
    from pysolver.cards.cardtext import material_rules
    assert {kind for kind, _ in material_rules(real["Maginificent Magikey Mafteal"]).only_for} == {"synchro", "xyz"}
    position = board(cards=real).monster(1, "Maginificent Magikey Mafteal").monster(2, "Celtic Guardian") \
        .monster(3, "Mystical Elf").extra_deck("Number 39: Utopia").build()
    assert summons(position, "xyz_summon") == {("Number 39: Utopia", ("M2", "M3"))}


def test_mat_1_never_material_for_a_summon_of_the_kinds_listed(real):
    # Putrid Pudding Body Buddies: "Cannot be used as a Fusion, Synchro, or Xyz Material for a Summon."
    from pysolver.cards.cardtext import material_rules
    assert material_rules(real["Putrid Pudding Body Buddies"]).never == {"fusion", "synchro", "xyz"}


def test_ns_12_totem_dragon_counts_as_2_tributes_for_a_dragon_monster(real):
    # Totem Dragon: "Can be treated as 2 Tributes for the Tribute Summon of a Dragon monster."
    dragon = board(cards=real).hand("Blue-Eyes White Dragon").monster(1, "Totem Dragon").build()
    assert summons(dragon, "normal_summon") == {("Blue-Eyes White Dragon", None)}
    assert {p.tributes for p in legal_plays(dragon) if p.action == "normal_summon"} == {("M1",)}
    spellcaster = board(cards=real).hand("Dark Magician").monster(1, "Totem Dragon").build()
    assert summons(spellcaster, "normal_summon") == set()


def test_ns_12_light_effigy_and_world_ark(real):
    # Light Effigy: "If you Tribute Summon a LIGHT Normal Monster, you can treat this 1 monster as 2 Tributes.";
    # World Ark: "This card can be treated as 2 Tributes for the Tribute Summon of a monster."
    for name, summoned, doubled in (("Light Effigy", "Blue-Eyes White Dragon", True),
                                    ("Light Effigy", "Dark Magician", False),
                                    ("World Legacy - \"World Ark\"", "Dark Magician", True)):
        position = board(cards=real).hand(summoned).monster(1, name).monster(2, "Sangan").build()
        summons(position, "normal_summon")   # the solver and the reference agree
        tributes = {p.tributes for p in legal_plays(position) if p.action == "normal_summon"}
        assert (("M1",) in tributes) == doubled and ("M1", "M2") in tributes, name


def test_ns_12_the_double_tribute_play_applies(real):
    from helpers import applied
    position = board(cards=real).hand("Blue-Eyes White Dragon").monster(1, "Totem Dragon").build()
    (play,) = [p for p in legal_plays(position) if p.action == "normal_summon"]
    after = applied(position, play)
    assert after.me.monster_zones[0].card.name == "Blue-Eyes White Dragon"
    assert [c.card.name for c in after.me.graveyard] == ["Totem Dragon"]


def test_fus_4_fusion_parasite_is_fusion_material_only_as_a_substitute(real):
    # Fusion Parasite (DARK Insect): "This card can be used as a substitute for any 1 Fusion Material whose name is
    # specifically listed on the Fusion Monster Card, ... Cannot be used as Fusion Material otherwise."
    # Flame Swordsman: "Flame Manipulator" + "Masaki the Legendary Swordsman": Parasite for Flame Manipulator.
    # Garura (2 monsters with the same Type and Attribute, different names): Spiked Snail is a DARK Insect too.
    position = board(cards=real).hand("Polymerization", "Masaki the Legendary Swordsman") \
        .monster(1, "Fusion Parasite").monster(2, "Spiked Snail") \
        .extra_deck("Flame Swordsman", "Garura, Wings of Resonant Life").build()
    found = {(name, materials) for name, materials in summons(position, "fusion_summon")}
    assert found == {("Flame Swordsman", ("H2", "M1"))}


# --------------------------------------------------------------------------------------------------
# MAT-2 (docs/material-rules.md): a part of the material line that says where its materials are

def test_mat_2_starving_venom_fusion_dragon_takes_dark_monsters_on_the_field_only(real):
    # "2 DARK monsters on the field, except Tokens": with Polymerization, the DARK monster in the hand is no
    # material; the two on the field are.
    position = board(cards=real).hand("Polymerization", "Dark Magician").monster(1, "Kuriboh") \
        .monster(2, "Summoned Skull").extra_deck("Starving Venom Fusion Dragon").build()
    assert summons(position, "fusion_summon") == {("Starving Venom Fusion Dragon", ("M1", "M2"))}
    alone = board(cards=real).hand("Polymerization", "Dark Magician").monster(1, "Kuriboh") \
        .extra_deck("Starving Venom Fusion Dragon").build()
    assert summons(alone, "fusion_summon") == set()


def test_mat_2_dracotail_shaulas_takes_its_second_material_from_the_hand(real):
    # "1 "Dracotail" monster + 1 monster in the hand": the place is the second part's only; a monster on the
    # field cannot be that second material.
    position = board(cards=real).hand("Polymerization", "Kuriboh").monster(1, "Dracotail Mululu").monster(2, "Sangan") \
        .extra_deck("Dracotail Shaulas").build()
    assert summons(position, "fusion_summon") == {("Dracotail Shaulas", ("H2", "M1"))}


def test_mat_2_fossil_materials_in_the_gy_leave_polymerization_no_summon(real):
    # "1 Rock monster in your GY + 1 Level 4 or lower monster": Polymerization takes materials from the hand and
    # the field only (FUS-1); the GY part is never filled, whatever is in the GY.
    position = board(cards=real).hand("Polymerization", "Giant Soldier of Stone").monster(1, "Kuriboh") \
        .graveyard("Giant Soldier of Stone").extra_deck("Fossil Machine Skull Buggy", "Starving Venom Fusion Dragon") \
        .build()
    assert summons(position, "fusion_summon") == set()


def test_mat_2_denial_deity_dotan_takes_2_monsters_except_on_the_field_or_in_the_gy(real):
    # "1 LIGHT monster + 2 monsters, except on the field or in the GY": with Polymerization the 2 come from the hand;
    # the LIGHT one from the hand or the field. Kuriboh on the field is no second material.
    position = board(cards=real).hand("Polymerization", "Sangan", "Celtic Guardian").monster(1, "Mystical Elf") \
        .monster(2, "Kuriboh").extra_deck("Denial Deity Dotan").build()
    assert summons(position, "fusion_summon") == {("Denial Deity Dotan", ("H2", "H3", "M1"))}
    steps_agree(position)
    short = board(cards=real).hand("Polymerization", "Sangan").monster(1, "Mystical Elf") \
        .monster(2, "Kuriboh").extra_deck("Denial Deity Dotan").build()
    assert summons(short, "fusion_summon") == set()
    from pysolver.cards import coverage
    assert coverage.supported(real["Denial Deity Dotan"]) is None


def test_mat_2_place_phrases_belong_to_their_own_part():
    from pysolver.cards.material_lines import parse_material_line
    places = [group.place for group in parse_material_line(
        "1 Rock monster + 1 Level 4 or lower monster in your opponent's GY", "fusion").groups]
    assert places == ["", "opponent_gy"]
    line = parse_material_line('1 "Yubel" monster + 1+ Effect Monsters on the field', "fusion")
    assert [group.place for group in line.groups] == ["", "field"]
    assert str(line.groups[1]) == "1+ Effect Monsters on the field"


def steps_agree(position):
    """Horizon 1 of the step-indexed turn gives the solver's plays (instance level), each move replaying as `apply`
    makes it (`replay` compares the states)."""
    from pysolver.solve.steps import Planner, replay
    planner = Planner(position, symmetry=False)
    planner.control.configuration.solve.models = 0
    planner.control.configuration.solve.project = "show"
    planner.ask(1)
    every = lambda p: legal_plays(p, all_instances=True)
    keys = set()
    with planner.control.solve(yield_=True) as handle:
        for model in handle:
            ((play, _, _),) = replay(model.symbols(atoms=True), position, 1, every)
            keys.add(play.key)
    assert keys == {p.key for p in every(position) if p.action != "end_turn"}


# --------------------------------------------------------------------------------------------------
# MAT-3 (docs/material-rules.md): a material line's condition on the printed (original) ATK, DEF or Level, on
# the material's zone ("you control", "in the Extra Monster Zone") and on its face ("face-up").

def test_mat_3_ultimate_dragon_of_pride_and_soul_takes_2500_original_atk_and_def(real):
    # "3 monsters with 2500 original ATK/DEF" (the engine: IsBaseAttack(2500) and IsBaseDefense(2500)):
    # Regenesis Sage is 2500/2500; Summoned Skull is 2500/1200.
    position = board(cards=real).hand("Polymerization", "Summoned Skull").monster(1, "Regenesis Sage") \
        .monster(2, "Regenesis Sage").monster(3, "Regenesis Sage") \
        .extra_deck("Ultimate Dragon of Pride and Soul").build()
    assert summons(position, "fusion_summon") == {("Ultimate Dragon of Pride and Soul", ("M1", "M2", "M3"))}
    short = board(cards=real).hand("Polymerization", "Summoned Skull").monster(1, "Regenesis Sage") \
        .monster(2, "Regenesis Sage").extra_deck("Ultimate Dragon of Pride and Soul").build()
    assert summons(short, "fusion_summon") == set()


def test_mat_3_paladins_of_bonds_and_unity_non_tuners_with_2500_original_atk_and_def(real):
    # "1 Tuner + 1+ non-Tuner monsters with 2500 original ATK & DEF" (Level 12): Mahaama the Fairy Dragon (Tuner,
    # 5) + Regenesis Sage (7, 2500/2500); Labradorite Dragon (Tuner, 6) + Summoned Skull (6, 2500/1200) is not.
    position = board(cards=real).monster(1, "Regenesis Sage").monster(2, "Mahaama the Fairy Dragon") \
        .monster(3, "Summoned Skull").monster(4, "Labradorite Dragon").extra_deck("Paladins of Bonds and Unity").build()
    assert summons(position, "synchro_summon") == {("Paladins of Bonds and Unity", ("M1", "M2"))}


def test_mat_3_greedy_venom_fusion_dragon_takes_a_dark_monster_whose_original_level_is_8_or_higher(real):
    # '1 "Predaplant" monster + 1 DARK monster whose original Level is 8 or higher': Tri-Horned Dragon (DARK 8)
    # is one, Dark Magician (DARK 7) is not.
    position = board(cards=real).hand("Polymerization", "Predaplant Lilizard", "Tri-Horned Dragon") \
        .monster(1, "Dark Magician").extra_deck("Greedy Venom Fusion Dragon").build()
    assert summons(position, "fusion_summon") == {("Greedy Venom Fusion Dragon", ("H2", "H3"))}


def test_mat_3_clockwork_knight_takes_a_machine_with_1000_or_less_original_atk(real):
    # "1 non-Link Machine monster with 1000 or less original ATK": Yaiba Robo (1000) is one, Holograh (1100) is
    # not; Chimeratech Megafleet Dragon (printed 0) says "The original ATK of this card becomes 1200 x the number
    # of materials used for its Special Summon": on the field its original ATK is unknown, so it is not one, and
    # the plays that use it are withheld (not known to be illegal), the answer says so.
    position = board(cards=real).monster(1, "Yaiba Robo").monster(2, "Holograh") \
        .monster(3, "Chimeratech Megafleet Dragon").extra_deck("Clockwork Knight").build()
    assert summons(position, "link_summon") == {("Clockwork Knight", ("M1",))}
    plays = legal_plays(position)
    assert not plays.exhaustive and [(u.card, u.id) for u in plays.unread] == [("Chimeratech Megafleet Dragon", "M3")]
    assert "M3" not in {i for p in plays for i in p.uses()}
    without = board(cards=real).monster(1, "Yaiba Robo").monster(3, "Chimeratech Megafleet Dragon").build()
    assert legal_plays(without).exhaustive      # no card sets an ATK/DEF condition: nothing to withhold


def test_mat_3_gravity_controller_takes_a_monster_in_an_extra_monster_zone(real):
    # "1 non-Link Monster in an Extra Monster Zone": Stardust Dragon there is one, Sangan in M1 is not.
    position = board(cards=real).monster("left", "Stardust Dragon").monster(1, "Sangan") \
        .extra_deck("Gravity Controller").build()
    found = summons(position, "link_summon")
    assert found and all(materials == ("EMZL",) for _, materials in found)
    steps_agree(position)
    alone = board(cards=real).monster(1, "Sangan").extra_deck("Gravity Controller").build()
    assert summons(alone, "link_summon") == set()


def test_mat_3_gaia_prominence_takes_a_face_up_monster_you_control(real):
    # '"Gaia Blaze, the Force of the Sun" + 1 face-up monster you control': Sangan (face-up) is one; Kuriboh in
    # the hand and the Set Celtic Guardian are not.
    position = board(cards=real).hand("Polymerization", "Kuriboh").monster(1, "Gaia Blaze, the Force of the Sun") \
        .monster(2, "Sangan").monster(3, "Celtic Guardian", position="set") \
        .extra_deck("Gaia Prominence, the Fierce Force").build()
    assert summons(position, "fusion_summon") == {("Gaia Prominence, the Fierce Force", ("M1", "M2"))}
    steps_agree(position)


def test_mat_3_favorite_hero_shining_flare_wingman_takes_a_face_up_monster_on_the_field(real):
    # "1 Fusion Monster + 1 face-up monster on the field": Thousand Dragon (Fusion) + Sangan; not Kuriboh in the
    # hand, not the Set Celtic Guardian.
    position = board(cards=real).hand("Polymerization", "Kuriboh").monster(1, "Thousand Dragon") \
        .monster(2, "Sangan").monster(3, "Celtic Guardian", position="set") \
        .extra_deck("Favorite HERO Shining Flare Wingman").build()
    assert summons(position, "fusion_summon") == {("Favorite HERO Shining Flare Wingman", ("M1", "M2"))}


def test_mat_3_chimeratech_megafleet_dragon_takes_monsters_in_either_extra_monster_zone(real):
    # '1 "Cyber Dragon" monster + 1+ monsters in the Extra Monster Zone', sent "from either field": the
    # opponent's Stardust Dragon in an Extra Monster Zone is one; Sangan in a Main Monster Zone is not.
    from helpers import procedure_summons
    position = board(cards=real).monster(1, "Cyber Dragon").monster(2, "Sangan") \
        .extra_deck("Chimeratech Megafleet Dragon")
    position.opponent.monster("right", "Stardust Dragon")
    assert procedure_summons(position.build()) == {("ED1", ("M1", "oEMZR"))}
    steps_agree(position.build())
    alone = board(cards=real).monster(1, "Cyber Dragon").monster(2, "Sangan") \
        .extra_deck("Chimeratech Megafleet Dragon").build()
    assert procedure_summons(alone) == set()


def test_mat_3_materials_read_now(real):
    from pysolver.cards import coverage
    for name in ("Ultimate Dragon of Pride and Soul", "Paladins of Bonds and Unity", "Greedy Venom Fusion Dragon",
                 "Clockwork Knight", "Gravity Controller", "Gaia Prominence, the Fierce Force",
                 "Favorite HERO Shining Flare Wingman", "Chimeratech Megafleet Dragon"):
        assert coverage.supported(real[name]) is None, name
    # '"Fallen of Albaz" + 1 Effect Monster Special Summoned this turn': read now (docs/battle-rules.md SMT-4)
    assert coverage.supported(real["Sprind the Irondash Dragon"]) is None


# --------------------------------------------------------------------------------------------------
# MAT-7 (docs/material-rules.md): "Special Summoned from the Extra Deck" in a material line, and the position's
# `special_summoned_from` (a Fusion/Synchro/Xyz/Link Summon says it itself: `summoned_as`).

def _from_extra_deck_board(real):
    """Stardust Dragon Synchro Summoned (so from the Extra Deck), Formula Synchron and Odd-Eyes Pendulum Dragon
    Special Summoned from the Extra Deck (said), Thousand Dragon (not said: read as not from there), Sangan
    Special Summoned from the GY."""
    return board(cards=real).monster("left", "Stardust Dragon", summoned_as="synchro") \
        .monster(1, "Formula Synchron", special_summoned_from="extra_deck") \
        .monster(2, "Odd-Eyes Pendulum Dragon", special_summoned_from="extra_deck").monster(3, "Thousand Dragon") \
        .monster(4, "Sangan", special_summoned_from="graveyard")


def test_mat_7_taotie_dragon_and_zefra_metaltron_take_monsters_special_summoned_from_the_extra_deck(real):
    # "2+ monsters Special Summoned from the Extra Deck" (Link-3; the engine: IsSummonLocation(LOCATION_EXTRA)):
    # the three from the Extra Deck; not Thousand Dragon (no state says so), not Sangan (from the GY).
    for name in ("Taotie Dragon", "Zefra Metaltron"):
        position = _from_extra_deck_board(real).extra_deck(name).build()
        assert summons(position, "link_summon") == {(name, ("EMZL", "M1", "M2"))}, name
    steps_agree(_from_extra_deck_board(real).extra_deck("Taotie Dragon").build())


def test_mat_7_magnum_the_reliever_takes_a_monster_special_summoned_from_the_extra_deck_and_one_in_the_hand(real):
    # "1 monster Special Summoned from the Extra Deck + 1 monster in the hand", with Polymerization: Stardust Dragon
    # (Synchro Summoned) + Kuriboh; Sangan (from the GY) is no first material.
    position = board(cards=real).hand("Polymerization", "Kuriboh").monster("left", "Stardust Dragon", summoned_as="synchro") \
        .monster(1, "Sangan", special_summoned_from="graveyard").extra_deck("Magnum the Reliever").build()
    assert summons(position, "fusion_summon") == {("Magnum the Reliever", ("H2", "EMZL"))}
    none = board(cards=real).hand("Polymerization", "Kuriboh").monster(1, "Stardust Dragon") \
        .monster(2, "Sangan", special_summoned_from="hand").extra_deck("Magnum the Reliever").build()
    assert summons(none, "fusion_summon") == set()     # no state says Stardust Dragon came from the Extra Deck


def test_mat_7_extox_hydra_takes_monsters_you_control_special_summoned_from_the_extra_deck(real):
    # "2+ monsters you control, Special Summoned from the Extra Deck": the Odd-Eyes Pendulum Dragon Pendulum Summoned
    # from the Extra Deck is one, the one Pendulum Summoned from the hand is not.
    position = board(cards=real).hand("Polymerization", "Kuriboh").monster("left", "Stardust Dragon", summoned_as="synchro") \
        .monster(1, "Odd-Eyes Pendulum Dragon", summoned_as="pendulum", special_summoned_from="extra_deck") \
        .monster(2, "Odd-Eyes Pendulum Dragon", summoned_as="pendulum", special_summoned_from="hand") \
        .extra_deck("Extox Hydra").build()
    assert summons(position, "fusion_summon") == {("Extox Hydra", ("EMZL", "M1"))}


def test_mat_7_invoked_elysium_with_aleister_and_a_monster_from_the_extra_deck(real):
    # '1 "Invoked" monster + 1 monster that was Special Summoned from the Extra Deck'
    position = board(cards=real).hand("Polymerization").monster(1, "Invoked Raidjin", summoned_as="fusion") \
        .monster(2, "Sangan").extra_deck("Invoked Elysium").build()
    assert summons(position, "fusion_summon") == set()      # Invoked Raidjin cannot be both materials
    both = board(cards=real).hand("Polymerization").monster(1, "Invoked Raidjin", summoned_as="fusion") \
        .monster(2, "Stardust Dragon", summoned_as="synchro").extra_deck("Invoked Elysium").build()
    assert summons(both, "fusion_summon") == {("Invoked Elysium", ("M1", "M2"))}


def test_mat_7_the_cards_are_read(real):
    from pysolver.cards import coverage
    for name in ("Magnum the Reliever", "Extox Hydra", "Invoked Elysium", "Taotie Dragon", "Zefra Metaltron"):
        assert coverage.supported(real[name]) is None, name
    # "1 Normal Summoned/Set monster": not read (a position does not say a monster was Normal Summoned or Set)
    assert coverage.supported(real["Salamangreat Almiraj"]) is not None


def test_mat_7_apply_records_where_each_special_summon_came_from(real):
    """A Synchro Summon (from the Extra Deck, derived from `summoned_as`), a revival (from the GY) and a Normal
    Summon (none) as `apply`, the reference applier and the step-indexed transition record them; the file keeps
    them; the next turn keeps them."""
    from helpers import applied

    from pysolver.position.apply import apply
    from pysolver.position.files import position_from_dict, position_to_dict
    position = board(cards=real).monster(1, "Junk Synchron").monster(2, "Cyber Dragon") \
        .hand("Monster Reborn", "Kuriboh").graveyard("Sangan").extra_deck("Stardust Dragon").build()
    plays = legal_plays(position)
    synchro = next(p for p in plays if p.action == "synchro_summon" and p.name == "Stardust Dragon")
    after = applied(position, synchro)
    stardust = next(m for m in after.me.monster_zones + after.me.extra_monster_zones
                    if m is not None and m.card.name == "Stardust Dragon")
    assert stardust.special_summoned_from == "extra_deck" and "special_summoned_from" not in str(position_to_dict(after))
    assert position_from_dict(position_to_dict(after)) == after
    reborn = next(p for p in plays if p.action == "activate" and p.name == "Monster Reborn")
    revived = applied(position, reborn, **({"zone": reborn.zones[0]} if reborn.zones else {}))
    sangan = next(m for m in revived.me.monster_zones if m is not None and m.card.name == "Sangan")
    assert sangan.special_summoned_from == "graveyard"
    assert position_from_dict(position_to_dict(revived)) == revived
    normal = next(p for p in plays if p.action == "normal_summon" and p.name == "Kuriboh")
    kuriboh = next(m for m in applied(position, normal).me.monster_zones if m is not None and m.card.name == "Kuriboh")
    assert kuriboh.special_summoned_from is None
    later = apply(apply(revived, next(p for p in legal_plays(revived) if p.action == "end_turn")),
                  next(p for p in legal_plays(apply(revived, next(p for p in legal_plays(revived)
                                                                   if p.action == "end_turn"))) if p.action == "end_turn"))
    assert any(m is not None and m.card.name == "Sangan" and m.special_summoned_from == "graveyard"
               for m in later.me.monster_zones)


def test_mat_7_a_line_of_two_synchro_summons_stardust_dragon_then_fuses_it_into_magnum(real):
    """The step-indexed turn carries `special_summoned_from` from the Synchro Summon to the Fusion Summon that uses
    it (each move replayed with apply)."""
    from pysolver.solve.steps import Planner, replay
    position = board(cards=real).monster(1, "Junk Synchron").monster(2, "Cyber Dragon") \
        .hand("Polymerization", "Kuriboh").extra_deck("Stardust Dragon", "Magnum the Reliever").build()
    planner = Planner(position, symmetry=True)
    planner.control.configuration.solve.models = 0
    planner.control.configuration.solve.project = "show"
    planner.ask(2)
    lines = set()
    every = lambda p: legal_plays(p, all_instances=True)
    with planner.control.solve(yield_=True) as handle:
        for model in handle:
            lines.add(tuple((play.action, play.name) for play, _, _ in replay(model.symbols(atoms=True), position, 2,
                                                                                 every)))
    assert (("synchro_summon", "Stardust Dragon"), ("fusion_summon", "Magnum the Reliever")) in lines
    assert not any(line[0][0] != "synchro_summon" and ("fusion_summon", "Magnum the Reliever") in line
                   for line in lines)


def test_mat_7_special_summoned_from_is_checked_against_summoned_as_and_the_card(real):
    import pytest

    from pysolver.position.value import PositionError
    with pytest.raises(PositionError, match="so Special Summoned from the Extra Deck"):
        board(cards=real).monster(1, "Stardust Dragon", summoned_as="synchro", special_summoned_from="graveyard").build()
    with pytest.raises(PositionError, match="from the hand or the Extra Deck"):
        board(cards=real).monster(1, "Odd-Eyes Pendulum Dragon", summoned_as="pendulum",
                                  special_summoned_from="graveyard").build()
    with pytest.raises(PositionError, match="cannot have been Special Summoned from the Extra Deck"):
        board(cards=real).monster(1, "Sangan", special_summoned_from="extra_deck").build()
    with pytest.raises(PositionError, match="unknown place"):
        board(cards=real).monster(1, "Sangan", special_summoned_from="field").build()
    same = board(cards=real).monster(1, "Stardust Dragon", summoned_as="synchro", special_summoned_from="extra_deck")
    assert same.build() == board(cards=real).monster(1, "Stardust Dragon", summoned_as="synchro").build()


# --------------------------------------------------------------------------------------------------
# MAT-4 (docs/material-rules.md): "If you Synchro Summon this card, all materials must be the same Attribute."

def test_mat_4_judgment_the_dragon_of_heaven_takes_materials_of_one_attribute(real):
    # Judgment (Level 8, "1 Tuner + 1+ non-Tuner monsters"): Tune Warrior (EARTH Tuner 3) + Leo Wizard (EARTH 5),
    # Genex Controller (DARK Tuner 3) + Shapesnatch (DARK 5); never an EARTH and a DARK monster together.
    position = board(cards=real).monster(1, "Tune Warrior").monster(2, "Genex Controller").monster(3, "Leo Wizard") \
        .monster(4, "Shapesnatch").extra_deck("Judgment, the Dragon of Heaven").build()
    assert summons(position, "synchro_summon") == {("Judgment, the Dragon of Heaven", ("M1", "M3")),
                                                   ("Judgment, the Dragon of Heaven", ("M2", "M4"))}
    steps_agree(position)


def test_mat_4_judgment_is_read(real):
    from pysolver.cards import coverage
    from pysolver.cards.cardtext import material_requirement
    from pysolver.cards.requirements import SameProperty
    assert coverage.supported(real["Judgment, the Dragon of Heaven"]) is None
    assert SameProperty("attribute") in material_requirement(real["Judgment, the Dragon of Heaven"]).conditions


# --------------------------------------------------------------------------------------------------
# MAT-5 (docs/material-rules.md): "with the same Type or Attribute": all of one Type, or all of one Attribute.

def test_mat_5_union_carrier_takes_2_monsters_of_one_type_or_one_attribute(real):
    # Summoned Skull (DARK Fiend) + Dark Magician (DARK Spellcaster): one Attribute; Dark Magician + Mystical Elf
    # (LIGHT Spellcaster): one Type; no other pair (Celtic Guardian is EARTH Warrior).
    position = board(cards=real).monster(1, "Summoned Skull").monster(2, "Dark Magician").monster(3, "Mystical Elf") \
        .monster(4, "Celtic Guardian").extra_deck("Union Carrier").build()
    assert summons(position, "link_summon") == {("Union Carrier", ("M1", "M2")), ("Union Carrier", ("M2", "M3"))}
    steps_agree(position)


def test_mat_5_union_carrier_is_read(real):
    from pysolver.cards import coverage
    assert coverage.supported(real["Union Carrier"]) is None


# --------------------------------------------------------------------------------------------------
# MAT-6 (docs/material-rules.md): "that have material" (an Xyz Monster with material attached).

def test_mat_6_number_93_utopia_kaiser_takes_number_xyz_monsters_that_have_material(real):
    # '2+ "Number" Xyz Monsters, with the same Rank, that have material': the two Number 39: Utopia with material
    # (Rank 4); not the third one without material, not Number 17: Leviathan Dragon (Rank 3) with material.
    position = board(cards=real).monster(1, "Number 39: Utopia", materials=["Kuriboh"]) \
        .monster(2, "Number 39: Utopia", materials=["Sangan", "Kuriboh"]).monster(3, "Number 39: Utopia") \
        .monster(4, "Number 17: Leviathan Dragon", materials=["Sangan"]).extra_deck("Number 93: Utopia Kaiser").build()
    assert summons(position, "xyz_summon") == {("Number 93: Utopia Kaiser", ("M1", "M2"))}
    steps_agree(position)


def test_mat_6_utopia_kaiser_is_read(real):
    from pysolver.cards import coverage
    assert coverage.supported(real["Number 93: Utopia Kaiser"]) is None


def test_mat_6_number_f0_utopic_future_takes_xyz_monsters_without_a_level(real):
    # '2 Xyz Monsters with the same Rank, except "Number" monsters': Xyz Monsters have no Level, and the line asks
    # for none (the engine: Xyz.AddProcedure without a Level): Gagaga Cowboy + Daigusto Emeral (both Rank 4); not
    # Number 39: Utopia (a "Number"), not Sangan (no Xyz Monster).
    position = board(cards=real).monster(1, "Gagaga Cowboy", materials=["Kuriboh"]).monster(2, "Daigusto Emeral") \
        .monster(3, "Number 39: Utopia").monster(4, "Sangan").extra_deck("Number F0: Utopic Future").build()
    assert summons(position, "xyz_summon") == {("Number F0: Utopic Future", ("M1", "M2"))}
    steps_agree(position)


# --------------------------------------------------------------------------------------------------
# MTX-2 (docs/material-rules.md; engine: EFFECT_SYNCHRO_MATERIAL_CUSTOM): "If this card on the field is used as
# Synchro Material, you can treat it and all other Synchro Materials (that have a Level) as Level 2 monsters."

def test_mtx_2_the_flower_cardians_are_read(real):
    from pysolver.cards import coverage
    from pysolver.cards.written import AllLevels, synchro_all_levels
    assert synchro_all_levels(real["Flower Cardian Peony with Butterfly"]) == AllLevels(2, on_field=True)
    assert synchro_all_levels(real["Flower Cardian Willow with Calligrapher"]) == AllLevels(2, on_field=True)
    assert synchro_all_levels(real["Flower Cardian Moonflowerviewing"]) == AllLevels(2, on_field=False)
    for name in ("Flower Cardian Peony with Butterfly", "Flower Cardian Willow with Calligrapher",
                 "Flower Cardian Moonflowerviewing"):
        assert coverage.supported(real[name]) is None, name


def test_mtx_2_peony_with_butterfly_makes_every_material_level_2(real):
    # Peony with Butterfly (Level 6 Tuner), Kuriboh (1), Sangan (3). Armory Arm (Level 4): Peony + one of them,
    # 2 + 2; Moonflowerviewing (Level 6, "1 Tuner + 2 non-Tuner monsters"): all three, 2 + 2 + 2; Black Rose
    # Dragon (Level 7): Peony + Kuriboh with their own Levels, 6 + 1 (all three as Level 2 make 6, not 7).
    position = board(cards=real).monster(1, "Flower Cardian Peony with Butterfly").monster(2, "Kuriboh") \
        .monster(3, "Sangan").extra_deck("Armory Arm").extra_deck("Flower Cardian Moonflowerviewing") \
        .extra_deck("Black Rose Dragon").build()
    assert summons(position, "synchro_summon") == {
        ("Armory Arm", ("M1", "M2")), ("Armory Arm", ("M1", "M3")),
        ("Flower Cardian Moonflowerviewing", ("M1", "M2", "M3")), ("Black Rose Dragon", ("M1", "M2"))}


def test_mtx_2_all_or_none_of_the_materials_count_as_level_2(real):
    # Willow with Calligrapher (Level 11 Tuner) + Kuriboh (1) + Sangan (3): not 11 + 1 + 3 = 15, nor a mix such
    # as Willow as Level 2 + Sangan 3 = 5 (Magical Android, Level 5); all as Level 2: 4 (Armory Arm), 6
    # (Moonflowerviewing).
    position = board(cards=real).monster(1, "Flower Cardian Willow with Calligrapher").monster(2, "Kuriboh") \
        .monster(3, "Sangan").extra_deck("Armory Arm").extra_deck("Flower Cardian Moonflowerviewing") \
        .extra_deck("Magical Android").build()
    found = summons(position, "synchro_summon")
    assert found == {("Armory Arm", ("M1", "M2")), ("Armory Arm", ("M1", "M3")),
                     ("Flower Cardian Moonflowerviewing", ("M1", "M2", "M3"))}
    # without a Flower Cardian, Sangan + Kuriboh + a Tuner count with their own Levels only
    plain = board(cards=real).monster(1, "Glow-Up Bulb").monster(2, "Kuriboh").monster(3, "Sangan") \
        .extra_deck("Armory Arm").extra_deck("Flower Cardian Moonflowerviewing").build()
    assert summons(plain, "synchro_summon") == {("Armory Arm", ("M1", "M3"))}


def test_mtx_2_moonflowerviewing_as_a_material(real):
    # Moonflowerviewing (a Level 6 Synchro Tuner): "When this card is used as Synchro Material, ...": with
    # Kuriboh, 2 + 2 = 4 (Armory Arm), or 6 + 1 = 7 (Black Rose Dragon).
    position = board(cards=real).monster(1, "Flower Cardian Moonflowerviewing").monster(2, "Kuriboh") \
        .extra_deck("Armory Arm").extra_deck("Black Rose Dragon").build()
    assert summons(position, "synchro_summon") == {("Armory Arm", ("M1", "M2")), ("Black Rose Dragon", ("M1", "M2"))}


# --------------------------------------------------------------------------------------------------
# MTX-3 (docs/material-rules.md): what a card gains from the materials of its own Summon, when that decides no play
# (a protection from destruction; an ATK change during the Damage Step / damage calculation only, BP-17)

def test_mtx_3_sentences_that_decide_no_play_are_read(real):
    from pysolver.cards import coverage, reading
    for name in ("Reptilianne Melusine", "Salamangreat Violet Chimera"):
        assert coverage.supported(real[name]) is None, name
    onimaru = [u.clause for u in reading.unread_clauses(real["Assault Blackwing - Onimaru the Divine Thunder"])]
    assert not any("gains 3000 ATK" in clause for clause in onimaru)
    # Black Luster Soldier - Soldier of Chaos stays unread: its protection is read (TGZ-5, docs/targeting-rules.md), its
    # effect's second attack "during the Battle Phase of your next turn" is not
    assert coverage.supported(real["Black Luster Soldier - Soldier of Chaos"]) is not None
    # a second attack decides attack declarations (BP-5): not read as deciding no play (Battlewasp - Hama the
    # Conquering Bow's is MUS-3's; a material's ATK, Zerrziel's, stays unread)
    assert coverage.supported(real["Zerrziel, Ruler of the Evil Eyed"]) is not None


def test_mtx_3_melusine_and_violet_chimera_play_like_any_monster(real):
    from helpers import whole_plays
    builder = board(cards=real, phase="battle")
    builder.monster(1, "Reptilianne Melusine").monster(2, "Salamangreat Violet Chimera")
    builder.opponent.monster(1, "Sangan")
    plays = whole_plays(builder.build())    # the same plays as the reference, none withheld
    assert {card for action, card, _ in plays if action == "declare_attack"} == {"M1", "M2"}
    main = board(cards=real).monster(1, "Reptilianne Melusine").monster(2, "Salamangreat Violet Chimera") \
        .extra_deck("Proxy Dragon").build()
    assert ("link_summon", "ED1", None) in whole_plays(main)


# --------------------------------------------------------------------------------------------------
# MTX-4 (docs/material-rules.md): "If this card is Synchro Summoned using a "Blackwing" monster as Material, it is
# treated as a Tuner while face-up on the field." (the Assault Blackwing monsters; the position's treated_as_tuner)

_ASSAULT = ("Assault Blackwing - Raikiri the Rain Shower", "Assault Blackwing - Sayo the Rain Hider",
            "Assault Blackwing - Chidori the Rain Sprinkling", "Assault Blackwing - Kusanagi the Gathering Storm",
            "Assault Blackwing - Sohaya the Rain Storm", "Assault Blackwing - Onimaru the Divine Thunder")


def test_mtx_4_the_assault_blackwings_are_read(real):
    from pysolver.cards import coverage
    from pysolver.cards.requirements import Atom
    from pysolver.cards.written import tuner_if_material
    for name in _ASSAULT:
        assert tuner_if_material(real[name]) == Atom("archetype", "=", 0x33), name
        assert coverage.supported(real[name]) is None, name
    # "A Synchro Monster that used this card as material is treated as a Tuner": read by MUS-4
    # (tests/solve/test_rules_summon_materials.py)
    assert coverage.supported(real["Martial Metal Marcher"]) is None


def test_mtx_4_sayo_synchro_summoned_using_a_blackwing_is_a_tuner(real):
    from helpers import applied
    # Sayo the Rain Hider (Level 2, "1 Tuner + 1 non-Tuner monster"): Jin the Rain Shadow (a Level 1 "Blackwing"
    # Tuner) + Kuriboh (1); Glow-Up Bulb (a Level 1 Tuner, no "Blackwing") + Kuriboh
    for tuner, treated in (("Blackwing - Jin the Rain Shadow", True), ("Glow-Up Bulb", False)):
        position = board(cards=real).monster(1, tuner).monster(2, "Kuriboh").monster(3, "Sangan") \
            .extra_deck("Assault Blackwing - Sayo the Rain Hider").extra_deck("Magical Android").build()
        (play,) = [p for p in legal_plays(position) if p.action == "synchro_summon"
                   and p.name == "Assault Blackwing - Sayo the Rain Hider"]
        after = applied(position, play, zone=play.zones[0], battle_position="attack")   # all three appliers agree
        (sayo,) = [m for m in after.me.monster_zones + after.me.extra_monster_zones
                   if m is not None and m.card.name == "Assault Blackwing - Sayo the Rain Hider"]
        assert sayo.treated_as_tuner is treated
        # Magical Android (Level 5, "1 Tuner + 1 or more non-Tuner monsters"): Sayo (2) as the Tuner + Sangan (3)
        found = summons(after, "synchro_summon", "Magical Android")
        assert bool(found) is treated


def test_mtx_4_treated_as_tuner_in_a_position_file(real):
    import pytest

    from pysolver.errors import PysolverError
    from pysolver.position.files import position_from_dict, position_to_dict
    position = board(cards=real).monster(1, "Assault Blackwing - Sayo the Rain Hider", treated_as_tuner=True,
                                         summoned_as="synchro").monster(2, "Sangan") \
        .extra_deck("Magical Android").extra_deck("Black Rose Dragon").build()
    assert summons(position, "synchro_summon") == {("Magical Android", ("M1", "M2"))}
    # the same monster not treated as a Tuner (the position does not say so): no Tuner, no Synchro Summon
    plain = board(cards=real).monster(1, "Assault Blackwing - Sayo the Rain Hider", summoned_as="synchro") \
        .monster(2, "Sangan").extra_deck("Magical Android").build()
    assert summons(plain, "synchro_summon") == set()
    assert position_to_dict(position)["players"][0]["monster_zones"][1]["treated_as_tuner"] is True
    assert position_from_dict(position_to_dict(position), cards=real) == position
    with pytest.raises(PysolverError, match="treated_as_tuner"):
        board(cards=real).monster(1, "Assault Blackwing - Sayo the Rain Hider", position="set",
                                  treated_as_tuner=True).build()


# --------------------------------------------------------------------------------------------------
# MTX-5 (docs/material-rules.md): "While this card has Xyz Material, Level 5 or higher monsters cannot be Special
# Summoned." (Evilswarm Ophion: a lock on both players while it has material)

def test_mtx_5_evilswarm_ophion_locks_level_5_or_higher_while_it_has_material(real):
    from pysolver.cards import coverage
    assert coverage.supported(real["Evilswarm Ophion"]) is None
    for materials, locked in ((["Evilswarm Kerykeion", "Evilswarm Mandragora"], True), ([], False)):
        builder = board(cards=real).monster(1, "Glow-Up Bulb").monster(2, "Summoned Skull").monster(3, "Sangan") \
            .extra_deck("Black Rose Dragon").extra_deck("Armory Arm")
        builder.opponent.monster(1, "Evilswarm Ophion", materials=materials, summoned_as="xyz")
        found = {name for name, _ in summons(builder.build(), "synchro_summon")}
        # Armory Arm (Level 4) either way; Black Rose Dragon (Level 7) only while Ophion has no material
        assert found == ({"Armory Arm"} if locked else {"Armory Arm", "Black Rose Dragon"})


def test_mtx_5_poisonous_winds_the_passive_form_without_a_condition(real):
    # "WIND monsters cannot be Special Summoned." (a Continuous Spell): Clear Wing Synchro Dragon (WIND, Level 7) is
    # locked, Black Rose Dragon (FIRE, Level 7) is not
    position = board(cards=real).monster(1, "Glow-Up Bulb").monster(2, "Summoned Skull") \
        .spell_trap(1, "Poisonous Winds").extra_deck("Black Rose Dragon").extra_deck("Clear Wing Synchro Dragon").build()
    assert {name for name, _ in summons(position, "synchro_summon")} == {"Black Rose Dragon"}
