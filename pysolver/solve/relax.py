"""The relaxed program behind `pysolver why`: the same encodings, transformed (no second copy of the rules).

Two transforms of the parsed encodings (`legal.encoding_statements`), both made once per process:

1. Relaxation. Every integrity constraint `:- B.` carries a name in its encoding (a trailing comment
   `% why: NAME`); it becomes `violated(NAME, (V1, ..., Vn)) :- B.` with the body's variables (an
   anonymous `_` of a positive literal is named, so that the violation says which card). A choice with
   bounds, `L { E } U :- B.`, becomes `{ E } :- B.` and a violation when the count is out of bounds.
   Statements named `keep` (symmetry breaking, `--action`, choices that only shape a play) stay hard;
   rules named `alternative` are never assumed (see `ALTERNATIVE`).
   The choice of the play itself (`1 { act(A, I) : candidate(A, I) } 1.`) is dropped: the question
   forces the play (`asp/why.lp`). Minimising `violated/2` gives the fewest conditions that must fail.

2. Why not derived. A play that is not even a candidate fails a rule body, not a constraint. For the
   atoms the question needs (`candidate(A, I)`, `can_pendulum(I)`) every rule that could derive them is
   walked literal by literal in the written order (literals whose variables are not bound yet wait until
   they are): `why_pre(R, K, Vars)` holds for the bindings that get through the first K literals of rule
   R. A literal no binding satisfies is a reason; when it binds nothing the walk goes on past it, so every
   failing condition of the rule is said, not only the first. A positive literal of a derived predicate
   is explained in turn by that predicate's rules (`why_not/2`); any other failing literal is a leaf,
   `why_leaf(Key, Values)`. A failing `not p(...)` whose `p` rules are named (`% why: NAME`) is explained
   by the named rules that fired. A rule whose head can never take the value asked about (the Normal
   Summon rules asked about a Fusion Summon: no `rule_for(_, _, fusion_summon)` fact) says so only as a
   fallback. With the external `why_assume` on, a walk that gets through derives the rule's head, so that
   a second solve finds what else fails once the failing conditions hold.

`pysolver.solve.why` turns leaves and violations into words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import clingo.ast as ast

from .legal import ENCODINGS, encoding_statements, encodings_root

_TAG = re.compile(r"%\s*why:\s*([a-z0-9_]+)")
KEEP = "keep"
# A rule that opens another way to its head (a grant of a Normal Summon without Tributes): walked for its reasons, but
# never assumed, which would invent that way and hide what the play needs on its usual way.
ALTERNATIVE = "alternative"
# The predicates whose failure is said as it is (a leaf), not explained by their own rules: the card's
# place and kind, the phase, the vocabulary of filters. Every other derived predicate is explained.
LEAF_PREDICATES = frozenset({
    "main_phase", "card_kind", "instance", "subject", "matches", "face_up", "monster_on_field", "free_mmz",
    "free_szone", "mine", "theirs", "location", "stat", "holds_scale", "additional_available", "ns_used",
    "ns_limit", "tribute_summon", "act", "effect_used", "activating", "opponent_has_monsters", "zone_holds",
    "revivable", "revivable_target", "controls_a_card", "scale_value", "kept_scale", "attack_text",
    "presence_holds", "at", "points",   # ATQ-7: where a monster is, and what a Link Monster's arrows point to
})
# Where the explanation starts: the atoms a play needs before any constraint applies.
STARTS = (("candidate", 2, (True, True)), ("can_pendulum", 1, (True,)))
_OPERATORS = {ast.ComparisonOperator.Equal: "=", ast.ComparisonOperator.NotEqual: "!=",
              ast.ComparisonOperator.LessThan: "<", ast.ComparisonOperator.LessEqual: "<=",
              ast.ComparisonOperator.GreaterThan: ">", ast.ComparisonOperator.GreaterEqual: ">="}


@dataclass(frozen=True)
class Leaf:
    """A literal whose failure is a reason: `key` names it in the words table (`why.WORDS`); `variables`
    are the names of the values `why_leaf` carries; `literal` is the literal as written."""
    key: str
    literal: str
    variables: tuple[str, ...]
    head: str
    fired: bool = False     # a named rule that derived a condition that had to be false
    free: bool = False      # the literal tests a value the question did not give (one of many candidates)
    fallback: bool = False  # a rule that can never give the value asked about: said only when nothing else is
    rule: str = ""          # the rule whose body fails (one per rule of the encodings and question)
    query: str = ""         # what that rule was asked to derive


@dataclass
class Relaxed:
    """The relaxed program's text and what it can report."""
    text: str
    parts: dict = field(default_factory=dict)    # encoding -> its relaxed statements and why-not rules
    names: dict = field(default_factory=dict)    # violation name -> (file, line, variables)
    leaves: dict = field(default_factory=dict)   # leaf number -> Leaf
    unnamed: list = field(default_factory=list)  # constraints without a `% why:` name (file:line)


