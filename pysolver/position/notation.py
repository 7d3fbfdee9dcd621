"""A short, readable notation for plays that parses back exactly (like SAN for chess moves).

    NS H2 "Kuriboh"                                   Normal Summon H2
    NS H2 "Kuriboh" @M2 atk                           ... to M2 in Attack Position (a move: play + choices)
    SET H1 "Dark Magician" <- M1 M3 @M1               Set H1 tributing M1 and M3, to M1
    SYN ED1 "Black Rose Dragon" <- M1 M3 @EMZL atk    Synchro Summon with materials M1 and M3 (XYZ, LINK alike)
    FUS ED1 "Flame Swordsman" <- H2 M1 with H1 @M3 def   Fusion Summon with the Fusion Spell H1
    RIT H1 "Black Luster Soldier" <- H3 H4 with H2 @M1 atk   Ritual Summon with the Ritual Spell H2
    PEN H2=M1 H3=M2 atk                               Pendulum Summon H2 to M1 and H3 to M2
    SCALE H1 @S1                                      activate a Pendulum Scale in S1
    PROC H1 "Chaos Emperor Dragon - Envoy of the End" cost GY2 GY3 @M1 atk
    ACT H1 "Monster Reborn" #1 -> GY1 @M2 atk         activate effect 1 of H1 targeting GY1
    FLIP M1   POS M1 def   ATK M1 -> oM2   ATK M1 -> direct   SETST H3 @S2   BP   M2   END

Grammar: an action word (`ACTION_WORDS`, any case), then the card instance id (`H2`, `ED1`, `oM2`,
`M4.1`: docs/position-format.md) and, optionally, its name in double quotes (checked when given; a
`"` inside a name is written `\\"`), then these parts in any order:

    <- ID ...        Tributes (NS, SET) or materials (RIT, FUS, SYN, XYZ, LINK)
    with ID          the Ritual or Fusion Spell
    cost ID ...      what a procedure or an activation uses as its cost
    #N               which effect of the card (ACT)
    -> ID | direct   the target (ATK, ACT)
    @ZONE            the Pendulum Zone of SCALE (part of the play); for any other play a choice
    atk | def | set  the new position of POS (part of the play); for any other play a choice (SET's
                     face-down position is implied and not written)

A Pendulum Summon lists its cards, each optionally `=ZONE` (a choice) and followed by its name.

Exactness: a list left out is empty (`NS H2` uses no Tributes, `ACT H1 #1` pays no cost). A single
part left out (`#N`, `-> ...`, `with ...`, the zone of SCALE, the new position of POS) may be any
value: the text must then still denote exactly one legal play, else it is ambiguous and the error
lists the candidates. `to_notation` always writes every part, so its text always parses back to the
same play.

Plays versus moves: a play (`Play`) lists the zones and battle positions it may take; `apply` takes
one of each as a choice. `to_notation(play)` writes the play alone; `move_notation(play, **choices)`
writes the play with its choices (when a choice is not given, the default of `default_choices`: the first
zone and battle position listed, for a Pendulum Summon the first complete assignment of zones), and
`parse_move` returns `(play, choices)` where `choices` are `apply`'s keyword arguments
(`zone`, `battle_position`, `zones`), ready for `apply(position, play, **choices)`; a choice the play
does not offer is an error.

Parsing matches the text against the position's instance-level legal plays, given as `plays`
(`legal_plays(position, all_instances=True)`: the notation is below the solver and does not solve): the
play returned is the instance-level play the text names (`copies` 1), even when it uses other identical
copies than the listed representative.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from .apply import pendulum_assignment
from ..errors import PysolverError
from .play import Play
from .value import Position

# Action -> the word that opens its notation, and back.
ACTION_WORDS = {
    "normal_summon": "NS", "set_monster": "SET", "flip_summon": "FLIP", "gemini_summon": "GEM", "ritual_summon": "RIT",
    "fusion_summon": "FUS", "synchro_summon": "SYN", "xyz_summon": "XYZ", "link_summon": "LINK",
    "pendulum_summon": "PEN", "procedure_summon": "PROC", "change_position": "POS", "declare_attack": "ATK",
    "activate_scale": "SCALE", "activate": "ACT", "set_spell_trap": "SETST", "enter_battle_phase": "BP",
    "enter_main2": "M2", "end_turn": "END",
}
WORD_ACTIONS = {word: action for action, word in ACTION_WORDS.items()}
PHASE_ACTIONS = ("enter_battle_phase", "enter_main2", "end_turn")
# Battle positions as written (short) and read (short or long).
POSITION_WORDS = {"attack": "atk", "defense": "def", "set": "set"}
_READ_POSITIONS = {"atk": "attack", "attack": "attack", "def": "defense", "defense": "defense", "set": "set"}

_TOKEN = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|(\S+))')
_ID = re.compile(r"o?(?:(?:H|M|S|GY|BN|ED|DK)[1-9][0-9]*|EMZL|EMZR|FZ|PZL|PZR)(?:\.[1-9][0-9]*)?")
_ZONE = re.compile(r"o?(?:M[1-5]|S[1-5]|EMZL|EMZR|FZ|PZL|PZR)")
_UNSET = object()


# --------------------------------------------------------------------------------------------------
# Writing

def _quote(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _named(instance_id: str, position: Position | None, names: bool) -> str:
    if not names or position is None:
        return instance_id
    try:
        return f"{instance_id} {_quote(position[instance_id].card.name)}"
    except PysolverError:
        return instance_id


def to_notation(play: Play, position: Position | None = None, *, names: bool = True) -> str:
    """The play in notation, without zone or battle position choices. Names (in quotes) are written
    when `position` is given and `names` is true."""
    return _write(play, position, names, None, None, None)


def move_notation(play: Play, position: Position | None = None, *, zone: str | None = None,
                  battle_position: str | None = None, zones: Mapping[str, str] | None = None,
                  names: bool = True) -> str:
    """The play with its choices: those given, else the defaults of `default_choices`."""
    chosen = default_choices(play, zone=zone, battle_position=battle_position, zones=zones)
    return _write(play, position, names, chosen.get("zone"), chosen.get("battle_position"), chosen.get("zones"))


def default_choices(play: Play, *, zone: str | None = None, battle_position: str | None = None,
                    zones: Mapping[str, str] | None = None) -> dict[str, Any]:
    """`apply`'s keyword arguments with every choice the play offers filled in: those given, else the
    first zone and the first battle position listed; for a Pendulum Summon the first complete assignment
    of distinct zones (at most one Extra Monster Zone) in the order of the cards and of their zones,
    keeping the zones given."""
    chosen: dict[str, Any] = {}
    if isinstance(play.zones, Mapping):
        chosen["zones"] = pendulum_assignment(play, zones or {})
    elif play.zones:
        chosen["zone"] = zone if zone is not None else play.zones[0]
    if play.positions:
        chosen["battle_position"] = battle_position if battle_position is not None else play.positions[0]
    return chosen


def _write(play: Play, position: Position | None, names: bool, zone: str | None, battle_position: str | None,
           zones: Mapping[str, str] | None) -> str:
    try:
        word = ACTION_WORDS[play.action]
    except KeyError:
        raise PysolverError(f"no notation for the action {play.action!r}") from None
    parts = [word]
    if play.action == "pendulum_summon":
        for card in play.cards or ():
            text = card + (f"={zones[card]}" if zones and card in zones else "")
            if names and position is not None:
                try:
                    text += " " + _quote(position[card].card.name)
                except PysolverError:
                    pass
            parts.append(text)
    elif play.card:
        parts.append(_named(play.card, position, names))
    if play.effect is not None:
        parts.append(f"#{play.effect}")
    used = play.tributes if play.tributes is not None else play.materials
    if used:
        parts.append("<- " + " ".join(used))
    if play.spell:
        parts.append(f"with {play.spell}")
    if play.cost:
        parts.append("cost " + " ".join(play.cost))
    if play.target:
        parts.append(f"-> {play.target}")
    if play.to:
        parts.append(POSITION_WORDS.get(play.to, play.to))
    if play.zone:
        parts.append(f"@{play.zone}")
    if zone is not None:
        parts.append(f"@{zone}")
    if battle_position is not None and not (play.action == "set_monster" and battle_position == "set"):
        parts.append(POSITION_WORDS.get(battle_position, battle_position))
    return " ".join(parts)


# --------------------------------------------------------------------------------------------------
# Reading

class _Parsed:
    """What a text says: the play's parts (None: not said) and the choices."""

    def __init__(self, action: str):
        self.action = action
        self.card: str | None = None
        self.cards: list[str] = []          # Pendulum Summon
        self.names: dict[str, str] = {}
        self.used: list[str] | None = None  # after <-
        self.spell: str | None = None
        self.cost: list[str] | None = None
        self.effect: int | None = None
        self.target: str | None = None
        self.to: str | None = None
        self.zone: str | None = None        # SCALE: the play's zone; else a choice
        self.battle_position: str | None = None
        self.zones: dict[str, str] = {}


