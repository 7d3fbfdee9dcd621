"""Loading positions: the spec's format, its instance ids, and every error of its Errors section."""

import json

import pytest

from helpers import EXAMPLES, board
from pysolver import PysolverError, dump_position, legal_plays, load_position, position_from_dict
from pysolver.position.value import PositionError

SPEC_POSITION = """
format: pysolver-position/1
rules: master-rule-5
turn: 3
phase: main1
turn_player: 0
this_turn:
  normal_summon_used: false
  pendulum_summon_used: false
  events: []
players:
  - lp: 8000
    hand: [Dark Magician, Kuriboh, "Pot of Duality"]
    deck: [Sangan, Witch of the Black Forest]
    extra_deck:
      - Stardust Dragon
      - {card: Odd-Eyes Pendulum Dragon, face_up: true}
    graveyard: [Sangan, {card: Stardust Dragon, properly_summoned: false}]
    banished: []
    monster_zones:
      1: Junk Synchron
      2: {card: Speed Warrior, position: defense}
      3: {card: Celtic Guardian, position: set, set_this_turn: true}
      4: {card: "Number 39: Utopia", materials: [Gagaga Magician, Goblindbergh]}
    extra_monster_zones:
      left: Decode Talker
    spell_trap_zones:
      1: Stargazer Magician
      2: {card: Polymerization, position: set}
      5: Timegazer Magician
    field_zone: null
    pendulum_zones: {}
  - lp: 8000
"""


