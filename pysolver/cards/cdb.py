"""Read a YGOPro / EDOPro card database (`cards.cdb`, SQLite) into a `CardDB`.

    from pysolver.cards.cdb import load_cdb
    cards = load_cdb("cards.cdb")            # ~14,300 cards; load_position(path, cards=cards)

The database is opened read-only (`file:...?mode=ro`) and never modified. The format is that of
engine-rules.md §6: `datas(id, ot, alias, setcode, type, atk, def, level, race, attribute, category)` and
`texts(id, name, desc, ...)`. Each row becomes a `Card` in the vocabulary of `pysolver.cards`:

* kinds: the names of the type bits (KINDS); attribute and race: their official names, or None when the
  row has no single known bit ("a Type/Attribute of your choice" Trap Monsters, some Tokens);
* level / rank / link_rating: the low byte of `level`, by kind; 0 (a Token or Trap Monster whose Level
  the creating effect decides) becomes None;
* atk / defense: None for "?" (-2); a Link Monster has no DEF: its `def` column holds the Link Arrows;
* scale: the left Pendulum Scale (bits 24-31); setcodes: the non-zero 16-bit codes of `setcode`;
* materials: for Fusion / Synchro / Xyz / Link Monsters, the official material line: the first line of
  the text, or for a Pendulum Extra Deck monster whose text starts with "[ Pendulum Effect ]" the first
  line after "[ Monster Effect ]"; None when that line is a sentence ("Must be Special Summoned with "Mask
  Change"": the Masked HEROs have no material line); text: the whole text; alias: the `alias` column, or None.

Which rows are cards, and which are one card:

* Only official cards are read: rows whose `ot` has the OCG (0x1) or TCG (0x2) bit and none of the
  Anime (0x4), Custom (0x20) or Rush (0x200) bits, whose type has no bit outside KINDS (Skill, Action,
  Maximum ...) and that have a name. The shared database has only OCG/TCG rows, so nothing is skipped
  there; other databases (EDOPro's unofficial ones) lose their non-official rows. `load_cdb(...).skipped`
  says how many rows were left out.
* An alternate artwork (a row with `alias` != 0 whose aliased card is in the database and has the same
  name, or whose passcode is within 10 of the alias) is the same card as the one it aliases: it is not a
  card of its own, and `CardDB.get` finds the original card under the artwork's passcode.
* An "always treated as" card (alias to a card with another name: "Harpie Lady 1" -> "Harpie Lady") is a
  card of its own with its own name and passcode and `alias` set; its name for material and
  "different names" purposes is the aliased card's (`pysolver.solve.facts` writes `name(C, alias)`).
* When two distinct cards share a name (two "Fireball Token" rows), a lookup by name finds the lower
  passcode.

The cache: decoding ~14,700 rows takes a few tenths of a second, so the decoded cards are kept in
`$XDG_CACHE_HOME/pysolver/cards-<hash of the database's absolute path>.json` (default
`~/.cache/pysolver/`). It is plain JSON (never pickle: a crafted file in a shared cache folder must not
run code), read back field by field with type checks. The file records a key made of a hash of the
database's whole content (BLAKE2b, about 10 ms for the real database), its size, pysolver's version and a
hash of the source files that decode and parse cards (cdb.py, card.py, cardtext.py, material_lines.py,
requirements.py, data/archetypes.yaml); a cache whose key differs is rebuilt, so a database edited in
place (even keeping its size and mtime) or a changed parser invalidates it. A cache that cannot be read,
is malformed, or cannot be written is ignored without a word; deleting the folder is always safe.
`load_cdb(path, cache=False)` bypasses it.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from functools import lru_cache
from pathlib import Path

from ..cache import cache_dir, read_json, write_json
from .card import ARROWS, ATTRIBUTES, KINDS, MAX_PASSCODE, RACES, Card, CardDB
from ..errors import PysolverError

# Type bits, in the order of KINDS (engine-rules.md §6.2).
TYPE_BITS: dict[str, int] = {
    "monster": 0x1, "spell": 0x2, "trap": 0x4, "normal": 0x10, "effect": 0x20, "fusion": 0x40, "ritual": 0x80,
    "trap_monster": 0x100, "spirit": 0x200, "union": 0x400, "gemini": 0x800, "tuner": 0x1000,
    "synchro": 0x2000, "token": 0x4000, "quickplay": 0x10000, "continuous": 0x20000, "equip": 0x40000,
    "field": 0x80000, "counter": 0x100000, "flip": 0x200000, "toon": 0x400000, "xyz": 0x800000,
    "pendulum": 0x1000000, "special_summon": 0x2000000, "link": 0x4000000,
}
assert tuple(TYPE_BITS) == KINDS
KNOWN_TYPE_BITS = sum(TYPE_BITS.values())
EXTRA_DECK_BITS = TYPE_BITS["fusion"] | TYPE_BITS["synchro"] | TYPE_BITS["xyz"] | TYPE_BITS["link"]
ATTRIBUTE_BITS: dict[int, str] = {1 << index: name for index, name in enumerate(ATTRIBUTES)}
RACE_BITS: dict[int, str] = {1 << index: name for index, name in enumerate(RACES)}
ARROW_BITS: dict[str, int] = {"BL": 0x1, "B": 0x2, "BR": 0x4, "L": 0x8, "R": 0x20, "TL": 0x40, "T": 0x80,
                              "TR": 0x100}
assert set(ARROW_BITS) == set(ARROWS)

# Scope bits of `ot` (engine-rules.md §6.1).
OT_OCG, OT_TCG, OT_ANIME, OT_CUSTOM, OT_RUSH = 0x1, 0x2, 0x4, 0x20, 0x200
_UNOFFICIAL = OT_ANIME | OT_CUSTOM | OT_RUSH
_ARTWORK_OFFSET = 10          # alternate artworks have passcodes within 10 of the original's

CACHE_FORMAT = 2         # 2: JSON keyed by the database's content (1 was a pickle, never read)
_SOURCES = ("cdb.py", "card.py", "cardtext.py", "material_lines.py", "requirements.py", "data/archetypes.yaml")
_QUERY = ("SELECT d.id, d.ot, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, d.attribute, "
          "t.name, t.desc FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.id")


def material_line(text: str, type_bits: int) -> str | None:
    """The material line of an Extra Deck monster's text (see the module docstring); None when its text
    starts with a sentence instead ("Must be Special Summoned with "Mask Change"": no material line)."""
    lines = [line.strip() for line in re.split(r"\r\n|\n|\r", text)]
    if type_bits & TYPE_BITS["pendulum"] and lines[0] == "[ Pendulum Effect ]":
        for marker in ("[ Monster Effect ]", "[ Flavor Text ]"):
            if marker in lines and lines.index(marker) + 1 < len(lines):
                return lines[lines.index(marker) + 1]
    if len(lines) > 1 and _REMINDER_LINE.fullmatch(lines[0]):
        lines = lines[1:]   # "(This card is always treated as an "Ursarctic" and "Drytron" card.)": a reminder line
    return None if _NOT_A_MATERIAL_LINE.match(lines[0]) else lines[0]


_REMINDER_LINE = re.compile(r"\(This card(?:'s original Level)? is (?:also )?always treated as [^()]*\.\)")


_NOT_A_MATERIAL_LINE = re.compile(r"(?:Must|Cannot|This card|You can)\b")


def is_official(ot: int) -> bool:
    return bool(ot & (OT_OCG | OT_TCG)) and not ot & _UNOFFICIAL


_SOURCE_PREFIX = "card database "


def database_path(cards) -> Path | None:
    """The database file a CardDB was read from by `load_cdb`, else None."""
    source = str(getattr(cards, "source", ""))
    return Path(source[len(_SOURCE_PREFIX):]) if source.startswith(_SOURCE_PREFIX) else None


def why_not_read(path, passcode: int) -> str | None:
    """Why the database row of `passcode` is not a card of the pool read from `path` (a Rush Duel, Anime
    or custom card, a Skill), or None when the database has no row for it or reads it."""
    try:
        connection = _open(Path(path))
        try:
            row = connection.execute("SELECT d.ot, d.type, t.name FROM datas d LEFT JOIN texts t ON t.id = d.id "
                                     "WHERE d.id = ?", (int(passcode),)).fetchone()
        finally:
            connection.close()
    except sqlite3.DatabaseError:
        return None
    if row is None:
        return None
    ot, type_bits, name = row[0] or 0, row[1] or 0, row[2] or "?"
    if ot & OT_RUSH:
        return f"{name!r} is a Rush Duel card"
    if ot & OT_ANIME:
        return f"{name!r} is an Anime/manga card, not an official one"
    if ot & OT_CUSTOM:
        return f"{name!r} is a custom card, not an official one"
    if not is_official(ot):
        return f"{name!r} is not an OCG/TCG card (scope {ot:#x})"
    if not type_bits or type_bits & ~KNOWN_TYPE_BITS:
        return f"{name!r} is not a card of the game's card types (a Skill or Action card: type {type_bits:#x})"
    return None


def decode(passcode: int, alias: int, setcode: int, type_bits: int, atk: int, def_: int, level: int, race: int,
           attribute: int, name: str, text: str) -> Card:
    """One `datas` + `texts` row as a Card (the columns as stored; see the module docstring)."""
    kinds = frozenset(kind for kind, bit in TYPE_BITS.items() if type_bits & bit)
    setcode &= 0xFFFFFFFFFFFFFFFF
    setcodes = tuple(code for code in ((setcode >> (16 * i)) & 0xFFFF for i in range(4)) if code)
    values: dict = {}
    # Monsters, and Trap Cards that carry monster stats (Trap Monsters such as "Tiki Curse").
    if type_bits & TYPE_BITS["monster"] or (type_bits & TYPE_BITS["trap"] and (level or race or attribute)):
        key = "rank" if "xyz" in kinds else "link_rating" if "link" in kinds else "level"
        values[key] = ((level & 0xFF) or None) if level >= 0 else None
        values["attribute"] = ATTRIBUTE_BITS.get(attribute)
        values["race"] = RACE_BITS.get(race)
        values["atk"] = atk if atk is not None and atk >= 0 else None
        if "link" in kinds:
            values["arrows"] = frozenset(arrow for arrow, bit in ARROW_BITS.items() if def_ & bit)
        else:
            values["defense"] = def_ if def_ is not None and def_ >= 0 else None
        if "pendulum" in kinds:
            values["scale"] = (level >> 24) & 0xFF
    return Card(passcode=passcode, name=name, kinds=kinds, setcodes=setcodes, text=text,
                materials=material_line(text, type_bits) if type_bits & EXTRA_DECK_BITS else None,
                alias=alias or None, **values)


def _open(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)


def _read_rows(path: Path) -> list[tuple]:
    what = "pass a YGOPro/EDOPro cards.cdb (an SQLite file with the tables datas and texts)"
    try:
        connection = _open(path)
        try:
            return connection.execute(_QUERY).fetchall()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:  # "file is not a database", "no such table: datas", ...
        raise PysolverError(f"not a YGOPro card database ({error}); {what}", source=str(path)) from None


def build(rows, source: str) -> CardDB:
    """The CardDB of the rows of `_QUERY` (no cache)."""
    kept: dict[int, tuple] = {}
    skipped = 0
    for row in rows:
        passcode, ot, _alias, _setcode, type_bits, *_rest, name, _text = row
        if (passcode is None or not 0 < int(passcode) <= MAX_PASSCODE or not name or not is_official(ot or 0)
                or not type_bits
                or type_bits & ~KNOWN_TYPE_BITS):
            skipped += 1
            continue
        kept[int(passcode)] = row
    aliases: dict[int, int] = {}
    cards: list[Card] = []
    for passcode, row in kept.items():
        _id, _ot, alias, setcode, type_bits, atk, def_, level, race, attribute, name, text = row
        base = kept.get(alias) if alias else None
        if base is not None and (base[10] == name or abs(passcode - alias) <= _ARTWORK_OFFSET):
            aliases[passcode] = alias
            continue
        cards.append(decode(passcode, alias or 0, setcode or 0, type_bits, atk, def_, level or 0, race or 0,
                            attribute or 0, name, text or ""))
    db = CardDB(cards, source=source, aliases=aliases)
    db.skipped = skipped  # type: ignore[attr-defined]
    return db


# ------------------------------------------------------------------------------------------------
# The cache

def cache_file(path) -> Path:
    digest = hashlib.sha256(str(Path(path).resolve()).encode("utf-8", "surrogateescape")).hexdigest()[:24]
    return cache_dir() / f"cards-{digest}.json"


@lru_cache(maxsize=1)
def _sources_hash() -> str:
    from .._version import __version__
    digest = hashlib.sha256(__version__.encode())
    here = Path(__file__).resolve().parent
    for name in _SOURCES:
        try:
            digest.update((here / name).read_bytes())
        except OSError:
            digest.update(b"?" + name.encode())
    return digest.hexdigest()


def content_hash(path) -> str:
    """BLAKE2b of the file's whole content (read in blocks)."""
    digest = hashlib.blake2b(digest_size=32)
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_key(path) -> list:
    """What the cache must have been built from: this format, this database content, these parsers."""
    path = Path(path).resolve()
    return [CACHE_FORMAT, str(path), path.stat().st_size, content_hash(path), _sources_hash()]


