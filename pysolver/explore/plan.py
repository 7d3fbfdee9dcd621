"""Search in the solver: the shortest lines to a goal as answer sets of the step-indexed turn
(`pysolver.solve.steps`), horizon by horizon; an unsatisfiable horizon proves that no line of that
many plays reaches the goal. What `search(..., engine="asp")` runs.

The goal language is compiled to ASP over the state at the horizon (`goal_program`): card goals and
counts become rules, an `asp:` fragment gets the step on its fluents like the encodings.

Every line the solver returns is replayed on real positions with `apply` and checked against
`legal_plays` and the line's own states (`pysolver.solve.steps.replay`) before it is printed.
"""

from __future__ import annotations

import time

import clingo
import clingo.ast

from ..errors import PysolverError
from ..position.value import Position
from ..solve.legal import legal_plays, legal_plays_many
from ..solve.unread import unread_in_turn
from ..solve.steps import STATE, Planner, ReplayCut, Replayer, UncertainLine, _AddStep, all_fluents, fluents_of
from .goals import AllOf, AspGoal, CardGoal, CountGoal, Goal

_OPS = {">=": ">=", ">": ">", "<=": "<=", "<": "<", "==": "=", "!=": "!="}
_FIELD = ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone", "pendulum_zone")
_EXTRA_KINDS = ("fusion", "synchro", "xyz", "link")


def goal_program(goal: Goal, fluents: frozenset) -> tuple[str, str]:
    """(fixed rules, rules of #program check(t)) that define goal(t) when the state t reaches `goal`."""
    fixed: list[str] = []
    rules: list[str] = []
    parts = goal.parts if isinstance(goal, AllOf) else (goal,)
    for n, part in enumerate(parts, 1):
        head = f"goal_part({n}, t)"
        if isinstance(part, CardGoal):
            code = part.card.passcode
            places = ("monster_zone", "extra_monster_zone") if part.battle_position else _FIELD
            extra = f", position(I, {part.battle_position}, t)" if part.battle_position else ""
            rules += [f"{head} :- mine(I, t), instance(I, {code}, t), location(I, {place}, t){extra}."
                      for place in places]
        elif isinstance(part, CountGoal):
            kinds = _EXTRA_KINDS if part.what == "extra" else ((part.what,) if part.what != "monsters" else (None,))
            where = [f"mine(I, t), location(I, {place}, t)" + (f", instance(I, C, t), kind(C, {kind})" if kind else "")
                     for place in ("monster_zone", "extra_monster_zone") for kind in kinds]
            # Counted twice, by instance and by the zone each occupies (the same number, one monster a zone):
            # the zone count has at most 7 elements, so clingo sees at once that 7 monsters need all 7 zones
            # (by instances alone that proof is a pigeonhole problem: seed 1 monsters>=7 of the search family,
            # 32 s instead of 13 s), while the instance count keeps the other goals as fast as before.
            by_instance = "; ".join(f"I : {condition}" for condition in where)
            by_zone = "; ".join(f"Z : {condition}, zone(I, Z, t)" for condition in where)
            bound = f"{_OPS[part.op]} {part.value}"
            rules.append(f"{head} :- #count {{ {by_instance} }} {bound}, #count {{ {by_zone} }} {bound}.")
        elif isinstance(part, AspGoal):
            fragment_fixed, fragment = _asp_fragment(part, fluents, n)
            fixed += fragment_fixed
            rules += fragment
            rules.append(f"{head} :- goal_{n}(t).")
        else:
            raise PysolverError(f"the asp engine cannot compile the goal {part.text!r}")
    rules.append("goal(t) :- " + ", ".join(f"goal_part({n}, t)" for n in range(1, len(parts) + 1)) + ".")
    return "\n".join(fixed), "\n".join(rules)


class _Rename(clingo.ast.Transformer):
    def __init__(self, names: dict):
        self.names = names

    def visit_SymbolicAtom(self, node):
        symbol = node.symbol
        if symbol.ast_type == clingo.ast.ASTType.Function and symbol.name in self.names:
            return node.update(symbol=symbol.update(name=self.names[symbol.name]))
        return node


