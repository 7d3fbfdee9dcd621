"""`pysolver position from-puzzle`: EDOPro / Project Ignis puzzle scripts read into position files.

The puzzles here are small ones written for these tests (the format is public; no puzzle file of the Project
Ignis collection is copied). Most use cards of the built-in pool; the Field Zone test needs the real database
and skips without it."""

from __future__ import annotations

import sqlite3

import pytest

from helpers import need_shared_data
from pysolver import PysolverError, legal_plays, load_position
from pysolver.cards import default_cards, load_cards
from pysolver.cards.cdb import why_not_read
from pysolver.cli import main
from pysolver.position.from_puzzle import position_from_puzzle, read_puzzle

DARK_MAGICIAN, KURIBOH, JUNK_SYNCHRON, CELTIC_GUARDIAN = 46986414, 40640057, 63977008, 91152256
UTOPIA, GAGAGA, GOBLINDBERGH, DECODE_TALKER, LINKURIBOH = 84013237, 26082117, 25259669, 1861629, 41999284
STARGAZER, TIMEGAZER, POLYMERIZATION, MIRROR_FORCE, SANGAN = 94415058, 20409757, 24094653, 44095762, 26202165
STARDUST, MONSTER_REBORN, SUMMONED_SKULL = 44508094, 83764718, 70781052

BEGIN5 = "Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,5)"


def write(tmp_path, body: str, begin: str = BEGIN5, name: str = "puzzle.lua"):
    path = tmp_path / name
    path.write_text(f"--[[message\nA puzzle written for the tests.\n]]\n{begin}\n"
                    "Debug.SetPlayerInfo(0,8000,0,0)\nDebug.SetPlayerInfo(1,8000,0,0)\n"
                    f"{body}\nDebug.ReloadFieldEnd()\naux.BeginPuzzle()\n", encoding="utf-8")
    return path


def read(tmp_path, body: str, **options):
    return read_puzzle(write(tmp_path, body, **options), default_cards())


def problems(tmp_path, body: str, **options) -> list[str]:
    with pytest.raises(PysolverError) as error:
        read(tmp_path, body, **options)
    return error.value.problems


# --------------------------------------------------------------------------------------------------
# What a puzzle lays out

def test_a_puzzle_becomes_a_position_file(tmp_path):
    path = tmp_path / "full.lua"
    path.write_text(f"""--Created for the tests
--[[message
Your LP: 4000. Objective: win this turn.
]]
{BEGIN5}
Debug.SetPlayerInfo(0,4000,0,0)
Debug.SetPlayerInfo(1,2500,0,0)
Debug.SetAIName("The tests")
--[==[ a long comment with ]] inside ]==]
Debug.AddCard({DARK_MAGICIAN},0,0,LOCATION_HAND,0,POS_FACEDOWN)
local k = Debug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEDOWN) -- a comment
Debug.AddCard({SANGAN},0,0,LOCATION_DECK,0,POS_FACEDOWN)          -- on top
Debug.AddCard({SUMMONED_SKULL},0,0,LOCATION_DECK,0,POS_FACEDOWN)  -- on top of Sangan
Debug.AddCard({CELTIC_GUARDIAN},0,0,LOCATION_DECK,1,POS_FACEDOWN) -- at the bottom
Debug.AddCard({STARDUST},0,0,LOCATION_EXTRA,0,POS_FACEDOWN)
Debug.AddCard({MONSTER_REBORN},0,0,LOCATION_GRAVE,0,POS_FACEUP)
Debug.AddCard({KURIBOH},0,0,LOCATION_REMOVED,0,POS_FACEUP)
Debug.AddCard({JUNK_SYNCHRON},0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true)
Debug.AddCard({CELTIC_GUARDIAN},0,0,LOCATION_MZONE,2,POS_FACEUP_DEFENSE,true)
Debug.AddCard({SANGAN},0,0,LOCATION_MZONE,4,POS_FACEDOWN_DEFENSE)
Debug.AddCard({MIRROR_FORCE},0,0,LOCATION_SZONE,1,POS_FACEDOWN)
Debug.AddCard({POLYMERIZATION},0,0,LOCATION_SZONE,3,POS_FACEUP);
Debug.AddCard({KURIBOH},1,1,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true)
Debug.AddCard({DARK_MAGICIAN},1,1,LOCATION_HAND,0,POS_FACEDOWN)
Debug.ReloadFieldEnd()
Debug.ShowHint("Win this turn!")
aux.BeginPuzzle()
""", encoding="utf-8")
    puzzle = read_puzzle(path, default_cards())
    assert puzzle.data == {
        "format": "pysolver-position/1", "rules": "master-rule-5", "turn": 2, "phase": "main1", "turn_player": 0,
        "players": [
            {"lp": 4000, "hand": ["Dark Magician", "Kuriboh"],
             "deck": ["Summoned Skull", "Sangan", "Celtic Guardian"],     # top first
             "extra_deck": ["Stardust Dragon"], "graveyard": ["Monster Reborn"], "banished": ["Kuriboh"],
             "monster_zones": {1: "Junk Synchron", 3: {"card": "Celtic Guardian", "position": "defense"},
                               5: {"card": "Sangan", "position": "set"}},
             "spell_trap_zones": {2: {"card": "Mirror Force", "position": "set"}, 4: "Polymerization"}},
            {"lp": 2500, "hand": ["Dark Magician"], "monster_zones": {1: "Kuriboh"}},
        ]}
    assert any("DUEL_ATTACK_FIRST_TURN" in note and "turn 2" in note for note in puzzle.notes)
    assert not any("revealed" in note for note in puzzle.notes)
    position, _ = position_from_puzzle(path, default_cards())
    assert position.me.lp == 4000 and position["oM1"].card.name == "Kuriboh"


