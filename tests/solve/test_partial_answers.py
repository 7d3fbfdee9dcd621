"""Issue 15, items 6 and 7: conservative reading and partial answers (docs/plays-json.md, "Partial answers").

Each test names the real card and the clause it is about. The solver and the independent reference
(`pysolver.reference`, written from the documented dependency rule) must give the same partial answers.
"""

import json

import pytest

from helpers import board
from pysolver import PysolverError, legal_plays, reference
from pysolver.cards.reading import unread_clauses
from pysolver.explore.perft import perft
from pysolver.position.builder import PositionBuilder


def same_as_reference(position):
    """The solver's plays are the reference's plays (instance level and grouped); returns the solver's."""
    plays = legal_plays(position, all_instances=True)
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(position, all_instances=True)]
    assert [p.to_json() for p in legal_plays(position)] == [p.to_json() for p in reference.legal_plays(position)]
    return plays


def ids_used(plays):
    return {i for play in plays for i in (*play.uses(), play.target) if i}


# --- item 6: partial answers ------------------------------------------------------------------------

def test_issue15_6_unread_material_line_withholds_only_the_plays_that_use_the_card():
    """Salamangreat Almiraj: "1 Normal Summoned/Set monster with 1000 or less ATK" is not read."""
    position = board().hand("Kuriboh").monster(1, "Celtic Guardian").extra_deck("Salamangreat Almiraj").build()
    plays = same_as_reference(position)
    assert not plays.exhaustive and plays.partial and "Salamangreat Almiraj" in plays.reason
    (entry,) = plays.unread
    assert (entry.card, entry.id) == ("Salamangreat Almiraj", "ED1") and "material" in entry.withheld
    assert "ED1" not in ids_used(plays)
    assert {("normal_summon", "H1"), ("change_position", "M1")} <= {(p.action, p.card) for p in plays}
    data = plays.to_json()
    assert data["exhaustive"] is False and data["unread"] == [entry.to_json()]
    assert set(data["unread"][0]) == {"card", "id", "clause", "withheld"}


