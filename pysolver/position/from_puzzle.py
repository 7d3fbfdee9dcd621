"""A position file from an EDOPro / Project Ignis puzzle script (`.lua`).

A puzzle script lays out a duel with a few calls of the engine's Debug library:

    Debug.ReloadFieldBegin(DUEL_ATTACK_FIRST_TURN+DUEL_SIMPLE_AI, 5)    -- flags[, Master Rule (3 if absent)]
    Debug.SetPlayerInfo(0, 8000, 0, 0)                                  -- player, LP, start count, draw count
    Debug.AddCard(46986414, 0, 0, LOCATION_MZONE, 2, POS_FACEUP_ATTACK, true)
                  -- passcode, owner, controller, location, sequence, position[, proc: properly summoned]
    Debug.ReloadFieldEnd()

This module reads those statements (it does not run Lua) the way the engine lays them out:

* Monster Zone sequences 0-4 are Main Monster Zones 1-5 from the controller's side; 5 and 6 are the left and
  right Extra Monster Zones from the controller's side (player 1's 5 is player 0's right one).
  `LOCATION_EMZONE` 0/1 and `LOCATION_MMZONE` 0-4 say the same.
* Spell & Trap Zone sequences 0-4 are zones 1-5; 5 (or `LOCATION_FZONE`) is the Field Zone; `LOCATION_PZONE`
  0/1 is Spell & Trap Zone 1/5 under Master Rule 4/5 and the left/right Pendulum Zone under Master Rule 3
  (Spell & Trap sequences 6/7 there).
* A card added to an occupied Monster Zone becomes an Xyz Material of the monster there.
* Deck: sequence 0 puts the card on top, 1 at the bottom (the file lists the Deck top first). A hand or Deck
  card given face-up (revealed) is said in a note: a position does not record it.
* Extra Deck: only a Pendulum Monster added face-up is face-up; others are face-down whatever the script says.
* `proc` marks a monster Summoned by its proper procedure: a monster with a revival limit (an Extra Deck,
  Ritual or "Cannot be Normal Summoned/Set" monster) on the field, in the GY, banished or face-up in the
  Extra Deck without it is written `properly_summoned: false` (SP-2); on other cards the flag means nothing.
* Master Rule: the rule argument or the rule flags (DUEL_EMZONE, DUEL_SEPARATE_PZONE, ...). Master Rule 2 is
  read as Master Rule 3 when no Pendulum card is present (the two differ in the Pendulum Zones and in the
  single face-up Field Spell), said in a note; Master Rule 1 is refused.
* The puzzle starts on the first turn of the duel, Main Phase 1, player 0 to play. `DUEL_ATTACK_FIRST_TURN`
  lets that turn have a Battle Phase, which turn 1 never has in a position (BP-1): such a puzzle is written
  as turn 2, said in a note (`turn=` chooses).

What a position cannot hold is refused, one problem per line with the script's line: Rush Duel and Speed
Duel puzzles and cards, effects the script registers (`Effect.CreateEffect`, `RegisterEffect`), counters
(`Debug.PreAddCounter`), equips (`Debug.PreEquip`), targets (`Debug.PreSetTarget`), summon types
(`Debug.PreSummon`), cards controlled by the player who does not own them, face-down banished cards,
face-down Attack Position, Lua code other than these calls (functions, loops), and any other call.
Display-only calls (`Debug.SetAIName`, `Debug.ShowHint`, `Debug.Message`, `aux.BeginPuzzle`) change nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards.card import Card, CardDB
from ..cards.cdb import database_path, why_not_read
from ..errors import PysolverError
from .files import position_from_dict
from .value import PositionError

# Engine constants (ocgcore's common.h and EDOPro's constant.lua).
LOCATIONS = {"LOCATION_DECK": 0x01, "LOCATION_HAND": 0x02, "LOCATION_MZONE": 0x04, "LOCATION_SZONE": 0x08,
             "LOCATION_GRAVE": 0x10, "LOCATION_REMOVED": 0x20, "LOCATION_EXTRA": 0x40, "LOCATION_OVERLAY": 0x80,
             "LOCATION_ONFIELD": 0x0C, "LOCATION_FZONE": 0x100, "LOCATION_PZONE": 0x200,
             "LOCATION_STZONE": 0x400, "LOCATION_MMZONE": 0x800, "LOCATION_EMZONE": 0x1000}
POSITIONS = {"POS_FACEUP_ATTACK": 0x1, "POS_FACEDOWN_ATTACK": 0x2, "POS_FACEUP_DEFENSE": 0x4,
             "POS_FACEDOWN_DEFENSE": 0x8, "POS_FACEUP": 0x5, "POS_FACEDOWN": 0xA, "POS_ATTACK": 0x3,
             "POS_DEFENSE": 0xC}
_FLAG_BITS = ("TEST_MODE", "ATTACK_FIRST_TURN", "USE_TRAPS_IN_NEW_CHAIN", "6_STEP_BATLLE_STEP", "PSEUDO_SHUFFLE",
              "TRIGGER_WHEN_PRIVATE_KNOWLEDGE", "SIMPLE_AI", "RELAY", "OBSOLETE_IGNITION", "1ST_TURN_DRAW",
              "1_FACEUP_FIELD", "PZONE", "SEPARATE_PZONE", "EMZONE", "FSX_MMZONE", "TRAP_MONSTERS_NOT_USE_ZONE",
              "RETURN_TO_DECK_TRIGGERS", "TRIGGER_ONLY_IN_LOCATION", "SPSUMMON_ONCE_OLD_NEGATE",
              "CANNOT_SUMMON_OATH_OLD", "NO_STANDBY_PHASE", "NO_MAIN_PHASE_2", "3_COLUMNS_FIELD", "DRAW_UNTIL_5",
              "NO_HAND_LIMIT", "UNLIMITED_SUMMONS", "INVERTED_QUICK_PRIORITY", "EQUIP_NOT_SENT_IF_MISSING_TARGET",
              "0_ATK_DESTROYED", "STORE_ATTACK_REPLAYS", "SINGLE_CHAIN_IN_DAMAGE_SUBSTEP", "CAN_REPOS_IF_NON_SUMPLAYER",
              "TCG_SEGOC_NONPUBLIC", "TCG_SEGOC_FIRSTTRIGGER")
FLAGS = {f"DUEL_{name}": 1 << bit for bit, name in enumerate(_FLAG_BITS)}
FLAGS["DUEL_6_STEP_BATTLE_STEP"] = FLAGS["DUEL_6_STEP_BATLLE_STEP"]
FLAGS["DUEL_1_FIELD"] = FLAGS["DUEL_1_FACEUP_FIELD"]


def _mode(*names: str) -> int:
    return sum(FLAGS[f"DUEL_{name}"] for name in names)


MODES = {
    1: _mode("OBSOLETE_IGNITION", "1ST_TURN_DRAW", "1_FACEUP_FIELD", "SPSUMMON_ONCE_OLD_NEGATE",
             "RETURN_TO_DECK_TRIGGERS", "CANNOT_SUMMON_OATH_OLD"),
    2: _mode("1ST_TURN_DRAW", "1_FACEUP_FIELD", "SPSUMMON_ONCE_OLD_NEGATE", "RETURN_TO_DECK_TRIGGERS",
             "CANNOT_SUMMON_OATH_OLD"),
    3: _mode("PZONE", "SEPARATE_PZONE", "SPSUMMON_ONCE_OLD_NEGATE", "RETURN_TO_DECK_TRIGGERS", "CANNOT_SUMMON_OATH_OLD"),
    4: _mode("PZONE", "EMZONE", "SPSUMMON_ONCE_OLD_NEGATE", "RETURN_TO_DECK_TRIGGERS", "CANNOT_SUMMON_OATH_OLD"),
    5: _mode("PZONE", "EMZONE", "FSX_MMZONE", "TRAP_MONSTERS_NOT_USE_ZONE", "TRIGGER_ONLY_IN_LOCATION"),
}
FLAGS.update({f"DUEL_MODE_MR{rule}": bits for rule, bits in MODES.items()})
FLAGS["DUEL_MODE_SPEED"] = _mode("3_COLUMNS_FIELD", "NO_MAIN_PHASE_2", "TRAP_MONSTERS_NOT_USE_ZONE",
                                 "TRIGGER_ONLY_IN_LOCATION")
FLAGS["DUEL_MODE_RUSH"] = _mode("3_COLUMNS_FIELD", "NO_MAIN_PHASE_2", "NO_STANDBY_PHASE", "1ST_TURN_DRAW",
                                "INVERTED_QUICK_PRIORITY", "DRAW_UNTIL_5", "NO_HAND_LIMIT", "UNLIMITED_SUMMONS",
                                "TRAP_MONSTERS_NOT_USE_ZONE", "TRIGGER_ONLY_IN_LOCATION")
CONSTANTS = {**LOCATIONS, **POSITIONS, **FLAGS, "PLAYER_ONE": 0, "PLAYER_TWO": 1}

# Calls that only show things (the AI's name, a hint) or start the puzzle's own rules: no part of a position.
_DISPLAY = {"Debug.SetAIName", "Debug.ShowHint", "Debug.Message", "aux.BeginPuzzle"}
_REFUSED = {
    "Debug.PreAddCounter": "counters (Debug.PreAddCounter): a position holds no counters",
    "Debug.PreEquip": "an equip (Debug.PreEquip): a position does not record which monster an Equip Card is "
                      "equipped to",
    "Debug.PreSetTarget": "a card's target (Debug.PreSetTarget): a position does not record what a card targets",
    "Debug.PreSummon": "how a monster was Summoned (Debug.PreSummon): a position records only whether it was "
                       "properly summoned",
    "Debug.AddMaximumCard": "a Rush Duel Maximum Monster (Debug.AddMaximumCard): pysolver reads Master Rule duels",
    "Effect.CreateEffect": "an effect the puzzle creates (Effect.CreateEffect): custom effects are beyond a position",
    "Duel.RegisterEffect": "an effect the puzzle registers (Duel.RegisterEffect): custom effects are beyond a position",
}
_KEYWORDS = {"function", "for", "while", "repeat", "if", "do", "return", "goto", "break", "until", "end", "then",
             "else", "elseif", "in"}
_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\f]+) | (?P<newline>\n)
  | (?P<comment>--(?:\[(?P<eq>=*)\[.*?\](?P=eq)\]|[^\n]*))
  | (?P<longstring>\[(?P<eq2>=*)\[.*?\](?P=eq2)\])
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<number>0[xX][0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op>\.\.\.|\.\.|==|~=|<=|>=|<<|>>|//|[-+*/%^#&~|<>=(){}\[\];:,.])
""", re.VERBOSE | re.DOTALL)


