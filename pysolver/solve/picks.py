"""Picking materials one card at a time: which cards can still complete the play being built.

`picks(position, prefix)` takes a play being built (its action, its card, the Spell it uses, and the
cards picked so far as Tributes, materials, costs or Pendulum Summoned monsters) and answers, with the
encodings of `legal_plays` and `asp/picks.lp`:

- `candidates`: the cards not yet picked that some legal completion uses (clingo's brave consequences),
- `required`: those every legal completion uses (cautious consequences),
- `complete`: whether the picks so far already are a legal play, and
- `possible`: whether any legal completion exists at all.

Every instance counts on its own (no grouping of identical copies): a player picks one card. As in
`legal_plays`, only the certain plays count: a completion that uses a card whose text cannot be read is
withheld, and `unread` names those cards (the answer is then partial).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping

import clingo
import clingo.ast

from ..errors import PysolverError
from ..position.notation import ACTION_WORDS, read_prefix
from ..position.play import ACTIONS, UnreadCard
from ..position.value import Position
from .decode import symbol_value
from .facts import position_facts
from .legal import ENCODINGS, encoding_statements, encodings_root, relevant_encodings
from .unread import Withheld

# The keys of a prefix given as JSON (a subset of a play's JSON object, docs/plays-json.md).
PICK_KEYS = ("tributes", "materials", "cost", "cards")


@dataclass(frozen=True)
class Prefix:
    """A play being built: its action, its card (None for a Pendulum Summon), the Spell it uses (Ritual
    and Fusion Summons; None: any), and the cards picked so far."""
    action: str
    card: str | None
    picked: tuple[str, ...] = ()
    spell: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Prefix":
        if not isinstance(data, Mapping) or "action" not in data:
            raise PysolverError('a prefix in JSON is an object with "action", "card" and the picks, e.g. '
                                '{"action": "synchro_summon", "card": "ED1", "materials": ["M1"]}')
        unknown = sorted(set(data) - {"action", "card", "spell", *PICK_KEYS})
        if unknown:
            raise PysolverError(f"unknown key(s) {', '.join(unknown)} in the prefix; use action, card, spell, "
                                f"{', '.join(PICK_KEYS)}")
        picked: list[str] = []
        for key in PICK_KEYS:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise PysolverError(f"{key} must be a list of instance ids")
            picked += value
        return cls(str(data["action"]), data.get("card"), tuple(picked), data.get("spell"))


@dataclass(frozen=True)
class Picks:
    prefix: Prefix
    candidates: tuple[str, ...]
    required: tuple[str, ...]
    complete: bool
    possible: bool
    unread: tuple[UnreadCard, ...] = ()   # cards whose text may allow completions not counted here

    def to_json(self) -> dict:
        data = {"format": "pysolver-picks/1", "action": self.prefix.action, "card": self.prefix.card,
                "spell": self.prefix.spell, "picked": list(self.prefix.picked), "possible": self.possible,
                "complete": self.complete, "candidates": list(self.candidates), "required": list(self.required)}
        if self.unread:
            data["unread"] = [entry.to_json() for entry in self.unread]
        return data


def parse_prefix(text: str, position: Position) -> Prefix:
    """A prefix in the play notation (`SYN ED1 <- M1`, `PEN H2 H3`, `RIT H1 <- H3 with H2`) or as JSON."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as error:
            raise PysolverError(f"the prefix is not valid JSON: {error}") from None
        return Prefix.from_json(data)
    parts = read_prefix(stripped, position)
    picked = tuple(parts["used"]) + tuple(parts["cost"])
    if parts["action"] == "pendulum_summon":
        return Prefix("pendulum_summon", None, tuple(parts["cards"]), None)
    return Prefix(parts["action"], parts["card"], picked, parts["spell"])


def _check(prefix: Prefix, position: Position) -> None:
    if prefix.action not in ACTIONS:
        raise PysolverError(f"unknown action {prefix.action!r}; use one of {', '.join(ACTIONS)}")
    for instance_id in (prefix.card, prefix.spell, *prefix.picked):
        if instance_id is not None and instance_id not in position.instances:
            raise PysolverError(f"no card instance {instance_id!r} in this position")
    if prefix.action != "pendulum_summon" and prefix.card is None:
        raise PysolverError(f"{ACTION_WORDS[prefix.action]} needs the instance id of its card")
    if len(set(prefix.picked)) != len(prefix.picked):
        raise PysolverError("a card is picked twice")


