"""BPA-1 (docs/battle-rules.md): "This card cannot attack the turn this effect is activated" and its wordings are
OATH-1 clauses of the effect they follow (effects.clauses): the turn's history decides them. Real cards; every
position is compared with the reference enumerator."""

from __future__ import annotations

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
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
    expected = {"Blue-Eyes Alternative White Dragon": ("attack_self", 1), "Obelisk the Tormentor": ("announce_self", 2),
                "Laval Judgment Lord": ("announce_self", 1), "The Six Samurai - Kamon": ("announce_self", 1),
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


# --------------------------------------------------------------------------------------------------
# BPA-2: "Cannot attack the turn it is Summoned" (Normal, Flip or Special) and the Toon World direct attack

def test_bpa_2_the_toon_wordings_are_read(real):
    for name in ("Toon Dark Magician", "Toon Harpie Lady", "Toon Cyber Dragon", "Armor Exe"):
        assert attack_rules(real[name]).cannot_any_summon_turn, name
        assert not unread_clauses(real[name]), name
    assert attack_rules(real["Toon Dark Magician"]).direct_while_control == "Toon World"


def test_bpa_2_toon_dark_magician_cannot_attack_the_turn_it_is_summoned_or_flip_summoned(real):
    def position(**state):
        b = battle(real).monster(1, "Toon Dark Magician", **state)
        b.opponent.monster(1, "Kuriboh")
        return b.build()
    assert attacks(position()) == {("M1", "oM1")}
    assert attacks(position(summoned_this_turn=True)) == set()
    assert attacks(position(position_changed=True, flip_summoned=True)) == set()
    assert attacks(position(position_changed=True)) == {("M1", "oM1")}     # from face-up Defense, by hand
    assert attacks(position(summoned_this_turn=True, set_this_turn=True)) == {("M1", "oM1")}   # Set, then flipped


def test_bpa_2_a_flip_summon_is_recorded_by_apply(real):
    from pysolver.position.apply import apply
    b = PositionBuilder(cards=real, turn=3).monster(1, "Toon Dark Magician", position="set")
    position = b.build()
    (flip,) = [p for p in legal_plays(position) if p.action == "flip_summon"]
    after = apply(position, flip)
    monster = after.players[0].monster_zones[0]
    assert monster.flip_summoned and monster.position_changed
    battle_phase = apply(after, next(p for p in legal_plays(after) if p.action == "enter_battle_phase"))
    assert attacks(battle_phase) == set()


def test_bpa_2_toon_world_lets_a_toon_attack_directly(real):
    def position(toon_world=True, their_toon=False, face_down=False):
        b = battle(real).monster(1, "Toon Cyber Dragon")
        if toon_world:
            b.spell_trap(2, "Toon World")
        b.opponent.monster(1, "Toon Gemini Elf" if their_toon else "Kuriboh", position="set" if face_down else "attack")
        return b.build()
    assert attacks(position()) == {("M1", "oM1"), ("M1", "direct")}
    assert attacks(position(toon_world=False)) == {("M1", "oM1")}
    assert attacks(position(their_toon=True)) == {("M1", "oM1")}
    assert attacks(position(their_toon=True, face_down=True)) == {("M1", "oM1"), ("M1", "direct")}   # face-up only


def test_bpa_2_toon_kingdom_is_toon_world_on_the_field(real):
    b = battle(real).monster(1, "Toon Cyber Dragon").field_spell("Toon Kingdom")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}
    b = battle(real).monster(1, "Toon Cyber Dragon").spell_trap(2, "Toon World", position="set")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}
