"""Attack declarations and what a monster's own text says about them (RULES.md BP-1, BP-2;
docs/battle-rules.md BP-3..BP-14). Real cards: the built-in pool holds one card of each wording; the
counts over the whole card database run when ../shared/data/cards.cdb is present."""

from __future__ import annotations

import pytest

from helpers import board, need_shared_data
from pysolver import legal_plays
from pysolver.cards.attacks import attack_rules
from pysolver.cards.card import default_cards
from pysolver.cards.reading import unread_clauses
from pysolver.cards.sentences import turn_effects
from pysolver.errors import PysolverError
from pysolver.position.apply import apply
from pysolver.position.files import position_from_dict, position_to_dict
from pysolver.reference.apply import apply as reference_apply
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.steps import Planner, replay


def attacks(position) -> set[tuple[str, str]]:
    """(attacker, target) of every attack declaration; the solver and the reference must agree."""
    solver = {(p.card, p.target) for p in legal_plays(position, all_instances=True) if p.action == "declare_attack"}
    reference = {(p.card, p.target) for p in reference_plays(position, all_instances=True)
                 if p.action == "declare_attack"}
    assert solver == reference
    assert legal_plays(position).exhaustive
    return solver


def battle(**options):
    return board(turn=3, phase="battle", **options)


def attack_play(position, card, target):
    return next(p for p in legal_plays(position, all_instances=True)
                if p.action == "declare_attack" and p.card == card and p.target == target)


# --------------------------------------------------------------------------------------------------
# BP-4: direct attacks

