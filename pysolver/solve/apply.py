"""`apply` as users call it: the play must be one of the position's legal plays, then it is carried out
(`pysolver.position.apply`, which trusts its play and so needs no solver)."""

from __future__ import annotations

from ..errors import PysolverError
from ..position.apply import apply as carry_out
from ..position.play import Play
from ..position.value import Position
from .legal import legal_plays


def apply(position: Position, play: Play, *, check: bool = True, **choices) -> Position:
    """The position after `play`, with `choices` (`zone`, `battle_position`, `zones`) as in
    `pysolver.position.apply.apply`. With `check=False` the play is trusted to be legal."""
    if check and play.key not in {legal.key for legal in legal_plays(position, all_instances=True)}:
        raise PysolverError(f"the play {play.to_json()} is not legal in this position; "
                            "list the legal plays with `pysolver plays`")
    return carry_out(position, play, **choices)
