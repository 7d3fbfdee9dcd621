"""Pendulum, Ritual and Fusion Summons: tests per rule id (PEN, RIT, FUS, ZN-5..7)."""


from helpers import board, plays_of
from pysolver import apply, legal_plays, reference


def scales(rules=5, low="Foucault's Cannon", high="Flash Knight"):   # scales 2 and 7
    b = board(rules=rules)
    if rules == 3:
        return b.pendulum_zone("left", low).pendulum_zone("right", high)
    return b.spell_trap(1, low).spell_trap(5, high)


def pendulum_sets(position, **options):
    return {p.cards for p in plays_of(position, "pendulum_summon", **options)}


# --- ZN-7 and Pendulum Scales -----------------------------------------------------------------

def test_zn_7_scales_go_to_the_leftmost_and_rightmost_spell_trap_zones():
    plays = plays_of(board().hand("Stargazer Magician").spell_trap(1, "Pot of Greed").build(), "activate_scale")
    assert [(p.card, p.zone) for p in plays] == [("H1", "S5")]
    plays = plays_of(board(rules=3).hand("Stargazer Magician").build(), "activate_scale")
    assert [p.zone for p in plays] == ["PZL", "PZR"]
    assert plays_of(board().hand("Kuriboh").build(), "activate_scale") == []


def test_zn_7_a_scale_is_face_up_after_activation():
    position = board().hand("Stargazer Magician", "Timegazer Magician").build()
    nxt = apply(position, plays_of(position, "activate_scale")[0])
    assert nxt["S1"].card.name == "Stargazer Magician" and nxt["S1"].state.face_up
    assert [(p.card, p.zone) for p in plays_of(nxt, "activate_scale")] == [("H1", "S5")]


# --- PEN ------------------------------------------------------------------------------------------

def test_pen_1_levels_strictly_between_the_scales():
    """Done when: scales 2 and 7, Level 2, 3, 6 and 7 in hand give exactly {3}, {6}, {3, 6}."""
    position = scales().hand("Petit Dragon", "Flame Manipulator", "Summoned Skull", "Dark Magician").build()
    assert pendulum_sets(position) == {("H2",), ("H3",), ("H2", "H3")}


def test_pen_1_face_up_extra_deck_monster_joins_when_an_extra_monster_zone_is_free():
    b = scales().hand("Petit Dragon", "Flame Manipulator", "Summoned Skull", "Dark Magician")
    position = b.extra_deck("Stargazer Magician", face_up=True).build()
    assert pendulum_sets(position) == {("H2",), ("H3",), ("H2", "H3"), ("ED1",), ("H2", "ED1"), ("H3", "ED1"),
                                       ("H2", "H3", "ED1")}
    (play,) = [p for p in plays_of(position, "pendulum_summon") if p.cards == ("ED1",)]
    assert play.zones == {"ED1": ("EMZL", "EMZR")}


def test_pen_1_not_when_own_link_holds_the_extra_monster_zone_pointing_nowhere_free():
    b = scales().hand("Flame Manipulator").extra_deck("Stargazer Magician", face_up=True)
    b.monster("left", "Linkuriboh")          # Link-1, arrow B: points to M2, which is occupied
    b.monster(2, "Kuriboh")
    assert pendulum_sets(b.build()) == {("H1",)}


def test_pen_1_once_per_turn_and_both_scales_needed():
    position = scales(**{}).hand("Flame Manipulator").build()
    used = board(pendulum_summon_used=True).spell_trap(1, "Foucault's Cannon").spell_trap(5, "Flash Knight") \
        .hand("Flame Manipulator").build()
    one = board().spell_trap(1, "Foucault's Cannon").hand("Flame Manipulator").build()
    assert pendulum_sets(position) and not pendulum_sets(used) and not pendulum_sets(one)


