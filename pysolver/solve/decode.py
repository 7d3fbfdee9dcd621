"""Answer sets -> `Play` values: the one place that decodes models (vocabulary: asp/show.lp)."""

from __future__ import annotations

from collections import defaultdict
from math import factorial
from typing import Iterable, Sequence

import clingo

from .facts import SYMMETRIC_LOCATIONS, FactTable
from ..position.play import Play, sort_plays
from ..position.value import id_sort_key

# Which keys each action carries in its JSON object (docs/plays-json.md).
SUMMONS_WITH_MATERIALS = {"synchro_summon", "xyz_summon", "link_summon", "ritual_summon", "fusion_summon"}
NO_CARD = {"enter_battle_phase", "enter_main2", "end_turn"}
_POSITION_ORDER = {"attack": 0, "defense": 1, "set": 2}
_ROLE_OF = {"card": 0, "spell": 1, "tributes": 2, "materials": 2, "cards": 2, "cost": 3, "target": 4}
WITH_COST = {"activate", "procedure_summon"}


def shown_atoms(model: clingo.Model) -> list[int]:
    """The shown atoms of a model as clingo's integer symbols (interned: equal symbols are equal
    integers for the life of the process), the keys of the decoder's memo."""
    return [symbol._rep for symbol in model.symbols(shown=True)]


def symbol_value(symbol: clingo.Symbol):
    """A symbol as a plain Python value: numbers as int, constants and strings as str, tuples and
    functions' arguments as tuples (`pysolver why` and `picks` read their atoms through it)."""
    if symbol.type is clingo.SymbolType.Number:
        return symbol.number
    if symbol.type is clingo.SymbolType.String:
        return symbol.string
    if symbol.type is clingo.SymbolType.Function:
        if not symbol.arguments and symbol.name:
            return symbol.name
        values = tuple(symbol_value(a) for a in symbol.arguments)
        return values if not symbol.name else (symbol.name, *values)
    return str(symbol)


class Decoder:
    """Turns the shown atoms of one model into a Play.

    Reading a clingo Symbol's name and arguments costs a call into clingo each, and models repeat the
    same atoms, so each symbol is translated once into a plain tuple (`_translate`) and memoised by its
    integer representation (clingo interns symbols: equal symbols are equal integers for the life of
    the process)."""

    def __init__(self, table: FactTable, offset: int = 0):
        self.table = table
        self.offset = offset          # 1 for batched models: every atom starts with the position number
        self.instances = table.instances
        self._memo: dict[int, tuple] = {}
        self._names = {instance.id: instance.card.name for instance in table.instances if instance}

    def zone_name(self, symbol: clingo.Symbol) -> str:
        name, arguments = symbol.name, symbol.arguments
        if name == "m":
            return f"M{arguments[0].number}"
        if name == "emz":
            return self.table.emz_names[arguments[0].name]
        if name == "s":
            return f"S{arguments[0].number}"
        if name == "om":
            return f"oM{arguments[0].number}"
        if name == "fz":
            return "FZ"
        return "PZL" if arguments[0].name == "left" else "PZR"   # pz(left|right)

    def _translate(self, symbol: clingo.Symbol) -> tuple:
        name = symbol.name
        arguments = symbol.arguments[self.offset:]
        first = arguments[0]
        if name == "act":
            number = arguments[1].number
            return ("act", first.name, self.instances[number].id if number else None)
        if name in ("zone_option", "scale_zone"):
            return (name, self.zone_name(first))
        if name in ("summon_position", "to"):
            return (name, first.name)
        if name == "target":
            return (name, "direct" if first.type is clingo.SymbolType.Function else self.instances[first.number].id)
        if name == "card_zone":
            return (name, self.instances[first.number].id, self.zone_name(arguments[1]))
        if name == "effect_used":
            return (name, first.number)
        return (name, self.instances[first.number].id)      # tribute / material / spell / cost / pendulum

    def decode(self, atoms: Sequence[int]) -> Play:
        """A play from the shown atoms of a model (`shown_atoms`: clingo's integer symbols)."""
        memo = self._memo
        action = card = target = to = zone = effect = None
        used: dict[str, list[str]] = defaultdict(list)
        zones: list[str] = []
        positions: list[str] = []
        card_zones: dict[str, list[str]] = defaultdict(list)
        for number in atoms:
            atom = memo.get(number)
            if atom is None:
                atom = memo[number] = self._translate(clingo.Symbol(number))
            kind = atom[0]
            if kind == "act":
                action, card = atom[1], atom[2]
            elif kind == "zone_option":
                zones.append(atom[1])
            elif kind == "summon_position":
                positions.append(atom[1])
            elif kind == "card_zone":
                card_zones[atom[1]].append(atom[2])
            elif kind == "target":
                target = atom[1]
            elif kind == "to":
                to = atom[1]
            elif kind == "scale_zone":
                zone = atom[1]
            elif kind == "effect_used":
                effect = atom[1]
            else:
                used[kind].append(atom[1])
        fields: dict = {"action": action}
        if card is not None:
            fields["card"] = card
            fields["name"] = self._names[card]
        if action in ("normal_summon", "set_monster"):
            fields["tributes"] = tuple(sorted(used["tribute"], key=id_sort_key))
        elif action in SUMMONS_WITH_MATERIALS:
            fields["materials"] = tuple(sorted(used["material"], key=id_sort_key))
        if used.get("pendulum"):
            cards = tuple(sorted(used["pendulum"], key=id_sort_key))
            fields["cards"] = cards
            fields["names"] = tuple(self._names[i] for i in cards)
            fields["zones"] = {i: tuple(sorted(card_zones[i], key=id_sort_key)) for i in cards}
        if zone is not None:
            fields["zone"] = zone
        if used.get("spell"):
            fields["spell"] = used["spell"][0]
        if effect is not None:
            fields["effect"] = effect
        if action in WITH_COST or used.get("cost"):   # AXZ-1, AXZ-2: an alternative Xyz procedure's cost
            fields["cost"] = tuple(sorted(used["cost"], key=id_sort_key))
        if target is not None:
            fields["target"] = target
        if to is not None:
            fields["to"] = to
        if zones:
            fields["zones"] = tuple(sorted(zones, key=id_sort_key))
        if positions:
            fields["positions"] = tuple(sorted(positions, key=_POSITION_ORDER.__getitem__))
        return Play(**fields)


