"""Activation locks with a condition on the monsters, read by LKR-1.. (docs/lock-rules.md), on real cards of the card
database (../shared/data/cards.cdb). Every answer is compared with the independent reference enumerator
(`whole_plays`), and no position here is partial."""

from __future__ import annotations

from dataclasses import replace

from helpers import board, whole_plays

from pysolver.cards import locks
from pysolver.cards.card import CardDB
from pysolver.cards.cardtext import stat_terms
from pysolver.cards.reading import unread_clauses


def read_whole(card) -> bool:
    return not unread_clauses(card)


def activated(position) -> set:
    return {card for action, card, _ in whole_plays(position) if action == "activate"}


def field(b):
    """The turn player's Galaxy-Eyes Cipher Dragon (3000 ATK, Xyz, with material), Balancer Lord (1700) and El Shaddoll
    Meshachrer (2800, Fusion): each can activate its effect on the field."""
    return b.monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"]).monster(2, "Balancer Lord") \
        .monster(3, "El Shaddoll Meshachrer")


# --------------------------------------------------------------------------------------------------
# LKR-1: "Your opponent cannot activate the effects of monsters with 0 ATK." / "While this Xyz Summoned monster is on the
# field, neither player can activate the effects of monsters with 3000 or more ATK."

SKY_LOCK = ("While this Xyz Summoned monster is on the field, neither player can activate the effects of monsters with "
            "3000 or more ATK.")
ZERO_LOCK = "Your opponent cannot activate the effects of monsters with 0 ATK."


def test_lkr_1_sky_crisis_lock_is_read_and_the_card_stays_unread_for_its_alternative_xyz(real):
    sky = real["Super Starslayer TY-PHON - Sky Crisis"]
    (lock,) = locks.activation_locks(sky)
    assert (lock.who, lock.place, lock.summoned_as, str(lock.what[0])) == ("both", "any", "xyz", "monster with 3000 or more ATK")
    assert lock.sentence == SKY_LOCK
    alternative = ("During the turn, or turn after, your opponent Special Summoned 2 or more monsters from the Extra "
                   "Deck, you can also Xyz Summon this card by using 1 monster you control with the highest ATK (your "
                   "choice, if tied).")
    assert [u.clause for u in unread_clauses(sky)] == [alternative]


def test_lkr_1_azamina_changes_atk_so_its_lock_stays_unread(real):
    azamina = real["Azamina"]
    assert locks.activation_locks(azamina) == ()
    assert ZERO_LOCK in [u.clause for u in unread_clauses(azamina)]
    # the same sentence on a card that changes no ATK is read
    (lock,) = locks.activation_locks(replace(azamina, passcode=990002701, text='"Queen Azamina" + 1 Fusion or Synchro Monster\n' + ZERO_LOCK))
    assert (lock.who, lock.place, str(lock.what[0])) == ("opponent", "any", "monster with 0 ATK")


def _lkr_1_pool(real):
    """Sky Crisis and Azamina with only their material line and lock (their other sentences stay unread on the real
    cards); Hi-Speedroid Kendama with 0 ATK."""
    sky = real["Super Starslayer TY-PHON - Sky Crisis"]
    azamina = real["Azamina"]
    cards = [replace(sky, passcode=990002702, text="2 Level 12 monsters\n" + SKY_LOCK),
             replace(azamina, passcode=990002703, text='"Queen Azamina" + 1 Fusion or Synchro Monster\n' + ZERO_LOCK),
             replace(real["Hi-Speedroid Kendama"], passcode=990002704, atk=0)]
    names = ("Galaxy-Eyes Cipher Dragon", "Kuriboh", "Balancer Lord", "El Shaddoll Meshachrer", "Celtic Guardian")
    return CardDB(cards + [real[name] for name in names])


def test_lkr_1_sky_crisis_stops_monsters_with_3000_or_more_atk_while_xyz_summoned(real):
    pool = _lkr_1_pool(real)
    b = field(board(cards=pool))
    b.opponent.monster(1, "Super Starslayer TY-PHON - Sky Crisis", materials=["Kuriboh"], summoned_as="xyz")
    assert activated(b.build()) == {"M2", "M3"}          # Cipher Dragon (3000) is stopped
    b = field(board(cards=pool))                          # not Xyz Summoned: no lock
    b.opponent.monster(1, "Super Starslayer TY-PHON - Sky Crisis", materials=["Kuriboh"])
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=pool))                          # negated: no lock
    b.opponent.monster(1, "Super Starslayer TY-PHON - Sky Crisis", materials=["Kuriboh"], summoned_as="xyz",
                       restrictions=["effects_negated"])
    assert activated(b.build()) == {"M1", "M2", "M3"}


def test_lkr_1_sky_crisis_binds_its_own_controller_too(real):
    pool = _lkr_1_pool(real)
    b = board(cards=pool).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"]).monster(2, "Balancer Lord") \
        .monster(3, "Super Starslayer TY-PHON - Sky Crisis", materials=["Kuriboh"], summoned_as="xyz")
    b.opponent.monster(1, "Celtic Guardian")
    assert activated(b.build()) == {"M2"}


