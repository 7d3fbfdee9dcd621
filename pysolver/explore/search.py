"""Bounded combo search: the shortest lines of plays of the turn that reach a goal.

    from pysolver.explore.search import search
    result = search(position, '"Black Rose Dragon"', max_depth=6, timeout=60)
    result.found, result.depth, result.exhausted, result.reason, result.statistics
    for line in result.lines:                      # each a `Line` of `Move`s (play, choices)
        print(line.text())                         # NS H1 "Junk Synchron" @M2 atk, SYN ED1 ...
    result.write_graph("explored.graphml")         # or .dot

Two engines give the same answers. The default, `engine="asp"`, asks clingo for whole lines of the
step-indexed turn, horizon by horizon (`pysolver.explore.plan`): an unsatisfiable horizon proves that no line
that long reaches the goal, so it proves deep where the breadth-first search is cut (the search family of
the benchmarks: a median of 22-23x its speed to prove the same depth, over goals of 4 plays or more). Its lines
are replayed with `apply` and `legal_plays` before they are returned. `engine="bfs"` is the check, and the
only engine `max_nodes` bounds; what follows describes it, and the asp engine's answers are the same.

The search is breadth-first over the plays of the turn (summons, position changes, attacks, Spells
and Traps, entering the Battle Phase and Main Phase 2; `end_turn` ends a line and is never expanded),
with a transposition table on `pysolver.position.canonical.canonical_key`. A move is a play with the zone and battle
position it takes (`Move`, the play and `apply`'s keyword arguments, as `GameLine.push` takes them);
every battle position is tried, and every zone up to symmetry (`Symmetry`): Spell & Trap Zones are
interchangeable (but for the Pendulum Zones when a Pendulum Monster is around), and so are the Main
Monster Zones and the two Extra Monster Zones when no Link Monster is anywhere in the position; one
zone of each class is tried and positions that differ by such a permutation are one node. Plays are
taken up to identical copies only while the Main Monster Zones are interchangeable: with a Link Monster
around, which of two identical monsters a play uses decides which zones stay free, so every
instance-level play is expanded.
`zones="all"` tries every zone; `zones="first"` tries one Main Monster Zone per play even with a Link
Monster in the position: fast, exact as long as no position with a Link Monster on the field is
expanded, and said NOT exact (`exhausted` False) otherwise. An `asp:` goal that reads `zone/2` turns
every symmetry off.

Goals (`pysolver.explore.goals`) are checked on every new position; the first level holding a goal position
gives the length of the shortest lines; that level is finished so that every shortest line is found,
or the search stops at the first line (`all_lines=False`) or once `first_k` lines are known. Lines
are replayed from the start, so each is a sequence of legal moves of the real positions, in notation
(`pysolver.position.notation.move_notation`) and as moves whose plays have their `zones` and `positions`
narrowed to the choice made.

`exhausted` says whether the answer is complete: True when the lines are all the shortest lines (or
the first k asked, or the first one), or when no line of the turn reaches the goal at all; False when
a bound (`max_depth`: lines of at most D plays; `max_nodes`: positions expanded, one `legal_plays` call
each; `timeout`: seconds) cut the search first, and `reason` says which and what is still known: lines
found are still shortest, but maybe not all; without lines, none of `proved_depth` plays or fewer exists.
Ctrl-C is such a cut: `reason` is then "interrupted" and `detail` says what is known. A position whose
plays the solver cannot all list (it refuses a card of it, or stops early) does not stop the search: it
is expanded with the plays listed (or not at all), `exhausted` is False, `proved_depth` at most its depth,
and `missing` gives the line to each such position (`incomplete` counts them): lines through them may be
missing. A refusal at the start is an error, as for `legal_plays`.

The explored graph (`result.graph`, a networkx DiGraph) has the canonical keys as nodes (attributes
`depth`, `goal`, `expanded`, `label`: the turn player's monsters) and the moves as edges (attributes
`play` in notation, `plays`: how many moves lead there); `write_graph` writes GraphML (`.graphml`,
`networkx.read_graphml` reads it back) or Graphviz DOT (`.dot`, written without pydot).

`pysolver search POSITION --goal GOAL --json` prints one object (format `pysolver-search/1`):

    {"format": "pysolver-search/1", "goal": "\"Black Rose Dragon\"", "found": true, "depth": 2,
     "line_count": 4, "line_count_complete": true,
     "lines": [{"notation": ["NS H1 \"Junk Synchron\" @M2 atk", "SYN ED1 \"Black Rose Dragon\" <- M1 M2 @EMZL atk"],
                "moves": [{"play": {"action": "normal_summon", "card": "H1", ..., "zones": ["M2"],
                                    "positions": ["attack"]}, "zone": "M2", "battle_position": "attack"}, ...]},
               ...],
     "exhausted": true, "reason": "all 4 shortest lines of 2 plays found", "proved_depth": 1,
     "bounds": {"max_depth": null, "max_nodes": null, "timeout": null, "all_lines": true, "first_k": null,
                "zones": "auto"},
     "statistics": {"expanded": 4, "generated": 11, "transpositions": 2, "positions": 10, "seconds": 0.09,
                    "positions_per_second": 44.0, "cpu_seconds": 0.08, "positions_per_cpu_second": 50.0,
                    "depth_reached": 2, "time": {"legal_plays": ..., "apply": ..., "key": ..., "goal": ...,
                    "notation": ..., "lines": ..., "other": ..., "legal_plays_parts": {"facts": ...,
                    "ground": ..., "solve": ..., "decode": ...}}, "zones": "auto: ..."}}

`depth` is the number of plays of the shortest lines (null when none was found); `line_count` how many
shortest lines there are (a lower bound when `line_count_complete` is false: the search stopped at
`--first K` or was cut); each line's `notation` is written against the position it is played in, and
its `moves` replay it (`apply(position, Play.from_json(m["play"]), zone=..., battle_position=...)`).
`positions` counts distinct positions (nodes), `expanded` those whose plays were listed, `generated`
the moves applied, `transpositions` the moves that led to a position already known. Times in seconds.
"""

from __future__ import annotations

import itertools
import json
import re
import sys
import time
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Iterator, Mapping

from ..errors import PysolverError
from ..position.apply import apply
from ..position.canonical import materials_seen, monster_form
from ..position.files import load_position, position_to_dict
from ..position.play import Play
from ..position.value import Monster, Position, SpellTrap, id_sort_key
from ..solve.facts import reads_columns
from ..solve.legal import legal_plays, legal_plays_many
from .goals import Goal, as_goal
from . import exploring

BATCH = 16   # positions whose legal plays are computed together (pysolver.solve.legal.legal_plays_many)

