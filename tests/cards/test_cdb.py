"""pysolver.cards.cdb: the YGOPro card database read into a CardDB, its cache, `load_cards` and `--cards`,
and (when ../shared/data/cards.cdb is present) the real database: the built-in pool agrees with it,
Extra Deck coverage, load time, and positions with cards outside the built-in pool."""

from __future__ import annotations

import dataclasses
import json
import os
import pickle
import sqlite3
import time

import pytest

from helpers import EXAMPLES, need_shared_data, shared_data
from pysolver import PysolverError, legal_plays, position_from_dict
from pysolver.cards import cardtext, cdb, extra_deck_text, reading
from pysolver.cards.card import CardDB, default_cards
from pysolver.cards.load import load_cards
from pysolver.cards.cdb import cache_file, load_cdb
from pysolver.cli import main
from pysolver.cards.coverage import category, coverage, describe as describe_coverage, effects, format_table, supported

SCHEMA = """
CREATE TABLE "datas" ("id" INTEGER, "ot" INTEGER, "alias" INTEGER, "setcode" INTEGER, "type" INTEGER,
    "atk" INTEGER, "def" INTEGER, "level" INTEGER, "race" INTEGER, "attribute" INTEGER, "category" INTEGER,
    PRIMARY KEY("id"));
CREATE TABLE "texts" ("id" INTEGER, "name" TEXT, "desc" TEXT, "str1" TEXT, "str2" TEXT, "str3" TEXT,
    "str4" TEXT, "str5" TEXT, "str6" TEXT, "str7" TEXT, "str8" TEXT, "str9" TEXT, "str10" TEXT, "str11" TEXT,
    "str12" TEXT, "str13" TEXT, "str14" TEXT, "str15" TEXT, "str16" TEXT, PRIMARY KEY("id"));
"""

# (id, ot, alias, setcode, type, atk, def, level, race, attribute, name, desc): real rows of cards.cdb
ROWS = [
    (46986414, 3, 0, 0x10A2, 0x11, 2500, 2100, 7, 0x2, 0x20, "Dark Magician",
     "The ultimate wizard in terms of attack and defense."),
    (36996508, 3, 46986414, 0x10A2, 0x11, 2500, 2100, 7, 0x2, 0x20, "Dark Magician",       # an alternate artwork
     "The ultimate wizard in terms of attack and defense."),
    (63977008, 3, 0, 0x431017, 0x1021, 1300, 500, 3, 0x1, 0x20, "Junk Synchron",
     "When this card is Normal Summoned: You can target 1 Level 2 or lower monster in your GY; Special Summon "
     "that target in Defense Position, but negate its effects."),
    (60800381, 3, 0, 0x20660043, 0x2021, 2300, 1300, 5, 0x1, 0x20, "Junk Warrior",
     '"Junk Synchron" + 1+ non-Tuner monsters\r\nIf this card is Synchro Summoned: It gains ATK equal to the '
     "total ATK of all Level 2 or lower monsters you currently control."),
    (1861629, 3, 0, 0x101, 0x4000021, 2300, 133, 3, 0x1000000, 0x20, "Decode Talker",
     "2+ Effect Monsters\r\nGains 500 ATK for each monster it points to."),
    (15146890, 3, 0, 0x98, 0x1000011, 1800, 900, 0x01010004, 0x2, 0x1, "Dragonpulse Magician",
     "[ Pendulum Effect ]\r\nOnce per turn, ...: destroy it.\r\n----------------------------------------\r\n"
     "[ Flavor Text ]\r\nThis boy magician has the gift of seeing the natural lines of energy."),
    (45627618, 3, 0, 1065172533401, 0x1800021, 3000, 2500, 0x04040007, 0x2000, 0x20, "Odd-Eyes Rebellion Dragon",
     "[ Pendulum Effect ]\r\nOnce per turn, ...\r\n----------------------------------------\r\n"
     "[ Monster Effect ]\r\n2 Level 7 Dragon-Type monsters\r\nIf you can Pendulum Summon Level 7, ..."),
    (76812113, 3, 0, 0x64, 0x11, 1300, 1400, 4, 0x200, 0x8, "Harpie Lady",
     "This human-shaped animal with wings is beautiful to watch but deadly in battle."),
    (91932350, 3, 76812113, 0x64, 0x21, 1300, 1400, 4, 0x200, 0x8, "Harpie Lady 1",     # always treated as
     '(This card\'s name is always treated as "Harpie Lady".)\nAll WIND monsters gain 300 ATK.'),
    (2948263, 3, 0, 0x59, 0x2000021, -2, 1500, 4, 0x100, 0x1, "Gogogo Golem - Golden Form",
     "Cannot be Normal Summoned/Set. Must be Special Summoned by ... This card's ATK is ..."),
    (3129635, 3, 0, 0, 0x20004, 1800, 1000, 4, 0x100, 0x20, "Tiki Curse",                 # a Trap Monster
     "Activate this card by ... Special Summon this card as a Normal Monster (Rock/DARK/Level 4/ATK 1800/DEF 1000)."),
    (111, 4, 0, 0, 0x11, 100, 100, 1, 0x1, 0x1, "Anime Only Monster", "Not an official card."),  # skipped (ot)
    (222, 3, 0, 0, 0x8000000, 0, 0, 0, 0, 0, "A Skill", "Not a card of the game."),            # skipped (type)
]


