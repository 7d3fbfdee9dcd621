"""BPA-1 (docs/battle-rules.md): "This card cannot attack the turn this effect is activated" and its wordings are
OATH-1 clauses of the effect they follow (effects.clauses): the turn's history decides them. Real cards; every
position is compared with the reference enumerator."""

from __future__ import annotations

from pysolver import legal_plays
from pysolver.cards.effects import Clause, clauses
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder
from pysolver.reference.plays import legal_plays as reference_plays


def attacks(position) -> set[tuple[str, str]]:
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive
    return {(p.card, p.target) for p in solver if p.action == "declare_attack"}


def battle(real) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="battle")


def test_bpa_1_the_wordings_are_read_as_oath_clauses(real):
    expected = {"Blue-Eyes Alternative White Dragon": ("attack_self", 1), "Obelisk the Tormentor": ("attack_self", 2),
                "Laval Judgment Lord": ("attack_self", 1), "The Six Samurai - Kamon": ("attack_self", 1),
                "Abyss Actor - Funky Comedian": ("attack_self", 2), "Frightfur Kraken": ("direct_attack_self", 1),
                "D/D/D Doom King Armageddon": ("direct_attack_self", 1), "Deskbot 009": ("attack_others", 1),
                "Thunder Unicorn": ("attack_others", 1)}
    for name, (forbids, effect) in expected.items():
        assert clauses(real[name]) == (Clause("oath", forbids, effect),), name
        assert not unread_clauses(real[name]), name


def test_bpa_1_blue_eyes_alternative_cannot_attack_the_turn_its_effect_is_activated(real):
    def position(**event):
        b = battle(real).monster(1, "Blue-Eyes Alternative White Dragon")
        if event:
            b.event(activate="Blue-Eyes Alternative White Dragon", **event)
        b.opponent.monster(1, "Kuriboh")
        return b.build()
    assert attacks(position()) == {("M1", "oM1")}
    assert attacks(position(effect=1)) == set()
    assert attacks(position(effect=1, negated="effect")) == set()          # OATH-2: only a negated activation
    assert attacks(position(effect=1, negated="activation")) == {("M1", "oM1")}


def test_bpa_1_laval_judgment_lord_named_in_its_own_sentence(real):
    b = battle(real).monster(1, "Laval Judgment Lord").monster(2, "Celtic Guardian")
    b.event(activate="Laval Judgment Lord")
    assert attacks(b.build()) == {("M2", "direct")}


def test_bpa_1_frightfur_kraken_only_its_direct_attack_is_forbidden(real):
    b = battle(real).monster(1, "Frightfur Kraken").monster(2, "Celtic Guardian")
    b.event(activate="Frightfur Kraken")
    assert attacks(b.build()) == {("M2", "direct")}
    b = battle(real).monster(1, "Frightfur Kraken").monster(2, "Celtic Guardian")
    b.event(activate="Frightfur Kraken")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_bpa_1_deskbot_009_only_this_card_can_attack(real):
    b = battle(real).monster(1, "Deskbot 009").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}
    b.event(activate="Deskbot 009")
    assert attacks(b.build()) == {("M1", "direct")}