@dataclass
class Token:
    kind: str
    text: str
    line: int


@dataclass
class Call:
    """One top-level call `A.B(args)` or `x:M(args)`; `target` is the variable it assigns to."""

    name: str
    args: list
    line: int
    target: str | None = None


@dataclass
class CardHandle:
    """What `local c = Debug.AddCard(...)` binds."""

    card: Card | None
    line: int


def tokens(text: str) -> list[Token]:
    result, line, at = [], 1, 0
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None:
            raise PysolverError(f"line {line}: cannot read {text[at:at + 20]!r}")
        kind = next(k for k in ("space", "newline", "comment", "longstring", "string", "number", "name", "op")
                    if match.group(k) is not None)
        if kind not in ("space", "newline", "comment"):
            result.append(Token("string" if kind == "longstring" else kind, match.group(kind), line))
        line += match.group(0).count("\n")
        at = match.end()
    return result


class _Unsupported(Exception):
    def __init__(self, line: int, message: str, block: bool = False):
        self.line, self.message, self.block = line, message, block


class _Parser:
    """Top-level statements: calls and assignments of calls. Values are numbers, named constants, strings,
    booleans and variables, joined with + or |."""

    def __init__(self, items: list[Token]):
        self.items, self.at = items, 0

    def peek(self, offset: int = 0) -> Token | None:
        index = self.at + offset
        return self.items[index] if index < len(self.items) else None

    def take(self, text: str | None = None) -> Token:
        token = self.peek()
        if token is None:
            raise _Unsupported(self.items[-1].line if self.items else 1, "the script ends in the middle of a statement")
        if text is not None and token.text != text:
            raise _Unsupported(token.line, f"expected {text!r}, found {token.text!r}")
        self.at += 1
        return token

    def statements(self):
        """Each statement as a Call, or an _Unsupported problem after which reading goes on at the next line;
        Lua blocks (`function ... end`, loops) end the reading."""
        while self.peek() is not None:
            start = self.at
            try:
                yield self.statement()
            except _Unsupported as problem:
                yield problem
                if problem.block:
                    return
                line = self.items[min(self.at, len(self.items) - 1)].line if self.at > start else problem.line
                while self.peek() is not None and self.peek().line <= line:
                    self.at += 1

    def statement(self) -> "Call":
        if True:
            token = self.peek()
            while token is not None and token.text == ";":
                self.take()
                token = self.peek()
            if token is None:
                raise _Unsupported(self.items[-1].line, "an empty statement")
            if token.kind == "name" and token.text in _KEYWORDS:
                raise _Unsupported(token.line, f"Lua code (`{token.text}` ...): a puzzle that runs its own code is "
                                               "beyond a position", block=True)
            target = None
            if token.text == "local":
                self.take()
            if self.peek(1) is not None and self.peek(1).text == "=" and self.peek().kind == "name":
                target = self.take().text
                self.take("=")
            value = self.expression()
            if not isinstance(value, Call):
                raise _Unsupported(token.line, "a statement that is not a call")
            value.target = target
            return value

    def expression(self):
        value = self.term()
        while self.peek() is not None and self.peek().text in ("+", "|"):
            operator = self.take()
            right = self.term()
            for side in (value, right):
                if isinstance(side, tuple) and side[:1] == ("variable",):
                    raise _Unsupported(side[2], f"unknown name {side[1]!r} (not a constant a position knows)")
            if not isinstance(value, int) or not isinstance(right, int):
                raise _Unsupported(operator.line, f"{operator.text!r} between values that are not numbers")
            value = value + right if operator.text == "+" else value | right
        return value

    def term(self):
        token = self.take()
        if token.kind == "number":
            text = token.text
            # Lua reads 09411399 as decimal 9411399: passcodes keep leading zeros that way
            return int(text, 16) if text.lower().startswith("0x") else int(float(text)) if "." in text or (
                "e" in text.lower()) else int(text, 10)
        if token.kind == "string":
            return token.text
        if token.text == "(":
            value = self.expression()
            self.take(")")
            return value
        if token.text == "-":
            value = self.term()
            if not isinstance(value, int):
                raise _Unsupported(token.line, "'-' before a value that is not a number")
            return -value
        if token.kind != "name":
            raise _Unsupported(token.line, f"unexpected {token.text!r}")
        if token.text in ("true", "false"):
            return token.text == "true"
        if token.text == "nil":
            return None
        if token.text in _KEYWORDS:
            raise _Unsupported(token.line, f"Lua code (`{token.text}` ...): a puzzle that runs its own code is "
                                           "beyond a position", block=True)
        name = token.text
        while self.peek() is not None and self.peek().text in (".", ":") and self.peek(1) is not None \
                and self.peek(1).kind == "name":
            name += self.take().text + self.take().text
        if self.peek() is not None and self.peek().text == "(":
            self.take("(")
            args = []
            while self.peek() is not None and self.peek().text != ")":
                args.append(self.expression())
                if self.peek() is not None and self.peek().text == ",":
                    self.take(",")
            self.take(")")
            return Call(name, args, token.line)
        if name in CONSTANTS:
            return CONSTANTS[name]
        return ("variable", name, token.line)