def test_passcodes_may_carry_leading_zeros(tmp_path):
    """Lua reads 01861629 as the decimal 1861629 (it has no octal numbers)."""
    data = read(tmp_path, "Debug.AddCard(01861629,0,0,LOCATION_EXTRA,0,POS_FACEDOWN)\n"
                          "Debug.AddCard(0x26C1E39,0,0,LOCATION_HAND,0,POS_FACEDOWN)").data
    assert data["players"][0]["extra_deck"] == ["Decode Talker"] and data["players"][0]["hand"] == ["Kuriboh"]


def test_XYZ_a_card_added_to_an_occupied_monster_zone_becomes_an_xyz_material(tmp_path):
    puzzle = read(tmp_path, f"""
Debug.AddCard({UTOPIA},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true)
Debug.AddCard({GAGAGA},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK)
Debug.AddCard({GOBLINDBERGH},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK)""")
    assert puzzle.data["players"][0]["monster_zones"] == {
        2: {"card": "Number 39: Utopia", "materials": ["Gagaga Magician", "Goblindbergh"]}}
    position, _ = position_from_puzzle(tmp_path / "puzzle.lua", default_cards())
    assert [position[f"M2.{n}"].card.name for n in (1, 2)] == ["Gagaga Magician", "Goblindbergh"]


def test_xyz_material_under_a_monster_that_is_not_xyz_is_refused_at_its_line(tmp_path):
    found = problems(tmp_path, f"Debug.AddCard({CELTIC_GUARDIAN},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true)\n"
                               f"Debug.AddCard({GAGAGA},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK)")
    assert len(found) == 1 and ": line 7: 'Celtic Guardian' is not an Xyz Monster" in found[0]   # the host's line


def test_ZN_1_extra_monster_zones_by_sequence_seen_from_each_controller(tmp_path):
    """Sequence 5 is the controller's left Extra Monster Zone, 6 the right; player 1 sits across the table, so
    their 5 is player 0's right (the file names the zones from player 0's side)."""
    data = read(tmp_path, f"Debug.AddCard({DECODE_TALKER},0,0,LOCATION_MZONE,6,POS_FACEUP_ATTACK,true)\n"
                          f"Debug.AddCard({LINKURIBOH},1,1,LOCATION_MZONE,6,POS_FACEUP_ATTACK,true)").data
    assert data["players"][0]["extra_monster_zones"] == {"right": "Decode Talker"}
    assert data["players"][1]["extra_monster_zones"] == {"left": "Linkuriboh"}
    data = read(tmp_path, f"Debug.AddCard({LINKURIBOH},1,1,LOCATION_EMZONE,0,POS_FACEUP_ATTACK,true)").data
    assert data["players"][1]["extra_monster_zones"] == {"right": "Linkuriboh"}
    found = problems(tmp_path, f"Debug.AddCard({DECODE_TALKER},0,0,LOCATION_MZONE,5,POS_FACEUP_ATTACK,true)\n"
                               f"Debug.AddCard({LINKURIBOH},1,1,LOCATION_MZONE,6,POS_FACEUP_ATTACK,true)")
    assert found == [f"{tmp_path / 'puzzle.lua'}: line 8: 'Linkuriboh' added to an Extra Monster Zone the other "
                     "player's monster holds"]


