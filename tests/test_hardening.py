"""Issue 12: nothing lost, nothing silently changed. One test per item of the issue (each failed on the
landed main): input silently changed or dropped, tracebacks, work lost on interruption, inconsistent answers
between plays and search/perft, the card cache (tests/cards/test_cdb.py), misleading coverage
(tests/cards/test_cdb.py) and friction."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time

import pytest
import yaml

from helpers import EXAMPLES, ROOT, need_shared_data
from pysolver import PysolverError, load_position
from pysolver.cli import main

EXAMPLE = str(EXAMPLES / "spec-example.yaml")
STARTER = str(EXAMPLES / "starter.ydk")
HEAD = "format: pysolver-position/1\n"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text, name="p.yaml", mode="w"):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


PENDULUM = HEAD + """turn: 3
players:
  - hand: [Celtic Guardian, Mystical Elf]
    spell_trap_zones:
      1: Dragonpulse Magician
      5: Dragonpit Magician
"""


def pendulum_index(capsys, path, cards):
    _, out, _ = run(capsys, "plays", path, "--json")
    return next(i for i, p in enumerate(json.loads(out)["plays"])
                if p["action"] == "pendulum_summon" and len(p["cards"]) == cards)


# --------------------------------------------------------------------------------------------------
# Input silently changed or dropped

@pytest.mark.parametrize("text, where", [
    (HEAD + "turn: 2\nturn: 5\nplayers: [{}]\n", "turn: duplicate key 'turn' (line 3"),
    (HEAD + "players:\n  - hand: [Kuriboh]\n    hand: [Dark Magician]\n", "players[0].hand: duplicate key"),
    (HEAD + "players:\n  - monster_zones:\n      1: Kuriboh\n      1: Dark Magician\n",
     "players[0].monster_zones.1: duplicate key"),
    (HEAD + "players:\n  - monster_zones:\n      1: Kuriboh\n      '1': Dark Magician\n",
     "players[0].monster_zones.1: zone 1 is given twice"),
])
def test_duplicate_keys_in_yaml_are_rejected_with_the_key_path_of_the_second(capsys, tmp_path, text, where):
    code, _, err = run(capsys, "plays", write(tmp_path, text))
    assert code == 2 and where in err and "Traceback" not in err


def test_duplicate_keys_in_json_are_rejected_too(capsys, tmp_path):
    text = ('{"format": "pysolver-position/1", "turn": 2, "players": [{"lp": 100, "hand": ["Kuriboh"],\n'
            '  "lp": 200}], "turn": 3}')
    code, _, err = run(capsys, "plays", write(tmp_path, text, "p.json"))
    assert code == 2
    assert "players[0].lp: duplicate key 'lp' (line 2; first given on line 1)" in err
    assert "turn: duplicate key 'turn'" in err


def test_a_key_repeated_through_an_alias_or_in_another_mapping_is_no_duplicate():
    from pysolver.position.files import parse_document
    data = parse_document("a: &x {b: 1}\nc: *x\nd: {b: 2}\n", "t")
    assert data == {"a": {"b": 1}, "c": {"b": 1}, "d": {"b": 2}}


@pytest.mark.parametrize("key, value, bound", [
    ("turn", "2147483648", "from 1 to 10000"),       # wrapped to 0 at 2^31: the Battle Phase disappeared
    ("turn", "10001", "from 1 to 10000"),
])
def test_every_integer_is_bounded(capsys, tmp_path, key, value, bound):
    code, _, err = run(capsys, "plays", write(tmp_path, HEAD + f"{key}: {value}\nplayers: [{{}}]\n"))
    assert code == 2 and f"{key}: expected a whole number {bound}, got {value}" in err


def test_life_points_and_effect_numbers_are_bounded(capsys, tmp_path):
    text = HEAD + ("turn: 2\nthis_turn:\n  events:\n    - {activate: Kuriboh, effect: 4294967296}\n"
                   "players:\n  - lp: 99999999999\n")
    code, _, err = run(capsys, "plays", write(tmp_path, text))
    assert code == 2 and "players[0].lp: expected a whole number from 0 to 1000000000" in err
    assert "this_turn.events[0].effect: expected a whole number from 0 to 99" in err


def test_list_lengths_are_bounded(capsys, tmp_path):
    text = HEAD + "players:\n  - deck: [" + ", ".join(["Kuriboh"] * 1001) + "]\n"
    code, _, err = run(capsys, "plays", write(tmp_path, text))
    assert code == 2 and "players[0].deck: 1001 entries: at most 1000" in err


@pytest.mark.parametrize("field, value", [("passcode", 4294967296), ("atk", 2**31), ("level", -1)])
def test_card_pool_numbers_are_bounded_too(capsys, tmp_path, field, value):
    """A passcode or ATK of 2^31 or more would wrap in the solver's 32-bit integers."""
    entry = {"name": "Big", "passcode": 123, "kinds": ["monster", "normal"], "level": 4, "atk": 0, field: value}
    pool = write(tmp_path, yaml.safe_dump([entry]), "pool.yaml")
    code, _, err = run(capsys, "--cards", pool, "cards", "show", "Big")
    assert code == 2 and f"{field}: expected a whole number from" in err