def test_bp_4_jinzo_7_can_attack_directly_while_the_opponent_controls_monsters():
    b = battle().monster(1, "Jinzo #7").monster(2, "Celtic Guardian")
    b.opponent.monster(3, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM3"), ("M1", "direct"), ("M2", "oM3")}


def test_bp_4_nightmare_horse_even_if_there_is_a_monster_on_the_opponents_side():
    b = battle().monster(1, "Nightmare Horse")
    b.opponent.monster(1, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}


def test_bp_4_zombyra_the_dark_cannot_attack_directly():
    position = battle().monster(1, "Zombyra the Dark").monster(2, "Celtic Guardian").build()
    assert attacks(position) == {("M2", "direct")}          # no monster to attack: Zombyra declares nothing
    b = battle().monster(1, "Zombyra the Dark")
    b.opponent.monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2")}


def test_bp_3_a_negated_direct_attacker_attacks_like_any_monster():
    b = battle().monster(1, "Jinzo #7", restrictions=["effects_negated"])
    b.opponent.monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2")}


# --------------------------------------------------------------------------------------------------
# BP-5: the number of attacks

def test_bp_5_hayabusa_knight_makes_a_second_attack_but_not_a_third():
    assert attacks(battle().monster(1, "Hayabusa Knight", attacked=True).build()) == {("M1", "direct")}
    assert attacks(battle().monster(1, "Hayabusa Knight", attacked=2).build()) == set()
    assert attacks(battle().monster(1, "Celtic Guardian", attacked=True).build()) == set()


def test_bp_5_twinheaded_beast_attacks_twice_even_after_a_direct_attack():
    position = battle().monster(1, "Twinheaded Beast", attacked=1, attacked_directly=True).build()
    assert attacks(position) == {("M1", "direct")}


def test_bp_5_skull_bone_up_to_2_attacks_on_monsters_only():
    b = battle().monster(1, "Fossil Warrior Skull Bone", attacked=1)
    b.opponent.monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2")}
    # the second attack is never direct
    assert attacks(battle().monster(1, "Fossil Warrior Skull Bone", attacked=1).build()) == set()
    # and there is none after a direct attack
    b = battle().monster(1, "Fossil Warrior Skull Bone", attacked=1, attacked_directly=True)
    b.opponent.monster(2, "Kuriboh")
    assert attacks(b.build()) == set()
    # its first attack may be direct
    assert attacks(battle().monster(1, "Fossil Warrior Skull Bone").build()) == {("M1", "direct")}


def test_bp_5_apply_counts_the_attacks_and_the_direct_one():
    position = battle().monster(1, "Hayabusa Knight").build()
    for applier in (apply, reference_apply):
        after = applier(position, attack_play(position, "M1", "direct"))
        assert after["M1"].state.attacked == 1 and after["M1"].state.attacked_directly
        again = applier(after, attack_play(after, "M1", "direct"))
        assert again["M1"].state.attacked == 2 and attacks(again) == set()
        assert position_to_dict(again)["players"][0]["monster_zones"][1]["attacked"] == 2


# --------------------------------------------------------------------------------------------------
# BP-6, BP-7: Defense Position attacks; no attack without Xyz Material

def test_bp_6_superheavy_samurai_wagon_attacks_in_face_up_defense_position():
    position = battle().monster(1, "Superheavy Samurai Wagon", position="defense") \
        .monster(2, "Celtic Guardian", position="defense").build()
    assert attacks(position) == {("M1", "direct")}
    assert attacks(battle().monster(1, "Superheavy Samurai Wagon", position="set").build()) == set()
    after = apply(position, attack_play(position, "M1", "direct"))
    assert after["M1"].state.position == "defense"


def test_bp_7_grampulse_cannot_attack_unless_it_has_xyz_material():
    assert attacks(battle().monster(1, "Super Quantal Mech Beast Grampulse").build()) == set()
    position = battle().monster(1, "Super Quantal Mech Beast Grampulse", materials=["Kuriboh"]).build()
    assert attacks(position) == {("M1", "direct")}


# --------------------------------------------------------------------------------------------------
# BP-8: monsters that cannot be attacked

def test_bp_8_earthbound_immortal_uru_cannot_be_attacked_and_still_blocks_direct_attacks():
    b = battle().monster(1, "Celtic Guardian").monster(2, "Jinzo #7")
    b.opponent.monster(1, "Earthbound Immortal Uru").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2"), ("M2", "oM2"), ("M2", "direct")}
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Earthbound Immortal Uru")
    assert attacks(b.build()) == set()
    b = battle().monster(1, "Celtic Guardian")        # face-down, its text does not apply (BP-3)
    b.opponent.monster(1, "Earthbound Immortal Uru", position="set")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bp_8_sunavalon_dryas_does_not_prevent_direct_attacks():
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Sunavalon Dryas")
    assert attacks(b.build()) == {("M1", "direct")}
    b.opponent.monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM2")}


# --------------------------------------------------------------------------------------------------
# The position format: `attacked` is a count, `attacked_directly` (BP-5)

def test_bp_5_attacked_accepts_true_false_or_a_count_and_round_trips():
    position = battle().monster(1, "Hayabusa Knight", attacked=2, attacked_directly=True) \
        .monster(2, "Celtic Guardian", attacked=True).build()
    assert position["M1"].state.attacked == 2 and position["M2"].state.attacked == 1
    data = position_to_dict(position)
    assert data["players"][0]["monster_zones"][2]["attacked"] is True
    assert position_from_dict(data) == position


@pytest.mark.parametrize("entry, message", [
    ({"attacked": -1}, "attacked: expected true or false, or a whole number of attacks from 0 to 99"),
    ({"attacked": 100}, "attacked: expected true or false, or a whole number of attacks from 0 to 99"),
    ({"attacked": "twice"}, "attacked: expected true or false, or a whole number"),
    ({"attacked_directly": True}, "attacked_directly: a monster that attacked directly has attacked"),
    ({"attacked": 1, "attacked_directly": "yes"}, "attacked_directly: expected true or false"),
])
def test_bp_5_bad_attack_counts_are_one_clear_line(entry, message):
    with pytest.raises(PysolverError) as error:
        battle().monster(1, "Hayabusa Knight", **entry).build()
    assert message in str(error.value) and len(str(error.value).splitlines()) == 1


# --------------------------------------------------------------------------------------------------
# Reading: the clauses read, and those that stay unread

def test_bp_4_to_bp_8_the_pool_cards_are_read():
    cards = default_cards()
    for name in ("Jinzo #7", "Nightmare Horse", "Hayabusa Knight", "Twinheaded Beast", "Zombyra the Dark",
                 "Superheavy Samurai Wagon", "Fossil Warrior Skull Bone", "Earthbound Immortal Uru",
                 "Sunavalon Dryas", "Super Quantal Mech Beast Grampulse", "Cyber Twin Dragon"):
        assert attack_rules(cards[name]), name
        assert not [u for u in unread_clauses(cards[name]) if u.scope in ("attack", "battle")], name


def test_bp_3_a_clause_in_a_conditional_bullet_list_stays_unread():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    # (R.B. The Brute Blues' "while this card points to an "R.B." monster" is BPX-17; Tenyi Spirit - Mula Adhara's
    # "While a non-Effect Monster is face-up on the field, this card gains these effects." is BPX-26; Odd-Eyes Raging
    # Dragon's "If this card is Xyz Summoned using an Xyz Monster as Material, it gains these effects." is SMT-1)
    for name in ("Chronomaly Tuspa Rocket",):
        assert not attack_rules(cards[name]).sentences, name
        assert [u for u in unread_clauses(cards[name]) if u.scope == "attack"], name
    # "You can Tribute 1 other monster; apply 1 of these effects until the end of this turn. ● This card can attack
    # directly." is what an activated effect applies for the turn (LKS-1, docs/lock-rules.md): no attack clause of the
    # card, and a history with its activation is refused
    rage = cards["Go! - D/D/D Divine Zero King Rage"]
    assert not attack_rules(rage).sentences and "This card can attack directly." in turn_effects(rage)
    # a Gemini monster's bullet is read: its condition is the Gemini Summon (GEM-2, BP-3)
    assert attack_rules(cards["Chthonian Emperor Dragon"]).extra == 1


def test_bp_4_to_bp_8_unmodelled_attack_clauses_stay_unread():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    for name, clause in (("Toon Mermaid", "Toon"), ("Drytron Meteonis Draconids", "Special Summoned monsters"),
                         ("Speedroid Razorang", "the turn it is Normal Summoned")):
        assert any(clause in u.clause for u in unread_clauses(cards[name])), name


def test_bp_4_to_bp_8_counts_over_the_card_database():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    read = [card for card in cards if attack_rules(card)]
    assert len(read) >= 110
    assert sum(1 for card in read if attack_rules(card).direct) >= 40
    assert sum(1 for card in read if attack_rules(card).extra) >= 25


# --------------------------------------------------------------------------------------------------
# BP-9, BP-7, BP-4 and BP-5 with Xyz Materials (docs/battle-rules.md)

def test_bp_9_number_85_crazy_box_cannot_attack():
    b = battle().monster(1, "Number 85: Crazy Box", materials=["Kuriboh", "Celtic Guardian"]) \
        .monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M2", "oM1")}
    # its effects negated (BP-3), it attacks like any monster
    b = battle().monster(1, "Number 85: Crazy Box", restrictions=["effects_negated"])
    assert attacks(b.build()) == {("M1", "direct")}


def test_bp_4_raidraptor_blaze_falcon_attacks_directly_while_it_has_xyz_material():
    b = battle().monster(1, "Raidraptor - Blaze Falcon", materials=["Kuriboh"])
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "direct")}
    b = battle().monster(1, "Raidraptor - Blaze Falcon")
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bp_4_number_17_leviathan_dragon_cannot_attack_directly_unless_it_has_material():
    assert attacks(battle().monster(1, "Number 17: Leviathan Dragon").build()) == set()
    assert attacks(battle().monster(1, "Number 17: Leviathan Dragon", materials=["Kuriboh"]).build()) \
        == {("M1", "direct")}
    b = battle().monster(1, "Number 17: Leviathan Dragon")
    b.opponent.monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2")}