def _tokens(text: str) -> list[tuple[str, bool]]:
    """(token, quoted) pairs."""
    tokens, at, text = [], 0, text.strip()
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None or match.end() == at:
            raise PysolverError(f"cannot read {text[at:]!r} in {text!r}: an unclosed quote?")
        if match.group(1) is not None:
            tokens.append((re.sub(r"\\(.)", r"\1", match.group(1)), True))
        else:
            raw = match.group(2)
            if raw.startswith('"'):
                raise PysolverError(f"an unclosed quote in {text!r}")
            tokens.append((raw, False))
        at = match.end()
    return tokens


def _read(text: str) -> _Parsed:
    tokens = _tokens(text)
    if not tokens:
        raise PysolverError("empty notation: expected a play such as 'NS H1' or 'END'")
    word, quoted = tokens[0]
    action = WORD_ACTIONS.get(word.upper()) if not quoted else None
    if action is None:
        raise PysolverError(f"unknown play {word!r} in {text!r}; a play starts with one of "
                            f"{', '.join(ACTION_WORDS.values())}")
    parsed = _Parsed(action)
    if action in PHASE_ACTIONS:
        if len(tokens) > 1:
            raise PysolverError(f"{word.upper()} takes nothing more, got {tokens[1][0]!r} in {text!r}")
        return parsed
    mode = "card"            # what a bare instance id is: card | used | cost | spell | target
    last: str | None = None  # the card a quoted name belongs to

    def fail(message: str):
        raise PysolverError(f"{message} in {text!r}")

    for token, quoted in tokens[1:]:
        if quoted:
            if last is None:
                fail(f"the name {token!r} must follow the card's instance id")
            parsed.names[last] = token
            last = None
            continue
        lower = token.lower()
        if token == "<-":
            if parsed.used is not None:
                fail("'<-' given twice")
            parsed.used, mode, last = [], "used", None
        elif lower == "with":
            mode, last = "spell", None
        elif lower == "cost":
            if parsed.cost is not None:
                fail("'cost' given twice")
            parsed.cost, mode, last = [], "cost", None
        elif token == "->":
            mode, last = "target", None
        elif token.startswith("#"):
            if not token[1:].isdigit() or int(token[1:]) < 1:
                fail(f"bad effect number {token!r} (write #1, #2, ...)")
            parsed.effect, last = int(token[1:]), None
        elif token.startswith("@"):
            zone = token[1:]
            if not _ZONE.fullmatch(zone):
                fail(f"bad zone {token!r} (write @M1..@M5, @EMZL, @EMZR, @S1..@S5, @FZ, @PZL, @PZR, @oM1..)")
            if parsed.zone is not None:
                fail("two zones given")
            parsed.zone, last = zone, None
        elif lower in _READ_POSITIONS:
            if parsed.battle_position is not None:
                fail("two battle positions given")
            parsed.battle_position, last = _READ_POSITIONS[lower], None
        elif mode == "target" and lower == "direct":
            if parsed.target is not None:
                fail("two targets given")
            parsed.target, mode, last = "direct", "card", None
        else:
            instance, _, zone = token.partition("=")
            if not _ID.fullmatch(instance):
                fail(f"cannot read {token!r}: expected an instance id (H1, M3, ED1, GY2, oM2, M4.1 ...) or one of "
                     "'<-', 'with', 'cost', '->', '#N', '@ZONE', atk, def")
            if zone:
                if action != "pendulum_summon" or mode != "card":
                    fail(f"{token!r}: 'ID=ZONE' is only for the cards of a Pendulum Summon")
                if not _ZONE.fullmatch(zone):
                    fail(f"bad zone {zone!r} for {instance}")
                parsed.zones[instance] = zone
            last = instance if mode == "card" else None
            if mode == "card":
                if action == "pendulum_summon":
                    if instance in parsed.cards:
                        fail(f"{instance} listed twice")
                    parsed.cards.append(instance)
                elif parsed.card is None:
                    parsed.card = instance
                else:
                    fail(f"unexpected {token!r}: the play's card is already {parsed.card}")
            elif mode == "used":
                parsed.used.append(instance)
            elif mode == "cost":
                parsed.cost.append(instance)
            elif mode == "spell":
                if parsed.spell is not None:
                    fail("two Spells given after 'with'")
                parsed.spell, mode = instance, "card"
            elif mode == "target":
                if parsed.target is not None:
                    fail("two targets given")
                parsed.target, mode = instance, "card"
    if action == "pendulum_summon":
        if not parsed.cards:
            fail("PEN needs the cards it summons (PEN H2=M1 H3=M2)")
    elif parsed.card is None:
        fail(f"{ACTION_WORDS[action]} needs the instance id of its card")
    if action == "change_position":
        parsed.to, parsed.battle_position = parsed.battle_position, None
    return parsed


