"""Bounded combo search (pysolver.explore.search) and its goals (pysolver.explore.goals): shortest lines known by hand,
cut versus exhausted, goal parsing and its errors, ASP goals, the graph export, the command line."""

import json

import networkx as nx
import pytest

from helpers import board
from pysolver import PysolverError, apply, dump_position, legal_plays
from pysolver.cli import main
from pysolver.explore.game import GameLine
from pysolver.explore.goals import AllOf, AspGoal, CardGoal, CountGoal, parse_goal
from pysolver.explore.search import Symmetry, moves_of
from pysolver.explore.search import search as search_with


def search(*args, **kwargs):
    """This module checks the breadth-first engine (tests/explore/test_search_asp.py the asp engine, the default)."""
    return search_with(*args, **{"engine": "bfs", **kwargs})

BLACK_ROSE = 73580471
IN_EMZ = f"goal :- instance(I, {BLACK_ROSE}), location(I, extra_monster_zone), mine(I)."


def black_rose_position():
    """Junk Synchron (Level 3 Tuner) in hand, Celtic Guardian (Level 4) on the field, Black Rose Dragon
    (Level 7 Synchro) in the Extra Deck: Normal Summon the Tuner, then Synchro Summon."""
    b = board(turn=1)
    b.hand("Junk Synchron").monster(1, "Celtic Guardian").extra_deck("Black Rose Dragon")
    return b.build()


def junk_warrior_position():
    """Two Normal Summons thanks to Double Summon, in either order, then Junk Warrior."""
    b = board(turn=1)
    b.hand("Junk Synchron", "Speed Warrior", "Double Summon").extra_deck("Junk Warrior")
    return b.build()


def replay(position, line, goal):
    """Push every move of the line through GameLine (which checks legality) and check the goal."""
    game = GameLine(position)
    for move in line.moves:
        game.push(move.play, **move.choices)
    assert parse_goal(goal, position.cards).check(game.position), line.text()
    return game


# ------------------------------------------------------------------------------------------------ search

def test_normal_summon_the_tuner_then_synchro_summon():
    position = black_rose_position()
    result = search(position, "Black Rose Dragon")
    assert result.found and result.depth == 2 and result.exhausted
    # Zones up to symmetry: one Main Monster Zone for Junk Synchron; Black Rose Dragon to an Extra Monster
    # Zone or a Main Monster Zone, in Attack or Defense Position. Nothing else makes it in 2 plays.
    assert [line.text() for line in result.lines] == [
        'NS H1 "Junk Synchron" @M2 atk, SYN ED1 "Black Rose Dragon" <- M1 M2 @EMZL atk',
        'NS H1 "Junk Synchron" @M2 atk, SYN ED1 "Black Rose Dragon" <- M1 M2 @EMZL def',
        'NS H1 "Junk Synchron" @M2 atk, SYN ED1 "Black Rose Dragon" <- M1 M2 @M1 atk',
        'NS H1 "Junk Synchron" @M2 atk, SYN ED1 "Black Rose Dragon" <- M1 M2 @M1 def',
    ]
    assert result.line_count == 4 and result.line_count_complete
    assert "all 4 shortest lines" in result.reason
    for line in result.lines:
        replay(position, line, "Black Rose Dragon")


def test_every_zone_gives_every_line():
    position = black_rose_position()
    result = search(position, "Black Rose Dragon", zones="all")
    # Junk Synchron to M2..M5 (4), then Black Rose Dragon to EMZL, EMZR, M1..M5 (7) x 2 positions.
    assert result.depth == 2 and result.exhausted and len(result.lines) == result.line_count == 4 * 7 * 2
    assert len({line.text() for line in result.lines}) == 56


def test_battle_position_goal_and_asp_goal_narrow_the_lines():
    position = black_rose_position()
    result = search(position, '"Black Rose Dragon":defense')
    assert result.depth == 2 and [line.notation[-1][-3:] for line in result.lines] == ["def", "def"]
    result = search(position, f'asp:"{IN_EMZ}"')
    assert result.depth == 2 and len(result.lines) == 2
    assert all("@EMZL" in line.notation[-1] for line in result.lines)


def test_a_goal_reachable_in_one_play():
    position = black_rose_position()
    result = search(position, '"Junk Synchron":attack')
    assert result.exhausted and result.depth == 1
    assert [line.text() for line in result.lines] == ['NS H1 "Junk Synchron" @M2 atk']
    result = search(position, "monsters>=2")
    assert sorted(line.text() for line in result.lines) == ['NS H1 "Junk Synchron" @M2 atk',
                                                            'SET H1 "Junk Synchron" @M2']


