"""The `pysolver` command line: a thin layer over the Python API.

Any problem with the input ends with exit status 2 and one line per problem on stderr, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
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
    position_commands = position.add_subparsers(dest="position_command", metavar="{from-deck}", required=True,
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

    from .explore.perft import add_arguments as perft_arguments
    perft = commands.add_parser("perft", parents=[common], help="count the play sequences of D plays (perft)")
    perft_arguments(perft)

    from .explore.search import add_arguments as search_arguments
    search = commands.add_parser("search", parents=[common], help="the shortest lines of plays that reach a goal")
    search_arguments(search)
    from .explore.sweep import add_arguments as sweep_arguments
    sweep = commands.add_parser("sweep", parents=[common], help="how often random opening hands reach a goal")
    sweep_arguments(sweep)
    return parser


def _list(args) -> Plays:
    position = load_position(args.position, cards=load_cards(args.cards))
    if args.max_plays is not None and args.max_plays < 1:
        raise PysolverError("--max-plays must be 1 or more")
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
        where = "sent from the Deck" if data.source == "deck" else "Tributed from the hand or field"
        rule = "equal or exceed" if data.mode == "greater" else "exactly equal"
        total = "the Ritual Monster's Level" if data.level is None else str(data.level)
        return f"Ritual Summons {target}, with {used} {where} whose total Levels {rule} {total}"
    except Exception:  # noqa: BLE001 - a changed RitualSpell still prints
        return repr(data)


def show_card(card: Card, cards: CardDB) -> str:
    """`pysolver cards show`: the card's facts and what pysolver reads from its text."""
    from .cards import cardtext
    from .cards.coverage import category, supported
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
                extra = " if it is the only card in the hand" if rule.only_card_in_hand else ""
                ways.append(f"{how} with {rule.tributes} Tribute{'s' if rule.tributes != 1 else ''}{extra}")
            lines.append("  Normal Summon: " + "; ".join(ways))
        else:
            lines.append("  Normal Summon: never")
    reason = supported(card)
    lines.append(f"  coverage ({kind}): " + ("supported" if reason is None else f"UNSUPPORTED: {reason}"))
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


def _position_command(args) -> None:
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
    try:
        args = build_parser().parse_args(argv)
        if args.command == "cards":
            _cards_command(args)
            return 0
        if args.command == "position":
            _position_command(args)
            return 0
        if args.command == "perft":
            from .explore.perft import command as perft_command
            perft_command(args)
            return 0
        if args.command in ("search", "sweep"):
            from .explore.search import cli_main as search_command
            from .explore.sweep import cli_main as sweep_command
            (search_command if args.command == "search" else sweep_command)(args)
            return 0
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
            nxt = apply(position, play, zone=args.zone, battle_position=args.battle_position)
            dump_position(nxt, args.output)
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
