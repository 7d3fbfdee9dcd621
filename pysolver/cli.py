"""The `pysolver` command line: a thin layer over the Python API.

Any problem with the input ends with exit status 2 and one line per problem on stderr, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from itertools import groupby

from .cards import CARDS_ENVIRONMENT, Card, CardDB, load_cards
from .errors import PysolverError
from .position import ACTIONS, RULES, Play, Plays, Position, dump_position, load_position
from .solve import apply, legal_plays


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


_CARDS_HELP = (f"the cards: a YGOPro/EDOPro cards.cdb or a .yaml card pool (default: ${CARDS_ENVIRONMENT}, "
               "else the built-in pool)")


def _common() -> argparse.ArgumentParser:
    """Options every command takes, before or after the command name. Their default is SUPPRESS here so
    that a value given before the command is not overwritten by the subcommand's default."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--cards", metavar="PATH", default=argparse.SUPPRESS, help=_CARDS_HELP)
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common()
    parser = _Parser(prog="pysolver", description="Every legal play of a Yu-Gi-Oh! position, exactly.")
    parser.add_argument("--cards", metavar="PATH", default=None, help=_CARDS_HELP)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    plays = commands.add_parser("plays", parents=[common], help="list the legal plays of a position")
    _plays_options(plays)
    plays.add_argument("--json", action="store_true", help="print pysolver-plays/1 JSON")

    apply = commands.add_parser("apply", parents=[common], help="carry out one play and write the next position")
    _plays_options(apply)
    apply.add_argument("index", type=int, help="the play's place in the JSON list of `pysolver plays`")
    apply.add_argument("-o", "--output", required=True, metavar="NEXT", help="where to write the next position")
    apply.add_argument("--zone", help="the zone to use, among the play's zones (default: the first)")
    apply.add_argument("--zones", type=_zone_assignment, metavar="ID=ZONE,...",
                       help="for a Pendulum Summon: the zone of each card, e.g. H2=M1,H3=M2 (default: the first "
                            "assignment that fits)")
    apply.add_argument("--battle-position", help="attack or defense, among the play's positions")

    cards = commands.add_parser("cards", parents=[common], help="the card pool: coverage, one card")
    cards_commands = cards.add_subparsers(dest="cards_command", metavar="{coverage,show}", required=True,
                                          parser_class=_Parser)
    coverage = cards_commands.add_parser("coverage", parents=[common],
                                         help="per kind: how many cards pysolver summons exactly, and why not")
    coverage.add_argument("--json", action="store_true", help="print JSON")
    coverage.add_argument("--top", type=int, default=10, metavar="N", help="reasons listed per kind (default 10)")
    show = cards_commands.add_parser("show", parents=[common],
                                     help="a card's facts and its parsed summoning data, or why it is unsupported")
    show.add_argument("name", help="the card's English name (any case) or passcode")

    position = commands.add_parser("position", parents=[common], help="make position files")
    position_commands = position.add_subparsers(dest="position_command", metavar="{from-deck,from-puzzle}",
                                                required=True,
                                                parser_class=_Parser)
    from_deck = position_commands.add_parser("from-deck", parents=[common],
                                             help="a position from a YGOPro .ydk deck and a hand")
    from_deck.add_argument("deck", help="the .ydk deck file")
    from_deck.add_argument("--hand", default="", metavar="'A; B; C'",
                           help="the cards in hand (names or passcodes, separated by ';'), taken from the Main Deck")
    from_deck.add_argument("--field", default="", metavar="'1=Name; S2=Name'",
                           help="cards on the field, taken from the deck: ZONE=Name with ZONE 1-5 (Main Monster "
                                "Zones), S1-S5 (Spell & Trap Zones), EMZL or EMZR")
    from_deck.add_argument("--rules", choices=tuple(RULES), default="master-rule-5", help="the Master Rule")
    from_deck.add_argument("--turn", type=int, default=1, metavar="N", help="the turn number (default 1)")
    from_deck.add_argument("--phase", choices=("main1", "battle", "main2"), default="main1",
                           help="the phase (default main1)")
    from_deck.add_argument("-o", "--output", required=True, metavar="POS", help="where to write the position")
    _from_puzzle_parser(position_commands, common)

    _show_parser(commands, common)

    from .explore.perft import add_arguments as perft_arguments
    perft = commands.add_parser("perft", parents=[common], help="count the play sequences of D plays (perft)")
    perft_arguments(perft)

    from .explore.search import add_arguments as search_arguments
    search = commands.add_parser("search", parents=[common], help="the shortest lines of plays that reach a goal")
    search_arguments(search)
    from .explore.boards import add_arguments as boards_arguments
    boards = commands.add_parser("boards", parents=[common],
                                 help="every distinct end board within D plays, or the best one by a score")
    boards_arguments(boards)
    from .explore.sweep import add_arguments as sweep_arguments
    sweep = commands.add_parser("sweep", parents=[common], help="how often random opening hands reach a goal")
    sweep_arguments(sweep)
    _why_and_picks(commands, common)
    _validate_numbers(parser)
    return parser