# --------------------------------------------------------------------------------------------------
# Reading a puzzle

@dataclass
class Puzzle:
    """A puzzle read into a position mapping, with notes on how it was read."""

    data: dict[str, Any]
    notes: list[str] = field(default_factory=list)


def _revival_limited(card: Card) -> bool:
    """Monsters the engine gives a revival limit: Extra Deck, Ritual and "Cannot be Normal Summoned/Set"."""
    return card.is_monster and (card.is_extra_deck or "ritual" in card.kinds or "special_summon" in card.kinds)


class _Reader:
    def __init__(self, cards: CardDB, source: str, turn: int | None):
        self.cards, self.source, self.turn = cards, source, turn
        self.problems: list[str] = []
        self.notes: list[str] = []
        self.flags: int | None = None
        self.rule_argument: int | None = None
        self.ended = False
        self.lp = [8000, 8000]
        # per player: hand, deck (top first), extra, graveyard, banished; zones by name
        self.piles = [{key: [] for key in ("hand", "deck", "extra_deck", "graveyard", "banished")} for _ in range(2)]
        self.monsters: list[dict[int, dict]] = [{}, {}]          # sequence 0-6 -> entry
        self.spells: list[dict[int, dict]] = [{}, {}]            # sequence 0-7 -> entry
        self.variables: dict[str, Any] = {}
        self.proc_missing = 0
        self.revealed = 0
        self.begin_line = 1
        self.lines: dict[str, int] = {}     # key path in the position mapping -> the script's line

    def problem(self, line: int, message: str) -> None:
        self.problems.append(f"{self.source}: line {line}: {message}")

    # ---------------------------------------------------------------- statements
    def read(self, text: str) -> None:
        try:
            items = tokens(text)
        except PysolverError as error:
            self.problems.append(f"{self.source}: {error}")
            return
        for statement in _Parser(items).statements():
            if isinstance(statement, _Unsupported):
                self.problem(statement.line, statement.message)
            else:
                self.call(statement)

    def value(self, argument, line: int):
        if isinstance(argument, tuple) and argument[:1] == ("variable",):
            name = argument[1]
            if name in self.variables:
                return self.variables[name]
            raise _Unsupported(argument[2], f"unknown name {name!r}")
        if isinstance(argument, Call):
            raise _Unsupported(line, f"a call inside a call ({argument.name}): beyond a position")
        return argument

    def call(self, call: Call) -> None:
        name = call.name
        if ":" in name:
            method = name.split(":")[1]
            what = ("an effect the puzzle registers (RegisterEffect): custom effects are beyond a position"
                    if method == "RegisterEffect" else
                    f"a method call ({name}): the puzzle changes cards with its own code, beyond a position")
            self.problem(call.line, what)
            return
        if name in _DISPLAY:
            return
        if name in _REFUSED:
            self.problem(call.line, _REFUSED[name])
            if call.target:
                self.variables[call.target] = None
            return
        try:
            arguments = [self.value(argument, call.line) for argument in call.args]
        except _Unsupported as error:
            self.problem(error.line, error.message)
            return
        handler = {"Debug.ReloadFieldBegin": self.begin, "Debug.SetPlayerInfo": self.player_info,
                   "Duel.SetLP": self.set_lp, "Debug.AddCard": self.add_card,
                   "Debug.ReloadFieldEnd": self.end}.get(name)
        if handler is None:
            self.problem(call.line, f"the script calls {name}, which a position cannot hold")
            return
        if self.ended and name != "Duel.SetLP":
            self.problem(call.line, f"{name} after Debug.ReloadFieldEnd")
            return
        if name != "Debug.ReloadFieldBegin" and self.flags is None:
            self.problem(call.line, f"{name} before Debug.ReloadFieldBegin")
            return
        result = handler(call.line, arguments)
        if call.target:
            self.variables[call.target] = result

    def integer(self, line: int, value, what: str, low: int | None = None, high: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low) or (
                high is not None and value > high):
            bound = f" from {low} to {high}" if low is not None and high is not None else ""
            self.problem(line, f"{what} must be a whole number{bound}, got {value!r}")
            return None
        return value

    def begin(self, line: int, args: list) -> None:
        if self.flags is not None:
            self.problem(line, "Debug.ReloadFieldBegin is called twice")
            return
        if not 1 <= len(args) <= 3:
            self.problem(line, f"Debug.ReloadFieldBegin(flags[, rule]) takes 1 to 3 arguments, got {len(args)}")
            self.flags = 0
            return
        flags = self.integer(line, args[0], "the duel flags", 0)
        rule = 3 if len(args) < 2 or args[1] is None else self.integer(line, args[1], "the Master Rule", 0, 5)
        build = len(args) > 2 and args[2] is True
        self.flags = flags or 0
        if rule and not build:
            self.flags |= MODES[rule]
        self.rule_argument = rule
        if self.flags & FLAGS["DUEL_3_COLUMNS_FIELD"]:
            kind = ("Rush Duel (DUEL_MODE_RUSH)" if self.flags & FLAGS["DUEL_UNLIMITED_SUMMONS"]
                    else "Speed Duel (DUEL_MODE_SPEED)")
            self.problem(line, f"a {kind} puzzle: 3 Monster Zones and other rules; pysolver reads Master Rule duels")
        self.begin_line = line

    def master_rule(self) -> int:
        flags = self.flags or 0
        if flags & FLAGS["DUEL_EMZONE"]:
            return 5 if flags & FLAGS["DUEL_FSX_MMZONE"] else 4
        if flags & FLAGS["DUEL_SEPARATE_PZONE"]:
            return 3
        return 1 if flags & FLAGS["DUEL_OBSOLETE_IGNITION"] else 2

    def player_info(self, line: int, args: list) -> None:
        if len(args) != 4:
            self.problem(line, f"Debug.SetPlayerInfo(player, lp, start count, draw count) takes 4 arguments, "
                               f"got {len(args)}")
            return
        player = self.integer(line, args[0], "the player", 0, 1)
        lp = self.integer(line, args[1], "the LP", 0)
        if player is not None and lp is not None:
            self.lp[player] = lp

    def set_lp(self, line: int, args: list) -> None:
        if len(args) != 2:
            self.problem(line, f"Duel.SetLP(player, lp) takes 2 arguments, got {len(args)}")
            return
        player = self.integer(line, args[0], "the player", 0, 1)
        lp = self.integer(line, args[1], "the LP", 0)
        if player is not None and lp is not None:
            self.lp[player] = lp

    def end(self, line: int, args: list) -> None:
        self.ended = True

    # ---------------------------------------------------------------- cards
    def card(self, line: int, code) -> Card | None:
        code = self.integer(line, code, "the passcode", 0)
        if code is None:
            return None
        card = self.cards.get(code)
        if card is None:
            database = database_path(self.cards)
            reason = why_not_read(database, code) if database is not None else None
            if reason:
                self.problem(line, f"passcode {code}: {reason}")
            elif code >= 100_000_000:   # printed passcodes have 8 digits; simulators number other cards beyond
                self.problem(line, f"{self.cards.unknown_message(code)}: more than 8 digits, so not a printed "
                                   "card's passcode (an anime, pre-release or custom card of a simulator)")
            else:
                self.problem(line, self.cards.unknown_message(code))
        return card

    def add_card(self, line: int, args: list) -> CardHandle | None:
        if not 6 <= len(args) <= 7:
            self.problem(line, "Debug.AddCard(passcode, owner, player, location, sequence, position[, proc]) takes "
                               f"6 or 7 arguments, got {len(args)}")
            return None
        card = self.card(line, args[0])
        owner = self.integer(line, args[1], "the owner", 0, 1)
        player = self.integer(line, args[2], "the player", 0, 1)
        location = self.integer(line, args[3], "the location", 1)
        sequence = self.integer(line, args[4], "the sequence", 0)
        position = self.integer(line, args[5], "the position", 0)
        proc = args[6] if len(args) == 7 else False
        if proc is None:
            proc = False
        if not isinstance(proc, bool):
            self.problem(line, f"proc must be true or false, got {proc!r}")
            return None
        if None in (owner, player, location, sequence, position):
            return None
        if owner != player:
            self.problem(line, f"a card owned by player {owner} but controlled by player {player}: a position "
                               "does not record who owns a card")
            return None
        if card is None:
            return None
        self.place(line, card, player, location, sequence, position, proc)
        return CardHandle(card, line)

    def place(self, line: int, card: Card, player: int, location: int, sequence: int, position: int,
              proc: bool) -> None:
        rule = self.master_rule()
        names = {v: k for k, v in LOCATIONS.items()}
        where = names.get(location, f"location {location:#x}")
        piles = self.piles[player]
        improper = not proc and _revival_limited(card)
        self.line = line
        if location in (LOCATIONS["LOCATION_HAND"], LOCATIONS["LOCATION_DECK"]) and position & POSITIONS["POS_FACEUP"]:
            self.revealed += 1
        if location == LOCATIONS["LOCATION_HAND"]:
            piles["hand"].append(card)
        elif location == LOCATIONS["LOCATION_DECK"]:
            if sequence == 1:
                piles["deck"].append(card)          # the bottom
            else:
                piles["deck"].insert(0, card)       # the top (sequence 0; others put it on top too)
        elif location == LOCATIONS["LOCATION_EXTRA"]:
            face_up = bool(position & POSITIONS["POS_FACEUP"]) and "pendulum" in card.kinds
            piles["extra_deck"].append(self.pile_entry(card, face_up, improper and face_up))
        elif location == LOCATIONS["LOCATION_GRAVE"]:
            piles["graveyard"].append(self.pile_entry(card, False, improper))
        elif location == LOCATIONS["LOCATION_REMOVED"]:
            if position & POSITIONS["POS_FACEDOWN"] and not position & POSITIONS["POS_FACEUP"]:
                self.problem(line, f"{card.name!r} banished face-down: a position holds face-up banished cards only")
                return
            piles["banished"].append(self.pile_entry(card, False, improper))
        elif location in (LOCATIONS["LOCATION_MZONE"], LOCATIONS["LOCATION_MMZONE"], LOCATIONS["LOCATION_EMZONE"]):
            if location == LOCATIONS["LOCATION_EMZONE"]:
                if sequence > 1:
                    self.problem(line, f"LOCATION_EMZONE sequence {sequence}: the Extra Monster Zones are 0 and 1")
                    return
                sequence += 5
            elif location == LOCATIONS["LOCATION_MMZONE"] and sequence > 4:
                self.problem(line, f"LOCATION_MMZONE sequence {sequence}: the Main Monster Zones are 0 to 4")
                return
            self.monster(line, card, player, sequence, position, proc, improper, rule)
        elif location in (LOCATIONS["LOCATION_SZONE"], LOCATIONS["LOCATION_STZONE"], LOCATIONS["LOCATION_FZONE"],
                          LOCATIONS["LOCATION_PZONE"]):
            if location == LOCATIONS["LOCATION_FZONE"]:
                sequence = 5
            elif location == LOCATIONS["LOCATION_PZONE"]:
                if sequence > 1:
                    self.problem(line, f"LOCATION_PZONE sequence {sequence}: the Pendulum Zones are 0 and 1")
                    return
                sequence = sequence + 6 if rule == 3 else sequence * 4
            elif location == LOCATIONS["LOCATION_STZONE"] and sequence > 4:
                self.problem(line, f"LOCATION_STZONE sequence {sequence}: the Spell & Trap Zones are 0 to 4")
                return
            self.spell(line, card, player, sequence, position, rule)
        else:
            self.problem(line, f"{card.name!r} added to {where}: not a place of a position")

    def pile_entry(self, card: Card, face_up: bool, improper: bool):
        if improper:
            self.proc_missing += 1
        entry: dict[str, Any] = {"card": self.ref(card), "line": self.line}
        if face_up:
            entry["face_up"] = True
        if improper:
            entry["properly_summoned"] = False
        return entry

    def ref(self, card: Card):
        """A card's name, or its passcode when another card has the same name."""
        return card.name if self.cards.get(card.name) is card else card.passcode

    def monster(self, line: int, card: Card, player: int, sequence: int, position: int, proc: bool,
                improper: bool, rule: int) -> None:
        if sequence > 6:
            self.problem(line, f"Monster Zone sequence {sequence}: 0-4 are the Main Monster Zones, 5 and 6 the "
                               "Extra Monster Zones")
            return
        zones = self.monsters[player]
        host = zones.get(sequence)
        if sequence >= 5 and host is None:
            other = self.monsters[1 - player].get(11 - sequence)    # the same zone seen from the other side
            if other is not None:
                host = other   # the engine would overlay it on the other player's monster: refuse that plainly
                self.problem(line, f"{card.name!r} added to an Extra Monster Zone the other player's monster holds")
                return
        if host is not None:    # the engine attaches a card added to an occupied Monster Zone as Xyz Material
            host.setdefault("materials", []).append(self.ref(card))
            host.setdefault("material_lines", []).append(line)
            return
        if sequence >= 5 and rule == 3:
            self.problem(line, f"{card.name!r} in an Extra Monster Zone (sequence {sequence}): Master Rule 3 has none")
            return
        if position == POSITIONS["POS_FACEUP_ATTACK"]:
            state = "attack"
        elif position == POSITIONS["POS_FACEUP_DEFENSE"]:
            state = "defense"
        elif position == POSITIONS["POS_FACEDOWN_DEFENSE"]:
            state = "set"
        elif position == POSITIONS["POS_FACEDOWN_ATTACK"]:
            self.problem(line, f"{card.name!r} in face-down Attack Position: not a position of today's rules")
            return
        else:
            self.problem(line, f"{card.name!r} in Monster Zone with position {position:#x}: give one of "
                               "POS_FACEUP_ATTACK, POS_FACEUP_DEFENSE, POS_FACEDOWN_DEFENSE")
            return
        entry: dict[str, Any] = {"card": self.ref(card), "position": state, "line": line}
        if improper:
            self.proc_missing += 1
            entry["properly_summoned"] = False
        zones[sequence] = entry

    def spell(self, line: int, card: Card, player: int, sequence: int, position: int, rule: int) -> None:
        if sequence > 7 or (sequence > 5 and rule != 3):
            self.problem(line, f"Spell & Trap Zone sequence {sequence}: 0-4 are the Spell & Trap Zones, 5 the Field "
                               "Zone" + (", 6 and 7 the Pendulum Zones" if rule == 3 else ""))
            return
        if sequence in self.spells[player]:
            self.problem(line, f"{card.name!r} added to an occupied Spell & Trap Zone (sequence {sequence})")
            return
        if not position & (POSITIONS["POS_FACEUP"] | POSITIONS["POS_FACEDOWN"]):
            self.problem(line, f"{card.name!r} with position {position:#x}: give POS_FACEUP or POS_FACEDOWN")
            return
        face_up = bool(position & POSITIONS["POS_FACEUP"])
        self.spells[player][sequence] = {"card": self.ref(card), "position": "face_up" if face_up else "set",
                                         "line": line}

    # ---------------------------------------------------------------- the position
    def position_data(self) -> dict[str, Any]:
        rule = self.master_rule()
        has_pendulum = any("pendulum" in c.kinds for c in self.all_cards())
        if rule == 1:
            self.problem(self.begin_line, "Master Rule 1: pysolver reads Master Rules 3, 4 and 5 (and 2 without "
                                          "Pendulum cards)")
        elif rule == 2:
            if has_pendulum:
                self.problem(self.begin_line, "Master Rule 2 with a Pendulum card: Master Rule 2 had no Pendulum "
                                              "Zones; pysolver reads Master Rules 3, 4 and 5")
            else:
                self.notes.append("Master Rule 2 read as Master Rule 3: no Pendulum card is present, and the two "
                                  "differ only in the Pendulum Zones and in allowing one face-up Field Spell at a time")
                rule = 3
        attack_first = bool((self.flags or 0) & FLAGS["DUEL_ATTACK_FIRST_TURN"])
        turn = self.turn
        if turn is None:
            turn = 2 if attack_first else 1
            if attack_first:
                self.notes.append("DUEL_ATTACK_FIRST_TURN: the puzzle's first turn may have a Battle Phase, which "
                                  "turn 1 never has (BP-1), so it is written as turn 2")
        if self.proc_missing:
            self.notes.append(f"{self.proc_missing} monster(s) with a revival limit added without proc: written "
                              "properly_summoned: false (they cannot be Special Summoned from the GY or "
                              "banishment by effects, SP-2)")
        if self.revealed:
            self.notes.append(f"{self.revealed} card(s) in a hand or Deck given face-up (revealed): a position does "
                              "not record that, and no legal play depends on it")
        players = []
        for player in (0, 1):
            data: dict[str, Any] = {"lp": self.lp[player]}
            here = f"players[{player}]"
            for key, pile in self.piles[player].items():
                if pile:
                    data[key] = []
                    for index, entry in enumerate(pile):
                        if isinstance(entry, Card):
                            data[key].append(self.ref(entry))
                            continue
                        self.lines[f"{here}.{key}[{index}]"] = entry["line"]
                        entry = {k: v for k, v in entry.items() if k != "line"}
                        data[key].append(entry if len(entry) > 1 else entry["card"])
            monsters, emz = {}, {}
            for sequence, entry in sorted(self.monsters[player].items()):
                if sequence < 5:
                    path = f"{here}.monster_zones.{sequence + 1}"
                else:   # 5: the controller's left; player 1 sits across the table
                    path = f"{here}.extra_monster_zones.{'left' if (sequence == 5) == (player == 0) else 'right'}"
                self.lines[path] = entry["line"]
                for index, line in enumerate(entry.get("material_lines", ())):
                    self.lines[f"{path}.materials[{index}]"] = line
                entry = {k: v for k, v in entry.items() if k not in ("line", "material_lines")}
                if entry.get("position") == "attack":
                    del entry["position"]
                value = entry if len(entry) > 1 else entry["card"]
                if sequence < 5:
                    monsters[sequence + 1] = value
                else:
                    emz[path.rsplit(".", 1)[1]] = value
            if monsters:
                data["monster_zones"] = monsters
            if emz:
                data["extra_monster_zones"] = emz
            zones, pendulum = {}, {}
            for sequence, entry in sorted(self.spells[player].items()):
                self.lines[f"{here}." + (f"spell_trap_zones.{sequence + 1}" if sequence < 5 else "field_zone"
                                         if sequence == 5 else f"pendulum_zones.{'left' if sequence == 6 else 'right'}")
                           ] = entry["line"]
                entry = {k: v for k, v in entry.items() if k != "line"}
                if entry["position"] == "face_up":
                    del entry["position"]
                value = entry if len(entry) > 1 else entry["card"]
                if sequence < 5:
                    zones[sequence + 1] = value
                elif sequence == 5:
                    data["field_zone"] = value
                else:
                    pendulum["left" if sequence == 6 else "right"] = value
            if zones:
                data["spell_trap_zones"] = zones
            if pendulum:
                data["pendulum_zones"] = pendulum
            players.append(data)
        return {"format": "pysolver-position/1", "rules": f"master-rule-{rule}", "turn": turn, "phase": "main1",
                "turn_player": 0, "players": players}

    def all_cards(self):
        for player in (0, 1):
            for pile in self.piles[player].values():
                for entry in pile:
                    yield entry if isinstance(entry, Card) else self.cards.get(
                        entry["card"] if isinstance(entry, dict) else entry)
            for zones in (self.monsters[player], self.spells[player]):
                for entry in zones.values():
                    yield self.cards.get(entry["card"])
                    for material in entry.get("materials", ()):
                        yield self.cards.get(material)


