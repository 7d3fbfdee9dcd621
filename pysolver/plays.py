"""Answer sets -> `Play` values: the one place that decodes models (vocabulary: asp/show.lp)."""

from __future__ import annotations

from collections import defaultdict
from math import factorial
from typing import Iterable, Sequence

import clingo

from .facts import SYMMETRIC_LOCATIONS, FactTable
from .play import Play, sort_plays
from .position import id_sort_key

# Which keys each action carries in its JSON object (docs/plays-json.md).
SUMMONS_WITH_MATERIALS = {"synchro_summon", "xyz_summon", "link_summon", "ritual_summon", "fusion_summon"}
NO_CARD = {"enter_battle_phase", "enter_main2", "end_turn"}
_POSITION_ORDER = {"attack": 0, "defense": 1, "set": 2}
_ROLE_OF = {"card": 0, "spell": 1, "tributes": 2, "materials": 2, "cards": 2, "cost": 3, "target": 4}
WITH_COST = {"activate", "procedure_summon"}


class Decoder:
    """Turns the shown atoms of one model into a Play. Symbols are translated once and memoised."""

    def __init__(self, table: FactTable, offset: int = 0):
        self.table = table
        self.offset = offset          # 1 for batched models: every atom starts with the position number
        self.instances = table.instances
        self._zone_names: dict[clingo.Symbol, str] = {}

    def zone_name(self, symbol: clingo.Symbol) -> str:
        name = self._zone_names.get(symbol)
        if name is None:
            if symbol.name == "m":
                name = f"M{symbol.arguments[0].number}"
            elif symbol.name == "emz":
                name = self.table.emz_names[symbol.arguments[0].name]
            elif symbol.name == "s":
                name = f"S{symbol.arguments[0].number}"
            elif symbol.name == "om":
                name = f"oM{symbol.arguments[0].number}"
            elif symbol.name == "fz":
                name = "FZ"
            else:  # pz(left|right)
                name = "PZL" if symbol.arguments[0].name == "left" else "PZR"
            self._zone_names[symbol] = name
        return name

    def decode(self, symbols: Sequence[clingo.Symbol]) -> Play:
        instances = self.instances
        action = card = target = to = None
        used: dict[str, list[str]] = defaultdict(list)
        zones: list[str] = []
        positions: list[str] = []
        card_zones: dict[str, list[str]] = defaultdict(list)
        zone = effect = None
        offset = self.offset
        for symbol in symbols:
            name = symbol.name
            arguments = symbol.arguments
            argument = arguments[offset]
            if name == "act":
                action = argument.name
                number = arguments[offset + 1].number
                card = instances[number].id if number else None
            elif name == "zone_option":
                zones.append(self.zone_name(argument))
            elif name == "summon_position":
                positions.append(argument.name)
            elif name == "target":
                target = "direct" if argument.type is clingo.SymbolType.Function else instances[argument.number].id
            elif name == "to":
                to = argument.name
            elif name == "card_zone":
                card_zones[instances[argument.number].id].append(self.zone_name(arguments[offset + 1]))
            elif name == "scale_zone":
                zone = self.zone_name(argument)
            elif name == "effect_used":
                effect = argument.number
            else:  # tribute / material / spell / cost / pendulum
                used[name].append(instances[argument.number].id)
        fields: dict = {"action": action}
        if card is not None:
            fields["card"] = card
            fields["name"] = self.instances_by_id(card).card.name
        if action in ("normal_summon", "set_monster"):
            fields["tributes"] = tuple(sorted(used["tribute"], key=id_sort_key))
        elif action in SUMMONS_WITH_MATERIALS:
            fields["materials"] = tuple(sorted(used["material"], key=id_sort_key))
        if used.get("pendulum"):
            cards = tuple(sorted(used["pendulum"], key=id_sort_key))
            fields["cards"] = cards
            fields["names"] = tuple(self.instances_by_id(i).card.name for i in cards)
            fields["zones"] = {i: tuple(sorted(card_zones[i], key=id_sort_key)) for i in cards}
        if zone is not None:
            fields["zone"] = zone
        if used.get("spell"):
            fields["spell"] = used["spell"][0]
        if effect is not None:
            fields["effect"] = effect
        if action in WITH_COST:
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

    def instances_by_id(self, instance_id: str):
        return self._by_id[instance_id]

    @property
    def _by_id(self):
        by_id = {instance.id: instance for instance in self.instances if instance}
        self.__dict__["_by_id"] = by_id
        return by_id


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