def test_PEN_1_pendulum_zones_are_spell_trap_zones_1_and_5_under_master_rule_5(tmp_path):
    data = read(tmp_path, f"Debug.AddCard({STARGAZER},0,0,LOCATION_PZONE,0,POS_FACEUP)\n"
                          f"Debug.AddCard({TIMEGAZER},0,0,LOCATION_PZONE,1,POS_FACEUP)").data
    assert data["players"][0]["spell_trap_zones"] == {1: "Stargazer Magician", 5: "Timegazer Magician"}


def test_PEN_1_master_rule_3_has_its_own_pendulum_zones(tmp_path):
    begin = "Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,3)"
    data = read(tmp_path, f"Debug.AddCard({STARGAZER},0,0,LOCATION_PZONE,0,POS_FACEUP)\n"
                          f"Debug.AddCard({TIMEGAZER},0,0,LOCATION_SZONE,7,POS_FACEUP)", begin=begin).data
    assert data["rules"] == "master-rule-3"
    assert data["players"][0]["pendulum_zones"] == {"left": "Stargazer Magician", "right": "Timegazer Magician"}


def test_the_field_zone_by_location_and_by_sequence(tmp_path):
    cards = load_cards(need_shared_data() / "cards.cdb")
    for where in ("LOCATION_FZONE,0", "LOCATION_SZONE,5"):
        path = write(tmp_path, f"Debug.AddCard(59197169,0,0,{where},POS_FACEUP)")
        assert read_puzzle(path, cards).data["players"][0]["field_zone"] == "Yami"


def test_SP_2_proc_marks_a_properly_summoned_monster(tmp_path):
    """Without `proc`, a monster with a revival limit was not properly summoned (it cannot be revived); on a
    monster without one the flag means nothing and is not written."""
    puzzle = read(tmp_path, f"""
Debug.AddCard({DECODE_TALKER},0,0,LOCATION_MZONE,5,POS_FACEUP_ATTACK)
Debug.AddCard({JUNK_SYNCHRON},0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK)
Debug.AddCard({STARDUST},0,0,LOCATION_GRAVE,0,POS_FACEUP)
Debug.AddCard({STARDUST},0,0,LOCATION_GRAVE,0,POS_FACEUP,true)
Debug.AddCard({SANGAN},0,0,LOCATION_GRAVE,0,POS_FACEUP)""")
    me = puzzle.data["players"][0]
    assert me["extra_monster_zones"] == {"left": {"card": "Decode Talker", "properly_summoned": False}}
    assert me["monster_zones"] == {1: "Junk Synchron"}
    assert me["graveyard"] == [{"card": "Stardust Dragon", "properly_summoned": False}, "Stardust Dragon", "Sangan"]
    assert any(note.startswith("2 monster(s) with a revival limit added without proc") for note in puzzle.notes)


def test_revealed_hand_and_deck_cards_are_said_in_a_note(tmp_path):
    puzzle = read(tmp_path, f"Debug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEUP)\n"
                            f"Debug.AddCard({SANGAN},0,0,LOCATION_DECK,0,POS_FACEUP_ATTACK)\n"
                            f"Debug.AddCard({SANGAN},0,0,LOCATION_DECK,0,POS_FACEDOWN)")
    assert puzzle.data["players"][0]["hand"] == ["Kuriboh"] and puzzle.data["players"][0]["deck"] == ["Sangan"] * 2
    assert any(note.startswith("2 card(s) in a hand or Deck given face-up (revealed)") for note in puzzle.notes)


