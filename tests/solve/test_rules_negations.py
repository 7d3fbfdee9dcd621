"""Continuous negations of monsters' effects (docs/lock-rules.md NGT-1..NGT-5): "Negate the effects of all face-up
monsters while they are face-up on the field" (Skill Drain), "... while your opponent controls them" (Destiny HERO -
Plasma), "Negate the effects of Flip Effect Monsters" (Fiend Skull Dragon), ... Real cards from the card database;
every position is compared with the reference enumerator (same play keys; `whole_plays`: exhaustive answer)."""

from __future__ import annotations

import pytest
from helpers import board, whole_plays
from test_rules_attack_clauses import attacks, battle

from pysolver import legal_plays
from pysolver.cards.negations import blind, negations
from pysolver.cards.reading import unread_clauses
from pysolver.errors import PysolverError
from pysolver.reference.plays import legal_plays as reference_plays


def test_ngt_1_the_wordings_are_read(real):
    read = {"Skill Drain": "both", "Destiny HERO - Plasma": "opponent", "Fiend Skull Dragon": "both",
            "Ursarctic Septentrion": "both", "Nekroz of Unicore": "both", "Hollow Giants": "both",
            "Amorphactor Pain, the Imagination Dracoverlord": "both"}
    for name, whose in read.items():
        (negation,) = negations(real[name])
        assert negation.whose == whose, name
        assert not [u for u in unread_clauses(real[name]) if "Negate" in u.clause], name
    assert not unread_clauses(real["Destiny HERO - Plasma"])      # its summoning procedure is read too
    # another condition ("while this card is in the Main Monster Zone", "except Tribute Summoned monsters'"), an
    # activated effect or a negation of Spells/Traps stays unread
    for name in ("Beatraptor", "The Monarchs Erupt", "Imperial Order", "Dark Ruler No More", "Number 69: Heraldry Crest"):
        assert not negations(real[name]), name
    for name in ("Beatraptor", "The Monarchs Erupt", "Imperial Order"):
        assert [u for u in unread_clauses(real[name]) if u.lock and "Negate" in u.clause], name


def zonda_board(real):
    """Blackwing - Zonda the Dusk: "You cannot Special Summon monsters from the Extra Deck, except Synchro Monsters"
    (LCK-1): with Junk Synchron and Vorse Raider the turn player may Synchro Summon, but not Link Summon."""
    return board(cards=real).monster(1, "Junk Synchron").monster(2, "Vorse Raider") \
        .monster(3, "Blackwing - Zonda the Dusk").extra_deck("Black Rose Dragon", "Proxy Dragon")


def actions(position) -> set[str]:
    return {action for action, _, _ in whole_plays(position)}


def test_ngt_1_skill_drain_switches_off_zondas_lock(real):
    assert "link_summon" not in actions(zonda_board(real).build())
    for side in ("mine", "theirs"):
        b = zonda_board(real)
        (b if side == "mine" else b.opponent).spell_trap(1, "Skill Drain")
        assert {"synchro_summon", "link_summon"} <= actions(b.build()), side
    # face-down it negates nothing
    assert "link_summon" not in actions(zonda_board(real).spell_trap(1, "Skill Drain", position="set").build())


def test_ngt_2_the_opponents_plasma_negates_your_monsters_not_its_own(real):
    b = zonda_board(real)
    b.opponent.monster(1, "Destiny HERO - Plasma")
    assert "link_summon" in actions(b.build())
    b = zonda_board(real).monster(4, "Destiny HERO - Plasma")        # its controller's monsters keep their effects
    assert "link_summon" not in actions(b.build())


def test_ngt_4_a_negated_plasma_negates_nothing(real):
    # negated by the effect that summoned it (TOK-1): its own negation does not apply
    b = zonda_board(real)
    b.opponent.monster(1, "Destiny HERO - Plasma", restrictions=["effects_negated"])
    assert "link_summon" not in actions(b.build())
    # face-down it negates nothing either
    b = zonda_board(real)
    b.opponent.monster(1, "Destiny HERO - Plasma", position="set")
    assert "link_summon" not in actions(b.build())


def test_ngt_4_two_plasmas_negating_each_other_refuse_the_position(real):
    b = board(cards=real).monster(1, "Destiny HERO - Plasma").hand("Vorse Raider")
    b.opponent.monster(1, "Destiny HERO - Plasma")
    position = b.build()
    with pytest.raises(PysolverError):
        legal_plays(position)
    with pytest.raises(PysolverError):
        reference_plays(position)