def make_cdb(path, rows=ROWS):
    connection = sqlite3.connect(path)
    connection.executescript(SCHEMA)
    for row in rows:
        *datas, name, desc = row
        connection.execute("INSERT INTO datas VALUES (?,?,?,?,?,?,?,?,?,?,0)", datas)
        connection.execute("INSERT INTO texts (id, name, desc) VALUES (?,?,?)", (row[0], name, desc))
    connection.commit()
    connection.close()
    return path


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """Every test has its own cache folder; $PYSOLVER_CARDS is unset unless a test sets it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("PYSOLVER_CARDS", raising=False)


@pytest.fixture
def tiny(tmp_path):
    return make_cdb(tmp_path / "tiny.cdb")


# --------------------------------------------------------------------------------------------------
# Decoding


def test_every_field_is_decoded(tiny):
    db = load_cdb(tiny)
    assert len(db) == 10 and db.skipped == 2
    assert "Anime Only Monster" not in db and "A Skill" not in db

    magician = db["Dark Magician"]
    assert (magician.passcode, magician.kinds, magician.level, magician.rank, magician.link_rating) == \
        (46986414, frozenset({"monster", "normal"}), 7, None, None)
    assert (magician.attribute, magician.race, magician.atk, magician.defense, magician.scale) == \
        ("DARK", "Spellcaster", 2500, 2100, None)
    assert magician.setcodes == (0x10A2,) and magician.materials is None and magician.alias is None
    assert magician.arrows == frozenset() and magician.text == ROWS[0][-1]

    tuner = db["Junk Synchron"]
    assert tuner.kinds == {"monster", "effect", "tuner"} and tuner.level == 3 and tuner.race == "Warrior"
    assert tuner.setcodes == (0x1017, 0x43)

    synchro = db[60800381]
    assert synchro.kinds == {"monster", "effect", "synchro"} and synchro.level == 5
    assert synchro.materials == '"Junk Synchron" + 1+ non-Tuner monsters'
    assert synchro.setcodes == (0x43, 0x2066) and synchro.text.startswith(synchro.materials + "\r\n")
    assert str(cardtext.material_requirement(synchro)) == '"Junk Synchron" + 1+ non-Tuner monsters'

    link = db["Decode Talker"]
    assert link.kinds == {"monster", "effect", "link"} and link.link_rating == 3 and link.level is None
    assert link.arrows == {"T", "BL", "BR"} and link.defense is None and link.atk == 2300
    assert link.race == "Cyberse" and link.materials == "2+ Effect Monsters"

    pendulum = db["Dragonpulse Magician"]
    assert pendulum.kinds == {"monster", "normal", "pendulum"} and pendulum.level == 4 and pendulum.scale == 1
    assert pendulum.attribute == "EARTH" and pendulum.materials is None

    rebellion = db["Odd-Eyes Rebellion Dragon"]
    assert rebellion.kinds == {"monster", "effect", "xyz", "pendulum"} and rebellion.rank == 7
    assert rebellion.scale == 4 and rebellion.level is None and rebellion.race == "Dragon"
    assert rebellion.materials == "2 Level 7 Dragon-Type monsters"   # the line after [ Monster Effect ]
    assert rebellion.setcodes == (0x99, 0x13B, 0xF8)

    golem = db["Gogogo Golem - Golden Form"]
    assert golem.atk is None and golem.defense == 1500 and "special_summon" in golem.kinds

    tiki = db["Tiki Curse"]
    assert tiki.kinds == {"trap", "continuous"} and tiki.level == 4 and tiki.race == "Rock"
    assert (tiki.attribute, tiki.atk, tiki.defense) == ("DARK", 1800, 1000)


def test_alternate_artworks_are_one_card(tiny):
    db = load_cdb(tiny)
    original = db[46986414]
    assert db[36996508] is original and db.get("36996508") is original and db["dark magician"] is original
    assert [card.passcode for card in db if card.name == "Dark Magician"] == [46986414]
    assert 36996508 in db and 36996509 not in db


def test_always_treated_as_cards_keep_their_name(tiny):
    db = load_cdb(tiny)
    harpie_1 = db["Harpie Lady 1"]
    assert harpie_1.passcode == 91932350 and harpie_1.alias == 76812113
    assert db[91932350] is harpie_1 and db["Harpie Lady"].passcode == 76812113
    from pysolver.solve.facts import card_facts
    assert "name(91932350,76812113)." in card_facts(harpie_1)   # its name for materials is "Harpie Lady"


def test_database_cards_solve_like_pool_cards(tiny):
    """Junk Warrior from the tiny database: "Junk Synchron" + a Level 2 non-Tuner of the built-in pool."""
    db = load_cdb(tiny)
    pool = list(default_cards())
    both = CardDB([card for card in pool if card.passcode not in {c.passcode for c in db}] + list(db),
                  source="tiny + pool")
    data = {"format": "pysolver-position/1", "players": [
        {"monster_zones": {1: "Junk Synchron", 2: "Speed Warrior"}, "extra_deck": ["Junk Warrior"]}]}
    plays = legal_plays(position_from_dict(data, cards=both), actions=("synchro_summon",))
    assert [(p.card, p.materials) for p in plays] == [("ED1", ("M1", "M2"))]


def test_material_line_rules():
    assert cdb.material_line("1 Tuner + 1+ non-Tuner monsters\r\nText", 0x2021) == "1 Tuner + 1+ non-Tuner monsters"
    assert cdb.material_line("  2 Level 4 monsters  \nText", 0x800021) == "2 Level 4 monsters"
    text = "[ Pendulum Effect ]\nP\n----\n[ Monster Effect ]\n1 Tuner + 1+ non-Tuner monsters\nM"
    assert cdb.material_line(text, 0x1002021) == "1 Tuner + 1+ non-Tuner monsters"
    assert cdb.material_line(text, 0x2021) == "[ Pendulum Effect ]"     # not a Pendulum: the first line
    assert cdb.is_official(1) and cdb.is_official(3) and not cdb.is_official(4) and not cdb.is_official(0x201)


def test_card_db_aliases_are_backwards_compatible():
    pool = list(default_cards())
    plain = CardDB(pool)
    assert plain.get(36996508) is None and len(plain) == len(pool)
    aliased = CardDB(pool, aliases={36996508: 46986414, 1: 999999999})   # an alias to a missing card is dropped
    assert aliased.get(36996508).name == "Dark Magician" and aliased.get(1) is None
    assert len(aliased) == len(pool) and list(aliased) == list(plain)


# --------------------------------------------------------------------------------------------------
# The cache


def _no_database(*_args):
    raise AssertionError("the database was read: the cache was not used")


def test_second_load_hits_the_cache(tiny, monkeypatch):
    first = load_cdb(tiny)
    assert cache_file(tiny).is_file()
    assert str(cache_file(tiny)).startswith(os.environ["XDG_CACHE_HOME"])
    monkeypatch.setattr(cdb, "_read_rows", _no_database)
    second = load_cdb(tiny)
    assert second is not first and len(second) == len(first) and second.skipped == 2
    for card in first:
        assert dataclasses.astuple(second[card.passcode]) == dataclasses.astuple(card)
    assert second[36996508].passcode == 46986414 and second.source == first.source


def test_touching_the_database_keeps_the_cache_and_a_change_invalidates_it(tiny, monkeypatch):
    load_cdb(tiny)
    stat = os.stat(tiny)
    os.utime(tiny, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    with monkeypatch.context() as patch:    # the key is the content: a new mtime alone changes nothing
        patch.setattr(cdb, "_read_rows", _no_database)
        assert len(load_cdb(tiny)) == 10
    # a changed database is read again
    connection = sqlite3.connect(tiny)
    connection.execute("INSERT INTO datas VALUES (70781052,3,0,0,17,2500,1200,6,8,32,0)")
    connection.execute("INSERT INTO texts (id, name, desc) VALUES (70781052,'Summoned Skull','A fiend.')")
    connection.commit()
    connection.close()
    assert "Summoned Skull" in load_cdb(tiny)
    monkeypatch.setattr(cdb, "_read_rows", _no_database)
    assert "Summoned Skull" in load_cdb(tiny)       # and cached again


def test_an_edit_keeping_size_and_mtime_is_not_served_stale(tiny):
    """Issue 12: the cache was keyed by size and mtime, so an edit that kept both was served stale."""
    before = load_cdb(tiny)
    name = next(card.name for card in before if len(card.name) >= 5)
    stat = os.stat(tiny)
    data = tiny.read_bytes()
    assert data.count(name.encode()) >= 1
    changed = name[:-1] + ("X" if name[-1] != "X" else "Y")           # same length: same size
    tiny.write_bytes(data.replace(name.encode(), changed.encode()))
    os.utime(tiny, ns=(stat.st_atime_ns, stat.st_mtime_ns))           # same mtime
    assert os.stat(tiny).st_size == stat.st_size and os.stat(tiny).st_mtime_ns == stat.st_mtime_ns
    after = load_cdb(tiny)
    assert changed in after and name not in after


class _Payload:
    """Unpickling this runs code: it creates the file named `marker`."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_a_crafted_cache_file_runs_no_code(tiny, tmp_path):
    """Issue 12: the cache was a pickle, so a crafted file in the cache folder ran code when pysolver
    started. The cache is JSON now; a pickle (under the old or new name) or a JSON file with the right key
    and malformed rows is ignored and rebuilt."""
    marker = tmp_path / "pwned"
    file = cache_file(tiny)
    file.parent.mkdir(parents=True, exist_ok=True)
    payload = pickle.dumps((cdb.cache_key(tiny), _Payload(marker)))
    file.write_bytes(payload)
    file.with_suffix(".pickle").write_bytes(payload)
    assert len(load_cdb(tiny)) == 10 and not marker.exists()
    assert json.loads(file.read_text(encoding="utf-8"))["key"] == cdb.cache_key(tiny)   # rebuilt as JSON
    for rows in ([["x"]], [[1, "A", ["monster"], None, None, None, None, None, None, None, None, [], [],
                            None, "t", "not an alias"]], "nope"):
        file.write_text(json.dumps({"key": cdb.cache_key(tiny), "cards": rows, "aliases": [], "skipped": 0}))
        db = load_cdb(tiny)
        assert len(db) == 10 and "A" not in db and not marker.exists()