def test_bp_5_ashura_king_attacks_once_for_each_xyz_material_it_has_now():
    three = ["Kuriboh", "Kuriboh", "Celtic Guardian"]
    assert attacks(battle().monster(1, "Ashura King", materials=three, attacked=2).build()) == {("M1", "direct")}
    assert attacks(battle().monster(1, "Ashura King", materials=three, attacked=3).build()) == set()
    # a material detached earlier this turn no longer counts
    assert attacks(battle().monster(1, "Ashura King", materials=["Kuriboh"], attacked=1).build()) == set()
    # with none it attacks once, like any monster, and its additional attacks may be direct ones
    assert attacks(battle().monster(1, "Ashura King").build()) == {("M1", "direct")}
    position = battle().monster(1, "Ashura King", materials=["Kuriboh", "Kuriboh"]).build()
    for applier in (apply, reference_apply):
        after = applier(position, attack_play(position, "M1", "direct"))
        assert attacks(after) == {("M1", "direct")}
        assert attacks(applier(after, attack_play(after, "M1", "direct"))) == set()


# --------------------------------------------------------------------------------------------------
# BP-10: "Your opponent's monsters cannot target monsters for attacks, except this one"

def test_bp_10_hand_holding_genie_is_the_only_monster_the_turn_player_can_attack():
    b = battle().monster(1, "Celtic Guardian").monster(2, "Jinzo #7")
    b.opponent.monster(1, "Hand-Holding Genie", position="defense").monster(2, "Kuriboh")
    # the other monster cannot be attacked but still stands in the way of a direct attack (BP-4 passes it)
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1"), ("M2", "direct")}
    # face-down, its text does not apply (BP-3)
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Hand-Holding Genie", position="set").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM2")}