if TYPE_CHECKING:  # networkx is imported when a search runs (it is slow to import)
    import networkx as nx

FORMAT = "pysolver-search/1"
ZONE_MODES = ("auto", "all", "first")
ENGINES = ("bfs", "asp")
ENGINE = "asp"            # the default of search and sweep: the same answers as bfs, faster (benchmarks/README.md)
LINE_LIMIT = 100_000            # lines enumerated at most when all are asked (the count stays exact)
_TRANSLATE_TRIES = 5000
MISSING_LISTED = 20             # positions whose plays were not all listed, listed in the result


# --------------------------------------------------------------------------------------------------
# Moves and lines

@dataclass(frozen=True)
class Move:
    """A play and the choices it is applied with (`apply`'s keyword arguments), as `GameLine` keeps them."""

    play: Play
    choices: Mapping[str, Any] = field(default_factory=dict)

    def apply(self, position: Position) -> Position:
        return apply(position, self.play, **self.choices)

    def notation(self, position: Position | None = None, *, names: bool = True) -> str:
        return _move_notation(self.play, position, self.choices, names)

    def to_json(self) -> dict:
        data = {"play": self.play.to_json()}
        data.update({key: (dict(value) if isinstance(value, Mapping) else value)
                     for key, value in self.choices.items()})
        return data


@dataclass(frozen=True)
class Line:
    """One shortest line: its moves, each in notation written against the position it is played in."""

    moves: tuple[Move, ...]
    notation: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.moves)

    def text(self, separator: str = ", ") -> str:
        return separator.join(self.notation) if self.notation else "(no play needed)"

    def replay(self, start: Position) -> list[Position]:
        """Every position of the line, the start first (each move applied with `check=False`)."""
        positions = [start]
        for move in self.moves:
            positions.append(move.apply(positions[-1]))
        return positions

    def to_json(self) -> dict:
        return {"notation": list(self.notation), "moves": [move.to_json() for move in self.moves]}


def _move_notation(play: Play, position: Position | None, choices: Mapping, names: bool = True) -> str:
    try:
        from ..position.notation import move_notation
    except ImportError:  # pragma: no cover - the notation module is part of the package
        return json.dumps({**play.to_json(), **choices}, sort_keys=True)
    return move_notation(play, position, names=names, **choices)


def _canonical_key_function():
    try:
        from ..position.canonical import canonical_key
    except ImportError:  # pragma: no cover - the game module is part of the package
        def canonical_key(position: Position) -> str:
            return json.dumps(position_to_dict(position), sort_keys=True)
    return canonical_key


# --------------------------------------------------------------------------------------------------
# Zones up to symmetry

def link_on_field(position: Position) -> bool:
    """Whether a Link Monster is on the field (either player's): only then do zone numbers matter."""
    return any(monster is not None and monster.card.is_a("link")
               for player in position.players for monster in (*player.monster_zones, *player.extra_monster_zones))


_OTHER_EMZ = {"EMZL": "EMZR", "EMZR": "EMZL"}


def _emz_swapped(monster: Monster | None) -> Monster | None:
    """The monster as seen once the two Extra Monster Zones are swapped: the monsters it attacked there
    (BP-12) are in the other one."""
    if monster is None or not any(zone in _OTHER_EMZ for zone in monster.attacked_monsters):
        return monster
    return replace(monster, attacked_monsters=tuple(sorted(_OTHER_EMZ.get(z, z) for z in monster.attacked_monsters)))


def _spell_sig(card: SpellTrap) -> tuple:
    return (card.card.passcode, card.position, card.set_this_turn)


def _slot(value, sig) -> tuple:
    return (1,) if value is None else (0, sig(value))


_ZONE_NUMBER = re.compile(r"(o?)(M|S)([1-5])(\.\d+)?$")


