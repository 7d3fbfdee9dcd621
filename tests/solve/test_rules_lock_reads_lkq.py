"""Locks on players and targeting protections read by LKQ-1.. (docs/lock-rules.md), on real cards of the card database
(../shared/data/cards.cdb). Every answer is compared with the independent reference enumerator (`whole_plays`), and
no position here is partial: the sentence is read."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver.cards.protections import protections
from pysolver.cards.reading import unread_clauses

plays = whole_plays


def read_whole(card) -> bool:
    return not unread_clauses(card)


def cipher(real):
    """The turn player's Galaxy-Eyes Cipher Dragon with Xyz Material: its effect targets a face-up monster the
    opponent controls (TGT-5)."""
    return board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])


def targets(position) -> set:
    return {target for action, card, target in plays(position) if action == "activate" and card == "M1"}


# --------------------------------------------------------------------------------------------------
# LKQ-1: "Neither player can target co-linked monsters you control with card effects." (Knightmare Goblin)

def test_lkq_1_knightmare_goblin_is_read(real):
    (found,) = protections(real["Knightmare Goblin"]).protections
    assert (found.whom, found.scope, found.kinds) == ("both", "own_co_linked", frozenset({"monster", "spell", "trap"}))
    assert read_whole(real["Knightmare Goblin"])


def test_lkq_1_knightmare_goblin_protects_its_controllers_co_linked_monsters(real):
    # Goblin (arrows Left, Right) in their zone 2 and Proxy Dragon (Left, Right) in their zone 3 point to each other
    b = cipher(real)
    b.opponent.monster(2, "Knightmare Goblin").monster(3, "Proxy Dragon").monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM5"}
    # Proxy Dragon in zone 4: Goblin points to zones 1 and 3, Proxy Dragon to 3 and 5: nothing is co-linked
    b = cipher(real)
    b.opponent.monster(2, "Knightmare Goblin").monster(4, "Proxy Dragon").monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM2", "oM4", "oM5"}


def test_lkq_1_goblin_protects_a_co_linked_pair_it_is_not_in(real):
    # Goblin alone in zone 1 (pointing to the empty zone 2); two Proxy Dragons co-linked in zones 3 and 4
    b = cipher(real)
    b.opponent.monster(1, "Knightmare Goblin").monster(3, "Proxy Dragon").monster(4, "Proxy Dragon") \
        .monster(5, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM5"}


def test_lkq_1_negated_goblin_protects_nothing(real):
    b = cipher(real)
    b.opponent.monster(2, "Knightmare Goblin", restrictions=["effects_negated"]).monster(3, "Proxy Dragon")
    assert targets(b.build()) == {"oM2", "oM3"}


def test_lkq_1_the_turn_players_goblin_does_not_protect_the_opponents_monsters(real):
    # "co-linked monsters you control": the Goblin's controller's only; the opponent's co-linked pair stays a target
    b = cipher(real).monster(3, "Knightmare Goblin")
    b.opponent.monster(2, "Proxy Dragon").monster(3, "Proxy Dragon")
    assert targets(b.build()) == {"oM2", "oM3"}


# --------------------------------------------------------------------------------------------------
# LKQ-2: "Neither player can target this card with effects of Special Summoned monsters, except those Special Summoned
# from the GY." (The Zombie Vampire)

def test_lkq_2_the_zombie_vampire_is_read(real):
    (found,) = protections(real["The Zombie Vampire"]).protections
    assert (found.whom, found.scope, found.kinds, found.source_special) == ("both", "self", frozenset({"monster"}), True)
    assert read_whole(real["The Zombie Vampire"])


def test_lkq_2_a_special_summoned_monster_cannot_target_it(real):
    # Cipher Dragon, an Xyz Monster, was Special Summoned (Xyz Summoned, or by an effect from the Extra Deck)
    for options in ({}, {"summoned_as": "xyz"}):
        b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"], **options)
        b.opponent.monster(1, "The Zombie Vampire", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
        assert targets(b.build()) == {"oM2"}


def test_lkq_2_a_monster_special_summoned_from_the_gy_can_target_it(real):
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"],
                                  special_summoned_from="graveyard")
    b.opponent.monster(1, "The Zombie Vampire", materials=["Kuriboh"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_lkq_2_negated_zombie_vampire_protects_nothing(real):
    b = cipher(real)
    b.opponent.monster(1, "The Zombie Vampire", restrictions=["effects_negated"]).monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oM2"}
