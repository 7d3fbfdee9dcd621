"""GYC-1 (docs/procedure-rules.md, "Costs sent to the GY that the engine refuses"): a cost a procedure or a Contact
Fusion sends to the GY is never a Token nor a Pendulum Monster Card on the field (a Pendulum Scale too) -- the scripts'
IsAbleToGraveAsCost, the engine's is_capable_cost_to_grave. Real cards of the card database; every answer is the
reference's, whole (`helpers.whole_plays`), and the cost cards end where the text says (`helpers.applied`)."""

from __future__ import annotations

from helpers import applied, board, procedure_play, procedure_summons, whole_plays

from pysolver.cards.reading import unread_clauses
from pysolver.solve.why import why

CARD_BREAKER = "Card Breaker"
DIABELLSTAR = "Diabellstar the Black Witch"
ICE_RYZEAL = "Ice Ryzeal"
COSMO_BRAIN = "Cosmo Brain"
GANDORA = "Gigarays Gandora the Dragon of Destruction"
LIGHT_RULER = "Arcana Force EX - The Light Ruler"
ANTEATER = "Anteatereatingant"
GARZETT = "Legendary Maju Garzett"


def _procedures(position) -> set:
    """The procedure summons (card, cost), after checking the whole answer against the reference."""
    whole_plays(position)
    return procedure_summons(position)


def _rules_why_not(position, card: str) -> set:
    (answer,) = why(position, card, "procedure_summon").answers
    assert not answer.plays
    return {reason.rule for group in answer.reasons for reason in group}


def test_gyc_1_the_cards_are_read(real):
    for name in (CARD_BREAKER, DIABELLSTAR, ICE_RYZEAL, COSMO_BRAIN, GANDORA, LIGHT_RULER, ANTEATER):
        assert unread_clauses(real[name]) == (), name


# --- Card Breaker (PRY-5): a Pendulum Scale of Spell & Trap Zone 1/5 --------------------------------------------------

def test_gyc_1_card_breaker_pendulum_scale_is_no_cost(real):
    """Master Rule 5: the only card of the Spell & Trap Zones is the Pendulum Scale of Zone 1 -- no procedure (its
    script's IsAbleToGraveAsCost refuses it: it would go to the Extra Deck), and the why names GYC-1."""
    position = board(cards=real).hand(CARD_BREAKER).spell_trap(1, "Dragonpit Magician") \
        .spell_trap(5, "Stargazer Magician").build()
    assert _procedures(position) == set()
    assert "GYC-1" in _rules_why_not(position, "H1")


def test_gyc_1_card_breaker_set_spell_beside_the_scale_is_the_cost(real):
    position = board(cards=real).hand(CARD_BREAKER).spell_trap(1, "Dragonpit Magician") \
        .spell_trap(3, "Pot of Greed", position="set").build()
    assert _procedures(position) == {("H1", ("S3",))}
    after = applied(position, procedure_play(position, "H1", ("S3",)), zone="M1")
    assert after["M1"].card.name == CARD_BREAKER
    assert [c.card.name for c in after.me.graveyard] == ["Pot of Greed"]
    assert after["S1"].card.name == "Dragonpit Magician" and after.me.extra_deck == ()


# --- Diabellstar, Ice Ryzeal (PRX-27): "1 card from your hand or field" -----------------------------------------------

def test_gyc_1_diabellstar_token_pendulum_monster_and_scale_are_no_cost(real):
    """A Sheep Token, Flash Knight (a Pendulum Monster in a Monster Zone) and the Pendulum Scale of Zone 5: none can be
    sent to the GY as a cost, so with nothing else Diabellstar is not summoned."""
    position = board(cards=real).hand(DIABELLSTAR).monster(1, "Sheep Token").monster(2, "Flash Knight") \
        .spell_trap(5, "Dragonpit Magician").build()
    assert _procedures(position) == set()
    assert "GYC-1" in _rules_why_not(position, "H1")


def test_gyc_1_diabellstar_sends_a_card_of_the_hand_or_a_non_pendulum_monster(real):
    """Beside them, Kuriboh of the hand and Celtic Guardian of the field pay; so does a Pendulum Monster of the hand
    (Stargazer Magician: not on the field)."""
    position = board(cards=real).hand(DIABELLSTAR, "Kuriboh", "Stargazer Magician").monster(1, "Sheep Token") \
        .monster(2, "Flash Knight").monster(3, "Celtic Guardian").spell_trap(5, "Dragonpit Magician").build()
    assert _procedures(position) == {("H1", ("H2",)), ("H1", ("H3",)), ("H1", ("M3",))}
    after = applied(position, procedure_play(position, "H1", ("H3",)), zone="M4")
    assert after["M4"].card.name == DIABELLSTAR
    assert [c.card.name for c in after.me.graveyard] == ["Stargazer Magician"] and after.me.extra_deck == ()