def _asp_fragment(goal: AspGoal, fluents: frozenset, n: int, keep: tuple = ()) -> tuple[list[str], list[str]]:
    """An `asp:` goal over the state t. It reads the position's facts only (as `AspGoal.check` does), so
    what it defines, and what only the encodings derive, are renamed apart (`g<n>_...`, goal -> goal_<n>);
    the names in `keep` (a score) keep theirs and get the step."""
    rules = [s for s in goal._statements if s.ast_type == clingo.ast.ASTType.Rule]
    from ..solve.steps import _head_names, _names
    defined = set().union(*(_head_names(rule) for rule in rules)) if rules else set()
    derived = (set().union(*(_names(rule) for rule in rules)) if rules else set()) & (fluents - STATE)
    names = {name: (f"goal_{n}" if name == "goal" else f"g{n}_{name}") for name in (defined | derived) - set(keep)}
    rename = _Rename(names)
    rules = [rename(rule) for rule in rules]
    own = fluents_of(rules) | STATE | {f"goal_{n}", *keep}
    add_step = _AddStep(own)
    fixed, steps = [], []
    for rule in rules:
        target = steps if any(name in own for name in _collect(rule)) else fixed
        target.append(str(add_step(rule) if target is steps else rule))
    return fixed, steps


def _collect(rule) -> set[str]:
    from ..solve.steps import _names
    return _names(rule)


# --------------------------------------------------------------------------------------------------
# The shortest lines

class PlanResult:
    """What `shortest_lines` knows: search.py turns it into a SearchResult."""

    def __init__(self):
        self.depth: int | None = None
        self.lines: list[list[tuple]] = []     # each [(play, choices, position after, its key), ...], replayed
        self.line_count = 0
        self.count_complete = True
        self.proved_depth = -1
        self.cut: str | None = None
        self.turn_exhausted = False            # no line of the turn is longer than `longest`
        self.longest = -1
        self.uncertain: list[str] = []         # lines through plays legal_plays withholds (unread card text)
        self.statistics: dict = {}
        self.proofs: list[dict] = []           # when each horizon was proved to reach no goal


# Every shortest line: the proving Control (clasp's "trendy", with SatElite preprocessing) enumerates the
# first ENUMERATE_HERE; beyond that a second Control without SAT preprocessing (clasp's default) enumerates
# them all. SatElite speeds up the proofs, but a projected enumeration pays for it on every model (seed 1
# of the search family, "extra>=2": 4468 lines of 3 plays in 7.0 s of solving with it, 0.96 s without;
# without it, "monsters>=7" proves no line of 6 plays in 26 s of CPU, where trendy proves 8 in 16 s).
ENUMERATE_HERE = 64
WAIT_SLICE = 0.2       # seconds: how often a solve call returns to Python (Ctrl-C, the deadline)


