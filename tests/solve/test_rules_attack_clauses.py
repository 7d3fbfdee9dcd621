"""Attack clauses read since BP-15 (docs/battle-rules.md): the turn a monster is Summoned (BP-15), "must attack"
(BP-16), changes of ATK/DEF during the Damage Step only (BP-17). Real cards from the card database; every
position is compared with the reference enumerator (same play keys)."""

from __future__ import annotations

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.position.builder import PositionBuilder
from pysolver.reference.plays import legal_plays as reference_plays


def checked(position) -> set[tuple]:
    """(action, card, target) of every play; the solver and the reference agree, and the answer is complete."""
    solver = legal_plays(position, all_instances=True)
    reference = reference_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference}
    assert solver.exhaustive
    return {(p.action, p.card, p.target) for p in solver}


def attacks(position) -> set[tuple[str, str]]:
    return {(card, target) for action, card, target in checked(position) if action == "declare_attack"}


def battle(real, **options) -> PositionBuilder:
    return PositionBuilder(cards=real, turn=3, phase="battle", **options)


# --------------------------------------------------------------------------------------------------
# BP-15: the turn it is Summoned

def test_bp_15_the_summon_turn_wordings_are_read(real):
    for name in ("Kuraz the Light Monarch", "Delg the Dark Monarch", "Andro Sphinx", "Photon Vanisher"):
        assert attack_rules(real[name]).cannot_summon_turn, name
    assert attack_rules(real["Horned Saurus"]).direct_summon_turn
    for name in ("Kuraz the Light Monarch", "Delg the Dark Monarch", "Photon Vanisher", "Horned Saurus"):
        assert not unread_clauses(real[name]), name


def test_bp_15_normal_summoned_alone_or_special_this_way_stays_unread(real):
    # the position does not record whether a monster that came out this turn was Normal or Special
    # Summoned (summoned_this_turn is both), nor by which procedure: these stay unread
    for name, clause in (("Speedroid Razorang", "Normal Summoned"), ("Labyrinth Heavy Tank", "Normal Summoned"),
                         ("Hieratic Dragon of Tefnuit", "this way")):
        assert not attack_rules(real[name]).cannot_summon_turn, name
        assert any(clause in u.clause for u in unread_clauses(real[name])), name


def test_bp_15_kuraz_cannot_attack_the_turn_it_is_summoned(real):
    b = battle(real).monster(1, "Kuraz the Light Monarch", summoned_this_turn=True)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Kuraz the Light Monarch")          # Summoned on an earlier turn
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bp_15_delg_set_this_turn_and_flipped_was_not_summoned(real):
    # Set this turn (summoned_this_turn covers a Set) and now face-up: it was never Normal or Special Summoned
    b = battle(real).monster(1, "Delg the Dark Monarch", summoned_this_turn=True, set_this_turn=True)
    assert attacks(b.build()) == {("M1", "direct")}


def test_bp_15_negated_kuraz_attacks(real):
    # BP-3: the effect that summoned it negated its effects, so its text does not apply
    b = battle(real).monster(1, "Kuraz the Light Monarch", summoned_this_turn=True, restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M1", "direct")}


def test_bp_15_photon_vanisher_never_normal_summoned(real):
    b = battle(real).monster(1, "Photon Vanisher", summoned_this_turn=True).monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M2", "direct")}
    b = battle(real).monster(1, "Photon Vanisher").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}


def test_bp_15_horned_saurus_attacks_directly_the_turn_it_is_special_summoned(real):
    b = battle(real).monster(1, "Horned Saurus", summoned_this_turn=True, summoned_as="fusion")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}
    b = battle(real).monster(1, "Horned Saurus")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


# --------------------------------------------------------------------------------------------------
# BP-17: ATK / DEF during the Damage Step only

