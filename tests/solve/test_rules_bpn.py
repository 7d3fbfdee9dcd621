"""BPN-1..BPN-3 (docs/battle-rules.md): attack clauses of Extra Deck monsters read since BPM-3. Real cards from the
card database; every position is compared with the reference enumerator (same play keys, a whole answer)."""

from __future__ import annotations

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder
from pysolver.reference.plays import legal_plays as reference_plays


def checked(position) -> set[tuple]:
    """(action, card, target or to) of every play; the solver and the reference agree, and nothing is withheld."""
    solver = legal_plays(position, all_instances=True)
    reference = reference_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference}
    assert solver.exhaustive and not solver.unread
    return {(p.action, p.card, p.target or p.to) for p in solver}


def attacks(position) -> set[tuple[str, str]]:
    return {(card, target) for action, card, target in checked(position) if action == "declare_attack"}


def repositions(position) -> set[tuple[str, str]]:
    return {(action, card) for action, card, _ in checked(position) if action in ("change_position", "flip_summon")}


def battle(real, **options) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="battle", **options)


def main(real, **options) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="main1", **options)


# --------------------------------------------------------------------------------------------------
# BPN-1: BP-12 with "also banish any monster destroyed by battle with this card"

def test_bpn_1_chaos_archfiend_is_read(real):
    card = real["Chaos Archfiend"]
    assert attack_rules(card).attack_all
    assert not unread_clauses(card)


def test_bpn_1_chaos_archfiend_attacks_each_monster_once(real):
    b = battle(real).monster(1, "Chaos Archfiend")
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, "Chaos Archfiend", attacked=1, attacked_monsters=[1])
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM2")}
    b = battle(real).monster(1, "Chaos Archfiend", attacked=2, attacked_monsters=[1, 2])
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Chaos Archfiend", attacked=1, attacked_directly=True)   # none after a direct attack
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


def test_bpn_1_negated_chaos_archfiend_attacks_once(real):
    b = battle(real).monster(1, "Chaos Archfiend", attacked=1, attacked_monsters=[1], restrictions=["effects_negated"])
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# BPN-2: BP-16 with the exception "Pendulum Monsters without a Level"

def test_bpn_2_pendulum_ruler_is_read(real):
    card = real["Master Spirit Tech Force - Pendulum Ruler"]
    (lock,) = attack_rules(card).locks
    assert lock.whom == "opponent" and lock.what is None and lock.unless is not None
    assert not unread_clauses(card)


def test_bpn_2_pendulum_ruler_lets_only_pendulum_xyz_monsters_attack(real):
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Odd-Eyes Pendulum Dragon")
    b.monster(3, "Majespecter Draco - Ryu").monster(4, "Gem-Knight Pearl")
    b.opponent.monster(1, "Master Spirit Tech Force - Pendulum Ruler")
    # a Pendulum Monster with a Level (Odd-Eyes) and an Xyz Monster that is no Pendulum Monster (Pearl) cannot attack
    assert attacks(b.build()) == {("M3", "oM1")}


def test_bpn_2_pendulum_ruler_binds_only_its_controllers_opponent(real):
    b = battle(real).monster(1, "Master Spirit Tech Force - Pendulum Ruler").monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_bpn_2_pendulum_ruler_negated_or_in_a_pendulum_zone_locks_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Master Spirit Tech Force - Pendulum Ruler", restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M1", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.spell_trap(1, "Master Spirit Tech Force - Pendulum Ruler")   # a Pendulum Scale: its monster text does not apply
    assert attacks(b.build()) == {("M1", "direct")}


# --------------------------------------------------------------------------------------------------
# BPN-3: "Other monsters on the field cannot change their battle positions or attack."

def test_bpn_3_thousand_eyes_restrict_is_read(real):
    card = real["Thousand-Eyes Restrict"]
    rules = attack_rules(card)
    assert rules.others_no_reposition and rules.locks[0].others and rules.locks[0].whom == "both"
    assert not unread_clauses(card)


def test_bpn_3_thousand_eyes_restrict_freezes_the_other_monsters(real):
    b = main(real).monster(1, "Thousand-Eyes Restrict").monster(2, "Celtic Guardian")
    b.monster(3, "Man-Eater Bug", position="set").monster(4, "Kuriboh", position="defense")
    # only Thousand-Eyes Restrict itself changes its battle position; no Flip Summon of Man-Eater Bug
    assert repositions(b.build()) == {("change_position", "M1")}
    b = battle(real).monster(1, "Thousand-Eyes Restrict").monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bpn_3_thousand_eyes_restrict_of_the_opponent(real):
    b = main(real).monster(2, "Celtic Guardian").monster(3, "Man-Eater Bug", position="set")
    b.opponent.monster(1, "Thousand-Eyes Restrict")
    assert repositions(b.build()) == set()
    b = battle(real).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Thousand-Eyes Restrict")
    assert attacks(b.build()) == set()


def test_bpn_3_two_thousand_eyes_restricts_forbid_each_other(real):
    b = battle(real).monster(1, "Thousand-Eyes Restrict").monster(2, "Thousand-Eyes Restrict")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = main(real).monster(1, "Thousand-Eyes Restrict").monster(2, "Thousand-Eyes Restrict")
    assert repositions(b.build()) == set()


def test_bpn_3_face_down_or_negated_thousand_eyes_restrict_freezes_nothing(real):
    b = main(real).monster(1, "Thousand-Eyes Restrict", restrictions=["effects_negated"]).monster(2, "Celtic Guardian")
    b.monster(3, "Man-Eater Bug", position="set")
    assert repositions(b.build()) == {("change_position", "M1"), ("change_position", "M2"), ("flip_summon", "M3")}
    b = main(real).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Thousand-Eyes Restrict", position="set")
    assert repositions(b.build()) == {("change_position", "M2")}