def _tag(lines: list[str], statement) -> str | None:
    begin, end = statement.location.begin.line, statement.location.end.line
    for line in lines[begin - 1:end]:
        found = _TAG.search(line)
        if found:
            return found.group(1)
    return None


class _Variables(ast.Transformer):
    def __init__(self):
        self.names: list[str] = []

    def visit_Variable(self, node):
        if node.name != "_" and node.name not in self.names:
            self.names.append(node.name)
        return node


def variables(node) -> list[str]:
    collector = _Variables()
    collector(node)
    return collector.names


class _NameAnonymous(ast.Transformer):
    def __init__(self):
        self.count = 0

    def visit_Variable(self, node):
        if node.name == "_":
            self.count += 1
            return node.update(name=f"Any{self.count}")
        return node


def _body_text(body) -> str:
    return "; ".join(str(literal) for literal in body)


def _tuple(names) -> str:
    names = list(names)
    if not names:
        return "()"
    return "(" + ", ".join(names) + ("," if len(names) == 1 else "") + ")"


def _global_variables(statement) -> list[str]:
    """Variables of the body's plain literals (not local to an aggregate or a condition)."""
    names: list[str] = []
    for literal in statement.body:
        if literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type in (
                ast.ASTType.SymbolicAtom, ast.ASTType.Comparison):
            names += [n for n in variables(literal) if n not in names]
        elif literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.BodyAggregate:
            for guard in (literal.atom.left_guard, literal.atom.right_guard):
                if guard is not None:
                    names += [n for n in variables(guard.term) if n not in names]
    return names


def _name_anonymous(statement):
    """`_` in positive plain literals becomes a named variable (the violation then says which value)."""
    renamer = _NameAnonymous()
    body = []
    for literal in statement.body:
        if literal.ast_type == ast.ASTType.Literal and literal.sign == ast.Sign.NoSign and \
                literal.atom.ast_type == ast.ASTType.SymbolicAtom:
            literal = renamer(literal)
        body.append(literal)
    return statement.update(body=body)


def _guard_text(aggregate_text: str, left, right) -> str:
    text = aggregate_text
    if left is not None:
        text = f"{left.term} {_OPERATORS[left.comparison]} {text}"
    if right is not None:
        text = f"{text} {_OPERATORS[right.comparison]} {right.term}"
    return text


