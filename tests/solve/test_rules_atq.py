"""ATQ-1.. (docs/targeting-rules.md, "ATQ: which monsters attack and what they attack, on Extra Deck monsters"): sentences
of Extra Deck monsters that restrict which monsters can attack or what they can attack. Real cards of the card database;
every answer is the reference's too, and nothing is withheld."""

from __future__ import annotations

from helpers import board

from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.reading import unread_clauses
from pysolver.reference.plays import legal_plays as reference_plays

GORGON = "Gorgon of Zilofthonia"
NEPHTHYS = "Nephthys, the Sacred Flame"
PHOENIX = "Sacred Phoenix of Nephthys"


NEPHTHYS_BULLET = "3: Neither player can target this card with card effects, also it gains another 1200 ATK."


def agreed(position, unread: tuple = ()) -> set:
    """(action, card, target) of every play; the reference lists the same, and the answer is exhaustive, or partial
    for the `unread` clauses only."""
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.exhaustive if not unread else solver.partial, (solver.reason, solver.unread)
    assert tuple(u.clause for u in solver.unread) == unread
    return {(p.action, p.card, p.target) for p in solver}


def attacks(position, unread: tuple = ()) -> set:
    return {(card, target) for action, card, target in agreed(position, unread) if action == "declare_attack"}


def nephthys_attacks(position) -> set:
    """Nephthys, the Sacred Flame is read whole since CNB-2 (its bullet, docs/battle-rules.md): the answer is
    exhaustive, the attack declarations the encoding and the reference derive (ATQ-2) are compared as they are."""
    return attacks(position)


def battle(real):
    return board(cards=real, turn=3, phase="battle")


# --------------------------------------------------------------------------------------------------
# ATQ-1: "Monsters this card points to cannot attack, also their activated effects are negated."

def test_atq_1_gorgon_of_zilofthonia_is_read(real):
    assert attack_rules(real[GORGON]).pointed_cannot_attack
    assert unread_clauses(real[GORGON]) == ()


def test_atq_1_gorgon_of_the_opponent_forbids_the_monsters_it_points_to_to_attack(real):
    # in the opponent's right Extra Monster Zone its top arrows (TL, T, TR) point down into the turn player's M3, M4, M5
    b = battle(real).monster(1, "Celtic Guardian").monster(3, "Celtic Guardian").monster(5, "Kuriboh")
    b.opponent.monster("right", GORGON)
    assert attacks(b.build()) == {("M1", "oEMZR")}
    # negated, it forbids nothing (BP-3)
    b = battle(real).monster(1, "Celtic Guardian").monster(3, "Celtic Guardian")
    b.opponent.monster("right", GORGON, restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M1", "oEMZR"), ("M3", "oEMZR")}


def test_atq_1_gorgon_of_the_turn_player_forbids_its_own_pointed_monster(real):
    # in M2 its top arrow points to the left Extra Monster Zone
    b = battle(real).monster(2, GORGON).monster("left", "Number 17: Leviathan Dragon").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}


def test_atq_1_gorgon_pointed_monster_still_activates_its_effect(real):
    """The negation of activated effects acts on their resolution: the activation is still a play, its cost paid, and
    the activations of monster effects on the field pysolver lists are recorded only (NGT-3)."""
    b = board(cards=real).monster(4, "Galaxy-Eyes Cipher Dragon", materials=["Kuriboh"])
    b.opponent.monster("right", GORGON).monster(2, "Celtic Guardian")
    plays = agreed(b.build())
    assert {(a, c, t) for a, c, t in plays if a == "activate"} == {("activate", "M4", "oEMZR"),
                                                                   ("activate", "M4", "oM2")}


# --------------------------------------------------------------------------------------------------
# ATQ-2: "While this card is in the Extra Monster Zone, monsters your opponent controls cannot target "Nephthys" monsters in
# the Main Monster Zones for attacks."