_CARD_FIELDS = ("passcode", "name", "kinds", "level", "rank", "link_rating", "attribute", "race", "atk", "defense",
                "scale", "arrows", "setcodes", "materials", "text", "alias")


def _card_row(card: Card) -> list:
    return [card.passcode, card.name, sorted(card.kinds), card.level, card.rank, card.link_rating, card.attribute,
            card.race, card.atk, card.defense, card.scale, sorted(card.arrows), list(card.setcodes), card.materials,
            card.text, card.alias]


_INT_FIELDS = (0, 3, 4, 5, 8, 9, 10, 15)         # passcode, level, rank, link_rating, atk, defense, scale, alias
_KINDS, _ARROWS = frozenset(KINDS), frozenset(ARROWS)
_ATTRIBUTES, _RACES = frozenset(ATTRIBUTES) | {None}, frozenset(RACES) | {None}


def _optional_int(value) -> int | None:
    if value is not None and (value.__class__ is not int):
        raise ValueError("not an integer")
    return value


def _card_from_row(row, sets: dict | None = None) -> Card:
    """A card from a cache row, every field's type checked (a malformed cache raises ValueError). Built
    as unpickling does (the dataclass's own __init__ costs half a second over 14,000 cards); `sets`
    shares the frozensets of kinds and arrows among cards (a few hundred distinct ones), checked once."""
    if row.__class__ is not list or len(row) != len(_CARD_FIELDS):
        raise ValueError("not a card row")
    for index in _INT_FIELDS:
        _optional_int(row[index])
    (passcode, name, kinds, level, rank, link, attribute, race, atk, defense, scale, arrows, setcodes, materials,
     text, alias) = row
    sets = {} if sets is None else sets
    if kinds.__class__ is not list or arrows.__class__ is not list or setcodes.__class__ is not list:
        raise ValueError("bad kinds, arrows or setcodes")
    key = (tuple(kinds), tuple(arrows))
    shared = sets.get(key)
    if shared is None:
        shared = sets[key] = (frozenset(kinds), frozenset(arrows))
        if not shared[0] <= _KINDS or not shared[1] <= _ARROWS:
            raise ValueError("unknown kinds or arrows")
    if (passcode is None or name.__class__ is not str or text.__class__ is not str or attribute not in _ATTRIBUTES
            or race not in _RACES or not (materials is None or materials.__class__ is str)):
        raise ValueError("bad card row")
    for code in setcodes:
        if code.__class__ is not int:
            raise ValueError("bad setcode")
    card = object.__new__(Card)
    card.__dict__.update(zip(_CARD_FIELDS, (passcode, name, shared[0], level, rank, link, attribute, race, atk,
                                            defense, scale, shared[1], tuple(setcodes), materials, text, alias)))
    return card