def test_face_up_pendulum_monsters_in_the_extra_deck(tmp_path):
    me = read(tmp_path, f"Debug.AddCard({STARGAZER},0,0,LOCATION_EXTRA,0,POS_FACEUP)\n"
                        f"Debug.AddCard({STARDUST},0,0,LOCATION_EXTRA,0,POS_FACEUP)").data["players"][0]
    # the engine lays a non-Pendulum card face-down in the Extra Deck whatever the script says
    assert me["extra_deck"] == [{"card": "Stargazer Magician", "face_up": True}, "Stardust Dragon"]


# --------------------------------------------------------------------------------------------------
# The Master Rule and the turn

def test_the_master_rule_is_3_when_the_script_does_not_say(tmp_path):
    data = read(tmp_path, f"Debug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEDOWN)",
                begin="Debug.ReloadFieldBegin(DUEL_SIMPLE_AI)").data
    assert data["rules"] == "master-rule-3" and data["turn"] == 1


def test_master_rule_2_is_read_as_3_without_pendulum_cards_with_a_note(tmp_path):
    begin = "Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI,2)"
    puzzle = read(tmp_path, f"Debug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEDOWN)", begin=begin)
    assert puzzle.data["rules"] == "master-rule-3"
    assert any(note.startswith("Master Rule 2 read as Master Rule 3") for note in puzzle.notes)
    found = problems(tmp_path, f"Debug.AddCard({STARGAZER},0,0,LOCATION_HAND,0,POS_FACEDOWN)", begin=begin)
    assert len(found) == 1 and "Master Rule 2 with a Pendulum card" in found[0] and ": line 4: " in found[0]
    found = problems(tmp_path, "", begin="Debug.ReloadFieldBegin(DUEL_SIMPLE_AI,1)")
    assert len(found) == 1 and "Master Rule 1" in found[0]


def test_BP_1_attacking_on_the_first_turn_is_written_as_turn_2_unless_a_turn_is_given(tmp_path):
    path = write(tmp_path, f"Debug.AddCard({KURIBOH},0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true)")
    assert read_puzzle(path, default_cards()).data["turn"] == 2
    position, notes = position_from_puzzle(path, default_cards(), turn=1)
    assert position.turn == 1 and not any("DUEL_ATTACK_FIRST_TURN" in note for note in notes)
    assert any(play.action == "enter_battle_phase" for play in legal_plays(position_from_puzzle(
        path, default_cards())[0]))


# --------------------------------------------------------------------------------------------------
# What a position cannot hold: one problem per line, with the script's line

@pytest.mark.parametrize("begin, message", [
    ("Debug.ReloadFieldBegin(DUEL_MODE_RUSH+DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI+DUEL_PSEUDO_SHUFFLE,0)",
     "a Rush Duel (DUEL_MODE_RUSH) puzzle"),
    ("Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI+DUEL_MODE_SPEED,3)",
     "a Speed Duel (DUEL_MODE_SPEED) puzzle"),
])
def test_rush_and_speed_duel_puzzles_are_refused(tmp_path, begin, message):
    found = problems(tmp_path, f"Debug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEDOWN)", begin=begin)
    assert len(found) == 1 and message in found[0] and ": line 4: " in found[0]


def test_custom_effects_counters_equips_and_code_are_refused_each_at_its_line(tmp_path):
    found = problems(tmp_path, f"""local c=Debug.AddCard({DARK_MAGICIAN},0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true)
local e1=Effect.CreateEffect(c)
e1:SetType(EFFECT_TYPE_SINGLE)
c:RegisterEffect(e1)
Debug.PreAddCounter(c,0x1,2)
local q=Debug.AddCard({MIRROR_FORCE},0,0,LOCATION_SZONE,0,POS_FACEUP)
Debug.PreEquip(q,c)
Debug.PreSetTarget(q,c)
Debug.PreSummon(c,SUMMON_TYPE_SPECIAL)
Duel.SortDecktop(0,0,3)
function s.extra() return 1 end""")
    assert [problem.split(": ", 1)[1] for problem in found] == [
        "line 8: an effect the puzzle creates (Effect.CreateEffect): custom effects are beyond a position",
        "line 9: a method call (e1:SetType): the puzzle changes cards with its own code, beyond a position",
        "line 10: an effect the puzzle registers (RegisterEffect): custom effects are beyond a position",
        "line 11: counters (Debug.PreAddCounter): a position holds no counters",
        "line 13: an equip (Debug.PreEquip): a position does not record which monster an Equip Card is equipped to",
        "line 14: a card's target (Debug.PreSetTarget): a position does not record what a card targets",
        "line 15: how a monster was Summoned (Debug.PreSummon): a position records only whether it was properly "
        "summoned",
        "line 16: the script calls Duel.SortDecktop, which a position cannot hold",
        "line 17: Lua code (`function` ...): a puzzle that runs its own code is beyond a position",
    ]