def _relax(statement, name: str, where: str, relaxed: Relaxed, out: list[str]) -> None:
    head = statement.head
    if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant:
        statement = _name_anonymous(statement)
        names = _global_variables(statement)
        relaxed.names.setdefault(name, (where, tuple(names)))
        out.append(f"violated({name}, {_tuple(names)}) :- {_body_text(statement.body)}.")
        return
    # A choice with bounds: a free choice, held to its bounds when enough elements are available; a
    # violation (not an escape from the rules downstream) only when too few are.
    choice = "{ " + "; ".join(
        f"{e.literal}" + (": " + ", ".join(str(c) for c in e.condition) if e.condition else "")
        for e in head.elements) + " }"
    body = _body_text(statement.body)
    out.append(f"{choice} :- {body}." if body else f"{choice}.")
    chosen = "#count { " + "; ".join(f"{e.literal}: " + ", ".join([str(e.literal)] + [str(c) for c in e.condition])
                                     for e in head.elements) + " }"
    available = "#count { " + "; ".join(f"{e.literal}" + (": " + ", ".join(str(c) for c in e.condition)
                                                          if e.condition else "")
                                        for e in head.elements) + " }"
    names = _global_variables(statement)
    relaxed.names.setdefault(name, (where, tuple(names)))
    prefix = body + "; " if body else ""
    low = head.left_guard
    if low is not None and low.comparison == ast.ComparisonOperator.Equal:
        enough = f"{low.term} <= {available}"
    elif low is not None and low.comparison in (ast.ComparisonOperator.LessEqual, ast.ComparisonOperator.LessThan):
        enough = f"{low.term} {_OPERATORS[low.comparison]} {available}"
    else:
        enough = None
    bounded = _guard_text(chosen, head.left_guard, head.right_guard)
    if enough is None:
        out.append(f":- {prefix}not {bounded}.")
        return
    out.append(f":- {prefix}{enough}; not {bounded}.")
    out.append(f"violated({name}, {_tuple(names)}) :- {prefix}not {enough}.")


def _is_play_choice(statement) -> bool:
    head = statement.head
    return head.ast_type == ast.ASTType.Aggregate and any(
        e.literal.atom.ast_type == ast.ASTType.SymbolicAtom and e.literal.atom.symbol.name == "act"
        for e in head.elements)


# --------------------------------------------------------------------------------------------------
# Why not derived

@dataclass
class _Rule:
    number: int
    statement: object
    tag: str | None
    file: str


def _head_atom(statement):
    head = statement.head
    if head.ast_type == ast.ASTType.Literal and head.sign == ast.Sign.NoSign and \
            head.atom.ast_type == ast.ASTType.SymbolicAtom and head.atom.symbol.ast_type == ast.ASTType.Function:
        return head.atom.symbol
    return None


def _head_text(statement) -> str:
    return str(statement.head)


def _plain_term(term) -> bool:
    if term.ast_type in (ast.ASTType.Variable, ast.ASTType.SymbolicTerm):
        return True
    if term.ast_type == ast.ASTType.Function:
        return all(_plain_term(a) for a in term.arguments)
    return False


def _order(statement, bound: set[str]) -> list | None:
    """The body literals in the written order, each one waiting until the variables it needs are bound;
    None if some literal never can be placed."""
    outside = set(_global_variables(statement)) | set(variables(statement.head))
    pending = list(statement.body)
    placed = []
    bound = set(bound)
    progress = True
    while pending and progress:
        progress = False
        for literal in list(pending):
            binds: set[str] = set()
            if literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.SymbolicAtom:
                needs = set(variables(literal)) if literal.sign != ast.Sign.NoSign else set()
                binds = set(variables(literal)) if literal.sign == ast.Sign.NoSign else set()
            elif literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.Comparison:
                atom = literal.atom
                needs = set(variables(literal))
                if literal.sign == ast.Sign.NoSign and len(atom.guards) == 1 and \
                        atom.guards[0].comparison == ast.ComparisonOperator.Equal and \
                        atom.term.ast_type == ast.ASTType.Variable and set(variables(atom.guards[0].term)) <= bound:
                    needs, binds = set(variables(atom.guards[0].term)), {atom.term.name}
            elif literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.BodyAggregate:
                atom = literal.atom
                needs = set(variables(literal)) & outside
                left = atom.left_guard
                if literal.sign == ast.Sign.NoSign and left is not None and \
                        left.comparison == ast.ComparisonOperator.Equal and left.term.ast_type == ast.ASTType.Variable \
                        and atom.right_guard is None:
                    needs -= {left.term.name}
                    binds = {left.term.name}
            else:
                needs = set(variables(literal)) & outside
            if needs <= bound:
                placed.append((literal, set(binds)))
                bound |= binds
                pending.remove(literal)
                progress = True
                break
    return None if pending else placed