@pytest.mark.parametrize("key", ["2.0", "true", "1e0"])
def test_a_zone_key_is_a_whole_number_or_its_digits(capsys, tmp_path, key):
    """`2.0:` raised a TypeError; `true:` silently meant zone 1 (True == 1 in Python)."""
    code, _, err = run(capsys, "plays", write(tmp_path, HEAD + f"players:\n  - monster_zones:\n      {key}: Kuriboh\n"))
    assert code == 2 and "no such zone" in err and "Traceback" not in err


def test_apply_zone_on_a_pendulum_summon_is_refused_not_ignored(capsys, tmp_path):
    path = write(tmp_path, PENDULUM)
    index = pendulum_index(capsys, path, 2)
    for zone in ("M5", "bogus"):
        code, _, err = run(capsys, "apply", path, str(index), "-o", str(tmp_path / "n.yaml"), "--zone", zone)
        assert code == 2 and "a Pendulum Summon puts each card in a zone of its own" in err and "--zones" in err
    assert not (tmp_path / "n.yaml").exists()


def test_apply_zones_places_each_card_of_a_pendulum_summon_PEN_3(capsys, tmp_path):
    path = write(tmp_path, PENDULUM)
    index = pendulum_index(capsys, path, 2)
    out_file = tmp_path / "n.yaml"
    code, _, err = run(capsys, "apply", path, str(index), "-o", str(out_file), "--zones", "H1=M5,H2=M3")
    assert code == 0, err
    after = load_position(out_file)
    assert after.me.monster_zones[4].card.name == "Celtic Guardian"
    assert after.me.monster_zones[2].card.name == "Mystical Elf"
    for zones, hint in (("H1=M5,H2=M5", "zone 'M5' is not open to H2"), ("H1=M5,H3=M3", "H3 is not summoned"),
                        ("H1", "expected ID=ZONE pairs"), ("H1=M1,H1=M2", "H1 is given twice")):
        code, _, err = run(capsys, "apply", path, str(index), "-o", str(out_file), "--zones", zones)
        assert code == 2 and hint in err and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "apply", path, "0", "-o", str(out_file), "--zones", "H1=M1")
    assert code == 2 and "for a Pendulum Summon only" in err