@pytest.mark.parametrize("body, message", [
    (f"Debug.AddCard({KURIBOH},1,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK,true)",
     "a card owned by player 1 but controlled by player 0: a position does not record who owns a card"),
    (f"Debug.AddCard({KURIBOH},0,0,LOCATION_REMOVED,0,POS_FACEDOWN)",
     "'Kuriboh' banished face-down: a position holds face-up banished cards only"),
    (f"Debug.AddCard({KURIBOH},0,0,LOCATION_MZONE,0,POS_FACEDOWN_ATTACK)",
     "'Kuriboh' in face-down Attack Position: not a position of today's rules"),
    (f"Debug.AddCard({KURIBOH},0,0,LOCATION_MZONE,0,POS_FACEDOWN)",
     "'Kuriboh' in Monster Zone with position 0xa: give one of POS_FACEUP_ATTACK, POS_FACEUP_DEFENSE, "
     "POS_FACEDOWN_DEFENSE"),
    (f"Debug.AddCard({MIRROR_FORCE},0,0,LOCATION_SZONE,0,POS_FACEDOWN)\n"
     f"Debug.AddCard({POLYMERIZATION},0,0,LOCATION_SZONE,0,POS_FACEDOWN)",
     "'Polymerization' added to an occupied Spell & Trap Zone (sequence 0)"),
    (f"Debug.AddCard({KURIBOH},0,0,LOCATION_MZONE,7,POS_FACEUP_ATTACK)",
     "Monster Zone sequence 7: 0-4 are the Main Monster Zones, 5 and 6 the Extra Monster Zones"),
    ("Debug.AddCard(511000821,0,0,LOCATION_HAND,0,POS_FACEDOWN)",
     "unknown card passcode 511000821 (not in built-in pool (pysolver/cards/data/cards.yaml)): more than 8 "
     "digits, so not a printed card's passcode"),
    (f"Debug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEDOWN + EFFECT_FLAG_CANNOT_DISABLE)",
     "unknown name 'EFFECT_FLAG_CANNOT_DISABLE' (not a constant a position knows)"),
    ("Debug.AddMaximumCard(160001000,0,0,LOCATION_MZONE,0,POS_FACEUP_ATTACK)",
     "a Rush Duel Maximum Monster (Debug.AddMaximumCard)"),
])
def test_what_a_position_cannot_hold_is_refused_with_the_line(tmp_path, body, message):
    found = problems(tmp_path, body)
    assert len(found) == 1 and found[0].startswith(f"{tmp_path / 'puzzle.lua'}: line ") and message in found[0]


def test_extra_monster_zones_do_not_exist_under_master_rule_3(tmp_path):
    found = problems(tmp_path, f"Debug.AddCard({DECODE_TALKER},0,0,LOCATION_MZONE,5,POS_FACEUP_ATTACK,true)",
                     begin="Debug.ReloadFieldBegin(DUEL_SIMPLE_AI,3)")
    assert len(found) == 1 and "Master Rule 3 has none" in found[0]


