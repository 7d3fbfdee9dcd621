"""MSC-1.. (docs/procedure-rules.md, "Single rule sentences of Extra Deck monsters"): one sentence of an Extra Deck
monster read whole, each by the rule it is. Real cards of the card database; every answer is the reference's (whole
plays)."""

from __future__ import annotations

from helpers import board, whole_plays

from pysolver import legal_plays
from pysolver.cards.cardtext import own_original_stats, own_original_stats_sentence
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays

CLORLESS = "Clorless, Chaos King of Dark World"


# --- MSC-1: original ATK/DEF set by the number of its materials ------------------------------------------------------

def test_msc_1_clorless_original_atk_def_sentence_is_read_as_mat_3(real):
    card = real[CLORLESS]
    assert unread_clauses(card) == ()
    assert own_original_stats(card)
    assert own_original_stats_sentence(card) == (
        "This card's original ATK/DEF each become the number of materials used for its Summon x 1000.")


def test_msc_1_clorless_is_fusion_summoned_with_its_materials(real):
    position = board(cards=real).hand("Polymerization", "Reign-Beaux, Overlord of Dark World", "Summoned Skull",
                                      "Archfiend Soldier").extra_deck(CLORLESS).build()
    plays = whole_plays(position)          # the reference lists the same plays, none withheld
    assert any(a == "fusion_summon" for a, _, _ in plays)
    fusions = [p for p in legal_plays(position, all_instances=True) if p.action == "fusion_summon"]
    assert fusions and all(p.card == "ED1" for p in fusions)
    one_fiend = board(cards=real).hand("Polymerization", "Reign-Beaux, Overlord of Dark World", "Summoned Skull") \
        .extra_deck(CLORLESS).build()
    assert not any(a == "fusion_summon" for a, _, _ in whole_plays(one_fiend))     # "2+ Fiend monsters"


def test_msc_1_clorless_on_the_field_has_unknown_atk_def(real):
    """On the field its ATK/DEF are the count of its materials x 1000, which the position does not record: with no
    card setting an ATK/DEF condition nothing is withheld; with Clockwork Knight's "with 1000 or less original ATK"
    in the Extra Deck the plays that use it are withheld, and the answer names the sentence (MAT-3)."""
    plain = board(cards=real).monster(1, CLORLESS).monster(2, "Summoned Skull").build()
    assert whole_plays(plain)              # whole: nothing withheld, the reference agrees
    position = board(cards=real).monster(1, CLORLESS).monster(2, "Yaiba Robo").extra_deck("Clockwork Knight").build()
    plays = legal_plays(position, all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not plays.exhaustive
    assert [(u.card, u.id, u.clause) for u in plays.unread] == [(CLORLESS, "M1", own_original_stats_sentence(
        real[CLORLESS]))]
    assert "M1" not in {i for p in plays for i in p.uses()}
    assert any(p.action == "link_summon" and "M2" in p.uses() for p in plays)


# --- MSC-2: "Your "X" and monsters that mention it can attack while in face-up Defense Position" ----------------------

AFLD = "Ancient Fairy Life Dragon"


def _attackers(position) -> set:
    return {card for action, card, _ in whole_plays(position) if action == "declare_attack"}


def test_msc_2_ancient_fairy_life_dragon_sentence_is_read(real):
    assert unread_clauses(real[AFLD]) == ()
    assert unread_clauses(real["Superheavy Samurai Big Benkei"]) == ()


def test_msc_2_ancient_fairy_dragon_and_monsters_that_mention_it_attack_in_defense_position(real):
    """Ancient Fairy Dragon (named) and Regulus the Fairy Beast (its text names it) attack from face-up Defense
    Position while the turn player's face-up Ancient Fairy Life Dragon applies its text; Summoned Skull does not; the
    Life Dragon itself mentions it, so it attacks in Defense Position too."""
    b = board(cards=real, turn=3, phase="battle").monster(1, AFLD, position="defense") \
        .monster(2, "Ancient Fairy Dragon", position="defense").monster(3, "Regulus the Fairy Beast", position="defense") \
        .monster(4, "Summoned Skull", position="defense")
    b.opponent.monster(1, "Kuriboh")
    assert _attackers(b.build()) == {"M1", "M2", "M3"}


def test_msc_2_only_while_the_life_dragon_applies_its_text(real):
    """Without it, face-down, negated (TOK-1's effects_negated) or the opponent's, Ancient Fairy Dragon in Defense
    Position declares no attack (BP-2)."""
    base = board(cards=real, turn=3, phase="battle").monster(2, "Ancient Fairy Dragon", position="defense")
    base.opponent.monster(1, "Kuriboh")
    assert _attackers(base.build()) == set()
    for options in ({"position": "set"}, {"restrictions": ["effects_negated"]}):
        b = board(cards=real, turn=3, phase="battle").monster(1, AFLD, **options) \
            .monster(2, "Ancient Fairy Dragon", position="defense")
        b.opponent.monster(1, "Kuriboh")
        assert "M2" not in _attackers(b.build()), options
    theirs = board(cards=real, turn=3, phase="battle").monster(2, "Ancient Fairy Dragon", position="defense")
    theirs.opponent.monster(1, AFLD)
    assert _attackers(theirs.build()) == set()


def test_msc_2_superheavy_samurai_big_benkei_lets_superheavy_samurai_attack_in_defense_position(real):
    b = board(cards=real, turn=3, phase="battle").monster(1, "Superheavy Samurai Big Benkei", position="defense") \
        .monster(2, "Superheavy Samurai Flutist", position="defense").monster(3, "Kuriboh", position="defense")
    b.opponent.monster(1, "Kuriboh")
    assert _attackers(b.build()) == {"M1", "M2"}