@dataclass(frozen=True)
class Symmetry:
    """Which of the turn player's zones are interchangeable (every rule pysolver knows is the same under
    any permutation of them, so positions that differ only so are one node of the search):

    - Main Monster Zones, and the two Extra Monster Zones (swapped for both players at once), when no
      Link Monster is anywhere in the position: only Link Arrows tell them apart (ZN-4, ZN-8), and no
      Link Monster can come from elsewhere than the position's own cards (`monsters`).
    - Spell & Trap Zones 1-5; under Master Rule 4/5 with a Pendulum Monster in the position, zones 1 and
      5 are the Pendulum Zones, so only 2-4 (`spells`).

    mode "auto" uses them, unless a card reads columns (LKQ-11, BPX-27, BPN-6, PRW-2); "all" uses none;
    "first" is "auto", and with a Link Monster in the position still tries one Main Monster Zone and one
    Extra Monster Zone per play (fast; exact only as long as no Link Monster comes to the field, which the
    search reports)."""

    rules: int = 5
    mode: str = "all"
    monsters: bool = False
    pendulums: bool = True
    materials: bool = True       # the materials of a Summon count (MUS-1: `canonical.materials_seen`)

    @classmethod
    def of(cls, position: Position, zones: str) -> "Symmetry":
        if reads_columns(position):     # a card reads columns: every zone number can matter
            zones = "all"
        links = any(instance.card.is_a("link") for instance in position.instances.values())
        return cls(position.rules, zones, monsters=zones != "all" and not links,
                   pendulums=position.scale_zones, materials=materials_seen(position))

    def _form(self, monster: Monster) -> tuple:
        return monster_form(monster, self.materials)

    @property
    def move_monsters(self) -> bool:
        """One move per class of monster zones is tried."""
        return self.monsters or self.mode == "first"

    @property
    def approximate(self) -> bool:
        return self.move_monsters and not self.monsters

    @property
    def spells(self) -> bool:
        return self.mode != "all"

    def zone_class(self, zone: str | None, monsters: bool | None = None) -> str | None:
        if zone is None:
            return None
        monsters = self.monsters if monsters is None else monsters
        if monsters and zone in ("EMZL", "EMZR"):
            return "EMZ"
        match = _ZONE_NUMBER.match(zone)
        if match and not match.group(1) and not match.group(4):
            kind, number = match.group(2), int(match.group(3))
            if kind == "M" and monsters:
                return "M"
            if kind == "S" and self.spells and not (self.pendulums and self.rules >= 4 and number in (1, 5)):
                return "S"
        return zone

    def class_zones(self, zone: str) -> tuple[str, ...]:
        """The zones interchangeable with `zone`, itself first."""
        cls = self.zone_class(zone)
        if cls == "EMZ":
            zones: tuple[str, ...] = ("EMZL", "EMZR")
        elif cls == "M":
            zones = tuple(f"M{i}" for i in range(1, 6))
        elif cls == "S":
            zones = tuple(f"S{i}" for i in self._spell_numbers())
        else:
            return (zone,)
        return (zone,) + tuple(z for z in zones if z != zone)

    def _spell_numbers(self) -> range:
        return range(2, 5) if self.pendulums and self.rules >= 4 else range(1, 6)

    def normalize(self, position: Position) -> Position:
        """The canonical arrangement of the turn player's interchangeable zones: occupied zones first,
        sorted; the Extra Monster Zones swapped (for both players) when that orders them first."""
        if not self.spells:
            return position
        me = position.turn_player
        players = list(position.players)
        player = players[me]
        changes: dict[str, Any] = {}
        if self.monsters:
            occupied = sorted((m for m in player.monster_zones if m is not None), key=self._form)
            changes["monster_zones"] = tuple(occupied) + (None,) * (len(player.monster_zones) - len(occupied))
        numbers = self._spell_numbers()
        spells = list(player.spell_trap_zones)
        inner = sorted((spells[i - 1] for i in numbers if spells[i - 1] is not None), key=_spell_sig)
        inner += [None] * (len(numbers) - len(inner))
        for i, card in zip(numbers, inner):
            spells[i - 1] = card
        changes["spell_trap_zones"] = tuple(spells)
        players[me] = replace(player, **changes)
        if self.monsters:
            pairs = [p.extra_monster_zones for p in players]
            as_is = (tuple(_slot(m, self._form) for pair in pairs for m in pair),
                     sorted(self._form(m) for m in players[me].monster_zones if m is not None))
            swapped = (tuple(_slot(_emz_swapped(m), self._form) for pair in pairs for m in reversed(pair)),
                       sorted(self._form(_emz_swapped(m)) for m in players[me].monster_zones if m is not None))
            if swapped < as_is:
                players = [replace(p, extra_monster_zones=tuple(map(_emz_swapped, reversed(p.extra_monster_zones))),
                                   monster_zones=tuple(map(_emz_swapped, p.monster_zones))) for p in players]
                occupied = sorted((m for m in players[me].monster_zones if m is not None), key=self._form)
                players[me] = replace(players[me], monster_zones=tuple(occupied) + (None,) * (5 - len(occupied)))
        return replace(position, players=tuple(players))

    def signature(self, instance) -> tuple:
        """Instances with equal signatures can be swapped by a symmetry of the position."""
        state = instance.state
        if isinstance(state, Monster):
            state_sig: Any = self._form(state)
        elif isinstance(state, SpellTrap):
            state_sig = _spell_sig(state)
        elif state is not None:
            state_sig = (state.face_up, state.properly_summoned)
        else:
            state_sig = None
        location = instance.location
        mine = not instance.id.startswith("o")
        if location in ("hand", "extra_deck", "graveyard", "banished"):
            place: Any = location
        elif self.monsters and location == "extra_monster_zone":
            place = location
        elif self.monsters and mine and location == "monster_zone":
            place = location
        elif mine and location == "spell_trap_zone":
            place = self.zone_class(f"S{instance.index}")
        elif self.monsters and location == "overlay":
            place = (location, None)
        else:
            place = (location, instance.id)
        return (instance.player, place, instance.card.passcode, state_sig)


_ID_FIELDS = ("card", "spell", "target", "tributes", "materials", "cost", "cards")


def moves_of(play: Play, symmetry: Symmetry | None = None) -> list[Move]:
    """The moves of a play: each battle position it may take times each zone (one zone per class of
    interchangeable zones, see `Symmetry`); for a Pendulum Summon each assignment of zones to cards."""
    symmetry = symmetry or Symmetry()
    monsters = symmetry.move_monsters
    positions = play.positions or (None,)
    zones = play.zones
    result = []
    if isinstance(zones, Mapping):
        cards = list(play.cards or zones.keys())
        seen = set()
        for chosen in itertools.product(*(zones[card] for card in cards)):
            if len(set(chosen)) != len(chosen) or sum(z.startswith("EMZ") for z in chosen) > 1:
                continue
            signature = tuple(symmetry.zone_class(z, monsters) for z in chosen)
            if signature in seen:
                continue
            seen.add(signature)
            for battle_position in positions:
                choices: dict[str, Any] = {"zones": dict(zip(cards, chosen))}
                if battle_position is not None:
                    choices["battle_position"] = battle_position
                result.append(Move(play, choices))
        return result
    options = list(zones or (None,))
    seen_classes: set = set()
    kept = []
    for zone in options:
        cls = symmetry.zone_class(zone, monsters)
        if cls not in seen_classes:
            seen_classes.add(cls)
            kept.append(zone)
    for zone in kept:
        for battle_position in positions:
            choices = {}
            if zone is not None:
                choices["zone"] = zone
            if battle_position is not None:
                choices["battle_position"] = battle_position
            result.append(Move(play, choices))
    return result


# --------------------------------------------------------------------------------------------------
# The result

