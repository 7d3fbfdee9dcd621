"""NS-13 (docs/tribute-rules.md): a face-up card's "During your Main Phase, you can Normal Summon 1 X monster in
addition to your Normal Summon/Set", on real cards of the card database. Every answer is compared with the
independent reference enumerator (`whole_plays`), and none is partial: the sentence is read."""

from __future__ import annotations

import pytest
from helpers import board, whole_plays

from pysolver.cards.reading import unread_clauses
from pysolver.explore.search import search


def summons(position) -> set:
    return {(action, card) for action, card, _ in whole_plays(position) if action in ("normal_summon", "set_monster")}


@pytest.mark.parametrize("name", ["Fire Formation - Tensu", "Madolche Salon", "Rescue-ACE HQ", "Gem-Knight Seraphinite",
                                  "Imduk the World Chalice Dragon", "Blackwing - Nothung the Starlight",
                                  "Circle of the Fairies", "Superdreadnought Rail Cannon Flying Launcher",
                                  'JJ "Kewl Tune"', "General Grunard of the Ice Barrier"])
def test_ns_13_the_grant_is_read(real, name):
    assert not unread_clauses(real[name])


@pytest.mark.parametrize("name", ["Dark Beckoning Beast", "Clear Cube", "Aromage Jasmine", "Triamid Hunter"])
def test_ns_13_a_grant_whose_monsters_or_condition_cannot_be_read_stays_unread(real, name):
    assert any("in addition to your Normal Summon" in u.clause for u in unread_clauses(real[name]))


def tensu(real, **this_turn):
    """Fire Formation - Tensu face-up in the Spell & Trap Zone; a Beast-Warrior (Vorse Raider), a Level 5
    Beast-Warrior (Garoozis, one Tribute) and a Warrior (Celtic Guardian) in the hand; one monster to Tribute."""
    return board(cards=real, **this_turn).spell_trap(1, "Fire Formation - Tensu") \
        .hand("Vorse Raider", "Garoozis", "Celtic Guardian").monster(1, "Kuriboh")


def test_ns_13_tensu_a_normal_summon_of_a_beast_warrior_once_the_regular_one_is_used(real):
    """The additional one: a Normal Summon (a Tribute Summon too) of a Beast-Warrior, never a Set."""
    assert summons(tensu(real, normal_summon_used=True).build()) == {("normal_summon", "H1"), ("normal_summon", "H2")}


def test_ns_13_before_it_the_regular_summon_is_any_monster(real):
    assert summons(tensu(real).build()) == {(action, card) for action in ("normal_summon", "set_monster")
                                            for card in ("H1", "H2", "H3")}


def test_ns_13_one_additional_summon_a_turn_whatever_grants_it(real):
    """Two grants (Tensu and Gem-Knight Seraphinite): still one additional summon (engine-rules §3.1); after the
    turn's regular summon and the additional one (two `normal` events), none is left."""
    b = tensu(real).monster(2, "Gem-Knight Seraphinite")
    b.event(summon="normal", card="Celtic Guardian").event(summon="normal", card="Vorse Raider")
    assert summons(b.build()) == set()


def test_ns_13_seraphinite_grants_a_normal_summon_or_set_of_any_monster(real):
    b = board(cards=real, normal_summon_used=True).monster(1, "Gem-Knight Seraphinite").hand("Celtic Guardian")
    assert summons(b.build()) == {("normal_summon", "H1"), ("set_monster", "H1")}


@pytest.mark.parametrize("grant", [
    lambda b: b.spell_trap(1, "Fire Formation - Tensu", position="set"),            # face-down: no effect
    lambda b: b.monster(1, "Gem-Knight Seraphinite", restrictions=["effects_negated"]),   # TOK-1
    lambda b: b.monster(1, "Gem-Knight Seraphinite", position="set"),
])
def test_ns_13_only_a_face_up_card_whose_effects_apply_grants_it(real, grant):
    b = grant(board(cards=real, normal_summon_used=True).hand("Vorse Raider"))
    assert summons(b.build()) == set()


def test_ns_13_the_opponents_grant_is_not_the_turn_players(real):
    b = board(cards=real, normal_summon_used=True).hand("Vorse Raider")
    b.opponent.spell_trap(1, "Fire Formation - Tensu")
    assert summons(b.build()) == set()


def test_ns_13_the_step_indexed_turn_has_the_additional_summon(real):
    """Two Beast-Warriors from the hand in two plays: the regular Normal Summon, then Tensu's. Both engines of
    `search` find the same lines; without Tensu no line of 2 plays makes 2 monsters."""
    position = board(cards=real).spell_trap(1, "Fire Formation - Tensu").hand("Vorse Raider", "Gene-Warped Warwolf") \
        .build()
    for engine in ("bfs", "asp"):
        result = search(position, "monsters>=2", engine=engine, max_depth=2)
        assert result.found and result.depth == 2 and result.exhausted, (engine, result.reason)
    without = board(cards=real).hand("Vorse Raider", "Gene-Warped Warwolf").build()
    for engine in ("bfs", "asp"):
        result = search(without, "monsters>=2", engine=engine, max_depth=2)
        assert not result.found and result.proved_depth == 2, (engine, result.reason)
