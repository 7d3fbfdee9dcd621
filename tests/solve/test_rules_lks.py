"""LKS-1..LKS-4 (docs/lock-rules.md, "Lock-like sentences of activated effects"): sentences that read like locks but
are what an activated effect does when it resolves. Real cards of the card database; every answer is the reference's
(whole plays)."""

from __future__ import annotations

import pytest
from helpers import board, whole_plays

from pysolver.cards.effects import activated_effects, clauses
from pysolver.cards.reading import unread_clauses
from pysolver.cards.sentences import sentences, turn_effects
from pysolver.errors import PysolverError

GROZA = "Groza, Tyrant of Thunder"
VECTOR = "Vector Scare Archfiend"


def activated(card, text: str) -> bool:
    (found,) = [s for s in sentences(card) if s.text == text]
    return found.activated


def battle(real, **options):
    return board(cards=real, turn=3, phase="battle", **options)


# --- LKS-1: the bullets an activated effect applies until the end of the turn ----------------------------------------

def test_lks_1_groza_bullets_are_part_of_its_effect(real):
    card = real[GROZA]
    assert unread_clauses(card) == ()
    for bullet in ("Cannot be destroyed by battle.", "Cannot be destroyed by your opponent's card effects.",
                   "Your opponent cannot target this card with card effects."):
        assert activated(card, bullet)
    assert turn_effects(card) == ("Your opponent cannot target this card with card effects.",)
    assert not activated_effects(card)       # pysolver offers none of its effects


def test_lks_1_groza_without_its_activation_is_no_protection(real):
    """The opponent's Groza applies no protection of its own: Galaxy-Eyes Cipher Dragon's effect (TGT-5) may target
    it as any other face-up monster of the opponent's."""
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(1, GROZA, summoned_as="synchro").monster(2, "Celtic Guardian")
    plays = whole_plays(b.build())
    assert {target for action, card, target in plays if action == "activate" and card == "M1"} == {"oM1", "oM2"}


@pytest.mark.parametrize("player", [0, 1])
def test_lks_1_groza_activated_this_turn_refuses_the_history(real, player):
    """Its protection lasts until the end of the turn and pysolver does not apply it: an activation of Groza in this
    turn's history is refused, by either player."""
    assert isinstance(clauses(real[GROZA]), Exception)
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(1, GROZA, summoned_as="synchro")
    b.event(activate=GROZA, effect=2, player=player)
    with pytest.raises(PysolverError, match=r"this_turn\.events\[0\]: .*Groza.*turn clause not supported"):
        whole_plays(b.build())


def test_lks_1_the_same_lead_with_a_cost(real):
    """"You can Tribute 1 other monster; apply 1 of these effects until the end of this turn." (Go! - D/D/D Divine
    Zero King Rage): its three bullets are its effect's; the card stays unread for its Pendulum Effect only."""
    card = real["Go! - D/D/D Divine Zero King Rage"]
    assert [u.where for u in unread_clauses(card)] == ["pendulum"]
    assert set(turn_effects(card)) == {"This card can attack directly.",
                                       "Your opponent cannot activate the effects of cards that are in a Spell & Trap "
                                       "Zone.",
                                       "Your opponent cannot activate the effects of cards that are in their hand or "
                                       "GY."}


def test_lks_1_a_lead_without_the_turn_is_no_lks_1(real):
    """Black Luster Soldier - Soldier of Chaos: "You can activate 1 of these effects;" with "This card can make a second
    attack during the Battle Phase of your next turn.": that grant reaches a turn whose history a position does not
    hold, so it stays unread (and the card with it)."""
    card = real["Black Luster Soldier - Soldier of Chaos"]
    assert [u.clause for u in unread_clauses(card)] == [
        "This card can make a second attack during the Battle Phase of your next turn."]


# --- LKS-2: old wordings of optional triggers at the end of the Battle Phase and in the Damage Step -------------------

@pytest.mark.parametrize("name", ["Gladiator Beast Gaiodiaz", "Multiple Piece Golem", "Gladiator Beast Retiari",
                                  "Gladiator Beast Dimacari", "Dragunity Knight - Gae Bulg"])
def test_lks_2_the_old_trigger_is_an_activated_effect(real, name):
    card = real[name]
    assert not any("At the end of the Battle Phase" in u.clause or "during the Damage Step" in u.clause
                   for u in unread_clauses(card))
    assert unread_clauses(card) == () or name == "Gladiator Beast Dimacari"   # "it can attack twice" if ...
    assert any(s.activated and ("At the end of the Battle Phase" in s.text or "during the Damage Step" in s.text)
               for s in sentences(card))
    assert clauses(card) == ()               # nothing of it lasts: its events in the history are used


@pytest.mark.parametrize("name", ["Gladiator Beast Gaiodiaz", "Multiple Piece Golem", "Dragunity Knight - Gae Bulg"])
def test_lks_2_in_the_battle_phase_it_attacks_and_the_phase_ends(real, name):
    """In the Battle Phase pysolver lists attack declarations and leaving the phase; the trigger is not offered (no
    trigger effect is), and nothing is withheld."""
    b = battle(real).monster(1, name, summoned_as="fusion" if "Gae Bulg" not in name else "synchro")
    b.opponent.monster(1, "Celtic Guardian")
    plays = whole_plays(b.build())
    assert ("declare_attack", "M1", "oM1") in plays
    assert not any(action == "activate" for action, _, _ in plays)
    attacked = battle(real).monster(1, name, attacked=True, summoned_as="fusion" if "Gae Bulg" not in name
                                    else "synchro")
    attacked.opponent.monster(1, "Celtic Guardian")
    assert not any(action == "declare_attack" for action, _, _ in whole_plays(attacked.build()))


