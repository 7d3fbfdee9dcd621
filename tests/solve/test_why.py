"""`pysolver why`: one test per rule family, named after the rule id, on real cards of the built-in
pool; the relaxed program is derived from the encodings (every constraint named); answers agree with
`legal_plays`; and on generated positions every card without plays gets a reason that is true."""

import dataclasses
import os

import pytest
from hypothesis import given, settings, strategies as st

from helpers import board, need_shared_data, plays_of
from strategies import extra_deck_positions, history_positions, pendulum_ritual_fusion_positions, positions
from pysolver import PysolverError
from pysolver.solve.relax import relaxed_program
from pysolver.solve.why import WORDS, questions, why, why_text


def reasons(position, card, action):
    (answer,) = why(position, card, action).answers
    assert not answer.plays, f"{card} has plays: {answer.plays}"
    return answer


def rules_of(answer) -> set:
    return {reason.rule for group in answer.reasons for reason in group}


def texts(answer) -> str:
    return " | ".join(str(reason) for group in answer.reasons for reason in group)


# --- one test per rule family ---------------------------------------------------------------------

def test_ns_1_why_no_normal_summon_after_the_normal_summon_of_the_turn():
    answer = reasons(board(normal_summon_used=True).hand("Celtic Guardian").build(), "H1", "normal_summon")
    assert not answer.candidate
    assert rules_of(answer) == {"NS-1"} and "already used your Normal Summon" in texts(answer)


def test_ns_3_why_a_level_6_monster_needs_a_tribute():
    answer = reasons(board().hand("Summoned Skull").build(), "H1", "normal_summon")
    assert answer.candidate and answer.reasons == ((answer.reasons[0][0],),)
    assert rules_of(answer) == {"NS-3"} and "takes 1 Tribute" in texts(answer)


def test_ns_7_why_a_ritual_monster_is_never_normal_summoned():
    answer = reasons(board().hand("Paladin of White Dragon").build(), "H1", "normal_summon")
    assert rules_of(answer) == {"NS-7"}


def test_syn_2_why_the_levels_cannot_add_up():
    position = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Stardust Dragon").build()
    answer = reasons(position, "ED1", "synchro_summon")
    assert answer.candidate and len(answer.reasons) == 1
    (reason,) = answer.reasons[0]
    assert reason.rule == "SYN-2" and reason.name == "synchro_level_sum"
    assert "cannot add up to 8" in reason.text and "Level 3" in reason.text and "Level 4" in reason.text


def test_syn_1_why_not_in_the_battle_phase():
    position = board(phase="battle").monster(1, "Junk Synchron").monster(2, "Celtic Guardian") \
        .extra_deck("Black Rose Dragon").build()
    answer = reasons(position, "ED1", "synchro_summon")
    assert rules_of(answer) == {"SYN-1"} and "Main Phase" in texts(answer)


def test_xyz_1_why_two_level_4_monsters_are_missing():
    position = board().monster(1, "Celtic Guardian").monster(2, "Sangan").extra_deck("Number 39: Utopia").build()
    answer = reasons(position, "ED1", "xyz_summon")
    assert rules_of(answer) == {"XYZ-1"} and "2 Level 4 monsters" in texts(answer)


def test_xyz_4_why_not_on_this_monster_not_in_main_phase_1_and_not_twice():
    wrong = board().monster(1, "Gagaga Cowboy").extra_deck("Number C39: Utopia Ray").build()
    answer = reasons(wrong, "ED1", "xyz_summon")
    assert "XYZ-4" in rules_of(answer)
    assert 'Gagaga Cowboy (M1) is not the monster Number C39: Utopia Ray can be Xyz Summoned on (by using ' \
           '"Number 39: Utopia" you control)' in texts(answer)
    downerd = board().monster(1, "Gachi Gachi Gantetsu").extra_deck("Downerd Magician").build()
    assert "only during your Main Phase 2 (it is the Main Phase 1)" in texts(reasons(downerd, "ED1", "xyz_summon"))
    used = board().monster(1, "Cyber Dragon Nova").extra_deck("Cyber Dragon Infinity") \
        .event(summon="xyz", card="Cyber Dragon Infinity", alternative=True, **{"from": "extra_deck"}).build()
    assert "once per turn, and you did so this turn" in texts(reasons(used, "ED1", "xyz_summon"))


def test_lnk_1_why_the_link_rating_is_not_reached():
    answer = reasons(board().monster(1, "Sheep Token").extra_deck("Proxy Dragon").build(), "ED1", "link_summon")
    assert "LNK-1" in rules_of(answer) and "adding up to 2" in texts(answer)


