"""SMT-1.. (docs/battle-rules.md, "How a monster was Summoned"): sentences whose condition is how a monster was
Summoned, or what it was Summoned with, which a position records per monster (`summoned_as`, `summon_materials`,
`summoned_this_turn`). Real cards of the card database; every answer is the reference's (whole plays)."""

from __future__ import annotations

from helpers import board, whole_plays
from test_rules_attack_clauses import attacks, battle

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.cardtext import (asks_special_this_turn, material_requirement, own_original_stats,
                                     own_original_stats_sentence)
from pysolver.cards.reading import reads_summon_materials, unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.unread import unread_in_turn

RAGING = "Odd-Eyes Raging Dragon"


# --- SMT-1: "If this card is Xyz Summoned using an Xyz Monster as Material, it gains these effects." ● second attack --

def test_smt_1_odd_eyes_raging_dragon_bullet_is_read_as_mus_3(real):
    card = real[RAGING]
    assert unread_clauses(card) == ()
    kind, condition, extra = attack_rules(card).used_extra
    assert (kind, condition[0], extra) == ("xyz", "has", 1)
    assert reads_summon_materials(card)          # MUS-1: its record counts in a position


def test_smt_1_odd_eyes_raging_dragon_attacks_twice_only_if_xyz_summoned_using_an_xyz_monster(real):
    for used, summoned_as, can in ((["Dark Rebellion Xyz Dragon", "Odd-Eyes Pendulum Dragon"], "xyz", True),
                                   (["Odd-Eyes Pendulum Dragon", "Odd-Eyes Wing Dragon"], "xyz", False),
                                   ([], "xyz", False),
                                   ([], "pendulum", False),
                                   ([], None, False)):
        b = battle(real).monster(1, RAGING, summon_materials=used, summoned_as=summoned_as, attacked=1)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), (used, summoned_as)
    # its first attack, and not a third
    b = battle(real).monster(1, RAGING, summon_materials=["Dark Rebellion Xyz Dragon"], summoned_as="xyz")
    assert attacks(b.build()) == {("M1", "direct")}
    b = battle(real).monster(1, RAGING, summon_materials=["Dark Rebellion Xyz Dragon"], summoned_as="xyz", attacked=2)
    assert attacks(b.build()) == set()


def test_smt_1_odd_eyes_raging_dragon_negated_gains_nothing(real):
    b = battle(real).monster(1, RAGING, summon_materials=["Dark Rebellion Xyz Dragon"], summoned_as="xyz", attacked=1,
                             restrictions=["effects_negated"])
    assert attacks(b.build()) == set()


# --- SMT-2: "This Fusion Summoned card can make a second and third attack during each Battle Phase." -----------------
# --- SMT-3: "After this card is Fusion Summoned, for the rest of this turn, this card's ATK becomes double ..." ------

TRINITY = "Vision HERO Trinity"


def test_smt_2_vision_hero_trinity_is_read(real):
    card = real[TRINITY]
    assert unread_clauses(card) == ()
    assert attack_rules(card).summoned_extra == ("fusion", 2)
    assert attack_rules(card).no_direct               # "Cannot attack directly." (BP-4)
    assert own_original_stats(card)                   # SMT-3: its ATK on the field is unknown
    assert own_original_stats_sentence(card).startswith("After this card is Fusion Summoned")


def test_smt_2_vision_hero_trinity_fusion_summoned_attacks_three_times(real):
    for summoned_as, attacked, can in (("fusion", 0, True), ("fusion", 1, True), ("fusion", 2, True),
                                       ("fusion", 3, False), (None, 0, True), (None, 1, False)):
        b = battle(real).monster(1, TRINITY, summoned_as=summoned_as, attacked=attacked)
        b.opponent.monster(1, "Kuriboh")
        assert attacks(b.build()) == ({("M1", "oM1")} if can else set()), (summoned_as, attacked)
    # never directly (BP-4), the opponent controlling no monster
    b = battle(real).monster(1, TRINITY, summoned_as="fusion", attacked=1)
    assert attacks(b.build()) == set()


def test_smt_2_vision_hero_trinity_negated_attacks_once(real):
    b = battle(real).monster(1, TRINITY, summoned_as="fusion", attacked=1, restrictions=["effects_negated"])
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


