"""Position files: load, validate and write `pysolver-position/1` (YAML or JSON).

The format is the contract in docs/position-format.md (a copy of shared/spec/position-format.md
plus the history events). Every problem found while loading is reported with the file and the key
path (`players[0].monster_zones.6`); unknown keys are errors.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from ..cards.card import Card, CardDB, default_cards
from ..errors import PysolverError
from .history import dump_events, validate_events
from ..cards.written import TrapMonster, gemini, trap_monster
from .value import (FORMAT, MAX_ATTACKS, MONSTER_POSITIONS, RESTRICTIONS, PHASES, RULE_NAMES, RULES, SIDES,
                    EXTRA_DECK_SUMMONS, SPECIAL_SUMMON_PLACES, SUMMON_MATERIAL_PLACES, SUMMON_TYPES, Monster, PileCard, Player,
                    Position, PositionError, SpellTrap)


def load_position(path: str | Path, cards: CardDB | None = None) -> Position:
    """Read a position file (YAML or JSON)."""
    path = Path(path)
    text = read_text(path)
    return position_from_dict(parse_document(text, str(path)), cards=cards, source=str(path))


def read_text(path: Path) -> str:
    """A file's text (UTF-8); every failure is one readable line naming the file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise PysolverError("no such file", source=str(path)) from None
    except IsADirectoryError:
        raise PysolverError("is a directory, not a position file", source=str(path)) from None
    except PermissionError:
        raise PysolverError("cannot read the file: permission denied", source=str(path)) from None
    except OSError as error:
        raise PysolverError(f"cannot read the file: {error.strerror or 'input/output error'}",
                            source=str(path)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise PysolverError(f"not UTF-8 text (byte {error.start} on line {line} cannot be decoded); save the file "
                            "as UTF-8", source=str(path)) from None


def parse_document(text: str, source: str) -> Any:
    """The YAML (or JSON) document of a position file. A key given twice in one mapping is an error naming
    the key path of the second one: the last one would otherwise silently win."""
    loader = None
    try:
        loader = yaml.SafeLoader(text)      # may already reject a character (ReaderError)
        node = loader.get_single_node()
        if node is None:
            return None
        problems: list[str] = []
        _duplicate_keys(loader, node, "", problems, set())
        if problems:
            raise PositionError([f"{source}: {problem}" for problem in problems])
        return loader.construct_document(node)
    except yaml.reader.ReaderError as error:
        line = text[:error.position].count("\n") + 1
        raise PysolverError(f"not valid YAML/JSON at line {line}: the character "
                            f"{_character(error.character)} is not allowed in YAML", source=source) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(error, "problem", None) or "syntax error"
        raise PysolverError(f"not valid YAML/JSON{where}: {problem}", source=source) from None
    except RecursionError:
        raise PysolverError("not a position: nested too deeply", source=source) from None
    finally:
        if loader is not None:
            loader.dispose()


def _kind(value: Any) -> str:
    """What a value of a file is, in words."""
    if isinstance(value, bool):
        return f"true/false ({str(value).lower()})"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    if isinstance(value, str):
        return f"text ({value!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "nothing" if value is None else "a value of another kind"


def _character(character) -> str:
    code = character if isinstance(character, int) else ord(str(character)[:1] or "?")
    return f"U+{code:04X}"


def _duplicate_keys(loader, node, path: str, problems: list[str], seen_nodes: set) -> None:
    if id(node) in seen_nodes:      # an alias of a node already checked (and no cycle)
        return
    seen_nodes.add(id(node))
    if isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _duplicate_keys(loader, item, f"{path}[{index}]", problems, seen_nodes)
    elif isinstance(node, yaml.MappingNode):
        first: dict = {}
        for key_node, value_node in node.value:
            try:
                key = loader.construct_object(key_node, deep=True)
                hash(key)
            except (TypeError, yaml.YAMLError):
                key = None
            where = f"{path}.{key}" if path else str(key)
            if key is not None and not isinstance(key, (list, dict)):
                known = first.get((type(key).__name__, key))
                if known is not None:
                    problems.append(f"{where}: duplicate key {key!r} (line {key_node.start_mark.line + 1}; "
                                    f"first given on line {known + 1}): give each key once")
                else:
                    first[(type(key).__name__, key)] = key_node.start_mark.line
            _duplicate_keys(loader, value_node, where, problems, seen_nodes)

def position_from_dict(data: Any, cards: CardDB | None = None, source: str | None = None) -> Position:
    """Validate a `pysolver-position/1` mapping; every problem is reported with its key path."""
    return _Loader(cards or default_cards(), source or "<position>").load(data)

def position_to_dict(position: Position) -> dict:
    return _dump(position)

def dump_position(position: Position, path: str | Path) -> None:
    """Write a position file: JSON for a `.json` path, else YAML."""
    path = Path(path)
    data = _dump(position)
    if path.suffix == ".json":
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    else:
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    write_text(path, text)


def write_text(path: Path, text: str) -> None:
    """Write an output file; every failure is one readable line naming the file and what to do."""
    try:
        path.write_text(text, encoding="utf-8")
    except IsADirectoryError:
        raise PysolverError("is a directory; give a file name to write to", source=str(path)) from None
    except FileNotFoundError:
        raise PysolverError(f"cannot write: the folder {str(path.parent)!r} does not exist",
                            source=str(path)) from None
    except PermissionError:
        raise PysolverError("cannot write: permission denied", source=str(path)) from None
    except OSError as error:
        raise PysolverError(f"cannot write: {error.strerror or 'input/output error'}", source=str(path)) from None


# --------------------------------------------------------------------------------------------------
# Loading with validation

# Bounds on every whole number of a file: the solver's integers are 32-bit (clingo), so a larger value would
# wrap silently; the bounds keep sums of them (LP costs, ATK totals) in range too.
MAX_TURN = 10_000
MAX_LP = 1_000_000_000
MAX_LIST = 1000             # entries of a pile (hand, Deck, GY ...), of materials or of this turn's events

_TOP_KEYS = {"format", "rules", "turn", "phase", "turn_player", "this_turn", "players"}
_THIS_TURN_KEYS = {"normal_summon_used", "pendulum_summon_used", "events"}
_PLAYER_KEYS = {"lp", "hand", "deck", "extra_deck", "graveyard", "banished", "monster_zones",
                "extra_monster_zones", "spell_trap_zones", "field_zone", "pendulum_zones"}
_MONSTER_KEYS = {"card", "position", "summoned_this_turn", "set_this_turn", "position_changed", "flip_summoned", "attacked",
                 "attacked_directly", "attacked_monsters", "properly_summoned", "materials", "gemini_summoned",
                 "restrictions", "summoned_as", "special_summoned_from", "treated_as_tuner",
                 "summon_materials"}
_SPELL_KEYS = {"card", "position", "set_this_turn"}
_PILE_KEYS = {"extra_deck": {"card", "face_up", "properly_summoned"},
              "graveyard": {"card", "properly_summoned"}, "banished": {"card", "properly_summoned"}}


class _Loader:
    def __init__(self, cards: CardDB, source: str):
        self.cards = cards
        self.source = source
        self.problems: list[str] = []
        self.rules = 5
        self.unknown = 0                         # unknown cards named in the file
        self.unmatched = 0                       # ... of which no name of the pool is close (not a typo)
        self.comma_hints: dict[str, str] = {}    # key path -> hint for a name split at its comma

    def problem(self, path: str, message: str) -> None:
        self.problems.append(f"{self.source}: {path}: {message}" if path else f"{self.source}: {message}")

    def mapping(self, value: Any, path: str, allowed: set[str]) -> dict:
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping (key: value), got {_kind(value)}")
            return {}
        for key in value:
            if key not in allowed:
                self.problem(f"{path}.{key}" if path else str(key),
                             f"unknown key {key!r}; allowed keys: {', '.join(sorted(allowed))}")
        return value

    def boolean(self, data: dict, key: str, path: str, default: bool = False) -> bool:
        value = data.get(key, default)
        if not isinstance(value, bool):
            self.problem(f"{path}.{key}", f"expected true or false, got {value!r}")
            return default
        return value

    def attacks(self, data: dict, path: str) -> int:
        """`attacked`: true or false (one attack or none), or the number of attacks declared this turn (BP-5)."""
        value = data.get("attacked", False)
        if isinstance(value, bool):
            return int(value)
        if not isinstance(value, int) or not 0 <= value <= MAX_ATTACKS:
            self.problem(f"{path}.attacked", f"expected true or false, or a whole number of attacks from 0 to "
                         f"{MAX_ATTACKS}, got {value!r}")
            return 0
        return value

    def attacked_monsters(self, data: dict, path: str, attacked: int) -> tuple[str, ...]:
        """`attacked_monsters` (BP-12): the other player's zones holding the monsters it attacked this turn:
        Main Monster Zone numbers 1..5, `left` / `right` for the Extra Monster Zones; at most one per attack."""
        value = data.get("attacked_monsters")
        if value is None:
            return ()
        where = f"{path}.attacked_monsters"
        if not isinstance(value, list):
            self.problem(where, f"expected a list of the other player's zones (1..5, left, right), got {_kind(value)}")
            return ()
        zones: list[str] = []
        for index, key in enumerate(value):
            if isinstance(key, str) and key.isascii() and key.isdigit():
                key = int(key)
            zone = f"M{key}" if isinstance(key, int) and not isinstance(key, bool) and 1 <= key <= 5 else \
                {"left": "EMZL", "right": "EMZR"}.get(key) if isinstance(key, str) else None
            if zone is None:
                self.problem(f"{where}[{index}]", f"no such zone {key!r}; use 1..5 (Main Monster Zones) or left, "
                             "right (Extra Monster Zones) of the other player")
            elif zone in zones:
                self.problem(f"{where}[{index}]", f"zone {key!r} is given twice; give each monster once")
            else:
                zones.append(zone)
        if len(zones) > attacked:
            self.problem(where, f"{len(zones)} monsters attacked but attacked: {attacked}; give the number of "
                         "attacks it declared (attacked: N)")
        return tuple(sorted(zones))

    def check_attacked_monsters(self, players: list[Player], phase: str, turn_player: int) -> None:
        """BP-12: only the turn player's monsters in the Battle Phase keep the monsters they attacked, and
        each of those is a monster the other player controls."""
        for index, player in enumerate(players):
            other = players[1 - index]
            places = [(f"monster_zones.{n}", m) for n, m in enumerate(player.monster_zones, 1)] + \
                     [(f"extra_monster_zones.{SIDES[n]}", m) for n, m in enumerate(player.extra_monster_zones)]
            for place, monster in places:
                if monster is None or not monster.attacked_monsters:
                    continue
                where = f"players[{index}].{place}.attacked_monsters"
                if phase != "battle" or index != turn_player:
                    self.problem(where, "only the turn player's monsters in the Battle Phase keep the monsters they "
                                 "attacked (BP-12); leave attacked_monsters out")
                    continue
                for zone in monster.attacked_monsters:
                    held = other.monster_zones[int(zone[1]) - 1] if zone.startswith("M") else \
                        other.extra_monster_zones[0 if zone == "EMZL" else 1]
                    if held is None:
                        name = zone[1] if zone.startswith("M") else ("left" if zone == "EMZL" else "right")
                        self.problem(where, f"the other player's zone {name} holds no monster")

    def integer(self, data: dict, key: str, path: str, default: int, low: int, high: int | None = None) -> int:
        value = data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"{low} or more"
            self.problem(f"{path}.{key}" if path else key, f"expected a whole number {bound}, got {value!r}")
            return default
        return value

    def choice(self, data: dict, key: str, path: str, options, default: str) -> str:
        value = data.get(key, default)
        if value not in options:
            self.problem(f"{path}.{key}" if path else key, f"expected one of {', '.join(options)}, got {value!r}")
            return default
        return value

    def card(self, value: Any, path: str) -> Card | None:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            self.problem(path, f"expected a card name or passcode, got {value!r}")
            return None
        card = self.cards.get(value)
        if card is None:
            message = self.cards.unknown_message(value)
            if path in self.comma_hints:
                message = message.split("; did you mean")[0] + self.comma_hints[path]
            self.unknown += 1
            self.unmatched += "; did you mean" not in message
            self.problem(path, message)
        return card

    def entry(self, value: Any, path: str, allowed: set[str]) -> tuple[Card | None, dict]:
        """A card entry: a bare name/passcode or a mapping with `card`."""
        if isinstance(value, dict):
            data = self.mapping(value, path, allowed)
            if "card" not in data:
                self.problem(path, "missing key 'card' (the card's name or passcode)")
                return None, data
            return self.card(data["card"], f"{path}.card"), data
        return self.card(value, path), {}

    def card_list(self, value: Any, path: str) -> list:
        if value is None:
            return []
        if not isinstance(value, list):
            self.problem(path, f"expected a list, got {_kind(value)}")
            return []
        if len(value) > MAX_LIST:
            self.problem(path, f"{len(value)} entries: at most {MAX_LIST} (a duel has far fewer cards)")
            return []
        self.find_split_names(value, path)
        return value

    def find_split_names(self, items: list, path: str) -> None:
        """A name with a comma in a YAML flow list ([Promethean Princess, Bestower of Flames]) is split in
        two; when two neighbours joined by ", " name a card, the unknown-card message says to quote it."""
        for index in range(len(items) - 1):
            first, second = items[index], items[index + 1]
            if not (isinstance(first, str) and isinstance(second, str)):
                continue
            joined = self.cards.get(f"{first}, {second}")
            if joined is not None and (self.cards.get(first) is None or self.cards.get(second) is None):
                hint = (f"; {joined.name!r} has a comma: in a [flow, list] quote it "
                        f"([\"{joined.name}\"]) or write one card per line (- {joined.name})")
                for where in (f"{path}[{index}]", f"{path}[{index + 1}]"):
                    self.comma_hints.setdefault(where, hint)

    def zone_map(self, value: Any, path: str, keys: tuple) -> dict:
        """A mapping of zone keys to entries; integer keys may be written as strings of digits."""
        result = {}
        if value is None:
            return result
        if not isinstance(value, dict):
            self.problem(path, f"expected a mapping of zones, got {_kind(value)}")
            return result
        given: dict = {}
        for key, entry in value.items():
            # only whole numbers (or their digits) and side names: 2.0 or true are not zone 2 or zone 1
            if isinstance(key, str) and key.isascii() and key.isdigit():
                normal = int(key)
            elif isinstance(key, int) and not isinstance(key, bool):
                normal = key
            else:
                normal = key if isinstance(key, str) else None
            if normal not in keys:
                self.problem(f"{path}.{key}", f"no such zone; use one of {', '.join(map(str, keys))}")
                continue
            if normal in given:
                self.problem(f"{path}.{key}", f"zone {normal} is given twice (as {given[normal]!r} and {key!r}); "
                             "give each zone once")
                continue
            given[normal] = key
            if entry is not None:
                result[normal] = entry
        return result

    # ---------------------------------------------------------------- the whole file
    def load(self, data: Any) -> Position:
        if not isinstance(data, dict):
            raise PositionError([f"{self.source}: a position is a mapping with the keys "
                                 f"{', '.join(sorted(_TOP_KEYS))}"])
        data = self.mapping(data, "", _TOP_KEYS)
        if data.get("format") != FORMAT:
            self.problem("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
        self.rules = RULES[self.choice(data, "rules", "", tuple(RULES), "master-rule-5")]
        turn = self.integer(data, "turn", "", 1, 1, MAX_TURN)
        phase = self.choice(data, "phase", "", PHASES, "main1")
        if turn == 1 and phase == "battle":
            self.problem("phase", "there is no Battle Phase on the first turn (BP-1); use main1 or main2")
        turn_player = self.integer(data, "turn_player", "", 0, 0, 1)
        this_turn = self.mapping(data.get("this_turn"), "this_turn", _THIS_TURN_KEYS)
        normal_used = self.boolean(this_turn, "normal_summon_used", "this_turn")
        pendulum_used = self.boolean(this_turn, "pendulum_summon_used", "this_turn")
        events = self.events(this_turn.get("events"), "this_turn.events")
        raw_players = data.get("players")
        if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= 2:
            self.problem("players", "expected a list of one or two players (the second is the opponent)")
            raw_players = []
        players = [self.player(raw, f"players[{i}]") for i, raw in enumerate(raw_players)]
        while len(players) < 2:
            players.append(Player())
        self.check_extra_monster_zones(players)
        self.check_attacked_monsters(players, phase, turn_player)
        # Real cards outside the built-in pool (not typos): say how to use every card of the game.
        if (self.unmatched or self.unknown >= 3) and self.cards.source.startswith("built-in pool"):
            hints = [f"hint: {self.unknown} unknown card{'s' if self.unknown != 1 else ''} with the built-in pool "
                     "of a few hundred cards: for every card of the game pass --cards path/to/cards.cdb (a "
                     "YGOPro/EDOPro database) or set $PYSOLVER_CARDS"]
        else:
            hints = []
        if self.problems:
            raise PositionError(self.problems, hints)
        return Position(players=tuple(players), rules=self.rules, turn=turn, phase=phase, turn_player=turn_player,
                        normal_summon_used=normal_used, pendulum_summon_used=pendulum_used,
                        events=tuple(events), cards=self.cards, source=self.source)

    def events(self, value: Any, path: str) -> list:
        events, problems = validate_events(self.card_list(value, path), path, self.cards)
        for where, message in problems:
            self.problem(where, message)
        return events

    def player(self, raw: Any, path: str) -> Player:
        data = self.mapping(raw, path, _PLAYER_KEYS)
        lp = self.integer(data, "lp", path, 8000, 0, MAX_LP)
        hand = [self.in_hand_or_deck(v, f"{path}.hand[{i}]") for i, v in enumerate(self.card_list(data.get("hand"), f"{path}.hand"))]
        deck = [self.in_hand_or_deck(v, f"{path}.deck[{i}]") for i, v in enumerate(self.card_list(data.get("deck"), f"{path}.deck"))]
        piles = {}
        for key in ("extra_deck", "graveyard", "banished"):
            piles[key] = [self.pile_card(v, f"{path}.{key}[{i}]", key)
                          for i, v in enumerate(self.card_list(data.get(key), f"{path}.{key}"))]
        monsters = [None] * 5
        for zone, entry in self.zone_map(data.get("monster_zones"), f"{path}.monster_zones", (1, 2, 3, 4, 5)).items():
            monsters[zone - 1] = self.monster(entry, f"{path}.monster_zones.{zone}", extra_zone=False)
        emz = [None, None]
        emz_map = self.zone_map(data.get("extra_monster_zones"), f"{path}.extra_monster_zones", SIDES)
        if emz_map and self.rules == 3:
            self.problem(f"{path}.extra_monster_zones", "there are no Extra Monster Zones under Master Rule 3 (ZN-3)")
        for side, entry in emz_map.items():
            emz[SIDES.index(side)] = self.monster(entry, f"{path}.extra_monster_zones.{side}", extra_zone=True)
        if emz[0] is not None and emz[1] is not None and not all("link" in m.card.kinds for m in emz):
            self.problem(f"{path}.extra_monster_zones",   # both: only two Link Monsters, by Extra Link
                         "a player may occupy only one Extra Monster Zone (ZN-1), both only with two Link Monsters "
                         "(Extra Link); remove one")
        spells = [None] * 5
        for zone, entry in self.zone_map(data.get("spell_trap_zones"), f"{path}.spell_trap_zones", (1, 2, 3, 4, 5)).items():
            spells[zone - 1] = self.spell_trap(entry, f"{path}.spell_trap_zones.{zone}",
                                               scale_zone=self.rules >= 4 and zone in (1, 5))
        field_zone = None
        if data.get("field_zone") is not None:
            field_zone = self.spell_trap(data["field_zone"], f"{path}.field_zone", scale_zone=False)
            if field_zone is not None and "field" not in field_zone.card.kinds:
                self.problem(f"{path}.field_zone", f"{field_zone.card.name!r} is not a Field Spell")
        pendulum = [None, None]
        pz_map = self.zone_map(data.get("pendulum_zones"), f"{path}.pendulum_zones", SIDES)
        if pz_map and self.rules >= 4:
            self.problem(f"{path}.pendulum_zones", "separate Pendulum Zones exist only under Master Rule 3; "
                         "under Master Rule 4/5 put Pendulum Scales in spell_trap_zones 1 and 5 (ZN-7)")
        for side, entry in pz_map.items():
            pendulum[SIDES.index(side)] = self.spell_trap(entry, f"{path}.pendulum_zones.{side}", scale_zone=True,
                                                          scale_only=True)
        return Player(lp=lp, hand=tuple(c for c in hand if c), deck=tuple(c for c in deck if c),
                      extra_deck=tuple(c for c in piles["extra_deck"] if c),
                      graveyard=tuple(c for c in piles["graveyard"] if c),
                      banished=tuple(c for c in piles["banished"] if c),
                      monster_zones=tuple(monsters), extra_monster_zones=tuple(emz), spell_trap_zones=tuple(spells),
                      field_zone=field_zone, pendulum_zones=tuple(pendulum))

    def in_hand_or_deck(self, value: Any, path: str) -> Card | None:
        card = self.card(value, path) if not isinstance(value, dict) else self.entry(value, path, {"card"})[0]
        if card is None:
            return None
        if card.is_extra_deck:
            self.problem(path, f"{card.name!r} is an Extra Deck monster; list it under extra_deck")
        elif "token" in card.kinds:
            self.problem(path, f"{card.name!r} is a Token: Tokens exist only on the field")
        return card

    def pile_card(self, value: Any, path: str, pile: str) -> PileCard | None:
        card, data = self.entry(value, path, _PILE_KEYS[pile])
        if card is None:
            return None
        if "token" in card.kinds:
            self.problem(path, f"{card.name!r} is a Token: Tokens exist only on the field")
            return None
        face_up = self.boolean(data, "face_up", path) if pile == "extra_deck" else False
        if pile == "extra_deck":
            if face_up and "pendulum" not in card.kinds:
                self.problem(f"{path}.face_up", f"{card.name!r} is not a Pendulum Monster: only Pendulum Monsters "
                             "can be face-up in the Extra Deck (PEN-4)")
            elif not face_up and not card.is_extra_deck:
                self.problem(path, f"{card.name!r} is not an Extra Deck monster; a Main Deck Pendulum Monster "
                             "is in the Extra Deck only face-up (write {card: ..., face_up: true})")
        return PileCard(card, face_up=face_up, properly_summoned=self.boolean(data, "properly_summoned", path, True))

    def monster(self, value: Any, path: str, extra_zone: bool) -> Monster | None:
        card, data = self.entry(value, path, _MONSTER_KEYS)
        if card is None:
            return None
        trap = trap_monster(card)
        if not card.kinds & {"monster", "trap_monster"} and not isinstance(trap, TrapMonster):
            reason = f" ({trap})" if isinstance(trap, Exception) else ""
            self.problem(path, f"{card.name!r} is not a monster; Spells and Traps go in spell_trap_zones{reason}")
            return None
        if isinstance(trap, TrapMonster) and self.rules < 5:
            self.problem(path, f"{card.name!r} is a Trap Monster: under Master Rule 4 and earlier it also occupies a "
                         "Spell & Trap Zone (TOK-2), which pysolver does not model; use master-rule-5")
        position = self.choice(data, "position", path, MONSTER_POSITIONS, "attack")
        if isinstance(trap, TrapMonster) and position == "set":
            self.problem(f"{path}.position", f"{card.name!r} is a Trap Monster: face-down it is a Set Trap Card in a "
                         "Spell & Trap Zone, not a monster (TOK-2)")
        if "link" in card.kinds and position != "attack":
            self.problem(f"{path}.position", f"{card.name!r} is a Link Monster: always face-up Attack Position (LNK-3)")
        if "token" in card.kinds and position == "set":
            self.problem(f"{path}.position", f"{card.name!r} is a Token: Tokens cannot be face-down")
        if extra_zone and not card.is_extra_deck and not ("pendulum" in card.kinds):
            self.problem(path, f"{card.name!r} cannot be in an Extra Monster Zone: only monsters Special Summoned "
                         "from the Extra Deck go there (ZN-2)")
        materials = []
        for i, raw in enumerate(self.card_list(data.get("materials"), f"{path}.materials")):
            material = self.card(raw, f"{path}.materials[{i}]")
            if material is not None:
                materials.append(material)
        if materials and "xyz" not in card.kinds:
            self.problem(f"{path}.materials", f"{card.name!r} is not an Xyz Monster: only Xyz Monsters have "
                         "Xyz Materials (XYZ-3)")
        gemini_summoned = self.boolean(data, "gemini_summoned", path)
        if gemini_summoned and (gemini(card) is not True or position == "set"):
            self.problem(f"{path}.gemini_summoned", f"only a face-up Gemini monster can be Gemini Summoned (GEM-2); "
                         f"{card.name!r} {'is face-down' if gemini(card) is True else 'is not a Gemini monster'}")
        restrictions = []
        for i, name in enumerate(self.card_list(data.get("restrictions"), f"{path}.restrictions")):
            if name not in RESTRICTIONS:
                self.problem(f"{path}.restrictions[{i}]", f"unknown restriction {name!r}; use one of "
                             f"{', '.join(RESTRICTIONS)} (TOK-1)")
            elif name not in restrictions:
                restrictions.append(name)
        attacked = self.attacks(data, path)
        attacked_directly = self.boolean(data, "attacked_directly", path)
        if attacked_directly and not attacked:
            self.problem(f"{path}.attacked_directly", "a monster that attacked directly has attacked: give attacked: "
                         "true (or its number of attacks), or leave attacked_directly out")
        attacked_monsters = self.attacked_monsters(data, path, attacked)
        flip_summoned = self.boolean(data, "flip_summoned", path)
        if flip_summoned and (not self.boolean(data, "position_changed", path)
                              or self.boolean(data, "summoned_this_turn", path)):
            self.problem(f"{path}.flip_summoned", "a monster Flip Summoned this turn changed its battle "
                         "position this turn (FS-1: give position_changed: true) and was not Summoned or Set this turn "
                         "(FS-2)")
        summoned_as = data.get("summoned_as")
        if summoned_as is not None:
            if summoned_as not in SUMMON_TYPES:
                self.problem(f"{path}.summoned_as", f"unknown Summon {summoned_as!r}; use one of "
                             f"{', '.join(SUMMON_TYPES)}")
                summoned_as = None
            elif SUMMON_TYPES[summoned_as] is not None and SUMMON_TYPES[summoned_as] not in card.kinds:
                self.problem(f"{path}.summoned_as", f"{card.name!r} is not a {SUMMON_TYPES[summoned_as].capitalize()} "
                             f"Monster: it cannot have been {summoned_as.capitalize()} Summoned")
                summoned_as = None
        special_from = self.special_summoned_from(data, path, card, summoned_as)
        treated_as_tuner = self.boolean(data, "treated_as_tuner", path)
        if treated_as_tuner and (position == "set" or not card.is_monster):
            self.problem(f"{path}.treated_as_tuner", f"only a face-up monster is treated as a Tuner while face-up on "
                         f"the field (MTX-4); {card.name!r} is face-down")
        summon_materials = self.summon_materials(data, path, card)
        return Monster(card, position=position, gemini_summoned=gemini_summoned, restrictions=tuple(restrictions),
                       treated_as_tuner=treated_as_tuner, summon_materials=summon_materials,
                       summoned_as=summoned_as, special_summoned_from=special_from,
                       summoned_this_turn=self.boolean(data, "summoned_this_turn", path),
                       set_this_turn=self.boolean(data, "set_this_turn", path),
                       position_changed=self.boolean(data, "position_changed", path),
                       flip_summoned=flip_summoned, attacked=attacked, attacked_directly=attacked_directly, attacked_monsters=attacked_monsters,
                       properly_summoned=self.boolean(data, "properly_summoned", path, True),
                       materials=tuple(materials))

    def summon_materials(self, data: dict, path: str, card) -> tuple:
        """MUS-1: the materials of the monster's Fusion, Synchro, Xyz or Link Summon (or Contact Fusion): each a card
        name (used from the field) or {card: name, from: place}."""
        raw = data.get("summon_materials")
        if raw is None:
            return ()
        where = f"{path}.summon_materials"
        if not card.kinds & {"fusion", "synchro", "xyz", "link"}:
            self.problem(where, f"{card.name!r} is not a Fusion, Synchro, Xyz or Link Monster: only those record the "
                         "materials of their Summon (MUS-1)")
            return ()
        found = []
        for i, entry in enumerate(self.card_list(raw, where)):
            place = "field"
            if isinstance(entry, dict):
                self.mapping(entry, f"{where}[{i}]", {"card", "from"})
                place = entry.get("from", "field")
                if place not in SUMMON_MATERIAL_PLACES:
                    self.problem(f"{where}[{i}].from", f"unknown place {place!r}; use one of "
                                 f"{', '.join(SUMMON_MATERIAL_PLACES)} (MUS-1)")
                    continue
                entry = entry.get("card")
            material = self.card(entry, f"{where}[{i}]" + (".card" if isinstance(data["summon_materials"][i], dict)
                                                          else ""))
            if material is not None:
                found.append((material, place))
        return tuple(found)

    def special_summoned_from(self, data: dict, path: str, card, summoned_as: str | None) -> str | None:
        """MAT-7: where the monster was Special Summoned from. A Fusion, Synchro, Xyz or Link Summon says it
        already (the Extra Deck); an answer that contradicts `summoned_as` or the card is refused."""
        where = data.get("special_summoned_from")
        if where is None:
            return None
        key = f"{path}.special_summoned_from"
        if where not in SPECIAL_SUMMON_PLACES:
            self.problem(key, f"unknown place {where!r}; use one of {', '.join(SPECIAL_SUMMON_PLACES)}")
            return None
        if summoned_as in EXTRA_DECK_SUMMONS and where != "extra_deck":
            self.problem(key, f"{card.name!r} was {summoned_as.capitalize()} Summoned (summoned_as), so Special "
                         f"Summoned from the Extra Deck, not from {where!r}: write extra_deck or leave the key out")
        elif summoned_as == "pendulum" and where not in ("hand", "extra_deck"):
            self.problem(key, f"{card.name!r} was Pendulum Summoned (summoned_as): from the hand or the Extra Deck, "
                         f"not from {where!r}")
        elif summoned_as == "ritual" and where == "extra_deck":
            self.problem(key, f"{card.name!r} was Ritual Summoned (summoned_as): never from the Extra Deck")
        elif "token" in card.kinds:
            self.problem(key, f"{card.name!r} is a Token: it was not Special Summoned from any place")
        elif where == "extra_deck" and not (card.is_extra_deck or "pendulum" in card.kinds):
            self.problem(key, f"{card.name!r} is neither an Extra Deck monster nor a Pendulum Monster: it cannot "
                         "have been Special Summoned from the Extra Deck")
        else:
            return where
        return None

    def spell_trap(self, value: Any, path: str, scale_zone: bool, scale_only: bool = False) -> SpellTrap | None:
        card, data = self.entry(value, path, _SPELL_KEYS)
        if card is None:
            return None
        position = self.choice(data, "position", path, ("face_up", "set"), "face_up")
        if card.is_monster:
            if "pendulum" not in card.kinds or not scale_zone:
                where = "Pendulum Zones (spell_trap_zones 1 and 5 under Master Rule 4/5; pendulum_zones under " \
                        "Master Rule 3)"
                self.problem(path, f"{card.name!r} is a monster: only a Pendulum Monster can be here, as a "
                             f"Pendulum Scale in the {where}")
            elif position == "set":
                self.problem(f"{path}.position", f"{card.name!r} is a Pendulum Scale: it can never be Set (ZN-7)")
        elif scale_only:
            self.problem(path, f"{card.name!r} is not a Pendulum Monster: only Pendulum Scales go in pendulum_zones")
        return SpellTrap(card, position=position, set_this_turn=self.boolean(data, "set_this_turn", path))

    def check_extra_monster_zones(self, players: list[Player]) -> None:
        for side in range(2):
            if players[0].extra_monster_zones[side] is not None and players[1].extra_monster_zones[side] is not None:
                self.problem(f"players[1].extra_monster_zones.{SIDES[side]}",
                             f"the {SIDES[side]} Extra Monster Zone is shared and already holds player 0's monster "
                             "(ZN-1); use the other side")


# --------------------------------------------------------------------------------------------------
# Writing

def _card_ref(card: Card) -> str:
    return card.name


def _dump_monster(monster: Monster):
    entry: dict[str, Any] = {"card": monster.card.name}
    if monster.position != "attack":
        entry["position"] = monster.position
    for key in ("summoned_this_turn", "set_this_turn", "position_changed", "flip_summoned"):
        if getattr(monster, key):
            entry[key] = True
    if monster.attacked:     # one attack: `true`, as before counts existed; more: their number (BP-5)
        entry["attacked"] = True if monster.attacked == 1 else monster.attacked
    if monster.attacked_directly:
        entry["attacked_directly"] = True
    if monster.attacked_monsters:      # BP-12: the other player's zones
        entry["attacked_monsters"] = [int(z[1]) for z in monster.attacked_monsters if z.startswith("M")] + \
            [{"EMZL": "left", "EMZR": "right"}[z] for z in monster.attacked_monsters if z.startswith("EMZ")]
    if not monster.properly_summoned:
        entry["properly_summoned"] = False
    if monster.gemini_summoned:
        entry["gemini_summoned"] = True
    if monster.summoned_as:
        entry["summoned_as"] = monster.summoned_as
    if monster.treated_as_tuner:
        entry["treated_as_tuner"] = True
    if monster.summon_materials:           # MUS-1: a name when used from the field
        entry["summon_materials"] = [c.name if place == "field" else {"card": c.name, "from": place}
                                     for c, place in monster.summon_materials]
    if monster.special_summoned_from and monster.summoned_as not in EXTRA_DECK_SUMMONS:   # MAT-7: not derived
        entry["special_summoned_from"] = monster.special_summoned_from
    if monster.restrictions:
        entry["restrictions"] = list(monster.restrictions)
    if monster.materials:
        entry["materials"] = [_card_ref(c) for c in monster.materials]
    return entry["card"] if len(entry) == 1 else entry


def _dump_spell(card: SpellTrap):
    entry: dict[str, Any] = {"card": card.card.name}
    if card.position != "face_up":
        entry["position"] = card.position
    if card.set_this_turn:
        entry["set_this_turn"] = True
    return entry["card"] if len(entry) == 1 else entry


def _dump_pile(entry: PileCard, pile: str):
    data: dict[str, Any] = {"card": entry.card.name}
    if pile == "extra_deck" and entry.face_up:
        data["face_up"] = True
    if not entry.properly_summoned:
        data["properly_summoned"] = False
    return data["card"] if len(data) == 1 else data


def _dump_player(player: Player) -> dict:
    data: dict[str, Any] = {"lp": player.lp}
    for key in ("hand", "deck"):
        if getattr(player, key):
            data[key] = [_card_ref(c) for c in getattr(player, key)]
    for key in ("extra_deck", "graveyard", "banished"):
        if getattr(player, key):
            data[key] = [_dump_pile(e, key) for e in getattr(player, key)]
    zones = {i: _dump_monster(m) for i, m in enumerate(player.monster_zones, 1) if m is not None}
    if zones:
        data["monster_zones"] = zones
    emz = {side: _dump_monster(m) for side, m in zip(SIDES, player.extra_monster_zones) if m is not None}
    if emz:
        data["extra_monster_zones"] = emz
    spells = {i: _dump_spell(s) for i, s in enumerate(player.spell_trap_zones, 1) if s is not None}
    if spells:
        data["spell_trap_zones"] = spells
    if player.field_zone is not None:
        data["field_zone"] = _dump_spell(player.field_zone)
    pendulum = {side: _dump_spell(s) for side, s in zip(SIDES, player.pendulum_zones) if s is not None}
    if pendulum:
        data["pendulum_zones"] = pendulum
    return data


def _dump(position: Position) -> dict:
    this_turn: dict[str, Any] = {"normal_summon_used": position.normal_summon_used,
                                 "pendulum_summon_used": position.pendulum_summon_used}
    if position.events:
        this_turn["events"] = dump_events(position.events)
    return {"format": FORMAT, "rules": RULE_NAMES[position.rules], "turn": position.turn, "phase": position.phase,
            "turn_player": position.turn_player, "this_turn": this_turn,
            "players": [_dump_player(p) for p in position.players]}


