"""The turn's history: `this_turn.events`, what already happened this turn, oldest first.

Two kinds of event (docs/position-format.md, "History"):

    - summon: special          # normal | set | flip | special | ritual | fusion | synchro | xyz | link
      card: Cyber Dragon       #   | pendulum | procedure  (how it was summoned)
      player: 0                # who summoned it (default: the turn player)
      from: hand               # hand | deck | graveyard | banished | extra_deck | field
      negated: false           # the summon was negated
    - activate: Pot of Duality
      effect: 1                # which effect of the card (default 1)
      player: 0
      negated: none            # none | activation | effect  (what was negated)
      resolved: true           # the chain link resolved (false: still on the chain)

Events are plain, immutable mappings with every key filled in (defaults applied).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from .cards import CardDB

SUMMON_METHODS = ("normal", "set", "flip", "special", "ritual", "fusion", "synchro", "xyz", "link", "pendulum",
                  "procedure")
SUMMON_ORIGINS = ("hand", "deck", "graveyard", "banished", "extra_deck", "field")
NEGATIONS = ("none", "activation", "effect")
_SUMMON_KEYS = {"summon", "card", "player", "from", "negated"}
_ACTIVATE_KEYS = {"activate", "effect", "player", "negated", "resolved"}


def summon_event(method: str, card: str, player: int, origin: str, negated: bool = False) -> Mapping[str, Any]:
    return MappingProxyType({"summon": method, "card": card, "player": player, "from": origin, "negated": negated})


def activate_event(card: str, player: int, effect: int = 1, negated: str = "none",
                   resolved: bool = True) -> Mapping[str, Any]:
    return MappingProxyType({"activate": card, "effect": effect, "player": player, "negated": negated,
                             "resolved": resolved})


def validate_events(raw: list, path: str, cards: CardDB) -> tuple[list, list[tuple[str, str]]]:
    """Check `this_turn.events`; return the normalised events and (key path, message) problems."""
    events, problems = [], []
    for index, entry in enumerate(raw):
        where = f"{path}[{index}]"
        if not isinstance(entry, dict) or ("summon" in entry) == ("activate" in entry):
            problems.append((where, "an event is a mapping with either 'summon' (a summon) or 'activate' "
                                    "(an activation)"))
            continue
        kind = "summon" if "summon" in entry else "activate"
        allowed = _SUMMON_KEYS if kind == "summon" else _ACTIVATE_KEYS
        for key in entry:
            if key not in allowed:
                problems.append((f"{where}.{key}", f"unknown key {key!r}; allowed keys: {', '.join(sorted(allowed))}"))
        player = entry.get("player", 0)
        if player not in (0, 1) or isinstance(player, bool):
            problems.append((f"{where}.player", f"expected 0 or 1, got {player!r}"))
        card_key = "card" if kind == "summon" else "activate"
        card = cards.get(entry.get(card_key)) if isinstance(entry.get(card_key), (str, int)) else None
        if card is None:
            problems.append((f"{where}.{card_key}", cards.unknown_message(entry.get(card_key))
                             if isinstance(entry.get(card_key), (str, int)) else "expected a card name or passcode"))
            continue
        if kind == "summon":
            method, origin, negated = entry["summon"], entry.get("from", "hand"), entry.get("negated", False)
            if method not in SUMMON_METHODS:
                problems.append((f"{where}.summon", f"expected one of {', '.join(SUMMON_METHODS)}, got {method!r}"))
            if origin not in SUMMON_ORIGINS:
                problems.append((f"{where}.from", f"expected one of {', '.join(SUMMON_ORIGINS)}, got {origin!r}"))
            if not isinstance(negated, bool):
                problems.append((f"{where}.negated", f"expected true or false, got {negated!r}"))
            events.append(summon_event(method, card.name, player, origin, bool(negated)))
        else:
            effect, negated, resolved = entry.get("effect", 1), entry.get("negated", "none"), entry.get("resolved", True)
            if isinstance(effect, bool) or not isinstance(effect, int) or effect < 1:
                problems.append((f"{where}.effect", f"expected a whole number from 1, got {effect!r}"))
            if negated not in NEGATIONS:
                problems.append((f"{where}.negated", f"expected one of {', '.join(NEGATIONS)}, got {negated!r}"))
            if not isinstance(resolved, bool):
                problems.append((f"{where}.resolved", f"expected true or false, got {resolved!r}"))
            events.append(activate_event(card.name, player, effect, negated, bool(resolved)))
    return events, problems


def dump_events(events) -> list[dict]:
    return [dict(event) for event in events]