def test_a_changed_parser_invalidates_the_cache(tiny, monkeypatch):
    load_cdb(tiny)
    monkeypatch.setattr(cdb, "_sources_hash", lambda: "another parser")
    monkeypatch.setattr(cdb, "_read_rows", _no_database)
    with pytest.raises(AssertionError, match="cache was not used"):
        load_cdb(tiny)


def test_a_broken_or_unwritable_cache_is_ignored(tiny, tmp_path, monkeypatch):
    load_cdb(tiny)
    cache_file(tiny).write_bytes(b"not JSON \xff")
    assert len(load_cdb(tiny)) == 10                       # rebuilt and rewritten
    data = json.loads(cache_file(tiny).read_text(encoding="utf-8"))
    assert data["key"] == cdb.cache_key(tiny) and len(data["cards"]) == 10
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))     # the cache folder cannot be made
    assert len(load_cdb(tiny)) == 10
    assert len(load_cdb(tiny, cache=False)) == 10


# --------------------------------------------------------------------------------------------------
# load_cards and --cards


def _pool_yaml(path):
    path.write_text("- name: Only Card\n  passcode: 1234\n  kinds: [monster, normal]\n  level: 1\n"
                    "  attribute: DARK\n  race: Fiend\n  atk: 0\n  def: 0\n  text: A card.\n", encoding="utf-8")
    return path