def test_bp_10_two_such_monsters_forbid_each_other_and_shark_fortress_reads_the_same():
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Hand-Holding Genie").monster(2, "Shark Fortress").monster(3, "Kuriboh")
    assert attacks(b.build()) == set()
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Gentlemander").monster(2, "Earthbound Immortal Uru")
    assert attacks(b.build()) == {("M1", "oM1")}     # Gentlemander may be attacked; Uru by nothing (BP-8)


def test_bp_10_on_the_turn_players_side_it_restricts_nothing_this_turn():
    b = battle().monster(1, "Hand-Holding Genie").monster(2, "Celtic Guardian")
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    assert attacks(b.build()) == {(m, t) for m in ("M1", "M2") for t in ("oM1", "oM2")}


def test_bp_9_bp_10_the_wordings_over_the_card_database(real):
    read = {name: attack_rules(real[name]) for name in (
        "Number 85: Crazy Box", "The Winged Dragon of Ra - Sphere Mode", "Number 30: Acid Golem of Destruction",
        "Raidraptor - Blaze Falcon", "Number 23: Lancelot, Dark Knight of the Underworld",
        "Number 17: Leviathan Dragon", "Ashura King", "K9-X \"Werewolf\"", "Lyrilusc - Assembled Nightingale",
        "Dinowrestler Chimera T Wrextle", "Dupe Frog", "Heroic Champion - Claivesolish", "Gentlemander",
        "Nightmare-Eyes Restrict", "Superheavy Samurai Magnet")}
    assert read["Number 85: Crazy Box"].cannot_attack and read["The Winged Dragon of Ra - Sphere Mode"].cannot_attack
    assert read["Number 30: Acid Golem of Destruction"].needs_material
    assert read["Raidraptor - Blaze Falcon"].direct_with_material
    assert read["Number 23: Lancelot, Dark Knight of the Underworld"].direct_with_material
    assert read["Number 17: Leviathan Dragon"].no_direct_without_material
    for name in ("Ashura King", "K9-X \"Werewolf\"", "Lyrilusc - Assembled Nightingale"):
        assert read[name].extra_per_material, name
    assert read["Lyrilusc - Assembled Nightingale"].direct
    for name in ("Dinowrestler Chimera T Wrextle", "Dupe Frog", "Heroic Champion - Claivesolish", "Gentlemander",
                 "Nightmare-Eyes Restrict", "Superheavy Samurai Magnet"):
        assert read[name].only_target, name
        assert not [u for u in unread_clauses(real[name]) if u.scope == "attack"], name
    # a kind of monster not said face-up, or half of a sentence: unread
    for name, clause in (("Block Spider", "Insect-Type"),
                         # (Tenyi Spirit - Sahasrara's "Effect Monsters for attacks" is read now: docs/lock-rules.md
                         # LKQ-10; an archetype stays unread)
                         ("Harpie's Pet Phantasmal Dragon", '"Harpie" monsters for attacks'),
                         # (Nephthys, the Sacred Flame's "in the Main Monster Zones" is read now: ATQ-2)
                         ("Zerrziel, Ruler of the Evil Eyed", "2600 or higher ATK")):   # (Alba-Lenatus: MUS-2)
        assert not (attack_rules(real[name]).only_target or attack_rules(real[name]).cannot_attack
                    or attack_rules(real[name]).only_target_among), name
        assert any(clause in u.clause for u in unread_clauses(real[name])), name


# --------------------------------------------------------------------------------------------------
# BP-11: "Monsters this card points to cannot attack"

def test_bp_11_crusadia_regulex_forbids_the_monsters_it_points_to_to_attack():
    # in the turn player's left Extra Monster Zone, its bottom arrow points to M2
    b = battle().monster("left", "Crusadia Regulex").monster(2, "Celtic Guardian").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("EMZL", "direct"), ("M1", "direct")}
    # the opponent's, in the right one: its top arrow points down into the turn player's M4
    b = battle().monster(3, "Celtic Guardian").monster(4, "Kuriboh")
    b.opponent.monster("right", "Crusadia Regulex").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M3", "oEMZR"), ("M3", "oM2")}
    # in M2, its top arrow points to the left Extra Monster Zone; negated, it forbids nothing (BP-3)
    b = battle().monster(2, "Crusadia Regulex").monster("left", "Shark Fortress").monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}
    b = battle().monster(2, "Crusadia Regulex", restrictions=["effects_negated"]).monster("left", "Shark Fortress")
    assert attacks(b.build()) == {("EMZL", "direct"), ("M2", "direct")}