def test_pen_1_master_rule_3_separate_zones_and_any_main_monster_zone():
    position = scales(rules=3).hand("Flame Manipulator").extra_deck("Stargazer Magician", face_up=True).build()
    (both,) = [p for p in plays_of(position, "pendulum_summon") if len(p.cards) == 2]
    assert both.zones["ED1"] == ("M1", "M2", "M3", "M4", "M5")


def test_pen_2_no_summoning_conditions_or_revival_limit():
    b = scales(low="Dragonpulse Magician", high="Gallugallud the Endless Enigma")   # scales 1 and 9
    b.hand("Chaos Sorcerer", "Black Luster Soldier", "Yata-Garasu", "Summoned Skull")
    assert pendulum_sets(b.build()) == {("H4",)}
    b = scales(low="Dragonpulse Magician", high="Gallugallud the Endless Enigma")
    b.extra_deck("Odd-Eyes Pendulum Dragon", face_up=True).extra_deck("Plunder Patrollship Jord", face_up=True)
    b.graveyard("Kuriboh")
    position = b.build()
    assert pendulum_sets(position) == {("ED1",), ("ED2",)}
    b = scales(low="Dragonpulse Magician", high="Gallugallud the Endless Enigma")
    b.data.setdefault("extra_deck", []).append({"card": "Plunder Patrollship Jord", "face_up": True,
                                                "properly_summoned": False})
    assert pendulum_sets(b.build()) == set()


def test_pen_3_all_must_fit_at_once_under_a_full_field():
    b = scales().hand("Flame Manipulator", "Flame Manipulator", "Summoned Skull")
    for zone in (1, 2, 3):
        b.monster(zone, "Kuriboh")
    position = b.build()
    assert max(len(s) for s in pendulum_sets(position)) == 2
    assert ("H1", "H2", "H3") not in pendulum_sets(position, all_instances=True)


def test_pen_3_hand_and_extra_deck_share_linked_zones():
    """Master Rule 4: the Extra Deck monster needs the only linked zone, the hand monster takes the rest."""
    b = scales(rules=4).hand("Flame Manipulator").extra_deck("Stargazer Magician", face_up=True)
    b.monster("left", "Linkuriboh")                     # points to M2 (free)
    for zone in (1, 3, 4):
        b.monster(zone, "Kuriboh")
    (both,) = [p for p in plays_of(b.build(), "pendulum_summon") if len(p.cards) == 2]
    assert both.zones == {"H1": ("M5",), "ED1": ("M2",)}


def test_pen_3_identical_copies_are_one_play():
    position = scales().hand("Flame Manipulator", "Flame Manipulator").build()
    plays = plays_of(position, "pendulum_summon")
    assert {(p.cards, p.copies) for p in plays} == {(("H1",), 2), (("H1", "H2"), 1)}


def test_pen_4_pendulum_monsters_leaving_the_field_go_face_up_to_the_extra_deck():
    position = scales().hand("Flame Manipulator", "Summoned Skull").build()
    nxt = apply(position, next(p for p in plays_of(position, "pendulum_summon") if len(p.cards) == 2))
    assert nxt.pendulum_summon_used and [m.card.name for m in nxt.me.monster_zones if m] == \
        ["Flame Manipulator", "Summoned Skull"]
    assert pendulum_sets(nxt) == set()
    b = board().monster(1, "Junk Synchron").monster(2, "Dragonpulse Magician").extra_deck("Black Rose Dragon")
    position = b.build()   # 3 + 4 = 7
    nxt = apply(position, plays_of(position, "synchro_summon")[0])
    assert [c.card.name for c in nxt.me.graveyard] == ["Junk Synchron"]
    assert nxt.me.extra_deck[0].card.name == "Dragonpulse Magician" and nxt.me.extra_deck[0].face_up


def test_pen_4_not_when_it_was_an_xyz_material():
    position = board().monster(1, "Number 39: Utopia", materials=["Dragonpulse Magician"]).hand("Summoned Skull") \
        .build()
    nxt = apply(position, plays_of(position, "normal_summon")[0])
    assert [c.card.name for c in nxt.me.graveyard] == ["Number 39: Utopia", "Dragonpulse Magician"]