def test_a_goal_already_reached():
    result = search(black_rose_position(), "Celtic Guardian")
    assert result.found and result.depth == 0 and result.exhausted
    assert len(result.lines) == 1 and result.lines[0].moves == () and result.statistics["expanded"] == 0


def test_an_unreachable_goal_exhausts_the_turn():
    result = search(black_rose_position(), "Stardust Dragon")
    assert not result.found and result.exhausted and result.lines == [] and result.depth is None
    assert result.reason.startswith("no line of the turn reaches the goal")
    # Every position of the turn was expanded (end_turn ends a line and is never expanded).
    assert result.statistics["expanded"] == result.statistics["positions"] > 1
    result = search(black_rose_position(), "monsters>=4")
    assert not result.found and result.exhausted


def test_tight_bounds_cut_the_search_and_say_why():
    position = black_rose_position()
    result = search(position, "Black Rose Dragon", max_nodes=1)
    assert not result.found and not result.exhausted
    assert "--max-nodes 1" in result.reason and result.proved_depth == 1
    assert "no line of 1 play or fewer" in result.reason
    result = search(position, "Black Rose Dragon", max_depth=1)
    assert not result.found and not result.exhausted and "--max-depth 1" in result.reason
    assert result.proved_depth == 1 and result.statistics["expanded"] == 1
    result = search(position, "Black Rose Dragon", timeout=1e-9)
    assert not result.exhausted and "--timeout" in result.reason
    # A bound that is not reached does not cut.
    result = search(position, "Black Rose Dragon", max_depth=2, max_nodes=100, timeout=600)
    assert result.exhausted and result.depth == 2


def test_first_k_and_first_line_only():
    position = black_rose_position()
    first = search(position, "Black Rose Dragon", all_lines=False)
    assert first.exhausted and len(first.lines) == 1 and first.depth == 2
    assert "stopped at the first" in first.reason
    two = search(position, "Black Rose Dragon", first_k=2)
    assert two.exhausted and len(two.lines) == 2 and not two.line_count_complete
    assert [line.text() for line in two.lines] == [line.text() for line in search(position, "Black Rose Dragon").lines[:2]]


def test_transpositions_merge_orders_and_every_line_replays():
    position = junk_warrior_position()
    result = search(position, "synchro>=1")
    assert result.exhausted and result.depth == 4 and result.statistics["transpositions"] > 0
    # Orders: NS Junk Synchron / NS Speed Warrior first, or Double Summon first then either NS:
    # 4 orders x Junk Warrior to an Extra or a Main Monster Zone x 2 battle positions.
    assert result.line_count == len(result.lines) == 16
    assert len({line.text() for line in result.lines}) == 16
    for line in result.lines:     # lines through merged positions are translated, and still legal
        replay(position, line, "synchro>=1")
    exact = search(position, "synchro>=1", zones="all")
    assert exact.depth == 4 and exact.line_count > result.line_count


def test_zone_symmetry_is_off_when_a_link_monster_is_around():
    b = board(turn=1)
    b.hand("Kuriboh", "Mokey Mokey").extra_deck("Linkuriboh")
    position = b.build()
    assert Symmetry.of(position, "auto").monsters is False            # Link Arrows make zone numbers matter
    result = search(position, "Linkuriboh")
    assert result.exhausted and result.depth == 2 and "Spell & Trap Zones" in result.statistics["zones"]
    # Each Main Monster Zone is tried for the Normal Summon, each Extra Monster Zone for Linkuriboh.
    assert result.line_count == len(result.lines) == 2 * 5 * 2
    assert {line.moves[0].choices["zone"] for line in result.lines} == {f"M{i}" for i in range(1, 6)}
    for line in result.lines[::3]:
        replay(position, line, "Linkuriboh")
    # --zones first: one zone of each kind. Exact as long as no position with a Link Monster on the field
    # is expanded (here Linkuriboh reaches the goal at once) ...
    fast = search(position, "Linkuriboh", zones="first")
    assert fast.found and fast.depth == 2 and len(fast.lines) == 2 and fast.exhausted
    for line in fast.lines:
        replay(position, line, "Linkuriboh")
    # ... and said NOT exact once one is: Linkuriboh's arrow makes the zones differ from then on.
    beyond = search(position, "monsters>=3", zones="first")
    assert not beyond.found and not beyond.exhausted and "NOT exact" in beyond.reason
    assert search(position, "monsters>=3").exhausted


def test_spell_and_trap_zones_are_interchangeable():
    b = board(turn=1)
    b.hand("Monster Reborn", "Trap Hole")
    position = b.build()
    result = search(position, "Stardust Dragon", zones="auto")        # no line: the whole turn is explored
    every = search(position, "Stardust Dragon", zones="all")
    assert result.exhausted and every.exhausted
    # Set one, the other, or both: 1 + 2 + 1 positions up to symmetry, against 1 + 2*5 + 5*4 exactly.
    assert result.statistics["positions"] == 4 and every.statistics["positions"] == 1 + 10 + 20


