"""Playing forward: a line of plays from a start position (like python-chess's `Board` move stack).

    from pysolver.explore.game import GameLine
    line = GameLine(load_position("pysolver/examples/spec-example.yaml"))
    line.push_notation('NS H2 "Kuriboh" @M2 atk')        # or line.push(play, zone="M2")
    line.push_notation("BP")
    print(line.position.phase, len(line), line.notation())   # battle 2 NS H2 "Kuriboh" @M2 atk, BP
    play, choices = line.pop()

`GameLine` checks each pushed play against the current position's legal plays (solved once per
position and kept) and carries it out (`pysolver.position.apply`); `pop` takes the last move back (positions are
immutable: nothing is recomputed).
"""

from __future__ import annotations

from typing import Any, Iterator, NamedTuple

from ..errors import PysolverError
from ..position.play import Play
from ..position.apply import apply
from ..position.notation import default_choices, move_notation, parse_move, to_notation
from ..position.value import Position
from ..solve import legal_plays

__all__ = ["GameLine", "Move"]


class Move(NamedTuple):
    """One pushed play and the choices it was applied with (`apply`'s keyword arguments)."""

    play: Play
    choices: dict

    def notation(self, position: Position | None = None, *, names: bool = True) -> str:
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
        """The current position's legal plays (`pysolver.legal_plays`), solved once and kept."""
        cache = self._legal[-1]
        if all_instances not in cache:
            plays = legal_plays(self.position, all_instances=all_instances)
            if not plays.exhaustive and not plays.partial:   # partial answers: the listed plays are legal
                raise PysolverError(f"the legal plays could not be listed completely ({plays.reason})")
            cache[all_instances] = plays
        return cache[all_instances]

    def is_legal(self, play: Play) -> bool:
        return play.key in {candidate.key for candidate in self.legal_plays(all_instances=True)}

    # ---------------------------------------------------------------- changing
    def push(self, play: Play, **choices) -> Position:
        """Apply a legal play with `apply`'s choices (`zone`, `battle_position`, `zones`); a choice not
        given takes its default (`pysolver.position.notation.default_choices`). The move keeps the choices given."""
        unknown = set(choices) - {"zone", "battle_position", "zones"}
        if unknown:
            raise PysolverError(f"unknown choice {', '.join(sorted(unknown))}; use zone, battle_position, zones")
        legal = {candidate.key: candidate for candidate in self.legal_plays(all_instances=True)}
        if play.key not in legal:
            raise PysolverError(f"{to_notation(play, self.position)} is not a legal play in the current position")
        nxt = apply(self.position, play, **default_choices(play, **choices))
        self._positions.append(nxt)
        self._moves.append(Move(play, dict(choices)))
        self._legal.append({})
        return nxt

    def push_notation(self, text: str) -> Move:
        """Parse a move in notation (`pysolver.position.notation`) against the current position and push it."""
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