NUMERIC = [  # (command line without the option, option): every numeric option of every command
    (["plays", EXAMPLE], "--timeout"), (["plays", EXAMPLE], "--max-plays"),
    (["apply", EXAMPLE, "1", "-o", "x.yaml"], "--timeout"), (["apply", EXAMPLE, "1", "-o", "x.yaml"], "--max-plays"),
    (["search", EXAMPLE, "--goal", "monsters>=1"], "--timeout"), (["search", EXAMPLE, "--goal", "monsters>=1"], "--max-nodes"),
    (["search", EXAMPLE, "--goal", "monsters>=1"], "--max-depth"), (["search", EXAMPLE, "--goal", "monsters>=1"], "--first"),
    (["perft", EXAMPLE], "--depth"), (["perft", EXAMPLE, "--depth", "1"], "--timeout"),
    (["sweep", STARTER, "--goal", "extra>=1", "--hands", "1"], "--timeout"),
    (["sweep", STARTER, "--goal", "extra>=1"], "--hands"), (["sweep", STARTER, "--goal", "extra>=1", "--hands", "1"], "--workers"),
    (["sweep", STARTER, "--goal", "extra>=1", "--hands", "1"], "--seed"),
    (["sweep", STARTER, "--goal", "extra>=1", "--hands", "1"], "--lines"),
    (["cards", "coverage"], "--top"),
    (["position", "from-deck", STARTER, "-o", "x.yaml"], "--turn"),
]


@pytest.mark.parametrize("argv, option", NUMERIC, ids=[f"{a[0]}{o}" for a, o in NUMERIC])
@pytest.mark.parametrize("value", ["-1", "nan", "inf", "1e400", "99999999999999999999", "x"])
def test_every_numeric_option_is_validated_the_same_way(capsys, argv, option, value):
    """`plays --timeout -1` and `--timeout nan` were accepted (nan once gave "0 plays, NOT complete")."""
    code, out, err = run(capsys, *argv, f"{option}={value}")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert f"argument {option}: expected a" in err and "Traceback" not in err


def test_errors_name_the_flags_not_python_parameters(capsys):
    for argv in (["search", EXAMPLE, "--goal", "monsters>=1", "--max-nodes", "0"],
                 ["search", EXAMPLE, "--goal", "monsters>=1", "--first", "0"]):
        code, _, err = run(capsys, *argv)
        assert code == 2 and argv[-2] in err and "max_nodes" not in err and "first_k" not in err


# --------------------------------------------------------------------------------------------------
# Tracebacks

def test_search_graph_in_a_missing_folder_fails_before_searching(capsys, monkeypatch):
    import pysolver.explore.search as search_module
    monkeypatch.setattr(search_module, "search", lambda *a, **k: pytest.fail("searched"))
    code, out, err = run(capsys, "search", EXAMPLE, "--goal", "monsters>=3", "--graph", "/nonexistent/g.graphml")
    assert code == 2 and "the folder '/nonexistent' does not exist" in err and out == ""


def test_a_graph_that_cannot_be_written_after_the_search_keeps_the_result(capsys, tmp_path, monkeypatch):
    import pysolver.explore.search as search_module

    def fail(graph, path):
        raise PysolverError("cannot write the graph: No space left on device", source=str(path))
    monkeypatch.setattr(search_module, "write_graph", fail)
    code, out, err = run(capsys, "search", EXAMPLE, "--goal", "monsters>=3", "--json", "--graph",
                         str(tmp_path / "g.graphml"))
    assert code == 2 and json.loads(out)["format"] == "pysolver-search/1" and "No space left" in err


@pytest.mark.parametrize("argv, hint", [
    (["apply", EXAMPLE, "1", "-o", "/nonexistent/dir/n.yaml"], "the folder '/nonexistent/dir' does not exist"),
    (["apply", EXAMPLE, "1", "-o", "."], "is a directory"),
    (["position", "from-deck", STARTER, "-o", "."], "is a directory"),
    (["plays", "."], "is a directory"),
])
def test_output_and_input_file_errors_are_one_line(capsys, argv, hint):
    code, _, err = run(capsys, *argv)
    assert code == 2 and hint in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_file_errors_name_no_exception_class(capsys, tmp_path):
    path = write(tmp_path, HEAD.encode() + b"players:\n  - hand: [Kurib\xf6h]\n")
    code, _, err = run(capsys, "plays", path)
    assert code == 2 and "not UTF-8 text (byte 53 on line 3 cannot be decoded)" in err and "UnicodeDecodeError" not in err


