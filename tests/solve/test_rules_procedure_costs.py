"""More costs and conditions of a Main Deck monster's own Special Summon procedure (PRX-* of
docs/procedure-rules.md; issue 15, item 8). Real cards of the card database (../shared/data/cards.cdb): the
procedure summon is listed exactly when its cost or condition can be paid, the cost cards end where the text
says (`helpers.applied`: apply, the reference applier and the step-indexed transition agree), and every answer
is the reference's (whole plays)."""

from __future__ import annotations


from helpers import applied, board, procedure_play, procedure_summons
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.legal import legal_plays
from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses


# --- PRX-1: banished monsters shuffled into the Main Deck -------------------------------------------------------

def test_prx_1_mighty_neptune_shuffles_3_banished_insect_monsters_into_the_main_deck(real):
    """'By shuffling 3 of your banished Insect monsters into the Main Deck': 3 of the player's banished Insect
    monsters, not an Extra Deck one (Number 3: Cicada King cannot go into the Main Deck), into the Deck."""
    b = board(cards=real).hand("Heavy Beetrooper Mighty Neptune") \
        .banished("Flying Kamakiri #2", "Neo Bug", "Gokibore", "Number 3: Cicada King", "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("BN1", "BN2", "BN3"))}
    after = applied(position, procedure_play(position, "H1", ("BN1", "BN2", "BN3")), zone="M1")
    assert after["M1"].card.name == "Heavy Beetrooper Mighty Neptune"
    assert sorted(c.name for c in after.me.deck) == ["Flying Kamakiri #2", "Gokibore", "Neo Bug"]
    assert sorted(c.card.name for c in after.me.banished) == ["Kuriboh", "Number 3: Cicada King"]
    assert after.me.graveyard == ()


def test_prx_1_mighty_neptune_needs_3_banished_main_deck_insects(real):
    """Two banished Insects and an Insect Xyz Monster, or Insects in the GY: no procedure."""
    b = board(cards=real).hand("Heavy Beetrooper Mighty Neptune") \
        .banished("Flying Kamakiri #2", "Neo Bug", "Number 3: Cicada King").graveyard("Gokibore", "Fiend Scorpion")
    assert procedure_summons(b.build()) == set()
    four = board(cards=real).hand("Heavy Beetrooper Mighty Neptune") \
        .banished("Flying Kamakiri #2", "Neo Bug", "Gokibore", "Fiend Scorpion")
    assert len(procedure_summons(four.build())) == 4   # any 3 of the 4


def test_prx_1_overtex_qoatlus_shuffles_5_banished_dinosaurs(real):
    b = board(cards=real).hand("Overtex Qoatlus") \
        .banished("Uraby", "Frostosaurus", "Sword Arm of Dragon", "Sabersaurus", "Fire Opal Head", "Evolved Daneen")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("BN1", "BN2", "BN3", "BN4", "BN5"))}
    after = applied(position, procedure_play(position, "H1", ("BN1", "BN2", "BN3", "BN4", "BN5")), zone="M3")
    assert len(after.me.deck) == 5 and [c.card.name for c in after.me.banished] == ["Evolved Daneen"]
    short = board(cards=real).hand("Overtex Qoatlus").banished("Uraby", "Frostosaurus", "Sabersaurus", "Evolved Daneen")
    assert procedure_summons(short.build()) == set()


# --- PRX-2: no two monsters in the GY with the same name --------------------------------------------------------

def test_prx_2_orbital_hydralander_needs_5_monsters_with_no_shared_name_in_the_gy(real):
    """'By having 5 or more monsters in your GY, and no monsters in your GY with the same name': a condition,
    no cost; two copies of a Spell in the GY do not matter, two copies of a monster do."""
    five = ("Kuriboh", "Sangan", "Neo Bug", "Uraby", "Gokibore")
    position = board(cards=real).hand("Orbital Hydralander").graveyard(*five, "Pot of Greed", "Pot of Greed").build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert after["M1"].card.name == "Orbital Hydralander" and len(after.me.graveyard) == 7
    twice = board(cards=real).hand("Orbital Hydralander").graveyard(*five, "Kuriboh").build()
    assert procedure_summons(twice) == set()
    four = board(cards=real).hand("Orbital Hydralander").graveyard(*five[:4]).build()
    assert procedure_summons(four) == set()


def test_prx_2_why_names_the_shared_name(real):
    from pysolver.solve.why import why
    five = ("Kuriboh", "Sangan", "Neo Bug", "Uraby", "Gokibore")
    position = board(cards=real).hand("Orbital Hydralander").graveyard(*five, "Kuriboh").build()
    (answer,) = why(position, "H1", "procedure_summon").answers
    assert answer.exhaustive and not answer.plays
    assert [reason.name for group in answer.reasons for reason in group] == ["procedure_gy_same_name"]


# --- PRX-3: one of each place, "except" a name ------------------------------------------------------------------

def test_prx_3_rosaria_banishes_one_plant_from_the_hand_and_one_from_the_gy(real):
    """'By banishing 2 Level 7 or higher Plant-Type monsters (1 from your hand and 1 from your GY)'."""
    b = board(cards=real).hand("Rosaria, the Stately Fallen Angel", "Giant Kra-Corn") \
        .graveyard("Tytannial, Princess of Camellias", "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2", "GY1"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "GY1")), zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == ["Giant Kra-Corn", "Tytannial, Princess of Camellias"]
    assert [c.card.name for c in after.me.graveyard] == ["Kuriboh"]
    both_in_hand = board(cards=real).hand("Rosaria, the Stately Fallen Angel", "Giant Kra-Corn",
                                           "Tytannial, Princess of Camellias")
    assert procedure_summons(both_in_hand.build()) == set()
    both_in_gy = board(cards=real).hand("Rosaria, the Stately Fallen Angel") \
        .graveyard("Giant Kra-Corn", "Tytannial, Princess of Camellias")
    assert procedure_summons(both_in_gy.build()) == set()


def test_prx_3_bujin_hirume_banishes_a_bujin_from_the_gy_except_bujin_hirume(real):
    b = board(cards=real).hand("Bujin Hirume").graveyard("Bujin Hirume", "Bujin Yamato")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("GY2",))}
    after = applied(position, procedure_play(position, "H1", ("GY2",)), zone="M1")
    assert [c.card.name for c in after.me.banished] == ["Bujin Yamato"]
    only_hirume = board(cards=real).hand("Bujin Hirume").graveyard("Bujin Hirume")
    assert procedure_summons(only_hirume.build()) == set()


# --- the reader ---------------------------------------------------------------------------------------------------

def test_prx_cards_are_read_whole(real):
    for name in ("Heavy Beetrooper Mighty Neptune", "Overtex Qoatlus", "Orbital Hydralander", "Bujin Hirume",
                 "Rosaria, the Stately Fallen Angel"):
        assert isinstance(procedures(real[name]), tuple), name
        assert unread_clauses(real[name]) == (), name


# --- PRX-4: Tributes "including at least 1 ..." ------------------------------------------------------------------

def test_prx_4_destiny_hero_dogma_tributes_3_monsters_including_a_destiny_hero(real):
    """'By Tributing 3 monsters, including at least 1 "Destiny HERO" monster': any 3 of the player's monsters
    (face-down ones too: a Tribute), at least one of them a "Destiny HERO"; all 3 go to the GY."""
    b = board(cards=real).hand("Destiny HERO - Dogma").monster(1, "Destiny HERO - Malicious") \
        .monster(2, "Kuriboh").monster(3, "Sangan", position="set").monster(4, "Skull Servant")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2", "M3")), ("H1", ("M1", "M2", "M4")), ("H1", ("M1", "M3", "M4"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2", "M3")), zone="M2")
    assert after["M2"].card.name == "Destiny HERO - Dogma"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Destiny HERO - Malicious", "Kuriboh", "Sangan"]
    none = board(cards=real).hand("Destiny HERO - Dogma").monster(1, "Kuriboh").monster(2, "Sangan") \
        .monster(3, "Skull Servant").hand("Destiny HERO - Malicious")
    assert procedure_summons(none.build()) == set()


def test_prx_4_masked_beast_des_gardius_tributes_2_including_grand_tiki_elder_or_melchid(real):
    b = board(cards=real).hand("Masked Beast Des Gardius").monster(1, "Kuriboh").monster(2, "Grand Tiki Elder")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2")), zone="M1")
    assert sorted(c.card.name for c in after.me.graveyard) == ["Grand Tiki Elder", "Kuriboh"]
    without = board(cards=real).hand("Masked Beast Des Gardius").monster(1, "Kuriboh").monster(2, "Sangan")
    assert procedure_summons(without.build()) == set()