def _ids(values) -> tuple[str, ...]:
    return tuple(values or ())


def _matches(play: Play, parsed: _Parsed) -> bool:
    if play.action != parsed.action:
        return False
    if parsed.action == "pendulum_summon":
        return set(play.cards or ()) == set(parsed.cards)
    if play.card != parsed.card:
        return False
    used = play.tributes if play.tributes is not None else play.materials
    if set(_ids(used)) != set(parsed.used or ()) or len(_ids(used)) != len(parsed.used or ()):
        return False
    if set(_ids(play.cost)) != set(parsed.cost or ()) or len(_ids(play.cost)) != len(parsed.cost or ()):
        return False
    for name in ("spell", "effect", "target", "to"):
        wanted = getattr(parsed, name)
        if wanted is not None and getattr(play, name) != wanted:
            return False
    if parsed.action == "activate_scale" and parsed.zone is not None and play.zone != parsed.zone:
        return False
    return True


def _check_names(parsed: _Parsed, position: Position, text: str) -> None:
    for instance_id, name in parsed.names.items():
        actual = position[instance_id].card.name
        if actual.casefold() != name.casefold():
            raise PysolverError(f"{instance_id} is {actual!r}, not {name!r}, in {text!r}")


def _resolve(text: str, position: Position, plays: Iterable[Play]) -> tuple[Play, _Parsed]:
    parsed = _read(text)
    for instance_id in [parsed.card, parsed.spell, parsed.target if parsed.target != "direct" else None,
                        *parsed.cards, *(parsed.used or ()), *(parsed.cost or ())]:
        if instance_id is not None and instance_id not in position.instances:
            raise PysolverError(f"no card instance {instance_id!r} in this position, in {text!r}")
    _check_names(parsed, position, text)
    candidates = list(plays)
    found = [play for play in candidates if _matches(play, parsed)]
    if len(found) == 1:
        return found[0], parsed
    if found:
        listed = "; ".join(to_notation(play, position, names=False) for play in found[:8])
        more = f" (and {len(found) - 8} more)" if len(found) > 8 else ""
        raise PysolverError(f"{text!r} is ambiguous: {len(found)} legal plays match: {listed}{more}")
    related = [play for play in candidates if play.action == parsed.action
               and (parsed.card is None or play.card == parsed.card)
               and (not parsed.cards or set(parsed.cards) & set(play.cards or ()))]
    if related:
        listed = "; ".join(to_notation(play, position, names=False) for play in related[:8])
        more = f" (and {len(related) - 8} more)" if len(related) > 8 else ""
        raise PysolverError(f"{text!r} is not a legal play here; legal: {listed}{more}")
    what = ACTION_WORDS[parsed.action] + (f" {parsed.card}" if parsed.card else "")
    raise PysolverError(f"{text!r} is not a legal play here: no legal {what} play in this position")