@dataclass
class SearchResult:
    goal: str
    found: bool
    depth: int | None               # the length of the shortest lines (None: none found)
    lines: list[Line]
    line_count: int                 # how many shortest lines exist (a lower bound unless line_count_complete)
    exhausted: bool
    reason: str
    proved_depth: int               # no line of this many plays or fewer reaches the goal (-1: none known)
    bounds: dict
    statistics: dict
    graph: "nx.DiGraph" = field(repr=False)
    line_count_complete: bool = True
    start: Position | None = field(default=None, repr=False)
    detail: str | None = None       # when interrupted (reason "interrupted"): what is known
    incomplete: int = 0             # positions whose plays were not all listed (lines through them may be missing)
    missing: list = field(default_factory=list)   # the first of them: {"line", "depth", "reason"}

    def to_json(self) -> dict:
        data = {"format": FORMAT, "goal": self.goal, "found": self.found, "depth": self.depth,
                "line_count": self.line_count, "line_count_complete": self.line_count_complete,
                "lines": [line.to_json() for line in self.lines],
                "exhausted": self.exhausted, "reason": self.reason, "proved_depth": self.proved_depth,
                "bounds": self.bounds, "statistics": self.statistics}
        if self.detail is not None:
            data["detail"] = self.detail
        if self.incomplete:
            data["incomplete_positions"] = self.incomplete
            data["missing"] = self.missing
        return data

    def status_line(self) -> str:
        s = self.statistics
        head = "exhausted" if self.exhausted else "CUT"
        reason = self.reason if self.detail is None else f"{self.reason}: {self.detail}"
        if s.get("engine") == "asp":
            return (f"{head}: {reason} -- asp engine: horizon {s.get('horizon', 0)}, {s.get('models', 0)} "
                    f"models, {s.get('conflicts', 0)} conflicts, ground {s.get('ground_seconds', 0):.2f} s, "
                    f"solve {s.get('solve_seconds', 0):.2f} s, replay {s.get('replay_seconds', 0):.2f} s, "
                    f"{s['seconds']:.2f} s in all")
        return (f"{head}: {reason} -- {s['expanded']} positions expanded, {s['generated']} generated, "
                f"{s['transpositions']} transpositions, {s['positions']} distinct, {s['seconds']:.2f} s, "
                f"{s['positions_per_second']:.0f} positions/s")

    def text(self) -> str:
        if self.found:
            shown = len(self.lines)
            total = f"{self.line_count}" if self.line_count_complete else f"at least {self.line_count}"
            count = (f"{self.line_count} shortest line{'s' if self.line_count != 1 else ''}"
                     if shown == self.line_count and self.line_count_complete else f"{shown} of {total} shortest lines")
            out = [f"goal {self.goal}: {count} of {self.depth} play{'s' if self.depth != 1 else ''}"]
            width = len(str(shown))
            out += [f"  {i:>{width}}. {line.text()}" for i, line in enumerate(self.lines, 1)]
        else:
            out = [f"goal {self.goal}: no line found"]
        out.append(self.status_line())
        for entry in self.missing[:10]:
            out.append(f"  lines may be missing after {', '.join(entry['line']) or 'the start'}: {entry['reason']}")
        if self.incomplete > min(10, len(self.missing)):
            out.append(f"  ... {self.incomplete - min(10, len(self.missing))} more such positions")
        return "\n".join(out)

    def write_graph(self, path) -> None:
        """Write the explored graph: GraphML (`.graphml`) or Graphviz DOT (`.dot`, `.gv`)."""
        write_graph(self.graph, path)


def write_graph(graph: "nx.DiGraph", path) -> None:
    import networkx as nx
    path = str(path)
    lower = path.lower()
    try:
        if lower.endswith(".graphml"):
            nx.write_graphml(graph, path)
        elif lower.endswith((".dot", ".gv")):
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(dot_text(graph))
        else:
            raise PysolverError(f"{path}: unknown graph format; name the file .graphml or .dot")
    except OSError as error:
        raise PysolverError(f"cannot write the graph: {error.strerror or 'input/output error'}", source=path) from None