# --- PRX-5: different names / Attributes in the GYs, on the field, banished --------------------------------------

def test_prx_5_elemental_grace_doriado_needs_6_attributes_among_both_gys(real):
    """'By having 6 or more monsters with different Attributes in the GYs': both players' GYs count."""
    b = board(cards=real).hand("Elemental Grace Doriado").graveyard("Kuriboh", "Harpie Lady", "Mystical Elf")
    b.opponent.graveyard("Uraby", "Aqua Madoor", "Flame Manipulator")   # EARTH, WATER, FIRE
    position = b.build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert after["M1"].card.name == "Elemental Grace Doriado" and len(after.me.graveyard) == 3
    five = board(cards=real).hand("Elemental Grace Doriado").graveyard("Kuriboh", "Harpie Lady", "Mystical Elf")
    five.opponent.graveyard("Uraby", "Aqua Madoor", "Gokibore")   # Gokibore: EARTH again
    assert procedure_summons(five.build()) == set()


AVIDA_LINKS = ("Link Spider", "Linkuriboh", "Decode Talker", "Proxy Dragon", "Security Dragon", "Firewall Dragon",
               "Topologic Bomber Dragon", "Borreload Dragon")


def test_prx_5_avida_needs_8_link_monsters_with_different_names_on_the_fields_and_in_the_gys(real):
    b = board(cards=real).hand("Avida, Rebuilder of Worlds").monster("left", AVIDA_LINKS[0]) \
        .graveyard(*AVIDA_LINKS[1:4])
    b.opponent.monster(1, AVIDA_LINKS[4]).graveyard(*AVIDA_LINKS[5:])
    position = b.build()
    assert procedure_summons(position) == {("H1", ())}
    seven = board(cards=real).hand("Avida, Rebuilder of Worlds").monster("left", AVIDA_LINKS[0]) \
        .graveyard(*AVIDA_LINKS[1:4], AVIDA_LINKS[0])
    seven.opponent.monster(1, AVIDA_LINKS[4]).graveyard(*AVIDA_LINKS[5:7])
    assert procedure_summons(seven.build()) == set()


LIGHTSWORN = ("Lyla, Lightsworn Sorceress", "Garoth, Lightsworn Warrior", "Ehren, Lightsworn Monk",
              "Ryko, Lightsworn Hunter")


def test_prx_5_punishment_dragon_needs_4_banished_lightsworn_with_different_names(real):
    """'By possessing 4 or more banished "Lightsworn" monsters with different names': a condition, the banished
    cards stay; Lightsworn monsters in the GY do not count."""
    position = board(cards=real).hand("Punishment Dragon").banished(*LIGHTSWORN).build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert len(after.me.banished) == 4
    three = board(cards=real).hand("Punishment Dragon").banished(*LIGHTSWORN[:3], LIGHTSWORN[0]) \
        .graveyard(LIGHTSWORN[3])
    assert procedure_summons(three.build()) == set()


def test_prx_new_cards_are_read_whole(real):
    for name in ("Destiny HERO - Dogma", "Masked Beast Des Gardius", "Elemental Grace Doriado",
                 "Avida, Rebuilder of Worlds", "Punishment Dragon"):
        assert isinstance(procedures(real[name]), tuple), name
        assert unread_clauses(real[name]) == (), name


# --- PRX-6: two costs of one verb ----------------------------------------------------------------------------------

def test_prx_6_the_atmosphere_banishes_2_monsters_you_control_and_1_from_the_gy(real):
    """'By banishing 2 monsters you control and 1 monster from your Graveyard': both costs, all banished (the
    field's monsters in any position)."""
    b = board(cards=real).hand("The Atmosphere").monster(1, "Kuriboh").monster(2, "Sangan", position="set") \
        .graveyard("Skull Servant")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2", "GY1"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2", "GY1")), zone="M2")
    assert sorted(c.card.name for c in after.me.banished) == ["Kuriboh", "Sangan", "Skull Servant"]
    assert after["M2"].card.name == "The Atmosphere" and after.me.graveyard == ()
    no_gy = board(cards=real).hand("The Atmosphere").monster(1, "Kuriboh").monster(2, "Sangan").monster(3, "Skull Servant")
    assert procedure_summons(no_gy.build()) == set()


# --- PRX-7: Tributes from either field ------------------------------------------------------------------------------

def test_prx_7_reptilianne_vaskii_tributes_2_face_up_0_atk_monsters_from_either_field(real):
    """'By Tributing 2 face-up monsters with 0 ATK from anywhere on the field': the player's or the opponent's,
    face-up, 0 ATK; each goes to its owner's GY."""
    b = board(cards=real).hand("Reptilianne Vaskii").monster(1, "Ojama Green").monster(2, "Kuriboh") \
        .monster(3, "White Duston", position="set")
    b.opponent.monster(1, "Soul Tiger").monster(2, "Melffy Rabby", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "oM1"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "oM1")), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Ojama Green"]
    assert [c.card.name for c in after.opponent.graveyard] == ["Soul Tiger"]
    assert after["M1"].card.name == "Reptilianne Vaskii"
    one = board(cards=real).hand("Reptilianne Vaskii").monster(1, "Ojama Green")
    one.opponent.monster(1, "Kuriboh")
    assert procedure_summons(one.build()) == set()


def test_prx_6_7_cards_are_read_whole(real):
    for name in ("The Atmosphere", "Reptilianne Vaskii"):
        assert isinstance(procedures(real[name]), tuple), name
        assert unread_clauses(real[name]) == (), name


# --- PRX-8: cards of an archetype, Spells and Traps too -------------------------------------------------------------

def test_prx_8_spyral_sleeper_banishes_3_spyral_cards_spells_and_traps_too(real):
    """'By banishing 3 "SPYRAL" cards from your Graveyard': any 3 cards of the archetype there."""
    b = board(cards=real).hand("SPYRAL Sleeper") \
        .graveyard("SPYRAL Tough", "SPYRAL MISSION - Assault", "SPYRAL GEAR - Utility Wire", "Kuriboh", "Pot of Greed")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2", "GY3"))}
    after = applied(position, procedure_play(position, "H1", ("GY1", "GY2", "GY3")), zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == [
        "SPYRAL GEAR - Utility Wire", "SPYRAL MISSION - Assault", "SPYRAL Tough"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kuriboh", "Pot of Greed"]
    two = board(cards=real).hand("SPYRAL Sleeper", "SPYRAL Tough") \
        .graveyard("SPYRAL MISSION - Assault", "SPYRAL GEAR - Utility Wire")
    assert procedure_summons(two.build()) == set()


METAPHYS = ("Metaphys Tyrant Dragon", "Metaphys Ragnarok", "Metaphys Daedalus", "Metaphys Nephthys")


def test_prx_8_metaphys_executor_banishes_5_metaphys_cards_with_different_names_gy_and_face_up_field(real):
    """'By banishing 5 "Metaphys" cards with different names from your GY and/or face-up from your field': a
    face-up Continuous Trap on the field counts, a Set one does not; no two of one name."""
    b = board(cards=real).hand("Metaphys Executor").graveyard(*METAPHYS[:3], "Kuriboh") \
        .monster(1, METAPHYS[3]).spell_trap(1, "Metaphys Dimension")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "S1", "GY1", "GY2", "GY3"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "S1", "GY1", "GY2", "GY3")), zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == sorted(METAPHYS + ("Metaphys Dimension",))
    assert after["M1"].card.name == "Metaphys Executor" and [c.card.name for c in after.me.graveyard] == ["Kuriboh"]
    same_name = board(cards=real).hand("Metaphys Executor").graveyard(*METAPHYS[:3], METAPHYS[0]) \
        .monster(1, METAPHYS[3])
    assert procedure_summons(same_name.build()) == set()
    set_trap = board(cards=real).hand("Metaphys Executor").graveyard(*METAPHYS[:3]) \
        .monster(1, METAPHYS[3]).spell_trap(1, "Metaphys Dimension", position="set")
    assert procedure_summons(set_trap.build()) == set()


def test_prx_8_cards_are_read_whole(real):
    for name in ("SPYRAL Sleeper", "Metaphys Executor"):
        assert isinstance(procedures(real[name]), tuple), name
        assert unread_clauses(real[name]) == (), name


# --- PRX-9: all monsters of the GY -----------------------------------------------------------------------------------

