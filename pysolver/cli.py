"""The `pysolver` command line: a thin layer over the Python API.

Any problem with the input ends with exit status 2 and one line per problem on stderr, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import groupby

from .errors import PysolverError
from .play import ACTIONS, Play, Plays
from .position import Position


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit status 2
        raise PysolverError(f"{self.prog}: {message} (see {self.prog} --help)")


def _plays_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    parser.add_argument("--all-instances", action="store_true",
                        help="list every instance-level play instead of one per group of identical copies")
    parser.add_argument("--max-plays", type=int, metavar="N", help="stop after N plays (exhaustive: false)")
    parser.add_argument("--timeout", type=float, metavar="S", help="stop after S seconds (exhaustive: false)")
    parser.add_argument("--action", action="append", choices=ACTIONS, metavar="KIND",
                        help="only plays of this kind (repeatable): " + ", ".join(ACTIONS))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pysolver", description="Every legal play of a Yu-Gi-Oh! position, exactly.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    plays = commands.add_parser("plays", help="list the legal plays of a position")
    _plays_options(plays)
    plays.add_argument("--json", action="store_true", help="print pysolver-plays/1 JSON")

    apply = commands.add_parser("apply", help="carry out one play and write the next position")
    _plays_options(apply)
    apply.add_argument("index", type=int, help="the play's place in the JSON list of `pysolver plays`")
    apply.add_argument("-o", "--output", required=True, metavar="NEXT", help="where to write the next position")
    apply.add_argument("--zone", help="the zone to use, among the play's zones (default: the first)")
    apply.add_argument("--battle-position", help="attack or defense, among the play's positions")
    return parser


def _list(args) -> Plays:
    position = Position.load(args.position)
    if args.max_plays is not None and args.max_plays < 1:
        raise PysolverError("--max-plays must be 1 or more")
    return position, position.legal_plays(all_instances=args.all_instances, max_plays=args.max_plays,
                                          timeout=args.timeout, actions=tuple(args.action or ()))


def describe(play: Play, position: Position) -> str:
    """One readable line: ids with names beside them."""
    def named(instance_id: str) -> str:
        return f"{instance_id} {position[instance_id].card.name}"

    parts = [named(play.card) if play.card else ""]
    if play.cards:
        parts.append(" + ".join(named(i) for i in play.cards))
    if play.spell:
        parts.append(f"with {named(play.spell)}")
    used = play.tributes if play.tributes is not None else play.materials
    if used:
        word = "tributing" if play.tributes is not None else "using"
        parts.append(f"{word} " + ", ".join(named(i) for i in used))
    if play.cost:
        parts.append("cost " + ", ".join(named(i) for i in play.cost))
    if play.target:
        parts.append("-> direct attack" if play.target == "direct" else f"-> {named(play.target)}")
    if play.to:
        parts.append(f"to {play.to}")
    if play.zone:
        parts.append(f"to {play.zone}")
    if play.zones:
        zones = play.zones
        if isinstance(zones, dict):
            zones = [f"{card}: {' '.join(z)}" for card, z in zones.items()]
        parts.append("zones " + " ".join(zones))
    if play.positions:
        parts.append("(" + "/".join(play.positions) + ")")
    if play.copies > 1:
        parts.append(f"[x{play.copies} copies]")
    return " ".join(part for part in parts if part)


def print_text(plays: Plays, position: Position) -> None:
    indexed = list(enumerate(plays))
    for action, group in groupby(indexed, key=lambda item: item[1].action):
        group = list(group)
        print(f"{action} ({len(group)})")
        for index, play in group:
            text = describe(play, position)
            print(f"  [{index}] {text}" if text else f"  [{index}]")
    status = "complete" if plays.exhaustive else f"NOT complete: {plays.reason}"
    print(f"{len(plays)} plays, {status}")


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        position, plays = _list(args)
        if args.command == "plays":
            if args.json:
                print(json.dumps(plays.to_json(), indent=2))
            else:
                print_text(plays, position)
        elif args.command == "apply":
            if not 0 <= args.index < len(plays):
                raise PysolverError(f"play index {args.index} is out of range: the position has {len(plays)} plays "
                                    f"(0..{len(plays) - 1})")
            play = plays[args.index]
            nxt = position.apply(play, zone=args.zone, battle_position=args.battle_position)
            nxt.dump(args.output)
            print(f"{describe(play, position) or play.action}: wrote {args.output}")
        return 0
    except PysolverError as error:
        print(str(error), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