def test_smt_3_vision_hero_trinity_on_the_field_has_unknown_atk(real):
    """Its ATK doubled for the turn it is Fusion Summoned is not recorded: with no card setting an ATK/DEF condition
    nothing is withheld; with Clockwork Knight's "with 1000 or less original ATK" in the Extra Deck the plays that use
    it are withheld, and the answer names the sentence (STM-4)."""
    plain = board(cards=real).monster(1, TRINITY, summoned_as="fusion", summoned_this_turn=True) \
        .monster(2, "Summoned Skull").build()
    assert whole_plays(plain)
    position = board(cards=real).monster(1, TRINITY, summoned_as="fusion", summoned_this_turn=True) \
        .monster(2, "Yaiba Robo").extra_deck("Clockwork Knight").build()
    plays = legal_plays(position, all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not plays.exhaustive
    assert [(u.card, u.id, u.clause) for u in plays.unread] == [(TRINITY, "M1", own_original_stats_sentence(
        real[TRINITY]))]
    assert "M1" not in {i for p in plays for i in p.uses()}
    assert any(p.action == "link_summon" and "M2" in p.uses() for p in plays)


# --- SMT-4: "1 Effect Monster Special Summoned this turn" (a material line) ------------------------------------------

SPRIND = "Sprind the Irondash Dragon"


def _sprind(real, name="Sangan", **state):
    return board(cards=real).hand("Polymerization", "Fallen of Albaz").monster(1, name, **state) \
        .extra_deck(SPRIND).build()


def _fusions(plays) -> set:
    return {(card, target) for action, card, target in plays if action == "fusion_summon"}


def test_smt_4_sprind_material_line_is_read(real):
    card = real[SPRIND]
    assert unread_clauses(card) == ()
    assert asks_special_this_turn(card)
    assert str(material_requirement(card)).endswith("Special Summoned this turn")


def test_smt_4_sprind_uses_a_monster_special_summoned_this_turn(real):
    special = whole_plays(_sprind(real, summoned_this_turn=True, special_summoned_from="graveyard"))
    assert _fusions(special) == {("ED1", None)}
    fusion = [p for p in legal_plays(_sprind(real, summoned_this_turn=True, special_summoned_from="graveyard"),
                                     all_instances=True) if p.action == "fusion_summon"]
    assert {tuple(sorted(p.materials)) for p in fusion} == {("H2", "M1")}
    # Normal Summoned (no record of a Special Summon), Special Summoned on an earlier turn, face-down, or in the hand
    for state in ({"summoned_this_turn": True}, {"special_summoned_from": "graveyard"},
                  {"summoned_this_turn": True, "special_summoned_from": "graveyard", "position": "set"}):
        assert not _fusions(whole_plays(_sprind(real, **state))), state
    in_hand = board(cards=real).hand("Polymerization", "Fallen of Albaz", "Sangan").extra_deck(SPRIND).build()
    assert not _fusions(whole_plays(in_hand))
    # an Effect Monster only: Summoned Skull is a Normal Monster
    assert not _fusions(whole_plays(_sprind(real, "Summoned Skull", summoned_this_turn=True,
                                            special_summoned_from="graveyard")))


def test_smt_4_sprind_withholds_a_gemini_summoned_monster(real):
    """A Gemini monster Gemini Summoned this turn says `summoned_this_turn` whenever it was Special Summoned: its
    uses are withheld (the reference agrees), the other plays are listed."""
    position = board(cards=real).hand("Polymerization", "Fallen of Albaz") \
        .monster(1, "Phoenix Gearfried", summoned_this_turn=True, special_summoned_from="graveyard",
                 gemini_summoned=True) \
        .monster(2, "Sangan", summoned_this_turn=True, special_summoned_from="hand").extra_deck(SPRIND).build()
    plays = legal_plays(position, all_instances=True)
    assert {p.key for p in plays} == {p.key for p in reference_plays(position, all_instances=True)}
    assert not plays.exhaustive
    assert [u.id for u in plays.unread] == ["M1"]
    assert "M1" not in {i for p in plays for i in p.uses()}
    assert {tuple(sorted(p.materials)) for p in plays if p.action == "fusion_summon"} == {("H2", "M2")}
    assert SPRIND in unread_in_turn(position)
    # Gemini Summoned this turn but never Special Summoned: certainly not one
    normal = board(cards=real).hand("Polymerization", "Fallen of Albaz") \
        .monster(1, "Phoenix Gearfried", summoned_this_turn=True, gemini_summoned=True).extra_deck(SPRIND).build()
    assert not _fusions(whole_plays(normal))