def shortest_lines(position: Position, goal: Goal, *, max_depth: int | None, timeout: float | None,
                   wanted: int | None, zone_classes: tuple, key_of, report=None) -> PlanResult:
    """Horizons 1, 2, ...: the first satisfiable one gives the shortest lines (all of them, as distinct
    paths of `key_of` keys, or the first `wanted`); an unsatisfiable one proves that no line of that length
    reaches the goal, and a horizon with no line at all ends the turn's lines. The caller has checked that
    the start does not reach the goal. `report(horizon, what)` is told what is being done (a progress bar);
    Ctrl-C stops the search as a bound does (`cut` "interrupted"), with what is proved so far."""
    started, cpu_started = time.perf_counter(), time.process_time()
    deadline = None if timeout is None else started + timeout
    result = PlanResult()

    def proved(depth: int) -> None:
        result.proved_depth = depth
        result.proofs.append({"depth": depth, "seconds": round(time.perf_counter() - started, 4),
                              "cpu_seconds": round(time.process_time() - cpu_started, 4)})

    unread = unread_in_turn(position)
    if unread:     # the step-indexed turn lists plays those texts may forbid, and lacks plays they may allow
        result.uncertain.append(f"the turn involves card text pysolver cannot read ({', '.join(unread)})")
    if not result.uncertain:
        proved(0)
    fixed, rules = goal_program(goal, all_fluents())
    planner = Planner(position, symmetry=True, zone_classes=zone_classes, goal_fixed=fixed, goal_program=rules,
                      project_states=True, configuration="trendy")
    # The proofs that no line of a horizon reaches the goal dominate deep searches; clasp's "trendy"
    # configuration proves them faster (benchmark search family, seed 3 "monsters>=7": the proof for 7 plays
    # takes it 13 s of CPU, the default 49 s; "handy" is faster there and slower on other rows).
    # One model per sequence of states: lines that differ only in how they reach the same states (which
    # copy, which interchangeable zone) are one path of positions, as the breadth-first search counts.
    planner.control.configuration.solve.project = "project"
    solve_seconds = replay_seconds = ground_seconds = 0.0
    inline = [0.0]                     # replay seconds spent inside clingo's callbacks
    models = 0
    conflicts = [0]                    # summed over the solve calls (clingo's statistics are per call)
    replayer = Replayer(position, lambda pos: legal_plays(pos, all_instances=True),
                        lambda many: legal_plays_many(many, all_instances=True), deadline=deadline)
    replay_cut = [False]               # the timeout passed (or Ctrl-C came) while lines were replayed
    interrupted = [False]              # Ctrl-C: a cut as the timeout is

    def stopped() -> str:
        return "interrupted" if interrupted[0] else f"stopped after --timeout {timeout:g} s"

    def replaying(work) -> float:
        """Runs `work` (lines replayed and kept), noting a cut by the timeout or by Ctrl-C; its seconds."""
        t = time.perf_counter()
        try:
            work()
        except ReplayCut:
            replay_cut[0] = True
        except KeyboardInterrupt:
            replay_cut[0] = interrupted[0] = True
        return time.perf_counter() - t
    keys_of: dict[int, str] = {}       # the key of each position the replayer keeps (it keeps them all)

    def solve(on_model=None, control=None) -> bool | None:
        """True: satisfiable, False: not, None: cut by the timeout."""
        nonlocal solve_seconds
        control = control or planner.control
        t = time.perf_counter()
        with control.solve(on_model=on_model, async_=True) as handle:
            try:    # waited for in slices, so that Ctrl-C (KeyboardInterrupt) is seen while clingo searches
                while not handle.wait(WAIT_SLICE if deadline is None else
                                      max(0.0, min(WAIT_SLICE, deadline - time.perf_counter()))):
                    if deadline is not None and time.perf_counter() >= deadline:
                        break
            except KeyboardInterrupt:
                interrupted[0] = True
            if interrupted[0] or not handle.wait(0):
                handle.cancel()
                handle.wait()
                solve_seconds += time.perf_counter() - t
                conflicts[0] += _conflicts(control)
                return None
            outcome = handle.get()
        solve_seconds += time.perf_counter() - t
        conflicts[0] += _conflicts(control)
        if outcome.interrupted and not outcome.satisfiable:
            return None
        return bool(outcome.satisfiable)

    depth = 0
    try:
        while max_depth is None or depth < max_depth:
            depth += 1
            if deadline is not None and time.perf_counter() >= deadline:
                result.cut = stopped()
                break
            if report:
                report(depth, "proving")
            planner.ask(depth)
            paths: dict[tuple, list] = {}
            collected: list = []
            enumerating_all = False

            def keep(moves) -> None:
                if isinstance(moves, UncertainLine):   # not a certified line: lines like it may be missing
                    if len(result.uncertain) < 5 and str(moves) not in result.uncertain:
                        result.uncertain.append(str(moves))
                    return
                keys = tuple(keys_of[id(after)] if id(after) in keys_of else keys_of.setdefault(id(after), key_of(after))
                             for _, _, after in moves)
                paths.setdefault(keys, [(play, choices, after, key) for (play, choices, after), key in zip(moves, keys)])

            def on_model(model: clingo.Model) -> bool:
                nonlocal models, replay_seconds
                models += 1
                if wanted is None:       # every line: replayed together afterwards, level by level
                    collected.append(model.symbols(shown=True))
                    return enumerating_all or len(collected) < ENUMERATE_HERE
                atoms = model.symbols(shown=True)

                def one() -> None:
                    try:
                        keep(replayer.line(atoms, depth))
                    except UncertainLine as uncertain:
                        keep(uncertain)
                seconds = replaying(one)
                replay_seconds += seconds
                inline[0] += seconds     # inside the solve call: not solving
                return len(paths) < wanted and not replay_cut[0]

            # One model first: it proves the horizon or gives a line. Enumerating from the start (models 0,
            # with the projection) makes clasp's proofs 3-4x slower (seed 1 "monsters>=7" of the search
            # family: 8,335 conflicts at 8 plays instead of 23,286); the other lines are enumerated once
            # one is known, the first found again (the paths are a set).
            planner.control.configuration.solve.models = 1
            found = solve(on_model)
            if found and not replay_cut[0] and (wanted is None or len(paths) < wanted):
                collected.clear()
                planner.control.configuration.solve.models = 0
                found = solve(on_model)
            if found and len(collected) == ENUMERATE_HERE:   # many lines: enumerate them all without SatElite
                collected.clear()
                enumerating_all = True
                enumerator = Planner(position, symmetry=True, zone_classes=zone_classes, goal_fixed=fixed,
                                     goal_program=rules, project_states=True)
                enumerator.control.configuration.solve.project = "project"
                enumerator.control.configuration.solve.models = 0
                enumerator.ask(depth)
                ground_seconds += enumerator.ground_seconds
                found = solve(on_model, enumerator.control)
            if collected:
                if report:
                    report(depth, f"replaying {len(collected)} lines")

                def every() -> None:
                    for moves in replayer.lines(collected, depth):
                        keep(moves)
                replay_seconds += replaying(every)
            if replay_cut[0]:
                found = None       # the lines found so far are kept, but not all of this length are known
            if paths:
                result.depth = depth
                result.lines = list(paths.values())
                result.line_count = len(paths)
                result.count_complete = wanted is None and found is not None and not result.uncertain
                if not result.uncertain:
                    result.proved_depth = depth - 1
                if found is None:
                    result.cut = stopped()
                break
            if found is None:
                result.cut = stopped()
                if replay_cut[0]:               # the solver has lines of this length; none was replayed in time
                    plays = f"{depth} play{'s' if depth != 1 else ''}"
                    result.cut += f" while replaying the lines of {plays} the solver found, before any was checked"
                if not result.uncertain:        # the start reaches no goal, and horizons before this one are proofs
                    result.proved_depth = depth - 1
                break
            if not result.uncertain:
                proved(depth)
            # Does any line of this length exist? If not, the turn has no longer lines either.
            planner.control.assign_external(clingo.Function("query", [clingo.Number(depth)]), False)
            planner.control.configuration.solve.models = 1
            any_line = solve()
            if any_line is None:
                result.cut = stopped()
                break
            if not any_line:   # the turn has no line this long: every line was shorter, and none reached the goal
                result.turn_exhausted = True
                result.longest = depth - 1
                if not result.uncertain:
                    result.proved_depth = depth - 1
                break
        else:
            result.cut = f"--max-depth {max_depth} reached"
    except KeyboardInterrupt:     # Ctrl-C while grounding or between solve calls: what was proved stands
        interrupted[0] = True
        result.cut = stopped()
    result.statistics = {
        "engine": "asp", "horizon": planner.horizon, "ground_seconds": round(planner.ground_seconds + ground_seconds, 4),
        "solve_seconds": round(solve_seconds - inline[0], 4), "replay_seconds": round(replay_seconds, 4),
        "models": models, "conflicts": conflicts[0], "seconds": round(time.perf_counter() - started, 4),
        "proofs": result.proofs}
    return result