def test_atq_2_nephthys_the_sacred_flame_attack_clause_is_read(real):
    assert str(attack_rules(real[NEPHTHYS]).main_zone_guard) == '"Nephthys" monster'
    assert unread_clauses(real[NEPHTHYS]) == ()     # its bullet (ATQ-3) is CNB-2's protection


def test_atq_2_nephthys_in_the_extra_monster_zone_guards_the_nephthys_monsters_in_main_monster_zones(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS).monster(1, PHOENIX).monster(2, "Celtic Guardian")
    assert nephthys_attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM2")}      # itself, in the Extra Monster Zone, can be attacked


def test_atq_2_nephthys_guards_only_face_up_monsters(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS).monster(1, PHOENIX, position="set")
    assert nephthys_attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1")}


def test_atq_2_nephthys_still_stands_in_the_way_of_a_direct_attack(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS, restrictions=["effects_negated"]).monster(1, PHOENIX)
    assert nephthys_attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1")}      # negated: guards nothing (BP-3)
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", NEPHTHYS).monster(1, PHOENIX)
    assert nephthys_attacks(b.build()) == {("M1", "oEMZL")}                      # the guarded Phoenix: no direct attack


def test_atq_2_nephthys_in_a_main_monster_zone_guards_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster(3, NEPHTHYS).monster(1, PHOENIX)
    assert nephthys_attacks(b.build()) == {("M1", "oM1"), ("M1", "oM3")}


def test_atq_2_nephthys_of_the_turn_player_restricts_nothing_this_turn(real):
    b = battle(real).monster("left", NEPHTHYS).monster(1, PHOENIX)
    b.opponent.monster(1, "Celtic Guardian")
    assert nephthys_attacks(b.build()) == {("EMZL", "oM1"), ("M1", "oM1")}


# --------------------------------------------------------------------------------------------------
# ATQ-3: a bullet's count label ("● 3: ...") is no activated effect's colon

def test_atq_3_count_label_bullets_after_a_rule_lead_are_rules(real):
    from pysolver.cards.sentences import sentences
    found = {s.text: s.activated for s in sentences(real[NEPHTHYS])}
    assert found["1+: Cannot be destroyed by battle."] is False
    assert found[NEPHTHYS_BULLET] is False
    # the attack sentences of such bullets are rules, not silently taken as activated effects: unread, or read by the
    # count (CNB-3: GMX - COMPREX, CNB-5: Virtual World Tiger - Fufu, docs/battle-rules.md)
    assert "6+: Your monsters can attack directly." in [u.clause for u in unread_clauses(real["X-Krawler Qualiark"])]
    assert unread_clauses(real["Virtual World Tiger - Fufu"]) == () and unread_clauses(real["GMX - COMPREX"]) == ()
    # a lead with a colon that only says "gains effects based on the number of": still a rule lead
    assert "2+: Once per turn, if this card attacks a Defense Position monster, it can attack once again in a row." in [
        u.clause for u in unread_clauses(real["Laval Dual Slasher"])]


def test_atq_3_count_label_bullets_after_an_activated_lead_stay_activated(real):
    from pysolver.cards.sentences import sentences
    found = {s.text: s.activated for s in sentences(real["Noble Knights of the Round Table"])}
    assert found['6+: Special Summon 1 "Noble Knight" monster from your hand, then you can equip 1 "Noble Arms" Equip '
                 'Spell from your hand to that monster.'] is True
    assert not unread_clauses(real["Noble Knights of the Round Table"])


def test_atq_3_fufu_on_the_field_attacks_by_its_read_bullet(real):
    # read since CNB-5: without 2 face-up "Virtual World Gate" cards it attacks only the opponent's monster
    b = battle(real).monster(1, "Virtual World Tiger - Fufu", materials=["Kuriboh", "Kuriboh"])
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1")}


# --------------------------------------------------------------------------------------------------
# ATQ-4: "Cannot declare an attack unless you send 1 card from your Extra Deck to the GY."

ALBA = "Alba System Dogmatikalamity"


def alba(real, *extra_deck):
    b = battle(real).monster(1, ALBA, summoned_as="fusion").extra_deck(*extra_deck)
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Kuriboh")
    return b