def test_load_cards_precedence(tiny, tmp_path, monkeypatch):
    assert load_cards() is default_cards()
    monkeypatch.setenv("PYSOLVER_CARDS", str(tiny))
    assert "Gogogo Golem - Golden Form" in load_cards() and "tiny.cdb" in load_cards().source
    pool = _pool_yaml(tmp_path / "pool.yaml")
    explicit = load_cards(pool)
    assert [card.name for card in explicit] == ["Only Card"]
    assert "Only Card" in load_cards(str(pool))
    monkeypatch.setenv("PYSOLVER_CARDS", "")
    assert load_cards() is default_cards()


def test_a_database_without_the_cdb_suffix_is_recognised(tiny, tmp_path):
    other = tmp_path / "cards.sqlite"
    other.write_bytes(tiny.read_bytes())
    assert "Decode Talker" in load_cards(other)


@pytest.mark.parametrize("name, content, message", [
    ("missing.cdb", None, "no such card database or pool"),
    ("missing.yaml", None, "no such card database or pool"),
    ("text.cdb", "hello, I am not a database\n" * 10, "not a YGOPro card database"),
    ("notes.txt", "hello\n", "not a card database or pool"),
    ("bad.yaml", "- [unclosed\n", "not valid YAML"),
])
def test_load_cards_errors_name_the_file(tmp_path, name, content, message):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    with pytest.raises(PysolverError, match=message) as caught:
        load_cards(path)
    assert str(path) in str(caught.value)