def test_lkr_1_zero_atk_in_the_gy_is_stopped_only_by_the_opponents_card(real):
    pool = _lkr_1_pool(real)
    b = board(cards=pool).graveyard("Hi-Speedroid Kendama")   # Kendama (0 ATK here) acts from the GY
    assert activated(b.build()) == {"GY1"}
    b = board(cards=pool).graveyard("Hi-Speedroid Kendama")
    b.opponent.monster(1, "Azamina")
    assert activated(b.build()) == set()
    b = field(board(cards=pool))                              # no 0 ATK monster on the field: nothing stopped
    b.opponent.monster(1, "Azamina")
    assert activated(b.build()) == {"M1", "M2", "M3"}


# --------------------------------------------------------------------------------------------------
# LKR-2: "Your opponent cannot activate the effects of monsters they control that have ATK greater than or equal to your
# LP." (Dinomorphia Rexterm)

def test_lkr_2_dinomorphia_rexterm_is_read(real):
    rexterm = real["Dinomorphia Rexterm"]
    (lock,) = locks.activation_locks(rexterm)
    assert (lock.who, lock.place, lock.atk_at_least_lp) == ("opponent", "field", True)
    assert read_whole(rexterm)
    assert stat_terms(rexterm)          # MAT-3: a condition on ATK (unknown ATK on the field withholds its plays)


def test_lkr_2_rexterm_stops_monsters_with_atk_at_least_its_controllers_lp(real):
    for lp, allowed in ((8000, {"M1", "M2", "M3"}), (3000, {"M2", "M3"}), (2800, {"M2"}), (1700, set())):
        b = field(board(cards=real))
        b.opponent.monster(1, "Dinomorphia Rexterm").lp(lp)
        assert activated(b.build()) == allowed, lp


def test_lkr_2_rexterm_uses_its_controllers_lp_and_binds_only_the_opponent(real):
    b = field(board(cards=real)).lp(1000)          # the turn player's LP do not count
    b.opponent.monster(1, "Dinomorphia Rexterm")
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=real)).monster(4, "Dinomorphia Rexterm").lp(1000)
    b.opponent.monster(1, "Celtic Guardian").lp(1000)
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=real))                   # negated: no lock
    b.opponent.monster(1, "Dinomorphia Rexterm", restrictions=["effects_negated"]).lp(1000)
    assert activated(b.build()) == {"M1", "M2", "M3"}


def test_lkr_2_rexterm_does_not_stop_an_effect_from_the_gy(real):
    b = board(cards=real).graveyard("Hi-Speedroid Kendama")     # 2200 ATK, in the GY
    b.opponent.monster(1, "Dinomorphia Rexterm").lp(100)
    assert activated(b.build()) == {"GY1"}


# --------------------------------------------------------------------------------------------------
# LKR-3: 'Your opponent cannot activate the effects of monsters with the same card type (Fusion, Synchro, Xyz, or Link)
# as a "Magistus" Monster Card in your Spell & Trap Zone.' (Zoroa, the Magistus Conflagrant Calamity)

ZOROA = "Zoroa, the Magistus Conflagrant Calamity"


def test_lkr_3_zoroa_is_read(real):
    (lock,) = locks.activation_locks(real[ZOROA])
    assert (lock.who, lock.place) == ("opponent", "any")
    assert real["Aiwass, the Magistus Spell Spirit"].in_archetype(lock.st_kind_archetype)
    assert read_whole(real[ZOROA])


def _magistus_scales(real):
    """A pool where Pendulum Fusion, Synchro and Xyz Monsters (Odd-Eyes Venom, Wing and Rebellion Dragon) are
    also "Magistus" cards: as Pendulum Scales they are Monster Cards of the archetype in a Spell & Trap Zone."""
    (lock,) = locks.activation_locks(real[ZOROA])
    scales = [replace(real[name], passcode=990002710 + n, setcodes=(lock.st_kind_archetype,))
              for n, name in enumerate( ("Odd-Eyes Venom Dragon", "Odd-Eyes Wing Dragon", "Odd-Eyes Rebellion Dragon"))]
    names = (ZOROA, "Galaxy-Eyes Cipher Dragon", "Kuriboh", "Balancer Lord", "El Shaddoll Meshachrer", "Celtic Guardian",
             "Hi-Speedroid Kendama")
    return CardDB(scales + [real[name] for name in names])


def test_lkr_3_zoroa_stops_the_card_types_of_its_controllers_magistus_cards(real):
    pool = _magistus_scales(real)
    b = field(board(cards=pool))
    b.opponent.monster(1, ZOROA)
    assert activated(b.build()) == {"M1", "M2", "M3"}     # no Magistus card in their Spell & Trap Zones
    b = field(board(cards=pool))
    b.opponent.monster(1, ZOROA).spell_trap(1, "Odd-Eyes Venom Dragon")
    assert activated(b.build()) == {"M1", "M2"}           # a Fusion one: Meshachrer (Fusion) is stopped
    b = field(board(cards=pool))
    b.opponent.monster(1, ZOROA).spell_trap(5, "Odd-Eyes Rebellion Dragon")
    assert activated(b.build()) == {"M2", "M3"}           # an Xyz one: Cipher Dragon (Xyz) is stopped
    b = field(board(cards=pool))                          # negated: no lock
    b.opponent.monster(1, ZOROA, restrictions=["effects_negated"]).spell_trap(1, "Odd-Eyes Venom Dragon")
    assert activated(b.build()) == {"M1", "M2", "M3"}