# --------------------------------------------------------------------------------------------------
# Numbers on the command line: one validator for every numeric option of every command

MAX_WHOLE = 2**31 - 1           # the solver's integers are 32-bit
MAX_SECONDS = 10_000_000.0      # about 115 days: longer is a typo (and beyond what a timer takes)

# dest -> (smallest, largest) for whole numbers; options not listed take 0..MAX_WHOLE.
_WHOLE_BOUNDS = {"max_plays": (1, MAX_WHOLE), "max_nodes": (1, MAX_WHOLE), "max_depth": (0, 1000),
                 "depth": (0, 1000), "first": (1, MAX_WHOLE), "hands": (1, 10_000_000), "seed": (0, 2**63 - 1),
                 "workers": (0, 1024), "lines": (1, MAX_WHOLE), "top": (0, MAX_WHOLE), "index": (0, MAX_WHOLE),
                 "turn": (1, 10_000)}


def whole_number(low: int = 0, high: int = MAX_WHOLE):
    """An argparse `type` for a whole number from `low` to `high` (argparse names the flag in the error)."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip(), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, got {value}")
        return value
    parse.__name__ = "whole number"
    return parse


def seconds():
    """An argparse `type` for a duration in seconds: a finite number more than 0 (no nan, inf or -1)."""
    def parse(text: str) -> float:
        try:
            value = float(text.strip())
        except ValueError:
            value = math.nan
        if not (0 < value <= MAX_SECONDS):     # also false for nan
            raise argparse.ArgumentTypeError(f"expected a number of seconds more than 0 and at most "
                                             f"{MAX_SECONDS:g}, got {text!r}")
        return value
    parse.__name__ = "seconds"
    return parse


def _validate_numbers(parser: argparse.ArgumentParser) -> None:
    """Give every int/float option of every (sub)command the same checked parser: a whole number within
    `_WHOLE_BOUNDS` (else 0..MAX_WHOLE), a time in seconds (finite, more than 0). Errors name the flag."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in set(action.choices.values()):
                _validate_numbers(sub)
            continue
        if action.type is int:
            action.type = whole_number(*_WHOLE_BOUNDS.get(action.dest, (0, MAX_WHOLE)))
        elif action.type is float:
            action.type = seconds()


def _zone_assignment(text: str) -> dict[str, str]:
    """--zones H2=M1,H3=M2: each card of a Pendulum Summon and its zone."""
    result: dict[str, str] = {}
    for part in text.split(","):
        card, sep, zone = part.strip().partition("=")
        if not sep or not card.strip() or not zone.strip():
            raise argparse.ArgumentTypeError(f"expected ID=ZONE pairs separated by commas (H2=M1,H3=M2), "
                                             f"got {part.strip()!r}")
        if card.strip() in result:
            raise argparse.ArgumentTypeError(f"{card.strip()} is given twice")
        result[card.strip()] = zone.strip()
    return result