def test_load_cards_error_cases_with_sqlite_and_environment(tmp_path, monkeypatch):
    empty = tmp_path / "empty.cdb"
    sqlite3.connect(empty).execute("CREATE TABLE other (x)").connection.close()
    with pytest.raises(PysolverError, match="not a YGOPro card database"):
        load_cards(empty)
    none_official = make_cdb(tmp_path / "anime.cdb", [row for row in ROWS if row[1] == 4])
    with pytest.raises(PysolverError, match="no official cards"):
        load_cards(none_official)
    with pytest.raises(PysolverError, match="not a file"):
        load_cards(tmp_path)
    monkeypatch.setenv("PYSOLVER_CARDS", str(tmp_path / "gone.cdb"))
    with pytest.raises(PysolverError, match=r"gone\.cdb: .*\$PYSOLVER_CARDS"):
        load_cards()


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cards_option_before_or_after_the_command(tiny, capsys):
    for argv in (["--cards", str(tiny), "cards", "show", "Gogogo Golem - Golden Form"],
                 ["cards", "show", "Gogogo Golem - Golden Form", "--cards", str(tiny)],
                 ["cards", "--cards", str(tiny), "show", "2948263"]):
        code, out, err = run(capsys, *argv)
        assert code == 0, err
        assert out.startswith("Gogogo Golem - Golden Form (2948263)") and "ATK ?  DEF 1500" in out
    code, _, err = run(capsys, "cards", "show", "Gogogo Golem - Golden Form")     # not in the built-in pool
    assert code == 2 and "built-in pool" in err and len(err.strip().splitlines()) == 1


def test_cards_option_from_the_environment_and_bad_path(tiny, capsys, monkeypatch):
    monkeypatch.setenv("PYSOLVER_CARDS", str(tiny))
    code, out, _ = run(capsys, "cards", "show", "Harpie Lady 1")
    assert code == 0 and "treated as: Harpie Lady (76812113)" in out
    code, _, err = run(capsys, "--cards", "nowhere.cdb", "plays", str(EXAMPLES / "spec-example.yaml"))
    assert code == 2 and err.startswith("nowhere.cdb: no such card database") and len(err.splitlines()) == 1


def test_plays_with_a_card_database(tiny, capsys, tmp_path):
    position = tmp_path / "pos.yaml"
    position.write_text("format: pysolver-position/1\nplayers:\n  - hand: [Harpie Lady 1, 36996508]\n"
                        "    monster_zones: {1: Harpie Lady, 2: Junk Synchron}\n")
    code, out, err = run(capsys, "plays", str(position), "--json", "--cards", str(tiny))
    assert code == 0, err
    plays = json.loads(out)["plays"]
    assert {p["name"] for p in plays if p["action"] == "normal_summon"} == {"Harpie Lady 1", "Dark Magician"}
    code, _, err = run(capsys, "plays", str(position))
    assert code == 2 and "Harpie Lady 1" in err


@pytest.fixture
def fresh_reading():
    """The readers cache by passcode and the tiny pool's texts are shortened ("..."): read them afresh,
    and forget them afterwards so that other tests see the real texts."""
    caches = (reading.unread_clauses, extra_deck_text.pendulum_as_level)
    for cache in caches:
        cache.cache_clear()
    yield
    for cache in caches:
        cache.cache_clear()