def test_a_continuous_change_to_defense_position_is_an_unread_rule(real):
    """Bagooska's "While this card is in face-up Defense Position, change all face-up monsters on the field to Defense
    Position, ..." decides which monsters may attack: a rule sentence, unread (its attacks and targets are withheld)."""
    card = real["Number 41: Bagooska the Terribly Tired Tapir"]
    assert any(u.clause.startswith("While this card is in face-up Defense Position, change all")
               for u in unread_clauses(card))
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Number 41: Bagooska the Terribly Tired Tapir", position="defense")
    assert not legal_plays(b.build(), all_instances=True).exhaustive


# --------------------------------------------------------------------------------------------------
# BPN-4: "While this card is in Attack Position, your opponent takes any effect damage you would have taken from their
# card effects, instead." decides no play

def test_bpn_4_draco_equiste_is_read(real):
    card = real["Dragon Knight Draco-Equiste"]
    assert "While this card is in Attack Position, your opponent takes any effect damage you would have taken from " \
           "their card effects, instead." in attack_rules(card).sentences
    assert not unread_clauses(card)


def test_bpn_4_draco_equiste_attacks_and_is_attacked_as_any_monster(real):
    b = battle(real).monster(1, "Dragon Knight Draco-Equiste").monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Dragon Knight Draco-Equiste")
    assert attacks(b.build()) == {("M1", "oM1")}
    b = main(real).monster(1, "Dragon Knight Draco-Equiste")
    assert repositions(b.build()) == {("change_position", "M1")}


# --------------------------------------------------------------------------------------------------
# BPN-5: "If this card attacks a face-down Defense Position monster, you can destroy the monster immediately ..." decides
# no play

def test_bpn_5_the_destroy_immediately_wording_is_read(real):
    for name in ("Jurrac Velphito", "Wattmole", "Search Striker"):
        assert attack_rules(real[name]).sentences, name
        assert not unread_clauses(real[name]), name


def test_bpn_5_jurrac_velphito_attacks_a_face_down_monster_as_any_monster(real):
    b = battle(real).monster(1, "Jurrac Velphito").monster(2, "Wattmole")
    b.opponent.monster(1, "Man-Eater Bug", position="set").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2"), ("M2", "oM1"), ("M2", "oM2")}
    b = battle(real).monster(1, "Jurrac Velphito", attacked=1)       # one attack, as BP-2
    b.opponent.monster(1, "Man-Eater Bug", position="set")
    assert attacks(b.build()) == set()


# --------------------------------------------------------------------------------------------------
# BPN-6: Mekk-Knight Spectrum Supreme: "This card can attack directly if it is the only card in its column." and "If this
# card in the Extra Monster Zone points to no monsters, it cannot be destroyed by card effects, also your opponent cannot
# target it with card effects."

SPECTRUM = "Mekk-Knight Spectrum Supreme"


def test_bpn_6_spectrum_supreme_is_read(real):
    card = real[SPECTRUM]
    assert attack_rules(card).direct_alone_in_column
    from pysolver.cards.protections import protections
    (rule,) = protections(card).protections
    assert rule.emz_unlinked and rule.scope == "self" and rule.whom == "opponent"
    assert not unread_clauses(card)


def test_bpn_6_spectrum_supreme_attacks_directly_alone_in_its_column(real):
    # in the left Extra Monster Zone: column 2 (the turn player's M2 and S/T 2, the opponent's M4 and S/T 4)
    b = battle(real).monster("left", SPECTRUM).field_spell("Mystic Plasma Zone")    # the Field Zone: no column
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("EMZL", "direct")}
    b = battle(real).monster("left", SPECTRUM)
    b.opponent.monster(4, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM4")}
    b = battle(real).monster("left", SPECTRUM)
    b.opponent.monster(1, "Kuriboh").spell_trap(4, "Pot of Greed", position="set")
    assert attacks(b.build()) == {("EMZL", "oM1")}
    b = battle(real).monster("left", SPECTRUM).spell_trap(2, "Pot of Greed", position="set")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1")}
    b = battle(real).monster("left", SPECTRUM).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("M2", "oM1")}
    b = battle(real).monster(3, SPECTRUM)                    # column 3, alone
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M3", "oM1"), ("M3", "direct")}


def targets(position, card: str = "M1") -> set[str]:
    plays = checked(position)
    return {target for action, who, target in plays if action == "activate" and who == card}


def test_bpn_6_spectrum_supreme_in_the_extra_monster_zone_pointing_to_no_monster_is_no_target(real):
    # the turn player's Galaxy-Eyes Cipher Dragon: "detach 1 material ...; target 1 face-up monster your opponent controls"
    b = PositionBuilder(cards=real, turn=3).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("left", SPECTRUM).monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1"}
    # the opponent's Spectrum Supreme in the left Extra Monster Zone points to their M3, M4, M5
    b = PositionBuilder(cards=real, turn=3).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("left", SPECTRUM).monster(4, "Man-Eater Bug", position="set").monster(1, "Celtic Guardian")
    assert targets(b.build()) == {"oM1", "oEMZL"}
    b = PositionBuilder(cards=real, turn=3).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster(2, SPECTRUM)                          # in a Main Monster Zone
    assert targets(b.build()) == {"oM2"}
    b = PositionBuilder(cards=real, turn=3).monster(1, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("left", SPECTRUM, restrictions=["effects_negated"])    # BP-3 / TGT-2: negated, no protection
    assert targets(b.build()) == {"oEMZL"}