def test_bp_11_the_crusadia_wordings_are_read_and_gorgons_too(real):
    # (Gorgon of Zilofthonia's "..., also their activated effects are negated" is read now: ATQ-1)
    for name in ("Crusadia Regulex", "Crusadia Equimax", "Crusadia Spatha", "Crusadia Magius", "Gorgon of Zilofthonia"):
        assert attack_rules(real[name]).pointed_cannot_attack, name
        assert not unread_clauses(real[name]), name


# --------------------------------------------------------------------------------------------------
# BP-12: "This card can attack all monsters your opponent controls once each"

def test_bp_12_machine_lord_ur_attacks_each_opponent_monster_once():
    b = battle().monster(1, "Machine Lord Ür")
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian").monster("left", "Number 17: Leviathan Dragon")
    position = b.build()
    assert attacks(position) == {("M1", "oM1"), ("M1", "oM2"), ("M1", "oEMZL")}
    for applier in (apply, reference_apply):
        after = applier(position, attack_play(position, "M1", "oM2"))
        assert after["M1"].state.attacked_monsters == ("M2",)
        assert attacks(after) == {("M1", "oM1"), ("M1", "oEMZL")}          # never the same one twice
        again = applier(after, attack_play(after, "M1", "oEMZL"))
        assert attacks(again) == {("M1", "oM1")}
        assert position_to_dict(again)["players"][0]["monster_zones"][1]["attacked_monsters"] == [2, "left"]
        last = applier(again, attack_play(again, "M1", "oM1"))
        assert attacks(last) == set()
        main2 = applier(again, next(p for p in legal_plays(again) if p.action == "enter_main2"))
        assert main2["M1"].state.attacked_monsters == ()     # the Battle Phase is over



def test_bp_12_lines_of_attacks_step_by_step_agree_with_apply():
    """The step-indexed transition (asp/transition.lp) records the monsters attacked as `apply` does:
    each move of every line is legal and its state is apply's; three attacks, each once, in any order."""
    b = battle().monster(1, "Machine Lord Ür")
    b.opponent.monster(1, "Kuriboh").monster(2, "Celtic Guardian").monster("left", "Number 17: Leviathan Dragon")
    position = b.build()
    for plays in (3, 4):
        planner = Planner(position, symmetry=False)
        planner.control.configuration.solve.models = 0
        planner.control.configuration.solve.project = "show"
        planner.ask(plays)
        attack_lines = set()
        with planner.control.solve(yield_=True) as handle:
            for model in handle:
                line = replay(model.symbols(atoms=True), position, plays,
                              lambda p: legal_plays(p, all_instances=True))
                if all(play.action == "declare_attack" for play, _, _ in line):
                    attack_lines.add(tuple(play.target for play, _, _ in line))
        assert len(attack_lines) == (6 if plays == 3 else 0)


def test_bp_12_no_direct_attack_after_the_first_and_none_after_a_direct_one():
    # the first attack is like any monster's (direct when the opponent controls no monster)
    assert attacks(battle().monster(1, "Machine Lord Ür").build()) == {("M1", "direct")}
    assert attacks(battle().monster(1, "Machine Lord Ür", attacked=1).build()) == set()
    b = battle().monster(1, "Machine Lord Ür", attacked=1, attacked_directly=True)
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == set()
    # a monster it attacked that is no longer there is not in the list: the others may still be attacked
    b = battle().monster(1, "Invoked Purgatrio", attacked=2, attacked_monsters=[3])
    b.opponent.monster(1, "Kuriboh").monster(3, "Celtic Guardian").monster(4, "Earthbound Immortal Uru")
    assert attacks(b.build()) == {("M1", "oM1")}                         # Uru cannot be attacked (BP-8)


def test_bp_12_bp_10_the_only_monster_that_can_be_attacked_once():
    b = battle().monster(1, "Machine Lord Ür", attacked=1, attacked_monsters=[2])
    b.opponent.monster(1, "Kuriboh").monster(2, "Hand-Holding Genie")
    assert attacks(b.build()) == set()