def test_pendulum_lock_of_a_scale():
    b = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Qliphort Scout").hand("Summoned Skull")
    assert pendulum_sets(b.build()) == set()       # Qliphort Scout: only "Qli" monsters


# --- RIT ------------------------------------------------------------------------------------------

def ritual_sets(position, **options):
    return {p.materials for p in plays_of(position, "ritual_summon", **options)}


def test_rit_1_spell_and_monster_in_hand_tributes_from_hand_and_field():
    b = board().hand("White Dragon Ritual", "Paladin of White Dragon", "Celtic Guardian").monster(1, "Kuriboh",
                                                                                                position="set")
    plays = plays_of(b.build(), "ritual_summon")
    assert {(p.card, p.spell, p.materials) for p in plays} == {("H2", "H1", ("H3",))}
    set_spell = board().spell_trap(2, "White Dragon Ritual", position="set").hand("Paladin of White Dragon") \
        .monster(1, "Celtic Guardian", position="set").build()
    assert ritual_sets(set_spell) == {("M1",)}


def test_rit_1_a_spell_from_the_hand_needs_a_free_spell_trap_zone():
    b = board().hand("White Dragon Ritual", "Paladin of White Dragon", "Celtic Guardian")
    for zone in range(1, 6):
        b.spell_trap(zone, "Trap Hole", position="set")
    assert ritual_sets(b.build()) == set()


def test_rit_2_equal_or_exceed_without_superfluous_tributes():
    """Done when: Level 8 'equal or exceed': 5 + 3 and 7 + 2 legal, 5 + 3 + 1 not."""
    b = board().hand("Black Luster Soldier", "Black Luster Ritual", "Curse of Dragon", "Flame Manipulator",
                     "Mokey Mokey").monster(1, "Dark Magician").monster(2, "Petit Dragon")
    found = ritual_sets(b.build())
    assert ("H3", "H4") in found and ("M1", "M2") in found and ("H3", "H4", "H5") not in found


def test_rit_2_exactly_equal():
    """Done when: Level 6 'exactly equal': 4 + 2 legal, 4 + 3 not."""
    b = board().hand("Herald of Perfection", "Dawn of the Herald", "Celtic Guardian", "Petit Dragon",
                     "Flame Manipulator")
    assert ritual_sets(b.build()) == {("H3", "H4")}


def test_rit_2_spells_that_name_a_kind_of_monster():
    b = board().hand("Contract with the Abyss", "Demise, King of Armageddon", "Cyber Angel Benten",
                     "Dark Magician", "Mokey Mokey")
    plays = plays_of(b.build(), "ritual_summon")
    assert {(p.card, p.materials) for p in plays} == {("H2", ("H4", "H5"))}   # DARK only: Demise 8 = 7 + 1


def test_rit_2_a_whole_tribute():
    b = board().hand("Contract with the Abyss", "Demise, King of Armageddon", "Ritual Raven")
    assert ritual_sets(b.build()) == {("H3",)}


def test_rit_3_advanced_ritual_art_normal_monsters_from_the_deck():
    b = board().hand("Advanced Ritual Art", "Black Luster Soldier").deck("Dark Magician", "Mokey Mokey",
                                                                         "Celtic Guardian", "Sangan")
    assert ritual_sets(b.build()) == {("DK1", "DK2")}


def test_rit_3_apply_sends_tributes_and_spell_to_the_graveyard():
    position = board().hand("White Dragon Ritual", "Paladin of White Dragon", "Celtic Guardian").build()
    nxt = apply(position, plays_of(position, "ritual_summon")[0], battle_position="defense")
    assert nxt["M1"].card.name == "Paladin of White Dragon" and nxt["M1"].state.position == "defense"
    assert [c.card.name for c in nxt.me.graveyard] == ["Celtic Guardian", "White Dragon Ritual"]
    assert nxt.events[-1]["summon"] == "ritual"