def test_moves_of_a_play_up_to_symmetry():
    position = black_rose_position()
    after = apply(position, legal_plays(position).by_action("normal_summon")[0], check=False)
    play = legal_plays(after).by_action("synchro_summon")[0]
    assert len(moves_of(play)) == len(play.zones) * 2            # every zone x attack/defense
    assert len(moves_of(play, Symmetry.of(after, "auto"))) == 4  # EMZ or Main Monster Zone x 2
    assert len(moves_of(play, Symmetry.of(after, "first"))) == 4


def test_graph_export_graphml_and_dot(tmp_path):
    result = search(black_rose_position(), "Black Rose Dragon")
    graph = result.graph
    assert graph.number_of_nodes() == result.statistics["positions"]
    assert graph.number_of_edges() >= 1 and all("play" in data for _, _, data in graph.edges(data=True))
    path = tmp_path / "search.graphml"
    result.write_graph(path)
    back = nx.read_graphml(path)
    assert back.number_of_nodes() == graph.number_of_nodes()
    assert back.number_of_edges() == graph.number_of_edges()
    goals = [node for node, data in back.nodes(data=True) if data["goal"]]
    assert goals and all(back.nodes[node]["depth"] == 2 for node in goals)
    dot = tmp_path / "search.dot"
    result.write_graph(dot)
    text = dot.read_text()
    assert text.startswith("digraph search {") and text.count("->") == graph.number_of_edges()
    assert 'SYN ED1 \\"Black Rose Dragon\\"' in text
    with pytest.raises(PysolverError, match=r"\.graphml or \.dot"):
        result.write_graph(tmp_path / "search.png")


def test_result_json():
    result = search(black_rose_position(), "Black Rose Dragon", first_k=1)
    data = json.loads(json.dumps(result.to_json()))
    assert data["format"] == "pysolver-search/1" and data["found"] is True and data["depth"] == 2
    assert data["exhausted"] is True and data["lines"][0]["notation"][0] == 'NS H1 "Junk Synchron" @M2 atk'
    move = data["lines"][0]["moves"][1]
    assert move["play"]["action"] == "synchro_summon" and move["zone"] == "EMZL" and move["battle_position"] == "attack"
    for key in ("expanded", "generated", "transpositions", "positions", "seconds", "positions_per_second"):
        assert key in data["statistics"]


def test_bad_search_arguments():
    position = black_rose_position()
    with pytest.raises(PysolverError, match="max_nodes"):
        search(position, "Black Rose Dragon", max_nodes=0)
    with pytest.raises(PysolverError, match="zones"):
        search(position, "Black Rose Dragon", zones="some")
    with pytest.raises(PysolverError, match="timeout"):
        search(position, "Black Rose Dragon", timeout=0)


# ------------------------------------------------------------------------------------------------ goals

def test_goal_parsing():
    assert parse_goal("Stardust Dragon") == CardGoal(parse_goal("44508094").card)
    assert parse_goal("stardust dragon:attack").battle_position == "attack"
    assert parse_goal('"Stardust Dragon" : defense').battle_position == "defense"
    assert parse_goal("Number 39: Utopia").card.name == "Number 39: Utopia"      # ':' inside a name
    assert parse_goal('"Number 39: Utopia":set').battle_position == "set"
    assert parse_goal("monsters>=3") == CountGoal("monsters", ">=", 3)
    assert parse_goal("monsters = 2") == CountGoal("monsters", "==", 2)
    assert parse_goal("synchro>=1").what == "synchro"
    both = parse_goal('"Stardust Dragon" & monsters>=2 & asp:"goal :- mine(I)."')
    assert isinstance(both, AllOf) and len(both.parts) == 3 and isinstance(both.parts[2], AspGoal)
    assert parse_goal(both.text).text == both.text                             # the text parses back
    assert parse_goal('asp:"goal :- instance(I, C), name(C, \\"x\\")."').program == \
        'goal :- instance(I, C), name(C, "x").'