def test_cards_show_and_coverage(tiny, capsys, fresh_reading):
    code, out, _ = run(capsys, "--cards", str(tiny), "cards", "show", "Junk Warrior")
    assert code == 0
    assert 'material line: "Junk Synchron" + 1+ non-Tuner monsters' in out
    assert 'requirement: "Junk Synchron" + 1+ non-Tuner monsters' in out and "summoning rules (synchro): read" in out
    assert "effects: NOT modelled" in out
    code, out, _ = run(capsys, "--cards", str(tiny), "cards", "show", "Decode Talker")
    assert "Link-3" in out and "arrows BL BR T" in out and "DEF" not in out.split("text:")[0]
    code, out, _ = run(capsys, "--cards", str(tiny), "cards", "coverage", "--json")
    data = json.loads(out)
    assert code == 0 and data["cards"] == 10
    kinds = data["kinds"]
    assert kinds["synchro"] == {"total": 1, "supported": 1, "percent": 100.0, "top_reasons": [],
                                "effects": {"modelled": 0, "partly": 0, "not_modelled": 1, "none": 0}}
    assert kinds["link"]["supported"] == 1
    # the shortened "If you can Pendulum Summon Level 7, ..." is not the wording read (issue 15 item 3)
    assert kinds["xyz"]["supported"] == 0 and kinds["xyz"]["top_reasons"] == [
        ["unread: Pendulum Summon from the Extra Deck as a Level", 1]]
    assert kinds["fusion"]["total"] == 0
    assert kinds["extra deck"]["total"] == 3 and kinds["summoning condition"]["total"] == 1
    code, out, _ = run(capsys, "--cards", str(tiny), "cards", "coverage")
    assert code == 0 and "synchro: summoning rules read for 1/1 (100.0%); effects modelled as plays: 0, partly: 0, " \
        "not: 1" in out


def test_coverage_categories_and_fail_closed_reasons():
    pool = default_cards()
    assert category(pool["Stardust Dragon"]) == "synchro" and supported(pool["Stardust Dragon"]) is None
    assert category(pool["Dark Magician"]) == "other monster" and supported(pool["Dark Magician"]) is None
    assert category(pool["Pot of Greed"]) == "spell/trap" and supported(pool["Pot of Greed"]) is None
    assert category(pool["Black Luster Soldier"]) == "ritual monster"
    assert category(pool["Black Luster Ritual"]) == "ritual spell"
    assert category(pool["Fenrir"]) == "summoning condition" and supported(pool["Fenrir"]) is None
    assert "once per Duel" in supported(pool["Unknown Synchron"])
    broken = dataclasses.replace(pool["Stardust Dragon"], passcode=990000001, materials="1 Tuner + 1 monster on the field or in the GY")
    assert category(broken) == "synchro" and supported(broken)
    table = coverage(pool)
    assert table["extra deck"]["total"] == sum(1 for card in pool if card.is_extra_deck)
    assert sum(row["total"] for kind, row in table.items() if kind != "extra deck") == len(pool)
    odd = dataclasses.replace(pool["Celtic Guardian"], passcode=2,   # an unread clause about its use as material
                              text="This card can be used as the entire Tribute for a Fusion Summon.")
    assert category(odd) == "other monster" and supported(odd)


def test_coverage_tells_summoning_rules_read_from_effects_modelled_as_plays():
    """Issue 12: "supported" said only that a card's summoning rules are read; Spells/Traps showed 100%
    though pysolver offers the effects of very few of them. Each card now has both."""
    pool = default_cards()
    assert effects(pool["Pot of Greed"]) == "not modelled" and supported(pool["Pot of Greed"]) is None
    assert effects(pool["Monster Reborn"]) == "modelled" and effects(pool["Polymerization"]) == "modelled"
    assert effects(pool["Black Luster Ritual"]) == "modelled"
    assert effects(pool["Dark Magician"]) == "none" and effects(pool["Stardust Dragon"]) == "not modelled"
    table = coverage(pool)
    spells = table["spell/trap"]
    # every Spell/Trap's summoning rules are read but Prohibition's declared-name effects (issue 15B's
    # conservative reading: "They cannot be Summoned or Set." is a rule sentence pysolver does not read)
    assert [c.name for c in pool if category(c) == "spell/trap" and supported(c)] == ["Prohibition"]
    assert "They cannot" in supported(pool["Prohibition"])
    assert spells["supported"] == spells["total"] - 1 and spells["effects"]["modelled"] < spells["total"]
    assert sum(spells["effects"].values()) == spells["total"]
    lines = "\n".join(describe_coverage(pool["Pot of Greed"]))
    assert "summoning rules (spell/trap): read" in lines and "effects: NOT modelled" in lines