# --- LKS-3: "The Special Summoned Gemini monster is treated as an Effect Monster, and gains its effect." -------------

def test_lks_3_black_brutdrago_follow_on_is_its_effects(real):
    card = real["Black Brutdrago"]
    assert unread_clauses(card) == ()
    assert activated(card, "The Special Summoned Gemini monster is treated as an Effect Monster, and gains its effect.")


def test_lks_3_the_gemini_it_summoned_is_written_gemini_summoned(real):
    """What the effect leaves is GEM-2's state, which a position records (`gemini_summoned`): with it the Gemini
    monster is an Effect Monster (Link Material for "2 Effect Monsters"), without it a Normal Monster."""
    def link_summons(gemini_summoned: bool) -> set:
        b = board(cards=real).monster(1, "Black Brutdrago", summoned_as="synchro") \
            .monster(2, "Phoenix Gearfried", gemini_summoned=gemini_summoned).extra_deck("Silhouhatte Rabbit")
        return {(card, target) for action, card, target in whole_plays(b.build()) if action == "link_summon"}
    assert link_summons(True)
    assert not link_summons(False)


# --- LKS-4: "If you Special Summon ... by this effect, this card can make a second attack during this Battle Phase" --

def test_lks_4_vector_scare_archfiend_follow_on_is_its_effects(real):
    card = real[VECTOR]
    assert unread_clauses(card) == ()
    sentence = ("If you Special Summon to your opponent's field by this effect, this card can make a second attack "
                "during this Battle Phase (although your opponent gains control of that Special Summoned monster).")
    assert activated(card, sentence)
    assert turn_effects(card) == (sentence,)


def test_lks_4_without_its_activation_one_attack(real):
    b = battle(real).monster("left", VECTOR, summoned_as="link")
    b.opponent.monster(1, "Celtic Guardian")
    assert ("declare_attack", "EMZL", "oM1") in whole_plays(b.build())
    b = battle(real).monster("left", VECTOR, summoned_as="link", attacked=True)
    b.opponent.monster(1, "Celtic Guardian")
    assert not any(action == "declare_attack" for action, _, _ in whole_plays(b.build()))


def test_lks_4_its_activation_this_turn_refuses_the_history(real):
    """The second attack lasts this Battle Phase and pysolver does not apply it: the activation in the history is
    refused."""
    b = battle(real).monster("left", VECTOR, summoned_as="link", attacked=True)
    b.opponent.monster(1, "Celtic Guardian")
    b.event(activate=VECTOR, effect=1)
    with pytest.raises(PysolverError, match=r"this_turn\.events\[0\]: .*Vector Scare Archfiend.*turn clause"):
        whole_plays(b.build())


# --- LKS-5: grants that change no play pysolver lists -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["Golden Allure Queen", "Brotherhood of the Fire Fist - Eagle", "Traptrix Cularia"])
def test_lks_5_the_grants_are_read(real, name):
    assert unread_clauses(real[name]) == ()


def test_lks_5_no_fire_fist_monster_effect_nor_hole_normal_trap_is_modelled(real):
    """The reading of Eagle's and Cularia's sentences rests on this, over the whole database."""
    from pysolver.cards.material_lines import default_archetypes
    table = default_archetypes()
    fire_fist, holes = table["Fire Fist"], (table["Hole"], table["Trap Hole"])
    modelled = [card for card in real if activated_effects(card)]
    assert not [c.name for c in modelled if c.is_monster and c.in_archetype(fire_fist)]
    assert not [c.name for c in modelled if "trap" in c.kinds and not c.kinds & {"continuous", "counter"}
                and any(c.in_archetype(code) for code in holes)]


def test_lks_5_golden_allure_queen_on_either_side_changes_no_play(real):
    """Activations are listed in the turn player's Main Phase only, where an ignition effect is activated anyway."""
    def answer(side: str) -> set:
        b = board(cards=real).hand("Monster Reborn").graveyard("Celtic Guardian") \
            .monster(2, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
        (b if side == "mine" else b.opponent).monster(1, "Golden Allure Queen", summoned_as="link")
        return {(action, card, target) for action, card, target in whole_plays(b.build()) if action == "activate"}
    assert ("activate", "H1", "GY1") in answer("mine")
    assert {p for p in answer("theirs") if p[1] == "H1"} == {("activate", "H1", "GY1")}


def test_lks_5_eagle_and_cularia_positions_are_whole(real):
    b = board(cards=real).monster("left", "Brotherhood of the Fire Fist - Eagle", summoned_as="link") \
        .hand("Call of the Haunted").graveyard("Celtic Guardian")
    b.opponent.monster("right", "Traptrix Cularia", summoned_as="link")
    plays = whole_plays(b.build())
    assert ("set_spell_trap", "H1", None) in {(a, c, None) for a, c, _ in plays}


# --- what stays unread ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Hi-Speedroid Kitedrake", "Samurai Destroyer", "Flower Cardian Lightflare",
                                  "Revived King Ha Des", "Queen of Thorns", "Masquerade the Blazing Dragon",
                                  "Ryu Senshi", "Number 45: Crumble Logos the Prophet of Demolition",
                                  "Number 18: Heraldry Patriarch"])
def test_lks_the_cards_left_unread(real, name):
    """docs/lock-rules.md says why each stays unread."""
    assert unread_clauses(real[name])