def test_a_control_character_in_a_file_is_one_line_found_by_the_fuzz_test(capsys, tmp_path):
    """tests/test_fuzz.py found it: a NUL byte made PyYAML raise before the parser's own error handling."""
    code, _, err = run(capsys, "plays", write(tmp_path, b"\x00" + HEAD.encode()))
    assert code == 2 and "the character U+0000 is not allowed in YAML" in err and "Traceback" not in err


class _ClosedPipe(io.TextIOBase):
    """stdout whose reader went away (`pysolver ... | head -1`)."""

    def write(self, text):
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("argv", [
    ["cards", "show", "Kuriboh"], ["cards", "coverage"], ["plays", EXAMPLE], ["plays", EXAMPLE, "--json"],
    ["apply", EXAMPLE, "1", "-o", "{tmp}/n.yaml"], ["search", EXAMPLE, "--goal", "monsters>=3", "--json"],
    ["perft", EXAMPLE, "--depth", "1"], ["position", "from-deck", STARTER, "-o", "{tmp}/p.yaml"],
    ["sweep", STARTER, "--goal", "monsters>=1", "--hands", "1", "--workers", "0", "--max-depth", "1"],
], ids=lambda argv: " ".join(argv[:2]))
def test_a_closed_output_pipe_is_no_traceback_for_any_command(capsys, monkeypatch, tmp_path, argv):
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    code = main([a.replace("{tmp}", str(tmp_path)) for a in argv])
    err = capsys.readouterr().err
    assert code == 141 and err == ""


