"""BPO-1, BPO-2 (docs/battle-rules.md): "must attack, if able" (ocgcore EFFECT_MUST_ATTACK, `processor.cpp`) and "must
attack this card" (EFFECT_MUST_ATTACK_MONSTER, `field::get_attack_target`). Real cards from the card database; every
position is compared with the reference enumerator (same play keys, a whole answer)."""

from __future__ import annotations

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder
from pysolver.reference.plays import legal_plays as reference_plays

MOSQUITO = "Number 2: Ninja Shadow Mosquito"
DRAGION = "Sangenpai Transcendent Dragion"
COMMISSIONER = "Battlin' Boxer Cheat Commissioner"
GORILLA = "Berserk Gorilla"


def checked(position) -> set[tuple]:
    """(action, card, target or to) of every play; the solver and the reference agree, and nothing is withheld."""
    solver = legal_plays(position, all_instances=True)
    reference = reference_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference}
    assert solver.exhaustive and not solver.unread
    return {(p.action, p.card, p.target or p.to) for p in solver}


def phase_moves(position) -> set[str]:
    return {action for action, _, _ in checked(position)
            if action in ("enter_battle_phase", "enter_main2", "end_turn")}


def attacks(position) -> set[tuple[str, str]]:
    return {(card, target) for action, card, target in checked(position) if action == "declare_attack"}


def battle(real, **options) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="battle", **options)


def main(real, **options) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="main1", **options)


def test_bpo_1_the_wordings_are_read(real):
    for name in (MOSQUITO, DRAGION, COMMISSIONER, "Powered Crawler"):
        assert attack_rules(real[name]).must_attack == "opponents", name
        assert not any("must attack" in u.clause for u in unread_clauses(real[name])), name
    for name in (GORILLA, 'Karakuri Soldier mdl 236 "Nisamu"', 'Karakuri Bonze mdl 9763 "Kunamzan"'):
        assert attack_rules(real[name]).must_attack == "self", name
        assert not unread_clauses(real[name]), name


def test_bpo_1_the_battle_phase_is_not_left_while_a_bound_monster_can_attack(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, MOSQUITO)
    assert checked(b.build()) == {("declare_attack", "M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian", attacked=True)   # it attacked: no attack left to declare
    b.opponent.monster(1, MOSQUITO)
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Kuriboh", position="defense")
    b.opponent.monster(1, DRAGION)
    assert phase_moves(b.build()) == set() and attacks(b.build()) == {("M1", "oM1")}


def test_bpo_1_only_the_opponents_card_binds_the_turn_player(real):
    b = battle(real).monster(1, MOSQUITO).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}
    b = main(real).monster(1, COMMISSIONER).monster(2, "Celtic Guardian")
    assert phase_moves(b.build()) == {"enter_battle_phase", "end_turn"}


def test_bpo_1_a_face_down_or_negated_card_binds_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, MOSQUITO, position="set")
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, MOSQUITO, restrictions=["effects_negated"])
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}


def test_bpo_1_a_monster_of_its_own_must_attack(real):
    b = battle(real).monster(1, GORILLA)
    assert checked(b.build()) == {("declare_attack", "M1", "direct")}
    b = battle(real).monster(1, GORILLA, attacked=True).monster(2, "Celtic Guardian")
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}   # Celtic Guardian is not bound
    b = main(real).monster(1, GORILLA)
    assert phase_moves(b.build()) == {"enter_battle_phase"}
    b = main(real).monster(1, GORILLA, position="defense")          # not able to attack: the turn may end
    assert phase_moves(b.build()) == {"enter_battle_phase", "end_turn"}


def test_bpo_1_main_phase_1_asks_whether_it_is_able_to_attack(real):
    """ocgcore `card::is_capable_attack`: "cannot attack" (EFFECT_CANNOT_ATTACK: Gravity Bind) makes it unable, so the
    turn may end; "cannot declare an attack" (EFFECT_CANNOT_ATTACK_ANNOUNCE: Ripple Bird's BP-14) does not, so the
    Battle Phase must be entered, where it then has no attack to declare and the phase may be left."""
    b = main(real).monster(1, GORILLA)
    b.spell_trap(1, "Gravity Bind", position="face_up")
    assert phase_moves(b.build()) == {"enter_battle_phase", "end_turn"}
    b = main(real).monster(1, GORILLA)
    b.opponent.monster(1, "Ripple Bird", position="defense")
    assert phase_moves(b.build()) == {"enter_battle_phase"}
    b = battle(real).monster(1, GORILLA)
    b.opponent.monster(1, "Ripple Bird", position="defense")
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"} and attacks(b.build()) == set()


def test_bpo_1_no_battle_phase_on_the_first_turn(real):
    b = PositionBuilder(cards=real, turn=1, phase="main1").monster(1, GORILLA)
    assert phase_moves(b.build()) == {"end_turn"}


# --------------------------------------------------------------------------------------------------
# BPO-2: "All monsters your opponent controls that can attack must attack this card" (EFFECT_MUST_ATTACK with
# EFFECT_MUST_ATTACK_MONSTER)

DOLMEN = "G Golem Invalid Dolmen"
TRILITHON = "G Golem Dignified Trilithon"


def test_bpo_2_the_wordings_are_read(real):
    for name in (DOLMEN, TRILITHON, "Maiden in Love", "Angry Burger", "Puppet Rook"):
        assert attack_rules(real[name]).must_attack == "this", name
        assert not any("must attack" in u.clause for u in unread_clauses(real[name])), name


def test_bpo_2_the_attacks_are_on_that_card_only(real):
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Kuriboh", position="defense")
    b.opponent.monster(1, "Maiden in Love").monster(2, "Vorse Raider")
    assert checked(b.build()) == {("declare_attack", "M1", "oM1")}    # not Vorse Raider, and no leaving the phase
    b = battle(real).monster(1, "Celtic Guardian", attacked=True)
    b.opponent.monster(1, "Maiden in Love").monster(2, "Vorse Raider")
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}
    b = main(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Maiden in Love")
    assert phase_moves(b.build()) == {"enter_battle_phase"}


def test_bpo_2_never_a_direct_attack(real):
    """Even a monster that can attack directly (BP-4: Wattkyuki) attacks only the card (ocgcore `get_attack_target`
    returns before it makes a direct attack possible)."""
    b = battle(real).monster(1, "Wattkyuki")
    b.opponent.monster(1, "Angry Burger").monster(2, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bpo_2_two_such_cards_are_both_targets(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Maiden in Love").monster(2, "Angry Burger").monster(3, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_bpo_2_face_down_or_negated_it_binds_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Maiden in Love", position="set").monster(2, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Maiden in Love", restrictions=["effects_negated"]).monster(2, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_bpo_2_on_the_turn_players_side_it_binds_nothing(real):
    b = battle(real).monster(1, "Maiden in Love").monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}
    assert phase_moves(b.build()) == {"enter_main2", "end_turn"}


def test_bpo_2_the_card_is_attacked_past_the_target_locks(real):
    """ocgcore asks EFFECT_CANNOT_SELECT_BATTLE_TARGET of no target it must attack: Elemental HERO Rampart Blaster in
    Defense Position (BPX-3: only direct attacks otherwise) attacks the card, and not directly."""
    b = battle(real).monster(1, "Elemental HERO Rampart Blaster", position="defense")
    b.opponent.monster(1, "Puppet Rook").monster(2, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Elemental HERO Rampart Blaster", position="defense")
    b.opponent.monster(1, "Vorse Raider")
    assert attacks(b.build()) == {("M1", "direct")}