@pytest.mark.parametrize("options, entry, message", [
    ({}, {"attacked": 1, "attacked_monsters": [1, 2]}, "2 monsters attacked but attacked: 1"),
    ({}, {"attacked": 2, "attacked_monsters": [6]}, "attacked_monsters[0]: no such zone 6"),
    ({}, {"attacked": 2, "attacked_monsters": [1, "1"]}, "attacked_monsters[1]: zone 1 is given twice"),
    ({}, {"attacked": 1, "attacked_monsters": [3]}, "the other player's zone 3 holds no monster"),
    ({}, {"attacked": 1, "attacked_monsters": "1"}, "attacked_monsters: expected a list"),
    ({"phase": "main2"}, {"attacked": 1, "attacked_monsters": [1]}, "only the turn player's monsters in the Battle"),
])
def test_bp_12_bad_attacked_monsters_are_one_clear_line(options, entry, message):
    b = board(turn=3, **({"phase": "battle"} | options)).monster(1, "Machine Lord Ür", **entry)
    b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
    with pytest.raises(PysolverError) as error:
        b.build()
    assert message in str(error.value) and len(str(error.value).splitlines()) == 1


def test_bp_12_the_wordings_over_the_card_database(real):
    for name in ("Machine Lord Ür", "Invoked Purgatrio", "Blue-Eyes Tyrant Dragon", "Elemental HERO Wildedge",
                 "World Chalice Guardragon Almarduke", "D/D/D/D Dimensional King Arc Crisis", "Asura Priest"):
        assert attack_rules(real[name]).attack_all, name
    for name in ("Invoked Purgatrio", "Elemental HERO Wildedge", "Asura Priest"):
        assert not unread_clauses(real[name]), name
    # not every monster, or with a condition: unread (BPM-1 reads Stardust Charge Warrior's; BPN-1 Chaos Archfiend's)
    assert not attack_rules(real["Drytron Meteonis Draconids"]).attack_all
    assert any("once each" in u.clause for u in unread_clauses(real["Drytron Meteonis Draconids"]))
    # "While equipped with a monster by this effect, ...": read as applying in no position (EQP-1), never attack_all
    assert not attack_rules(real["Super Vehicroid - Stealth Union"]).attack_all
    assert not unread_clauses(real["Super Vehicroid - Stealth Union"])


def test_bp_10_invoked_oceanus_only_in_the_main_monster_zone_marincess_only_in_the_extra():
    """Invoked Oceanus reads BP-10 "While this card is in the Main Monster Zone, ..." (and BAN-3, its replacement
    "While this card is in the Extra Monster Zone, any monster sent to your opponent's GY is banished instead",
    which decides no attack): in a Main Monster Zone the attack on Kuriboh is forbidden by BP-10, in the Extra
    Monster Zone it is not."""
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(1, "Invoked Oceanus").monster(2, "Kuriboh")
    plays = legal_plays(b.build(), all_instances=True)
    assert {p.target for p in plays if p.action == "declare_attack"} == {"oM1"} and not plays.unread
    assert {p.key for p in plays} == {p.key for p in reference_plays(b.build(), all_instances=True)}
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster("left", "Invoked Oceanus").monster(2, "Kuriboh")
    plays = legal_plays(b.build(), all_instances=True)
    assert {p.target for p in plays if p.action == "declare_attack"} == {"oEMZL", "oM2"} and not plays.unread
    assert {p.key for p in plays} == {p.key for p in reference_plays(b.build(), all_instances=True)}
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster("right", "Marincess Aqua Argonaut").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oEMZR")}
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(3, "Marincess Aqua Argonaut").monster(2, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM3"), ("M1", "oM2")}


def test_bp_10_wonko_only_while_a_card_is_in_a_field_zone(real):
    def position(field_spell: bool):
        b = board(turn=3, phase="battle", cards=real).monster(1, "Celtic Guardian")
        b.opponent.monster(1, "Wonko, Noble Knight of the Forest").monster(2, "Kuriboh")
        if field_spell:
            b.field_spell("Mystic Plasma Zone", position="set")     # the turn player's, Set: a card all the same
        return b.build()
    assert attacks(position(False)) == {("M1", "oM1"), ("M1", "oM2")}
    assert attacks(position(True)) == {("M1", "oM1")}
    assert attack_rules(real["Hamon, Lord of Striking Thunder"]).only_target_while == "defense"


# --------------------------------------------------------------------------------------------------
# BP-13: "Other monsters you control cannot attack"

def test_bp_13_beelzeus_forbids_the_turn_players_other_monsters_to_attack():
    b = battle().monster(1, "Beelzeus of the Diabolic Dragons").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "direct")}
    b = battle().monster(1, "Beelzeus of the Diabolic Dragons", position="defense").monster(2, "Celtic Guardian")
    assert attacks(b.build()) == set()                       # in Defense Position it still forbids them
    b = battle().monster(1, "Beelzeus of the Diabolic Dragons", restrictions=["effects_negated"]) \
        .monster(2, "Celtic Guardian")
    assert attacks(b.build()) == {("M1", "direct"), ("M2", "direct")}
    b = battle().monster(2, "Celtic Guardian")               # the opponent's: nothing this turn
    b.opponent.monster(1, "Beelzeus of the Diabolic Dragons")
    assert attacks(b.build()) == {("M2", "oM1")}
    assert attack_rules(default_cards()["Beelzeus of the Diabolic Dragons"]).others_cannot_attack