def _show_parser(commands, common) -> None:
    show = commands.add_parser("show", parents=[common], help="draw a position (and one play) as SVG or PNG")
    show.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    show.add_argument("--svg", metavar="FILE", help="write the SVG here (default: print it)")
    show.add_argument("--png", metavar="FILE", help="write a PNG here (needs the optional cairosvg package)")
    show.add_argument("--size", type=int, metavar="PX", help="the picture's width in pixels (default: the viewBox's)")
    show.add_argument("--orientation", type=int, choices=(0, 1), metavar="PLAYER",
                      help="the player drawn at the bottom, 0 or 1 (default: the turn player)")
    show.add_argument("--play", type=int, metavar="N",
                      help="draw play N (its place in the JSON list of `pysolver plays`) as arrows")
    show.add_argument("--zone", help="with --play: the zone the card goes to, among the play's zones (default: the first)")
    show.add_argument("--all-instances", action="store_true",
                      help="with --play: N counts in the list of `pysolver plays --all-instances`")
    show.add_argument("--text", action="store_true", help="print the board as plain text (the SVG's <desc>)")


def _show_command(args) -> None:
    """`pysolver show`: the picture is drawn by pysolver.position.svg; only --play needs the solver."""
    from .position.svg import board, text_board, to_png
    if args.size is not None and args.size < 1:
        raise PysolverError("--size must be 1 or more")
    if args.zone is not None and args.play is None:
        raise PysolverError("--zone needs --play")
    position = load_position(args.position, cards=load_cards(args.cards))
    play = None
    if args.play is not None:
        plays = legal_plays(position, all_instances=args.all_instances)
        if not 0 <= args.play < len(plays):
            raise PysolverError(f"play index {args.play} is out of range: the position has {len(plays)} plays "
                                f"(0..{len(plays) - 1})")
        play = plays[args.play]
    picture = board(position, orientation=args.orientation, size=args.size, play=play, zone=args.zone)
    if args.text:
        print(text_board(position, args.orientation))
    if args.png:
        to_png(picture, args.png, width=args.size)
    if args.svg:
        try:
            with open(args.svg, "w", encoding="utf-8") as out:
                out.write(picture + "\n")
        except OSError as error:
            raise PysolverError(f"cannot write the SVG: {error.strerror}", source=args.svg) from None
    written = [path for path in (args.svg, args.png) if path]
    if written:
        what = f" with play {args.play} ({describe(play, position) or play.action})" if play is not None else ""
        print(f"wrote {' and '.join(written)}{what}")
    elif not args.text:
        print(picture)


def _why_and_picks(commands, common) -> None:
    """`pysolver why` and `pysolver picks` (pysolver.solve.why, pysolver.solve.picks)."""
    from .solve.picks import add_arguments as picks_arguments
    from .solve.why import add_arguments as why_arguments
    why = commands.add_parser("why", parents=[common], help="why a card has no play: the rules' conditions that fail")
    why_arguments(why)
    picks = commands.add_parser("picks", parents=[common],
                                help="which cards can still complete a play being built one card at a time")
    picks_arguments(picks)


