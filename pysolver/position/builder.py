"""Build positions in Python with a few readable calls (in the spirit of XMage's `addCard`).

    >>> from pysolver.position.builder import PositionBuilder
    >>> board = PositionBuilder(turn=3)
    >>> board.hand("Dark Magician", "Kuriboh").monster(1, "Junk Synchron").extra_deck("Black Rose Dragon")
    >>> board.opponent.monster(2, "Celtic Guardian", position="set")
    >>> position = board.build()

The builder writes the same mapping a position file holds and loads it with `position_from_dict`,
so a built position is validated exactly like a file.
"""

from __future__ import annotations

from typing import Any

from ..cards.card import CardDB
from .files import position_from_dict
from .value import FORMAT, RULE_NAMES, Position


class PlayerBuilder:
    def __init__(self):
        self.data: dict[str, Any] = {}

    def _extend(self, key: str, entries) -> "PlayerBuilder":
        self.data.setdefault(key, []).extend(entries)
        return self

    @staticmethod
    def _entry(card, options: dict):
        return {"card": card, **options} if options else card

    def hand(self, *cards) -> "PlayerBuilder":
        return self._extend("hand", cards)

    def deck(self, *cards) -> "PlayerBuilder":
        return self._extend("deck", cards)

    def extra_deck(self, *cards, face_up: bool = False) -> "PlayerBuilder":
        return self._extend("extra_deck", [self._entry(c, {"face_up": True} if face_up else {}) for c in cards])

    def graveyard(self, *cards, **options) -> "PlayerBuilder":
        return self._extend("graveyard", [self._entry(c, options) for c in cards])

    def banished(self, *cards, **options) -> "PlayerBuilder":
        return self._extend("banished", [self._entry(c, options) for c in cards])

    def monster(self, zone: int | str, card, **options) -> "PlayerBuilder":
        """A monster in Main Monster Zone 1..5, or 'left'/'right' for an Extra Monster Zone."""
        key = "extra_monster_zones" if zone in ("left", "right") else "monster_zones"
        self.data.setdefault(key, {})[zone] = self._entry(card, options)
        return self

    def spell_trap(self, zone: int, card, **options) -> "PlayerBuilder":
        self.data.setdefault("spell_trap_zones", {})[zone] = self._entry(card, options)
        return self

    def field_spell(self, card, **options) -> "PlayerBuilder":
        self.data["field_zone"] = self._entry(card, options)
        return self

    def pendulum_zone(self, side: str, card) -> "PlayerBuilder":
        self.data.setdefault("pendulum_zones", {})[side] = card
        return self

    def lp(self, value: int) -> "PlayerBuilder":
        self.data["lp"] = value
        return self


class PositionBuilder(PlayerBuilder):
    """Builds the turn player's side directly; `opponent` builds the other side."""

    def __init__(self, *, rules: int = 5, turn: int = 3, phase: str = "main1", turn_player: int = 0,
                 cards: CardDB | None = None, **this_turn):
        super().__init__()
        self.header = {"format": FORMAT, "rules": RULE_NAMES.get(rules, rules), "turn": turn, "phase": phase,
                       "turn_player": turn_player}
        self.this_turn = dict(this_turn)
        self.opponent = PlayerBuilder()
        self.cards = cards

    def event(self, **event) -> "PositionBuilder":
        self.this_turn.setdefault("events", []).append(event)
        return self

    def to_dict(self) -> dict:
        players = [self.data, self.opponent.data]
        if self.header["turn_player"] == 1:
            players.reverse()
        data = dict(self.header, players=players)
        if self.this_turn:
            data["this_turn"] = self.this_turn
        return data

    def build(self) -> Position:
        return position_from_dict(self.to_dict(), cards=self.cards, source="<builder>")