def test_bp_10_scarred_warrior_only_among_the_face_up_warriors():
    b = battle().monster(1, "Kuriboh")
    b.opponent.monster(1, "Scarred Warrior").monster(2, "Celtic Guardian").monster(3, "Kuriboh") \
        .monster(4, "Celtic Guardian", position="set")
    # the face-up Warrior (Celtic Guardian) cannot be attacked; a face-down one and a Fiend can
    assert attacks(b.build()) == {("M1", "oM1"), ("M1", "oM3"), ("M1", "oM4")}
    b = battle().monster(1, "Kuriboh")
    b.opponent.monster(1, "Magician's Valkyria").monster(2, "Celtic Guardian").monster(3, "Magician's Valkyria")
    assert attacks(b.build()) == {("M1", "oM2")}          # each Valkyria protects the other one
    assert str(attack_rules(default_cards()["Scarred Warrior"]).only_target_among) == "Warrior monster"


def test_bp_10_the_face_up_kinds_over_the_card_database(real):
    for name, kind in (("Golem Dragon", "Dragon monster"), ("Victoria", "Fairy monster"),
                       ("Chirubimé, Princess of Autumn Leaves", "Plant monster"), ("Mermail Abysslung", "WATER monster"),
                       ("Performapal Thunderhino", '"Performapal" monster'), ("Yosenju Shinchu R", '"Yosenju" monster')):
        assert str(attack_rules(real[name]).only_target_among) == kind, name
        assert not unread_clauses(real[name]), name


# --------------------------------------------------------------------------------------------------
# BP-8 and BP-11 by the arrows of a Link Monster: Shinobi Insect Hagakuremino, Protocol Gardna

def test_bp_8_hagakuremino_cannot_be_attacked_while_it_points_to_a_monster():
    # the opponent's, in the right Extra Monster Zone: its top-left arrow points down into the turn player's M5
    b = battle().monster(1, "Celtic Guardian").monster(3, "Kuriboh")
    b.opponent.monster("right", "Shinobi Insect Hagakuremino")
    assert attacks(b.build()) == {("M1", "oEMZR"), ("M3", "oEMZR")}
    b = battle().monster(1, "Celtic Guardian").monster(5, "Kuriboh", position="set")   # a face-down one too
    b.opponent.monster("right", "Shinobi Insect Hagakuremino")
    assert attacks(b.build()) == set()                 # not attacked, and still in the way of a direct attack
    # its bottom arrow points to the opponent's own M2
    b = battle().monster(1, "Jinzo #7")
    b.opponent.monster("right", "Shinobi Insect Hagakuremino").monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == {("M1", "oM2"), ("M1", "direct")}


