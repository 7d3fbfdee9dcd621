"""Playing forward: a line of plays from a start position (like python-chess's `Board` move stack),
and the canonical key of a position for transposition tables.

    from pysolver.game import GameLine, canonical_key
    line = GameLine(Position.load("pysolver/examples/spec-example.yaml"))
    line.push_notation('NS H2 "Kuriboh" @M2 atk')        # or line.push(play, zone="M2")
    line.push_notation("BP")
    print(line.position.phase, len(line), line.notation())   # battle 2 NS H2 "Kuriboh" @M2 atk, BP
    play, choices = line.pop()

`GameLine` checks each pushed play against the current position's legal plays (solved once per
position and kept) and applies it with `pysolver.apply`; `pop` takes the last move back (positions are
immutable: nothing is recomputed).

`canonical_key(position)` is the same for positions that differ only in which identical copy sits where,
and differs whenever anything the rules can see differs. What counts (decided here, used by perft and
by search):

- the hand, the Extra Deck, the Graveyard and banishment are multisets (their order is never read by a
  rule; instance ids are just positions in a list);
- the Deck is ordered, top card first (drawing and excavating read its order);
- Xyz Materials attached to a monster are a multiset (a detach cost may take any of them);
- zones are not interchangeable: which monster is in M1 and which in M3 matters (free zones, Link
  arrows), as does every flag of a card's state (position, summoned/set this turn, position changed,
  attacked, properly summoned, face-up in the Extra Deck);
- the turn's history (`this_turn.events`) is a multiset of events, each with its list of cards as a
  multiset: no rule reads the order of events (asp/restrictions.lp numbers them only to tell them
  apart), so two orders of the same plays that reach the same board are one position;
- the rules, turn, phase, turn player, Life Points and the Normal/Pendulum Summon flags all count.
  The card pool (`Position.cards`) and the file it came from (`source`) do not.

The key is a 32-character hex digest of that canonical form (`canonical_form`), computed once per
Position object and kept with it.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any, Iterable, Iterator, Mapping, NamedTuple

from .errors import PysolverError
from .play import Play
from .position import Monster, PileCard, Player, Position, SpellTrap

__all__ = ["GameLine", "Move", "canonical_form", "canonical_key"]


# --------------------------------------------------------------------------------------------------
# The canonical key

def _monster(monster: Monster | None):
    if monster is None:
        return None
    return (monster.card.passcode, monster.position, monster.summoned_this_turn, monster.set_this_turn,
            monster.position_changed, monster.attacked, monster.properly_summoned,
            tuple(sorted(card.passcode for card in monster.materials)))


def _spell(card: SpellTrap | None):
    return None if card is None else (card.card.passcode, card.position, card.set_this_turn)


def _pile(entries: Iterable[PileCard]) -> tuple:
    return tuple(sorted((entry.card.passcode, entry.face_up, entry.properly_summoned) for entry in entries))


def _player(player: Player) -> tuple:
    return (player.lp,
            tuple(sorted(card.passcode for card in player.hand)),
            tuple(card.passcode for card in player.deck),
            _pile(player.extra_deck), _pile(player.graveyard), _pile(player.banished),
            tuple(map(_monster, player.monster_zones)), tuple(map(_monster, player.extra_monster_zones)),
            tuple(map(_spell, player.spell_trap_zones)), _spell(player.field_zone),
            tuple(map(_spell, player.pendulum_zones)))


def _event(event: Mapping[str, Any]) -> tuple:
    if "summon" in event:
        return ("summon", event["summon"], tuple(sorted(event.get("cards", ()))), event.get("player", 0),
                event.get("from", "hand"), bool(event.get("negated", False)))
    return ("activate", event["activate"], event.get("effect", 1), event.get("player", 0),
            event.get("negated", "none"), bool(event.get("resolved", True)), event.get("target") or "",
            bool(event.get("simulated", True)))


def canonical_form(position: Position) -> tuple:
    """The position as a plain tuple, equal exactly when the positions are the same up to identical
    copies (see the module docstring)."""
    return (position.rules, position.turn, position.phase, position.turn_player, position.normal_summon_used,
            position.pendulum_summon_used, tuple(sorted(map(_event, position.events))),
            tuple(map(_player, position.players)))


def canonical_key(position: Position) -> str:
    """A short string naming the position up to identical copies (hex digest of `canonical_form`)."""
    cached = position.__dict__.get("_canonical_key")
    if cached is None:
        cached = blake2b(repr(canonical_form(position)).encode(), digest_size=16).hexdigest()
        position.__dict__["_canonical_key"] = cached   # a Position is immutable: the key never changes
    return cached


# --------------------------------------------------------------------------------------------------
# A line of plays

class Move(NamedTuple):
    """One pushed play and the choices it was applied with (`apply`'s keyword arguments)."""

    play: Play
    choices: dict

    def notation(self, position: Position | None = None, *, names: bool = True) -> str:
        from .notation import move_notation
        return move_notation(self.play, position, names=names, **self.choices)


class GameLine:
    """A start position and the plays pushed since, python-chess style.

    `position` is the current position; `positions` every position of the line (the start first);
    `moves` the pushed `Move`s (play, choices). `legal_plays()` lists the current position's plays
    (solved once per position); `push` checks the play is legal, applies it and returns the new
    position; `pop` undoes the last push and returns its (play, choices).
    """

    def __init__(self, start: Position):
        self.start = start
        self._positions: list[Position] = [start]
        self._moves: list[Move] = []
        self._legal: list[dict[bool, Any]] = [{}]

    # ---------------------------------------------------------------- reading
    @property
    def position(self) -> Position:
        return self._positions[-1]

    @property
    def positions(self) -> list[Position]:
        return list(self._positions)

    @property
    def moves(self) -> list[Move]:
        return list(self._moves)

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(list(self._moves))

    def __repr__(self) -> str:
        return f"<GameLine moves={len(self)} phase={self.position.phase} turn={self.position.turn}>"

    def peek(self) -> Move:
        if not self._moves:
            raise PysolverError("the line has no moves")
        return self._moves[-1]

    def legal_plays(self, *, all_instances: bool = False):
        """The current position's legal plays (`Position.legal_plays`), solved once and kept."""
        cache = self._legal[-1]
        if all_instances not in cache:
            plays = self.position.legal_plays(all_instances=all_instances)
            if not plays.exhaustive:
                raise PysolverError(f"the legal plays could not be listed completely ({plays.reason})")
            cache[all_instances] = plays
        return cache[all_instances]

    def is_legal(self, play: Play) -> bool:
        return play.key in {candidate.key for candidate in self.legal_plays(all_instances=True)}

    # ---------------------------------------------------------------- changing
    def push(self, play: Play, **choices) -> Position:
        """Apply a legal play with `apply`'s choices (`zone`, `battle_position`, `zones`); a choice not
        given takes its default (`pysolver.notation.default_choices`). The move keeps the choices given."""
        unknown = set(choices) - {"zone", "battle_position", "zones"}
        if unknown:
            raise PysolverError(f"unknown choice {', '.join(sorted(unknown))}; use zone, battle_position, zones")
        legal = {candidate.key: candidate for candidate in self.legal_plays(all_instances=True)}
        if play.key not in legal:
            from .notation import to_notation
            raise PysolverError(f"{to_notation(play, self.position)} is not a legal play in the current position")
        from .notation import default_choices
        nxt = self.position.apply(play, check=False, **default_choices(play, **choices))
        self._positions.append(nxt)
        self._moves.append(Move(play, dict(choices)))
        self._legal.append({})
        return nxt

    def push_notation(self, text: str) -> Move:
        """Parse a move in notation (`pysolver.notation`) against the current position and push it."""
        from .notation import parse_move
        play, choices = parse_move(text, self.position, plays=self.legal_plays(all_instances=True))
        self.push(play, **choices)
        return self._moves[-1]

    def pop(self) -> tuple[Play, dict]:
        """Take back the last move: returns its (play, choices)."""
        if not self._moves:
            raise PysolverError("cannot pop: the line has no moves")
        self._positions.pop()
        self._legal.pop()
        move = self._moves.pop()
        return move.play, dict(move.choices)

    def copy(self) -> "GameLine":
        line = GameLine(self.start)
        line._positions = list(self._positions)
        line._moves = list(self._moves)
        line._legal = [dict(cache) for cache in self._legal]
        return line

    def notation(self, *, names: bool = True, separator: str = ", ") -> str:
        """The moves in notation, each written against the position it was played in."""
        return separator.join(move.notation(position, names=names)
                              for move, position in zip(self._moves, self._positions))
