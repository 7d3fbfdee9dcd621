"""Fuzzing the front door (issue 12): random edits of valid position files and random command lines.

The property: the command line exits 0 or 2 (never a traceback: any other exception fails the test), and
a file that loads keeps every value it gave when it is written back and read again (nothing silently
changed). A few hundred examples run in CI; set PYSOLVER_FUZZ_EXAMPLES (e.g. 5000) for a longer local run.
"""

from __future__ import annotations

import copy
import math
import os
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES, ROOT
from pysolver import PysolverError, dump_position, load_position, position_to_dict
from pysolver.cards import default_cards
from pysolver.cli import main

EXAMPLES_COUNT = int(os.environ.get("PYSOLVER_FUZZ_EXAMPLES", "0") or 0)
FUZZ = settings(max_examples=EXAMPLES_COUNT or 150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

BASES = [EXAMPLES / "spec-example.yaml", *sorted((ROOT / "tests" / "perft" / "positions").glob("*.yaml"))]
BASE_DATA = [yaml.safe_load(path.read_text(encoding="utf-8")) for path in BASES]
WORK = Path(tempfile.mkdtemp(prefix="pysolver-fuzz-"))
NAMES = ["Kuriboh", "Dark Magician", "Junk Synchron", "Black Rose Dragon", "Dragonpit Magician", "kuriboh",
         "Dark Magican", "Promethean Princess", "40640057", "Sheep Token", "Polymerization", "Monster Reborn"]

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-2**70, max_value=2**70),
    st.sampled_from([0, 1, 2, 5, 6, 7, 8000, 2**31 - 1, 2**31, 2**32, 2**63, -1]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([2.0, float("nan"), float("inf")]),
    st.text(max_size=12), st.sampled_from(NAMES + ["main1", "battle", "main2", "master-rule-3", "attack",
                                                   "defense", "set", "face_up", "left", "right", "1", "2.0"]),
)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                       st.dictionaries(st.one_of(st.text(max_size=6), scalars.filter(
                                                           lambda v: v is None or isinstance(v, (str, int, bool, float))
                                                           and not (isinstance(v, float) and math.isnan(v)))),
                                                           inner, max_size=3)), max_leaves=6)