def test_pen_1_why_a_level_8_monster_is_not_between_scales_1_and_8():
    position = board().spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician") \
        .hand("Blue-Eyes White Dragon").build()
    answer = reasons(position, "H1", "pendulum_summon")
    assert rules_of(answer) == {"PEN-1"} and "Level 8 is not below the higher Pendulum Scale 8" in texts(answer)


def test_pen_1_why_no_pendulum_summon_without_scales():
    answer = reasons(board().hand("Celtic Guardian").build(), "H1", "pendulum_summon")
    assert rules_of(answer) == {"PEN-1"} and "no Pendulum Scale" in texts(answer)


def test_rit_2_why_the_tributes_levels_fall_short():
    position = board().hand("White Dragon Ritual", "Paladin of White Dragon", "Kuriboh").build()
    answer = reasons(position, "H2", "ritual_summon")
    assert answer.candidate and rules_of(answer) == {"RIT-2"} and "do not reach 4" in texts(answer)


def test_rit_1_why_no_ritual_spell():
    answer = reasons(board().hand("Paladin of White Dragon", "Celtic Guardian").build(), "H1", "ritual_summon")
    assert rules_of(answer) == {"RIT-1"} and "Ritual Spell" in texts(answer)


def test_fus_1_why_no_polymerization():
    position = board().hand("Flame Manipulator", "Masaki the Legendary Swordsman").extra_deck("Flame Swordsman").build()
    answer = reasons(position, "ED1", "fusion_summon")
    assert not answer.candidate and rules_of(answer) == {"FUS-1"} and "Polymerization" in texts(answer)


def test_fus_2_why_a_named_material_is_missing():
    position = board().hand("Polymerization", "Flame Manipulator", "Celtic Guardian").extra_deck("Flame Swordsman").build()
    answer = reasons(position, "ED1", "fusion_summon")
    assert answer.candidate and rules_of(answer) == {"FUS-2"}


def test_zn_5_why_no_zone_for_a_link_monster():
    # Master Rule 5: I already hold an Extra Monster Zone (a face-down Black Rose Dragon: no material, no
    # Link arrows), so Proxy Dragon needs a linked Main Monster Zone, and none is linked.
    b = board(rules=5).monster(1, "Sheep Token").monster(2, "Sheep Token") \
        .monster("left", "Black Rose Dragon", position="set")
    answer = reasons(b.extra_deck("Proxy Dragon").build(), "ED1", "link_summon")
    assert answer.candidate and len(answer.reasons) == 1
    (reason,) = answer.reasons[0]
    assert reason.rule == "ZN-5" and reason.name == "no_zone_extra_deck" and "Link Monster" in reason.text
    # The same materials for a Synchro Monster: any Main Monster Zone is fine under Master Rule 5.
    assert plays_of(board(rules=5).monster(1, "Junk Synchron").monster(2, "Celtic Guardian")
                    .monster("left", "Black Rose Dragon", position="set").extra_deck("Black Rose Dragon").build(),
                    "synchro_summon")


def test_zn_4_why_no_zone_under_master_rule_4():
    b = board(rules=4).monster(1, "Junk Synchron").monster(2, "Celtic Guardian").monster(3, "Kuriboh") \
        .monster(4, "Kuriboh").monster(5, "Kuriboh").extra_deck("Black Rose Dragon")
    b.opponent.monster("left", "Proxy Dragon")
    b.monster("right", "Decode Talker")   # holds the other Extra Monster Zone; no Link arrow points to my zones
    answer = reasons(b.build(), "ED1", "synchro_summon")
    # Junk Synchron + Celtic Guardian (Level 7) leave no zone Decode Talker points to (M3, M5) free;
    # materials that free M3 or M5 (Kuriboh) do not reach Level 7: two minimal explanations, and more.
    assert all(len(group) == 1 for group in answer.reasons)
    (zone,) = [group[0] for group in answer.reasons if group[0].rule == "ZN-4"]
    assert "you hold EMZR (Decode Talker)" in zone.text and "your opponent holds EMZL (Proxy Dragon)" in zone.text
    assert "SYN-2" in rules_of(answer)


def test_sp_1_why_cyber_dragon_needs_an_opponents_monster():
    answer = reasons(board().hand("Cyber Dragon").build(), "H1", "procedure_summon")
    assert answer.candidate and rules_of(answer) == {"SP-1"} and "opponent to control a monster" in texts(answer)