def test_atq_4_alba_system_dogmatikalamity_is_read(real):
    assert attack_rules(real[ALBA]).attack_extra_cost and attack_rules(real[ALBA]).attack_all
    assert unread_clauses(real[ALBA]) == ()


def test_atq_4_alba_sends_one_extra_deck_card_per_attack(real):
    position = alba(real, "Number 39: Utopia", "Decode Talker").build()
    plays = [p for p in legal_plays(position, all_instances=True) if p.action == "declare_attack"]
    assert {(p.target, p.cost) for p in plays} == {(t, (c,)) for t in ("oM1", "oM2") for c in ("ED1", "ED2")}
    agreed(position)
    from pysolver.position.apply import apply
    from pysolver.reference.apply import apply as reference_apply
    play = next(p for p in plays if p.target == "oM1" and p.cost == ("ED1",))
    for applier in (apply, reference_apply):
        after = applier(position, play)
        assert [c.card.name for c in after.players[0].graveyard] == [position["ED1"].card.name]
        assert len(after.players[0].extra_deck) == 1
        assert after["M1"].state.attacked == 1
        # BP-12: it attacks the other monster next, again for a card of the Extra Deck
        assert {(p.target, p.cost) for p in legal_plays(after, all_instances=True) if p.action == "declare_attack"} \
            == {("oM2", ("ED1",))}


def test_atq_4_alba_copies_of_a_cost_are_one_play(real):
    position = alba(real, "Number 39: Utopia", "Number 39: Utopia", "Decode Talker").build()
    grouped = legal_plays(position)
    assert {p.key for p in grouped} == {p.key for p in reference_plays(position)}
    assert sorted((p.target, p.cost, p.copies) for p in grouped if p.action == "declare_attack") == [
        ("oM1", ("ED1",), 2), ("oM1", ("ED3",), 1), ("oM2", ("ED1",), 2), ("oM2", ("ED3",), 1)]


def test_atq_4_alba_with_an_empty_extra_deck_declares_no_attack(real):
    position = alba(real).build()
    assert not [p for p in agreed(position) if p[0] == "declare_attack"]
    from pysolver.solve.why import why
    (answer,) = why(position, "M1", "declare_attack").answers
    assert not answer.plays
    assert "ATQ-4" in {reason.rule for group in answer.reasons for reason in group}


def test_atq_4_alba_negated_pays_nothing(real):
    b = battle(real).monster(1, ALBA, summoned_as="fusion", restrictions=["effects_negated"])
    b.opponent.monster(1, "Celtic Guardian")
    position = b.build()
    plays = [p for p in legal_plays(position, all_instances=True) if p.action == "declare_attack"]
    assert {(p.target, p.cost) for p in plays} == {("oM1", None)}
    agreed(position)


def test_atq_4_a_card_a_replacement_would_banish_cannot_be_the_cost(real):
    """BAN-4: under the opponent's Macro Cosmos ("any card sent to the GY is banished instead") no card of the Extra
    Deck can be sent to the GY as a cost, so Alba declares no attack."""
    b = alba(real, "Number 39: Utopia")
    b.opponent.spell_trap(1, "Macro Cosmos", position="face_up")
    assert not [p for p in agreed(b.build()) if p[0] == "declare_attack"]


def test_atq_4_alba_attacks_replay_in_the_step_indexed_turn(real):
    """transition.lp sends the play's cost to the GY like `apply` and the reference applier (tests/solve/test_steps.py)."""
    from test_steps import assert_every_move_replays
    assert_every_move_replays(alba(real, "Number 39: Utopia", "Decode Talker").build())


# --------------------------------------------------------------------------------------------------
# ATQ-5: "If your opponent controls a face-up monster(s), this card can only target their monster with the highest ATK
# for attacks (your choice, if tied)."

GOUKI = "Gouki The Master Ogre"


def test_atq_5_gouki_the_master_ogre_is_read(real):
    assert attack_rules(real[GOUKI]).highest_atk_only and attack_rules(real[GOUKI]).attack_all
    assert unread_clauses(real[GOUKI]) == ()