def picks(position: Position, prefix: Prefix | str) -> Picks:
    """Which cards can still be picked for the play being built (see the module text)."""
    if isinstance(prefix, str):
        prefix = parse_prefix(prefix, position)
    _check(prefix, position)
    facts, table = position_facts(position, symmetry=False)
    number = {instance.id: n for n, instance in enumerate(table.instances) if instance}
    card = number[prefix.card] if prefix.card else 0
    query = [f"pick_act({prefix.action},{card})."]
    query += [f"picked({number[i]})." for i in prefix.picked]
    if prefix.spell:
        query.append(f"pick_spell({number[prefix.spell]}).")
    withheld = Withheld(position)
    for name, barred in zip(("barred_use", "barred_card", "barred_target"), withheld.barred(prefix.action)):
        query += [f"{name}({number[i]})." for i in sorted(barred) if i in number]
    unread = tuple(withheld.concerning(prefix.card, prefix.action))
    control = clingo.Control(["--warn=none", "--models=0"])
    with clingo.ast.ProgramBuilder(control) as builder:
        for name in ENCODINGS:
            if name == "show.lp" or name not in relevant_encodings(position, table.predicates):
                continue
            for statement in encoding_statements(name):
                builder.add(statement)
        clingo.ast.parse_string(encodings_root().joinpath("picks.lp").read_text(encoding="utf-8"), builder.add)
    control.add("base", [], facts + "\n" + "\n".join(query))
    control.ground([("base", [])])

    def consequences(mode: str) -> set | None:
        control.configuration.solve.enum_mode = mode
        last: list = []
        result = control.solve(on_model=lambda model: last.__setitem__(slice(None), model.symbols(shown=True)))
        if not result.satisfiable:
            return None
        return {(s.name, symbol_value(s.arguments[0]) if s.arguments else None) for s in last}

    brave = consequences("brave")
    if brave is None:
        return Picks(prefix, (), (), False, False, unread)
    cautious = consequences("cautious") or set()
    ids = table.instances
    picked = set(prefix.picked)

    def listed(found: set) -> tuple[str, ...]:
        chosen = [ids[n].id for name, n in found if name == "pick"]
        return tuple(sorted((i for i in chosen if i not in picked), key=_order(position)))

    return Picks(prefix, listed(brave), listed(cautious), ("complete", None) in brave, True, unread)


def _order(position: Position):
    rank = {instance_id: n for n, instance_id in enumerate(position.instances)}
    return rank.__getitem__


def picks_text(answer: Picks, position: Position) -> str:
    def named(ids) -> str:
        return ", ".join(f"{i} {position[i].card.name}" for i in ids) or "none"
    prefix = answer.prefix
    title = ACTION_WORDS[prefix.action] + (f" {prefix.card} {position[prefix.card].card.name}" if prefix.card else "")
    lines = [f"{title}; picked: {named(prefix.picked)}"]
    if not answer.possible:
        lines.append("no certain legal play completes these picks" if answer.unread
                     else "no legal play completes these picks")
    else:
        lines.append(f"complete: {'yes, the picks so far are a legal play' if answer.complete else 'no'}")
        lines.append(f"can still be picked: {named(answer.candidates)}")
        lines.append(f"in every completion: {named(answer.required)}")
    for entry in answer.unread:
        lines.append(f"not certain: {entry.id} {entry.card}: pysolver cannot read {entry.clause!r}; "
                     f"withheld: {entry.withheld}")
    return "\n".join(lines)


def add_arguments(parser) -> None:
    parser.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    parser.add_argument("prefix", help="the play being built, in the play notation ('SYN ED1 <- M1', "
                                       "'PEN H2', 'RIT H1 <- H3 with H2') or as JSON")
    parser.add_argument("--json", action="store_true", help="print pysolver-picks/1 JSON")


def cli_main(args) -> None:
    from ..cards import load_cards
    from ..position import load_position
    position = load_position(args.position, cards=load_cards(args.cards))
    answer = picks(position, args.prefix)
    print(json.dumps(answer.to_json(), indent=2) if args.json else picks_text(answer, position))