def load_text(tmp_path, text, name="position.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load_position(path)


def test_the_spec_example_position_loads_with_its_instance_ids(tmp_path):
    position = load_text(tmp_path, SPEC_POSITION)
    assert list(position.instances) == [
        "H1", "H2", "H3", "EMZL", "M1", "M2", "M3", "M4", "M4.1", "M4.2", "S1", "S2", "S5", "GY1", "GY2",
        "ED1", "ED2", "DK1", "DK2"]
    assert position["M4.2"].card.name == "Goblindbergh" and position["M4.2"].host == "M4"
    assert position["ED2"].state.face_up and not position["GY2"].state.properly_summoned
    assert position["M3"].state.position == "set"


def test_json_positions_with_string_zone_keys(tmp_path):
    data = {"format": "pysolver-position/1", "turn": 2,
            "players": [{"monster_zones": {"3": "Kuriboh"}, "hand": [40640057]}, {}]}
    position = load_text(tmp_path, json.dumps(data), "position.json")
    assert position["M3"].card.name == "Kuriboh" and position["H1"].card.name == "Kuriboh"


def test_positions_round_trip_through_files(tmp_path):
    position = load_text(tmp_path, SPEC_POSITION)
    dump_position(position, tmp_path / "again.yaml")
    again = load_position(tmp_path / "again.yaml")
    assert again == position
    dump_position(position, tmp_path / "again.json")
    assert load_position(tmp_path / "again.json") == position


def test_opponent_instances_carry_the_prefix():
    b = board(turn_player=1)
    b.opponent.monster(2, "Kuriboh")
    position = b.monster(1, "Celtic Guardian").build()
    assert position["M1"].card.name == "Celtic Guardian" and position["oM2"].card.name == "Kuriboh"
    assert position.turn_player == 1 and position.players[1].monster_zones[0].card.name == "Celtic Guardian"


BAD = [
    ("unknown card", {"hand": ["Dark Magican"]}, "players[0].hand[0]: unknown card 'Dark Magican'",
     "did you mean 'Dark Magician'"),
    ("unknown key", {"hnad": ["Kuriboh"]}, "players[0].hnad: unknown key 'hnad'", "allowed keys"),
    ("zone out of range", {"monster_zones": {6: "Kuriboh"}}, "players[0].monster_zones.6: no such zone", "1, 2"),
    ("Link Monster in Defense Position", {"monster_zones": {1: {"card": "Decode Talker", "position": "defense"}}},
     "players[0].monster_zones.1.position", "Link Monster"),
    ("non-Pendulum face-up in the Extra Deck", {"extra_deck": [{"card": "Stardust Dragon", "face_up": True}]},
     "players[0].extra_deck[0].face_up", "not a Pendulum Monster"),
    ("Xyz Material on a non-Xyz monster", {"monster_zones": {1: {"card": "Kuriboh", "materials": ["Sangan"]}}},
     "players[0].monster_zones.1.materials", "not an Xyz Monster"),
    ("two Extra Monster Zones", {"extra_monster_zones": {"left": "Decode Talker", "right": "Stardust Dragon"}},
     "players[0].extra_monster_zones", "only one Extra Monster Zone"),
    ("Extra Deck monster in hand", {"hand": ["Stardust Dragon"]}, "players[0].hand[0]", "extra_deck"),
    ("Token in hand", {"hand": ["Sheep Token"]}, "players[0].hand[0]", "Token"),
    ("Spell in a Monster Zone", {"monster_zones": {2: "Pot of Greed"}}, "players[0].monster_zones.2", "not a monster"),
    ("Main Deck monster in the Extra Monster Zone", {"extra_monster_zones": {"left": "Kuriboh"}},
     "players[0].extra_monster_zones.left", "Extra Deck"),
    ("monster in a Spell Zone", {"spell_trap_zones": {3: "Kuriboh"}}, "players[0].spell_trap_zones.3", "monster"),
    ("Set Pendulum Scale", {"spell_trap_zones": {1: {"card": "Stargazer Magician", "position": "set"}}},
     "players[0].spell_trap_zones.1.position", "never be Set"),
    ("bad position value", {"monster_zones": {1: {"card": "Kuriboh", "position": "sideways"}}},
     "players[0].monster_zones.1.position", "attack, defense, set"),
    ("face-down Token", {"monster_zones": {1: {"card": "Sheep Token", "position": "set"}}},
     "players[0].monster_zones.1.position", "Token"),
    ("non-Field Spell in the Field Zone", {"field_zone": "Pot of Greed"}, "players[0].field_zone", "Field Spell"),
    ("bad flag", {"monster_zones": {1: {"card": "Kuriboh", "attacked": "yes"}}},
     "players[0].monster_zones.1.attacked", "true or false"),
]


@pytest.mark.parametrize("what, player, path, hint", BAD, ids=[case[0] for case in BAD])
def test_impossible_positions_are_rejected_with_the_key_path(what, player, path, hint):
    with pytest.raises(PositionError) as caught:
        position_from_dict({"format": "pysolver-position/1", "players": [player]}, source="bad.yaml")
    message = str(caught.value)
    assert f"bad.yaml: {path}" in message and hint in message


@pytest.mark.parametrize("data, path, hint", [
    ({"format": "pysolver-position/2", "players": [{}]}, "format", "pysolver-position/1"),
    ({"format": "pysolver-position/1", "rules": "master-rule-9", "players": [{}]}, "rules", "master-rule-5"),
    ({"format": "pysolver-position/1", "turn": 1, "phase": "battle", "players": [{}]}, "phase", "BP-1"),
    ({"format": "pysolver-position/1", "turn": 0, "players": [{}]}, "turn", "whole number"),
    ({"format": "pysolver-position/1", "players": []}, "players", "one or two players"),
    ({"format": "pysolver-position/1", "rules": "master-rule-4", "players": [{"pendulum_zones": {"left":
      "Stargazer Magician"}}]}, "players[0].pendulum_zones", "Master Rule 3"),
    ({"format": "pysolver-position/1", "rules": "master-rule-3", "players": [{"extra_monster_zones": {"left":
      "Decode Talker"}}]}, "players[0].extra_monster_zones", "Master Rule 3"),
    ({"format": "pysolver-position/1", "players": [{"extra_monster_zones": {"left": "Decode Talker"}},
                                                   {"extra_monster_zones": {"left": "Proxy Dragon"}}]},
     "players[1].extra_monster_zones.left", "shared"),
    ({"format": "pysolver-position/1", "this_turn": {"events": [{"summon": "special", "card": "Kuriboh",
      "negated": "maybe"}]}, "players": [{}]}, "this_turn.events[0].negated", "true or false"),
    ({"format": "pysolver-position/1", "this_turn": {"normal_summon_usd": True}, "players": [{}]},
     "this_turn.normal_summon_usd", "unknown key"),
])
def test_impossible_top_level_values(data, path, hint):
    with pytest.raises(PositionError) as caught:
        position_from_dict(data, source="bad.yaml")
    assert f"bad.yaml: {path}" in str(caught.value) and hint in str(caught.value)


def test_every_problem_is_reported_once_per_line():
    with pytest.raises(PositionError) as caught:
        position_from_dict({"format": "pysolver-position/1",
                            "players": [{"hand": ["Nope", "Dark Magican"], "monster_zones": {7: "Kuriboh"}}]},
                           source="bad.yaml")
    assert len(caught.value.problems) == 3
    assert all(line.startswith("bad.yaml: players[0].") for line in caught.value.problems)
    # 'Nope' is close to no card of the built-in pool: the last line says how to use every card
    assert str(caught.value).splitlines()[-1].startswith("hint: 2 unknown cards") and "--cards" in str(caught.value)


@pytest.mark.parametrize("text, hint", [("players: [\n  - hand: [Kuriboh\n", "not valid YAML/JSON at line"),
                                        ("[1, 2]", "a position is a mapping"),
                                        ("", "a position is a mapping")])
def test_broken_files(tmp_path, text, hint):
    with pytest.raises(PysolverError) as caught:
        load_text(tmp_path, text)
    assert str(caught.value).startswith(str(tmp_path / "position.yaml")) and hint in str(caught.value)


def test_missing_file(tmp_path):
    with pytest.raises(PysolverError, match="no such file"):
        load_position(tmp_path / "nope.yaml")


def test_shipped_examples_load():
    for path in EXAMPLES.glob("*.yaml"):
        assert legal_plays(load_position(path))
