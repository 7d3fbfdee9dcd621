"""Summoning conditions of Main Deck monsters that cannot be Normal Summoned (issue 15, "summoning condition"):
SUMC-1 (docs/procedure-rules.md: "Must be Special Summoned by card effect"), SUMC-2 (docs/lock-rules.md: "There
can only be 1 "Malefic" monster on the field"), SUMC-3.. (docs/procedure-rules.md: procedure conditions). Real
cards of the card database; every answer is checked against the independent reference."""

from __future__ import annotations

import pytest

from helpers import applied, board
from pysolver import legal_plays
from pysolver.cards.cardtext import special_summon_limit
from pysolver.cards.effects import procedures
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays


def both(position):
    """The solver's plays; the reference lists the same ones, and nothing is withheld."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not solver.unread
    return solver


# --- SUMC-1: "Must be Special Summoned by card effect" ------------------------------------------------------

BY_EFFECT = ("Cyber Jormungardr", "Core of Chaos", "Drytron Nu II", "Shell of Chaos", "Transcendosaurus Meteorus",
             "Ultimate Bright Knight Ursatron Alpha", "Guardragon Andrake", "PSY-Framegear Alpha", "Chaos Valkyria")


def test_SUMC_1_by_card_effect_is_read(real):
    """Both wordings ("by card effect", "by a card effect", with or without "and cannot be Special Summoned by
    other ways"): no procedure of its own, read whole."""
    for name in BY_EFFECT:
        assert special_summon_limit(real[name]) == "by_effect", name
        assert procedures(real[name]) == (), name
        assert unread_clauses(real[name]) == (), name


def test_SUMC_1_cyber_jormungardr_is_revived_by_monster_reborn_without_a_proper_summon(real):
    """Any activated effect may Special Summon it, and it has no revival limit: Monster Reborn revives it
    even when it was never Special Summoned (sent from the Deck), unlike a semi-nomi monster (SP-3)."""
    b = board(cards=real).hand("Monster Reborn", "Cyber Jormungardr") \
        .graveyard("Cyber Jormungardr", properly_summoned=False) \
        .graveyard("Metalflame Swordsman", properly_summoned=False)
    position = b.build()
    plays = both(position)
    assert {p.target for p in plays if p.action == "activate"} == {"GY1"}
    assert not [p for p in plays if p.card == "H2"]          # never Normal Summoned/Set, no procedure
    after = applied(position, next(p for p in plays if p.action == "activate"), zone="M1")
    assert after["M1"].card.name == "Cyber Jormungardr"


def test_SUMC_1_guardragon_andrake_is_never_pendulum_summoned(real):
    """A Pendulum Summon is no card effect: Level 4 between scales 2 and 7, it stays in the hand."""
    b = board(cards=real).spell_trap(1, "Foucault's Cannon").spell_trap(5, "Flash Knight") \
        .hand("Guardragon Andrake", "Flame Manipulator")
    plays = both(b.build())
    assert {p.cards for p in plays if p.action == "pendulum_summon"} == {("H2",)}


# --- SUMC-2: "There can only be 1 "Malefic" monster on the field" -------------------------------------------

MALEFIC = ("Malefic Cyber End Dragon", "Malefic Blue-Eyes White Dragon", "Malefic Red-Eyes Black Dragon",
           "Malefic Truth Dragon", "Malefic Stardust Dragon")


def test_SUMC_2_malefic_uniqueness_is_read(real):
    from pysolver.cards.uniques import unique
    for name in MALEFIC:
        rule = unique(real[name])
        assert rule is not None and (rule.name, rule.whom, rule.zones) == (False, "both", "monster_zone"), name
        assert unread_clauses(real[name]) == (), name


def test_SUMC_2_malefic_cyber_end_dragon_not_while_a_malefic_monster_is_face_up_on_either_field(real):
    """UNQ-1, UNQ-2 for the archetype: a face-up Malefic monster on the opponent's field forbids the procedure;
    a face-down one does not count."""
    def position(where, opponent_position):
        b = board(cards=real).hand("Malefic Cyber End Dragon").extra_deck("Cyber End Dragon")
        if where == "mine":
            b.monster(1, "Malefic Stardust Dragon", position=opponent_position)
        else:
            b.opponent.monster(1, "Malefic Stardust Dragon", position=opponent_position)
        return b.build()

    def procedure(position):
        return {p.cost for p in both(position) if p.action == "procedure_summon" and p.card == "H1"}
    assert procedure(position("theirs", "attack")) == set()
    assert procedure(position("mine", "attack")) == set()
    assert procedure(position("theirs", "set")) == {("ED1",)}
    assert procedure(position("mine", "set")) == {("ED1",)}


def test_SUMC_2_malefic_territory_face_up_refuses_the_position(real):
    """Malefic Territory rewrites the Malefic rule ("... with the same name"), which pysolver does not read: face-up,
    it refuses the position by name; Set, it changes nothing."""
    from pysolver import PysolverError
    b = board(cards=real).hand("Malefic Cyber End Dragon").extra_deck("Cyber End Dragon")
    b.opponent.spell_trap(1, "Malefic Territory")
    with pytest.raises(PysolverError, match="Malefic Territory"):
        legal_plays(b.build())
    with pytest.raises(PysolverError):
        reference_plays(b.build())
    s = board(cards=real).hand("Malefic Cyber End Dragon").extra_deck("Cyber End Dragon")
    s.opponent.spell_trap(1, "Malefic Territory", position="set")
    found = legal_plays(s.build(), all_instances=True)
    assert {p.key for p in found} == {p.key for p in reference_plays(s.build(), all_instances=True)}
    assert {p.cost for p in found if p.action == "procedure_summon"} == {("ED1",)}
    assert {u.card for u in found.unread} == {"Malefic Territory"}     # the plays using the Set card only


# --- SUMC-3: procedure conditions on what a player controls or has ------------------------------------------

def procedure_summons(position) -> set:
    return {(p.card, p.cost) for p in both(position) if p.action == "procedure_summon"}


def test_SUMC_3_conditions_are_read(real):
    (dogoran,) = procedures(real["Super Anti-Kaiju War Machine Mecha-Dogoran"])
    assert dogoran.opponent_controls is not None and not dogoran.costs
    (pride,) = procedures(real["Dragon of Pride and Soul"])
    assert pride.opponent_gy_at_least == 25
    (lightray,) = procedures(real["Lightray Sorcerer"])
    assert lightray.banished_at_least[1] == 3
    (queen,) = procedures(real["Dragon Queen of Tragic Endings"])
    assert queen.continuous_spells_at_least == 3
    for name in ("Super Anti-Kaiju War Machine Mecha-Dogoran", "Dragon of Pride and Soul", "Lightray Sorcerer",
                 "Dragon Queen of Tragic Endings"):
        assert unread_clauses(real[name]) == (), name


def test_SUMC_3_mecha_dogoran_while_your_opponent_controls_a_face_up_kaiju(real):
    """'Must first be Special Summoned (from your hand) while your opponent controls a "Kaiju" monster': a face-up
    one (the engine's FaceupFilter); a Set Kaiju or a Kaiju of your own does not do."""
    def position(where, kaiju_position="attack"):
        b = board(cards=real).hand("Super Anti-Kaiju War Machine Mecha-Dogoran")
        (b.opponent if where == "theirs" else b).monster(1, "Gadarla, the Mystery Dust Kaiju", position=kaiju_position)
        return b.build()
    assert procedure_summons(position("theirs")) == {("H1", ())}
    assert procedure_summons(position("theirs", "set")) == set()
    assert procedure_summons(position("mine")) == set()


def test_SUMC_3_dragon_of_pride_and_soul_needs_25_cards_in_the_opponents_gy(real):
    def position(count):
        b = board(cards=real).hand("Dragon of Pride and Soul")
        b.opponent.graveyard(*(["Pot of Greed", "Kuriboh"] * 13)[:count])
        return b.build()
    assert procedure_summons(position(25)) == {("H1", ())}
    assert procedure_summons(position(24)) == set()
    mine = board(cards=real).hand("Dragon of Pride and Soul").graveyard(*(["Pot of Greed"] * 25))
    assert procedure_summons(mine.build()) == set()               # their GY, not yours


def test_SUMC_3_lightray_sorcerer_needs_3_banished_light_monsters(real):
    def position(*banished):
        return board(cards=real).hand("Lightray Sorcerer").banished(*banished).build()
    three = ("Lyla, Lightsworn Sorceress", "Celestia, Lightsworn Angel", "Lightray Diabolos")
    assert procedure_summons(position(*three)) == {("H1", ())}
    assert procedure_summons(position(*three[:2], "Gadarla, the Mystery Dust Kaiju")) == set()   # a WIND one
    in_gy = board(cards=real).hand("Lightray Sorcerer").graveyard(*three)
    assert procedure_summons(in_gy.build()) == set()


def test_SUMC_3_dragon_queen_needs_3_face_up_continuous_spells_you_control(real):
    def position(third="Wave-Motion Cannon", third_position="face_up", opponents=False):
        b = board(cards=real).hand("Dragon Queen of Tragic Endings")
        side = b.opponent if opponents else b
        side.spell_trap(1, "Card of Safe Return").spell_trap(2, "Spell Economics")
        b.spell_trap(3, third, position=third_position)
        return b.build()
    assert procedure_summons(position()) == {("H1", ())}
    assert procedure_summons(position(third_position="set")) == set()
    assert procedure_summons(position(third="Pot of Greed", third_position="set")) == set()
    assert procedure_summons(position(opponents=True)) == set()
    after = applied(position(), next(p for p in legal_plays(position(), all_instances=True)
                                     if p.action == "procedure_summon"), zone="M1")
    assert after["M1"].card.name == "Dragon Queen of Tragic Endings"


# --- SP-2: "This monster can only be Special Summoned by Fusion Summon (from the Extra Deck)." ---------------

def test_SP_2_supreme_arcanite_magician_is_fusion_summoned_and_revived_once_properly_summoned(real):
    """"This monster can only be Special Summoned by Fusion Summon (from the Extra Deck).": the older "Must first
    be Fusion Summoned" (semi); Monster Reborn revives it only when it was properly summoned (SP-3)."""
    for name in ("Supreme Arcanite Magician", "Ultimate Axon Kicker"):
        assert special_summon_limit(real[name]) == "semi" and unread_clauses(real[name]) == (), name
    b = board(cards=real).hand("Polymerization", "Monster Reborn").monster(1, "Arcanite Magician") \
        .monster(2, "Dark Magician").extra_deck("Supreme Arcanite Magician") \
        .graveyard("Supreme Arcanite Magician").graveyard("Supreme Arcanite Magician", properly_summoned=False)
    plays = both(b.build())
    assert {p.action for p in plays if p.name == "Supreme Arcanite Magician"} == {"fusion_summon"}
    assert {p.target for p in plays if p.action == "activate" and p.name == "Monster Reborn"} == {"GY1"}