def _paths(data, prefix=()):
    """Every (path to a container, key) in the document."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield prefix, key
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield prefix, index
            yield from _paths(value, prefix + (index,))


def _at(data, path):
    for key in path:
        data = data[key]
    return data


@st.composite
def edited_documents(draw):
    """A valid position file with a few random edits: values replaced (types, ranges), keys removed or
    added (unknown keys, zone keys of every type)."""
    data = copy.deepcopy(draw(st.sampled_from(BASE_DATA)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        places = list(_paths(data))
        edit = draw(st.sampled_from(["replace", "replace", "delete", "add"]))
        if not places:
            break
        path, key = draw(st.sampled_from(places))
        container = _at(data, path)
        if edit == "replace":
            container[key] = draw(values)
        elif edit == "delete":
            del container[key]
        elif isinstance(container, dict):
            new_key = draw(st.one_of(st.sampled_from(["turn", "lp", "card", "position", 1, 6, "1", 2.0, True, "x"]),
                                     st.text(max_size=5)))
            container[new_key] = draw(values)
        else:
            container.insert(draw(st.integers(0, len(container))), draw(values))
    return data


def _text(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


@st.composite
def edited_files(draw):
    """The bytes of an edited position file: YAML or JSON-ish text, maybe with a line duplicated (a key
    given twice), maybe re-encoded or with undecodable bytes."""
    text = _text(draw(edited_documents()))
    lines = text.splitlines(keepends=True)
    if lines and draw(st.booleans()):
        at = draw(st.integers(0, len(lines) - 1))
        lines.insert(at, lines[at])
        text = "".join(lines)
    encoding = draw(st.sampled_from(["utf-8", "utf-8", "utf-8", "utf-8-sig", "utf-16", "latin-1", "garbage"]))
    if encoding == "garbage":
        raw = text.encode("utf-8")
        at = draw(st.integers(0, len(raw)))
        return raw[:at] + draw(st.binary(min_size=1, max_size=4)) + raw[at:]
    return text.encode(encoding, errors="replace")


def _run(argv) -> int:
    try:
        code = main(argv)
    except SystemExit as exit:     # argparse --help: exit 0
        code = exit.code
    assert code in (0, 2), f"exit status {code} for {argv}"
    return code


def _given_values(raw: dict, dumped: dict, cards) -> None:
    """Every value the file gave is in the written-back position (the file loaded, so each is valid)."""
    for key in ("rules", "turn", "phase", "turn_player"):
        if key in raw:
            assert dumped[key] == raw[key], key
    for key in ("normal_summon_used", "pendulum_summon_used"):
        if isinstance(raw.get("this_turn"), dict) and key in raw["this_turn"]:
            assert dumped["this_turn"][key] == raw["this_turn"][key], key
    for number, player in enumerate(raw.get("players") or []):
        if not isinstance(player, dict):
            continue
        out = dumped["players"][number]
        if "lp" in player:
            assert out["lp"] == player["lp"]
        for pile in ("hand", "deck", "extra_deck", "graveyard", "banished"):
            given = [entry["card"] if isinstance(entry, dict) else entry for entry in player.get(pile) or []]
            written = [entry["card"] if isinstance(entry, dict) else entry for entry in out.get(pile) or []]
            assert [cards.get(name).name for name in given] == written, pile
        for zones in ("monster_zones", "spell_trap_zones"):
            for key, entry in (player.get(zones) or {}).items():
                if entry is None:
                    continue
                card = entry["card"] if isinstance(entry, dict) else entry
                written = out[zones][int(key)]
                assert (written["card"] if isinstance(written, dict) else written) == cards.get(card).name
                if isinstance(entry, dict) and "position" in entry:
                    assert isinstance(written, dict) or entry["position"] in ("attack", "face_up")
                    assert (written.get("position") if isinstance(written, dict) else None) in (
                        entry["position"], None if entry["position"] in ("attack", "face_up") else entry["position"])


@FUZZ
@given(edited_files(), st.sampled_from([".yaml", ".json"]))
def test_edited_position_files_exit_0_or_2_and_keep_their_values(raw, suffix):
    path = WORK / f"fuzzed{suffix}"
    path.write_bytes(raw)
    code = _run(["plays", str(path), "--json", "--max-plays", "40", "--timeout", "5"])
    if code != 0:
        return
    position = load_position(path)
    again_path = WORK / f"again{suffix}"
    dump_position(position, again_path)
    again = load_position(again_path)
    assert position_to_dict(again) == position_to_dict(position)
    _given_values(yaml.safe_load(raw.decode("utf-8-sig")), position_to_dict(position), default_cards())


EXAMPLE = str(EXAMPLES / "spec-example.yaml")
STARTER = str(EXAMPLES / "starter.ydk")
numbers = st.one_of(st.integers(-5, 10).map(str), st.sampled_from(["0", "nan", "inf", "-inf", "1e400", "2.5", "",
                                                                      "x", "2147483648", "9" * 30, " 3", "0x10"]))
OPTIONS = {
    "plays": ["--timeout", "--max-plays", "--action", "--all-instances", "--json", "--cards"],
    "apply": ["--timeout", "--max-plays", "--zone", "--zones", "--battle-position", "--all-instances"],
    "search": ["--timeout", "--max-depth", "--max-nodes", "--first", "--zones", "--json", "--goal", "--graph"],
    "perft": ["--depth", "--timeout", "--divide", "--all-instances", "--json", "--engine"],
    "sweep": ["--timeout", "--max-depth", "--max-nodes", "--seed", "--lines", "--json", "--zones"],
    "cards coverage": ["--top", "--json"],
    "cards show": [],
    "position from-deck": ["--turn", "--phase", "--rules", "--hand", "--field"],
}
FLAGS = {"--all-instances", "--json", "--divide"}
WORDS = st.sampled_from(["M1", "M9", "EMZL", "H1=M1,H2=M2", "H1", "attack", "defense", "bogus", "normal_summon",
                         "dance", "monsters>=1", '"Kuriboh"', "asp:\"goal.\"", "first", "all", "reference",
                         "Kuriboh; Junk Synchron", "1=Kuriboh", "S9=Kuriboh", "master-rule-4", "main2", "battle",
                         str(WORK / "g.graphml"), str(WORK / "nope" / "g.dot"), "/nonexistent.cdb", "-", ""])


@st.composite
def command_lines(draw):
    command = draw(st.sampled_from(sorted(OPTIONS)))
    argv = command.split()
    if command in ("plays", "search", "perft"):
        argv.append(EXAMPLE)
    elif command == "apply":
        argv += [EXAMPLE, draw(numbers), "-o", str(WORK / "next.yaml")]
    elif command == "sweep":
        argv += [STARTER, "--goal", "monsters>=1"]
    elif command == "cards show":
        argv.append(draw(st.sampled_from(["Kuriboh", "kuriboh", "40640057", "Nope", "", "Black Rose Dragon"])))
    elif command == "position from-deck":
        argv += [STARTER, "-o", str(WORK / "deck.yaml")]
    for option in draw(st.lists(st.sampled_from(OPTIONS[command]), max_size=4)) if OPTIONS[command] else []:
        if option in FLAGS:
            argv.append(option)
        elif option == "--cards":
            argv += [option, draw(st.sampled_from(["/nonexistent.cdb", str(WORK), EXAMPLE]))]
        else:
            argv += [option, draw(st.one_of(numbers, WORDS))]
    # Bounds last (the last value wins), so that no example runs for long.
    if command == "search":
        argv += ["--goal", "monsters>=3", "--max-nodes", "20"] if "--goal" not in argv else ["--max-nodes", "20"]
    elif command == "perft":
        argv += ["--depth", draw(st.sampled_from(["0", "1", "2"]))]
    elif command == "sweep":
        argv += ["--hands", "1", "--workers", "0", "--engine", "bfs", "--max-nodes", "3"]   # --max-nodes: bfs only
    return argv


@settings(max_examples=EXAMPLES_COUNT or 150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(command_lines())
def test_random_command_lines_exit_0_or_2(capsys, argv):
    capsys.readouterr()     # one capture per example (the fixture is shared by the examples)
    _run(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if err.strip():
        assert len([line for line in err.splitlines() if line.startswith("pysolver")]) <= 1


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_the_shipped_example_round_trips_with_every_value(suffix, tmp_path):
    position = load_position(EXAMPLE)
    dump_position(position, tmp_path / f"p{suffix}")
    assert position_to_dict(load_position(tmp_path / f"p{suffix}")) == position_to_dict(position)
    raw = yaml.safe_load(Path(EXAMPLE).read_text(encoding="utf-8"))
    _given_values(raw, position_to_dict(position), default_cards())


def test_fuzz_helpers_see_a_changed_value():
    """The check of written-back values is not vacuous: a changed LP is caught."""
    raw = yaml.safe_load(Path(EXAMPLE).read_text(encoding="utf-8"))
    raw["players"][0]["lp"] = 1234
    dumped = position_to_dict(load_position(EXAMPLE))
    with pytest.raises(AssertionError):
        _given_values(raw, dumped, default_cards())
    with pytest.raises(PysolverError):
        load_position(WORK / "missing.yaml")
