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
    if check:
        legal = legal_plays(position, all_instances=True)
        if play.key not in {listed.key for listed in legal}:
            if legal.unread:      # a withheld play may be legal: say so, never "not legal"
                names = ", ".join(sorted({repr(entry.card) for entry in legal.unread}))
                raise PysolverError(f"the play {play.to_json()} is not among the plays pysolver can certify in this "
                                    f"position (plays that depend on the text of {names}, which pysolver cannot "
                                    "read, are withheld); apply it with check=False only if you know it is legal")
            raise PysolverError(f"the play {play.to_json()} is not legal in this position; "
                                "list the legal plays with `pysolver plays`")
    return carry_out(position, play, **choices)