def test_atq_5_gouki_attacks_only_the_face_up_monster_with_the_highest_atk(real):
    # Gemini Elf 1900 > Celtic Guardian 1400 > Kuriboh 300; the face-down Blue-Eyes (3000) is not asked, nor attacked
    b = battle(real).monster(1, GOUKI)
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Kuriboh").monster(3, "Blue-Eyes White Dragon", position="set") \
        .monster(4, "Gemini Elf")
    assert attacks(b.build()) == {("M1", "oM4")}


def test_atq_5_gouki_your_choice_if_tied(real):
    b = battle(real).monster(1, GOUKI)
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").monster(3, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_atq_5_gouki_with_only_face_down_monsters_opposite_attacks_any_of_them(real):
    b = battle(real).monster(1, GOUKI)
    b.opponent.monster(1, "Kuriboh", position="set").monster(2, "Celtic Guardian", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}
    b = battle(real).monster(1, GOUKI)
    assert attacks(b.build()) == {("M1", "direct")}


def test_atq_5_gouki_after_attacking_the_highest_attacks_no_other(real):
    """BP-12's once each: the highest is attacked already, and the others are not the highest (the engine asks the
    highest ATK among all their face-up monsters)."""
    b = battle(real).monster(1, GOUKI, attacked=1, attacked_monsters=["4"])
    b.opponent.monster(1, "Celtic Guardian").monster(4, "Gemini Elf")
    assert attacks(b.build()) == set()


def test_atq_5_gouki_negated_attacks_any_monster(real):
    b = battle(real).monster(1, GOUKI, restrictions=["effects_negated"])
    b.opponent.monster(1, "Celtic Guardian").monster(4, "Gemini Elf")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM4")}


def test_atq_5_gouki_withholds_its_attacks_while_an_atk_is_unknown(real):
    # "?" ATK (a Token's): which monster has the highest ATK is not decided here
    b = battle(real).monster(1, GOUKI).monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Dark Soul Token")
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.partial and [u.id for u in solver.unread] == ["M1"]
    assert {(p.card, p.target) for p in solver if p.action == "declare_attack"} == {("M2", "oM1"), ("M2", "oM2")}
    # a card that may change ATK (STM-2, Axe of Despair on the field): Gouki's plays are withheld (STM-4)
    b = battle(real).monster(1, GOUKI).monster(2, "Celtic Guardian").spell_trap(1, "Axe of Despair", position="face_up")
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Gemini Elf")
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.partial and not [p for p in solver if p.action == "declare_attack" and p.card == "M1"]


# --------------------------------------------------------------------------------------------------
# ATQ-6: 'While you control a "Vanquish Soul" monster, your opponent's monsters can only target monsters you control with
# the highest ATK (their choice, if tied) for attacks.'

ROCK = "Rock of the Vanquisher"


def test_atq_6_rock_of_the_vanquisher_is_read(real):
    assert str(attack_rules(real[ROCK]).guard_highest) == '"Vanquish Soul" monster'
    assert unread_clauses(real[ROCK]) == ()


def test_atq_6_rock_lets_the_turn_player_attack_only_the_highest_atk(real):
    # Rock 0 ATK (Link-1), Vanquish Soul Razen 1800, Celtic Guardian 1400, a face-down Kuriboh
    b = battle(real).monster(1, "Celtic Guardian").monster(2, "Blue-Eyes White Dragon")
    b.opponent.monster("left", ROCK).monster(1, "Vanquish Soul Razen").monster(2, "Celtic Guardian") \
        .monster(3, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_atq_6_rock_without_a_face_up_vanquish_soul_monster_restricts_nothing(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", ROCK).monster(1, "Vanquish Soul Razen", position="set").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oEMZL"), ("M1", "oM1"), ("M1", "oM2")}


