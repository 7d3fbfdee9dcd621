"""Every distinct end board a turn can reach in at most D plays, each with one shortest line; or the best
one by a score, proved optimal within the horizon by clingo's optimisation. No other tool answers this:
the boards are the answer sets of the step-indexed turn (pysolver.solve.steps) projected onto the end
state, so lines that reach the same board are not enumerated one by one.

    result = boards(position, 4)                       # every board within 4 plays
    result = boards(position, 4, best="monsters")      # the board with the most monsters
    for board in result.boards: board.depth, board.line, board.position

`pysolver boards POSITION --depth D [--goal GOAL] [--best SCORE] [--json]` prints `pysolver-boards/1`
(docs/boards-json.md).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

import clingo
import clingo.ast

from ..errors import PysolverError
from ..position.value import Position
from ..solve.legal import legal_plays
from ..solve.steps import Planner, ReplayCut, Replayer, UncertainLine, all_fluents, project_state
from ..solve.unread import unread_in_turn
from .goals import Goal, as_goal
from .plan import _asp_fragment, goal_program
from .search import Line, Move, Symmetry, _canonical_key_function, _label, _zone_sensitive, narrow
from . import exploring

FORMAT = "pysolver-boards/1"
# Built-in scores over the turn player's field at the end state t.
# Counts of monsters count the zones they occupy (as goal_program's counts: a proof of the optimum is then
# no pigeonhole problem for clingo).
SCORES = {
    "monsters": "score(V, t) :- V = #count { Z : mine(I, t), monster_on_field(I, t), zone(I, Z, t) }.",
    "extra": "score(V, t) :- V = #count { Z : mine(I, t), monster_on_field(I, t), zone(I, Z, t), instance(I, C, t), "
             "kind(C, K), extra_kind(K) }.\nextra_kind(fusion; synchro; xyz; link).",
    "atk": "score(V, t) :- V = #sum { A, I : mine(I, t), monster_on_field(I, t), face_up(I, t), instance(I, C, t), "
           "atk(C, A) }.",
}


@dataclass
class Board:
    depth: int                     # the plays of its shortest line
    line: Line
    position: Position
    key: str
    score: int | None = None

    def to_json(self) -> dict:
        data = {"plays": self.depth, "board": _label(self.position), "key": self.key, **self.line.to_json()}
        if self.score is not None:
            data["score"] = self.score
        return data


@dataclass
class BoardsResult:
    depth: int
    goal: str | None
    best: str | None
    boards: list[Board]
    exhaustive: bool
    reason: str
    statistics: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"format": FORMAT, "depth": self.depth, "goal": self.goal, "best": self.best,
                "count": len(self.boards), "boards": [board.to_json() for board in self.boards],
                "exhaustive": self.exhaustive, "reason": self.reason, "statistics": self.statistics}

    def text(self) -> str:
        head = (f"best board by {self.best}: score {self.boards[0].score}" if self.best and self.boards else
                f"{len(self.boards)} distinct board{'s' if len(self.boards) != 1 else ''} within {self.depth} "
                f"play{'s' if self.depth != 1 else ''}")
        out = [head + (f" reaching {self.goal}" if self.goal else "")]
        width = len(str(len(self.boards)))
        for i, board in enumerate(self.boards, 1):
            out.append(f"  {i:>{width}}. [{board.depth}] {board.position and _label(board.position)}")
            out.append(f"  {'':>{width}}    {board.line.text()}")
        out.append(("exhaustive: " if self.exhaustive else "NOT exhaustive: ") + self.reason)
        return "\n".join(out)


def _score_program(best: str, fluents: frozenset) -> tuple[str, str]:
    """(fixed rules, rules over the state t) that define score(V, t)."""
    if best in SCORES:
        return "", SCORES[best]
    if best.startswith("asp:"):
        from types import SimpleNamespace
        from ..solve.steps import _head_names
        statements: list = []
        messages: list[str] = []
        try:
            clingo.ast.parse_string(best[4:].strip().strip('"'), statements.append,
                                    logger=lambda code, message: messages.append(" ".join(message.split())))
        except RuntimeError:
            detail = messages[0].split("error: ")[-1] if messages else "clingo cannot parse it"
            raise PysolverError(f"the score {best!r} is not an ASP program: {detail}") from None
        rules = [s for s in statements if s.ast_type == clingo.ast.ASTType.Rule]
        if not any("score" in _head_names(rule) for rule in rules):
            raise PysolverError('an asp score must define score(V), for example asp:"score(V) :- V = #count { ... }."')
        fixed, rules = _asp_fragment(SimpleNamespace(_statements=tuple(rules)), fluents, 0, keep=("score",))
        return "\n".join(fixed), "\n".join(rules)
    raise PysolverError(f"unknown score {best!r}: use monsters, extra, atk or asp:\"score(V) :- ...\"")


@exploring
def boards(position: Position, depth: int, *, goal: Goal | str | None = None, best: str | None = None,
           timeout: float | None = None) -> BoardsResult:
    """Every distinct end board (up to identical copies and interchangeable zones, as search's keys)
    within `depth` plays, reaching `goal` if given; with `best`, the one with the highest score."""
    if not isinstance(depth, int) or depth < 0:
        raise PysolverError(f"the depth must be a whole number, 0 or more (got {depth!r})")
    started = time.perf_counter()
    deadline = None if timeout is None else started + timeout
    goal = as_goal(goal, position.cards) if goal is not None else None
    symmetry = Symmetry.of(position, "all" if goal is not None and _zone_sensitive(goal) else "auto")
    zone_classes = tuple(name for name, used in (("monsters", symmetry.monsters), ("spells", symmetry.spells),
                                                 ("pendulums", symmetry.pendulums)) if used)
    canonical_key = _canonical_key_function()
    fluents = all_fluents()
    goal_fixed, goal_rules = goal_program(goal, fluents) if goal is not None else ("", "")
    score_fixed, score_rules = _score_program(best, fluents) if best else ("", "")
    replayer = Replayer(position, lambda pos: legal_plays(pos, all_instances=True), deadline=deadline)
    replay_cut = False
    found: dict[str, Board] = {}
    cut = None
    models = 0
    unread = unread_in_turn(position)   # the step-indexed turn has no partial answers
    uncertain: list[str] = [f"the turn involves card text pysolver cannot read ({', '.join(unread)})"] if unread else []
    for n in range(depth + 1):
        planner = Planner(position, symmetry=True, zone_classes=zone_classes, goal_fixed=goal_fixed + "\n" + score_fixed,
                          goal_program=goal_rules)
        final = project_state("t")
        if best:
            final += "\n" + score_rules + "\n#maximize { V : score(V, t) }."
        planner.add_final(n, final)
        planner.ask(n)
        configuration = planner.control.configuration
        configuration.solve.models = 0
        if best:               # optimisation over all lines: the optimum is proved by clingo
            configuration.solve.opt_mode = "opt"
        else:                  # one model per end state (projected onto the state at the horizon)
            configuration.solve.project = "project"

        def on_model(model: clingo.Model) -> bool:
            nonlocal models, replay_cut
            models += 1
            atoms = model.symbols(shown=True)
            try:
                moves = replayer.line(atoms, n)
            except UncertainLine as withheld:        # through a play legal_plays withholds: not certified
                uncertain.append(str(withheld))
                return True
            except ReplayCut:
                replay_cut = True
                return False
            end = moves[-1][2] if moves else position
            key = canonical_key(symmetry.normalize(end))
            score = -model.cost[0] if best and model.cost else None
            if key not in found or (best and score is not None and (found[key].score or 0) < score):
                line = _line(position, [(play, choices) for play, choices, _ in moves])
                found[key] = Board(n, line, end, key, score)
            return True

        with planner.control.solve(on_model=on_model, async_=True) as handle:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            if not handle.wait(-1.0 if left is None else left):
                handle.cancel()
                handle.wait()
                cut = f"stopped after --timeout {timeout:g} s"
                break
            handle.get()       # raises what a callback raised (a line that does not replay is an error)
        if replay_cut:
            cut = f"stopped after --timeout {timeout:g} s"
            break
    listed = sorted(found.values(), key=lambda b: (b.depth, b.key))
    if best:
        top = max((b.score for b in listed if b.score is not None), default=None)
        listed = [b for b in listed if b.score == top][:1]
    plays = f"{depth} play{'s' if depth != 1 else ''}"
    reason = cut or (f"the best board found (optimal within {plays})" if best else f"every distinct board within {plays}")
    if uncertain:
        reason += (f"; NOT complete: boards that depend on card text pysolver cannot read may be missing or "
                   f"not reachable ({uncertain[0]})")
    statistics = {"models": models, "seconds": round(time.perf_counter() - started, 4)}
    return BoardsResult(depth, goal.text if goal else None, best, listed, cut is None and not uncertain, reason,
                        statistics)


def _line(start: Position, moves: list[tuple]) -> Line:
    actual, narrowed, texts = start, [], []
    for play, choices in moves:
        move = narrow(Move(play, choices))
        texts.append(move.notation(actual))
        narrowed.append(move)
        actual = move.apply(actual)
    return Line(tuple(narrowed), tuple(texts))


def add_arguments(parser) -> None:
    parser.add_argument("position", help="position file (YAML or JSON, format pysolver-position/1)")
    parser.add_argument("--depth", type=int, required=True, metavar="D", help="boards within D plays")
    parser.add_argument("--goal", metavar="GOAL", help="only boards that reach the goal (search's goal language)")
    parser.add_argument("--best", metavar="SCORE",
                        help='the board with the highest score: monsters, extra, atk, or asp:"score(V) :- ..."')
    parser.add_argument("--timeout", type=float, metavar="S", help="stop after S seconds")
    parser.add_argument("--json", action="store_true", help="print pysolver-boards/1 JSON")


def cli_main(args) -> int:
    from ..cards.load import load_cards
    from ..position.files import load_position
    cards = load_cards(args.cards)
    position = load_position(args.position, cards=cards)
    result = boards(position, args.depth, goal=args.goal, best=args.best, timeout=args.timeout)
    print(json.dumps(result.to_json(), indent=2) if args.json else result.text())
    return 0
