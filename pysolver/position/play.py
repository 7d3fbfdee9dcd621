"""The `Play` value and the `Plays` collection, serialised exactly as docs/plays-json.md says."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Mapping, Sequence

from .value import id_sort_key

FORMAT = "pysolver-plays/1"

# The order plays are listed in: summons first, then the other actions, the phase moves last.
ACTIONS = (
    "normal_summon", "set_monster", "flip_summon", "gemini_summon", "ritual_summon", "fusion_summon", "synchro_summon",
    "xyz_summon", "link_summon", "pendulum_summon", "procedure_summon", "change_position", "declare_attack",
    "activate_scale", "activate", "set_spell_trap", "enter_battle_phase", "enter_main2", "end_turn",
)
_ACTION_RANK = {action: rank for rank, action in enumerate(ACTIONS)}
# Keys of a play's JSON object, in the order they are written.
_KEYS = ("action", "card", "cards", "name", "names", "effect", "spell", "tributes", "materials", "cost",
         "target", "to", "zone", "zones", "positions")
_ID_LISTS = ("tributes", "materials", "cost", "cards")


@dataclass(frozen=True)
class Play:
    """One distinct legal play. Instance ids (`H1`, `M3`, `oM2`) name the cards it moves and uses.

    Fields that an action does not use are None. `zones` is a tuple of zone names, or for a
    Pendulum Summon a mapping of each card to its zones. `copies` counts the instance-level plays
    this one stands for when plays are listed up to identical copies.
    """

    action: str
    card: str | None = None
    name: str | None = None
    cards: tuple[str, ...] | None = None
    names: tuple[str, ...] | None = None
    effect: int | None = None
    spell: str | None = None
    tributes: tuple[str, ...] | None = None
    materials: tuple[str, ...] | None = None
    cost: tuple[str, ...] | None = None
    target: str | None = None
    to: str | None = None
    zone: str | None = None
    zones: Any = None
    positions: tuple[str, ...] | None = None
    copies: int = field(default=1, compare=False)

    def __hash__(self) -> int:  # zones may be a mapping (Pendulum Summon): hash what makes the play distinct
        return hash(self.key)

    @property
    def key(self) -> tuple:
        """What makes the play distinct: the action and the instances it moves and uses."""
        return (self.action, self.card, self.cards, self.effect, self.spell, self.tributes, self.materials,
                self.cost, self.target, self.to, self.zone)

    def sort_key(self) -> tuple:
        def ids(value):
            return tuple(id_sort_key(i) for i in value) if value else ()
        used = self.tributes if self.tributes is not None else self.materials
        return (_ACTION_RANK[self.action], len(used or ()), id_sort_key(self.card) if self.card else (),
                ids(self.cards), ids(used), id_sort_key(self.spell) if self.spell else (), ids(self.cost),
                self.effect or 0, id_sort_key(self.target) if self.target and self.target != "direct" else (),
                self.to or "", self.zone or "")

    def uses(self) -> tuple[str, ...]:
        """Every instance the play moves or uses."""
        ids = [i for i in (self.card, self.spell) if i]
        for key in _ID_LISTS:
            ids.extend(getattr(self, key) or ())
        return tuple(ids)

    def renamed(self, ids: Mapping[str, str]) -> "Play":
        """The same play with its instance ids replaced through `ids` (those not in it kept), the id lists
        in id order again: the play of a position equal up to identical copies (`copy_correspondence`)."""
        def one(i):
            return ids.get(i, i) if i else i

        def many(values):
            return None if values is None else tuple(sorted((ids.get(i, i) for i in values), key=id_sort_key))
        changes: dict[str, Any] = {"card": one(self.card), "spell": one(self.spell), "tributes": many(self.tributes),
                                   "materials": many(self.materials), "cost": many(self.cost)}
        if self.target and self.target != "direct":
            changes["target"] = one(self.target)
        if self.cards is not None:
            names = dict(zip(self.cards, self.names or ()))
            cards = many(self.cards)
            back = {ids.get(i, i): i for i in self.cards}
            changes.update(cards=cards, names=tuple(names[back[i]] for i in cards) if self.names else self.names)
            if isinstance(self.zones, Mapping):
                changes["zones"] = {i: self.zones[back[i]] for i in cards}
        return replace(self, **changes)

    def to_json(self) -> dict:
        data: dict[str, Any] = {}
        for key in _KEYS:
            value = getattr(self, key)
            if value is None:
                continue
            if isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Mapping):
                value = {k: list(v) for k, v in value.items()}
            data[key] = value
        if self.copies != 1:
            data["copies"] = self.copies
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Play":
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key == "zones" and isinstance(value, Mapping):
                value = {k: tuple(v) for k, v in value.items()}
            elif isinstance(value, list):
                value = tuple(value)
            values[key] = value
        return cls(**values)


@dataclass(frozen=True)
class UnreadCard:
    """A card of the position whose text pysolver cannot read, and what that withholds (docs/plays-json.md,
    "Partial answers"): the listed plays are certain, the withheld ones may or may not be legal."""

    card: str          # its name
    id: str            # its instance id
    clause: str        # the clause not read
    withheld: str      # which plays are withheld because of it

    def to_json(self) -> dict:
        return {"card": self.card, "id": self.id, "clause": self.clause, "withheld": self.withheld}


class Plays(Sequence[Play]):
    """The legal plays of a position: sized, iterable, indexable, in the documented order.

    `unread` lists the cards whose text could not be read; the plays that depend on them are withheld,
    so the list is then not exhaustive (a partial answer), though every play in it is legal."""

    def __init__(self, plays: Sequence[Play], *, exhaustive: bool = True, reason: str | None = None,
                 statistics: Mapping[str, float] | None = None, unread: Sequence[UnreadCard] = ()):
        self._plays = tuple(plays)
        # in instance-id order, so that positions equal up to identical copies list them alike (`renamed`)
        self.unread = tuple(sorted(unread, key=lambda entry: id_sort_key(entry.id)))
        self.exhaustive = exhaustive and not self.unread
        self.reason = reason if reason or not self.unread else unread_reason(self.unread)
        self.statistics = dict(statistics or {})

    @property
    def partial(self) -> bool:
        """Complete except for the plays withheld for unread card text (no limit cut the run short)."""
        return bool(self.unread) and self.reason == unread_reason(self.unread)

    def __len__(self) -> int:
        return len(self._plays)

    def __getitem__(self, index):
        return self._plays[index]

    def __iter__(self) -> Iterator[Play]:
        return iter(self._plays)

    def __repr__(self) -> str:
        return f"<Plays count={len(self)} exhaustive={self.exhaustive}>"

    def renamed(self, ids: Mapping[str, str]) -> "Plays":
        """These plays for a position equal up to identical copies (`Play.renamed`), in the listed order."""
        unread = [replace(entry, id=ids.get(entry.id, entry.id)) for entry in self.unread]
        return Plays(sort_plays(play.renamed(ids) for play in self._plays), exhaustive=self.exhaustive,
                     reason=self.reason, statistics=self.statistics, unread=unread)

    def by_action(self, action: str) -> list[Play]:
        return [play for play in self._plays if play.action == action]

    def to_json(self) -> dict:
        data: dict[str, Any] = {"format": FORMAT, "count": len(self._plays), "exhaustive": self.exhaustive}
        if not self.exhaustive and self.reason:
            data["reason"] = self.reason
        if self.unread:
            data["unread"] = [entry.to_json() for entry in self.unread]
        data["plays"] = [play.to_json() for play in self._plays]
        return data


def unread_reason(unread: Sequence[UnreadCard]) -> str:
    names = sorted({entry.card for entry in unread})
    return f"plays withheld: pysolver cannot read part of the text of {', '.join(repr(n) for n in names)}"


def sort_plays(plays) -> list[Play]:
    return sorted(plays, key=Play.sort_key)
