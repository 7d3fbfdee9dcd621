"""Materials from the hand that a material on the field lets in (docs/material-rules.md SYN-5; engine-rules.md §4.5,
EFFECT_HAND_SYNCHRO). Real cards from the card database (the `real` fixture); each check compares the solver with
pysolver.reference on the same position."""

from __future__ import annotations

from helpers import applied, board
from pysolver import legal_plays
from pysolver.reference.plays import legal_plays as reference_plays


def synchros(position):
    """{(card name, materials)} of the Synchro Summons; the solver and the reference must list the same."""
    solver = {p.key for p in legal_plays(position) if p.action == "synchro_summon"}
    assert solver == {p.key for p in reference_plays(position) if p.action == "synchro_summon"}
    return {(p.name, p.materials) for p in legal_plays(position) if p.action == "synchro_summon"}


def test_syn_5_kewl_tune_cue_lets_1_tuner_of_the_hand_be_a_material(real):
    # Kewl Tune Cue (Level 3 Tuner): "If this card on the field would be used as Synchro Material, 1 Tuner in your
    # hand can be used as 1 of the other materials." Kewl Tune Loudness War (Level 6): "2+ Tuners".
    position = board(cards=real).hand("Junk Synchron", "Sangan").monster(1, "Kewl Tune Cue") \
        .extra_deck("Kewl Tune Loudness War").build()
    assert synchros(position) == {("Kewl Tune Loudness War", ("H1", "M1"))}   # Sangan (H2) is no Tuner


def test_syn_5_no_hand_material_without_the_card_on_the_field(real):
    # The hand Tuners alone, or Kewl Tune Cue in the hand: nothing lets a card of the hand in.
    position = board(cards=real).hand("Junk Synchron", "Kewl Tune Cue").monster(1, "Junk Synchron") \
        .extra_deck("Kewl Tune Loudness War").build()
    assert synchros(position) == set()


def test_syn_5_each_name_lets_in_1_card_of_the_hand(real):
    # Two Kewl Tune Mix (Level 2) let in 1 hand card together (the engine labels the effect with the card's id);
    # Kewl Tune Mix and Kewl Tune Clip (Level 2) 1 each: 2 + 2 + 1 + 1 = 6.
    hand = ("Jet Synchron", "Key Mouse")
    same = board(cards=real).hand(*hand).monster(1, "Kewl Tune Mix").monster(2, "Kewl Tune Mix") \
        .extra_deck("Kewl Tune Loudness War").build()
    assert synchros(same) == set()
    two = board(cards=real).hand(*hand).monster(1, "Kewl Tune Mix").monster(2, "Kewl Tune Clip") \
        .extra_deck("Kewl Tune Loudness War").build()
    assert synchros(two) == {("Kewl Tune Loudness War", ("H1", "H2", "M1", "M2"))}


def test_syn_5_tatsunoko_only_while_it_is_synchro_summoned(real):
    # Tatsunoko (Level 3 Tuner Synchro Monster): "If this Synchro Summoned monster would be used as a Synchro
    # Material, 1 monster in your hand can be used as 1 of the other materials." Black Rose Dragon: Level 7.
    summoned = board(cards=real).hand("Celtic Guardian").monster(1, "Tatsunoko", summoned_as="synchro") \
        .extra_deck("Black Rose Dragon").build()
    assert synchros(summoned) == {("Black Rose Dragon", ("H1", "M1"))}
    revived = board(cards=real).hand("Celtic Guardian").monster(1, "Tatsunoko").extra_deck("Black Rose Dragon").build()
    assert synchros(revived) == set()


def test_syn_5_the_hand_material_goes_to_the_gy(real):
    position = board(cards=real).hand("Junk Synchron").monster(1, "Kewl Tune Cue") \
        .extra_deck("Kewl Tune Loudness War").build()
    (play,) = [p for p in legal_plays(position) if p.action == "synchro_summon"]
    after = applied(position, play)
    assert after.me.hand == () or list(after.me.hand) == []
    assert sorted(c.card.name for c in after.me.graveyard) == ["Junk Synchron", "Kewl Tune Cue"]


def test_syn_5_forms_not_read_stay_unread(real):
    # Tatsunecro's materials are banished ("If you do this, ..."); Scrap Synchron's and Revolution Synchron's are
    # once per turn (a use the turn's history does not record).
    from pysolver.cards import coverage
    for name in ("Tatsunecro", "Scrap Synchron", "Revolution Synchron"):
        assert coverage.supported(real[name]) is not None, name
    for name in ("Kewl Tune Cue", "Kewl Tune Track Maker", "Tatsunoko"):
        assert coverage.supported(real[name]) is None, name
