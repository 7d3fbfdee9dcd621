"""Positions: the `Position` value, position files, the builder, the turn's history, `Play`, the
transition `apply` (trusting its play) and the play notation. Nothing here solves."""

from .canonical import canonical_form, canonical_key
from .files import dump_position, load_position, position_from_dict, position_to_dict
from .play import ACTIONS, Play, Plays
from .value import RULES, Monster, PileCard, Player, Position, SpellTrap

__all__ = ["ACTIONS", "RULES", "Monster", "PileCard", "Play", "Player", "Plays", "Position", "SpellTrap",
           "canonical_form", "canonical_key", "dump_position", "load_position", "position_from_dict",
           "position_to_dict"]