def _key(literal, head: str) -> tuple[str, str | None]:
    """The words-table key of a failing literal, and the predicate it explains by (or None: a leaf)."""
    if literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.SymbolicAtom:
        symbol = literal.atom.symbol
        name = symbol.name if symbol.ast_type == ast.ASTType.Function else str(symbol)
        return (name if literal.sign == ast.Sign.NoSign else f"not {name}"), name
    return f"{head}: {literal}", None


class _WhyNot:
    def __init__(self, rules: dict, relaxed: Relaxed, parts: dict):
        self.rules = rules          # (name, arity) -> [_Rule]
        self.relaxed = relaxed
        self.parts = parts          # each why-not rule goes with the encoding of the rule it explains
        self.out: list[str] = []
        self.done: set = set()
        self.queue: list = []

    def query_key(self, name: str, arity: int, mask: tuple[bool, ...]) -> str:
        key = f"q_{name}_{arity}_{''.join('b' if m else 'f' for m in mask)}"
        if (name, arity, mask) not in self.done:
            self.done.add((name, arity, mask))
            self.queue.append((name, arity, mask, key))
            # An atom asked about that holds has no reason to fail, whatever its other rules say.
            given = [f"V{i}" for i, m in enumerate(mask) if m]
            atom = f"{name}({', '.join(f'V{i}' if m else '_' for i, m in enumerate(mask))})" if arity else name
            self.parts["base.lp"].append(f"why_holds({key}, {_tuple(given)}) :- {atom}.")
        return key

    def run(self) -> None:
        for name, arity, mask in STARTS:
            self.query_key(name, arity, mask)
        while self.queue:
            name, arity, mask, key = self.queue.pop(0)
            for rule in self.rules.get((name, arity), ()):
                self.explain_rule(rule, mask, key)

    def leaf(self, key: str, literal, names: list[str], head: str) -> int:
        number = len(self.relaxed.leaves) + 1
        free = not set(variables(literal)) <= self.start
        self.relaxed.leaves[number] = Leaf(key, str(literal), tuple(names), head, free=free, rule=self.rule,
                                           query=self.query)
        return number

    def explain_rule(self, rule: _Rule, mask: tuple[bool, ...], key: str) -> None:
        head = _head_atom(rule.statement)
        bound_arguments = [a for a, m in zip(head.arguments, mask) if m]
        if not all(_plain_term(a) for a in bound_arguments):
            return
        bound = {n for a in bound_arguments for n in variables(a)}
        order = _order(rule.statement, bound)
        if order is None:
            return
        r = f"{key}_{rule.number}"
        self.rule, self.query = r, key
        self.out = self.parts[rule.file]
        previous = start = sorted(bound)
        self.start = set(start)
        guards = [g for a in bound_arguments if a.ast_type == ast.ASTType.Variable
                  for g in [self.rule_guard(rule.statement, a.name, 3)] if g]
        asked = f"why_not({key}, {_tuple(str(a) for a in bound_arguments)})"
        held = _tuple(str(a) for a in bound_arguments)
        self.out.append(f"why_pre({r}, 0, {_tuple(previous)}) :- {asked}" + "".join(f"; {g}" for g in guards) + ".")
        for guard in guards:
            number = len(self.relaxed.leaves) + 1
            names = sorted(set(re.findall(r"\b[A-Z][A-Za-z0-9_]*", guard)))
            self.relaxed.leaves[number] = Leaf(f"no {guard.partition('(')[0]}", guard, tuple(names), head.name,
                                               fallback=True, rule=r, query=key)
            self.out.append(f"why_leaf({number}, {_tuple(names)}) :- {asked}; not {guard}.")
        now = set(bound)
        for k, (literal, binds) in enumerate(order, 1):
            if literal.ast_type == ast.ASTType.Literal and literal.atom.ast_type == ast.ASTType.SymbolicAtom \
                    and literal.sign == ast.Sign.NoSign:
                binds = set(variables(literal))
            before = f"why_pre({r}, {k - 1}, {_tuple(previous)})"
            now |= binds
            after = sorted(now)
            self.out.append(f"why_pre({r}, {k}, {_tuple(after)}) :- {before}; {literal}.")
            self.out.append(f"why_ok({r}, {k}, {_tuple(previous)}) :- {before}; {literal}.")
            # A failure counts only where no binding got past that literal: the rule's reason is where
            # it came closest (a binding that passes fails further on, and that failure is reported).
            fail = f"why_fail({r}, {k}, {_tuple(previous)})"
            self.out.append(f"why_reached({r}, {k}, {_tuple(start)}) :- why_ok({r}, {k}, {_tuple(previous)}).")
            # A miss is said (a failure) only when the atom asked about does not hold anyway (another rule
            # derives it); the walk goes on past a miss either way (see why_assume).
            miss = f"why_miss({r}, {k}, {_tuple(previous)})"
            self.out.append(f"{miss} :- {before}; not why_ok({r}, {k}, {_tuple(previous)}); "
                            f"not why_reached({r}, {k}, {_tuple(start)}).")
            self.out.append(f"{fail} :- {miss}; not why_holds({key}, {held}).")
            if after == previous:
                # A failing literal that binds nothing: go on as if it held, so that every failing
                # condition of the rule is said, not only the first.
                self.out.append(f"why_pre({r}, {k}, {_tuple(previous)}) :- {miss}.")
            self.explain_literal(literal, set(previous), fail, head.name, before)
            previous = after
        # Assumed (`why_assume`, an external): a binding that got through the whole body, failing literals
        # taken as holding, derives the head, so that what the play needs further on is checked too.
        if rule.tag != ALTERNATIVE:
            self.out.append(f"{_head_text(rule.statement)} :- why_pre({r}, {len(order)}, {_tuple(previous)}); why_assume.")

    def rule_guard(self, statement, name: str, depth: int) -> str | None:
        """A fact the rule needs for the value of head variable `name` (`rule_for(_, _, A)`), found through
        the body: a rule whose head can never take the value asked about explains nothing."""
        found = self.guard_of(statement, name, depth)
        if found is None:
            return None
        predicate, arity, index = found
        return f"{predicate}(" + ", ".join(name if i == index else "_" for i in range(arity)) + ")"

    def guard_of(self, statement, name: str, depth: int):
        derived = []
        for literal in statement.body:
            if literal.ast_type != ast.ASTType.Literal or literal.sign != ast.Sign.NoSign or \
                    literal.atom.ast_type != ast.ASTType.SymbolicAtom or \
                    literal.atom.symbol.ast_type != ast.ASTType.Function:
                continue
            symbol = literal.atom.symbol
            for index, argument in enumerate(symbol.arguments):
                if argument.ast_type == ast.ASTType.Variable and argument.name == name:
                    signature = (symbol.name, len(symbol.arguments))
                    if signature not in self.rules:
                        return (symbol.name, len(symbol.arguments), index)   # a fact of the position
                    derived.append((signature, index))
        if depth <= 0:
            return None
        for signature, index in derived:
            if signature[0] in LEAF_PREDICATES:
                continue
            guards = set()
            for rule in self.rules[signature]:
                argument = _head_atom(rule.statement).arguments[index]
                if argument.ast_type != ast.ASTType.Variable:
                    guards = set()
                    break
                guards.add(self.guard_of(rule.statement, argument.name, depth - 1))
            if len(guards) == 1 and None not in guards:
                return guards.pop()
        return None

    def explain_literal(self, literal, bound: set[str], fail: str, head: str, before: str) -> None:
        leaf_key, predicate = _key(literal, head)
        if predicate is not None:
            symbol = literal.atom.symbol
            arguments = list(symbol.arguments) if symbol.ast_type == ast.ASTType.Function else []
            signature = (predicate, len(arguments))
            derived = signature in self.rules and predicate not in LEAF_PREDICATES
            if literal.sign == ast.Sign.NoSign and derived:
                mask = tuple(_plain_term(a) and set(variables(a)) <= bound and "_" not in str(a) for a in arguments)
                key = self.query_key(predicate, len(arguments), mask)
                given = [str(a) for a, m in zip(arguments, mask) if m]
                # Asked whether or not it fails here: what a derived literal says must not hang on its own
                # failure, or assuming the failing conditions (why_assume) would undo the question.
                self.out.append(f"why_not({key}, {_tuple(given)}) :- {before}.")
                return
            if literal.sign != ast.Sign.NoSign and signature in self.rules and \
                    any(rule.tag not in (None, ALTERNATIVE) for rule in self.rules[signature]):
                self.explain_true(literal, bound, fail, signature)
                return
        names = sorted(set(variables(literal)) & bound)
        number = self.leaf(leaf_key, literal, names, head)
        self.out.append(f"why_leaf({number}, {_tuple(names)}) :- {fail}.")

    def explain_true(self, literal, bound: set[str], fail: str, signature) -> None:
        """`not p(...)` failed: say which named rules of p derive it."""
        arguments = list(literal.atom.symbol.arguments)
        for rule in self.rules[signature]:
            if rule.tag in (None, ALTERNATIVE):
                continue
            renamed = _Rename()(rule.statement)
            head = _head_atom(renamed)
            if not all(h.ast_type in (ast.ASTType.Variable, ast.ASTType.SymbolicTerm) for h in head.arguments):
                continue
            equalities = [f"{h} = {a}" for h, a in zip(head.arguments, arguments)
                          if set(variables(a)) <= bound and "_" not in str(a)]
            body = "; ".join([fail] + equalities + [str(b) for b in renamed.body])
            names = sorted(set(_global_variables(renamed)))
            number = len(self.relaxed.leaves) + 1
            self.relaxed.leaves[number] = Leaf(rule.tag, str(rule.statement), tuple(n[1:] for n in names),
                                               signature[0], fired=True, rule=self.rule, query=self.query)
            self.out.append(f"why_leaf({number}, {_tuple(names)}) :- {body}.")