def test_issue15_6_the_text_output_has_one_line_per_unread_card(capsys, tmp_path):
    from pysolver.cli import main
    path = tmp_path / "almiraj.yaml"
    path.write_text("format: pysolver-position/1\nturn: 3\nplayers:\n  - hand: [Kuriboh]\n"
                    "    extra_deck: [Salamangreat Almiraj]\n  - {}\n")
    assert main(["plays", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-2].endswith("NOT complete: plays withheld: pysolver cannot read part of the text of "
                            "'Salamangreat Almiraj'")
    assert out[-1].startswith("unread: Salamangreat Almiraj (ED1): ")
    assert main(["plays", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["unread"][0]["id"] == "ED1" and data["exhaustive"] is False


def test_issue15_6_a_readable_position_stays_exhaustive():
    plays = legal_plays(board().hand("Kuriboh").monster(1, "Celtic Guardian").build())
    assert plays.exhaustive and plays.unread == () and "unread" not in plays.to_json()


def test_issue15_6_an_unread_lock_in_force_refuses_by_name(real):
    """Spatial Collapse, face-up: "the total number of cards that each player can have on the field is 5"
    could forbid any play that puts a card on the field: no play is certain."""
    b = PositionBuilder(cards=real).hand("Kuriboh")
    b.opponent.spell_trap(1, "Spatial Collapse")
    with pytest.raises(PysolverError, match="Spatial Collapse"):
        legal_plays(b.build())
    with pytest.raises(PysolverError):
        reference.legal_plays(b.build())


@pytest.mark.parametrize("side", ["me", "opponent"])
def test_issue15_7_a_continuous_negation_is_an_unread_lock_on_both_players(real, side):
    """Imperial Order: "Negate all Spell effects on the field": an activation under it resolves to nothing, which
    pysolver does not model. Face-up on either side it may change any play: refused by name. Silent Swordsman LV7's
    the same is an unread lock too; Skill Drain's negation of monsters' effects is read since (docs/lock-rules.md
    NGT-1, tests/solve/test_rules_negations.py)."""
    b = PositionBuilder(cards=real).hand("Kuriboh")
    (b if side == "me" else b.opponent).spell_trap(2, "Imperial Order")
    with pytest.raises(PysolverError, match="Imperial Order"):
        legal_plays(b.build())
    with pytest.raises(PysolverError):
        reference.legal_plays(b.build())
    for name in ("Imperial Order", "Silent Swordsman LV7"):
        (clause,) = unread_clauses(real[name])
        assert clause.lock and clause.clause.startswith("Negate"), name
    assert unread_clauses(real["Skill Drain"]) == ()


def test_issue15_7_a_negation_in_the_hand_withholds_only_its_card(real):
    """Imperial Order in the hand negates nothing: the plays that do not use it are listed, the answer says which
    card was not read."""
    plays = same_as_reference(PositionBuilder(cards=real).hand("Kuriboh", "Imperial Order").build())
    assert not plays.exhaustive and [u.card for u in plays.unread] == ["Imperial Order"]
    assert any(p.card == "H1" for p in plays) and not any("H2" in (p.card, *p.uses()) for p in plays)


def test_issue15_6_a_set_lock_is_not_in_force(real):
    """Set, Spatial Collapse's effect does not apply: the plays are listed, those using it withheld."""
    b = PositionBuilder(cards=real).hand("Kuriboh")
    b.opponent.spell_trap(1, "Spatial Collapse", position="set")
    plays = same_as_reference(b.build())
    assert ("normal_summon", "H1") in {(p.action, p.card) for p in plays}
    assert [entry.id for entry in plays.unread] == ["oS1"]


def test_issue15_6_fog_king_in_hand_withholds_its_summons_face_up_it_refuses(real):
    """Fog King: "You can Tribute 1 monster, or no monsters, to Normal Summon (but not Set) this card" is
    not the "Tribute N monsters" wording pysolver reads; "Neither player can Tribute cards" is a lock."""
    position = PositionBuilder(cards=real).hand("Fog King", "Kuriboh").monster(1, "Celtic Guardian").build()
    plays = same_as_reference(position)
    assert "H1" not in ids_used(plays) and ("normal_summon", "H2") in {(p.action, p.card) for p in plays}
    assert {entry.clause for entry in plays.unread} == {clause.clause for clause in unread_clauses(real["Fog King"])}
    face_up = PositionBuilder(cards=real).hand("Kuriboh").monster(1, "Fog King").build()
    with pytest.raises(PysolverError, match="Fog King.*Neither player can Tribute cards"):
        legal_plays(face_up)


def test_issue15_6_granmarg_tribute_summon_with_one_tribute_summoned_monster_is_withheld(real):
    """Granmarg the Mega Monarch: "You can Tribute Summon this card by Tributing 1 Tribute Summoned monster" (how a
    monster was Normal Summoned is not part of a position: unread; Koa'ki Meiru Valafar's "1 "Koa'ki Meiru"
    monster" is read, NS-8 in docs/tribute-rules.md)."""
    position = PositionBuilder(cards=real).hand("Granmarg the Mega Monarch").monster(1, "Koa'ki Meiru Boulder").build()
    plays = same_as_reference(position)
    assert "H1" not in ids_used(plays) and not plays.exhaustive
    assert ("change_position", "M1") in {(p.action, p.card) for p in plays}


def test_issue15_6_an_attack_lock_withholds_every_attack_only(real):
    """S-Force Professor DiGamma (the opponent's, face-up): "Each of your opponent's monsters in the same column as one of
    your "S-Force" monsters cannot change its battle position" (columns: unread) is a lock on battle: every attack
    declaration is withheld. (Snowdust Dragon's "Other monsters with Ice Counters cannot attack or change their battle
    positions", the card these tests used, is read since CTR-3: no monster has counters, docs/replacement-rules.md.)
    (Thousand-Eyes Restrict's "Other monsters on the field cannot change their battle positions or attack", the card
    these tests used, is read since BPN-3, docs/battle-rules.md.)"""
    b = board(cards=real, phase="battle").monster(1, "Celtic Guardian")
    b.opponent.monster(1, "S-Force Professor DiGamma")
    plays = same_as_reference(b.build())
    assert not any(p.action == "declare_attack" for p in plays) and plays.unread
    assert {p.action for p in plays} >= {"enter_main2", "end_turn"}


def test_issue15_7_an_unread_battle_lock_also_withholds_every_change_of_battle_position(real):
    """S-Force Professor DiGamma's "... cannot change its battle position": in Main Phase 1 the changes of battle
    position and the Flip Summons are withheld too, not only the attacks."""
    b = board(cards=real).monster(1, "Celtic Guardian").monster(2, "Sangan", position="set")
    b.opponent.monster(1, "S-Force Professor DiGamma")
    plays = same_as_reference(b.build())
    assert not any(p.action in ("change_position", "flip_summon") for p in plays)
    assert "change of battle position" in plays.unread[0].withheld
    assert {p.action for p in plays} >= {"enter_battle_phase", "end_turn"}


@pytest.mark.parametrize("card, subject", [("Vengeful Bog Spirit", "Monsters cannot attack the turn they are"),
                                           ("Messenger of Peace", "Monsters with 1500 or more ATK cannot")])
def test_issue15_7_a_lock_whose_subject_is_other_monsters_is_a_lock(real, card, subject):
    """A sentence whose subject is monsters in general forbids the plays of other cards: face-up on
    either field it withholds every attack (it was read as a clause about the card itself)."""
    (clause,) = [c for c in unread_clauses(real[card]) if subject in c.clause]
    assert clause.lock and clause.scope == "attack"
    b = PositionBuilder(cards=real, phase="battle").monster(1, "Summoned Skull")
    b.opponent.spell_trap(1, card)
    plays = same_as_reference(b.build())
    assert not any(p.action == "declare_attack" for p in plays) and [e.id for e in plays.unread] == ["oS1"]


def test_issue15_7_prohibition_they_cannot_is_a_lock(real):
    """Prohibition: "They cannot be Summoned or Set" speaks of the declared card, not of Prohibition:
    face-up, no play is certain (the declared name is not in the position)."""
    assert all(clause.lock for clause in unread_clauses(real["Prohibition"]))
    b = PositionBuilder(cards=real).hand("Kuriboh")
    b.opponent.spell_trap(1, "Prohibition")
    with pytest.raises(PysolverError, match="Prohibition"):
        legal_plays(b.build())
    with pytest.raises(PysolverError):
        reference.legal_plays(b.build())


def test_issue15_6_a_clause_about_the_opponent_is_not_in_force_on_its_controllers_turn():
    """Supreme King Z-ARC: "Fusion, Synchro, and Xyz Monsters your opponent controls cannot activate their
    effects" restricts its controller's opponent only: on its controller's turn the plays are listed."""
    plays = same_as_reference(board().monster(1, "Supreme King Z-ARC").build())
    assert {p.action for p in plays} >= {"enter_battle_phase", "end_turn"}


def test_issue15_6_perft_counts_the_listed_plays_and_says_what_is_missing():
    """Merged design (issues 12 and 15B): the library's `perft` counts exactly or raises IncompletePlays
    (it carries the plays listed and their unread entries); `perft_report` (the command line) counts the
    listed plays, a lower bound, and says which lines may be missing and why."""
    from pysolver.explore.perft import IncompletePlays, perft_report
    position = board().hand("Kuriboh").extra_deck("Salamangreat Almiraj").build()
    with pytest.raises(IncompletePlays, match="Salamangreat Almiraj") as raised:
        perft(position, 1)
    assert {entry.card for entry in raised.value.plays.unread} == {"Salamangreat Almiraj"}
    report = perft_report(position, 1)
    assert not report.complete and report.total == len(legal_plays(position, all_instances=True))
    assert report.missing == [((), report.missing[0][1])] and "Salamangreat Almiraj" in report.missing[0][1]
    two = perft_report(position, 2)
    assert not two.complete and two.total == perft_report(position, 2, engine="reference").total > report.total


def test_issue15_6_search_explores_the_listed_plays_and_says_lines_may_be_missing():
    from pysolver.explore.search import search
    position = board().hand("Kuriboh").extra_deck("Salamangreat Almiraj").build()
    result = search(position, '"Kuriboh"', max_depth=2)
    assert result.found and not result.exhausted and "Salamangreat Almiraj" in result.reason


# --- item 7: conservative reading -----------------------------------------------------------------

def test_issue15_7_box_of_friends_and_wise_strix_clauses_about_other_monsters_are_not_their_own(real):
    """Box of Friends' "they cannot be used as Synchro Material" and Raidraptor - Wise Strix's "it cannot
    be used as Link Material" speak of the monsters their effects summon: both cards are read."""
    assert unread_clauses(real["Box of Friends"]) == ()
    assert unread_clauses(real["Raidraptor - Wise Strix"]) == ()


def test_issue15_7_fog_king_granmarg_spatial_collapse_are_unread(real):
    assert [c.lock for c in unread_clauses(real["Fog King"])] == [False, True]
    (granmarg,) = unread_clauses(real["Granmarg the Mega Monarch"])
    assert "Tributing 1 Tribute Summoned" in granmarg.clause and not granmarg.lock
    assert unread_clauses(real["Koa'ki Meiru Valafar"]) == ()     # NS-8 (docs/tribute-rules.md)
    (collapse,) = unread_clauses(real["Spatial Collapse"])
    assert collapse.lock and "each player can have on the field is 5" in collapse.clause


# --- item 8: coverage -------------------------------------------------------------------------------

def test_rit_1_fortress_whales_oath_older_fixed_total_wording(real):
    """Fortress Whale's Oath: "You must also Tribute monsters whose total Levels equal 7 or more from the
    field or your hand" (the older order of Black Luster Ritual's wording): 4 + 4 summons Fortress Whale."""
    position = PositionBuilder(cards=real).hand("Fortress Whale's Oath", "Fortress Whale") \
        .monster(1, "Celtic Guardian").monster(2, "Celtic Guardian").build()
    plays = same_as_reference(position)
    assert plays.exhaustive
    assert {p.materials for p in plays if p.action == "ritual_summon"} == {("M1", "M2")}
    short = PositionBuilder(cards=real).hand("Fortress Whale's Oath", "Fortress Whale") \
        .monster(1, "Celtic Guardian").build()
    assert not [p for p in legal_plays(short) if p.action == "ritual_summon"]


def test_rit_1_shinato_only_with_shinatos_ark(real):
    """Shinato, King of a Higher Plane: "This card can only be Ritual Summoned with the Ritual Spell Card,
    "Shinato's Ark"": Advanced Ritual Art, which summons Black Luster Soldier from the same Deck, cannot."""
    def ritual_cards(hand):
        b = PositionBuilder(cards=real).hand(*hand).monster(1, "Summoned Skull").monster(2, "Celtic Guardian")
        plays = same_as_reference(b.deck("Celtic Guardian", "Celtic Guardian").build())
        assert plays.exhaustive
        return {(p.spell, p.card) for p in plays if p.action == "ritual_summon"}
    assert ritual_cards(["Shinato's Ark", "Shinato, King of a Higher Plane"]) == {("H1", "H2")}
    assert ritual_cards(["Advanced Ritual Art", "Shinato, King of a Higher Plane"]) == set()
    assert ritual_cards(["Advanced Ritual Art", "Black Luster Soldier"]) == {("H1", "H2")}


def test_issue15_6_applying_a_withheld_play_says_it_cannot_be_certified():
    from pysolver import apply
    from pysolver.position.play import Play
    position = board().monster(1, "Kuriboh").monster(2, "Celtic Guardian").extra_deck("Salamangreat Almiraj").build()
    withheld = Play(action="link_summon", card="ED1", materials=("M1",))
    with pytest.raises(PysolverError, match="cannot read.*withheld"):
        apply(position, withheld)


def test_unq_1_gagaga_magician_is_read_no_longer_withheld():
    """"You can only control 1 "Gagaga Magician"" is read (UNQ-1; it was an unread clause that only forbids,
    listed only when it withheld a play): with a second Gagaga Magician in hand the answer is complete, its
    Normal Summon is not legal and its Set is."""
    alone = same_as_reference(board().monster(1, "Gagaga Magician").hand("Kuriboh").build())
    assert alone.exhaustive and not alone.unread and "normal_summon" in {p.action for p in alone}
    two = same_as_reference(board().monster(1, "Gagaga Magician").hand("Gagaga Magician").build())
    assert two.exhaustive and not two.unread
    assert {p.action for p in two if p.card == "H1"} == {"set_monster"}


def test_bp_1_an_unread_attack_clause_withholds_nothing_when_no_attack_is_ahead():
    """Zerrziel, Ruler of the Evil Eyed's second attack (a material's ATK) is not read; on turn 1 (BP-1) and in Main
    Phase 2 no attack can be declared any more, so the answer is complete; in Main Phase 1 of turn 2 it is partial."""
    for turn, phase, complete in ((1, "main1", True), (2, "main2", True), (2, "main1", False)):
        position = board(turn=turn, phase=phase).monster(1, "Zerrziel, Ruler of the Evil Eyed").hand("Kuriboh") \
            .build()
        plays = same_as_reference(position)
        assert plays.exhaustive is complete and bool(plays.unread) is not complete


def test_issue15_6_an_unread_must_attack_withholds_leaving_the_battle_phase(real):
    """Savage Colosseum: "All monsters must attack, if able." (unread; "This card must attack if able." is BPO-1's,
    docs/battle-rules.md): in the Battle Phase the engine keeps the turn player there while a monster that must attack
    can attack, so Main Phase 2 and the end of the turn are not certain; nor, in Main Phase 1, is ending the turn
    without a Battle Phase (ygopro-core process_idle_command: to_ep is false while a monster of the turn player that
    must attack can attack)."""
    battle = board(cards=real, turn=2, phase="battle").monster(1, "Celtic Guardian")
    battle.field_spell("Savage Colosseum")
    battle = battle.build()
    plays = legal_plays(battle)
    assert not {p.action for p in plays} & {"enter_main2", "end_turn"} and not plays.exhaustive
    assert "leaving the Battle Phase" in plays.unread[0].withheld
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(battle)]
    main1 = board(cards=real, turn=2).monster(1, "Celtic Guardian")
    main1.field_spell("Savage Colosseum")
    main1 = main1.build()
    plays = legal_plays(main1)
    assert "enter_battle_phase" in {p.action for p in plays} and "end_turn" not in {p.action for p in plays}
    assert "ending the turn without a Battle Phase" in plays.unread[0].withheld
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(main1)]


def test_issue15_6_an_unread_must_attack_of_the_opponent_binds_the_turn_player(real):
    """Magnet Warrior Sigma Plus: "While you control an EARTH monster, your opponent's monsters that can attack must
    attack EARTH monsters." (unread: "must attack" other than BPO-1's, BPO-2's and MST-1's wordings) binds the monsters
    of its controller's opponent: the opponent's one withholds leaving the turn player's Battle Phase, the
    turn player's own withholds nothing of theirs."""
    theirs = board(cards=real, turn=2, phase="battle").monster(1, "Celtic Guardian")
    theirs.opponent.monster(1, "Magnet Warrior Sigma Plus")
    theirs = theirs.build()
    plays = legal_plays(theirs)
    assert not {p.action for p in plays} & {"enter_main2", "end_turn"} and not plays.exhaustive
    assert [p.to_json() for p in plays] == [p.to_json() for p in reference.legal_plays(theirs)]
    mine = board(cards=real, turn=2).monster(1, "Magnet Warrior Sigma Plus").build()
    assert "end_turn" in {p.action for p in legal_plays(mine)}
    assert [p.to_json() for p in legal_plays(mine)] == [p.to_json() for p in reference.legal_plays(mine)]


def test_issue15_7_a_replacement_banished_instead_is_a_lock(real):
    """F.A. Hang On Mach ("If this card is Level 7 or higher, any card sent to your opponent's GY is banished
    instead.": a condition BAN-3 does not read, its Level changing by effects the position does not record,
    docs/replacement-rules.md): every play that sends a card to the GY may end elsewhere, so a face-up one
    refuses the position by name; face-down it is not in force."""
    b = board(cards=real).monster(1, "Junk Synchron").monster(2, "Vorse Raider").extra_deck("Black Rose Dragon")
    b.opponent.monster(1, "F.A. Hang On Mach")
    with pytest.raises(PysolverError, match="F.A. Hang On Mach"):
        legal_plays(b.build())
    down = board(cards=real).monster(1, "Junk Synchron").monster(2, "Vorse Raider").extra_deck("Black Rose Dragon")
    down.opponent.monster(1, "F.A. Hang On Mach", position="set")
    assert any(p.action == "synchro_summon" for p in legal_plays(down.build()))


# --- STM-1..STM-4 (docs/material-rules.md): ATK/DEF changed by a continuous effect the position does not record ------

def _solflare_board(real):
    """Galaxy-Eyes Solflare Dragon: "2 LIGHT monsters, including a monster with 2000 or more ATK"."""
    return PositionBuilder(cards=real).extra_deck("Galaxy-Eyes Solflare Dragon").monster(2, "Mystical Elf")


def test_STM_1_a_monster_that_changes_its_own_atk_has_unknown_atk_while_a_card_tests_it(real):
    """Silent Magician: "This card gains 500 ATK for each card in your opponent's hand." (1000 printed; with 2 cards
    there, 2000, enough for Solflare): its uses, so the Link Summon with it, are withheld, never silently dropped.
    Solflare's own condition is in its material line, which tests only the materials used: it is not listed."""
    b = _solflare_board(real).monster(1, "Silent Magician")
    b.opponent.hand("Kuriboh", "Kuriboh")
    plays = same_as_reference(b.build())
    assert not plays.exhaustive
    (entry,) = plays.unread
    assert (entry.card, entry.id) == ("Silent Magician", "M1") and "gains 500 ATK" in entry.clause
    assert not {"M1", "ED1"} & ids_used(plays)
    assert ("normal_summon", None) not in {(p.action, p.card) for p in plays}   # the hand is empty: nothing else
    assert {("change_position", "M2")} <= {(p.action, p.card) for p in plays}


def test_STM_1_a_face_down_monster_applies_no_effect_so_its_printed_atk_counts(real):
    """Set, Silent Magician's text does nothing: no monster's ATK is unknown, and the answer is complete."""
    b = _solflare_board(real).monster(1, "Silent Magician", position="set")
    b.opponent.hand("Kuriboh", "Kuriboh")
    plays = same_as_reference(b.build())
    assert plays.exhaustive and not plays.unread
    assert "link_summon" not in {p.action for p in plays}


def test_STM_1_without_a_card_that_tests_atk_nothing_is_withheld(real):
    position = PositionBuilder(cards=real).monster(1, "Silent Magician").monster(2, "Mystical Elf") \
        .extra_deck("Proxy Dragon").build()
    plays = same_as_reference(position)
    assert plays.exhaustive and not plays.unread
    assert "link_summon" in {p.action for p in plays}


def test_STM_2_a_field_spell_that_changes_atk_makes_every_monster_on_the_field_unknown(real):
    """Mountain: "Increase the ATK and DEF of all Dragon, Winged Beast, and Thunder-Type monsters by 200 points."
    face-up: every monster on the field is withheld (pysolver does not work out which ones it changes)."""
    b = _solflare_board(real).monster(1, "Mystical Elf").field_spell("Mountain")
    b.opponent.monster(1, "Celtic Guardian")
    plays = same_as_reference(b.build())
    assert not plays.exhaustive
    assert {(e.id, e.card) for e in plays.unread} == {("M1", "Mystical Elf"), ("M2", "Mystical Elf"),
                                                      ("oM1", "Celtic Guardian")}
    assert all("Mountain" in e.clause for e in plays.unread if e.card == "Mystical Elf")
    assert not {"M1", "M2", "ED1", "oM1"} & ids_used(plays)


def test_STM_2_a_set_field_spell_changes_nothing(real):
    plays = same_as_reference(_solflare_board(real).monster(1, "Mystical Elf").field_spell("Mountain", position="set")
                              .build())
    assert plays.exhaustive and not plays.unread


def test_STM_4_a_condition_on_a_monster_the_play_does_not_use_withholds_the_card_that_sets_it(real):
    """Schwarzschild Limit Dragon: "If your opponent controls a monster with 2000 or more ATK, you can Special Summon
    this card (from your hand)." The opponent's Luster Dragon has 1900 printed ATK; with the opponent's Mountain
    face-up it has 2100 in the engine. Its own procedure is withheld and listed, never silently refused."""
    b = PositionBuilder(cards=real).hand("Schwarzschild Limit Dragon")
    b.opponent.monster(1, "Luster Dragon")
    plain = same_as_reference(b.build())
    assert plain.exhaustive and "procedure_summon" not in {p.action for p in plain}
    b.opponent.field_spell("Mountain")
    plays = same_as_reference(b.build())
    assert not plays.exhaustive
    entries = {(e.card, e.id): e for e in plays.unread}
    assert "2000 or more ATK" in entries[("Schwarzschild Limit Dragon", "H1")].clause
    assert "Mountain" in entries[("Luster Dragon", "oM1")].clause
    assert "H1" not in ids_used(plays)


def test_STM_4_also_when_the_monster_of_unknown_atk_is_withheld_already():
    """Gladiator Beast Laquari is unread ("If this card was Special Summoned by the effect of a "Gladiator Beast"
    monster, its original ATK becomes 2100."): its uses are withheld for that clause, and its ATK is still unknown,
    so Meteonis Drytron (a Ritual Spell whose Tributes' total ATK counts) is withheld too, Set included (found by
    hypothesis in test_differential)."""
    position = board(turn=2, phase="main2").hand("Meteonis Drytron").monster(1, "Gladiator Beast Laquari").build()
    plays = same_as_reference(position)
    assert ("Meteonis Drytron", "H1") in {(e.card, e.id) for e in plays.unread}
    assert "H1" not in ids_used(plays)


def test_STM_2_a_monster_s_text_as_an_equip_card_changes_nothing_from_a_monster_zone(real):
    """Armory Arm in a Monster Zone: "While equipped by this effect, that target gains 1000 ATK." applies only as an
    Equip Card, so Solflare's Link Summon from two LIGHT monsters is decided on their printed ATK, with nothing withheld."""
    plays = same_as_reference(_solflare_board(real).monster(1, "Mystical Elf").monster(3, "Armory Arm").build())
    assert plays.exhaustive and not plays.unread