def _conflicts(control: clingo.Control) -> int:
    """The conflicts of the last solve call."""
    return int(control.statistics.get("solving", {}).get("solvers", {}).get("conflicts", 0))


# --------------------------------------------------------------------------------------------------
# Perft by counting

_ZONE_TERMS = ("m(1)", "m(2)", "m(3)", "m(4)", "m(5)", "emz(left)", "emz(right)", "s(1)", "s(2)", "s(3)", "s(4)",
               "s(5)", "fz", "pz(left)", "pz(right)", "om(1)", "om(2)", "om(3)", "om(4)", "om(5)")


# perft's zones of a Pendulum Summon (pysolver.position.apply.pendulum_assignment): the first complete
# assignment in the order of the cards (card_rank) and of their zones (zone_rank). "No complete assignment
# comes before pgo" is a universal statement: saturation (a disjunctive guess alt/3 of any assignment,
# refuted when it is not complete or does not come first; then every alt atom holds).
_FIRST_ASSIGNMENT = """
alt(I, Z, t-1) : card_zone(I, Z, t-1) :- pendulum(I, t-1).
refuted(t-1) :- alt(I, Z, t-1), alt(J, Z, t-1), I < J.
refuted(t-1) :- alt(I, emz(_), t-1), alt(J, emz(_), t-1), I < J.
refuted(t-1) :- alt(I, Z, t-1), alt(I, Y, t-1), Z < Y.
later_card(I, J, t-1) :- pendulum(I, t-1), pendulum(J, t-1), card_rank(I, R), card_rank(J, S), R < S.
next_card(I, J, t-1) :- later_card(I, J, t-1), not between_cards(I, J, t-1).
between_cards(I, J, t-1) :- later_card(I, K, t-1), later_card(K, J, t-1).
first_card(I, t-1) :- pendulum(I, t-1), not later_card(_, I, t-1).
last_card(I, t-1) :- pendulum(I, t-1), not later_card(I, _, t-1).
same_zone(I, t-1) :- alt(I, Z, t-1), pgo(I, Z, t-1).
equal_before(I, t-1) :- first_card(I, t-1).
equal_before(J, t-1) :- next_card(I, J, t-1), equal_before(I, t-1), same_zone(I, t-1).
refuted(t-1) :- equal_before(I, t-1), alt(I, Z, t-1), pgo(I, Y, t-1), zone_rank(Z, R), zone_rank(Y, S), R > S.
refuted(t-1) :- last_card(I, t-1), equal_before(I, t-1), same_zone(I, t-1).
alt(I, Z, t-1) :- refuted(t-1), card_zone(I, Z, t-1), pendulum(I, t-1).
:- pendulum(_, t-1), not refuted(t-1).
"""


