"""The turn's history: `this_turn.events`, what already happened this turn, oldest first.

Two kinds of event (docs/position-format.md, "The turn's history"):

    - summon: special          # normal | set | flip | special | ritual | fusion | synchro | xyz | link
      card: Cyber Dragon       #   | pendulum | procedure: how it was summoned
      player: 0                # who summoned it (default 0)
      from: hand               # hand | deck | graveyard | banished | extra_deck | field | token
      negated: false           # the summon was negated
      alternative: false       # an Xyz Summon by the alternative procedure written on the card (XYZ-4:
                               #   "you can also Xyz Summon this card by using ..."); kept only when true
    - summon: pendulum         # several monsters summoned at once: `cards` instead of `card`
      cards: [Flash Knight, Foucault's Cannon]
    - activate: Pot of Duality
      effect: 1                # which activated effect of the card (default 1); 0: a Pendulum Monster
                               #   activated as a Pendulum Scale (the card's activation, no effect)
      player: 0
      negated: none            # none | activation | effect: what was negated
      resolved: true           # the chain link resolved (false: still on the chain)
      target: Sangan           # optional: the card it targets or was sure to Special Summon
      simulated: false         # written by `apply`: the resolution was recorded, not carried out

Events are plain, immutable mappings with every key filled in (defaults applied); a summon event
always has `cards` (a tuple of names).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from ..cards.card import CardDB

SUMMON_METHODS = ("normal", "set", "flip", "special", "ritual", "fusion", "synchro", "xyz", "link", "pendulum",
                  "procedure")
SUMMON_ORIGINS = ("hand", "deck", "graveyard", "banished", "extra_deck", "field", "token")
NEGATIONS = ("none", "activation", "effect")
MAX_EFFECT = 99          # effect numbers: a card has a handful; the bound keeps them a small integer
_SUMMON_KEYS = {"summon", "card", "cards", "player", "from", "negated", "alternative"}
_ACTIVATE_KEYS = {"activate", "effect", "player", "negated", "resolved", "target", "simulated"}


def summon_event(method: str, cards, player: int, origin: str, negated: bool = False,
                 alternative: bool = False) -> Mapping[str, Any]:
    cards = (cards,) if isinstance(cards, str) else tuple(cards)
    event = {"summon": method, "cards": cards, "player": player, "from": origin, "negated": negated}
    if alternative:
        event["alternative"] = True
    return MappingProxyType(event)


def activate_event(card: str, player: int, effect: int = 1, negated: str = "none", resolved: bool = True,
                   target: str | None = None, simulated: bool = True) -> Mapping[str, Any]:
    event = {"activate": card, "effect": effect, "player": player, "negated": negated, "resolved": resolved}
    if target is not None:
        event["target"] = target
    if not simulated:
        event["simulated"] = False
    return MappingProxyType(event)


def validate_events(raw: list, path: str, cards: CardDB) -> tuple[list, list[tuple[str, str]]]:
    """Check `this_turn.events`; return the normalised events and (key path, message) problems."""
    events, problems = [], []

    def card_name(value, where: str) -> str | None:
        card = cards.get(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
        if card is None:
            problems.append((where, cards.unknown_message(value) if isinstance(value, (str, int))
                             else "expected a card name or passcode"))
            return None
        return card.name

    def check(entry, key, where, options, default):
        value = entry.get(key, default)
        if value not in options or isinstance(value, bool) != isinstance(default, bool):
            shown = ", ".join(map(str, options)) if not isinstance(default, bool) else "true or false"
            problems.append((f"{where}.{key}", f"expected {shown}, got {value!r}"))
            return default
        return value

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
        player = check(entry, "player", where, (0, 1), 0)
        if kind == "summon":
            method = check(entry, "summon", where, SUMMON_METHODS, "normal")
            origin = check(entry, "from", where, SUMMON_ORIGINS, "hand")
            negated = check(entry, "negated", where, (True, False), False)
            alternative = check(entry, "alternative", where, (True, False), False)
            if alternative and method != "xyz":
                problems.append((f"{where}.alternative", "only an Xyz Summon (summon: xyz) is made by an "
                                                         "alternative procedure"))
                alternative = False
            if ("card" in entry) == ("cards" in entry):
                problems.append((where, "a summon event names its monster with 'card' (or several with 'cards')"))
                continue
            raw_cards = [entry["card"]] if "card" in entry else entry["cards"]
            if not isinstance(raw_cards, list) or not raw_cards:
                problems.append((f"{where}.cards", "expected a non-empty list of cards"))
                continue
            key = "card" if "card" in entry else "cards"
            names = [card_name(value, f"{where}.card" if key == "card" else f"{where}.cards[{i}]")
                     for i, value in enumerate(raw_cards)]
            if None not in names:
                events.append(summon_event(method, names, player, origin, negated, alternative))
        else:
            name = card_name(entry["activate"], f"{where}.activate")
            effect = entry.get("effect", 1)
            if isinstance(effect, bool) or not isinstance(effect, int) or not 0 <= effect <= MAX_EFFECT:
                problems.append((f"{where}.effect", f"expected a whole number from 0 to {MAX_EFFECT}, got {effect!r}"))
                effect = 1
            negated = check(entry, "negated", where, NEGATIONS, "none")
            resolved = check(entry, "resolved", where, (True, False), True)
            simulated = check(entry, "simulated", where, (True, False), True)
            target = card_name(entry["target"], f"{where}.target") if "target" in entry else None
            if name is not None and ("target" not in entry or target is not None):
                events.append(activate_event(name, player, effect, negated, resolved, target, simulated))
    return events, problems


def dump_events(events) -> list[dict]:
    out = []
    for event in events:
        data = dict(event)
        if "summon" in data:
            cards = data.pop("cards")
            data = {"summon": data["summon"], **({"card": cards[0]} if len(cards) == 1 else {"cards": list(cards)}),
                    "player": data["player"], "from": data["from"], "negated": data["negated"],
                    **({"alternative": True} if data.get("alternative") else {})}
        out.append(data)
    return out
