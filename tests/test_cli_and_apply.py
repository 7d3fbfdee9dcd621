"""The command line (plays, apply; errors as one line, exit 2) and `apply` for every Main Deck play."""

import json

import pytest

from helpers import EXAMPLES, board, plays_of
from pysolver import PysolverError, apply, legal_plays, load_position
from pysolver.cli import main

EXAMPLE = str(EXAMPLES / "spec-example.yaml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_plays_json_on_the_example(capsys):
    code, out, _ = run(capsys, "plays", EXAMPLE, "--json")
    data = json.loads(out)
    assert code == 0 and data["format"] == "pysolver-plays/1" and data["exhaustive"] is True
    assert data["count"] == len(data["plays"]) >= 8


def test_plays_text_groups_by_action_with_names(capsys):
    code, out, _ = run(capsys, "plays", EXAMPLE)
    assert code == 0
    assert "normal_summon (2)" in out and "H1 Dark Magician tributing M1 Junk Synchron, M3 Celtic Guardian" in out
    assert out.rstrip().endswith("complete")


def test_plays_action_filter_and_max_plays(capsys):
    _, out, _ = run(capsys, "plays", EXAMPLE, "--json", "--action", "change_position")
    assert {p["action"] for p in json.loads(out)["plays"]} == {"change_position"}
    _, out, _ = run(capsys, "plays", EXAMPLE, "--json", "--max-plays", "2")
    data = json.loads(out)
    assert data["exhaustive"] is False and data["count"] <= 2 and "max-plays" in data["reason"]


def test_apply_writes_the_next_position(capsys, tmp_path):
    out_file = tmp_path / "next.yaml"
    code, out, _ = run(capsys, "apply", EXAMPLE, "1", "-o", str(out_file), "--zone", "M2")
    assert code == 0 and "wrote" in out
    nxt = load_position(out_file)
    assert nxt.me.monster_zones[1].card.name == "Dark Magician" and nxt.normal_summon_used
    assert [c.card.name for c in nxt.me.graveyard] == ["Junk Synchron", "Celtic Guardian"]


@pytest.mark.parametrize("argv, hint", [
    (["plays", "missing.yaml"], "missing.yaml: no such file"),
    (["plays"], "required"),
    (["plays", EXAMPLE, "--action", "dance"], "invalid choice"),
    (["plays", EXAMPLE, "--max-plays", "0"], "--max-plays"),
    (["apply", EXAMPLE, "99", "-o", "x.yaml"], "out of range"),
    (["apply", EXAMPLE, "1", "-o", "x.yaml", "--zone", "M9"], "zone 'M9'"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, hint):
    code, _, err = run(capsys, *argv)
    assert code == 2 and hint in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_bad_position_lists_each_problem(capsys, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("format: pysolver-position/1\nplayers:\n  - hand: [Dark Magican]\n    monster_zones: {6: Kuriboh}\n")
    code, _, err = run(capsys, "plays", str(path))
    assert code == 2 and len(err.strip().splitlines()) == 2 and "did you mean 'Dark Magician'" in err


# --- apply ---------------------------------------------------------------------------------------

def test_apply_tribute_summon_moves_tributes_to_the_graveyard():
    position = board().hand("Summoned Skull").monster(1, "Kuriboh").monster(2, "Sheep Token").build()
    play = next(p for p in plays_of(position, "normal_summon", all_instances=True) if p.tributes == ("M2",))
    nxt = apply(position, play, zone="M2")
    assert nxt.me.monster_zones[1].card.name == "Summoned Skull" and nxt.me.monster_zones[1].summoned_this_turn
    assert nxt.me.graveyard == () and nxt.me.hand == ()       # a Token vanishes
    assert nxt.events[-1]["summon"] == "normal"
    assert plays_of(nxt, "normal_summon") == [] and plays_of(nxt, "change_position")[0].card == "M1"


def test_apply_set_then_no_flip_and_no_change():
    position = board().hand("Man-Eater Bug").build()
    nxt = apply(position, plays_of(position, "set_monster")[0])
    assert nxt["M1"].state.position == "set" and nxt["M1"].state.set_this_turn
    assert plays_of(nxt, "flip_summon") == [] and plays_of(nxt, "change_position") == []


def test_apply_pendulum_tribute_goes_face_up_to_the_extra_deck():
    position = board().hand("Summoned Skull").monster(1, "Stargazer Magician").monster(2, "Number 39: Utopia",
                                                                                        materials=["Kuriboh"]).build()
    play = next(p for p in plays_of(position, "normal_summon") if p.tributes == ("M1",))
    nxt = apply(position, play)
    assert nxt.me.extra_deck[0].card.name == "Stargazer Magician" and nxt.me.extra_deck[0].face_up
    play = next(p for p in plays_of(position, "normal_summon") if p.tributes == ("M2",))
    nxt = apply(position, play)
    assert [c.card.name for c in nxt.me.graveyard] == ["Number 39: Utopia", "Kuriboh"]


def test_apply_change_position_attack_set_spell_and_phases():
    position = board(phase="main1").monster(1, "Kuriboh").hand("Pot of Greed", "Trap Hole").build()
    nxt = apply(position, plays_of(position, "change_position")[0])
    assert nxt["M1"].state.position == "defense" and nxt["M1"].state.position_changed
    nxt = apply(position, plays_of(position, "set_spell_trap")[0], zone="S3")
    assert nxt["S3"].card.name == "Pot of Greed" and nxt["S3"].state.position == "set"
    battle = apply(position, next(p for p in legal_plays(position) if p.action == "enter_battle_phase"))
    assert battle.phase == "battle"
    attack = plays_of(battle, "declare_attack")[0]
    after = apply(battle, attack)
    assert after["M1"].state.attacked and plays_of(after, "declare_attack") == []
    main2 = apply(battle, next(p for p in legal_plays(battle) if p.action == "enter_main2"))
    assert main2.phase == "main2"


def test_apply_end_turn_passes_the_turn_and_draws():
    b = board(turn=3, normal_summon_used=True).monster(1, "Kuriboh", summoned_this_turn=True)
    b.opponent.deck("Sangan", "Mystical Elf")
    position = b.build()
    nxt = apply(position, next(p for p in legal_plays(position) if p.action == "end_turn"))
    assert nxt.turn == 4 and nxt.turn_player == 1 and nxt.phase == "main1" and not nxt.normal_summon_used
    assert [c.name for c in nxt.me.hand] == ["Sangan"] and nxt.me.deck[0].name == "Mystical Elf"
    assert not nxt["oM1"].state.summoned_this_turn


def test_apply_rejects_an_illegal_play():
    position = board().hand("Dark Magician").build()
    from pysolver import Play
    with pytest.raises(PysolverError, match="not legal"):
        apply(position, Play("normal_summon", card="H1", name="Dark Magician", tributes=(), zones=("M1",)))