def test_prx_9_exodius_shuffles_all_monsters_in_the_gy_into_the_deck(real):
    """'By shuffling all monsters in your Graveyard into the Deck': every monster there (at least 1), none left
    behind; an Extra Deck monster goes to the Extra Deck, a Spell stays in the GY."""
    b = board(cards=real).hand("Exodius the Ultimate Forbidden Lord") \
        .graveyard("Kuriboh", "Sangan", "Pot of Greed", "Stardust Dragon")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2", "GY4"))}
    after = applied(position, procedure_play(position, "H1", ("GY1", "GY2", "GY4")), zone="M1")
    assert sorted(c.name for c in after.me.deck) == ["Kuriboh", "Sangan"]
    assert [c.card.name for c in after.me.extra_deck] == ["Stardust Dragon"]
    assert [c.card.name for c in after.me.graveyard] == ["Pot of Greed"]
    no_monster = board(cards=real).hand("Exodius the Ultimate Forbidden Lord").graveyard("Pot of Greed")
    assert procedure_summons(no_monster.build()) == set()
    (way,) = procedures(real["Exodius the Ultimate Forbidden Lord"])
    assert way.costs[0].all_of and unread_clauses(real["Exodius the Ultimate Forbidden Lord"]) == ()


# --- PRX-10: Tributes of monsters with original names -----------------------------------------------------------------

def test_prx_10_holactie_tributes_slifer_obelisk_and_ra(real):
    """'By Tributing 3 monsters whose original names are "Slifer the Sky Dragon", "Obelisk the Tormentor", and "The
    Winged Dragon of Ra"': one of each (face-down too: a Tribute), all to the GY."""
    b = board(cards=real).hand("Holactie the Creator of Light").monster(1, "Slifer the Sky Dragon") \
        .monster(2, "Obelisk the Tormentor", position="set").monster(3, "The Winged Dragon of Ra").monster(4, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2", "M3"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2", "M3")), zone="M3")
    assert sorted(c.card.name for c in after.me.graveyard) == [
        "Obelisk the Tormentor", "Slifer the Sky Dragon", "The Winged Dragon of Ra"]
    assert after["M3"].card.name == "Holactie the Creator of Light"
    two = board(cards=real).hand("Holactie the Creator of Light").monster(1, "Slifer the Sky Dragon") \
        .monster(2, "Obelisk the Tormentor").monster(3, "Kuriboh")
    assert procedure_summons(two.build()) == set()
    assert unread_clauses(real["Holactie the Creator of Light"]) == ()


# --- PRX-11: original Level; the hand, the Deck and the face-up field -------------------------------------------------

def test_prx_11_linear_magnum_sends_2_magnet_warriors_from_hand_deck_face_up_field(real):
    """'By sending 2 "Magnet Warrior" monsters with an original Level of 4 or lower from your hand, Deck, and/or
    face-up field to the GY': a face-down one on the field is not taken; any 2 of the others, to the GY."""
    n = "Conduction Warrior Linear Magnum Plus Minus"
    b = board(cards=real).hand(n, "Alpha The Magnet Warrior", "Kuriboh").deck("Beta The Magnet Warrior") \
        .monster(1, "Gamma The Magnet Warrior", position="set").monster(2, "Delta The Magnet Warrior")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("H2", "M2")), ("H1", ("H2", "DK1")), ("H1", ("M2", "DK1"))}
    after = applied(position, procedure_play(position, "H1", ("M2", "DK1")), zone="M2")
    assert sorted(c.card.name for c in after.me.graveyard) == ["Beta The Magnet Warrior", "Delta The Magnet Warrior"]
    assert after.me.deck == () and after["M2"].card.name == n
    one = board(cards=real).hand(n, "Alpha The Magnet Warrior").monster(1, "Gamma The Magnet Warrior", position="set")
    assert procedure_summons(one.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-12: revealing cards of an archetype ------------------------------------------------------------------------

def test_prx_12_crimson_nova_reveals_3_other_cubic_cards_with_different_names(real):
    """'By revealing 3 other "Cubic" cards in your hand with different names': Spells and Traps count; the cards
    stay in the hand (a condition, no cost); two copies of one name count once."""
    n = "Crimson Nova the Dark Cubic Lord"
    position = board(cards=real).hand(n, "Vijam the Cubic Seed", "Cubic Wave", "Cubic Karma").build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert sorted(c.name for c in after.me.hand) == ["Cubic Karma", "Cubic Wave", "Vijam the Cubic Seed"]
    twice = board(cards=real).hand(n, "Vijam the Cubic Seed", "Vijam the Cubic Seed", "Cubic Wave", "Kuriboh")
    assert procedure_summons(twice.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-13: one of each kind among the face-up monsters you control ----------------------------------------------

def test_prx_13_blackwing_aurora_banishes_a_face_up_blackwing_tuner_and_a_face_up_non_tuner(real):
    """'By banishing 2 face-up monsters you control (1 "Blackwing" Tuner and 1 non-Tuner)': a face-down monster is
    not taken; both are banished."""
    n = "Blackwing - Aurora the Northern Lights"
    b = board(cards=real).hand(n).monster(1, "Blackwing - Gale the Whirlwind").monster(2, "Kuriboh") \
        .monster(3, "Sangan", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2")), zone="M2")
    assert sorted(c.card.name for c in after.me.banished) == ["Blackwing - Gale the Whirlwind", "Kuriboh"]
    tuners = board(cards=real).hand(n).monster(1, "Blackwing - Gale the Whirlwind") \
        .monster(2, "Blackwing - Hillen the Tengu-wind").monster(3, "Kuriboh", position="set")
    assert procedure_summons(tuners.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-14: monsters whose total Levels equal N or more (none superfluous) -----------------------------------------

def test_prx_14_machina_ruinforce_banishes_machines_from_the_gy_whose_levels_total_12_or_more(real):
    """'By banishing Machine monsters from your GY whose total Levels equal 12 or more' (from the GY): Machina Air
    Raider (8) with one Level 4 Machine, or the three Level 4 Machines; never a superfluous one (Air Raider, a Level
    4 and Machina Peacekeeper (2) make 14, 12 without Peacekeeper), never the Psychic Kozmo Tincan, never itself."""
    n = "Machina Ruinforce"
    position = board(cards=real).graveyard(n, "Machina Air Raider", "Machina Soldier", "Machina Unclaspare",
                                           "Machina Resavenger", "Machina Peacekeeper", "Kozmo Tincan").build()
    assert procedure_summons(position) == {("GY1", ("GY2", "GY3")), ("GY1", ("GY2", "GY4")), ("GY1", ("GY2", "GY5")),
                                           ("GY1", ("GY3", "GY4", "GY5"))}
    after = applied(position, procedure_play(position, "GY1", ("GY3", "GY4", "GY5")), zone="M1")
    assert after["M1"].card.name == n
    assert sorted(c.card.name for c in after.me.banished) == ["Machina Resavenger", "Machina Soldier",
                                                              "Machina Unclaspare"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kozmo Tincan", "Machina Air Raider",
                                                               "Machina Peacekeeper"]
    short = board(cards=real).graveyard(n, "Machina Air Raider", "Machina Peacekeeper", "Kozmo Tincan")
    assert procedure_summons(short.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_14_kozmo_dark_planet_banishes_kozmo_monsters_from_the_hand_whose_levels_total_10_or_more(real):
    """'By banishing "Kozmo" monsters from your hand whose total Levels equal 10 or more': Kozmo Dark Destroyer (8)
    with Kozmo Strawman (2) or Kozmo Farmgirl (3); not with Kozmo Tincan (1: 9), nor all three small ones with it
    (a superfluous one); never the Kozmo monsters on the field or in the GY."""
    n = "Kozmo Dark Planet"
    position = board(cards=real).hand(n, "Kozmo Dark Destroyer", "Kozmo Strawman", "Kozmo Tincan", "Kozmo Farmgirl") \
        .graveyard("Kozmo Dark Eclipser").monster(1, "Kozmo Forerunner").build()
    assert procedure_summons(position) == {("H1", ("H2", "H3")), ("H1", ("H2", "H5"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "H5")), zone="M2")
    assert after["M2"].card.name == n
    assert sorted(c.card.name for c in after.me.banished) == ["Kozmo Dark Destroyer", "Kozmo Farmgirl"]
    assert sorted(c.name for c in after.me.hand) == ["Kozmo Strawman", "Kozmo Tincan"]
    assert unread_clauses(real[n]) == ()


# --- PRX-15: one face-up monster of each Extra Deck kind, from either field -------------------------------------------

def test_prx_15_sophia_banishes_a_face_up_ritual_fusion_synchro_and_xyz_monster_from_anywhere_on_the_field(real):
    """'By banishing 1 face-up Ritual, Fusion, Synchro, and Xyz Monster from anywhere on the field': one face-up
    monster of each kind, the player's or the opponent's (a face-down Synchro Monster hides what it is); each is
    banished by its owner's side, an Xyz Monster's material goes to its owner's GY (XYZ-3)."""
    n = "Sophia, Goddess of Rebirth"
    b = board(cards=real).hand(n).monster(1, "Black Luster Soldier").monster(2, "Flame Swordsman") \
        .monster(3, "Gaia Knight, the Force of Earth").monster(4, "Gaia Knight, the Force of Earth", position="set")
    b.opponent.monster(1, "Gem-Knight Pearl", materials=["Kuriboh"]).monster(2, "Gaia the Dragon Champion")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M2", "M3", "oM1")), ("H1", ("M1", "M3", "oM1", "oM2"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M3", "oM1", "oM2")), zone="M3")
    assert after["M3"].card.name == n and after["M2"].card.name == "Flame Swordsman"
    assert sorted(c.card.name for c in after.me.banished) == ["Black Luster Soldier", "Gaia Knight, the Force of Earth"]
    assert sorted(c.card.name for c in after.opponent.banished) == ["Gaia the Dragon Champion", "Gem-Knight Pearl"]
    assert [c.card.name for c in after.opponent.graveyard] == ["Kuriboh"]
    no_xyz = board(cards=real).hand(n).monster(1, "Black Luster Soldier").monster(2, "Flame Swordsman") \
        .monster(3, "Gaia Knight, the Force of Earth")
    assert procedure_summons(no_xyz.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-16: two costs joined by "or", two procedures --------------------------------------------------------------

def test_prx_16_volcanic_emperor_banishes_3_pyro_monsters_or_1_blaze_accelerator_card(real):
    """'By banishing 3 Pyro monsters or 1 "Blaze Accelerator" card from your face-up field and/or GY': exactly 3 Pyro
    monsters (face-up on the field or in the GY; a face-down Volcanic Rocket hides what it is), or exactly 1 "Blaze
    Accelerator" card (the face-up Continuous Spell Blaze Accelerator, Tri-Blaze Accelerator in the GY; a Set Blaze
    Accelerator Reload hides what it is), never a mix of both; banished."""
    n = "Volcanic Emperor"
    b = board(cards=real).hand(n).graveyard("Hinotama Soul", "Volcanic Shell", "Tri-Blaze Accelerator") \
        .monster(1, "Blazing Inpachi").monster(2, "Volcanic Rocket", position="set") \
        .spell_trap(1, "Blaze Accelerator", position="face_up").spell_trap(2, "Blaze Accelerator Reload", position="set")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "GY1", "GY2")), ("H1", ("S1",)), ("H1", ("GY3",))}
    after = applied(position, procedure_play(position, "H1", ("S1",)), zone="M3")
    assert [c.card.name for c in after.me.banished] == ["Blaze Accelerator"] and after["M3"].card.name == n
    after = applied(position, procedure_play(position, "H1", ("M1", "GY1", "GY2")), zone="M1")
    assert sorted(c.card.name for c in after.me.banished) == ["Blazing Inpachi", "Hinotama Soul", "Volcanic Shell"]
    two = board(cards=real).hand(n).graveyard("Hinotama Soul", "Volcanic Shell").monster(1, "Volcanic Rocket",
                                                                                        position="set")
    assert procedure_summons(two.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_16_volcanic_emperor_once_per_turn_and_from_the_gy(real):
    """From the hand or the GY; "You can only Special Summon "Volcanic Emperor" once per turn" (CNT-2): after its
    Special Summon this turn, none."""
    n = "Volcanic Emperor"
    b = board(cards=real).graveyard(n, "Tri-Blaze Accelerator")
    assert procedure_summons(b.build()) == {("GY1", ("GY2",))}
    used = board(cards=real).graveyard(n, "Tri-Blaze Accelerator").event(summon="procedure", card=n, player=0)
    assert procedure_summons(used.build()) == set()


# --- PRX-17: kinds of Spell and Trap Cards ---------------------------------------------------------------------------

def test_prx_17_uria_sends_3_face_up_traps_you_control_to_the_gy(real):
    """'By sending 3 face-up Traps you control to the GY': face-up Traps of the Spell & Trap Zones; a Set Trap, a
    Spell, a Field Spell do not count."""
    b = board(cards=real).hand("Uria, Lord of Searing Flames") \
        .spell_trap(1, "Call of the Haunted").spell_trap(2, "Fiendish Chain").spell_trap(3, "Metaphys Dimension") \
        .spell_trap(4, "Macro Cosmos", position="set").spell_trap(5, "Card of Safe Return").field_spell("Umiiruka")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("S1", "S2", "S3"))}
    after = applied(position, procedure_play(position, "H1", ("S1", "S2", "S3")), zone="M1")
    assert after["M1"].card.name == "Uria, Lord of Searing Flames"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Call of the Haunted", "Fiendish Chain",
                                                               "Metaphys Dimension"]
    assert after["S4"].card.name == "Macro Cosmos" and after["S5"].card.name == "Card of Safe Return"
    short = board(cards=real).hand("Uria, Lord of Searing Flames", "Mirror Force") \
        .spell_trap(1, "Call of the Haunted").spell_trap(2, "Fiendish Chain") \
        .spell_trap(3, "Metaphys Dimension", position="set").graveyard("Trap Hole")
    assert procedure_summons(short.build()) == set()