def test_bp_17_damage_step_only_changes_are_read_and_decide_nothing(real):
    for name in ("Cyber Dragon Zwei", "Etoile Cyber", "Noble Knight Joan", "Black Veloci", "Shark Caesar",
                 "Clear Vice Dragon", "Dark Artist", "Dark City", "Skyscraper", "Ballista of Rampart Smashing",
                 "Stairway to a Fabled Realm"):
        assert attack_rules(real[name]).sentences, name
        assert not unread_clauses(real[name]), name
    b = battle(real).monster(1, "Cyber Dragon Zwei").monster(2, "Black Veloci")
    b.opponent.monster(1, "Dark Artist")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_bp_17_a_damage_step_sentence_with_more_in_it_stays_unread(real):
    # Galaxy Dragon also negates the other monster's effects for the Battle Phase
    assert any("Damage Step only, also" in u.clause for u in unread_clauses(real["Galaxy Dragon"]))
    # (Firewall Dragon Darkfluid's "... for each counter on it during the Battle Phase only" is read since CTR-3: no
    # monster has counters, test_rules_ctr.py)


# --------------------------------------------------------------------------------------------------
# BP-16: locks on attacks while their card is face-up

def test_bp_16_the_lock_wordings_are_read(real):
    for name in ("Gravity Bind", "Insect Barrier", "Red Screen", "Cursed El Dorlando", "Synchro Zone",
                 "Performapal Partnaga"):
        assert attack_rules(real[name]).locks, name
        assert not unread_clauses(real[name]), name
    assert attack_rules(real["Linkbelt Wall Dragon"]).locks[0].whom == "both"
    assert attack_rules(real["Ghostrick Museum"]).locks[0].whom == "controller"


def test_bp_16_a_lock_on_atk_or_with_a_condition_stays_unread(real):
    for name, clause in (("Messenger of Peace", "1500 or more ATK"), ("Euler's Circuit", "While you control"),
                         ("Cryomancer of the Ice Barrier", "While you control")):
        assert not attack_rules(real[name]).locks, name
        assert any(clause in u.clause for u in unread_clauses(real[name])), name
    # Alien Psychic's "Monsters with A-Counters cannot declare an attack" is read since CTR-3 (no monster has counters)
    assert not attack_rules(real["Alien Psychic"]).locks and unread_clauses(real["Alien Psychic"]) == ()


def test_bp_16_gravity_bind_forbids_level_4_or_higher_on_both_sides(real):
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Kuriboh").monster("left", "Decode Talker")
    b.spell_trap(3, "Gravity Bind")
    b.opponent.monster(1, "Kuriboh")
    # Celtic Guardian is Level 4; Decode Talker has no Level
    assert attacks(b.build()) == {("M2", "oM1"), ("EMZL", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.spell_trap(3, "Gravity Bind").monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Celtic Guardian").spell_trap(3, "Gravity Bind", position="set")   # Set: nothing
    assert attacks(b.build()) == {("M1", "direct")}


def test_bp_16_insect_barrier_binds_only_the_opponent_of_its_controller(real):
    b = battle(real).monster(1, "Insect Knight").monster(2, "Celtic Guardian")
    b.opponent.spell_trap(1, "Insect Barrier")
    assert attacks(b.build()) == {("M2", "direct")}
    b = battle(real).monster(1, "Insect Knight").spell_trap(1, "Insect Barrier")   # its controller's Insects attack
    assert attacks(b.build()) == {("M1", "direct")}


def test_bp_16_synchro_zone_and_linkbelt_wall_dragon_except(real):
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Stardust Dragon")
    b.opponent.spell_trap(2, "Synchro Zone")
    assert attacks(b.build()) == {("M2", "direct")}
    b = battle(real).monster(1, "Celtic Guardian").monster("left", "Decode Talker")
    b.opponent.monster(1, "Linkbelt Wall Dragon")
    assert attacks(b.build()) == {("EMZL", "oM1")}
    b = battle(real).monster(1, "Celtic Guardian").monster("left", "Decode Talker")
    b.opponent.monster(1, "Linkbelt Wall Dragon", restrictions=["effects_negated"])    # BP-3: negated
    assert attacks(b.build()) == {("EMZL", "oM1"), ("M1", "oM1")}


def test_bp_16_red_screen_and_cursed_el_dorlando(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.spell_trap(1, "Red Screen")
    assert attacks(b.build()) == set()
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Zombie Master").spell_trap(1, "Cursed El Dorlando")
    assert attacks(b.build()) == {("M2", "direct")}
