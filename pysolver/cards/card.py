"""Cards: the frozen `Card` value and the `CardDB` that looks cards up by name or passcode.

The built-in pool is `pysolver/cards/data/cards.yaml`: real cards, their facts checked against the YGOPro
database. Each entry has these keys (only `name`, `passcode` and `kinds` are required):

    name: Dark Magician          # exact English name
    passcode: 46986414
    kinds: [monster, normal]     # card kind flags, see KINDS
    level: 7                     # or rank: / link_rating:
    attribute: DARK              # EARTH WATER FIRE WIND LIGHT DARK DIVINE
    race: Spellcaster            # the monster's Type, official spelling (RACES)
    atk: 2500                    # null for "?"
    def: 2100
    scale: 4                     # Pendulum Scale
    arrows: [BL, B, BR]          # Link Arrows (ARROWS)
    setcodes: [0x10a2]           # archetype setcodes
    materials: "1 Tuner + 1+ non-Tuner monsters"   # Extra Deck monsters: the official material line
    text: "..."                  # the official English card text

`load_cards(path)` chooses the pool: an explicit path (`--cards`), else $PYSOLVER_CARDS, else the built-in
pool; a `.cdb` path is a YGOPro card database, read by `pysolver.cards.cdb`.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass, field
from importlib import resources
from typing import Iterable, Iterator, Mapping

import yaml

from ..errors import PysolverError, file_problem

# Card kind flags, named after the YGOPro type bits (engine-rules.md §6.2).
# `special_summon` is the bit 0x2000000: "Cannot be Normal Summoned/Set".
KINDS = (
    "monster", "spell", "trap", "normal", "effect", "fusion", "ritual", "trap_monster", "spirit",
    "union", "gemini", "tuner", "synchro", "token", "quickplay", "continuous", "equip", "field",
    "counter", "flip", "toon", "xyz", "pendulum", "special_summon", "link",
)
EXTRA_DECK_KINDS = frozenset({"fusion", "synchro", "xyz", "link"})
ATTRIBUTES = ("EARTH", "WATER", "FIRE", "WIND", "LIGHT", "DARK", "DIVINE")
RACES = (
    "Warrior", "Spellcaster", "Fairy", "Fiend", "Zombie", "Machine", "Aqua", "Pyro", "Rock",
    "Winged Beast", "Plant", "Insect", "Thunder", "Dragon", "Beast", "Beast-Warrior", "Dinosaur",
    "Fish", "Sea Serpent", "Reptile", "Psychic", "Divine-Beast", "Creator God", "Wyrm", "Cyberse",
    "Illusion",
)
ARROWS = ("BL", "B", "BR", "L", "R", "TL", "T", "TR")


@dataclass(frozen=True)
class Card:
    """One card's printed facts. Equality and hashing use the passcode only."""

    passcode: int
    name: str
    kinds: frozenset[str]
    level: int | None = None
    rank: int | None = None
    link_rating: int | None = None
    attribute: str | None = None
    race: str | None = None
    atk: int | None = None
    defense: int | None = None
    scale: int | None = None
    arrows: frozenset[str] = frozenset()
    setcodes: tuple[int, ...] = ()
    materials: str | None = None
    text: str = field(default="", repr=False)
    alias: int | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.passcode == self.passcode

    def __hash__(self) -> int:
        return hash(self.passcode)

    def is_a(self, kind: str) -> bool:
        return kind in self.kinds

    @property
    def is_monster(self) -> bool:
        return "monster" in self.kinds

    @property
    def is_extra_deck(self) -> bool:
        """Fusion, Synchro, Xyz and Link Monsters live in the Extra Deck."""
        return bool(self.kinds & EXTRA_DECK_KINDS)

    @property
    def is_spell_trap(self) -> bool:
        return bool(self.kinds & {"spell", "trap"})

    def in_archetype(self, setcode: int) -> bool:
        """Archetype match with sub-archetype flags (engine-rules.md §2)."""
        return any((code & 0xFFF) == (setcode & 0xFFF) and (code & setcode & 0xF000) == (setcode & 0xF000)
                   for code in self.setcodes)


# Card numbers go into the solver's 32-bit integers: each is bounded so that none wraps.
MAX_PASSCODE = 2**31 - 1
_BOUNDS = (("passcode", 1, MAX_PASSCODE), ("level", 0, 13), ("rank", 0, 13), ("link_rating", 1, 8),
           ("scale", 0, 13), ("atk", 0, 1_000_000), ("def", 0, 1_000_000), ("alias", 1, MAX_PASSCODE))