def read_puzzle(path: str | Path, cards: CardDB, *, turn: int | None = None) -> Puzzle:
    """Read a puzzle script into a validated `pysolver-position/1` mapping. Every problem is reported at once
    (a PositionError, one line per problem with the script's line)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig", errors="strict")
    except FileNotFoundError:
        raise PysolverError("no such file", source=str(path)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise PysolverError(f"cannot read the file ({error.__class__.__name__})", source=str(path)) from None
    reader = _Reader(cards, str(path), turn)
    reader.read(text)
    if reader.flags is None and not reader.problems:
        reader.problems.append(f"{path}: no Debug.ReloadFieldBegin: not a puzzle script")
    elif not reader.ended and not reader.problems:
        reader.problems.append(f"{path}: no Debug.ReloadFieldEnd: the field is never finished")
    data = reader.position_data() if reader.flags is not None else {}
    if reader.problems:
        raise PositionError(reader.problems)
    try:
        position_from_dict(data, cards=cards, source=str(path))
    except PositionError as error:
        raise PositionError([_at_line(problem, str(path), reader.lines) for problem in error.problems]) from None
    return Puzzle(data, reader.notes)


def _at_line(problem: str, source: str, lines: dict[str, int]) -> str:
    """A problem of the written position, told at the script line that made it: `file: line 12: ...`."""
    rest = problem[len(source) + 2:] if problem.startswith(source + ": ") else problem
    path, _, message = rest.partition(": ")
    for key in sorted(lines, key=len, reverse=True):
        if path == key or path.startswith(key + ".") or path.startswith(key + "["):
            return f"{source}: line {lines[key]}: {message}"
    return f"{source}: {rest} (in the position read from the puzzle)"


def position_from_puzzle(path: str | Path, cards: CardDB, *, turn: int | None = None):
    """The `Position` of a puzzle script and the notes on how it was read."""
    puzzle = read_puzzle(path, cards, turn=turn)
    return position_from_dict(puzzle.data, cards=cards, source=str(path)), puzzle.notes