def test_bp_11_protocol_gardna_protects_the_monsters_it_points_to():
    b = battle().monster(1, "Celtic Guardian")
    b.opponent.monster(2, "Protocol Gardna").monster(1, "Kuriboh").monster(3, "Kuriboh").monster(4, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2"), ("M1", "oM4")}
    b = battle().monster(1, "Celtic Guardian")         # negated (BP-3), it protects nothing
    b.opponent.monster(2, "Protocol Gardna", restrictions=["effects_negated"]).monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM2"), ("M1", "oM1")}
    b = battle().monster(2, "Protocol Gardna").monster(1, "Celtic Guardian")   # the turn player's: nothing
    b.opponent.monster(1, "Kuriboh")
    assert attacks(b.build()) == {("M1", "oM1"), ("M2", "oM1")}


def test_bp_13_the_malefic_wording_cannot_declare_an_attack_is_read(real):
    for name in ("Malefic Rainbow Dragon", "Malefic Cyber End Dragon"):
        assert attack_rules(real[name]).others_cannot_attack, name
    # Saizo's "While this card points to a monster(s), this card cannot be targeted for an attack, also ..." is read
    # under PRC-1's lead with its protection (BPX-21), not as BP-8's "points to a monster(s)" wording
    saizo = attack_rules(real["Ninja Grandmaster Saizo"])
    assert not saizo.not_target_pointing and saizo.not_target_while.where == "points"


# --------------------------------------------------------------------------------------------------
# BP-5 and BP-12 with Xyz Materials; BP-14: no attack declaration at all

def test_bp_5_liebe_attacks_monsters_once_more_for_each_xyz_material(real):
    def position(materials, attacked=0, directly=False, opponent=True):
        b = board(turn=3, phase="battle", cards=real).monster(
            1, "Superdreadnought Rail Cannon Juggernaut Liebe", materials=materials, attacked=attacked,
            attacked_directly=directly)
        if opponent:
            b.opponent.monster(1, "Kuriboh")
        return b.build()
    assert attacks(position(["Kuriboh", "Kuriboh"], attacked=2)) == {("M1", "oM1")}
    assert attacks(position(["Kuriboh", "Kuriboh"], attacked=3)) == set()
    assert attacks(position(["Kuriboh"], attacked=1, opponent=False)) == set()      # the additional ones: monsters
    assert attacks(position(["Kuriboh"], attacked=1, directly=True)) == set()
    assert attacks(position([], opponent=False)) == {("M1", "direct")}


def test_bp_12_doom_chimera_dragon_attacks_each_monster_once_only_with_material():
    def position(materials):
        b = battle().monster(1, "Number 5: Doom Chimera Dragon", materials=materials, attacked=1,
                             attacked_monsters=[1])
        b.opponent.monster(1, "Kuriboh").monster(2, "Kuriboh")
        return b.build()
    assert attacks(position(["Kuriboh"])) == {("M1", "oM2")}
    assert attacks(position([])) == set()


def test_bp_14_ripple_bird_forbids_attacks_while_all_its_controllers_monsters_defend():
    b = battle().monster(1, "Celtic Guardian").monster(2, "Jinzo #7")
    b.opponent.monster(1, "Ripple Bird", position="defense").monster(2, "Kuriboh", position="set")
    assert attacks(b.build()) == set()
    b.opponent.monster(3, "Kuriboh")                    # one of their monsters in Attack Position
    assert len(attacks(b.build())) == 7
    b = battle().monster(1, "Celtic Guardian")         # face-down, its text does not apply (BP-3)
    b.opponent.monster(1, "Ripple Bird", position="set")
    assert attacks(b.build()) == {("M1", "oM1")}


def test_bp_14_heliosphere_dragon_alone_against_a_hand_of_at_most_4():
    def position(hand, alone=True):
        b = battle().monster(1, "Celtic Guardian").hand(*["Kuriboh"] * hand)
        b.opponent.monster(1, "Heliosphere Dragon")
        if not alone:
            b.opponent.monster(2, "Kuriboh")
        return b.build()
    assert attacks(position(4)) == set()
    assert attacks(position(5)) == {("M1", "oM1")}
    assert attacks(position(0, alone=False)) == {("M1", "oM1"), ("M1", "oM2")}


def test_bp_12_the_monsters_attacked_follow_the_extra_monster_zones_when_search_swaps_them():
    """pysolver.explore.search.Symmetry swaps the two Extra Monster Zones (no Link Monster anywhere): the
    monsters a BP-12 monster attacked there are swapped with them, so mirrored positions are one node."""
    from pysolver.explore.search import Symmetry
    from pysolver.position.canonical import canonical_key

    def position(side: str):
        b = battle().monster(2, "Machine Lord Ür", attacked=1, attacked_monsters=[side])
        b.opponent.monster(side, "Number 17: Leviathan Dragon").monster(1, "Kuriboh")
        return b.build()
    left, right = position("left"), position("right")
    assert canonical_key(left) != canonical_key(right)
    symmetry = Symmetry.of(left, "auto")
    assert symmetry.monsters
    normal = symmetry.normalize(left)
    assert canonical_key(normal) == canonical_key(symmetry.normalize(right))
    # occupied zones first: Machine Lord Ür moves to M1, and still may not attack the Extra Monster Zone again
    assert attacks(normal) == {("M1", "oM1")} and attacks(left) == {("M2", "oM1")}