# Plays that differ only by which of two identical copies on the field they use are one play up to copies
# (pysolver.solve.decode.list_up_to_copies merges them after the solve); the step-indexed turn does not merge
# them (asp/copies.lp groups copies in the hand, Deck, Extra Deck, GY, banished and overlay only), so a count
# up to copies is refused where a line meets two copies of a card on one side of the field that may be
# identical: the same card in the same kind of place, told apart only by the state below (the fields of
# Monster and SpellTrap these fluents say; what they do not say, such as attached materials, is taken as
# equal, which can only refuse more).
_STATE_FIELDS = ("position", 1), ("summoned_this_turn", 0), ("set_this_turn", 0), ("position_changed", 0), \
    ("flip_summoned", 0), ("attacks", 1), ("attacked_directly", 0), ("attacked_monster", 1), ("not_properly_summoned", 0), \
    ("gemini_summoned", 0), ("restricted", 1), ("tribute_restricted_to", 1), ("summoned_as", 1), \
    ("special_summoned_from", 1), ("added_tuner", 0)
_FIELD_COPIES = "\n".join([
    "field_pair(I, J, t) :- instance(I, C, t), instance(J, C, t), J < I, location(I, L, t), location(J, L, t),",
    "                       not interchangeable(L), mine(I, t), mine(J, t).",
    "field_pair(I, J, t) :- instance(I, C, t), instance(J, C, t), J < I, location(I, L, t), location(J, L, t),",
    "                       not interchangeable(L), theirs(I, t), theirs(J, t).",
    *(f"field_differ(I, J, t) :- field_pair(I, J, t), {name}({a}{x}t), not {name}({b}{x}t)."
      for name, arity in _STATE_FIELDS for a, b in (("I, ", "J, "), ("J, ", "I, ")) for x in ("X, " * arity,)),
    "field_copies(C, t) :- field_pair(I, J, t), not field_differ(I, J, t), instance(I, C, t)."])