def test_prx_17_hamon_sends_3_face_up_continuous_spells_you_control_to_the_gy(real):
    """'By sending 3 face-up Continuous Spells you control to the GY': a Set one and a Continuous Trap do not count;
    with 4, any 3."""
    b = board(cards=real).hand("Hamon, Lord of Striking Thunder") \
        .spell_trap(1, "Card of Safe Return").spell_trap(2, "Toon World").spell_trap(3, "The Dark Door") \
        .spell_trap(4, "Wave-Motion Cannon", position="set").spell_trap(5, "Call of the Haunted")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("S1", "S2", "S3"))}
    after = applied(position, procedure_play(position, "H1", ("S1", "S2", "S3")), zone="M2")
    assert after["M2"].card.name == "Hamon, Lord of Striking Thunder"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Card of Safe Return", "The Dark Door", "Toon World"]
    four = board(cards=real).hand("Hamon, Lord of Striking Thunder") \
        .spell_trap(1, "Card of Safe Return").spell_trap(2, "Toon World").spell_trap(3, "The Dark Door") \
        .spell_trap(4, "Wave-Motion Cannon")
    assert len(procedure_summons(four.build())) == 4
    short = board(cards=real).hand("Hamon, Lord of Striking Thunder") \
        .spell_trap(1, "Card of Safe Return").spell_trap(2, "Toon World").spell_trap(3, "Call of the Haunted")
    assert procedure_summons(short.build()) == set()


def test_prx_17_monoceros_banishes_1_spell_card_from_the_hand(real):
    """'By removing from play 1 Spell Card from your hand': a Spell (not a Trap, not a monster), banished face-up."""
    position = board(cards=real).hand("Monoceros", "Pot of Greed", "Mirror Force", "Kuriboh", "Dark Hole").build()
    assert procedure_summons(position) == {("H1", ("H2",)), ("H1", ("H5",))}
    after = applied(position, procedure_play(position, "H1", ("H5",)), zone="M1")
    assert after["M1"].card.name == "Monoceros" and [c.card.name for c in after.me.banished] == ["Dark Hole"]
    assert sorted(c.name for c in after.me.hand) == ["Kuriboh", "Mirror Force", "Pot of Greed"]
    no_spell = board(cards=real).hand("Monoceros", "Mirror Force", "Kuriboh").graveyard("Pot of Greed")
    assert procedure_summons(no_spell.build()) == set()