def _list(args) -> Plays:
    position = load_position(args.position, cards=load_cards(args.cards))
    return position, legal_plays(position, all_instances=args.all_instances, max_plays=args.max_plays,
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
    for entry in plays.unread:
        print(f"unread: {entry.card} ({entry.id}): {entry.clause!r}; withheld: {entry.withheld}")


def _ritual_text(data) -> str:
    """A readable line for `cardtext.RitualSpell` (its repr if its fields are not the known ones)."""
    from .cards.requirements import _article, describe
    try:
        target = describe(data.targets, plural=False)
        target = target if target.startswith('"') else f"{_article(target)} {target}"
        used = describe(data.tribute_filter, plural=True) if data.tribute_filter is not None else "monsters"
        where = {"deck": "sent from the Deck", "hand_deck": "sent from the hand and the Deck (one each)",
                 "field": "Tributed from the field", "hand_deck_field": "Tributed from the hand, Deck or field"
                 }.get(data.source, "Tributed from the hand or field")
        rule = "equal or exceed" if data.mode == "greater" else "exactly equal"
        total = "the Ritual Monster's Level" if data.level is None else str(data.level)
        places = {"hand": "hand", "deck": "Deck", "graveyard": "GY", "extra_deck": "face-up Extra Deck",
                  "banished": "banishment"}
        found = [places[p] for p in places if p in data.locations()]
        origin = " or ".join(found) if len(found) < 3 else ", ".join(found[:-1]) + ", or " + found[-1]
        if data.pair:     # RSP-1
            used = " and ".join(f"1 {describe(f, plural=False)}" for f in data.pair)
        if data.summon_first is not None:     # RSP-4
            where += (f", including 1 {describe(data.summon_first, plural=False)} (first Special Summoned "
                      f"face-down from the hand, Deck or GY),")
        most = f"up to {data.max_tributes} " if data.max_tributes is not None else ""
        line = (f"Ritual Summons {target} from the {origin}, with {most}{used} {where} whose total Levels {rule} "
                f"{total}")
        return line if data.second is None else f"{line}; or (effect 2) {_ritual_text(data.second)}"
    except Exception:  # noqa: BLE001 - a changed RitualSpell still prints
        return repr(data)


def show_card(card: Card, cards: CardDB) -> str:
    """`pysolver cards show`: the card's facts and what pysolver reads from its text."""
    from .cards import cardtext
    from .cards.coverage import category, describe as coverage_lines
    lines = [f"{card.name} ({card.passcode})", f"  kinds: {', '.join(sorted(card.kinds))}"]
    stats = []
    for key, word in (("level", "Level"), ("rank", "Rank"), ("link_rating", "Link")):
        value = getattr(card, key)
        if value is not None:
            stats.append(f"{word} {value}" if key != "link_rating" else f"Link-{value}")
    stats += [value for value in (card.attribute, card.race) if value]
    if card.is_monster or card.atk is not None:
        stats.append(f"ATK {'?' if card.atk is None else card.atk}")
        if not card.is_a("link"):
            stats.append(f"DEF {'?' if card.defense is None else card.defense}")
    if card.scale is not None:
        stats.append(f"Scale {card.scale}")
    if card.arrows:
        from .cards.card import ARROWS
        stats.append("arrows " + " ".join(a for a in ARROWS if a in card.arrows))
    if stats:
        lines.append("  " + "  ".join(stats))
    if card.setcodes:
        lines.append("  setcodes: " + " ".join(f"{code:#x}" for code in card.setcodes))
    if card.alias:
        same = cards.get(card.alias)
        lines.append(f"  treated as: {same.name if same else 'passcode'} ({card.alias})")
    kind = category(card)
    if card.materials is not None:
        lines.append(f"  material line: {card.materials}")
        requirement = cardtext.material_requirement(card)
        if not isinstance(requirement, BaseException):
            lines.append(f"  requirement: {requirement}")
    if kind == "ritual spell" and hasattr(cardtext, "ritual_spell"):
        data = cardtext.ritual_spell(card)
        if data is not None and not isinstance(data, BaseException):
            lines.append(f"  ritual spell: {_ritual_text(data)}")
    if card.is_monster and not card.is_extra_deck:
        rules = cardtext.tribute_rules(card)
        if rules:
            ways = []
            for rule in rules:
                how = "/".join(word for word, flag in (("Normal Summon", rule.summon), ("Set", rule.set)) if flag)
                extra = " if it is the only card in the hand" if rule.only_card_in_hand else \
                    " under its condition" if rule.conditions else ""
                if rule.filter is not None:
                    extra += f" ({rule.filter})"
                ways.append(f"{how} with {rule.tributes} Tribute{'s' if rule.tributes != 1 else ''}{extra}")
            lines.append("  Normal Summon: " + "; ".join(ways))
        else:
            lines.append("  Normal Summon: never")
    lines.extend(f"  {line}" for line in coverage_lines(card))
    lines.append("  text:")
    lines.extend(f"    {line.strip()}" for line in card.text.splitlines() if line.strip())
    return "\n".join(lines)


def _cards_command(args) -> None:
    cards = load_cards(args.cards)
    if args.cards_command == "coverage":
        from .cards.coverage import coverage, format_table, to_json
        table = coverage(cards)
        if args.json:
            print(json.dumps({"source": cards.source, "cards": len(cards), "kinds": to_json(table, top=args.top)},
                             indent=2))
        else:
            print(f"{cards.source}: {len(cards)} cards")
            print(format_table(table, top=args.top))
    elif args.cards_command == "show":
        card = cards.get(args.name)
        if card is None:
            raise PysolverError(cards.unknown_message(args.name))
        print(show_card(card, cards))


def _from_puzzle_parser(position_commands, common) -> None:
    puzzle = position_commands.add_parser("from-puzzle", parents=[common],
                                          help="a position from an EDOPro/Project Ignis puzzle script (.lua)")
    puzzle.add_argument("puzzle", help="the puzzle script (.lua)")
    puzzle.add_argument("-o", "--output", required=True, metavar="POS", help="where to write the position")
    puzzle.add_argument("--turn", type=int, metavar="N",
                        help="the turn number (default 1, or 2 when the puzzle may attack on its first turn)")


def _from_puzzle_command(args) -> None:
    from .position.from_puzzle import position_from_puzzle
    position, notes = position_from_puzzle(args.puzzle, load_cards(args.cards), turn=args.turn)
    dump_position(position, args.output)
    for note in notes:
        print(f"note: {note}")
    counts = [sum(1 for i in position.instances.values() if i.player == p) for p in (0, 1)]
    print(f"wrote {args.output}: Master Rule {position.rules}, turn {position.turn}, {counts[0]} cards for player 0 "
          f"and {counts[1]} for player 1")


def _position_command(args) -> None:
    if args.position_command == "from-puzzle":
        _from_puzzle_command(args)
        return
    from .position.from_deck import position_from_deck, split_names
    from .cards.decks import read_ydk
    cards = load_cards(args.cards)
    deck = read_ydk(args.deck, cards)
    position = position_from_deck(deck, cards, hand=split_names(args.hand), field=split_names(args.field),
                                  rules=args.rules, turn=args.turn, phase=args.phase)
    dump_position(position, args.output)
    me = position.me
    print(f"wrote {args.output}: {len(me.hand)} cards in the hand, {len(me.deck)} in the Deck, "
          f"{len(me.extra_deck)} in the Extra Deck")


def main(argv: list[str] | None = None) -> int:
    """Run one command: 0 answered, 2 bad input, 130 interrupted, 141 output closed early (README)."""
    try:
        try:
            code = _run(build_parser().parse_args(argv))
            sys.stdout.flush()
            return code
        except PysolverError as error:
            print(str(error), file=sys.stderr)
            return 2
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
    except BrokenPipeError:
        return _output_closed()


def _output_closed() -> int:
    """stdout was closed by its reader (`pysolver ... | head`): stop quietly, as `cat` does. Python would
    otherwise complain again when it flushes stdout at exit, so stdout is pointed at /dev/null."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # stdout without a file descriptor (a test's capture)
        pass
    return 141


def _run(args) -> int:
    if args.command == "cards":
        _cards_command(args)
        return 0
    if args.command == "position":
        _position_command(args)
        return 0
    if args.command == "show":
        _show_command(args)
        return 0
    if args.command in ("why", "picks"):
        from .solve.picks import cli_main as picks_command
        from .solve.why import cli_main as why_command
        return (why_command if args.command == "why" else picks_command)(args) or 0
    if args.command == "perft":
        from .explore.perft import command as perft_command
        return perft_command(args) or 0
    if args.command == "boards":
        from .explore.boards import cli_main as boards_command
        return boards_command(args)
    if args.command in ("search", "sweep"):
        from .explore.search import cli_main as search_command
        from .explore.sweep import cli_main as sweep_command
        return (search_command if args.command == "search" else sweep_command)(args) or 0
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
        nxt = apply(position, play, zone=args.zone, battle_position=args.battle_position, zones=args.zones)
        dump_position(nxt, args.output)
        print(f"{describe(play, position) or play.action}: wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