def _refuse_field_copies(planner: Planner, position: Position, depth: int) -> None:
    planner.add_final(depth, "#external field_copies_asked. copies_met(C) :- field_copies(C, K), K < t.\n"
                             ":- field_copies_asked, not copies_met(_).")
    asked = clingo.Function("field_copies_asked")
    planner.control.assign_external(asked, True)
    planner.control.configuration.solve.models = 1
    met: list = []
    planner.control.solve(on_model=lambda model: met.extend(
        symbol.arguments[0].number for symbol in model.symbols(atoms=True) if symbol.name == "copies_met"))
    planner.control.assign_external(asked, False)
    if met:
        card = position.cards.get(met[0])
        raise PysolverError(
            f"perft --engine asp cannot count plays up to identical copies here: within {depth} "
            f"play{'s' if depth != 1 else ''}, two identical copies of \"{card.name if card else met[0]}\" stand on one "
            f"side of the field; legal_plays lists the plays that differ only by which of them they use once, and the "
            f"step-indexed turn does not merge them: count instance-level plays (--all-instances) or use --engine pysolver")


def count_lines(position: Position, depth: int, *, all_instances: bool = True) -> int:
    """perft by model counting: the sequences of exactly `depth` plays (end_turn only as the last), each
    zone and battle position the first listed (as perft's default choices), counted as the answer sets of
    the step-indexed turn projected onto the plays (plays that legal_plays withholds for unread card text
    are counted: `perft --engine asp` refuses such positions). Instance-level plays, or with
    `all_instances=False` plays up to identical copies (each step's plays listed as legal_plays groups
    them: asp/copies.lp), perft's grouped count. A Pendulum Summon takes the first complete assignment
    of zones (`_FIRST_ASSIGNMENT`)."""
    from ..position.value import id_sort_key
    from ..solve.decode import Decoder
    from ..solve.facts import position_facts
    table = position_facts(position, symmetry=False)[1]
    zone_of = Decoder(table).zone_name
    ranked = sorted(_ZONE_TERMS, key=lambda term: id_sort_key(zone_of(clingo.parse_term(term))))
    fixed = "\n".join(f"zone_rank({term},{rank})." for rank, term in enumerate(ranked))
    fixed += "\nposition_rank(attack,0). position_rank(defense,1). position_rank(set,2).\nend_turn_ends_lines."
    numbered = [(number, instance.id) for number, instance in enumerate(table.instances) if instance]
    fixed += "\n" + " ".join(f"card_rank({number},{rank})." for rank, (number, _) in
                             enumerate(sorted(numbered, key=lambda pair: id_sort_key(pair[1]))))
    # the move of state t-1 is chosen in step(t) (asp/transition.lp): constrain it there
    first = (":- go(Z, t-1), zone_option(Y, t-1), zone_rank(Z, R), zone_rank(Y, S), S < R.\n"
             ":- face(P, t-1), summon_position(Q, t-1), position_rank(P, R), position_rank(Q, S), S < R.\n"
             + _FIRST_ASSIGNMENT)
    planner = Planner(position, symmetry=not all_instances, goal_fixed=fixed,
                      extra=first if all_instances else first + _FIELD_COPIES)
    planner.control.configuration.solve.project = "show"
    planner.ask(depth)
    if not all_instances:
        _refuse_field_copies(planner, position, depth)
    planner.control.configuration.solve.models = 0
    count = 0

    def on_model(model: clingo.Model) -> None:
        nonlocal count
        count += 1

    planner.control.solve(on_model=on_model)
    return count