def test_gyc_1_ice_ryzeal_pendulum_monster_is_no_cost_a_normal_monster_is(real):
    alone = board(cards=real).hand(ICE_RYZEAL).monster(1, "Flash Knight").build()
    assert _procedures(alone) == set()
    position = board(cards=real).hand(ICE_RYZEAL).monster(1, "Flash Knight").monster(2, "Celtic Guardian").build()
    assert _procedures(position) == {("H1", ("M2",))}
    after = applied(position, procedure_play(position, "H1", ("M2",)), zone="M3")
    assert [c.card.name for c in after.me.graveyard] == ["Celtic Guardian"]


# --- Cosmo Brain, Gigarays Gandora, Arcana Force EX: monsters of the field --------------------------------------------

def test_gyc_1_cosmo_brain_token_is_no_non_effect_monster_to_send(real):
    """'1 non-Effect Monster from your hand or face-up field': a Sheep Token is one, but no cost; nor Flash Knight (a
    Normal Pendulum Monster on the field); Celtic Guardian is."""
    tokens = board(cards=real).hand(COSMO_BRAIN).monster(1, "Sheep Token").monster(2, "Flash Knight").build()
    assert _procedures(tokens) == set()
    position = board(cards=real).hand(COSMO_BRAIN).monster(1, "Sheep Token").monster(2, "Flash Knight") \
        .monster(3, "Celtic Guardian").build()
    assert _procedures(position) == {("H1", ("M3",))}


def test_gyc_1_gigarays_gandora_token_is_no_cost(real):
    """'2 other monsters from your hand and/or field': Kuriboh of the hand with the Token -- none; with Celtic Guardian
    -- the one pair."""
    token = board(cards=real).hand(GANDORA, "Kuriboh").monster(1, "Sheep Token").build()
    assert _procedures(token) == set()
    position = board(cards=real).hand(GANDORA, "Kuriboh").monster(1, "Sheep Token").monster(2, "Celtic Guardian") \
        .build()
    assert _procedures(position) == {("H1", ("H2", "M2"))}


def test_gyc_1_arcana_force_ex_light_ruler_needs_3_monsters_that_are_no_pendulum(real):
    """'By sending 3 monsters you control to the Graveyard': two Normal Monsters and Flash Knight -- none; a third
    Normal Monster instead -- the play, its costs in the GY."""
    pendulum = board(cards=real).hand(LIGHT_RULER).monster(1, "Celtic Guardian").monster(2, "Kuriboh") \
        .monster(3, "Flash Knight").build()
    assert _procedures(pendulum) == set()
    position = board(cards=real).hand(LIGHT_RULER).monster(1, "Celtic Guardian").monster(2, "Kuriboh") \
        .monster(3, "Flash Knight").monster(4, "Sangan").build()
    assert _procedures(position) == {("H1", ("M1", "M2", "M4"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2", "M4")), zone="M1")
    assert sorted(c.card.name for c in after.me.graveyard) == ["Celtic Guardian", "Kuriboh", "Sangan"]
    assert after["M3"].card.name == "Flash Knight"


# --- Anteatereatingant (PRX-17): Pendulum Scales are Spells, but no cost ----------------------------------------------

def test_gyc_1_anteatereatingant_two_scales_are_no_spells_to_send(real):
    two = board(cards=real).hand(ANTEATER).spell_trap(1, "Dragonpit Magician").spell_trap(5, "Stargazer Magician") \
        .build()
    assert _procedures(two) == set()
    mr3 = board(rules=3, cards=real).hand(ANTEATER).pendulum_zone("left", "Dragonpit Magician") \
        .pendulum_zone("right", "Stargazer Magician").spell_trap(2, "Pot of Greed", position="set").build()
    assert _procedures(mr3) == set()
    position = board(cards=real).hand(ANTEATER).spell_trap(1, "Dragonpit Magician") \
        .spell_trap(2, "Pot of Greed", position="set").spell_trap(3, "Toon World").build()
    assert _procedures(position) == {("H1", ("S2", "S3"))}


# --- Tributes are no sending to the GY --------------------------------------------------------------------------------

def test_gyc_1_tributes_still_take_a_pendulum_monster(real):
    """'By Tributing all monsters you control' (Legendary Maju Garzett): Flash Knight is Tributed with Kuriboh (a
    Tribute, NS-4, not a cost sent to the GY) and goes face-up to the Extra Deck (PEN-4)."""
    position = board(cards=real).hand(GARZETT).monster(1, "Flash Knight").monster(2, "Kuriboh").build()
    assert _procedures(position) == {("H1", ("M1", "M2"))}
    after = applied(position, procedure_play(position, "H1", ("M1", "M2")), zone="M1")
    assert [c.card.name for c in after.me.graveyard] == ["Kuriboh"]
    assert [(c.card.name, c.face_up) for c in after.me.extra_deck] == [("Flash Knight", True)]