def test_cards_show_crossout_designator_says_its_effect_is_not_a_play(capsys):
    cdb_path = need_shared_data() / "cards.cdb"
    code, out, _ = run(capsys, "--cards", str(cdb_path), "cards", "show", "Crossout Designator")
    assert code == 0 and "effects: NOT modelled: pysolver never offers them as plays" in out
    assert "coverage (spell/trap): supported" not in out


# --------------------------------------------------------------------------------------------------
# The real database (../shared/data/cards.cdb), when present


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    folder = need_shared_data()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("real-cache")))
        path = folder / "cards.cdb"
        start = time.perf_counter()
        cold = load_cdb(path)
        cold_time = time.perf_counter() - start
        start = time.perf_counter()
        warm = load_cdb(path)
        warm_time = time.perf_counter() - start
        parse = getattr(cardtext.material_requirement, "__wrapped__", cardtext.material_requirement)
        start = time.perf_counter()
        for card in warm:
            if card.is_extra_deck:
                parse(card)
        parse_time = time.perf_counter() - start
    print(f"\ncards.cdb: {len(warm)} cards; cold load {cold_time:.3f} s, warm load {warm_time:.3f} s, "
          f"every material line parsed in {parse_time:.3f} s (warm total {warm_time + parse_time:.3f} s)")
    assert len(cold) == len(warm)
    return warm


def test_the_real_database_loads(real):
    assert len(real) == 14317 and real.skipped == 0
    assert sum(1 for card in real if card.is_extra_deck) == 2159
    assert real[36996508].passcode == 46986414                          # an alternate artwork of Dark Magician
    assert real["Harpie Lady 1"].alias == 76812113
    assert real["Fireball Token"].passcode == 23116809                  # two cards of this name: the lower


def test_the_built_in_pool_equals_the_database(real):
    problems = []
    for card in default_cards():
        other = real.get(card.passcode)
        if other is None or other.passcode != card.passcode:
            problems.append(f"{card.passcode} {card.name}: not a card of the database")
            continue
        for field in dataclasses.fields(card):
            if getattr(card, field.name) != getattr(other, field.name):
                problems.append(f"{card.name}: {field.name} {getattr(card, field.name)!r} != "
                                f"{getattr(other, field.name)!r}")
    assert not problems, "\n".join(problems)


def test_extra_deck_coverage_floor_under_conservative_reading(real):
    """Issue 15 item 7 made "supported" strict (every rule sentence read, pysolver.cards.reading): the
    figure fell from 93.8% (sentences ignored) to the honest one; this floor only guards against a
    regression, the issue's target (98%) is not reached yet (see the closing note of issue 15)."""
    table = coverage(card for card in real if card.is_extra_deck)
    extra = table["extra deck"]
    print("\n" + format_table(table, top=5))
    assert extra["total"] == 2159
    assert extra["supported"] >= 0.70 * extra["total"], extra
    for kind in ("fusion", "synchro", "xyz", "link"):
        assert table[kind]["supported"] >= 0.55 * table[kind]["total"], (kind, table[kind])


# Positions solved with the built-in pool and with the database: cards shared by both must give the same
# plays; cards the pool lacks are replaced by database cards with the same summoning facts ("twins": same
# kinds, Level/Rank/Link Rating, arrows, material line and Normal Summon rules), which must give the same
# plays too (plays name instances, not cards).

TWINS = {
    "Celtic Guardian": "Prevent Rat", "Vorse Raider": "Kojikocy", "Mystical Elf": "Uraby",
    "Summoned Skull": "Boulder Tortoise", "Dark Magician": "Seiyaryu", "Flamvell Guard": "Lunar Rabbit Omajinai",
    "Genex Controller": "Tune Warrior", "Stardust Dragon": "Black-Winged Dragon",
    "Red Dragon Archfiend": "Blackfeather Darkrage Dragon", "Number 39: Utopia": "Daigusto Emeral",
    "Mecha Phantom Beast Dracossack": "Number 42: Galaxy Tomahawk", "Security Dragon": "Reprodocus",
    "Decode Talker": "W:P Fancy Ball", "Junk Synchron": "Junk Changer", "Speed Warrior": "Gagaga Sister",
    "Kuriboh": "Ankuriboh",
}