@pytest.mark.parametrize("text, message", [
    ("", "empty goal"),
    ("Stardust Dragon & ", "empty goal part"),
    ("Stardust Dragn", "did you mean 'Stardust Dragon'"),
    ("Stardust Dragon:sideways", "a battle position is one of attack, defense, set"),
    ('"Stardust Dragon":sideways', "unknown battle position 'sideways'"),
    ('"Stardust Dragon', "not closed"),
    ("monster>=3", "unknown count 'monster'"),
    ("monsters>=three", "expected a whole number"),
    ("monsters=>3", "unknown comparison '=>'"),
    ("monsters~3", "a count is written like monsters>=3"),
    ("monsters<>3", "unknown comparison"),
    ("3<=monsters", "not a count like monsters>=3"),
    ("asp:goal :- a.", "in quotes"),
    ('asp:"goal :- foo("', "not valid ASP"),
    ('asp:"win :- mine(I)."', "must define `goal`"),
    ('asp:"goal :- not p(X)."', "unsafe"),
])
def test_goal_errors(text, message):
    with pytest.raises(PysolverError, match=message.replace("(", r"\(").replace("`", ".")):
        parse_goal(text)


def test_goal_checks():
    b = board(turn=1)
    b.monster(1, "Celtic Guardian", position="defense").monster("left", "Black Rose Dragon")
    b.spell_trap(2, "Monster Reborn", position="set").extra_deck("Stardust Dragon")
    b.opponent.monster(1, "Kuriboh")
    position = b.build()
    assert parse_goal("Celtic Guardian:defense").check(position)
    assert not parse_goal("Celtic Guardian:attack").check(position)
    assert parse_goal("Monster Reborn").check(position)                  # a card on the field, any zone
    assert not parse_goal("Stardust Dragon").check(position)             # in the Extra Deck: not on the field
    assert not parse_goal("Kuriboh").check(position)                     # the opponent's
    assert parse_goal("monsters==2 & synchro>=1 & extra>=1 & tuner==0").check(position)
    assert parse_goal(f'asp:"{IN_EMZ}"').check(position)
    assert not parse_goal('asp:"goal :- mine(I), location(I, graveyard)."').check(position)


# ------------------------------------------------------------------------------------------------ CLI

@pytest.fixture
def position_file(tmp_path):
    path = tmp_path / "brd.yaml"
    dump_position(black_rose_position(), path)
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_search_text(capsys, position_file, tmp_path):
    graph = tmp_path / "g.graphml"
    code, out, err = run(capsys, "search", position_file, "--goal", "Black Rose Dragon", "--graph", str(graph))
    lines = out.splitlines()
    assert code == 0 and lines[0] == 'goal "Black Rose Dragon": 4 shortest lines of 2 plays'
    assert lines[1] == '  1. NS H1 "Junk Synchron" @M2 atk, SYN ED1 "Black Rose Dragon" <- M1 M2 @EMZL atk'
    assert lines[5].startswith("exhausted: all 4 shortest lines") and "asp engine" in lines[5]   # the default
    assert nx.read_graphml(graph).number_of_nodes() > 1
    code, bfs, _ = run(capsys, "search", position_file, "--goal", "Black Rose Dragon", "--engine", "bfs")
    assert code == 0 and bfs.splitlines()[:5] == lines[:5] and "positions expanded" in bfs.splitlines()[5]


def test_cli_search_json_and_cut(capsys, position_file):
    code, out, _ = run(capsys, "search", position_file, "--goal", "Black Rose Dragon", "--max-depth", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["found"] is False and data["exhausted"] is False and "--max-depth 1" in data["reason"]
    code, out, _ = run(capsys, "search", position_file, "--goal", "Black Rose Dragon", "--first", "1")
    assert code == 0 and "1 of at least" in out.splitlines()[0]
    code, out, _ = run(capsys, "search", position_file, "--goal", "monsters>=3", "--max-nodes", "1", "--engine", "bfs")
    assert code == 0 and out.splitlines()[-1].startswith("CUT: stopped after --max-nodes 1")
    code, out, err = run(capsys, "search", position_file, "--goal", "monsters>=3", "--max-nodes", "1")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "--engine bfs" in err


def test_cli_search_errors(capsys, position_file):
    code, out, err = run(capsys, "search", position_file, "--goal", "Blak Rose Dragon")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "did you mean" in err
    code, _, err = run(capsys, "search", position_file, "--goal", "Black Rose Dragon", "--graph", "g.png")
    assert code == 2 and ".graphml or .dot" in err
    code, _, err = run(capsys, "search", position_file)
    assert code == 2 and "--goal" in err


def test_bpn_6_a_card_that_reads_columns_makes_every_zone_number_matter(real):
    """Mekk-Knight Spectrum Supreme attacks directly when alone in its column (BPN-6): a Spell Set in S2 or in
    S4 is no longer the same position, so neither engine treats any zones as interchangeable."""
    plain = board(cards=real).hand("Pot of Greed").extra_deck("Linkuriboh").build()
    spectrum = board(cards=real).hand("Pot of Greed").extra_deck("Mekk-Knight Spectrum Supreme").build()
    assert Symmetry.of(plain, "auto").spells and not Symmetry.of(spectrum, "auto").spells
