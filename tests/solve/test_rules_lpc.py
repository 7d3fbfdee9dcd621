"""LPC-1.. (docs/lock-rules.md, "LPC: old ignition effects, attack counts and LP costs"): sentences of Extra Deck
monsters. Real cards of the card database; every answer is the reference's too, and nothing is withheld."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.cardtext import stat_terms_sentence
from pysolver.cards.reading import unread_clauses
from pysolver.cards.sentences import sentences
from pysolver.reference.plays import legal_plays as reference_plays

AXEL = "Genex Ally Axel"


def attacks(position) -> set:
    return {(card, target) for action, card, target in whole_plays(position) if action == "declare_attack"}


def battle(real):
    return board(cards=real, turn=3, phase="battle")


# --------------------------------------------------------------------------------------------------
# LPC-1: "Once per turn, you can discard 1 card to select 1 ... from your GY, and Special Summon it." is an ignition
# effect; what it does to that monster is part of it, and "cannot attack your opponent directly" is a restriction.

def test_lpc_1_genex_ally_axel_is_read_as_an_activated_effect(real):
    card = real[AXEL]
    assert unread_clauses(card) == ()
    flags = {s.text: s.activated for s in sentences(card)}
    assert flags["Once per turn, you can discard 1 card to select 1 Level 4 or lower Machine-Type monster from your "
                 "GY, and Special Summon it."]
    assert flags["The ATK of that monster is doubled until the End Phase, but it cannot attack your opponent directly."]


def test_lpc_1_the_same_wording_family_is_an_activated_effect(real):
    # "Once per turn, you can Tribute ... to Special Summon ...": the engine's ignition effects, never offered
    for name in ("Cyborg Doctor", "Worm Queen", "Avalanching Aussa"):
        assert unread_clauses(real[name]) == (), name


def test_lpc_1_worm_zero_selects_and_special_summons_in_face_down_defense_position(real):
    """'2+: Once per turn, you can select 1 Reptile-Type monster in your GY, and Special Summon it in face-down Defense
    Position.' (Worm Zero, a bullet it gains by its Fusion Materials; the engine's EFFECT_TYPE_IGNITION): the old
    ignition wording, with the position it Special Summons in, is an activated effect pysolver never offers."""
    card = real["Worm Zero"]
    assert unread_clauses(card) == ()
    assert {s.text: s.activated for s in sentences(card)}[
        "2+: Once per turn, you can select 1 Reptile-Type monster in your GY, and Special Summon it in face-down "
        "Defense Position."]


def test_lpc_1_axel_on_the_field_decides_no_play_of_its_own(real):
    b = battle(real).monster(1, AXEL, summoned_as="synchro")
    assert attacks(b.build()) == {("M1", "direct")}


def test_lpc_1_a_monster_axel_summoned_cannot_attack_directly(real):
    b = battle(real).monster(1, AXEL, summoned_as="synchro") \
        .monster(2, "Cyber Dragon Core", special_summoned_from="graveyard", restrictions=["cannot_attack_directly"])
    assert attacks(b.build()) == {("M1", "direct")}
    b = battle(real).monster(1, AXEL, summoned_as="synchro") \
        .monster(2, "Cyber Dragon Core", special_summoned_from="graveyard", restrictions=["cannot_attack_directly"])
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_lpc_1_the_restriction_also_beats_a_text_that_lets_it_attack_directly(real):
    b = battle(real).monster(2, "Jinzo - Returner")
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M2", "oM1"), ("M2", "direct")}
    b = battle(real).monster(2, "Jinzo - Returner", restrictions=["cannot_attack_directly"])
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M2", "oM1")}


# --------------------------------------------------------------------------------------------------
# LPC-2: "This card whose current ATK is higher than its original ATK can make up to 3 attacks during each Battle Phase."

CYBER_END = "Cyber End Dragon the Decisive Strike Dragon"


def test_lpc_2_cyber_end_decisive_strike_is_read(real):
    card = real[CYBER_END]
    assert unread_clauses(card) == ()
    assert attack_rules(card).extra_if_raised and attack_rules(card).extra == 0
    assert stat_terms_sentence(card) == ("This card whose current ATK is higher than its original ATK can make up to 3 "
                                         "attacks during each Battle Phase.")


def test_lpc_2_with_its_printed_atk_it_attacks_once(real):
    b = battle(real).monster(1, CYBER_END, summoned_as="fusion")
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, CYBER_END, summoned_as="fusion", attacked=1)
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == set()              # no second attack: its current ATK is its original ATK


def test_lpc_2_its_attacks_are_withheld_while_its_atk_may_be_changed(real):
    # Axe of Despair face-up (STM-2: "The equipped monster gains 1000 ATK"): its ATK may be above 4000 (STM-4)
    b = battle(real).monster(1, CYBER_END, summoned_as="fusion", attacked=1) \
        .spell_trap(1, "Axe of Despair", position="face_up")
    b.opponent.monster(1, "Celtic Guardian")
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.partial and "M1" in [u.id for u in solver.unread]
    assert not [p for p in solver if p.action == "declare_attack"]