def _card_from_entry(entry: dict, where: str) -> Card:
    known = {"name", "passcode", "kinds", "level", "rank", "link_rating", "attribute", "race", "atk",
             "def", "scale", "arrows", "setcodes", "materials", "text", "alias"}
    if not isinstance(entry, dict):
        raise PysolverError("each card must be a mapping", source=where)
    unknown = set(entry) - known
    if unknown:
        raise PysolverError(f"unknown keys {sorted(unknown)}; allowed: {sorted(known)}", source=where)
    for required in ("name", "passcode", "kinds"):
        if required not in entry:
            raise PysolverError(f"missing key {required!r}", source=where)
    kinds = frozenset(entry["kinds"])
    bad = kinds - set(KINDS)
    if bad:
        raise PysolverError(f"unknown kinds {sorted(bad)}; allowed: {list(KINDS)}", source=where)
    if entry.get("attribute") is not None and entry["attribute"] not in ATTRIBUTES:
        raise PysolverError(f"unknown attribute {entry['attribute']!r}", source=where)
    if entry.get("race") is not None and entry["race"] not in RACES:
        raise PysolverError(f"unknown race {entry['race']!r}", source=where)
    for key, low, high in _BOUNDS:
        value = entry.get(key)
        if value is None and key != "passcode":
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise PysolverError(f"{key}: expected a whole number from {low} to {high}, got {value!r}", source=where)
    arrows = frozenset(entry.get("arrows") or ())
    if arrows - set(ARROWS):
        raise PysolverError(f"unknown arrows {sorted(arrows - set(ARROWS))}", source=where)
    return Card(
        passcode=int(entry["passcode"]), name=str(entry["name"]), kinds=kinds,
        level=entry.get("level"), rank=entry.get("rank"), link_rating=entry.get("link_rating"),
        attribute=entry.get("attribute"), race=entry.get("race"), atk=entry.get("atk"),
        defense=entry.get("def"), scale=entry.get("scale"), arrows=arrows,
        setcodes=tuple(int(code) for code in entry.get("setcodes") or ()),
        materials=entry.get("materials"), text=entry.get("text") or "", alias=entry.get("alias"),
    )


def builtin_yaml(text: str):
    """The package's own YAML data, read with libyaml when PyYAML has it (5x faster: the built-in pool is read
    by every command); a user's file keeps the pure-Python reader and its error messages."""
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


class CardDB:
    """A pool of cards, looked up by exact case-insensitive English name or by passcode."""

    def __init__(self, cards: Iterable[Card], *, source: str = "card pool",
                 aliases: Mapping[int, int] | None = None):
        """`aliases` maps the passcode of an alternate artwork to the passcode of its card: `get` finds
        the card under either passcode, while iteration and `len` see each card once."""
        self.source = source
        self._by_code: dict[int, Card] = {}
        self._by_name: dict[str, Card] = {}
        for card in cards:
            self._by_code[card.passcode] = card
            self._by_name.setdefault(card.name.casefold(), card)
        self._aliases: dict[int, int] = {int(code): int(base) for code, base in (aliases or {}).items()
                                         if int(base) in self._by_code and int(code) not in self._by_code}

    @classmethod
    def from_yaml(cls, path) -> "CardDB":
        """A card pool from a YAML file, or the built-in pool (`path` None)."""
        source = "built-in pool (pysolver/cards/data/cards.yaml)" if path is None else str(path)
        try:
            text = resources.files("pysolver.cards.data").joinpath("cards.yaml").read_text(encoding="utf-8") \
                if path is None else open(path, encoding="utf-8").read()
        except (OSError, UnicodeDecodeError) as error:
            raise PysolverError(file_problem(error, "the card pool"), source=source) from None
        try:
            entries = (yaml.safe_load(text) if path is not None else builtin_yaml(text)) or []
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
            raise PysolverError(f"not valid YAML{where}: {getattr(error, 'problem', None) or 'syntax error'}",
                                source=source) from None
        if not isinstance(entries, list):
            raise PysolverError("a card pool is a list of cards", source=source)
        return cls((_card_from_entry(entry, f"{source}[{index}]") for index, entry in enumerate(entries)),
                   source=source)

    def __len__(self) -> int:
        return len(self._by_code)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._by_code.values())

    def __contains__(self, key: object) -> bool:
        return self.get(key) is not None  # type: ignore[arg-type]

    def get(self, key: str | int) -> Card | None:
        if isinstance(key, bool):
            return None
        if isinstance(key, int):
            return self._by_code.get(key) or self._by_code.get(self._aliases.get(key))  # type: ignore[arg-type]
        text = str(key).strip()
        if text.isdigit():
            return self.get(int(text))
        return self._by_name.get(text.casefold())

    def __getitem__(self, key: str | int) -> Card:
        card = self.get(key)
        if card is None:
            raise PysolverError(self.unknown_message(key))
        return card

    def unknown_message(self, key: str | int) -> str:
        if isinstance(key, int) or str(key).strip().isdigit():
            return f"unknown card passcode {key} (not in {self.source})"
        names = {name: card.name for name, card in self._by_name.items()}
        close = difflib.get_close_matches(str(key).casefold(), names, n=1, cutoff=0.6)
        hint = f"; did you mean {names[close[0]]!r}?" if close else ""
        return f"unknown card {key!r} (not in {self.source}){hint}"


@functools.lru_cache(maxsize=1)
def default_cards() -> CardDB:
    """The built-in pool, loaded once per process."""
    return CardDB.from_yaml(None)
