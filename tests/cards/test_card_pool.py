"""The built-in card pool (pysolver/cards/data/cards.yaml): internal consistency, and every fact checked
against the real YGOPro database when `../shared/data/cards.cdb` is available.

The database is located as `<repo>/../shared/data/cards.cdb`, or through the environment variable
PYSOLVER_SHARED_DATA pointing at the data folder. The database checks skip cleanly when it is absent.
"""

from __future__ import annotations

import csv
import os
import re
import sqlite3
from importlib import resources
from pathlib import Path

import pytest
import yaml

from pysolver.cards.card import ARROWS, ATTRIBUTES, KINDS, RACES, CardDB, default_cards
from pysolver.errors import PysolverError

EXTRA_DECK = {"fusion", "synchro", "xyz", "link"}


@pytest.fixture(scope="module")
def pool() -> CardDB:
    return CardDB.from_yaml(None)


@pytest.fixture(scope="module")
def raw_entries() -> list[dict]:
    text = resources.files("pysolver.cards.data").joinpath("cards.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


# --------------------------------------------------------------------------------------------------
# (a) The pool on its own


def test_pool_loads_and_is_sizeable(pool):
    assert len(pool) >= 250
    assert len(default_cards()) == len(pool)


def test_entries_sorted_unique_and_in_schema_key_order(raw_entries):
    order = ["name", "passcode", "kinds", "level", "rank", "link_rating", "attribute", "race", "atk", "def",
             "scale", "arrows", "setcodes", "materials", "text", "alias"]
    names = [entry["name"] for entry in raw_entries]
    assert names == sorted(names, key=str.casefold)
    assert len({name.casefold() for name in names}) == len(names), "duplicate names"
    codes = [entry["passcode"] for entry in raw_entries]
    assert len(set(codes)) == len(codes), "duplicate passcodes"
    for entry in raw_entries:
        keys = list(entry)
        assert keys == sorted(keys, key=order.index), entry["name"]
        if "setcodes" in entry:
            assert entry["setcodes"] and all(0 < code <= 0xFFFF for code in entry["setcodes"]), entry["name"]
        if "alias" in entry:
            assert entry["alias"] not in (0, None), entry["name"]


def test_every_card_is_consistent(pool):
    for card in pool:
        where = card.name
        assert card.kinds and card.kinds <= set(KINDS), where
        assert card.text, where
        assert len({"monster", "spell", "trap"} & card.kinds) == 1, where
        if card.is_monster:
            assert card.attribute in ATTRIBUTES, where
            assert card.race in RACES, where
            assert card.atk is None or card.atk >= 0, where
            ranks = [value for value in (card.level, card.rank, card.link_rating) if value is not None]
            assert len(ranks) == 1, where
        else:
            assert not card.kinds & (EXTRA_DECK | {"pendulum", "tuner", "token"}), where
            assert card.scale is None and not card.arrows and card.materials is None, where
            if "spell" in card.kinds:
                assert card.level is None and card.attribute is None and card.race is None, where
                assert card.atk is None and card.defense is None, where
        if card.is_extra_deck:
            assert card.materials and card.materials.strip() == card.materials, where
            assert "\n" not in card.materials and "\r" not in card.materials, where
            assert len(card.kinds & EXTRA_DECK) == 1, where
        else:
            assert card.materials is None, where
        if card.is_a("link"):
            assert card.link_rating is not None and card.link_rating >= 1, where
            assert card.arrows and card.arrows <= set(ARROWS), where
            assert card.defense is None and card.level is None and card.rank is None, where
        else:
            assert not card.arrows and card.link_rating is None, where
        if card.is_a("xyz"):
            assert card.rank is not None and card.rank >= 1 and card.level is None, where
        else:
            assert card.rank is None, where
        if card.is_monster and not card.kinds & {"xyz", "link"}:
            assert card.level is not None and 1 <= card.level <= 12, where
        if card.is_a("pendulum"):
            assert card.scale is not None and 0 <= card.scale <= 13, where
        else:
            assert card.scale is None, where
        if card.is_a("token"):
            assert card.is_monster, where


def test_lookup_by_name_is_case_insensitive(pool):
    card = pool["Dark Magician"]
    assert card.passcode == 46986414
    assert pool["dark magician"] is card
    assert pool["DARK MAGICIAN"] is card
    assert pool["  Dark Magician "] is card
    assert pool[46986414] is card
    assert pool["46986414"] is card
    assert "dARK mAGICIAN" in pool


def test_unknown_name_suggests_a_near_miss(pool):
    with pytest.raises(PysolverError, match="did you mean") as caught:
        pool["Dark Magican"]
    assert "Dark Magician" in str(caught.value)
    with pytest.raises(PysolverError):
        pool[12345]
    assert pool.get("No Such Card At All") is None


def test_mechanics_have_variety(pool):
    """The pool covers the mechanics with varied Levels/Ranks/Link Ratings."""
    def values(kind, attr):
        return {getattr(card, attr) for card in pool if card.is_a(kind)}

    normals = {card.level for card in pool if card.is_a("normal") and card.is_monster and not card.is_a("token")}
    assert set(range(1, 9)) <= normals
    tuners = {card.level for card in pool if card.is_a("tuner") and not card.is_extra_deck}
    assert set(range(1, 6)) <= tuners
    assert set(range(2, 13)) <= values("synchro", "level")
    assert set(range(1, 9)) <= values("xyz", "rank")
    assert set(range(1, 5)) <= values("link", "link_rating")
    assert {"fusion", "ritual", "pendulum", "token", "gemini", "flip", "spirit"} <= set().union(
        *(card.kinds for card in pool))
    assert set(ATTRIBUTES) - {"DIVINE"} <= {card.attribute for card in pool}


def test_fixture_cards_present(pool):
    for name in ("Swift Gaia the Fierce Knight", "The Monarchs Stormforth", "Knight Day Grepher",
                 "Dogoran, the Mad Flame Kaiju", "Blue-Eyes Shining Dragon", "Dark Necrofear", "Gishki Shadow",
                 "Premature Burial", "Book of Moon", "Stealth Bird", "Magician of Faith", "Penguin Soldier",
                 "Morphing Jar", "Super Soldier Ritual", "Chaos Form", "Meteonis Drytron", "Ritual Raven",
                 "Nekroz of Brionac", "Shooting Majestic Star Dragon", "Synchro Material", "Micro Coder",
                 "Underworld Goddess of the Closed World", "Summon Sorceress", "Sheep Token", "Fluff Token",
                 "Doomsday Token", "Ojama Token", "Majestic Dragon", "Time Wizard", "Tiki Curse"):
        assert name in pool, name


# --------------------------------------------------------------------------------------------------
# (b) Against the real database


def _shared_data_dir() -> Path:
    env = os.environ.get("PYSOLVER_SHARED_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[3] / "shared" / "data"


@pytest.fixture(scope="module")
def cdb():
    path = _shared_data_dir() / "cards.cdb"
    if not path.is_file():
        pytest.skip(f"real card database not found at {path} (set PYSOLVER_SHARED_DATA to its folder)")
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    connection.row_factory = sqlite3.Row
    yield connection
    connection.close()


_TYPE_BITS = {
    "monster": 0x1, "spell": 0x2, "trap": 0x4, "normal": 0x10, "effect": 0x20, "fusion": 0x40, "ritual": 0x80,
    "trap_monster": 0x100, "spirit": 0x200, "union": 0x400, "gemini": 0x800, "tuner": 0x1000, "synchro": 0x2000,
    "token": 0x4000, "quickplay": 0x10000, "continuous": 0x20000, "equip": 0x40000, "field": 0x80000,
    "counter": 0x100000, "flip": 0x200000, "toon": 0x400000, "xyz": 0x800000, "pendulum": 0x1000000,
    "special_summon": 0x2000000, "link": 0x4000000,
}
_ATTRIBUTE_BITS = {0x1: "EARTH", 0x2: "WATER", 0x4: "FIRE", 0x8: "WIND", 0x10: "LIGHT", 0x20: "DARK", 0x40: "DIVINE"}
_RACE_NAMES = ["Warrior", "Spellcaster", "Fairy", "Fiend", "Zombie", "Machine", "Aqua", "Pyro", "Rock",
               "Winged Beast", "Plant", "Insect", "Thunder", "Dragon", "Beast", "Beast-Warrior", "Dinosaur", "Fish",
               "Sea Serpent", "Reptile", "Psychic", "Divine-Beast", "Creator God", "Wyrm", "Cyberse", "Illusion"]
_ARROW_BITS = {"BL": 0x1, "B": 0x2, "BR": 0x4, "L": 0x8, "R": 0x20, "TL": 0x40, "T": 0x80, "TR": 0x100}
_EXTRA_BITS = 0x40 | 0x2000 | 0x800000 | 0x4000000


def _row(cdb, passcode: int):
    return cdb.execute(
        "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, t.name, t.desc "
        "FROM datas d JOIN texts t ON t.id = d.id WHERE d.id = ?", (passcode,)).fetchone()


def _material_line(desc: str, type_bits: int) -> str:
    """The first line; for a Pendulum Extra Deck monster, the first line of its [ Monster Effect ] part."""
    lines = [line.strip() for line in re.split(r"\r\n|\n", desc)]
    if type_bits & 0x1000000 and lines[0] == "[ Pendulum Effect ]":
        return lines[lines.index("[ Monster Effect ]") + 1]
    return lines[0]


def _expected(row) -> dict:
    type_bits = row["type"]
    assert type_bits & ~sum(_TYPE_BITS.values()) == 0, f"{row['name']}: unexpected type bits {type_bits:#x}"
    facts = {
        "name": row["name"],
        "kinds": frozenset(kind for kind, bit in _TYPE_BITS.items() if type_bits & bit),
        "level": None, "rank": None, "link_rating": None, "attribute": None, "race": None, "atk": None,
        "defense": None, "scale": None, "arrows": frozenset(),
        "setcodes": tuple(code for code in ((row["setcode"] >> (16 * i)) & 0xFFFF for i in range(4)) if code),
        "materials": _material_line(row["desc"], type_bits) if type_bits & _EXTRA_BITS else None,
        "text": row["desc"],
        "alias": row["alias"] or None,
    }
    # Monsters, and Trap Cards that carry monster stats (Trap Monsters such as Tiki Curse).
    if type_bits & 0x1 or (type_bits & 0x4 and (row["level"] or row["race"] or row["attribute"])):
        low = row["level"] & 0xFF
        key = "rank" if type_bits & 0x800000 else "link_rating" if type_bits & 0x4000000 else "level"
        facts[key] = low
        facts["attribute"] = _ATTRIBUTE_BITS[row["attribute"]]
        races = [name for bit, name in enumerate(_RACE_NAMES) if row["race"] >> bit & 1]
        assert len(races) == 1, row["name"]
        facts["race"] = races[0]
        facts["atk"] = None if row["atk"] == -2 else row["atk"]
        if type_bits & 0x4000000:
            facts["arrows"] = frozenset(arrow for arrow, bit in _ARROW_BITS.items() if row["def"] & bit)
        else:
            facts["defense"] = None if row["def"] == -2 else row["def"]
        if type_bits & 0x1000000:
            facts["scale"] = (row["level"] >> 24) & 0xFF
            assert facts["scale"] == (row["level"] >> 16) & 0xFF, row["name"]
    return facts


def test_every_card_matches_the_database(pool, cdb):
    problems = []
    for card in pool:
        row = _row(cdb, card.passcode)
        if row is None:
            problems.append(f"{card.passcode} {card.name}: not in the database")
            continue
        for key, value in _expected(row).items():
            actual = getattr(card, key)
            if actual != value:
                problems.append(f"{card.passcode} {card.name}: {key} is {actual!r}, database says {value!r}")
    assert not problems, "\n".join(problems)


def test_names_resolve_to_the_original_printing(pool, cdb):
    """A pool name looked up in the database (case-insensitively) finds the pool's passcode."""
    for card in pool:
        codes = [row["id"] for row in cdb.execute(
            "SELECT d.id FROM datas d JOIN texts t ON t.id = d.id WHERE lower(t.name) = lower(?) AND d.alias = 0",
            (card.name,))]
        assert card.passcode in codes, (card.name, codes)


def test_named_materials_are_in_the_pool(pool, cdb):
    """Every quoted material name that is a real card is itself in the pool."""
    missing = []
    for card in pool:
        if not card.is_extra_deck:
            continue
        for name in re.findall(r'"([^"]+)"', card.materials):
            exists = cdb.execute("SELECT 1 FROM texts WHERE lower(name) = lower(?)", (name,)).fetchone()
            if exists and name not in pool:
                missing.append(f"{card.name}: {name}")
    assert not missing, missing


def test_fixture_pool_is_covered(pool):
    path = _shared_data_dir() / "fixture_pool.csv"
    if not path.is_file():
        pytest.skip(f"fixture list not found at {path}")
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows
    missing = [(row["passcode"], row["name"]) for row in rows if int(row["passcode"]) not in pool]
    assert not missing, missing
    for row in rows:
        assert pool[int(row["passcode"])].name == row["name"]


def test_engine_rules_code_list_is_covered(pool):
    path = _shared_data_dir().parent / "reference" / "engine-rules.md"
    if not path.is_file():
        pytest.skip(f"engine rules not found at {path}")
    text = path.read_text(encoding="utf-8")
    match = re.search(r"Flat code list for loading:([^\n]*)", text)
    assert match, "no flat code list in engine-rules.md"
    codes = [int(code) for code in re.findall(r"\d+", match.group(1))]
    assert len(codes) > 100
    assert [code for code in codes if code not in pool] == []