def parse_notation(text: str, position: Position, *, plays: Iterable[Play]) -> Play:
    """The legal play of `position` that `text` denotes (zone and position choices are checked and
    then ignored; see `parse_move`). Raises PysolverError for unknown, ambiguous or illegal text."""
    play, _ = parse_move(text, position, plays=plays)
    return play


def parse_move(text: str, position: Position, *, plays: Iterable[Play]) -> tuple[Play, dict]:
    """The legal play `text` denotes and the choices it makes, as `apply`'s keyword arguments
    (`zone`, `battle_position`, `zones`; only those the text gives): `apply(position, play, **choices)`."""
    play, parsed = _resolve(text, position, plays)
    choices: dict[str, Any] = {}
    if parsed.zone is not None and play.action != "activate_scale":
        if not play.zones or isinstance(play.zones, Mapping):
            raise PysolverError(f"{text!r}: this play takes no zone choice ('@{parsed.zone}')"
                                + ("; give each card its zone as ID=ZONE" if isinstance(play.zones, Mapping) else ""))
        if parsed.zone not in play.zones:
            raise PysolverError(f"{text!r}: zone {parsed.zone} is not open to this play; "
                                f"choose one of {', '.join(play.zones)}")
        choices["zone"] = parsed.zone
    if parsed.battle_position is not None:
        options = play.positions or ()
        if parsed.battle_position not in options:
            shown = ", ".join(POSITION_WORDS[p] for p in options) or "none"
            raise PysolverError(f"{text!r}: battle position {POSITION_WORDS[parsed.battle_position]} is not open "
                                f"to this play (open: {shown})")
        if not (play.action == "set_monster" and parsed.battle_position == "set"):
            choices["battle_position"] = parsed.battle_position
    if parsed.zones:
        taken: dict[str, str] = {}
        for card, zone in parsed.zones.items():
            options = play.zones.get(card, ())
            if zone not in options:
                raise PysolverError(f"{text!r}: zone {zone} is not open to {card}; choose one of {', '.join(options)}")
            if zone in taken:
                raise PysolverError(f"{text!r}: {card} and {taken[zone]} both go to {zone}")
            taken[zone] = card
        if sum(zone.startswith("EMZ") for zone in taken) > 1:
            raise PysolverError(f"{text!r}: a player may take only one Extra Monster Zone (ZN-1)")
        choices["zones"] = dict(parsed.zones)
    return play, choices


def read_prefix(text: str, position: Position) -> dict[str, Any]:
    """The parts of a play being built (`pysolver picks`): the text need not be a legal play, only
    well formed, with instance ids of `position` and names that match. Returns `action`, `card`,
    `cards` (a Pendulum Summon's), `used` (after `<-`), `cost`, `spell`."""
    parsed = _read(text)
    for instance_id in [parsed.card, parsed.spell, *parsed.cards, *(parsed.used or ()), *(parsed.cost or ())]:
        if instance_id is not None and instance_id not in position.instances:
            raise PysolverError(f"no card instance {instance_id!r} in this position, in {text!r}")
    _check_names(parsed, position, text)
    return {"action": parsed.action, "card": parsed.card, "cards": list(parsed.cards),
            "used": list(parsed.used or ()), "cost": list(parsed.cost or ()), "spell": parsed.spell}