def test_a_closed_pipe_in_a_real_pipeline(tmp_path):
    """`pysolver plays ... --json | head -c 10`, as a shell runs it (stdout closed after 10 bytes)."""
    process = subprocess.Popen([sys.executable, "-m", "pysolver", "cards", "coverage"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.read(10)
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert process.returncode in (0, 141) and b"Traceback" not in err and b"Exception" not in err


# --------------------------------------------------------------------------------------------------
# Work lost on interruption (Ctrl-C)

def _interrupt_after(monkeypatch, module, name, calls):
    """Make `module.name` raise KeyboardInterrupt on its `calls`-th call (as Ctrl-C would)."""
    original = getattr(module, name)
    count = {"n": 0}

    def wrapped(*args, **kwargs):
        count["n"] += 1
        if count["n"] >= calls:
            raise KeyboardInterrupt
        return original(*args, **kwargs)
    monkeypatch.setattr(module, name, wrapped)


def test_interrupted_search_prints_what_it_knows_writes_the_graph_and_exits_130(capsys, monkeypatch, tmp_path):
    import pysolver.explore.search as search_module
    _interrupt_after(monkeypatch, search_module, "legal_plays_many", 2)
    graph = tmp_path / "g.graphml"
    code, out, _ = run(capsys, "search", EXAMPLE, "--goal", "monsters>=5", "--json", "--graph", str(graph),
                       "--engine", "bfs")
    data = json.loads(out)
    assert code == 130 and data["reason"] == "interrupted" and data["exhausted"] is False
    assert data["statistics"]["expanded"] >= 1 and "no line of" in data["detail"] and graph.is_file()
    _interrupt_after(monkeypatch, search_module, "legal_plays_many", 2)
    code, out, _ = run(capsys, "search", EXAMPLE, "--goal", "monsters>=5", "--engine", "bfs")
    assert code == 130 and "CUT: interrupted: no line of" in out


def test_interrupted_asp_search_says_the_depth_it_proved_and_exits_130(capsys, monkeypatch, tmp_path):
    """Ctrl-C while the asp engine (the default) grounds the third horizon: two horizons are proved."""
    from pysolver.solve.steps import Planner
    _interrupt_after(monkeypatch, Planner, "ask", 3)
    graph = tmp_path / "g.graphml"
    code, out, _ = run(capsys, "search", EXAMPLE, "--goal", "monsters>=5", "--json", "--graph", str(graph))
    data = json.loads(out)
    assert code == 130 and data["reason"] == "interrupted" and data["exhausted"] is False and graph.is_file()
    assert data["proved_depth"] == 2 and data["detail"] == "no line of 2 plays or fewer reaches the goal"


def test_interrupted_perft_prints_the_first_plays_counted_and_exits_130(capsys, monkeypatch):
    import pysolver.explore.perft as perft_module
    _interrupt_after(monkeypatch, perft_module, "canonical_key", 8)
    code, out, _ = run(capsys, "perft", EXAMPLE, "--depth", "3", "--json")
    data = json.loads(out)
    assert code == 130 and data["reason"] == "interrupted" and data["complete"] is False
    assert data["first_plays_counted"] < data["first_plays"] and data["total"] == sum(data["divide"].values())


def test_interrupted_sweep_reports_the_hands_searched_and_exits_130(capsys, monkeypatch):
    import pysolver.explore.sweep as sweep_module
    _interrupt_after(monkeypatch, sweep_module, "run_hand", 3)
    code, out, _ = run(capsys, "sweep", STARTER, "--goal", "monsters>=1", "--hands", "5", "--workers", "0",
                       "--max-depth", "1", "--json")
    data = json.loads(out)
    assert code == 130 and data["reason"] == "interrupted" and data["exhausted"] is False
    assert data["hands"] == 2 == len(data["results"]) and data["hands_requested"] == 5


def _sigint(argv, after):
    process = subprocess.Popen([sys.executable, "-m", "pysolver", *argv], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def test_a_real_ctrl_c_during_a_sweep_exits_130_with_the_json():
    """SIGINT as a terminal sends it (to the process; its worker ignores it and is stopped) during a sweep
    far longer than the wait: the JSON of the hands searched so far, exit status 130, no traceback."""
    code, out, err = _sigint(["sweep", STARTER, "--goal", "extra>=2", "--hands", "500", "--workers", "1",
                              "--max-depth", "3", "--json"], after=8)
    assert code == 130 and "Traceback" not in err, err
    if out:     # empty only when the signal came while Python was still starting (a very slow machine)
        data = json.loads(out)
        assert data["reason"] == "interrupted" and data["hands_requested"] == 500 > data["hands"]


# --------------------------------------------------------------------------------------------------
# Inconsistent answers: plays offers a play whose next position the solver refuses (a card it cannot
# read comes onto the field); search and perft keep going and say which lines may be missing.

# Divine Dragon - Excelion's "If this card destroys an opponent's monster by battle, it can attack once again
# in a row." is unread (issue 15B; Wattgiraffe's "This card can attack directly.", the example before, is read
# since BP-4): in the GY it withholds nothing, so
# Call of the Haunted may revive it; once it is on the field its attacks are withheld, so the plays of the
# position after ACT S2 are not all listed (before the merge, Crowley's unread material clause refused that
# position; 15B's partial answers now withhold Call of the Haunted's activation on Crowley itself).
COTH = HEAD + """turn: 2
players:
  - hand: [Kuriboh]
    spell_trap_zones:
      2: {card: Call of the Haunted, position: set}
    graveyard: [Divine Dragon - Excelion]
"""


def test_search_goes_on_past_a_position_with_withheld_plays_and_says_lines_may_be_missing(capsys, tmp_path):
    cards = str(need_shared_data() / "cards.cdb")
    path = write(tmp_path, COTH)
    code, out, _ = run(capsys, "--cards", cards, "plays", path, "--json")
    assert code == 0 and "activate" in {p["action"] for p in json.loads(out)["plays"]}
    code, out, err = run(capsys, "--cards", cards, "search", path, "--goal", "monsters>=2", "--json", "--engine", "bfs")
    data = json.loads(out)
    assert code == 0, err
    assert data["found"] and data["depth"] == 2 and data["exhausted"] is False
    assert data["incomplete_positions"] == 1 and "could not all be listed" in data["reason"]
    assert data["missing"][0]["line"][0].startswith('ACT S2 "Call of the Haunted"')
    assert "Divine Dragon - Excelion" in data["missing"][0]["reason"]
    assert data["proved_depth"] <= 1
    # the asp engine (the default) finds the same lines and says why lines may be missing, proving nothing
    code, out, err = run(capsys, "--cards", cards, "search", path, "--goal", "monsters>=2", "--json")
    asp = json.loads(out)
    assert code == 0, err
    assert (asp["found"], asp["depth"], asp["exhausted"], asp["proved_depth"]) == (True, 2, False, -1)
    assert asp["reason"].startswith("not all 4 shortest lines") and "Divine Dragon - Excelion" in asp["reason"]
    assert sorted(line["notation"] for line in asp["lines"]) == sorted(line["notation"] for line in data["lines"])


def test_perft_goes_on_past_a_position_with_withheld_plays_and_counts_a_lower_bound(capsys, tmp_path):
    cards = str(need_shared_data() / "cards.cdb")
    path = write(tmp_path, COTH)
    code, out, err = run(capsys, "--cards", cards, "perft", path, "--depth", "2", "--json")
    data = json.loads(out)
    assert code == 0, err
    assert data["complete"] is False and data["total"] > 0 and data["missing"]
    assert any(m["line"] == [next(t for t in data["divide"] if t.startswith("ACT S2"))] for m in data["missing"])
    code, out, _ = run(capsys, "--cards", cards, "perft", path, "--depth", "2")
    assert "perft 2: at least" in out and "lines may be missing after ACT S2" in out


def test_perft_timeout_stops_with_the_first_plays_counted(capsys):
    code, out, _ = run(capsys, "perft", EXAMPLE, "--depth", "6", "--timeout", "0.5", "--json")
    data = json.loads(out)
    assert code == 0 and data["complete"] is False and data["reason"].startswith("stopped after --timeout 0.5 s")


# --------------------------------------------------------------------------------------------------
# Friction

def test_many_unknown_cards_end_with_the_cards_hint(capsys, tmp_path, monkeypatch):
    monkeypatch.delenv("PYSOLVER_CARDS", raising=False)
    text = HEAD + "players:\n  - hand: [Ash Blossom & Joyous Spring, Maxx \"C\", Nibiru, the Primal Being]\n"
    code, _, err = run(capsys, "plays", write(tmp_path, text))
    lines = err.strip().splitlines()
    assert code == 2 and lines[-1].startswith("hint: ") and "--cards" in lines[-1] and "$PYSOLVER_CARDS" in lines[-1]


def test_a_card_name_with_a_comma_in_a_flow_list_gets_the_quoting_hint(capsys, tmp_path):
    cards = str(need_shared_data() / "cards.cdb")
    text = HEAD + "players:\n  - extra_deck: [Promethean Princess, Bestower of Flames, Decode Talker]\n"
    code, _, err = run(capsys, "--cards", cards, "plays", write(tmp_path, text))
    assert code == 2 and "'Promethean Princess, Bestower of Flames' has a comma" in err and "quote it" in err
    quoted = HEAD + 'players:\n  - extra_deck: ["Promethean Princess, Bestower of Flames", Decode Talker]\n'
    code, _, err = run(capsys, "--cards", cards, "plays", write(tmp_path, quoted, "q.yaml"))
    assert code == 0, err


def test_plays_json_order_is_documented_as_it_is():
    """docs/plays-json.md said the plays are ordered "as in the table"; they are not."""
    text = (ROOT / "docs" / "plays-json.md").read_text(encoding="utf-8")
    assert "as in the table" not in text


def test_interrupted_asp_replay_keeps_the_depth_proved(capsys, monkeypatch):
    """Ctrl-C while the asp engine replays the first line it found: the lines are not output, and the
    horizons before are proved."""
    from pysolver.solve.steps import Replayer
    _interrupt_after(monkeypatch, Replayer, "line", 1)
    code, out, _ = run(capsys, "search", EXAMPLE, "--goal", "Black Rose Dragon", "--first", "1", "--json")
    data = json.loads(out)
    assert code == 130 and data["reason"] == "interrupted" and data["found"] is False and data["lines"] == []
    assert data["detail"] == ("while replaying the lines of 1 play the solver found, before any was checked; "
                              "no line of 0 plays or fewer reaches the goal")
