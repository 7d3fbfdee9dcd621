"""ALM-1.. (docs/procedure-rules.md, "Alternative material sets and material lines of summoning conditions"): real cards
of the card database; every answer is the reference's (whole plays)."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver import legal_plays
from pysolver.cards.cardtext import material_requirement
from pysolver.cards.reading import unread_clauses

MAGIA = "Dragon Master Magia"
CCW_OVER = "Crystal Clear Wing Over Synchro Dragon"


def _materials(position, action: str) -> set:
    whole_plays(position)        # the reference lists the same plays, none withheld
    return {p.materials for p in legal_plays(position, all_instances=True) if p.action == action}


# --- ALM-1: alternative material sets ---------------------------------------------------------------------------------

def test_alm_1_magia_and_the_over_synchro_dragon_are_read(real):
    assert unread_clauses(real[MAGIA]) == ()
    assert unread_clauses(real[CCW_OVER]) == ()
    magia = material_requirement(real[MAGIA])
    assert magia.alternatives == ((0, 1),) and (magia.min_materials, magia.max_materials) == (2, 4)
    assert str(magia) == real[MAGIA].materials
    over = material_requirement(real[CCW_OVER])
    assert over.alternatives == ((0, 1),) and [g.role for g in over.groups] == ["tuner", "tuner", "non_tuner"]


def test_alm_1_magia_takes_the_ultimate_dragon_or_3_blue_eyes(real):
    """{Ultimate Dragon, Black Luster Soldier} and {3 "Blue-Eyes", Black Luster Soldier} (the Ultimate Dragon is a
    "Blue-Eyes" monster, so it may be one of the 3); never the Ultimate Dragon with 1 or 2 more "Blue-Eyes"."""
    position = board(cards=real).hand("Polymerization", "Black Luster Soldier", "Blue-Eyes White Dragon",
                                      "Blue-Eyes White Dragon", "Blue-Eyes White Dragon") \
        .monster(1, "Blue-Eyes Ultimate Dragon").extra_deck(MAGIA).build()
    assert _materials(position, "fusion_summon") == {
        ("H2", "M1"), ("H2", "H3", "H4", "H5"), ("H2", "H3", "H4", "M1"), ("H2", "H3", "H5", "M1"),
        ("H2", "H4", "H5", "M1")}


def test_alm_1_magia_a_fusion_substitute_replaces_the_ultimate_dragon_only(real):
    """King of the Swamp replaces "Blue-Eyes Ultimate Dragon" (a named material); it is no "Blue-Eyes" monster, so
    with 2 Blue-Eyes White Dragons it makes no 3 "Blue-Eyes"."""
    position = board(cards=real).hand("Polymerization", "Black Luster Soldier", "King of the Swamp",
                                      "Blue-Eyes White Dragon", "Blue-Eyes White Dragon").extra_deck(MAGIA).build()
    assert _materials(position, "fusion_summon") == {("H2", "H3")}


def test_alm_1_over_synchro_dragon_takes_2_tuners_or_1_tuner_synchro_monster(real):
    """Clear Wing Synchro Dragon (Level 7) with Accel Synchron (a Level 5 Tuner Synchro Monster) alone, or with 2
    Tuners Junk Synchron (3) + Fleur Synchron (2); Accel Synchron with another Tuner is over Level 12."""
    position = board(cards=real).monster(1, "Clear Wing Synchro Dragon").monster(2, "Accel Synchron") \
        .monster(3, "Junk Synchron").monster(4, "Fleur Synchron").extra_deck(CCW_OVER).build()
    assert _materials(position, "synchro_summon") == {("M1", "M2"), ("M1", "M3", "M4")}


def test_alm_1_over_synchro_dragon_1_tuner_must_be_a_synchro_monster(real):
    """Svartalf of the Nordic Alfar is a Level 5 Tuner but no Synchro Monster: with Clear Wing Synchro Dragon it is
    neither 2+ Tuners nor 1 Tuner Synchro Monster."""
    position = board(cards=real).monster(1, "Clear Wing Synchro Dragon").monster(2, "Svartalf of the Nordic Alfar") \
        .monster(3, "Junk Synchron").monster(4, "Fleur Synchron").extra_deck(CCW_OVER).build()
    assert _materials(position, "synchro_summon") == {("M1", "M3", "M4")}


# --- ALM-2: a material line written as the summoning condition --------------------------------------------------------

DIVINE_NEOS = "Elemental HERO Divine Neos"


def test_alm_2_divine_neos_condition_is_its_material_line(real):
    card = real[DIVINE_NEOS]
    assert unread_clauses(card) == ()
    assert str(material_requirement(card)) == ('1 "Neos" monster + 1 "Neo-Spacian" monster + 1 "HERO" monster + 2 '
                                               '"Neos", "Neo-Spacian", and/or "HERO" monsters')


def test_alm_2_divine_neos_each_named_monster_is_a_material_of_its_own(real):
    """Elemental HERO Neos is a "Neos" and a "HERO" monster, but fills one slot: with 4 "Neo-Spacian" monsters it makes
    no Divine Neos; with Elemental HERO Sparkman as the "HERO" it does (4 ways, one "Neo-Spacian" left out each)."""
    position = board(cards=real).hand("Polymerization", "Elemental HERO Neos", "Neo-Spacian Grand Mole",
                                      "Neo-Spacian Air Hummingbird", "Neo-Spacian Dark Panther",
                                      "Neo-Spacian Flare Scarab", "Elemental HERO Sparkman").extra_deck(DIVINE_NEOS).build()
    assert _materials(position, "fusion_summon") == {
        ("H2", "H3", "H4", "H5", "H7"), ("H2", "H3", "H4", "H6", "H7"), ("H2", "H3", "H5", "H6", "H7"),
        ("H2", "H4", "H5", "H6", "H7")}


def test_alm_2_divine_neos_a_neo_space_monster_is_the_neos_one(real):
    """Neo Space Pathfinder (a "Neo Space" monster) is the "Neos" or "Neo Space" one; without it, no "Neos"."""
    position = board(cards=real).hand("Polymerization", "Neo Space Pathfinder", "Neo-Spacian Grand Mole",
                                      "Neo-Spacian Air Hummingbird", "Elemental HERO Sparkman", "Elemental HERO Avian") \
        .extra_deck(DIVINE_NEOS).build()
    assert _materials(position, "fusion_summon") == {("H2", "H3", "H4", "H5", "H6")}
    without = board(cards=real).hand("Polymerization", "Summoned Skull", "Neo-Spacian Grand Mole",
                                     "Neo-Spacian Air Hummingbird", "Elemental HERO Sparkman", "Elemental HERO Avian",
                                     "Elemental HERO Burstinatrix").extra_deck(DIVINE_NEOS).build()
    assert _materials(without, "fusion_summon") == set()


# --- ALM-3: Extra Deck monsters forced into the zone Steelswarm Origin points to ----------------------------------------

ORIGIN = "Steelswarm Origin"


def _zones(position, action: str) -> set:
    whole_plays(position)
    return {p.zones if p.zones is None or isinstance(p.zones, tuple) else tuple(sorted(p.zones.items()))
            for p in legal_plays(position, all_instances=True) if p.action == action}


def _synchro(real):
    """Junk Synchron (Level 3 Tuner) + Speed Warrior (Level 2) for Junk Warrior (Level 5), from the face-down Extra
    Deck: under Master Rule 5 any free Main Monster Zone (ZN-5)."""
    return board(cards=real).monster(1, "Junk Synchron").monster(3, "Speed Warrior").extra_deck("Junk Warrior")


def test_alm_3_origin_sentences_are_read(real):
    assert unread_clauses(real[ORIGIN]) == ()


def test_alm_3_a_synchro_monster_goes_only_to_the_zone_origin_points_to(real):
    """The turn player's Origin in the left Extra Monster Zone points down to M2: Junk Warrior goes there only (the
    turn player holds an Extra Monster Zone already); with M2 taken it has no zone and no Synchro Summon."""
    assert _zones(_synchro(real).build(), "synchro_summon") == {("EMZL", "EMZR", "M1", "M2", "M3", "M4", "M5")}
    assert _zones(_synchro(real).monster("left", ORIGIN).build(), "synchro_summon") == {("M2",)}
    assert _zones(_synchro(real).monster("left", ORIGIN).monster(2, "Kuriboh").build(), "synchro_summon") == set()


def test_alm_3_the_opponents_origin_binds_the_turn_player_too(real):
    """The opponent's Origin in their left Extra Monster Zone (over the turn player's M2) points up into M2 with its Top
    arrow; the other Extra Monster Zone stays open."""
    b = _synchro(real)
    b.opponent.monster("left", ORIGIN)
    assert _zones(b.build(), "synchro_summon") == {("EMZR", "M2")}


def test_alm_3_a_negated_origin_forces_nothing(real):
    b = _synchro(real).monster("left", ORIGIN, restrictions=["effects_negated"])
    assert _zones(b.build(), "synchro_summon") == {("M1", "M2", "M3", "M4", "M5")}


def test_alm_3_pendulum_summon_from_the_extra_deck_too(real):
    """Proxy Dragon in M5 points to M4, Origin to M2: Odd-Eyes Pendulum Dragon from the face-up Extra Deck takes M2 only
    (a monster from the hand would not be bound)."""
    b = board(cards=real).monster("left", ORIGIN).monster(5, "Proxy Dragon") \
        .spell_trap(1, "Stargazer Magician", position="face_up").spell_trap(5, "Timegazer Magician", position="face_up") \
        .extra_deck("Odd-Eyes Pendulum Dragon", face_up=True)
    assert _zones(b.build(), "pendulum_summon") == {(("ED1", ("M2",)),)}


def test_alm_3_origin_cannot_be_targeted_while_it_points_to_a_monster(real):
    """Galaxy-Eyes Cipher Dragon targets a face-up monster the opponent controls: not their Origin while it points to a
    monster (their M4 below it, or the turn player's face-down M2 above), else Origin too."""
    def targets(b) -> set:
        return {target for action, card, target in whole_plays(b.build()) if action == "activate" and card == "M1"}

    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("left", ORIGIN).monster(3, "Celtic Guardian")
    assert targets(b) == {"oEMZL", "oM3"}
    b.opponent.monster(4, "Celtic Guardian")
    assert targets(b) == {"oM3", "oM4"}
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"]).monster(2, "Kuriboh", position="set")
    b.opponent.monster("left", ORIGIN).monster(3, "Celtic Guardian")
    assert targets(b) == {"oM3"}


def test_alm_3_origin_as_a_material_forces_nothing(real):
    """Mudragon of the Swamp (2 monsters with the same Attribute but different Types) from 2 LIGHT monsters of the hand
    goes to M2 only while Origin stays; with Origin (LIGHT Fiend) as one of its materials, anywhere (ZN-6)."""
    b = board(cards=real).monster("left", ORIGIN).hand("Polymerization", "Elemental HERO Sparkman",
                                                       "Lyla, Lightsworn Sorceress").extra_deck("Mudragon of the Swamp")
    position = b.build()
    whole_plays(position)
    assert {(p.materials, p.zones) for p in legal_plays(position, all_instances=True) if p.action == "fusion_summon"} == {
        (("H2", "H3"), ("M2",)),
        (("H2", "EMZL"), ("EMZL", "EMZR", "M1", "M2", "M3", "M4", "M5")),
        (("H3", "EMZL"), ("EMZL", "EMZR", "M1", "M2", "M3", "M4", "M5"))}


# --- ALM-4: monsters that mention a card, in a material line ----------------------------------------------------------

APOPHIS = "Divine Serpent Apophis"


def test_alm_4_apophis_is_read(real):
    assert unread_clauses(real[APOPHIS]) == ()
    assert str(material_requirement(real[APOPHIS])) == real[APOPHIS].materials


def test_alm_4_apophis_fusion_materials_mention_temple_of_the_kings(real):
    """Mystical Beast of Serket and The Man with the Mark mention "Temple of the Kings"; Kuriboh does not."""
    position = board(cards=real).hand("Polymerization", "Mystical Beast of Serket", "The Man with the Mark", "Kuriboh") \
        .extra_deck(APOPHIS).build()
    assert _materials(position, "fusion_summon") == {("H2", "H3")}


def test_alm_4_apophis_by_tributing_2_apophis_monsters(real):
    """Its other way (PRX-19): 2 "Apophis" monsters the player controls (Trap Monsters here), never Kuriboh."""
    position = board(cards=real).monster(1, "Apophis the Swamp Deity").monster(2, "Apophis the Swamp Deity") \
        .monster(3, "Kuriboh").extra_deck(APOPHIS).build()
    whole_plays(position)
    assert {p.cost for p in legal_plays(position, all_instances=True) if p.action == "procedure_summon"} == {("M1", "M2")}


# --- ALM-5: what a "send" Contact Fusion can send; Magistus Chorozo -------------------------------------------------

CHOROZO = "Magistus Chorozo"


def test_alm_5_chorozo_is_read_as_a_contact_fusion(real):
    assert unread_clauses(real[CHOROZO]) == ()


def test_alm_5_chorozo_sends_monsters_it_controls_but_no_pendulum_monster(real):
    """Number 39: Utopia (an Xyz Monster) with Dark Magician (a Spellcaster) for its Contact Fusion, face-down too; never
    Stargazer Magician (a Pendulum Spellcaster on the field: it would go to the Extra Deck). Polymerization's Fusion
    Summon uses either: its materials are no cost."""
    position = board(cards=real).hand("Polymerization").monster(1, "Number 39: Utopia").monster(2, "Dark Magician") \
        .monster(3, "Stargazer Magician").extra_deck(CHOROZO).build()
    whole_plays(position)
    plays = legal_plays(position, all_instances=True)
    assert {p.cost for p in plays if p.action == "procedure_summon"} == {("M1", "M2")}
    assert {p.materials for p in plays if p.action == "fusion_summon"} == {("M1", "M2"), ("M1", "M3")}
    face_down = board(cards=real).monster(1, "Number 39: Utopia").monster(2, "Dark Magician", position="set") \
        .extra_deck(CHOROZO).build()
    whole_plays(face_down)
    assert {p.cost for p in legal_plays(face_down, all_instances=True) if p.action == "procedure_summon"} == {("M1", "M2")}


def test_alm_5_chimeratech_fortress_sends_no_token_and_no_pendulum_monster(real):
    """'"Cyber Dragon" + 1+ Machine monsters': the Mecha Phantom Beast Token and Speedroid Hexasaucer (a Pendulum
    Monster) are Machines, but neither can be sent to the GY as a cost; the second Cyber Dragon can."""
    position = board(cards=real).monster(1, "Cyber Dragon").monster(2, "Mecha Phantom Beast Token") \
        .monster(3, "Speedroid Hexasaucer").monster(4, "Cyber Dragon").extra_deck("Chimeratech Fortress Dragon").build()
    whole_plays(position)
    assert {p.cost for p in legal_plays(position, all_instances=True) if p.action == "procedure_summon"} == {("M1", "M4")}
