"""The step-indexed turn: whole lines of plays as answer sets of one program, grounded once per horizon.

The legality encodings are rewritten here, not copied: every fluent (the state a play changes, below
`STATE`) and everything derived from one gets the step as a last argument, card facts and fixed tables get
none. `#program step(t)` then holds the legality of the state t (its plays) and `asp/transition.lp`, which
makes the state t from the state t-1 and the move made in it (the play with its zone and battle position:
go/2, face/2, pgo/3). `more(t)` (an external) asks for a play in the state t; `query(t)` for the goal in it.
Horizons grow one step at a time with clingo's multi-shot solving, as in potassco's incmode.

    planner = Planner(position, symmetry=True)       # ground the state 0
    planner.ask(3)                                   # states 0..3 grounded; lines of exactly 3 plays asked
    planner.control.configuration.solve.models = 0   # every line
    replayer = Replayer(position, lambda p: legal_plays(p, all_instances=True))
    with planner.control.solve(yield_=True) as models:
        for model in models:                         # each line replayed on real positions
            moves = replayer.line(model.symbols(shown=True), 3)   # [(play, choices, position after)]
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import clingo
import clingo.ast

from .._version import __version__
from ..cache import cache_dir, read_json, write_json
from ..errors import PysolverError
from ..position.canonical import canonical_key, copy_correspondence
from ..position.value import Position
from .facts import HIDDEN_TO_THE_RULES, position_facts
from .legal import ENCODINGS, _NEEDS, dependencies, encoding_statements, encodings_root, live_mask

# The fluents: what pysolver.solve.facts writes about one position's cards and turn, and
# asp/transition.lp carries from step to step. Anything the encodings derive from them is a fluent too.
STATE = frozenset({
    "instance", "mine", "theirs", "location", "zone", "position", "attached", "copy_before",
    "summoned_this_turn", "set_this_turn", "position_changed", "flip_summoned", "attacks", "attacked_directly", "not_properly_summoned",
    "face_up_in_extra_deck", "phase", "normal_summon_used", "pendulum_summon_used", "summon_event",
    "activate_event", "alternative_event", "lp", "gemini_summoned", "restricted", "tribute_restricted_to",
    "attacked_monster", "summoned_as", "special_summoned_from", "added_tuner", "summon_material",
})
# The play and its move, per step (decoded by `decode_line`).
PLAY_ATOMS = ("act", "tribute", "material", "spell", "cost", "target", "to", "pendulum", "effect_used",
              "scale_zone", "go", "face", "pgo")
STEP_ENCODINGS = ("transition.lp",)


def _step_term(location) -> clingo.ast.AST:
    return clingo.ast.Function(location, "t", [], False)


class _Atoms(clingo.ast.Transformer):
    """Collects the predicate names of a statement, heads apart from bodies."""

    def __init__(self):
        self.names: set[str] = set()

    def visit_SymbolicAtom(self, node):
        if node.symbol.ast_type == clingo.ast.ASTType.Function:
            self.names.add(node.symbol.name)
        return node


def _names(node) -> set[str]:
    collector = _Atoms()
    collector(node)
    return collector.names


def _head_names(rule) -> set[str]:
    """The predicates a rule defines (the atoms of its head, not the conditions of its elements)."""
    head = rule.head
    if head.ast_type == clingo.ast.ASTType.Literal:
        return _names(head)
    if head.ast_type in (clingo.ast.ASTType.Aggregate, clingo.ast.ASTType.Disjunction):
        return set().union(*(_names(element.literal) for element in head.elements)) if head.elements else set()
    if head.ast_type == clingo.ast.ASTType.HeadAggregate:
        return set().union(*(_names(element.condition.literal) for element in head.elements))
    return _names(head)


class _AddStep(clingo.ast.Transformer):
    """Adds the step `t` as the last argument of every atom of a fluent."""

    def __init__(self, fluents: frozenset):
        self.fluents = fluents

    def visit_SymbolicAtom(self, node):
        symbol = node.symbol
        if symbol.ast_type == clingo.ast.ASTType.Function and symbol.name in self.fluents:
            arguments = [*symbol.arguments, _step_term(symbol.location)]
            return node.update(symbol=symbol.update(arguments=arguments))
        return node

    def visit_ShowSignature(self, node):
        return node.update(arity=node.arity + 1) if node.name in self.fluents else node


def fluents_of(rules: Iterable) -> frozenset:
    """`STATE` and every predicate defined from one (a fixpoint over the rules' dependencies)."""
    return _fluents([(frozenset(_names(rule)), frozenset(_head_names(rule))) for rule in rules])


def _fluents(names_and_heads: list) -> frozenset:
    dependencies = [(heads, names - heads) for names, heads in names_and_heads]
    fluents = set(STATE)
    changed = True
    while changed:
        changed = False
        for heads, body in dependencies:
            if body & fluents and not heads <= fluents:
                fluents |= heads
                changed = True
    return frozenset(fluents)


# --------------------------------------------------------------------------------------------------
# What each rule of the encodings is to the step program. Walking clingo's AST from Python is slow (about
# 1.5 s for all the rules: most of the asp engine's start in a new process), so it is done once for all
# the rules and kept in the cache folder (pysolver.cache), keyed by the encodings' text and this code;
# later processes parse the step rules' text instead (0.05 s for all of them).

_ANALYSIS_FORMAT = 1


@lru_cache(maxsize=1)
def _analysis() -> dict[str, tuple]:
    """For each encoding, for each of its rules: (its index among the encoding's statements, its
    `dependencies`, every predicate name in it, those of its head, the text of its step form or None when
    it reads no fluent)."""
    digest = hashlib.sha256()
    for name in ENCODINGS:
        digest.update(f"{name}\0{step_text(name)}\0".encode())
    for source in ("legal.py", "steps.py"):
        digest.update(Path(__file__).with_name(source).read_bytes())
    key = [_ANALYSIS_FORMAT, __version__, clingo.__version__, digest.hexdigest()]
    file = cache_dir() / "step-rules.json"
    data = read_json(file, key)
    if data is not None:
        try:
            return _analysis_from_json(data["encodings"])
        except Exception:   # malformed: rebuilt
            pass
    built = _build_analysis()
    write_json(file, key, {"encodings": built})
    return _analysis_from_json(built)


def _build_analysis() -> dict[str, list]:
    """`_analysis` as JSON, from clingo's AST."""
    rules = {name: [(index, statement, dependencies(statement)) for index, statement in enumerate(encoding_statements(name))
                    if statement.ast_type == clingo.ast.ASTType.Rule] for name in ENCODINGS}
    names = {name: [(frozenset(_names(rule)), frozenset(_head_names(rule))) for _, rule, _ in of] for name, of in rules.items()}
    fluents = _fluents([pair for of in names.values() for pair in of])
    return {name: [[index, [sorted(need[0]), sorted(need[1])], sorted(names[name][at][0]), sorted(names[name][at][1]),
                    str(_add_step(rule, fluents)) if names[name][at][0] & fluents else None]
                   for at, (index, rule, need) in enumerate(of)] for name, of in rules.items()}


def _analysis_from_json(encodings: dict) -> dict[str, tuple]:
    def predicates(pairs) -> frozenset:
        if not all(isinstance(name, str) and isinstance(arity, int) for name, arity in pairs):
            raise ValueError("not a predicate")
        return frozenset((name, arity) for name, arity in pairs)

    def strings(values) -> frozenset:
        if not all(isinstance(value, str) for value in values):
            raise ValueError("not a predicate name")
        return frozenset(values)
    analysis = {}
    for name in ENCODINGS:
        rules = []
        for index, (body, head), every, heads, text in encodings[name]:
            if not isinstance(index, int) or not (text is None or isinstance(text, str)):
                raise ValueError("malformed rule")
            rules.append((index, (predicates(body), predicates(head)), strings(every), strings(heads), text))
        analysis[name] = tuple(rules)
    return analysis


@lru_cache(maxsize=None)
def _rules(name: str) -> tuple:
    """(rule, its `dependencies`) of each rule of an encoding: legal_plays' parse, shared."""
    statements = encoding_statements(name)
    return tuple((statements[index], need) for index, need, _, _, _ in _analysis()[name])


@lru_cache(maxsize=None)
def _rule_names(name: str) -> tuple:
    """(every predicate name, those of the head) of each rule of an encoding."""
    return tuple((every, heads) for _, _, every, heads, _ in _analysis()[name])


@lru_cache(maxsize=1)
def all_fluents() -> frozenset:
    """The fluents of all the encodings together (the same set whichever of them a position needs)."""
    return _fluents([pair for name in ENCODINGS for pair in _rule_names(name)])


def _add_step(rule, fluents: frozenset):
    """The rule for the step program: the step added to every fluent."""
    heads = _head_names(rule)
    rule = _AddStep(fluents)(rule)
    if "act" in heads and rule.head.ast_type == clingo.ast.ASTType.Aggregate:
        # the one play of each state (base.lp) is asked for only while the line goes on: more(t)
        location = rule.location
        more = clingo.ast.Literal(location, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(
            clingo.ast.Function(location, "more", [_step_term(location)], False)))
        rule = rule.update(body=[*rule.body, more])
    return rule


@lru_cache(maxsize=None)
def _step_rule(name: str, index: int) -> tuple:
    """Rule `index` of an encoding for the step program: (the rule, whether it reads a fluent), the step
    added if it does (parsed from its text, once per process, only for rules some position needs)."""
    text = _analysis()[name][index][4]
    if text is None:
        return _rules(name)[index][0], False
    statements: list = []
    clingo.ast.parse_string(text, statements.append)
    rules = [statement for statement in statements if statement.ast_type == clingo.ast.ASTType.Rule]
    if len(rules) != 1:
        raise PysolverError(f"the step form of a rule of {name} does not parse back: {text}")
    return rules[0], True


@lru_cache(maxsize=64)
def live_step_program(names: tuple[str, ...], predicates: frozenset) -> tuple[tuple, tuple]:
    """The rules of the encodings `names` that can fire (legal.live_mask), split into the fixed part (card
    tables: `#program base`) and the step part (everything that reads a fluent, with the step added).
    `predicates` are the names of the start position's facts and of everything the step's other programs
    (transition.lp, ...) give. Liveness is read on the rules as written: the step argument is added to a
    fluent everywhere it occurs (and more(t), added to the play's choice, is always given)."""
    at = [(name, index) for name in names for index in range(len(_rules(name)))]
    live = live_mask([_rules(name)[index][1] for name, index in at], predicates)
    fixed, steps = [], []
    for (name, index), alive in zip(at, live):
        if alive:
            rule, reads_fluent = _step_rule(name, index)
            (steps if reads_fluent else fixed).append(rule)
    return tuple(fixed), tuple(steps)


@lru_cache(maxsize=256)
def head_names(text: str) -> frozenset:
    """The predicates a program's rules and externals can give (by name)."""
    statements: list = []
    clingo.ast.parse_string(text, statements.append)
    return frozenset(name for statement in statements for name, _ in (dependencies(statement) or ((), ()))[1])


def step_text(name: str) -> str:
    return encodings_root().joinpath(name).read_text(encoding="utf-8")


# What a line can write although the start position has none of it: TOK-1, the restrictions an effect puts on
# the monsters it brings out (asp/transition.lp), which card_state.lp reads.
_LINE_WRITES = {"effect_restriction": "restricted", "effect_tribute_restricted_to": "tribute_restricted_to"}


def step_encodings(table_predicates: frozenset) -> tuple[str, ...]:
    """The encodings a line from this position can need: every mechanic whose cards are there (a line
    changes the phase and the field, so only the card facts decide; the history is always needed)."""
    predicates = table_predicates | {state for fact, state in _LINE_WRITES.items() if fact in table_predicates}
    return tuple(name for name in ENCODINGS if name != "show.lp" and (
        name not in _NEEDS or name == "history.lp" or any(p in predicates for p in _NEEDS[name])))


_FACT = re.compile(r"^(\w+)(\((.*)\))?\.$")


def state_zero(facts: str, fluents: frozenset) -> str:
    """A position's facts with the step 0 added to the fluents."""
    out = []
    for line in facts.split("\n"):
        match = _FACT.match(line)
        if match and match.group(1) in fluents:
            name, arguments = match.group(1), match.group(3)
            out.append(f"{name}({arguments},0)." if arguments is not None else f"{name}(0).")
        else:
            out.append(line)
    return "\n".join(out)


# --------------------------------------------------------------------------------------------------
# The planner: one Control per start position, grown one step at a time

@dataclass
class Planner:
    """The step-indexed program of one start position, grounded up to `horizon` (states 0..horizon).

    `symmetry` lists each step's plays up to identical copies (asp/copies.lp); `zone_classes` breaks the
    symmetry of interchangeable zones (a class's lowest free zone is taken: `symmetric_zones`)."""

    position: Position
    symmetry: bool = True
    zone_classes: tuple = ()          # ("monsters", "spells") when those zones are interchangeable
    goal_program: str = ""            # defines goal(t) in #program check(t)
    goal_fixed: str = ""              # the goal's rules that read no fluent (#program base)
    extra: str = ""                   # more statements for #program step(t)
    project_states: bool = False      # #project onto the states: one model per sequence of states
    configuration: str = "auto"       # clasp's --configuration (set when the Control is made: it shapes preprocessing)
    horizon: int = field(default=-1, init=False)

    def __post_init__(self):
        facts, self.table = position_facts(self.position, symmetry=False)
        names = step_encodings(self.table.predicates)
        self.fluents = all_fluents()
        programs = {"step": [step_text("transition.lp"), self.extra, symmetric_zones(self.zone_classes, self.position.rules),
                             "#external more(t). #external query(t).\n" + _SHOW + "\n" + STATE_SHOW],
                    "check": [self.goal_program or "goal(t).", ":- query(t), not goal(t)."]}
        if self.symmetry:
            programs["step"].append(step_text("copies.lp"))
        if self.project_states:
            programs["step"].append(project_state("t"))
        given = frozenset().union(*(head_names(text) for texts in programs.values() for text in texts))
        fixed, steps = live_step_program(names, self.table.predicates | given | head_names(self.goal_fixed))
        self.control = clingo.Control(["--warn=none", f"--configuration={self.configuration}"])
        with clingo.ast.ProgramBuilder(self.control) as builder:
            for statement in fixed:
                builder.add(statement)
            location = clingo.ast.Location(clingo.ast.Position("<step>", 1, 1), clingo.ast.Position("<step>", 1, 1))
            builder.add(clingo.ast.Program(location, "step", [clingo.ast.Id(location, "t")]))
            for statement in steps:
                builder.add(statement)
        self.control.add("base", [], state_zero(facts, self.fluents) + "\n" + self.goal_fixed)
        for program, texts in programs.items():
            for text in texts:
                self.control.add(program, ["t"], text)
        self.control.ground([("base", [])])
        self.ground_seconds = 0.0
        self.extend(0)

    def extend(self, horizon: int) -> None:
        """Ground the states up to `horizon`."""
        started = time.perf_counter()
        while self.horizon < horizon:
            self.horizon += 1
            t = clingo.Number(self.horizon)
            self.control.ground([("step", [t]), ("check", [t])])
        self.ground_seconds += time.perf_counter() - started

    def add_final(self, plays: int, program: str) -> None:
        """Ground `program` (over the state t, `#program final(t)`) for the state after `plays` plays
        only: the end state's projections, scores and optimisation of `pysolver boards`."""
        self.extend(plays)
        self.control.add("final", ["t"], program)
        self.control.ground([("final", [clingo.Number(plays)])])

    def ask(self, plays: int) -> None:
        """Lines of exactly `plays` plays that end in a goal state: the externals of that question."""
        self.extend(plays)
        for k in range(self.horizon + 1):
            self.control.assign_external(clingo.Function("more", [clingo.Number(k)]), k < plays)
            self.control.assign_external(clingo.Function("query", [clingo.Number(k)]), k == plays)


_SHOW = "\n".join(f"#show {name}/{arity}." for name, arity in (
    ("act", 3), ("tribute", 2), ("material", 2), ("spell", 2), ("cost", 2), ("target", 2), ("to", 2),
    ("pendulum", 2), ("effect_used", 2), ("scale_zone", 2), ("go", 2), ("face", 2), ("pgo", 3)))


def project_state(step: str) -> str:
    """`#project` statements onto the fluents of one state (`--project=project`)."""
    def atom(name: str, arity: int) -> str:
        return f"{name}({''.join(f'X{i}, ' for i in range(arity))}{step})"
    return "\n".join(f"#project {atom(name, arity)} : {atom(name, arity)}." for name, arity in STATE_ARITIES)


STATE_ARITIES = (("instance", 2), ("mine", 1), ("theirs", 1), ("location", 2), ("zone", 2), ("position", 2),
                 ("attached", 2), ("restricted", 2), ("tribute_restricted_to", 2), ("summoned_this_turn", 1),
                 ("set_this_turn", 1), ("position_changed", 1), ("flip_summoned", 1), ("attacks", 2), ("attacked_directly", 1),
                 ("attacked_monster", 2), ("not_properly_summoned", 1),
                 ("face_up_in_extra_deck", 1), ("gemini_summoned", 1), ("added_tuner", 1), ("phase", 1),
                 ("normal_summon_used", 0),
                 ("pendulum_summon_used", 0), ("summon_event", 6), ("activate_event", 7),
                 ("alternative_event", 2), ("lp", 2), ("summoned_as", 2), ("special_summoned_from", 2),
                 ("summon_material", 4))


def symmetric_zones(classes: Iterable[str], rules: int) -> str:
    """Interchangeable zones (see pysolver.explore.search.Symmetry): a move takes the lowest free zone
    of its class, so positions that differ only by such a permutation are reached once."""
    out = []
    # the move of the state t-1 is chosen in step(t) (asp/transition.lp): it is constrained there
    if "monsters" in classes:
        out.append(":- go(m(Z), t-1), zone_option(m(Y), t-1), Y < Z.")
        out.append(":- go(emz(right), t-1), zone_option(emz(left), t-1).")
    if "spells" in classes:
        low, high = (2, 4) if "pendulums" in classes and rules >= 4 else (1, 5)
        out.append(f":- go(s(Z), t-1), zone_option(s(Y), t-1), {low} <= Y, Y < Z, Z <= {high}.")
    return "\n".join(out)


# --------------------------------------------------------------------------------------------------
# Reading a line back: the state at a step, and the moves

_FLAGS = ("summoned_this_turn", "set_this_turn", "position_changed", "flip_summoned", "attacked_directly", "not_properly_summoned",
          "face_up_in_extra_deck", "gemini_summoned", "added_tuner")
STATE_SHOW = "\n".join(f"#show {name}/{arity + 1}." for name, arity in (
    ("instance", 2), ("mine", 1), ("theirs", 1), ("location", 2), ("zone", 2), ("position", 2), ("attached", 2),
    ("restricted", 2), ("tribute_restricted_to", 2), ("attacks", 2), ("attacked_monster", 2), ("summoned_as", 2),
    ("special_summoned_from", 2), *((flag, 1) for flag in _FLAGS), ("phase", 1), ("normal_summon_used", 0), ("pendulum_summon_used", 0),
    ("summon_event", 6), ("activate_event", 7), ("alternative_event", 2), ("lp", 2), ("summon_material", 4)))


_READ = frozenset({"instance", "mine", "theirs", "location", "zone", "position", "attached", "restricted", "summoned_as",
                   "special_summoned_from",
                   "tribute_restricted_to", "attacks", "attacked_monster", *_FLAGS, "phase",
                   "normal_summon_used", "pendulum_summon_used", "summon_event", "activate_event", "alternative_event",
                   "lp", "summon_material"})


@dataclass(frozen=True)
class State:
    """The state at one step as the rules see it, without instance numbers (which an applied position
    renumbers): the turn's flags, the history as a multiset, and each card's description."""

    turn: tuple
    events: tuple
    cards: tuple                      # sorted descriptions
    numbers: dict = field(compare=False, default_factory=dict)   # instance number -> its description


def _contribution(name: str, arguments: list[str]) -> tuple | None:
    """What one fluent atom (its name and arguments, as text, without the step) says about the state."""
    if name not in _READ:
        return None
    if name in ("summon_event", "activate_event", "alternative_event"):
        return ("event", (name, *arguments[1:]))
    if name == "phase":
        return ("turn", "phase", arguments[0])
    if name == "lp":
        return ("turn", f"lp_{arguments[0]}", arguments[1])
    if name in ("normal_summon_used", "pendulum_summon_used"):
        return ("turn", name, True)
    instance = arguments[0]
    if not (instance[0].isdigit() or instance.startswith("tk(")):
        return None                          # a history event's or an effect's name, not a card
    if name == "attached":
        return ("host", instance, arguments[1])
    if name == "summon_material":            # MUS-1: a multiset of (card, place); the material's own id aside
        return ("used", instance, (arguments[2], arguments[3]))
    if name == "attacked_monster":                       # BP-12: described by the monster it attacked
        return ("attacked", instance, arguments[1])
    if name in ("mine", "theirs"):
        return ("card", instance, "side", name)
    if name in _FLAGS:
        return ("card", instance, name, True)
    if name in ("restricted", "tribute_restricted_to"):     # a set of values per card
        return ("card", instance, f"{name}={arguments[1]}", True)
    return ("card", instance, name, arguments[1])


_PARSED: dict[int, tuple | None] = {}   # clingo symbol (interned: its integer) -> what split_steps keeps


def split_steps(symbols: Iterable[clingo.Symbol]) -> dict[int, list[tuple]]:
    """A model's atoms by step: (name, the symbol, what it says about the state). Reading a symbol costs
    calls into clingo and models repeat the same atoms, so each is read once per process."""
    if len(_PARSED) > 2_000_000:
        _forget()
    steps: dict[int, list[tuple]] = {}
    for symbol in symbols:
        parsed = _PARSED.get(symbol._rep, False)
        if parsed is False:
            arguments = symbol.arguments
            if arguments and arguments[-1].type is clingo.SymbolType.Number:
                name = symbol.name
                parsed = (arguments[-1].number, (name, symbol, _contribution(name, [str(a) for a in arguments[:-1]])))
            else:
                parsed = None
            _PARSED[symbol._rep] = parsed
        if parsed is not None:
            steps.setdefault(parsed[0], []).append(parsed[1])
    return steps


def read_state(symbols: Iterable[clingo.Symbol], step: int) -> State:
    """The `State` at `step` from the fluent atoms of a model."""
    return state_of(contribution for _, _, contribution in split_steps(symbols).get(step, ()))


def state_of(contributions: Iterable[tuple | None]) -> State:
    """The `State` made of what each fluent atom of one step says (`_contribution`)."""
    cards: dict = {}
    hosts: dict = {}
    turn: dict = {"phase": None, "normal_summon_used": False, "pendulum_summon_used": False}
    events = set()
    attacked: dict = {}
    used: dict = {}
    for contribution in contributions:
        if contribution is None:
            continue
        kind = contribution[0]
        if kind == "card":
            cards.setdefault(contribution[1], {})[contribution[2]] = contribution[3]
        elif kind == "turn":
            turn[contribution[1]] = contribution[2]
        elif kind == "event":
            events.add(contribution[1])
        elif kind == "attacked":
            attacked.setdefault(contribution[1], []).append(contribution[2])
        elif kind == "used":
            used.setdefault(contribution[1], []).append(contribution[2])
        else:
            hosts[contribution[1]] = contribution[2]
    # The opponent's hidden piles are not part of a position's facts (HIDDEN_TO_THE_RULES): a card a play moves
    # there (the opponent's Tributes banished by a replacement, BAN-3) leaves the state the rules read.
    for number in [n for n, entry in cards.items()
                   if entry.get("side") == "theirs" and entry.get("location") in HIDDEN_TO_THE_RULES]:
        del cards[number]
    for number, materials in used.items():              # MUS-1: the materials of its Summon, as a multiset
        if number in cards:
            cards[number]["summon_materials"] = tuple(sorted(materials))
    described = {number: tuple(sorted(entry.items())) for number, entry in cards.items() if "location" in entry}
    for number, targets in attacked.items():            # BP-12: the monsters it attacked, by their description
        if number in cards:
            cards[number]["attacked_monsters"] = tuple(sorted(repr(described.get(t)) for t in targets))
    if attacked:
        described = {number: tuple(sorted(entry.items())) for number, entry in cards.items() if "location" in entry}
    numbers = {number: (description, described.get(hosts.get(number))) for number, description in described.items()}
    return State(tuple(sorted(turn.items())), tuple(sorted(events)), tuple(sorted(numbers.values())), numbers)


_ARGUMENT = re.compile(r"\w+(?:\((?:[^()]|\([^()]*\))*\))?|-?\d+")


# The facts position_state reads (every other line of a position's facts is skipped in C), and what each
# fact line says (`_contribution`): positions reached by many lines repeat the same lines.
_READ_LINE = re.compile(r"^(?:" + "|".join(sorted(_READ, key=len, reverse=True)) + r")(?:\(.*\))?\.$", re.M)
_LINE_SAYS: dict[str, tuple | None] = {}


def _says(line: str) -> tuple | None:
    said = _LINE_SAYS.get(line, False)
    if said is False:
        match = _FACT.match(line)
        said = _LINE_SAYS[line] = _contribution(match.group(1), _ARGUMENT.findall(match.group(3) or ""))
        if len(_LINE_SAYS) > 1_000_000:
            _LINE_SAYS.clear()
    return said


def position_state(position: Position) -> tuple[State, object]:
    """The `State` of a position (its facts, as the solver reads them) and its fact table."""
    facts, table = position_facts(position, symmetry=False)
    return state_of(_says(line) for line in _READ_LINE.findall(facts)), table


def _core(play) -> tuple:
    """What tells a play apart, its zone and battle position options aside."""
    def ids(values):
        return tuple(sorted(values or ()))
    return (play.action, play.card, ids(play.cards), play.effect, play.spell, ids(play.tributes), ids(play.materials),
            ids(play.cost), play.target, play.to, play.zone)


class UncertainLine(PysolverError):
    """A line goes through a play `legal_plays` withholds (it depends on card text pysolver cannot read,
    pysolver.solve.unread) or through a position it refuses: the line is uncertain, not wrong."""


class ReplayCut(Exception):
    """The deadline passed while lines were being replayed (a search's or a boards' --timeout)."""


try:      # the array clingo fills with a model's symbols, read without a Symbol object per atom
    from clingo._internal import _ffi as _CLINGO_FFI
except ImportError:  # pragma: no cover - another clingo build: Symbol objects, the same integers
    _CLINGO_FFI = None


def _reps(symbols) -> list[int]:
    """The integers of a model's symbols (clingo interns symbols: equal symbols, equal integers)."""
    array = getattr(symbols, "_p_symbols", None)
    if array is not None and _CLINGO_FFI is not None:
        return _CLINGO_FFI.unpack(array, len(array))
    return [symbol._rep for symbol in symbols]


_SEEN: set[int] = set()                 # the symbols read so far, of a step or not
_AT_STEP: dict[int, set[int]] = {}      # step -> its symbols read so far (the last argument is the step)
_OF_PLAYS: set[int] = set()             # those of them that are atoms of a play (PLAY_ATOMS)


def _forget() -> None:
    """Forget the symbols read (a bound on memory): `_PARSED` and the sets made from it go together."""
    _PARSED.clear()
    _SEEN.clear()
    _AT_STEP.clear()
    _OF_PLAYS.clear()


def _step_contents(symbols, length: int) -> list[frozenset]:
    """A model's atoms of each step 0..length, as sets of symbol integers (what `_PARSED` reads). Each
    symbol is read once per process; a model is then split with set operations."""
    reps = set(_reps(symbols))
    new = reps - _SEEN
    if new:
        if len(_SEEN) > 2_000_000:
            _forget()
            new = reps
        for rep in new:
            parsed = _PARSED.get(rep, False)
            if parsed is False:
                symbol = clingo.Symbol(rep)
                arguments = symbol.arguments
                if arguments and arguments[-1].type is clingo.SymbolType.Number:
                    name = symbol.name
                    parsed = (arguments[-1].number,
                              (name, symbol, _contribution(name, [str(a) for a in arguments[:-1]])))
                else:
                    parsed = None
                _PARSED[rep] = parsed
            if parsed is not None:
                _AT_STEP.setdefault(parsed[0], set()).add(rep)
                if parsed[1][0] in PLAY_ATOMS:
                    _OF_PLAYS.add(rep)
            _SEEN.add(rep)
    return [frozenset(reps & _AT_STEP.get(k, set())) for k in range(length + 1)]


class _Step:
    """One step of a model, read once (models repeat the same steps): the state the solver claims at it
    (one object per set of state atoms: `states`) and the atoms of the play made in it."""

    __slots__ = ("state", "play")

    def __init__(self, content: frozenset, states: dict):
        fluents = content - _OF_PLAYS
        self.state = states.get(fluents)
        if self.state is None:
            self.state = states[fluents] = state_of(_PARSED[rep][1][2] for rep in fluents)
        self.play = [_PARSED[rep][1][1] for rep in content & _OF_PLAYS]


class _Known:
    """A position the replayer reached: its `State` and fact table (`position_state`), its legal plays
    (listed when a line plays from it), and its instance numbers by description."""

    __slots__ = ("position", "key", "state", "table", "plays", "_numbers")

    def __init__(self, position: Position, key: str):
        self.position = position
        self.key = key
        self.state, self.table = position_state(position)
        self.plays = None
        self._numbers = None

    def numbers_of(self, description) -> list[str]:
        """The instance numbers (as text, ascending) of the cards with this description."""
        if self._numbers is None:
            self._numbers = {}
            for number, described in sorted(self.state.numbers.items(), key=lambda item: int(item[0])):
                self._numbers.setdefault(described, []).append(number)
        return self._numbers.get(description, [])


class Replayer:
    """Replays lines from the models of one start position on real positions: each move is matched with
    one of `legal(position)` (the instance-level legal plays) and applied with `apply`, and each state
    after it must equal the line's own state at that step. A line that does not replay is an error (a bug
    in the step-indexed program or in apply), never output.

    Lines share their first moves and reach the same positions in several orders (transpositions), so
    each move is replayed once per (position, step of the solver): the position (equal, as a value, to
    one reached before) and the solver's atoms of that step (its claimed state and play) decide the play
    matched, its choices and the position after it. Each position's state is read once."""

    def __init__(self, start: Position, legal, legal_many=None, deadline: float | None = None):
        self.legal = legal
        self.legal_many = legal_many          # many positions at once (legal_plays_many), for `lines`
        self.start = start
        self.deadline = deadline              # time.perf_counter() value: past it, listing plays raises ReplayCut
        self._read: dict = {}      # canonical key -> [_Known, ...] (equal up to copies: a few each)
        self._steps: dict[frozenset, _Step] = {}
        self._states: dict[frozenset, State] = {}       # a step's state atoms -> its State
        self._edges: dict[tuple, tuple | UncertainLine] = {}   # (_Known, _Step) -> (_Known after, play, choices)
        self._agree: set = set()   # (_Known, _Step): the position's state is the one the step claims
        self._listed: dict = {}    # canonical key -> the _Known whose legal plays were listed for that key

    def _known(self, position: Position) -> _Known:
        key = canonical_key(position)
        entries = self._read.setdefault(key, [])
        known = next((entry for entry in entries if entry.position is position or entry.position == position), None)
        if known is None:
            known = _Known(position, key)
            entries.append(known)
        return known

    def _line_steps(self, atoms, length: int) -> list[_Step]:
        steps = []
        for content in _step_contents(atoms, length):
            step = self._steps.get(content)
            if step is None:
                step = self._steps[content] = _Step(content, self._states)
            steps.append(step)
        return steps

    def _plays(self, known: _Known):
        if known.plays is None:
            listed = self._listed.get(known.key)
            if listed is not None:       # equal up to identical copies: the same plays, renamed (as search's table)
                known.plays = listed.plays if isinstance(listed.plays, PysolverError) else \
                    listed.plays.renamed(copy_correspondence(listed.position, known.position))
            else:
                self._in_time()
                try:
                    known.plays = self.legal(known.position)
                except PysolverError as error:     # refused (an unread lock in force): every play is uncertain
                    known.plays = error
                self._listed[known.key] = known
        if isinstance(known.plays, PysolverError):
            raise UncertainLine(str(known.plays))
        return known.plays

    def lines(self, models: list, length: int) -> list:
        """`line` of each model, level by level, so that the legal plays of each level's new positions are
        listed together (`legal_many`: grounding shared); a line through a withheld play is its
        UncertainLine instead of its moves."""
        lines = []
        for atoms in models:      # reading tens of thousands of models takes seconds: the deadline is kept
            self._in_time()
            lines.append(self._line_steps(atoms, length))
        at: list = [self._known(self.start)] * len(lines)     # each line's position at the level, or why not
        for k in range(length):
            todo = {known.key: known for known, steps in zip(at, lines)
                    if isinstance(known, _Known) and known.plays is None and known.key not in self._listed
                    and (known, steps[k]) not in self._edges}
            self._prefetch(list(todo.values()))
            for i, steps in enumerate(lines):
                if isinstance(at[i], _Known):
                    try:
                        at[i] = self._edge(at[i], steps, k)[0]
                    except UncertainLine as uncertain:
                        at[i] = uncertain
        out = []
        for steps in lines:
            self._in_time()
            try:
                out.append(self._walk(steps, length))
            except UncertainLine as uncertain:
                out.append(uncertain)
        return out

    def _prefetch(self, todo: list[_Known]) -> None:
        if self.legal_many is None or len(todo) < 2:
            return
        for start in range(0, len(todo), 16):     # as search's batches: grounding shared, programs small (8 and
            chunk = todo[start:start + 16]       # 16 measured the same here, 32 and 64 slower)
            self._in_time()
            try:
                listed = self.legal_many([known.position for known in chunk])
            except PysolverError:      # one of them is refused: `_plays` lists them one by one
                continue
            for known, plays in zip(chunk, listed):
                known.plays = plays
                self._listed[known.key] = known

    def _in_time(self) -> None:
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise ReplayCut()

    def line(self, atoms: list[clingo.Symbol], length: int) -> list[tuple]:
        """[(play, choices, position after)] of the line of `length` moves in `atoms` (a model's shown atoms,
        with the state fluents)."""
        return self._walk(self._line_steps(atoms, length), length)

    def _walk(self, steps: list[_Step], length: int) -> list[tuple]:
        known = self._known(self.start)
        moves = []
        for k in range(length):
            known, play, choices = self._edge(known, steps, k)
            moves.append((play, choices, known.position))
        if length == 0 and (known, steps[0]) not in self._agree:
            if known.state != steps[0].state:
                raise PysolverError("line does not replay: the state before play 1 differs from apply's")
            self._agree.add((known, steps[0]))
        return moves

    def _edge(self, known: _Known, steps: list[_Step], k: int) -> tuple:
        """(position after, play, choices) of move k of a line from `known`, its state after checked."""
        from ..position.apply import apply
        key = (known, steps[k])
        edge = self._edges.get(key)
        if edge is None:
            self._in_time()       # applying and reading new positions is most of a long replay
            try:
                play, choices = self._move(steps[k], known, k)
                edge = (self._known(apply(known.position, play, **choices)), play, choices)
            except UncertainLine as uncertain:
                edge = uncertain
            self._edges[key] = edge
        if isinstance(edge, UncertainLine):
            raise edge
        after = (edge[0], steps[k + 1])
        if after not in self._agree:
            if edge[0].state != steps[k + 1].state:
                raise PysolverError(f"line does not replay: the state after play {k + 1} ({edge[1].action}) "
                                    "differs from apply's")
            self._agree.add(after)
        return edge

    def _move(self, step: _Step, known: _Known, k: int) -> tuple:
        from .decode import Decoder
        asp_state, state, table = step.state, known.state, known.table
        if state != asp_state:
            raise PysolverError(f"line does not replay: the state before play {k + 1} differs from apply's")
        taken: set = set()
        ids: dict = {}

        def real(symbol):
            number = str(symbol)
            if number not in ids:
                found = next(n for n in known.numbers_of(asp_state.numbers[number]) if n not in taken)
                taken.add(found)
                ids[number] = table.instances[int(found)].id
            return ids[number]

        zone_of = Decoder(table).zone_name
        fields: dict = {"cards": [], "tributes": [], "materials": [], "cost": []}
        choices: dict = {}
        for symbol in sorted(step.play, key=lambda s: (s.name != "act", s.name, s)):
            name, arguments = symbol.name, symbol.arguments[:-1]
            if name == "act":
                fields["action"] = arguments[0].name
                fields["card"] = real(arguments[1]) if arguments[1] != clingo.Number(0) else None
            elif name in ("tribute", "material", "cost"):
                fields[name + ("s" if name != "cost" else "")].append(real(arguments[0]))
            elif name == "pendulum":
                fields["cards"].append(real(arguments[0]))
            elif name == "spell":
                fields["spell"] = real(arguments[0])
            elif name == "target":
                fields["target"] = "direct" if arguments[0].type is clingo.SymbolType.Function and \
                    arguments[0].name == "direct" else real(arguments[0])
            elif name == "to":
                fields["to"] = arguments[0].name
            elif name == "effect_used":
                fields["effect"] = arguments[0].number
            elif name == "scale_zone":
                fields["zone"] = zone_of(arguments[0])
            elif name == "go":
                choices["zone"] = zone_of(arguments[0])
            elif name == "face":
                choices["battle_position"] = arguments[0].name
            elif name == "pgo":
                choices.setdefault("zones", {})[real(arguments[0])] = zone_of(arguments[1])
        if fields.get("action") == "procedure_summon":
            fields["materials"] = []   # a Contact Fusion's materials are its cost (asp/procedure.lp): listed as cost
        wanted = (fields.get("action"), fields.get("card"), tuple(sorted(fields["cards"])), fields.get("effect"),
                  fields.get("spell"), tuple(sorted(fields["tributes"])), tuple(sorted(fields["materials"])),
                  tuple(sorted(fields["cost"])), fields.get("target"), fields.get("to"), fields.get("zone"))
        plays = self._plays(known)
        play = next((p for p in plays if _core(p) == wanted), None)
        if play is None and getattr(plays, "unread", None):
            raise UncertainLine(f"play {k + 1} ({fields.get('action')}) depends on card text pysolver cannot read")
        if play is None:
            raise PysolverError(f"line does not replay: play {k + 1} ({fields.get('action')}) is not a legal play")
        if "zones" in choices:
            choices.pop("zone", None)
        return play, choices


def replay(atoms: list[clingo.Symbol], start: Position, length: int, legal) -> list[tuple]:
    """One line replayed (`Replayer.line`)."""
    return Replayer(start, legal).line(atoms, length)