def test_sp_3_why_monster_reborn_has_no_target():
    answer = reasons(board().hand("Monster Reborn").graveyard("Stardust Dragon", properly_summoned=False).build(),
                     "H1", "activate")
    assert "SP-3" in rules_of(answer)


def test_oath_1_why_no_special_summon_after_pot_of_duality():
    b = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon")
    assert plays_of(b.build(), "synchro_summon")
    answer = reasons(b.event(activate="Pot of Duality").build(), "ED1", "synchro_summon")
    assert answer.candidate and len(answer.reasons) == 1
    (reason,) = answer.reasons[0]
    assert reason.rule == "OATH-1" and "you activated Pot of Duality this turn" in reason.text


def test_pos_2_why_a_link_monster_never_changes_position():
    answer = reasons(board().monster(3, "Gaia Saber, the Lightning Shadow").build(), "M3", "change_position")
    assert rules_of(answer) == {"POS-2"}


def test_bp_2_why_a_monster_that_attacked_cannot_attack_again():
    answer = reasons(board(phase="battle").monster(3, "Celtic Guardian", attacked=True).build(), "M3",
                     "declare_attack")
    # BP-5, BP-12: and no text of its own lets it attack more than once
    assert rules_of(answer) == {"BP-2", "BP-5", "BP-12"} and "already attacked" in texts(answer)
    assert "no text that lets it attack more than once" in texts(answer)


def test_bp_5_why_a_monster_with_a_second_attack_cannot_make_a_third():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    answer = reasons(board(phase="battle", cards=cards).monster(3, "Hayabusa Knight", attacked=2).build(), "M3",
                     "declare_attack")
    assert "BP-5" in rules_of(answer) and "already attacked 2 times" in texts(answer)


def test_bp_7_why_an_xyz_monster_without_material_cannot_attack():
    from pysolver.cards.load import load_cards
    cards = load_cards(need_shared_data() / "cards.cdb")
    answer = reasons(board(phase="battle", cards=cards).monster(3, "Super Quantal Mech Beast Grampulse").build(),
                     "M3", "declare_attack")
    assert rules_of(answer) == {"BP-7"} and "unless it has Xyz Material" in texts(answer)


# --- the answer when there are plays, errors, text ------------------------------------------------------

def test_why_lists_the_plays_when_there_are_some():
    position = board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Black Rose Dragon").build()
    (answer,) = why(position, "ED1", "synchro_summon").answers
    assert [p.materials for p in answer.plays] == [("M1", "M2")] and not answer.reasons
    assert "1 legal play" in why_text(why(position, "ED1", "synchro_summon"))


def test_why_without_action_asks_what_the_card_would_do_there():
    position = board().hand("Summoned Skull").build()
    assert questions(position, "H1") == ("normal_summon", "set_monster")
    answer = why(position, "H1")
    assert [a.action for a in answer.answers] == ["normal_summon", "set_monster"]
    assert all(rules_of(a) == {"NS-3"} for a in answer.answers)
    assert why(position, "H1").to_json()["format"] == "pysolver-why/1"


def test_why_bad_input_is_one_clear_error():
    position = board().hand("Kuriboh").build()
    with pytest.raises(PysolverError, match="no card instance 'H7'"):
        why(position, "H7")
    with pytest.raises(PysolverError, match="unknown action"):
        why(position, "H1", "summon_everything")


# --- one source of the rules ------------------------------------------------------------------------------

def test_every_constraint_of_the_encodings_is_named_and_has_words():
    relaxed = relaxed_program()
    assert relaxed.unnamed == []
    assert set(relaxed.names) <= set(WORDS), set(relaxed.names) - set(WORDS)
    assert {leaf.key for leaf in relaxed.leaves.values()} <= set(WORDS), \
        {leaf.key for leaf in relaxed.leaves.values()} - set(WORDS)


def test_the_relaxed_program_is_derived_from_the_encodings():
    text = relaxed_program().text
    assert "violated(synchro_level_sum, (C, L)) :- synchro_summon(C); level(C,L)" in text
    lines = text.split("\n")
    assert not [line for line in lines if line.startswith("#false :- synchro_summon(C)")]   # relaxed, not copied


# --- generated positions ------------------------------------------------------------------------------------

EXAMPLES = int(os.environ.get("PYSOLVER_WHY_EXAMPLES", "40"))


def _event_cards(event) -> set:
    return set(event.get("cards", ())) | {event.get("activate"), event.get("target")} - {None}