class _Rename(ast.Transformer):
    """Variables of an explaining rule get a prefix, so they never meet the explained rule's."""

    def visit_Variable(self, node):
        return node if node.name == "_" else node.update(name=f"W{node.name}")


@lru_cache(maxsize=1)
def relaxed_program() -> Relaxed:
    """The relaxed encodings and the why-not rules, as text (made once per process)."""
    relaxed = Relaxed(text="")
    parts: dict[str, list[str]] = {}
    rules: dict = {}
    number = 0
    for name in ENCODINGS:
        lines = encodings_root().joinpath(name).read_text(encoding="utf-8").split("\n")
        out = parts.setdefault(name, [])
        for statement in encoding_statements(name):
            if statement.ast_type != ast.ASTType.Rule:
                continue   # #show and comments: the relaxed program shows its own atoms
            tag = _tag(lines, statement)
            head = statement.head
            is_constraint = head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant
            bounded_choice = head.ast_type == ast.ASTType.Aggregate and (
                head.left_guard is not None or head.right_guard is not None)
            where = f"{name}:{statement.location.begin.line}"
            if _is_play_choice(statement):
                continue
            if is_constraint or bounded_choice:
                if tag == KEEP:
                    out.append(str(statement))
                    continue
                if tag is None:
                    relaxed.unnamed.append(where)
                    tag = "unnamed"
                _relax(statement, tag, where, relaxed, out)
                continue
            out.append(str(statement))
            atom = _head_atom(statement)
            if atom is not None:
                number += 1
                rules.setdefault((atom.name, len(atom.arguments)), []).append(_Rule(number, statement, tag, name))
    _WhyNot(rules, relaxed, parts).run()
    relaxed.parts = {name: "\n".join(lines) for name, lines in parts.items()}
    relaxed.text = "\n".join(relaxed.parts.values())
    return relaxed


def constraint_names() -> dict:
    """Every named constraint and bounded choice of the encodings: name -> (file:line, variables)."""
    return relaxed_program().names