# --- FUS ------------------------------------------------------------------------------------------

def fusion_sets(position, **options):
    return {(p.card, p.materials) for p in plays_of(position, "fusion_summon", **options)}


def test_fus_1_materials_from_hand_and_face_down_field():
    """Done when: a Fusion with one named material in hand and the other face-down on the field."""
    b = board().hand("Polymerization", "Flame Manipulator").monster(1, "Masaki the Legendary Swordsman",
                                                                    position="set")
    assert fusion_sets(b.extra_deck("Flame Swordsman").build()) == {("ED1", ("H2", "M1"))}


def test_fus_1_needs_polymerization():
    b = board().hand("Flame Manipulator", "Masaki the Legendary Swordsman").extra_deck("Flame Swordsman")
    assert fusion_sets(b.build()) == set()


def test_fus_2_one_card_per_slot_and_qualified_groups():
    b = board().hand("Polymerization", "Aleister the Invoker", "Celtic Guardian", "Mokey Mokey") \
        .extra_deck("Invoked Mechaba")
    assert fusion_sets(b.build()) == {("ED1", ("H2", "H4"))}       # "Aleister the Invoker" + 1 LIGHT
    ultimate = board().hand("Polymerization", "Blue-Eyes White Dragon", "Blue-Eyes White Dragon") \
        .extra_deck("Blue-Eyes Ultimate Dragon").build()
    assert fusion_sets(ultimate) == set()                            # 3 needed


def test_fus_2_a_fusion_substitute_replaces_one_named_material():
    b = board().hand("Polymerization", "Flame Manipulator", "King of the Swamp").extra_deck("Flame Swordsman")
    assert fusion_sets(b.build()) == {("ED1", ("H2", "H3"))}
    two = board().hand("Polymerization", "King of the Swamp", "King of the Swamp").extra_deck("Flame Swordsman")
    assert fusion_sets(two.build()) == set()


def test_fus_3_zones_and_apply():
    b = board().hand("Polymerization", "Flame Manipulator", "Masaki the Legendary Swordsman")
    position = b.extra_deck("Flame Swordsman").build()
    (play,) = plays_of(position, "fusion_summon")
    assert play.zones == ("EMZL", "EMZR", "M1", "M2", "M3", "M4", "M5")
    nxt = apply(position, play, zone="M3")
    assert nxt["M3"].card.name == "Flame Swordsman" and nxt.me.hand == ()
    assert [c.card.name for c in nxt.me.graveyard] == ["Flame Manipulator", "Masaki the Legendary Swordsman",
                                                        "Polymerization"]


def test_contact_fusion_monsters_are_not_fusion_summoned_with_polymerization():
    b = board().hand("Polymerization", "Gladiator Beast Bestiari", "Gladiator Beast Bestiari") \
        .extra_deck("Gladiator Beast Gyzarus")
    assert fusion_sets(b.build()) == set()


def test_unsupported_material_clause_withholds_the_plays_that_use_it():
    """Issue 15 item 6: Ringowurm's "can treat it as a Tuner for a Synchro Summon" is not modelled: every
    play that uses it is withheld, the phase moves stay, and the answer says so."""
    name = "Ringowurm, the Dragon Guarding the Hundred Apples"
    plays = legal_plays(board().monster(1, name).build())
    assert plays.unread and [(u.card, u.id) for u in plays.unread] == [(name, "M1")] * len(plays.unread)
    assert any("as a Tuner" in u.clause for u in plays.unread)
    assert not plays.exhaustive and {p.action for p in plays} == {"enter_battle_phase", "end_turn"}


# --- Cases the independent reference found (each a card text the solver first ignored) -------------

def test_pen_2_properly_summoned_matters_only_with_a_revival_limit():
    b = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician")   # scales 1 and 8
    b.data["extra_deck"] = [{"card": "Flash Knight", "face_up": True, "properly_summoned": False}]
    assert pendulum_sets(b.build()) == {("ED1",)}