def _roles(play: Play) -> Iterable[tuple[str, str]]:
    for role in ("card", "spell"):
        value = getattr(play, role)
        if value:
            yield role, value
    for role in ("tributes", "materials", "cards", "cost"):
        for value in getattr(play, role) or ():
            yield role, value
    if play.target and play.target != "direct":
        yield "target", play.target


def list_up_to_copies(plays: list[Play], table: FactTable) -> list[Play]:
    """Set `copies` on plays that the encodings listed once per group of identical copies, and merge
    plays that differ only by which identical field copy they use (keeping the lowest ids)."""
    number_of = {instance.id: n for n, instance in enumerate(table.instances) if instance}
    classes = table.class_of
    if table.symmetric_copies:
        plays = [_with_copies(play, _symmetric_copies(play, number_of, table)) for play in plays]
    if not table.field_copies:
        return plays
    groups: dict[tuple, list[Play]] = defaultdict(list)
    for play in plays:
        signature = tuple(sorted((role, classes[number_of[i]]) for role, i in _roles(play)))
        groups[(play.action, play.to, play.effect, play.zone, play.target == "direct", signature)].append(play)
    merged = []
    for members in groups.values():
        best = min(members, key=_lowest_ids)
        merged.append(_with_copies(best, sum(member.copies for member in members)))
    return merged


def _lowest_ids(play: Play) -> tuple:
    def keys(ids):
        return tuple(id_sort_key(i) for i in ids or ())
    used = play.tributes if play.tributes is not None else play.materials
    return (id_sort_key(play.card) if play.card else (), keys(play.cards), keys(used),
            id_sort_key(play.spell) if play.spell else (), keys(play.cost),
            id_sort_key(play.target) if play.target and play.target != "direct" else ())


def _symmetric_copies(play: Play, number_of: dict, table: FactTable) -> int:
    """How many instance-level plays the encodings' representative stands for: per class of identical
    hand/GY/... copies, the ways to give its instances the play's roles."""
    per_class: dict = defaultdict(lambda: defaultdict(int))
    for role, instance_id in _roles(play):
        cls = table.class_of[number_of[instance_id]]
        if table.class_size[cls] > 1 and table.instances[cls].location in SYMMETRIC_LOCATIONS:
            per_class[cls][_ROLE_OF[role]] += 1
    copies = 1
    for cls, roles in per_class.items():
        n = table.class_size[cls]
        ways = factorial(n) // factorial(n - sum(roles.values()))
        for count in roles.values():
            ways //= factorial(count)
        copies *= ways
    return copies


def _with_copies(play: Play, copies: int) -> Play:
    if copies == play.copies:
        return play
    values = {key: getattr(play, key) for key in play.__dataclass_fields__}
    values["copies"] = copies
    return Play(**values)


def finish(plays: list[Play], table: FactTable, all_instances: bool) -> list[Play]:
    if not all_instances:
        plays = list_up_to_copies(plays, table)
    return sort_plays(plays)