# What pysolver.cards.cardtext reads from a card's text; the readers that exist are compared.
_READERS = ("tribute_rules", "double_tribute", "tribute_limit", "special_summon_limit",
            "special_summon_way", "material_rules", "fusion_substitute", "fusion_spell", "ritual_spell",
            "summoning_procedure")


def _twin_facts(card):
    read = []
    for reader in _READERS:
        function = getattr(cardtext, reader, None)
        if function is not None:
            value = function(card)
            read.append(str(value).replace(repr(card.name), "'<name>'") if isinstance(value, Exception) else value)
    return (card.kinds, card.level, card.rank, card.link_rating, card.arrows, card.materials,
            str(cardtext.material_requirement(card)) if card.is_extra_deck else None, *read)


def _me(**player):
    return {"format": "pysolver-position/1", "players": [player, {}]}


POSITIONS = {
    "normal summon": _me(hand=["Celtic Guardian", "Vorse Raider", "Mystical Elf"]),
    "tribute summon": _me(hand=["Summoned Skull", "Dark Magician"],
                          monster_zones={1: "Celtic Guardian", 3: {"card": "Vorse Raider", "position": "defense"}}),
    "set and tribute with a used summon": {**_me(hand=["Dark Magician", "Kuriboh"], monster_zones={
        2: "Mystical Elf", 4: "Celtic Guardian", 5: "Kuriboh"}), "turn": 3},
    "synchro": _me(monster_zones={1: "Flamvell Guard", 2: "Dark Magician", 3: "Celtic Guardian"},
                   extra_deck=["Stardust Dragon", "Red Dragon Archfiend"]),
    "synchro with a level 3 tuner": _me(monster_zones={1: "Genex Controller", 2: "Vorse Raider",
                                                       4: "Flamvell Guard"},
                                        extra_deck=["Stardust Dragon", "Red Dragon Archfiend"]),
    "xyz rank 4": _me(monster_zones={1: "Celtic Guardian", 2: "Vorse Raider", 3: "Mystical Elf"},
                      extra_deck=["Number 39: Utopia"]),
    "xyz rank 7": _me(hand=["Kuriboh"], monster_zones={2: "Dark Magician", 5: "Dark Magician"},
                      extra_deck=["Mecha Phantom Beast Dracossack", "Number 39: Utopia"]),
    "link 2 monsters": _me(monster_zones={1: "Celtic Guardian", 3: "Kuriboh"}, extra_deck=["Security Dragon"]),
    "link effect monsters": _me(monster_zones={1: "Junk Synchron", 2: "Speed Warrior", 4: "Kuriboh"},
                                extra_deck=["Decode Talker", "Security Dragon"]),
    "link with the extra monster zone taken": _me(
        monster_zones={2: "Junk Synchron", 3: "Speed Warrior"}, extra_monster_zones={"left": "Security Dragon"},
        extra_deck=["Decode Talker", "Security Dragon"]),
    "master rule 4 link": {**_me(monster_zones={1: "Kuriboh", 5: "Speed Warrior", 3: "Junk Synchron"},
                                 extra_deck=["Decode Talker"]), "rules": "master-rule-4"},
    "everything at once": _me(hand=["Summoned Skull", "Junk Synchron"],
                              monster_zones={1: "Flamvell Guard", 2: "Celtic Guardian", 3: "Vorse Raider",
                                             4: "Speed Warrior"},
                              extra_deck=["Stardust Dragon", "Number 39: Utopia", "Security Dragon",
                                          "Decode Talker"]),
}


def _rename(value, names):
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_rename(item, names) for item in value]
    if isinstance(value, dict):
        return {key: _rename(item, names) for key, item in value.items()}
    return value


def _plays(data, cards):
    return [play.to_json() for play in legal_plays(position_from_dict(data, cards=cards))]


def test_twins_have_the_same_summoning_facts(real):
    pool = default_cards()
    for name, twin in TWINS.items():
        assert twin not in pool, twin
        assert _twin_facts(pool[name]) == _twin_facts(real[twin]), (name, twin)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_real_positions_solve_alike(real, name):
    data = POSITIONS[name]
    expected = _plays(data, default_cards())
    assert expected and any(play["action"] != "end_turn" for play in expected)
    assert _plays(data, real) == expected                              # the same cards, from the database
    twins = _rename(data, TWINS)
    assert twins != data
    assert _plays(twins, real) == _rename(expected, TWINS)             # cards the built-in pool lacks


def test_shared_data_locator():
    path = shared_data()
    assert path is None or (path / "cards.cdb").is_file()