def _dot_quote(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def dot_text(graph: "nx.DiGraph") -> str:
    """Graphviz DOT, written by hand (no pydot needed): nodes n0, n1, ... with their key as an attribute."""
    names = {node: f"n{i}" for i, node in enumerate(graph.nodes)}
    out = ["digraph search {", "  node [shape=box, fontname=\"monospace\"];"]
    for node, data in graph.nodes(data=True):
        attributes = {"key": node, **data}
        label = f"d{data.get('depth', '?')} {data.get('label', '')}".strip()
        attributes["label"] = label
        if data.get("goal"):
            attributes["style"] = "filled"
            attributes["fillcolor"] = "palegreen"
        text = ", ".join(f"{key}={_dot_quote(value)}" for key, value in attributes.items())
        out.append(f"  {names[node]} [{text}];")
    for source, target, data in graph.edges(data=True):
        attributes = dict(data)
        attributes["label"] = data.get("play", "")
        text = ", ".join(f"{key}={_dot_quote(value)}" for key, value in attributes.items())
        out.append(f"  {names[source]} -> {names[target]} [{text}];")
    out.append("}")
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------------
# Progress (rich), shown only when asked

class _Progress:
    def __init__(self, enabled: bool, goal: str):
        self.enabled = enabled
        self.goal = goal
        self.started = time.perf_counter()
        self.bar = None
        self.task = None

    def update(self, depth: int, done: int, total: int, expanded: int, distinct: int) -> None:
        if not self.enabled:
            return
        elapsed = time.perf_counter() - self.started
        rate = expanded / elapsed if elapsed > 0 else 0.0
        self.show(depth, done, total, f"{expanded} expanded, {distinct} distinct, {rate:.0f}/s")

    def show(self, depth: int, done: int, total: int | None, info: str) -> None:
        """The bar at `depth`, `done` of `total` (None: not known), and what is being done."""
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.started < 0.5:
                return
            try:
                from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                           TimeElapsedColumn)
                from rich.console import Console
            except ImportError:  # pragma: no cover - rich is a dependency
                self.enabled = False
                return
            self.bar = Progress(TextColumn("[bold]search[/] depth {task.fields[depth]}"), BarColumn(),
                                MofNCompleteColumn(), TextColumn("{task.fields[info]}"), TimeElapsedColumn(),
                                console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("search", total=total, depth=depth, info="")
        self.bar.update(self.task, completed=done, total=total, depth=depth, info=info)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


# --------------------------------------------------------------------------------------------------
# The search

@dataclass
class _Node:
    depth: int
    goal: bool
    position: Position
    edges: list = field(default_factory=list)   # (child key, Move) on shortest paths (child depth = depth + 1)
    paths: int = 0                              # shortest paths from the start
    expanded: bool = False


def _label(position: Position) -> str:
    me = position.me
    monsters = [m.card.name + ("" if m.position == "attack" else f" ({m.position})")
                for m in (*me.extra_monster_zones, *me.monster_zones) if m is not None]
    return f"{position.phase}: " + (", ".join(monsters) if monsters else "no monsters") + f" | hand {len(me.hand)}"


def _zone_sensitive(goal: Goal) -> bool:
    """An ASP goal that reads zone/2 can tell zone numbers apart: then no zone is interchangeable."""
    from .goals import AllOf, AspGoal
    parts = goal.parts if isinstance(goal, AllOf) else (goal,)
    return any(isinstance(part, AspGoal) and re.search(r"\bzone\s*\(", part.program) for part in parts)


def check_engine(engine: str, max_nodes: int | None) -> None:
    """A search's (or a sweep's) engine, and the bound only the breadth-first search has."""
    if engine not in ENGINES:
        raise PysolverError(f"engine must be one of {', '.join(ENGINES)} (got {engine!r})")
    if max_nodes is not None and engine != "bfs":
        raise PysolverError(f"max_nodes (--max-nodes) bounds the breadth-first search only: use engine \"bfs\" "
                            f"(--engine bfs), or bound the {engine} engine by max_depth or timeout")


@exploring
def search(position: Position, goal: Goal | str, *, max_depth: int | None = None, max_nodes: int | None = None,
           timeout: float | None = None, all_lines: bool = True, first_k: int | None = None,
           progress: bool = False, zones: str = "auto", engine: str = ENGINE) -> SearchResult:
    """The shortest lines of plays of this turn from `position` that reach `goal` (module docstring).

    `max_depth`: lines of at most this many plays; `max_nodes`: at most this many positions expanded
    (one `legal_plays` call each); `timeout`: seconds. `all_lines=False` stops at the first shortest
    line, `first_k` once k shortest lines are known. `progress` shows a rich progress bar on stderr
    for searches longer than half a second. `zones`: "auto" (zones up to symmetry, exact), "all" (every
    zone) or "first" (as auto, and one Main Monster Zone per play even with a Link Monster on the field:
    fast, not exact). `engine`: "asp" (default: whole lines as answer sets of the step-indexed turn,
    `pysolver.explore.plan`) or "bfs" (this module's breadth-first search; `max_nodes` bounds it only).
    """
    check_engine(engine, max_nodes)
    for name, value, low in (("max_depth", max_depth, 0), ("max_nodes", max_nodes, 1), ("first_k", first_k, 1)):
        if value is not None and (not isinstance(value, int) or value < low):
            raise PysolverError(f"{name} must be a whole number, {low} or more (got {value!r})")
    if timeout is not None and timeout <= 0:
        raise PysolverError(f"timeout must be more than 0 seconds (got {timeout!r})")
    if zones not in ZONE_MODES:
        raise PysolverError(f"zones must be one of {', '.join(ZONE_MODES)} (got {zones!r})")
    import networkx as nx
    goal = as_goal(goal, position.cards)
    wanted = 1 if not all_lines else first_k          # None: every shortest line
    started = time.perf_counter()
    cpu_started = time.process_time()
    canonical_key = _canonical_key_function()
    symmetry = Symmetry.of(position, "all" if _zone_sensitive(goal) else zones)
    if engine == "asp":
        return _search_asp(position, goal, symmetry, max_depth=max_depth, timeout=timeout, wanted=wanted,
                           progress=progress, bounds={"max_depth": max_depth, "max_nodes": max_nodes, "timeout": timeout,
                                   "all_lines": all_lines, "first_k": first_k, "zones": zones, "engine": engine})
    timing = {"legal_plays": 0.0, "apply": 0.0, "key": 0.0, "goal": 0.0, "notation": 0.0}
    solver_parts: dict[str, float] = {}       # legal_plays' own statistics: facts, ground, solve, decode

    def key_of(pos: Position) -> str:
        t = time.perf_counter()
        key = canonical_key(symmetry.normalize(pos))
        timing["key"] += time.perf_counter() - t
        return key

    def check(pos: Position) -> bool:
        t = time.perf_counter()
        reached = goal.check(pos)
        timing["goal"] += time.perf_counter() - t
        return reached

    graph = nx.DiGraph()
    root = key_of(position)
    nodes: dict[str, _Node] = {root: _Node(0, check(position), position, paths=1)}
    graph.add_node(root, depth=0, goal=nodes[root].goal, expanded=False, label=_label(position))
    levels: list[list[str]] = [[root]]
    goal_nodes: list[str] = [root] if nodes[root].goal else []
    expanded = generated = transpositions = 0
    approximated = False
    cut: str | None = None
    incomplete: list[tuple[str, str]] = []     # (key, why): positions whose plays were not all listed
    bar = _Progress(progress, goal.text)
    depth = 0

    def add(node: _Node, key: str, move: Move) -> None:
        nonlocal generated, transpositions
        t = time.perf_counter()
        child = move.apply(node.position)
        timing["apply"] += time.perf_counter() - t
        generated += 1
        child_key = key_of(child)
        info = nodes.get(child_key)
        if info is None:
            reached = check(child)
            info = nodes[child_key] = _Node(node.depth + 1, reached, child)
            graph.add_node(child_key, depth=node.depth + 1, goal=reached, expanded=False, label=_label(child))
            (goal_nodes if reached else levels[node.depth + 1]).append(child_key)
        else:
            transpositions += 1
        known = graph.has_edge(key, child_key)   # another play to the same position: the same path of positions
        if info.depth == node.depth + 1 and not known:
            node.edges.append((child_key, move))
            info.paths += node.paths
        t = time.perf_counter()
        if known:
            graph.edges[key, child_key]["plays"] += 1
        else:
            graph.add_edge(key, child_key, play=move.notation(node.position), plays=1)
        timing["notation"] += time.perf_counter() - t

    prefetched: dict = {}
    proofs: list[dict] = []     # when each depth was proved: all its positions generated, none a goal
    try:
        while not goal_nodes and levels[depth]:
            if not incomplete:
                proofs.append({"depth": depth, "seconds": round(time.perf_counter() - started, 4),
                               "cpu_seconds": round(time.process_time() - cpu_started, 4)})
            if max_depth is not None and depth >= max_depth:
                cut = (f"stopped at --max-depth {max_depth}: {len(levels[depth])} positions at depth {depth} "
                       "not expanded")
                break
            levels.append([])
            frontier = levels[depth]
            for done, key in enumerate(frontier):
                if max_nodes is not None and expanded >= max_nodes:
                    cut = f"stopped after --max-nodes {max_nodes} positions expanded"
                    break
                if timeout is not None and time.perf_counter() - started >= timeout:
                    cut = f"stopped after --timeout {timeout:g} s"
                    break
                bar.update(depth, done, len(frontier), expanded, len(nodes))
                node = nodes[key]
                t = time.perf_counter()
                if key not in prefetched:   # the next positions of the level, grounded together
                    budget = BATCH if max_nodes is None else max(1, min(BATCH, max_nodes - expanded))
                    chunk = frontier[done:done + budget]
                    prefetched.update(_plays_of_chunk(chunk, [nodes[k].position for k in chunk],
                                                      root_key=root, all_instances=not symmetry.monsters))
                plays = prefetched.pop(key)
                timing["legal_plays"] += time.perf_counter() - t
                if isinstance(plays, _Refused):    # a card of this position cannot be read: not expanded
                    incomplete.append((key, plays.reason))
                    graph.nodes[key]["refused"] = plays.reason
                    continue
                for part, seconds in plays.statistics.items():
                    if part != "total":
                        solver_parts[part] = solver_parts.get(part, 0.0) + seconds
                if not plays.exhaustive:            # expanded with the plays listed; others may be missing
                    incomplete.append((key, plays.reason or "the plays were not all listed"))
                expanded += 1
                node.expanded = True
                if symmetry.approximate and not approximated and link_on_field(node.position):
                    approximated = True      # zones were tried up to a symmetry that no longer holds
                graph.nodes[key]["expanded"] = True
                for play in plays:
                    if play.action == "end_turn":
                        continue
                    for move in moves_of(play, symmetry):
                        add(node, key, move)
                if goal_nodes and (wanted is not None and sum(nodes[g].paths for g in goal_nodes) >= wanted):
                    break
            if cut:
                break
            depth += 1
    except KeyboardInterrupt:           # Ctrl-C: say what is known, as at a bound
        cut = "interrupted"
    finally:
        bar.close()
    searched = time.perf_counter()

    found = bool(goal_nodes)
    goal_depth = nodes[goal_nodes[0]].depth if found else None
    line_count = sum(nodes[g].paths for g in goal_nodes)
    # The count is complete when the goal level was finished (not stopped at the first k, nor cut).
    count_complete = not found or goal_depth == 0 or (wanted is None and cut is None)
    limit = LINE_LIMIT if wanted is None else min(wanted, LINE_LIMIT)
    lines = list(itertools.islice(_lines(nodes, levels, goal_nodes, root, position, key_of, symmetry),
                                  limit)) if found else []
    # What is known: every position up to proved_depth plays was generated and checked, none a goal.
    proved_depth = goal_depth - 1 if found else (depth if cut else depth - 1)
    if incomplete:      # below a position whose plays were not all listed, nothing is proved
        proved_depth = min(proved_depth, min(nodes[key].depth for key, _ in incomplete))
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    exhausted = cut is None and not approximated and not incomplete
    plural = "s" if goal_depth != 1 else ""
    if found:
        what = f"{line_count} shortest line{'s' if line_count != 1 else ''} of {goal_depth} play{plural}"
        if goal_depth == 0:
            reason = "the position already reaches the goal"
        elif cut:
            reason = f"{cut}; the lines found are shortest ({goal_depth} play{plural}) but maybe not all"
        elif wanted is None:
            reason = f"{'' if not incomplete else 'not '}all {what} found" if len(lines) == line_count else \
                f"{what}: only the first {len(lines)} listed (LINE_LIMIT)"
        elif wanted == 1:
            reason = f"a shortest line found ({goal_depth} play{plural}; stopped at the first)"
        else:
            reason = (f"the first {len(lines)} shortest lines found ({goal_depth} play{plural}; "
                      f"stopped at --first {wanted})")
    elif cut:
        reason = f"{cut}; no line of {proved_depth} play{'s' if proved_depth != 1 else ''} or fewer reaches the goal"
    elif incomplete:
        reason = f"no line found among the {len(nodes)} positions explored"
    else:
        reason = f"no line of the turn reaches the goal: all {len(nodes)} positions explored"
    if incomplete:
        first_depth = min(nodes[key].depth for key, _ in incomplete)
        reason += (f"; NOT complete: the plays of {len(incomplete)} position{'s' if len(incomplete) != 1 else ''} "
                   f"(the first at depth {first_depth}) could not all be listed, so lines through them may be "
                   f"missing (a shorter line may exist): {incomplete[0][1]}")
    if approximated:
        reason += ("; NOT exact: --zones first tried one Main Monster Zone per play from a position with a Link "
                   "Monster on the field (a shorter line, or a line at all, may need another zone)")
    statistics = {
        "expanded": expanded, "generated": generated, "transpositions": transpositions, "positions": len(nodes),
        "seconds": round(elapsed, 4), "positions_per_second": round(expanded / elapsed, 1) if elapsed > 0 else 0.0,
        "cpu_seconds": round(cpu, 4), "positions_per_cpu_second": round(expanded / cpu, 1) if cpu > 0 else 0.0,
        "depth_reached": max((nodes[k].depth for k in nodes), default=0), "proofs": proofs,
        "time": {**{k: round(v, 4) for k, v in timing.items()}, "lines": round(elapsed - (searched - started), 4),
                 "other": round(max(0.0, (searched - started) - sum(timing.values())), 4),
                 "legal_plays_parts": {k: round(v, 4) for k, v in solver_parts.items()}},
        "zones": symmetry.mode + (": Main Monster, Extra Monster and Spell & Trap Zones up to symmetry"
                                  if symmetry.monsters else ": Spell & Trap Zones up to symmetry"
                                  if symmetry.spells else ""),
    }
    bounds = {"max_depth": max_depth, "max_nodes": max_nodes, "timeout": timeout, "all_lines": all_lines,
              "first_k": first_k, "zones": zones}
    detail = None
    if cut == "interrupted":            # the reason says so alone; the detail says what is known
        detail, reason = reason.removeprefix("interrupted; ").removeprefix("interrupted"), "interrupted"
    missing = [{"line": _line_to(nodes, levels, root, key, position, key_of, symmetry), "depth": nodes[key].depth,
                "reason": why} for key, why in incomplete[:MISSING_LISTED]]
    return SearchResult(goal=goal.text, found=found, depth=goal_depth, lines=lines, line_count=line_count,
                        exhausted=exhausted, reason=reason, proved_depth=proved_depth, bounds=bounds,
                        statistics=statistics, graph=graph, start=position, line_count_complete=count_complete,
                        detail=detail, incomplete=len(incomplete), missing=missing)


class _Refused:
    """A position whose plays the solver refuses to list (a card it cannot read exactly)."""

    def __init__(self, reason: str):
        self.reason = reason


def _plays_of_chunk(keys: list, positions: list, root_key: str, all_instances: bool) -> dict:
    """The plays of positions grounded together; when the solver refuses one of them (a card it cannot
    read), each is listed alone so that only that one is refused. A refusal at the start is an error.
    `all_instances` when zones can be told apart: identical copies on the field are then not
    interchangeable (which copy a Link Summon uses decides which zones stay linked)."""
    try:
        return dict(zip(keys, legal_plays_many(positions, all_instances=all_instances)))
    except PysolverError:
        result: dict = {}
        for key, position in zip(keys, positions):
            try:
                result[key] = legal_plays(position, all_instances=all_instances)
            except PysolverError as error:
                if key == root_key:
                    raise
                result[key] = _Refused(error.detail)
        return result


def _line_to(nodes: dict, levels: list, root: str, target: str, start: Position, key_of,
             symmetry: Symmetry) -> list[str]:
    """One line of plays (notation) from the start to the position `target`, replayed from the start."""
    parent: dict[str, tuple[str, Move]] = {}
    for level in levels:
        for key in level:
            for child, move in nodes[key].edges:
                parent.setdefault(child, (key, move))
    chain = []
    key = target
    while key != root and key in parent:
        key, move = parent[key]
        chain.append((key, move))
    chain.reverse()
    texts, actual = [], start
    try:
        for key, move in chain:
            node = nodes[key]
            before = actual
            if actual == node.position:
                real, actual = narrow(move), move.apply(actual)
            else:
                child_key = next(child for child, m in node.edges if m is move)
                real, actual = _translate(actual, node.position, move, child_key, key_of, symmetry)
            texts.append(real.notation(before))
    except Exception:  # noqa: BLE001 - the line is a courtesy; the count of such positions is what matters
        return [move.notation() for _, move in chain]
    return texts


# --------------------------------------------------------------------------------------------------
# Lines: every path of the shortest-path graph to a goal node, replayed from the start

def _lines(nodes: dict, levels: list, goal_nodes: list, root: str, start: Position, key_of,
           symmetry: Symmetry) -> Iterator[Line]:
    reaches = set(goal_nodes)
    for level in reversed(levels):
        for key in level:
            if any(child in reaches for child, _ in nodes[key].edges):
                reaches.add(key)
    if root not in reaches:
        return

    def walk(key: str, actual: Position, moves: tuple, texts: tuple) -> Iterator[Line]:
        node = nodes[key]
        if node.goal:
            yield Line(moves, texts)
            return
        for child_key, move in node.edges:
            if child_key not in reaches:
                continue
            if actual is node.position or actual == node.position:
                real, after = narrow(move), move.apply(actual)
            else:
                real, after = _translate(actual, node.position, move, child_key, key_of, symmetry)
            yield from walk(child_key, after, moves + (real,), texts + (real.notation(actual),))

    yield from walk(root, start, (), ())


def narrow(move: Move) -> Move:
    """The move with its play's `zones` and `positions` narrowed to the choices made (a line's moves)."""
    choices = move.choices
    changes: dict[str, Any] = {}
    if "zones" in choices:
        changes["zones"] = {card: (zone,) for card, zone in choices["zones"].items()}
    elif "zone" in choices:
        changes["zones"] = (choices["zone"],)
    if "battle_position" in choices:
        changes["positions"] = (choices["battle_position"],)
    return Move(replace(move.play, **changes), choices) if changes else move


def _translate(actual: Position, base: Position, move: Move, child_key: str, key_of,
               symmetry: Symmetry) -> tuple[Move, Position]:
    """`move` was found in `base`; `actual` is the same position up to identical copies and
    interchangeable zones: the move of `actual` that leads to the same child (`child_key`)."""
    by_signature: dict[tuple, list[str]] = {}
    for iid, instance in actual.instances.items():
        by_signature.setdefault(symmetry.signature(instance), []).append(iid)
    slots: list[tuple[str, int | None, list]] = []   # (field, index in a tuple or None, candidates)
    play = move.play
    for name in _ID_FIELDS:
        value = getattr(play, name)
        if value is None or value == "direct":
            continue
        for index, iid in (enumerate(value) if isinstance(value, tuple) else [(None, value)]):
            candidates = list(by_signature.get(symmetry.signature(base[iid]), ()))
            if iid in candidates:
                candidates.remove(iid)
                candidates.insert(0, iid)
            slots.append((name, index, candidates))
    zone_slots: list[tuple[str | None, list]] = []
    if "zone" in move.choices:
        zone_slots.append((None, list(symmetry.class_zones(move.choices["zone"]))))
    for card, zone in (move.choices.get("zones") or {}).items():
        zone_slots.append((card, list(symmetry.class_zones(zone))))
    tries = 0
    for ids in itertools.product(*(candidates for _, _, candidates in slots)):
        if len(set(ids)) != len(ids):
            continue
        mapping: dict[str, str] = {}
        values: dict[str, Any] = {}
        for (name, index, _), iid in zip(slots, ids):
            original = getattr(play, name)
            mapping[original if index is None else original[index]] = iid
            if index is None:
                values[name] = iid
            else:
                values.setdefault(name, list(original))[index] = iid
        values = {k: tuple(sorted(v, key=id_sort_key)) if isinstance(v, list) else v for k, v in values.items()}
        for chosen in itertools.product(*(options for _, options in zone_slots)):
            tries += 1
            if tries > _TRANSLATE_TRIES:
                break
            if len(set(chosen)) != len(chosen):
                continue
            choices = dict(move.choices)
            if isinstance(play.zones, Mapping):
                choices["zones"] = {mapping.get(card, card): zone for (card, _), zone in zip(zone_slots, chosen)}
            elif chosen:
                choices["zone"] = chosen[0]
            candidate = narrow(Move(replace(play, **values), choices))
            try:
                after = candidate.apply(actual)
            except Exception:  # noqa: BLE001 - a wrong substitution may not even apply
                continue
            if key_of(after) == child_key:
                return candidate, after
        if tries > _TRANSLATE_TRIES:
            break
    # Not found by substitution (it should be): the actual position's own moves, each zone.
    for legal in legal_plays(actual, all_instances=True):
        for candidate in moves_of(legal):
            after = candidate.apply(actual)
            if key_of(after) == child_key:
                return narrow(candidate), after
    raise PysolverError("internal error: a line of the search could not be replayed")  # pragma: no cover


# --------------------------------------------------------------------------------------------------
# The command line (`pysolver search`; its options are declared in pysolver.cli)

def _search_asp(position: Position, goal: Goal, symmetry: Symmetry, *, max_depth, timeout, wanted,
                progress: bool, bounds: dict) -> SearchResult:
    """`search(..., engine="asp")`: the lines of `pysolver.explore.plan.shortest_lines` as a SearchResult
    (its lines are distinct paths of positions; the graph holds the positions of the lines found)."""
    import networkx as nx
    from .plan import shortest_lines
    canonical_key = _canonical_key_function()

    def key_of(pos: Position) -> str:
        return canonical_key(symmetry.normalize(pos))

    started = time.perf_counter()
    graph = nx.DiGraph()
    root = key_of(position)
    graph.add_node(root, depth=0, goal=goal.check(position), expanded=False, label=_label(position))
    if graph.nodes[root]["goal"]:
        statistics = {"engine": "asp", "seconds": round(time.perf_counter() - started, 4)}
        return SearchResult(goal=goal.text, found=True, depth=0, lines=[Line((), ())], line_count=1,
                            exhausted=True, reason="the position already reaches the goal", proved_depth=-1,
                            bounds=bounds, statistics=statistics, graph=graph, start=position)
    zone_classes = tuple(name for name, used in (("monsters", symmetry.monsters), ("spells", symmetry.spells),
                                                 ("pendulums", symmetry.pendulums)) if used)
    bar = _Progress(progress, goal.text)
    try:
        planned = shortest_lines(position, goal, max_depth=max_depth, timeout=timeout, wanted=wanted,
                                 zone_classes=zone_classes, key_of=key_of,
                                 report=lambda horizon, what: bar.show(horizon, horizon - 1, max_depth, what))
    finally:
        bar.close()
    lines = []
    # The lines share their first moves and their positions (the replayer keeps one object per move it
    # replayed, with the position after it and its key): each move is narrowed and written once per
    # position it is played in.
    edges: dict[tuple, tuple] = {}
    for moves in planned.lines:
        actual, key, narrowed, texts = position, root, [], []
        for depth, (play, choices, after, child) in enumerate(moves, 1):
            edge = (id(actual), id(play), id(choices))
            known = edges.get(edge)
            if known is None:
                move = narrow(Move(play, choices))
                known = edges[edge] = (move, move.notation(actual), _label(after),
                                       actual, play, choices)      # the objects kept: their ids stay theirs
            move, text, label = known[:3]
            graph.add_node(child, depth=depth, goal=depth == len(moves), expanded=False, label=label)
            graph.add_edge(key, child, play=text, plays=1)
            narrowed.append(move)
            texts.append(text)
            actual, key = after, child
        lines.append(Line(tuple(narrowed), tuple(texts)))
    lines.sort(key=lambda line: line.notation)     # the solver's order is its own: the same answer, the same order
    found = planned.depth is not None
    depth = planned.depth
    plural = "s" if depth != 1 else ""
    if found:
        what = f"{planned.line_count} shortest line{'s' if planned.line_count != 1 else ''} of {depth} play{plural}"
        if planned.cut:
            reason = f"{planned.cut}; the lines found are shortest ({depth} play{plural}) but maybe not all"
        elif wanted is None:     # with lines through withheld plays uncertain, as the bfs engine says
            reason = f"{'not ' if planned.uncertain else ''}all {what} found"
        elif wanted == 1:
            reason = f"a shortest line found ({depth} play{plural}; stopped at the first)"
        else:
            reason = f"the first {len(lines)} shortest lines found ({depth} play{plural}; stopped at --first {wanted})"
    elif planned.cut:
        proved = planned.proved_depth
        reason = planned.cut + (f"; no line of {proved} play{'s' if proved != 1 else ''} or fewer reaches the goal"
                                if proved >= 0 else "")
    else:
        longest = planned.longest
        reason = (f"no line of the turn reaches the goal: none of {longest} play{'s' if longest != 1 else ''} or "
                  f"fewer does, and the turn has no line of {longest + 1}")
    if planned.uncertain:
        reason += ("; NOT complete: some lines go through plays withheld for card text pysolver cannot read, so "
                   f"lines may be missing (a shorter line may exist): {planned.uncertain[0]}")
    statistics = dict(planned.statistics, positions=graph.number_of_nodes(),
                      seconds=round(time.perf_counter() - started, 4))
    detail = None
    if planned.cut and planned.cut.startswith("interrupted"):   # as the bfs engine: the detail says what is known
        detail, reason = reason.removeprefix("interrupted").lstrip("; "), "interrupted"
    return SearchResult(goal=goal.text, found=found, depth=depth, lines=lines, line_count=planned.line_count,
                        exhausted=planned.cut is None and not planned.uncertain, reason=reason, proved_depth=planned.proved_depth,
                        bounds=bounds, statistics=statistics, graph=graph, start=position,
                        line_count_complete=planned.count_complete, detail=detail)


def add_arguments(parser) -> None:
    parser.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    parser.add_argument("--goal", required=True, metavar="GOAL",
                        help='what to reach, parts joined with &: a card name ("Stardust Dragon"), with a battle '
                             'position ("Stardust Dragon":attack), a count (monsters>=3, synchro>=1) or '
                             'asp:"goal :- ..." over the position\'s facts')
    parser.add_argument("--max-depth", type=int, metavar="D", help="lines of at most D plays")
    parser.add_argument("--max-nodes", type=int, metavar="N", help="expand at most N positions (--engine bfs only)")
    parser.add_argument("--timeout", type=float, metavar="S", help="stop after S seconds")
    parser.add_argument("--first", type=int, metavar="K", help="stop once K shortest lines are known (default: all)")
    parser.add_argument("--zones", choices=ZONE_MODES, default="auto",
                        help="auto: zones up to symmetry (exact, default); all: every zone; first: one Main "
                             "Monster Zone per play even with Link Monsters around (fast, NOT exact then)")
    parser.add_argument("--engine", choices=ENGINES, default=ENGINE,
                        help="asp (default): whole lines solved by clingo on the step-indexed turn (ground once "
                             "per horizon); bfs: breadth-first over positions, the check")
    parser.add_argument("--graph", metavar="FILE", help="write the explored graph: FILE.graphml or FILE.dot")
    parser.add_argument("--json", action="store_true", help="print pysolver-search/1 JSON")
    parser.add_argument("--progress", action="store_true",
                        help="show a progress bar on stderr (the default when stderr is a terminal)")


def cli_main(args) -> int:
    """`pysolver search POSITION --goal GOAL ...`: the shortest lines, then the status line. Exit status 0
    (found, not found or cut: the output says which), 130 when interrupted (after printing what is known,
    and writing the graph if asked), 2 when the graph cannot be written (after printing the result)."""
    from ..cards.load import load_cards
    if args.graph:
        check_graph_path(args.graph)
    cards = load_cards(args.cards)
    position = load_position(args.position, cards=cards)
    goal = as_goal(args.goal, cards)
    result = search(position, goal, max_depth=args.max_depth, max_nodes=args.max_nodes, timeout=args.timeout,
                    first_k=args.first, zones=args.zones, progress=args.progress or sys.stderr.isatty(),
                    engine=args.engine)
    graph_error = None
    if args.graph:
        try:
            result.write_graph(args.graph)
        except PysolverError as error:
            graph_error = error
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.text())
        if args.graph and graph_error is None:
            print(f"graph: {result.graph.number_of_nodes()} positions, {result.graph.number_of_edges()} moves "
                  f"written to {args.graph}")
    if graph_error is not None:
        raise graph_error
    return 130 if result.reason == "interrupted" else 0


def check_graph_path(path: str) -> None:
    """Fail before searching when the graph could not be written (the search's work would be lost)."""
    import os
    if not path.lower().endswith((".graphml", ".dot", ".gv")):
        raise PysolverError(f"--graph {path}: name the file .graphml or .dot")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise PysolverError(f"--graph {path}: is a directory; give a file name")
    if not os.path.isdir(folder):
        raise PysolverError(f"--graph {path}: the folder {folder!r} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise PysolverError(f"--graph {path}: cannot write there (permission denied)")