def test_a_script_that_is_not_a_puzzle(tmp_path):
    path = tmp_path / "empty.lua"
    path.write_text("-- nothing here\n", encoding="utf-8")
    with pytest.raises(PysolverError, match="no Debug.ReloadFieldBegin: not a puzzle script"):
        read_puzzle(path, default_cards())
    path.write_text(f"{BEGIN5}\nDebug.AddCard({KURIBOH},0,0,LOCATION_HAND,0,POS_FACEDOWN)\n", encoding="utf-8")
    with pytest.raises(PysolverError, match="no Debug.ReloadFieldEnd"):
        read_puzzle(path, default_cards())
    with pytest.raises(PysolverError, match="no such file"):
        read_puzzle(tmp_path / "missing.lua", default_cards())


def test_a_rush_duel_card_is_named_as_such_from_the_database(tmp_path):
    """The reason a passcode is not in the pool comes from its database row (the scope bits of `ot`)."""
    database = tmp_path / "tiny.cdb"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE datas (id, ot, alias, setcode, type, atk, def, level, race, attribute, "
                           "category)")
        connection.execute("CREATE TABLE texts (id, name, desc)")
        for passcode, ot, name in ((160001000, 0x200, "Rush Dragon"), (511000821, 0x4, "Anime Card"),
                                   (100, 0x20, "Homebrew"), (KURIBOH, 0x3, "Kuriboh")):
            connection.execute("INSERT INTO datas VALUES (?, ?, 0, 0, 0x21, 300, 200, 1, 0x8, 0x20, 0)",
                               (passcode, ot))
            connection.execute("INSERT INTO texts VALUES (?, ?, '')", (passcode, name))
    assert why_not_read(database, 160001000) == "'Rush Dragon' is a Rush Duel card"
    assert why_not_read(database, 511000821) == "'Anime Card' is an Anime/manga card, not an official one"
    assert why_not_read(database, 100) == "'Homebrew' is a custom card, not an official one"
    assert why_not_read(database, KURIBOH) is None and why_not_read(database, 7) is None
    cards = load_cards(database)
    path = write(tmp_path, "Debug.AddCard(160001000,0,0,LOCATION_HAND,0,POS_FACEDOWN)")
    with pytest.raises(PysolverError) as error:
        read_puzzle(path, cards)
    assert error.value.problems == [f"{path}: line 7: passcode 160001000: 'Rush Dragon' is a Rush Duel card"]


# --------------------------------------------------------------------------------------------------
# The command line

def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_from_puzzle_writes_a_position_that_plays(capsys, tmp_path):
    path = write(tmp_path, f"""
Debug.AddCard({UTOPIA},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK,true)
Debug.AddCard({GAGAGA},0,0,LOCATION_MZONE,1,POS_FACEUP_ATTACK)
Debug.AddCard({DARK_MAGICIAN},0,0,LOCATION_HAND,0,POS_FACEDOWN)
Debug.AddCard({KURIBOH},1,1,LOCATION_MZONE,2,POS_FACEUP_ATTACK,true)""")
    output = tmp_path / "puzzle.yaml"
    code, out, err = run(capsys, "position", "from-puzzle", str(path), "-o", str(output))
    assert code == 0 and err == ""
    assert out.splitlines() == [
        "note: DUEL_ATTACK_FIRST_TURN: the puzzle's first turn may have a Battle Phase, which turn 1 never has "
        "(BP-1), so it is written as turn 2",
        f"wrote {output}: Master Rule 5, turn 2, 3 cards for player 0 and 1 for player 1"]
    position = load_position(output)
    assert position["M2.1"].card.name == "Gagaga Magician"
    plays = legal_plays(position)
    assert "enter_battle_phase" in {p.action for p in plays}      # turn 2 (BP-1)


def test_from_puzzle_bad_input_is_one_line_per_problem_exit_2(capsys, tmp_path):
    path = write(tmp_path, f"Debug.AddCard({KURIBOH},0,0,LOCATION_MZONE,0,POS_FACEDOWN_ATTACK)\n"
                           "Debug.PreAddCounter(c,0x1,2)")
    code, out, err = run(capsys, "position", "from-puzzle", str(path), "-o", str(tmp_path / "x.yaml"))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 2
    assert not (tmp_path / "x.yaml").exists()
    code, _, err = run(capsys, "position", "from-puzzle", str(path), "-o", str(tmp_path / "x.yaml"), "--turn", "0")
    assert code == 2 and "argument --turn: expected a whole number from 1" in err