def test_prx_17_spell_striker_banishes_1_spell_card_from_the_gy(real):
    position = board(cards=real).hand("Spell Striker", "Pot of Greed") \
        .graveyard("Mirror Force", "Kuriboh", "Dark Hole").build()
    assert procedure_summons(position) == {("H1", ("GY3",))}
    after = applied(position, procedure_play(position, "H1", ("GY3",)), zone="M1")
    assert [c.card.name for c in after.me.banished] == ["Dark Hole"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kuriboh", "Mirror Force"]


def test_prx_17_trap_eater_sends_1_face_up_trap_your_opponent_controls_to_their_gy(real):
    """'By sending 1 face-up Trap your opponent controls to the GY': the opponent's face-up Trap (not their Set one,
    not the player's own) goes to its owner's GY; Trap Eater comes to the player's field."""
    b = board(cards=real).hand("Trap Eater").spell_trap(1, "Call of the Haunted")
    b.opponent.spell_trap(1, "Fiendish Chain").spell_trap(2, "Macro Cosmos", position="set") \
        .spell_trap(3, "Card of Safe Return")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("oS1",))}
    after = applied(position, procedure_play(position, "H1", ("oS1",)), zone="M1")
    assert after["M1"].card.name == "Trap Eater" and after.me.graveyard == ()
    assert [c.card.name for c in after.opponent.graveyard] == ["Fiendish Chain"]
    assert after["S1"].card.name == "Call of the Haunted"
    set_only = board(cards=real).hand("Trap Eater").spell_trap(1, "Call of the Haunted")
    set_only.opponent.spell_trap(2, "Macro Cosmos", position="set")
    assert procedure_summons(set_only.build()) == set()


def test_prx_17_anteatereatingant_sends_2_spells_traps_you_control_not_a_pendulum_scale(real):
    """'By sending 2 Spells/Traps you control to the GY': Set ones too and the Field Spell; a Pendulum Scale is a Spell
    Card in its zone, but its script's IsAbleToGraveAsCost refuses it (it would go to the Extra Deck, GYC-1)."""
    b = board(cards=real).hand("Anteatereatingant").spell_trap(1, "Pot of Greed", position="set") \
        .spell_trap(2, "Toon World").spell_trap(5, "Dragonpit Magician").field_spell("Umiiruka").monster(1, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("H1", pair) for pair in (("S1", "FZ"), ("S1", "S2"), ("S2", "FZ"))}
    after = applied(position, procedure_play(position, "H1", ("S1", "S2")), zone="M2")
    assert after["M2"].card.name == "Anteatereatingant"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Pot of Greed", "Toon World"]
    three = board(rules=3, cards=real).hand("Anteatereatingant").pendulum_zone("left", "Dragonpit Magician") \
        .spell_trap(3, "Mirror Force", position="set")
    assert procedure_summons(three.build()) == set()
    one = board(cards=real).hand("Anteatereatingant", "Pot of Greed").spell_trap(1, "Toon World").monster(1, "Kuriboh")
    assert procedure_summons(one.build()) == set()


def test_prx_17_cards_are_read_whole(real):
    for name in ("Uria, Lord of Searing Flames", "Hamon, Lord of Striking Thunder", "Monoceros", "Spell Striker",
                 "Trap Eater", "Anteatereatingant"):
        assert isinstance(procedures(real[name]), tuple), name
        assert unread_clauses(real[name]) == (), name


# --- PRX-19: an Extra Deck monster's own procedure with a cost of its text ---------------------------------------------

def test_prx_19_rainbow_overdragon_tributes_a_level_10_ultimate_crystal_monster(real):
    """'Must be either Fusion Summoned, or Special Summoned by Tributing 1 Level 10 "Ultimate Crystal" monster': from
    the face-down Extra Deck, to the zones of a Fusion Monster from there (ZN-5: any Main Monster Zone, the Tribute's
    too, or an Extra Monster Zone); the Tribute goes to the GY."""
    b = board(cards=real).extra_deck("Rainbow Overdragon").monster(1, "Rainbow Dark Dragon").monster(2, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1",))}
    play = procedure_play(position, "ED1", ("M1",))
    assert play.zones == ("EMZL", "EMZR", "M1", "M3", "M4", "M5")
    after = applied(position, play, zone="M1")
    assert after["M1"].card.name == "Rainbow Overdragon" and after["M1"].state.properly_summoned
    assert [c.card.name for c in after.me.graveyard] == ["Rainbow Dark Dragon"] and after.me.extra_deck == ()
    assert [dict(e) for e in after.events] == [{"summon": "procedure", "cards": ("Rainbow Overdragon",), "player": 0,
                                                "from": "extra_deck", "negated": False}]
    other = board(cards=real).extra_deck("Rainbow Overdragon").monster(1, "Rainbow Neos").graveyard("Rainbow Dark Dragon")
    assert procedure_summons(other.build()) == set()


def test_prx_19_nerva_tributes_3_monsters_with_different_types_in_defense_position(real):
    b = board(cards=real).extra_deck("Nerva the Power Patron of Creation") \
        .monster(1, "Kuriboh").monster(2, "Neo Bug").monster(3, "Effect Veiler").monster(4, "Sangan")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1", "M2", "M3")), ("ED1", ("M2", "M3", "M4"))}
    play = procedure_play(position, "ED1", ("M2", "M3", "M4"))
    assert play.positions == ("defense",)
    after = applied(position, play, zone="EMZL", battle_position="defense")
    assert after["EMZL"].card.name == "Nerva the Power Patron of Creation"
    assert sorted(c.card.name for c in after.me.graveyard) == ["Effect Veiler", "Neo Bug", "Sangan"]
    two_fiends = board(cards=real).extra_deck("Nerva the Power Patron of Creation") \
        .monster(1, "Kuriboh").monster(2, "Sangan").monster(3, "Effect Veiler")
    assert procedure_summons(two_fiends.build()) == set()
    # the engine's IsCanBeFusionMaterial: Centerfrog "cannot be used as Fusion Material", so it is no Tribute here
    frog = board(cards=real).extra_deck("Nerva the Power Patron of Creation") \
        .monster(1, "Kuriboh").monster(2, "Neo Bug").monster(3, "Centerfrog")
    assert procedure_summons(frog.build()) == set()


def test_prx_19_red_nova_burning_soul_banishes_2_tuners_and_red_dragon_archfiend_from_the_gy(real):
    b = board(cards=real).extra_deck("Red Nova Dragon - Burning Soul") \
        .graveyard("Red Dragon Archfiend", "Junk Synchron", "Effect Veiler", "Sangan")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("GY1", "GY2", "GY3"))}
    after = applied(position, procedure_play(position, "ED1", ("GY1", "GY2", "GY3")), zone="M3")
    assert after["M3"].card.name == "Red Nova Dragon - Burning Soul"
    assert sorted(c.card.name for c in after.me.banished) == ["Effect Veiler", "Junk Synchron", "Red Dragon Archfiend"]
    assert [c.card.name for c in after.me.graveyard] == ["Sangan"]
    one_tuner = board(cards=real).extra_deck("Red Nova Dragon - Burning Soul") \
        .graveyard("Red Dragon Archfiend", "Junk Synchron", "Sangan")
    assert procedure_summons(one_tuner.build()) == set()


def test_prx_19_black_winged_assault_dragon_banishes_from_the_face_up_monster_zone_and_gy(real):
    b = board(cards=real).extra_deck("Black-Winged Assault Dragon").graveyard("Black-Winged Dragon") \
        .monster(3, "Formula Synchron")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M3", "GY1"))}
    after = applied(position, procedure_play(position, "ED1", ("M3", "GY1")), zone="M3")
    assert after["M3"].card.name == "Black-Winged Assault Dragon" and after.me.graveyard == ()
    assert sorted(c.card.name for c in after.me.banished) == ["Black-Winged Dragon", "Formula Synchron"]
    face_down = board(cards=real).extra_deck("Black-Winged Assault Dragon").graveyard("Black-Winged Dragon") \
        .monster(3, "Formula Synchron", position="set")
    assert procedure_summons(face_down.build()) == set()


def test_prx_19_cards_are_read_whole_and_conditions_stay_unread(real):
    for name in ("Rainbow Overdragon", "Nerva the Power Patron of Creation", "Red Nova Dragon - Burning Soul",
                 "Black-Winged Assault Dragon"):
        assert isinstance(procedures(real[name]), tuple) and procedures(real[name]), name
        assert unread_clauses(real[name]) == (), name
    for name in ("Ultimate Great Insect", "Hecahands Jauzah", "Azamina"):
        assert not isinstance(procedures(real[name]), tuple), name
        assert unread_clauses(real[name]), name
    # Predaplant Dheadevil's Tribute of a monster "with a Predator Counter" is never available (CTR-2): no procedure
    assert procedures(real["Predaplant Dheadevil"]) == () and unread_clauses(real["Predaplant Dheadevil"]) == ()


# --- PRX-20: "This card cannot be Special Summoned, except by ..." ------------------------------------------------------

