"""Issue 15 item 8: the Ritual Spell wordings `cardtext.ritual_spell` reads (RIT-1..RIT-3), on real cards."""

import pytest

from pysolver.cards.cardtext import RitualSpell, ritual_spell
from pysolver.cards.reading import unread_clauses
from pysolver.cards.requirements import Atom, disj


def read(real, name) -> RitualSpell:
    spell = ritual_spell(real[name])
    assert isinstance(spell, RitualSpell), spell
    return spell


def test_rit_1_from_hand_or_gy(real):
    """"Ritual Summon any "Vendread" Ritual Monster from your hand or GY" (Revendread Origin, Mitsurugi
    Mirror): the Ritual Monster may be in the GY; without those words only in the hand."""
    assert read(real, "Revendread Origin").from_graveyard
    mirror = read(real, "Mitsurugi Mirror")
    assert mirror.from_graveyard and mirror.tribute_filter == Atom("race", "=", "Reptile")
    assert not read(real, "Black Luster Ritual").from_graveyard


def test_rit_3_banish_from_the_gy(real):
    """"Tribute monsters from your hand or field, and/or banish <filter> from your GY": the GY monsters
    that may count too, by kind, archetype or name."""
    assert read(real, "Revendread Origin").banish_filter == Atom("race", "=", "Zombie")
    assert read(real, "Shinobird's Calling").banish_filter == Atom("kind", "=", "spirit")
    chaos = read(real, "Chaos Form")
    assert chaos.mode == "equal" and chaos.banish_filter == disj(Atom("name", "=", "Blue-Eyes White Dragon"),
                                                                  Atom("name", "=", "Dark Magician"))
    light = read(real, "Light and Darkness Ritual")      # "banish monsters from your GY", "exceed its Level"
    assert light.mode == "greater" and light.level is None and light.banish_filter is not None
    assert read(real, "Black Luster Ritual").banish_filter is None


def test_rit_2_fixed_total_after_a_comma(real):
    """"..., whose total Levels equal 8 or more": a fixed total, equal or exceed (Litmus Doom Ritual,
    Red-Eyes Transmigration with its "Red-Eyes" monsters from the GY)."""
    litmus = read(real, "Litmus Doom Ritual")
    assert (litmus.mode, litmus.level, litmus.banish_filter) == ("greater", 8, None)
    red = read(real, "Red-Eyes Transmigration")
    assert (red.mode, red.level) == ("greater", 8) and red.banish_filter is not None
    assert (read(real, "Libromancer Bonded").mode, read(real, "Libromancer Bonded").level) == ("greater", None)


@pytest.mark.parametrize("name", [
    "Revendread Evolution",             # a Deck send, and a destruction in a later End Phase
    "Gishki Photomirror",               # Life Points
    "Heavy Interlock",                  # destroy instead of Tribute
    "Forbidden Arts of the Gishki",     # the opponent's monsters
    "Gishki Nekromirror",               # OR the opponent's monster
    "High Ritual Art",                  # from the Deck, and a shuffle in the opponent's End Phase
    "Nekroz Kaleidoscope",              # any number of Ritual Monsters
    "Sonic Tracker",                    # the summoned monster's Level becomes the Tributes' total
])
def test_other_wordings_stay_unread(real, name):
    assert not isinstance(ritual_spell(real[name]), RitualSpell)


def test_rit_4_nekroz_order_reads_as_the_older_wording(real):
    """RIT-4: "Tribute monsters from your hand or field[, and/or banish "Nekroz" monsters from your GY], then
    Ritual Summon 1 "Nekroz" Ritual Monster from your hand [or GY] whose Level exactly equals the total Levels
    of those monsters" (RIT-5: the "this effect" once per turn right after it)."""
    cycle, mirror = read(real, "Nekroz Cycle"), read(real, "Nekroz Mirror")
    assert (cycle.mode, cycle.from_graveyard, cycle.banish_filter, cycle.once_per_turn) == ("equal", True, None, True)
    assert (mirror.mode, mirror.from_graveyard, mirror.once_per_turn) == ("equal", False, True)
    assert mirror.banish_filter is not None


def test_rit_6_extra_deck_and_conditions(real):
    """RIT-6: Odd-Eyes Advent ("If your opponent controls 2 or more monsters and you control no monsters, you can
    also send "Odd-Eyes" monsters from your Extra Deck to the GY"), Rise of the Salamangreat and A.I.'s Ritual
    (GY monsters while you control a FIRE Link / an "@Ignister" monster), Dogmatikalamity (1 Extra Deck monster
    alone)."""
    advent = read(real, "Odd-Eyes Advent")
    assert advent.from_graveyard and advent.tribute_filter == Atom("kind", "=", "pendulum")
    assert advent.extra_if == (("opponent_at_least", 2), ("control_none",)) and advent.extra_deck_filter is not None
    assert not unread_clauses(real["Odd-Eyes Advent"])
    rise = read(real, "Rise of the Salamangreat")
    assert rise.graveyard_to == "deck" and rise.extra_if[0][0] == "control"
    assert read(real, "A.I.'s Ritual").graveyard_to == "banished"
    calamity = read(real, "Dogmatikalamity")
    assert calamity.mode == "equal" and calamity.extra_deck_alone and calamity.once_per_turn


def test_rit_7_8_9_positions_atk_and_an_optional_addition(real):
    assert read(real, "Underworld Ritual of Prediction").positions == ("attack", "set")
    drytron = read(real, "Meteonis Drytron")
    assert (drytron.value, drytron.mode, drytron.from_graveyard) == ("atk", "greater", True)
    assert read(real, "Dogmatikamacabre").banish_filter is not None


def test_rit_3_tributes_from_the_field_only_and_gy_monsters_shuffled(real):
    """Cycle of the World: "Tribute monsters from your field" (no hand); Machine Angel Absolute Ritual:
    "and/or shuffle Fairy or Warrior-Type monsters from your Graveyard into the Deck"."""
    assert read(real, "Cycle of the World").source == "field"
    assert read(real, "Black Luster Ritual").source == "hand_field"
    angel = read(real, "Machine Angel Absolute Ritual")
    assert angel.mode == "equal" and angel.graveyard_to == "deck"
    assert angel.banish_filter == disj(Atom("race", "=", "Fairy"), Atom("race", "=", "Warrior"))
    assert read(real, "Chaos Form").graveyard_to == "banished"