def test_ngt_1_a_negated_hazy_flame_sphynx_is_a_target_of_cipher_dragon(real):
    """TGT-2 through NGT-1: the opponent's Plasma negates nothing of the turn player's; the turn player's Skill Drain
    negates Hazy Flame Sphynx's "cannot be targeted" (and Cipher Dragon can still activate: NGT-3)."""
    def targets(position):
        return {target for action, card, target in whole_plays(position) if action == "activate" and card == "M1"}
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(1, "Hazy Flame Sphynx").monster(2, "Celtic Guardian")
    assert targets(b.build()) == {"oM2"}
    b.spell_trap(1, "Skill Drain")
    assert targets(b.build()) == {"oM1", "oM2"}


def test_ngt_3_a_negated_monster_still_activates_its_effect(real):
    """Balancer Lord, "Once per turn: You can pay 1000 LP; ...": the engine checks the negation when the effect
    resolves, so under Skill Drain the activation (and its cost) is still a play."""
    b = board(cards=real).monster(1, "Balancer Lord")
    assert ("activate", "M1", None) in whole_plays(b.build())
    b.spell_trap(1, "Skill Drain")
    assert ("activate", "M1", None) in whole_plays(b.build())
    b = board(cards=real).monster(1, "Balancer Lord", restrictions=["effects_negated"])   # TOK-1 stays as it was
    assert ("activate", "M1", None) not in whole_plays(b.build())


def test_ngt_1_machina_force_under_skill_drain_attacks_without_paying(real):
    """BPX-15 "You must pay 1000 Life Points to declare an attack with this card" is an effect: negated, it asks
    nothing, and the declaration pays nothing (apply, the reference applier and the transition agree)."""
    from helpers import applied

    from pysolver.position.play import Play
    b = battle(real).lp(999).monster(1, "Machina Force")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b.spell_trap(1, "Skill Drain")
    position = b.build()
    assert attacks(position) == {("M1", "oM1")}
    after = applied(position, Play(action="declare_attack", card="M1", name="Machina Force", target="oM1"))
    assert after.me.lp == 999


def test_ngt_1_fiend_skull_dragon_and_amorphactor_pain_negate_their_kinds_only(real):
    """Zonda is neither a Flip Effect Monster nor a Fusion, Synchro or Xyz Monster: its lock stays."""
    for name in ("Fiend Skull Dragon", "Amorphactor Pain, the Imagination Dracoverlord"):
        b = zonda_board(real)
        b.opponent.monster(1, name)
        assert "link_summon" not in actions(b.build()), name


def test_ngt_5_a_negated_monster_whose_material_clause_may_still_apply_is_withheld(real):
    """Gagaga Magician, "Cannot be used as Synchro Material": whether a negation switches such a clause off depends on
    how the engine flags it, so under Skill Drain the plays using it are withheld and it is listed."""
    assert blind(real["Gagaga Magician"]) and not blind(real["Vorse Raider"])
    b = board(cards=real).monster(1, "Gagaga Magician").monster(2, "Vorse Raider").spell_trap(1, "Skill Drain")
    position = b.build()
    plays = legal_plays(position, all_instances=True)
    assert [u.card for u in plays.unread] == ["Gagaga Magician"]
    assert not [p for p in plays if "M1" in p.uses()]
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}
    assert ("change_position", "M2") in {(p.action, p.card) for p in plays}


def test_ngt_4_amorphactor_pain_negates_fiend_skull_dragon_whose_negation_then_applies_to_nothing(real):
    """The opponent's Prediction Princess Bibliomuse (a Flip Effect Monster): "Your opponent cannot target Ritual
    Monsters you control with card effects". Their Fiend Skull Dragon negates it (Flip Effect Monsters), so Galaxy-Eyes
    Cipher Dragon may target their Black Luster Soldier; their Amorphactor Pain (a Ritual Monster) negates Fiend Skull
    Dragon (a Fusion Monster), which then negates nothing: the Ritual Monsters are protected again. Cipher Dragon (an
    Xyz Monster) is negated too and still activates (NGT-3)."""
    def targets(position):
        return {target for action, card, target in whole_plays(position) if action == "activate" and card == "M1"}
    b = board(cards=real).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(1, "Prediction Princess Bibliomuse").monster(2, "Black Luster Soldier")
    assert targets(b.build()) == {"oM1"}
    b.opponent.monster(3, "Fiend Skull Dragon")
    assert targets(b.build()) == {"oM1", "oM2", "oM3"}
    b.opponent.monster(4, "Amorphactor Pain, the Imagination Dracoverlord")
    assert targets(b.build()) == {"oM1", "oM3"}
