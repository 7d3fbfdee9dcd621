"""Turn-history clauses (CNT-2, OATH-4; pysolver.cards.effects `clauses`) when another sentence of the card cannot
be read: the clauses read still apply, and an event of the card whose clause cannot be read is refused with one
clear line. Real cards of the card database (../shared/data/cards.cdb), checked against the reference."""

from __future__ import annotations

import pytest

from helpers import board
from pysolver import legal_plays
from pysolver.cards.effects import clauses, read_clauses, unread_summon_clause
from pysolver.errors import PysolverError
from pysolver.reference.plays import legal_plays as reference_plays

BEARGRAM = "Beargram, Shelled Emperor of the Forest Crown"


def procedure_summons(position) -> set:
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    return {p.card for p in solver if p.action == "procedure_summon"}


def test_cnt_2_beargram_once_per_turn_though_its_attack_clause_is_not_read(real):
    """"this card cannot attack directly for the rest of this turn" (its activated effect) is not read; "You can
    only Special Summon "Beargram, ..." once per turn" still is."""
    card = real[BEARGRAM]
    assert isinstance(clauses(card), Exception) and [c.kind for c in read_clauses(card)] == ["summon_once"]
    b = board(cards=real).hand(BEARGRAM).graveyard("Insect Knight", "Insect Knight", "Insect Knight")
    assert procedure_summons(b.build()) == {"H1"}
    b.event(summon="procedure", card=BEARGRAM, **{"from": "hand"})
    assert procedure_summons(b.build()) == set()


@pytest.mark.parametrize("name", ["Number C101: Silent Honor DARK", "D/D/D Duo-Dawn King Kali Yuga", "Destiny HERO - Dreadmaster"])
def test_a_summon_of_a_card_whose_summon_clause_cannot_be_read_is_refused(real, name):
    """"After this card is Xyz Summoned, for the rest of this turn, all other cards' effects on the field are
    negated, ..." follows the Summon: a history with that Summon cannot be used, and says why."""
    assert unread_summon_clause(real[name]) is not None
    position = board(cards=real).hand("Kuriboh").event(summon="special", card=name).build()
    with pytest.raises(PysolverError, match=r"this_turn\.events\[0\]: .*turn clause not supported"):
        legal_plays(position)


def test_an_unread_clause_of_an_activated_effect_does_not_refuse_the_cards_summon(real):
    """Neo Galaxy-Eyes Photon Dragon's "for the rest of this turn" belongs to its activated effect: only an
    activation of it would be refused."""
    name = "Neo Galaxy-Eyes Photon Dragon"
    assert isinstance(clauses(real[name]), Exception) and unread_summon_clause(real[name]) is None
    position = board(cards=real).hand("Kuriboh").event(summon="xyz", card=name, **{"from": "extra_deck"}).build()
    assert any(p.action == "normal_summon" for p in legal_plays(position))