def test_pen_2_cannot_be_special_summoned_from_the_extra_deck_still_from_the_hand():
    b = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician").hand("Harmonizing Magician")
    assert pendulum_sets(b.build()) == {("H1",)}


def test_pen_1_a_scale_that_becomes_4_without_a_magician_partner():
    b = board().spell_trap(1, "Stargazer Magician").spell_trap(5, "Flash Knight")   # 1 -> 4, and 7
    b.hand("Igknight Paladin", "Foucault's Cannon")                               # Levels 4 and 5
    assert pendulum_sets(b.build()) == {("H2",)}
    kept = board().spell_trap(1, "Stargazer Magician").spell_trap(5, "Dragonpit Magician")   # a "Magician": 1 and 8
    assert pendulum_sets(kept.hand("Igknight Paladin").build()) == {("H1",)}


def test_zn_7_a_scale_that_needs_no_monsters_to_be_activated():
    b = board().hand("Timegazer Magician")
    assert plays_of(b.build(), "activate_scale")
    assert plays_of(b.monster(1, "Kuriboh", position="set").build(), "activate_scale") == []


def test_pen_3_blue_eyes_spirit_dragon_allows_one_monster_at_a_time():
    b = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician")
    b.hand("Flash Knight", "Celtic Guardian")
    b.opponent.monster(1, "Blue-Eyes Spirit Dragon")
    assert pendulum_sets(b.build()) == {("H1",), ("H2",)}


def test_fus_2_no_substitute_when_only_the_above_materials_may_be_used():
    b = board().hand("Polymerization", "Cyber Dragon", "King of the Swamp").extra_deck("Cyber Twin Dragon")
    assert fusion_sets(b.build()) == set()


def test_fus_2_the_older_wording_conducted_with_the_above_fusion_material_monsters(real):
    """Cyber Ogre 2: "A Fusion Summon of this monster can only be conducted with the above Fusion Material
    Monsters." (the card database): no Fusion Substitute; the card is read whole."""
    from pysolver.cards.reading import unread_clauses
    assert unread_clauses(real["Cyber Ogre 2"]) == ()
    substitute = board(cards=real).hand("Polymerization", "Cyber Ogre", "King of the Swamp").extra_deck("Cyber Ogre 2")
    assert fusion_sets(substitute.build()) == set()
    assert reference.legal_plays(substitute.build(), all_instances=True) == \
        list(legal_plays(substitute.build(), all_instances=True))
    named = board(cards=real).hand("Polymerization", "Cyber Ogre", "Cyber Ogre").extra_deck("Cyber Ogre 2")
    assert fusion_sets(named.build()) == {("ED1", ("H2", "H3"))}


# --- Issue 15 item 3: an Extra Deck Pendulum Xyz Monster Pendulum Summoned as a Level ---------------

def test_pen_1_odd_eyes_rebellion_dragon_pendulum_summoned_as_level_7():
    """Odd-Eyes Rebellion Dragon: "If you can Pendulum Summon Level 7, you can Pendulum Summon this face-up
    card in your Extra Deck" (a Rank 7 Xyz Monster, no Level): with scales 1 and 8, as a Level 7."""
    b = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician")   # scales 1 and 8
    b.extra_deck("Odd-Eyes Rebellion Dragon", face_up=True)
    assert pendulum_sets(b.build()) == {("ED1",)}
    assert reference.legal_plays(b.build(), all_instances=True) == list(legal_plays(b.build(), all_instances=True))
    low = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpulse Magician")   # 1 and 1
    assert pendulum_sets(low.extra_deck("Odd-Eyes Rebellion Dragon", face_up=True).build()) == set()
    face_down = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician")
    assert pendulum_sets(face_down.extra_deck("Odd-Eyes Rebellion Dragon").build()) == set()