def _read_cache(file: Path, key: list) -> CardDB | None:
    data = read_json(file, key)
    if data is None:
        return None
    try:
        sets: dict = {}
        cards = [_card_from_row(row, sets) for row in data["cards"]]
        aliases = {_optional_int(code): _optional_int(base) for code, base in data["aliases"]}
        db = CardDB(cards, aliases=aliases)
        db.skipped = _optional_int(data["skipped"])  # type: ignore[attr-defined]
        return db
    except Exception:  # a malformed cache is no error: rebuilt
        return None


def _write_cache(file: Path, key: list, db: CardDB) -> None:
    write_json(file, key, {"cards": [_card_row(card) for card in db], "aliases": sorted(db._aliases.items()),
                           "skipped": getattr(db, "skipped", 0)})


def load_cdb(path, *, cache: bool = True) -> CardDB:
    """The cards of a YGOPro/EDOPro `cards.cdb` (read-only), through the cache unless `cache=False`."""
    path = Path(path).expanduser()
    if not path.is_file():
        raise PysolverError("no such card database; pass the path of a YGOPro/EDOPro cards.cdb",
                            source=str(path))
    source = f"{_SOURCE_PREFIX}{path}"
    key = file = None
    if cache:
        try:
            key, file = cache_key(path), cache_file(path)
        except OSError:
            key = file = None
        if file is not None:
            db = _read_cache(file, key)
            if db is not None:
                db.source = source
                return db
    db = build(_read_rows(path), source)
    if not len(db):
        raise PysolverError("the card database has no official cards; pass a YGOPro/EDOPro cards.cdb",
                            source=str(path))
    if file is not None:
        _write_cache(file, key, db)
    return db