def _without(position, reason):
    """The position with the cause of a removable reason taken away, or None if it is not removable."""
    events = position.events
    if reason.name.startswith("forbid_") or reason.name in ("blocked_once_per_turn", "summon_once"):
        cards = {position.cards[name].name for name in reason.about}
        kept = tuple(e for e in events if not {position.cards[n].name for n in _event_cards(e)} & cards)
        return dataclasses.replace(position, events=kept) if kept != events else None
    if reason.name.startswith(("oath_", "summon_clause_", "each_player_once")):
        return dataclasses.replace(position, events=())
    if reason.name == "procedure_used_this_turn":
        return dataclasses.replace(position, events=tuple(e for e in events if e.get("summon") != "procedure"))
    if reason.name == "normal_summon_available: U < L":
        return dataclasses.replace(position, normal_summon_used=False,
                                   events=tuple(e for e in events if e.get("summon") not in ("normal", "set")))
    if reason.name == "not pendulum_summon_used":
        return dataclasses.replace(position, pendulum_summon_used=False)
    if reason.name == "main_phase":
        return dataclasses.replace(position, phase="main1")
    return None


@settings(max_examples=EXAMPLES)
@given(st.one_of(history_positions(), positions(), extra_deck_positions(), pendulum_ritual_fusion_positions()),
       st.data())
def test_why_every_card_without_plays_gets_a_true_reason(position, data):
    mine = [i.id for i in position.instances.values()
            if i.player == position.turn_player and questions(position, i.id)]
    if not mine:
        return
    card = data.draw(st.sampled_from(mine))
    for answer in why(position, card).answers:
        if answer.plays:
            continue
        assert answer.reasons, f"no reason for {card} ({answer.action})"
        for group in answer.reasons:
            fixed = position
            for reason in group:
                fixed = _without(fixed, reason) if fixed is not None else None
            if fixed is None or fixed == position:
                continue
            (after,) = why(fixed, card, answer.action).answers
            said = [str(r) for r in group]
            assert after.plays, f"removing {said} does not give {card} a {answer.action}: {after.reasons}"


# --- the command line ---------------------------------------------------------------------------------------

def test_cli_why_json_and_bad_input(tmp_path, capsys):
    import json
    from pysolver import dump_position
    from pysolver.cli import main
    path = tmp_path / "board.yaml"
    dump_position(board().monster(1, "Junk Synchron").monster(2, "Celtic Guardian").extra_deck("Stardust Dragon")
                  .build(), path)
    assert main(["why", str(path), "ED1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "pysolver-why/1"
    assert data["answers"][0]["reasons"][0][0]["rule"] == "SYN-2"
    assert main(["why", str(path), "ED1", "--action", "synchro_summon"]) == 0
    assert "SYN-2: the Levels" in capsys.readouterr().out
    assert main(["why", str(path), "ED7"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no card instance 'ED7'" in error


def test_why_a_play_withheld_by_unread_text_names_the_clause():
    """Issue 15B: Goblin Attack Force's "If this card attacks, it is changed to Defense Position at the end of the
    Battle Phase, and its battle position cannot be changed ..." is unread: its attack is withheld, not illegal, and
    why says so instead of finding no reason (Thousand-Eyes Restrict, the card this test used, is read since BPN-3)."""
    position = board(phase="battle").monster(1, "Goblin Attack Force").build()
    (answer,) = why(position, "M1").answers
    assert answer.action == "declare_attack" and not answer.plays and not answer.exhaustive
    assert [reason.name for group in answer.reasons for reason in group] == ["unread"]
    assert "cannot read part of the text of Goblin Attack Force" in texts(answer)
    assert "withheld" in why_text(why(position, "M1"))


def test_AXZ_1_why_no_hand_card_utopic_dragon(real):
    no_spell = board(cards=real).monster(1, "Number 39: Utopia").hand("Kuriboh") \
        .extra_deck("Number 99: Utopic Dragon").build()
    answer = reasons(no_spell, "ED1", "xyz_summon")
    assert "AXZ-1" in rules_of(answer) and "no card in your hand" in texts(answer)
    bare = board(cards=real).monster(1, "Number 61: Volcasaurus").extra_deck("Number 21: Frozen Lady Justice").build()
    answer = reasons(bare, "ED1", "xyz_summon")   # the line's reason (fewest conditions) or the missing material
    assert rules_of(answer) & {"XYZ-1", "XYZ-4", "AXZ-2"}