def test_prx_20_malefic_rainbow_dragon_banishes_rainbow_dragon_from_the_hand_or_deck(real):
    """'This card cannot be Special Summoned, except by removing from play 1 "Rainbow Dragon" from your hand or
    Deck' (the comma of the older wording): a procedure as "... except by removing ..." without it."""
    n = "Malefic Rainbow Dragon"
    # (a Rainbow Dragon in the hand would be an unread card of the position: its own procedure is not read)
    position = board(cards=real).hand(n, "Kuriboh").deck("Rainbow Dragon", "Kuriboh").build()
    assert procedure_summons(position) == {("H1", ("DK1",))}
    after = applied(position, procedure_play(position, "H1", ("DK1",)), zone="M1")
    assert after["M1"].card.name == n and [c.card.name for c in after.me.banished] == ["Rainbow Dragon"]
    assert [c.name for c in after.me.deck] == ["Kuriboh"]
    none = board(cards=real).hand(n).graveyard("Sangan").deck("Kuriboh")
    assert procedure_summons(none.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-21: a number of cards the player chooses ("one or more", "a ... monster(s)", "up to 3") ----------------------

def test_prx_21_machina_cannon_sends_one_or_more_machines_from_the_hand(real):
    """'By sending one or more Machine-Type monsters from your hand to the GY': any non-empty set of the Machines in
    the hand (never the Fiend), all to the GY."""
    n = "Machina Cannon"
    position = board(cards=real).hand(n, "Machina Soldier", "Machina Peacekeeper", "Kuriboh").build()
    assert procedure_summons(position) == {("H1", ("H2",)), ("H1", ("H3",)), ("H1", ("H2", "H3"))}
    after = applied(position, procedure_play(position, "H1", ("H2", "H3")), zone="M1")
    assert after["M1"].card.name == n and [c.name for c in after.me.hand] == ["Kuriboh"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Machina Peacekeeper", "Machina Soldier"]
    alone = board(cards=real).hand(n, "Kuriboh").graveyard("Machina Soldier")
    assert procedure_summons(alone.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_21_megarock_dragon_banishes_a_rock_monster_s_from_the_gy(real):
    """'By removing from play a Rock-Type monster(s) in your Graveyard': 1 or more Rock monsters of the GY."""
    n = "Megarock Dragon"
    position = board(cards=real).hand(n).graveyard("Giant Soldier of Stone", "Sangan", "Giant Soldier of Stone").build()
    assert procedure_summons(position) == {("H1", ("GY1",)), ("H1", ("GY3",)), ("H1", ("GY1", "GY3"))}
    after = applied(position, procedure_play(position, "H1", ("GY1", "GY3")), zone="M2")
    assert after["M2"].card.name == n and [c.card.name for c in after.me.graveyard] == ["Sangan"]
    assert len(after.me.banished) == 2
    assert procedure_summons(board(cards=real).hand(n).graveyard("Sangan").build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_21_grand_knight_shuffles_up_to_3_non_effect_monsters_from_the_gy(real):
    """'By shuffling up to 3 non-Effect Monsters from your GY into the Deck/Extra Deck' (from the hand or GY): 1, 2
    or 3 of the GY's non-Effect Monsters (never 4, never the Effect Monster, never itself); a Fusion Monster goes to
    the Extra Deck."""
    n = "Grand Knight of the Red Lotus"
    four = ("Dark Magician", "Blue-Eyes White Dragon", "Celtic Guardian", "Flame Swordsman")
    position = board(cards=real).hand(n).graveyard(*four, "Sangan").build()
    found = procedure_summons(position)
    assert len(found) == 4 + 6 + 4 and all(1 <= len(cost) <= 3 and "GY5" not in cost for _, cost in found)
    after = applied(position, procedure_play(position, "H1", ("GY1", "GY2", "GY4")), zone="M1")
    assert after["M1"].card.name == n
    assert sorted(c.name for c in after.me.deck) == ["Blue-Eyes White Dragon", "Dark Magician"]
    assert [c.card.name for c in after.me.extra_deck] == ["Flame Swordsman"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Celtic Guardian", "Sangan"]
    revived = board(cards=real).graveyard(n, "Dark Magician").build()
    assert procedure_summons(revived) == {("GY1", ("GY2",))}
    assert procedure_summons(board(cards=real).graveyard(n, "Sangan").build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-22: Tributing all monsters you control ------------------------------------------------------------------------

def test_prx_22_legendary_maju_garzett_tributes_all_monsters_you_control(real):
    """'By Tributing all monsters you control': every one of them (face-down too, a Tribute), at least 1; one that
    cannot be Tributed (a face-up Summoner Monk) leaves no play; the opponent's monsters stay."""
    n = "Legendary Maju Garzett"
    b = board(cards=real).hand(n).monster(1, "Kuriboh").monster(3, "Sangan", position="set")
    b.opponent.monster(1, "Celtic Guardian")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("M1", "M3"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M3")), zone="M3")
    assert [m and m.card.name for m in after.me.monster_zones] == [None, None, n, None, None]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Kuriboh", "Sangan"]
    assert procedure_summons(board(cards=real).hand(n).build()) == set()
    monk = board(cards=real).hand(n).monster(1, "Kuriboh").monster(2, "Summoner Monk").build()
    assert {p.cost for p in legal_plays(monk, all_instances=True) if p.action == "procedure_summon"} == set()
    assert {p.cost for p in reference_plays(monk, all_instances=True) if p.action == "procedure_summon"} == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-23: only monsters of a kind in the GY (min. 1) ---------------------------------------------------------------

def test_prx_23_gearspring_spirit_needs_only_machines_in_the_gy(real):
    """'By having only Machine-Type monsters in your GY (min. 1)': a condition, no cost; a Spell in the GY does not
    matter, a Fiend does, an empty GY (or Spells only) does not do."""
    n = "Gearspring Spirit"
    position = board(cards=real).hand(n).graveyard("Machina Soldier", "Pot of Greed").build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert after["M1"].card.name == n and len(after.me.graveyard) == 2
    assert procedure_summons(board(cards=real).hand(n).graveyard("Machina Soldier", "Sangan").build()) == set()
    assert procedure_summons(board(cards=real).hand(n).graveyard("Pot of Greed").build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_23_why_names_the_other_monster(real):
    from pysolver.solve.why import why
    position = board(cards=real).hand("Gearspring Spirit").graveyard("Machina Soldier", "Sangan").build()
    (answer,) = why(position, "H1", "procedure_summon").answers
    assert answer.exhaustive and not answer.plays
    assert [reason.name for group in answer.reasons for reason in group] == ["procedure_gy_only"]


# --- PRX-24: the only monsters you control are N Defense Position monsters ------------------------------------------

def test_prx_24_backup_warrior_needs_exactly_2_defense_position_monsters(real):
    """'While the only monsters you control are 2 Defense Position monsters': face-up or face-down Defense Position,
    exactly 2; an Attack Position one, or a third, and there is no procedure."""
    n = "Backup Warrior"
    position = board(cards=real).hand(n).monster(1, "Kuriboh", position="defense") \
        .monster(2, "Sangan", position="set").build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M3")
    assert after["M3"].card.name == n and after["M1"].card.name == "Kuriboh"
    attack = board(cards=real).hand(n).monster(1, "Kuriboh", position="defense").monster(2, "Sangan")
    assert procedure_summons(attack.build()) == set()
    three = board(cards=real).hand(n).monster(1, "Kuriboh", position="defense").monster(2, "Sangan", position="set") \
        .monster(3, "Neo Bug", position="set")
    assert procedure_summons(three.build()) == set()
    assert procedure_summons(board(cards=real).hand(n).monster(1, "Kuriboh", position="defense").build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_24_backup_warrior_no_synchro_summon_the_turn_it_is_special_summoned(real):
    """"You cannot Synchro Summon the turn you Special Summon this card": after its procedure the Synchro Summon
    open before is gone; after a Synchro Summon this turn (negated too) its procedure is gone."""
    n = "Backup Warrior"
    b = board(cards=real).hand(n).monster(1, "Junk Synchron", position="defense") \
        .monster(2, "Speed Warrior", position="defense").extra_deck("Junk Warrior")
    position = b.build()
    assert procedure_summons(position) == {("H1", ())}
    assert any(p.action == "synchro_summon" for p in legal_plays(position, all_instances=True))
    after = applied(position, procedure_play(position, "H1", ()), zone="M3")
    assert not any(p.action == "synchro_summon" for p in legal_plays(after, all_instances=True))
    assert {p.key for p in legal_plays(after, all_instances=True)} == \
        {p.key for p in reference_plays(after, all_instances=True)}
    done = b.event(summon="synchro", card="Junk Warrior", **{"from": "extra_deck"}, negated=True).build()
    assert procedure_summons(done) == set()


# --- PRX-25: all of one kind or all of the other, while the GY holds as many of each ----------------------------------

def test_prx_25_evening_twilight_banishes_all_light_or_all_dark_monsters_while_equal(real):
    """'By banishing all LIGHT monsters or all DARK monsters from your GY, while you have an equal number of each in
    your GY': two ways, each taking every monster of one Attribute (never a mix, never some of them); the EARTH one
    stays; with 3 DARK and 2 LIGHT, or none of either, there is no procedure."""
    n = "Black Luster Soldier - Envoy of the Evening Twilight"
    gy = ("Blue-Eyes White Dragon", "Mystical Elf", "Dark Magician", "Kuriboh", "Giant Soldier of Stone")
    position = board(cards=real).hand(n).graveyard(*gy).build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2")), ("H1", ("GY3", "GY4"))}
    after = applied(position, procedure_play(position, "H1", ("GY3", "GY4")), zone="M1")
    assert after["M1"].card.name == n
    assert sorted(c.card.name for c in after.me.banished) == ["Dark Magician", "Kuriboh"]
    assert sorted(c.card.name for c in after.me.graveyard) == ["Blue-Eyes White Dragon", "Giant Soldier of Stone",
                                                               "Mystical Elf"]
    assert procedure_summons(board(cards=real).hand(n).graveyard(*gy, "Sangan").build()) == set()
    assert procedure_summons(board(cards=real).hand(n).graveyard("Giant Soldier of Stone").build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-26: cards of the same type (Monster, Spell, or Trap) --------------------------------------------------------

def test_prx_26_yomagna_shuffles_3_monsters_3_spells_or_3_traps_from_the_gy(real):
    """'By shuffling 3 cards of the same type (Monster, Spell, or Trap) from your GY into the Deck/Extra Deck': 3
    monsters (an Extra Deck one into the Extra Deck), or 3 Spells, or 3 Traps -- never a mix; 2 Traps do not do."""
    n = "Yomagna the Fire Phantom"
    position = board(cards=real).hand(n).graveyard(
        "Kuriboh", "Sangan", "Stardust Dragon", "Pot of Greed", "Pot of Greed", "Monster Reborn", "Mirror Force",
        "Trap Hole").build()
    assert procedure_summons(position) == {("H1", ("GY1", "GY2", "GY3")), ("H1", ("GY4", "GY5", "GY6"))}
    after = applied(position, procedure_play(position, "H1", ("GY1", "GY2", "GY3")), zone="M1")
    assert after["M1"].card.name == n and sorted(c.name for c in after.me.deck) == ["Kuriboh", "Sangan"]
    assert [c.card.name for c in after.me.extra_deck] == ["Stardust Dragon"]
    spells = applied(position, procedure_play(position, "H1", ("GY4", "GY5", "GY6")), zone="M1")
    assert sorted(c.name for c in spells.me.deck) == ["Monster Reborn", "Pot of Greed", "Pot of Greed"]
    mixed = board(cards=real).hand(n).graveyard("Kuriboh", "Sangan", "Pot of Greed", "Mirror Force", "Trap Hole")
    assert procedure_summons(mixed.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-27: any cards from the hand and/or field ---------------------------------------------------------------------

def test_prx_27_tierra_shuffles_10_other_cards_with_different_names_from_hand_and_field(real):
    """'By shuffling 10 other cards with different names from your hand and/or field into the Deck and/or Extra Deck':
    any cards, Set ones too, all 10 of them here; with two Pot of Greed among 10 cards (9 names) no procedure."""
    n = "Tierra, Source of Destruction"
    hand = ("Pot of Greed", "Kuriboh", "Sangan", "Monster Reborn", "Mirror Force", "Trap Hole", "Neo Bug",
            "Dark Magician")
    b = board(cards=real).hand(n, *hand).monster(1, "Giant Soldier of Stone", position="set") \
        .spell_trap(1, "Raigeki", position="set")
    position = b.build()
    cost = ("H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "M1", "S1")
    assert procedure_summons(position) == {("H1", cost)}
    after = applied(position, procedure_play(position, "H1", cost), zone="M1")
    assert after["M1"].card.name == n and len(after.me.deck) == 10 and after.me.hand == ()
    twice = board(cards=real).hand(n, *hand, "Pot of Greed").monster(1, "Giant Soldier of Stone", position="set")
    assert procedure_summons(twice.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_27_diabellstar_sends_1_card_from_the_hand_or_field(real):
    """'By sending 1 card from your hand or field to the GY' (Diabellstar the Black Witch): any card of the hand or
    the player's field, a Set Spell too."""
    n = "Diabellstar the Black Witch"
    position = board(cards=real).hand(n, "Pot of Greed").spell_trap(2, "Mirror Force", position="set") \
        .monster(1, "Kuriboh").build()
    assert procedure_summons(position) == {("H1", ("H2",)), ("H1", ("S2",)), ("H1", ("M1",))}
    after = applied(position, procedure_play(position, "H1", ("S2",)), zone="M2")
    assert after["M2"].card.name == n and [c.card.name for c in after.me.graveyard] == ["Mirror Force"]
    assert procedure_summons(board(cards=real).hand(n).build()) == set()


# --- PRX-28: from the face-up Extra Deck; no cards in the Extra Deck except its name ---------------------------------

def test_prx_28_anchamoufrite_from_the_face_up_extra_deck_with_nothing_else_there(real):
    """'Must be Special Summoned (from your face-up Extra Deck) by having no cards in your Extra Deck except
    "Anchamoufrite"': from the face-up Extra Deck only (to an Extra Monster Zone or a zone a Link Monster points to,
    as a face-up Pendulum Monster from the Extra Deck), while every card there is an Anchamoufrite (face-down
    Stardust Dragon there: none); never from the hand."""
    n = "Anchamoufrite"
    two = board(cards=real).extra_deck(n, n, face_up=True).build()
    assert procedure_summons(two) == {("ED1", ()), ("ED2", ())}
    position = board(cards=real).extra_deck(n, face_up=True).hand("Kuriboh").build()
    assert procedure_summons(position) == {("ED1", ())}
    assert set(procedure_play(position, "ED1", ()).zones) == {"EMZL", "EMZR"}
    after = applied(position, procedure_play(position, "ED1", ()), zone="EMZL")
    assert after["EMZL"].card.name == n and after.me.extra_deck == ()
    other = board(cards=real).extra_deck(n, face_up=True).extra_deck("Stardust Dragon").build()
    assert procedure_summons(other) == set()
    assert procedure_summons(board(cards=real).hand(n).build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_28_dreaming_nemleria_from_the_face_up_extra_deck(real):
    n = "Dreaming Nemleria"
    position = board(cards=real).extra_deck(n, face_up=True).build()
    assert procedure_summons(position) == {("ED1", ())}
    assert procedure_summons(board(cards=real).extra_deck(n, face_up=True).extra_deck("Anchamoufrite", face_up=True)
                             .build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-29: Tributing all monsters you control, with a minimum and "including" ------------------------------------

def test_prx_29_zefraath_tributes_all_monsters_including_at_least_3_zefra(real):
    """'(from your face-up Extra Deck) by Tributing all monsters you control, including at least 3 "Zefra" monsters':
    every monster (a face-down Zefra counts, a Tribute), 3 of them Zefra (the Pendulum Monsters go to the Extra Deck
    face-up, PEN-4); with 2 Zefra no procedure."""
    n = "Zefraath"
    b = board(cards=real).extra_deck(n, face_up=True).monster(1, "Zefraxa, Flame Beast of the Nekroz") \
        .monster(2, "Zefraxi, Treasure of the Yang Zing", position="set").monster(3, "Stellarknight Zefraxciton") \
        .monster(4, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("ED1", ("M1", "M2", "M3", "M4"))}
    after = applied(position, procedure_play(position, "ED1", ("M1", "M2", "M3", "M4")), zone="EMZL")
    assert after["EMZL"].card.name == n and [c.card.name for c in after.me.graveyard] == ["Kuriboh"]
    assert len(after.me.extra_deck) == 3 and all(c.face_up for c in after.me.extra_deck)   # PEN-4: Pendulum Monsters
    two = board(cards=real).extra_deck(n, face_up=True).monster(1, "Zefraxa, Flame Beast of the Nekroz") \
        .monster(3, "Stellarknight Zefraxciton").monster(4, "Kuriboh")
    assert procedure_summons(two.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_29_all_eyes_phantom_dragon_tributes_all_min_2_including_a_dragon_pendulum(real):
    """'(from your hand or face-up Extra Deck) by Tributing all monsters you control (min. 2), including a Dragon
    Pendulum Monster': at least 2, one a Dragon Pendulum Monster; from the hand to a Main Monster Zone, from the
    face-up Extra Deck to an Extra Monster Zone."""
    n = "All-Eyes Phantom Dragon"
    position = board(cards=real).hand(n).monster(1, "Odd-Eyes Pendulum Dragon").monster(2, "Kuriboh").build()
    assert procedure_summons(position) == {("H1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2")), zone="M2")
    assert after["M2"].card.name == n and [c.card.name for c in after.me.graveyard] == ["Kuriboh"]
    assert [c.card.name for c in after.me.extra_deck] == ["Odd-Eyes Pendulum Dragon"]   # PEN-4
    extra = board(cards=real).extra_deck(n, face_up=True).monster(1, "Odd-Eyes Pendulum Dragon").monster(2, "Kuriboh")
    extra_position = extra.build()
    assert procedure_summons(extra_position) == {("ED1", ("M1", "M2"))}
    assert set(procedure_play(extra_position, "ED1", ("M1", "M2")).zones) == {"EMZL", "EMZR"}
    alone = board(cards=real).hand(n).monster(1, "Odd-Eyes Pendulum Dragon")
    assert procedure_summons(alone.build()) == set()
    no_dragon = board(cards=real).hand(n).monster(1, "Sangan").monster(2, "Kuriboh")
    assert procedure_summons(no_dragon.build()) == set()
    assert unread_clauses(real[n]) == ()


# --- PRX-30: "(from your Extra Deck or GY)", "(from your hand or Extra Deck)" of a Pendulum Monster; returning one of
# each Extra Deck kind to the Extra Deck -------------------------------------------------------------------------------

def test_prx_30_vidolium_returns_a_fusion_a_synchro_and_an_xyz_to_the_extra_deck(real):
    """'(from your Extra Deck or GY) by returning 3 monsters (1 Fusion, 1 Synchro, and 1 Xyz) from your face-up field
    and/or GY to the Extra Deck': one of each kind, a face-up one on the field (a face-down Fusion Monster is not
    taken) or one in the GY; they go to the Extra Deck; Vidolium comes from the GY or the face-up Extra Deck."""
    n = "Vidolium the Unstable Power Patron of Unity"
    b = board(cards=real).graveyard(n, "Stardust Dragon", "Number 39: Utopia").monster(1, "Flame Swordsman") \
        .monster(2, "Thousand Dragon", position="set")
    position = b.build()
    assert procedure_summons(position) == {("GY1", ("M1", "GY2", "GY3"))}
    after = applied(position, procedure_play(position, "GY1", ("M1", "GY2", "GY3")), zone="M1")
    assert after["M1"].card.name == n and after.me.graveyard == ()
    assert sorted(c.card.name for c in after.me.extra_deck) == ["Flame Swordsman", "Number 39: Utopia",
                                                                "Stardust Dragon"]
    extra = board(cards=real).extra_deck(n, face_up=True).graveyard("Stardust Dragon", "Number 39: Utopia") \
        .monster(1, "Flame Swordsman").build()
    assert procedure_summons(extra) == {("ED1", ("M1", "GY1", "GY2"))}
    no_fusion = board(cards=real).graveyard(n, "Stardust Dragon", "Number 39: Utopia") \
        .monster(2, "Thousand Dragon", position="set")
    assert procedure_summons(no_fusion.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_30_chaos_emperor_procedure_is_read(real):
    """'(from your hand or Extra Deck)' of a Pendulum Monster: the hand or the face-up Extra Deck; its "If this face-up
    Special Summoned card leaves the field, return it to the bottom of the Deck." is SCY-1's (tests/solve/
    test_rules_scy.py): nothing of the card is left unread."""
    n = "Chaos Emperor, the Dragon of Armageddon"
    (way,) = procedures(real[n])
    assert way.sources == ("hand", "face_up_extra_deck") and len(way.costs) == 2
    assert unread_clauses(real[n]) == ()


def test_prx_27_diabellstar_sends_the_field_spell_not_a_pendulum_scale(real):
    """"1 card from your hand or field": the Field Spell too, not a Pendulum Scale (its script's IsAbleToGraveAsCost
    refuses it: it would go to the Extra Deck, GYC-1); never an opponent's card."""
    n = "Diabellstar the Black Witch"
    b = board(cards=real).hand(n).spell_trap(5, "Dragonpit Magician").field_spell("Umiiruka")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert procedure_summons(position) == {("H1", ("FZ",))}
    after = applied(position, procedure_play(position, "H1", ("FZ",)), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Umiiruka"]


# --- PRX-31: more conditions of "If ..., you can Special Summon this card (from your hand)" ----------------------------

def test_prx_31_icejade_kosmochlor_needs_a_face_up_card_in_a_field_zone(real):
    """'If a face-up card is in a Field Zone': either player's Field Zone, face-up (a Set Field Spell does not do)."""
    n = "Icejade Kosmochlor"
    b = board(cards=real).hand(n)
    b.opponent.field_spell("Umiiruka")
    position = b.build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert after["M1"].card.name == n
    assert procedure_summons(board(cards=real).hand(n).field_spell("Umiiruka", position="set").build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_31_superheavy_samurai_thief_needs_no_spell_or_trap_in_the_gy(real):
    n = "Superheavy Samurai Thief"
    assert procedure_summons(board(cards=real).hand(n).graveyard("Kuriboh").build()) == {("H1", ())}
    assert procedure_summons(board(cards=real).hand(n).graveyard("Kuriboh", "Trap Hole").build()) == set()
    assert procedure_summons(board(cards=real).hand(n).graveyard("Pot of Greed").build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_31_adularia_needs_a_face_up_card_in_your_spell_trap_zone(real):
    """'If you control a face-up card in your Spell & Trap Zone': a face-up Spell or Trap of the player's Spell & Trap
    Zones (not a Set one, not the Field Zone, not the opponent's)."""
    n = "Adularia of the June Moon"
    position = board(cards=real).hand(n).spell_trap(2, "Toon World").build()
    assert procedure_summons(position) == {("H1", ())}
    after = applied(position, procedure_play(position, "H1", ()), zone="M1")
    assert after["M1"].card.name == n and after["S2"].card.name == "Toon World"
    b = board(cards=real).hand(n).spell_trap(2, "Mirror Force", position="set").field_spell("Umiiruka")
    b.opponent.spell_trap(1, "Toon World")
    assert procedure_summons(b.build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_31_nemleria_oreiller_needs_a_face_up_pendulum_monster_in_the_extra_deck(real):
    n = "Nemleria Dream Defender - Oreiller"
    position = board(cards=real).hand(n).extra_deck("Dragonpit Magician", face_up=True).build()
    assert procedure_summons(position) == {("H1", ())}
    assert procedure_summons(board(cards=real).hand(n).extra_deck("Stardust Dragon").build()) == set()
    assert unread_clauses(real[n]) == ()


def test_prx_31_moonstar_and_boost_warrior_need_a_face_up_tuner(real):
    """'If you control a Tuner': a face-up Tuner of the player's (a Set one hides what it is); Boost Warrior's "in
    Defense Position" too."""
    position = board(cards=real).hand("Magical King Moonstar").monster(1, "Junk Synchron").build()
    assert procedure_summons(position) == {("H1", ())}
    assert procedure_summons(board(cards=real).hand("Magical King Moonstar")
                             .monster(1, "Junk Synchron", position="set").build()) == set()
    boost = board(cards=real).hand("Boost Warrior").monster(1, "Junk Synchron").build()
    (play,) = [p for p in legal_plays(boost, all_instances=True) if p.action == "procedure_summon"]
    assert play.positions == ("defense",) and procedure_summons(boost) == {("H1", ())}
    assert unread_clauses(real["Magical King Moonstar"]) == () and unread_clauses(real["Boost Warrior"]) == ()


def test_prx_31_laval_coatl_needs_3_laval_monsters_with_different_names_in_the_gy(real):
    n = "Laval Coatl"
    three = ("Laval Volcano Handmaiden", "Laval Lakeside Lady", "Laval Forest Sprite")
    assert procedure_summons(board(cards=real).hand(n).graveyard(*three).build()) == {("H1", ())}
    twice = board(cards=real).hand(n).graveyard("Laval Volcano Handmaiden", "Laval Volcano Handmaiden",
                                                "Laval Lakeside Lady")
    assert procedure_summons(twice.build()) == set()
    assert unread_clauses(real[n]) == ()