def test_atq_6_rock_forbids_direct_attacks_even_by_a_direct_attacker(real):
    # Raidraptor - Blaze Falcon can attack directly while it has Xyz Material (BP-4); under Rock only the highest ATK
    b = battle(real).monster("left", "Raidraptor - Blaze Falcon", materials=["Kuriboh"])
    b.opponent.monster("right", ROCK).monster(1, "Vanquish Soul Razen").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("EMZL", "oM1")}
    b = battle(real).monster("left", "Raidraptor - Blaze Falcon", materials=["Kuriboh"])
    b.opponent.monster("right", ROCK, restrictions=["effects_negated"]).monster(1, "Vanquish Soul Razen")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("EMZL", "oEMZR"), ("EMZL", "direct")}


def test_atq_6_rock_of_the_turn_player_restricts_nothing_this_turn(real):
    b = battle(real).monster("left", ROCK).monster(1, "Vanquish Soul Razen")
    b.opponent.monster(1, "Celtic Guardian").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "oM1"), ("EMZL", "oM2"), ("M1", "oM1"), ("M1", "oM2")}


def test_atq_6_rock_withholds_every_attack_while_an_atk_of_theirs_is_unknown(real):
    b = battle(real).monster(1, "Celtic Guardian")
    b.opponent.monster("left", ROCK).monster(1, "Vanquish Soul Razen").monster(2, "Dark Soul Token")
    position = b.build()
    solver = legal_plays(position, all_instances=True)
    assert {p.key for p in solver} == {p.key for p in reference_plays(position, all_instances=True)}
    assert solver.partial and not [p for p in solver if p.action == "declare_attack"]
    assert [u.id for u in solver.unread] == ["oEMZL"]


# --------------------------------------------------------------------------------------------------
# ATQ-7: '"Krawler" monsters this card points to cannot be destroyed by battle, gain 300 ATK/DEF, and can make up to 2
# attacks on monsters during each Battle Phase.'

SYNAPHYSIS = "X-Krawler Synaphysis"


def test_atq_7_x_krawler_synaphysis_is_read(real):
    what, count = attack_rules(real[SYNAPHYSIS]).pointed_on_monsters
    assert (str(what), count) == ('"Krawler" monster', 2)
    assert unread_clauses(real[SYNAPHYSIS]) == ()


def test_atq_7_synaphysis_gives_the_krawler_monsters_it_points_to_a_second_attack_on_monsters(real):
    # in M2 its arrows (L, R) point to M1 and M3; M4's Krawler is not pointed to, M1's Kuriboh is no "Krawler"
    b = battle(real).monster(2, SYNAPHYSIS).monster(1, "Krawler Dendrite", attacked=1) \
        .monster(3, "Krawler Dendrite", attacked=1).monster(4, "Krawler Dendrite", attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M3", "oM1"), ("M2", "oM1")}
    # a second attack is on monsters only: with no monster opposite, none; after a direct attack, none
    b = battle(real).monster(2, SYNAPHYSIS, attacked=1).monster(1, "Krawler Dendrite", attacked=1)
    assert attacks(b.build()) == set()
    b = battle(real).monster(2, SYNAPHYSIS, attacked=1).monster(1, "Krawler Dendrite", attacked=1, attacked_directly=True)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    # a third: none
    b = battle(real).monster(2, SYNAPHYSIS, attacked=1).monster(1, "Krawler Dendrite", attacked=2)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


def test_atq_7_the_opponents_synaphysis_points_to_no_monster_of_the_turn_player(real):
    # the engine's target range is both players' Monster Zones, but its arrows (L, R) point only into its controller's
    # Main Monster Zones: the opponent's Synaphysis gives the turn player's Krawler monsters nothing
    b = battle(real).monster(1, "Krawler Dendrite", attacked=1)
    b.opponent.monster(2, SYNAPHYSIS).monster(1, "Kuriboh")
    assert attacks(b.build()) == set()


def test_atq_7_negated_synaphysis_gives_nothing(real):
    b = battle(real).monster(2, SYNAPHYSIS, restrictions=["effects_negated"]).monster(1, "Krawler Dendrite", attacked=1)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1")}