def test_lkr_3_zoroa_stops_effects_in_the_gy_too(real):
    pool = _magistus_scales(real)
    b = board(cards=pool).graveyard("Hi-Speedroid Kendama")      # a Synchro Monster
    b.opponent.monster(1, ZOROA).spell_trap(1, "Odd-Eyes Wing Dragon")
    assert activated(b.build()) == set()
    b = board(cards=pool).graveyard("Hi-Speedroid Kendama")
    b.opponent.monster(1, ZOROA).spell_trap(1, "Odd-Eyes Venom Dragon")
    assert activated(b.build()) == {"GY1"}


def test_lkr_3_only_the_zoroa_controllers_own_cards_and_only_on_the_opponent(real):
    pool = _magistus_scales(real)
    b = field(board(cards=pool)).spell_trap(1, "Odd-Eyes Venom Dragon")   # the turn player's Magistus card
    b.opponent.monster(1, ZOROA)
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=pool)).monster(4, ZOROA).spell_trap(1, "Odd-Eyes Venom Dragon")   # their own Zoroa
    b.opponent.monster(1, "Celtic Guardian")
    assert activated(b.build()) == {"M1", "M2", "M3"}


# --------------------------------------------------------------------------------------------------
# LKR-4: 'While this Synchro Summoned card is on the field, your opponent cannot activate effects of monsters with the
# same original Attribute(s) as the "Yang Zing" monster(s) used for the Synchro Summon of this card.' (Chaofeng, Phantom
# of the Yang Zing)

CHAOFENG = "Chaofeng, Phantom of the Yang Zing"


def test_lkr_4_chaofeng_is_read_and_reads_its_materials(real):
    from pysolver.cards.reading import reads_summon_materials
    (lock,) = locks.activation_locks(real[CHAOFENG])
    assert (lock.who, lock.place, lock.summoned_as) == ("opponent", "any", "synchro")
    assert real["Chiwen, Light of the Yang Zing"].in_archetype(lock.used_archetype)
    assert read_whole(real[CHAOFENG])
    assert reads_summon_materials(real[CHAOFENG])     # MUS-1: the record counts in a position with it


def test_lkr_4_chaofeng_stops_the_attributes_of_its_yang_zing_materials(real):
    # Chiwen (LIGHT, a "Yang Zing" Tuner) and Celtic Guardian (EARTH, not "Yang Zing"): LIGHT only
    b = field(board(cards=real))
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro",
                       summon_materials=["Chiwen, Light of the Yang Zing", "Celtic Guardian"])
    assert activated(b.build()) == {"M3"}           # Cipher Dragon and Balancer Lord (LIGHT) are stopped
    b = field(board(cards=real))                     # Bi'an (EARTH): Meshachrer (EARTH) is stopped
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro",
                       summon_materials=["Bi'an, Earth of the Yang Zing", "Celtic Guardian"])
    assert activated(b.build()) == {"M1", "M2"}


def test_lkr_4_chaofeng_only_while_synchro_summoned_with_its_effects(real):
    materials = ["Chiwen, Light of the Yang Zing", "Bi'an, Earth of the Yang Zing"]
    b = field(board(cards=real))                     # Special Summoned another way: no lock, no record
    b.opponent.monster(1, CHAOFENG, special_summoned_from="graveyard")
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=real))                     # Synchro Summoned, no material recorded: no Attribute
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro")
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=real))                     # negated
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro", summon_materials=materials, restrictions=["effects_negated"])
    assert activated(b.build()) == {"M1", "M2", "M3"}
    b = field(board(cards=real)).monster(4, CHAOFENG, summoned_as="synchro", summon_materials=materials)
    b.opponent.monster(1, "Celtic Guardian")         # the turn player's own: it binds the opponent
    assert activated(b.build()) == {"M1", "M2", "M3"}


def test_lkr_4_chaofeng_stops_effects_in_the_gy_too(real):
    b = board(cards=real).graveyard("Hi-Speedroid Kendama")     # WIND
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro",
                       summon_materials=["Pulao, Wind of the Yang Zing", "Celtic Guardian"])
    assert activated(b.build()) == set()
    b = board(cards=real).graveyard("Hi-Speedroid Kendama")
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro",
                       summon_materials=["Chiwen, Light of the Yang Zing", "Pulao, Wind of the Yang Zing"])
    assert activated(b.build()) == set()
    b = board(cards=real).graveyard("Hi-Speedroid Kendama")
    b.opponent.monster(1, CHAOFENG, summoned_as="synchro",
                       summon_materials=["Chiwen, Light of the Yang Zing", "Celtic Guardian"])
    assert activated(b.build()) == {"GY1"}
