"""Ground the encodings with a position's facts and enumerate every legal play."""

from __future__ import annotations

import time
from functools import lru_cache
from importlib import resources
from pathlib import Path

import clingo
import clingo.ast

from ..errors import PysolverError
from .facts import numbered_facts, position_facts
from ..position.play import ACTIONS, Plays
from .decode import Decoder, finish, shown_atoms
from .unread import Withheld
from ..position.value import Position

# The encodings, one per mechanic (asp/README.md), each with the facts that make it relevant: a mechanic
# whose cards are absent from the position can give no play, so its rules are not even grounded (this
# halves grounding time on most positions; the answer is the same). show.lp holds the only #show.
ENCODINGS = ("base.lp", "filters.lp", "zones.lp", "materials.lp", "material_text.lp", "normal.lp", "tribute_text.lp", "flip.lp", "position.lp",
             "battle.lp", "spell_trap.lp", "phase.lp", "synchro.lp", "xyz.lp", "link.lp", "ritual.lp", "fusion.lp",
             "pendulum.lp", "procedure.lp", "activate.lp", "protections.lp", "presence.lp", "restrictions.lp", "zone_locks.lp",
             "history.lp", "card_state.lp", "show.lp")
_NEEDS = {
    "filters.lp": ("filter_atom", "filter_any"),
    "zones.lp": ("requirement", "scale", "alternative_xyz", "attack_pointed_cannot",   # BP-8, BP-11: at/3, points/3
                 "attack_not_target_pointing", "attack_pointed_not_target", "presence",   # PRC-1, PRC-2
                 "zone_lock",    # ZLK-1: points/3
                 "protection",   # TGT-10, TGX-1: points/3
                 "attack_column_guard",   # BPX-27: at/3
                 "ritual_from_extra_deck",   # RSP-2: a Ritual Monster from the face-up Extra Deck
                 "own_procedure_only",   # PRY-1: an Extra Deck monster by its own procedure, with no material line
                 "activation_lock_unless_linked", "summon_lock_column",   # LKQ-4: points/3; LKQ-11: at/3
                 "extra_summon_to_pointed"),   # TRQ-5: points/3
    "materials.lp": ("requirement", "alternative_xyz"),
    "tribute_text.lp": ("rule_alternative", "tribute_rule_filter", "no_tribute_grant"),   # TRQ-2
    "material_text.lp": ("synchro_level_alternative", "non_tuner_option", "tuner_substitute", "xyz_level_alternative",
                         "xyz_treats_as_level", "cannot_be_material", "cannot_be_material_the_turn",
                         "cannot_be_material_with_material", "material_only_for", "other_materials_not", "fusion_only_as_substitute", "hand_synchro",
                         "other_materials_must", "synchro_all_levels", "cannot_be_material_face_up"),   # LKQ-13
    "synchro.lp": ("requirement_synchro",),
    "xyz.lp": ("requirement_xyz", "alternative_xyz"),
    "link.lp": ("requirement_link",),
    "fusion.lp": ("requirement_fusion",),
    "ritual.lp": ("ritual_spell",),
    "pendulum.lp": ("scale",),
    "procedure.lp": ("procedure", "contact_fusion"),
    "activate.lp": ("effect",),
    "protections.lp": ("protection",),
    "presence.lp": ("presence",),
    "zone_locks.lp": ("zone_lock",),
    "restrictions.lp": ("summon_lock", "own_procedure_only", "one_at_a_time", "unique", "cannot_be_summoned",
                        "activation_lock", "no_activation_or_set", "summon_needs_gy_card",
                        "summon_needs_extra_deck_lead",   # LKQ-12
                        "extra_deck_gy_needed"),   # PRW-7
    "history.lp": ("summon_event", "activate_event", "each_player_once"),
    "card_state.lp": ("gemini", "trap_monster_kind", "restricted", "tribute_restricted_to", "own_restriction",
                      "trap_monster_not_trap", "face_up_restriction", "never_tributed_by_opponent",
                      "negation"),   # NGT-1
}
# Every model is one play: enumerate all, projected onto the shown atoms (a Link Monster counting as 1
# or as its rating, or which slot a material fills, must not repeat a play).
CLINGO_ARGUMENTS = ("--models=0", "--warn=none", "--project=show")


def encodings_root():
    # A source checkout's own asp/ first: an editable install elsewhere must not lend its encodings
    # to this checkout's Python code (they change together).
    here = Path(__file__).resolve().parent.parent.parent / "asp"
    if (here / "base.lp").exists():
        return here
    return resources.files("pysolver.asp")


@lru_cache(maxsize=None)
def encoding_statements(name: str) -> tuple:
    """One encoding parsed once per process; each call adds the parsed statements (no re-parsing)."""
    statements: list = []
    clingo.ast.parse_string(encodings_root().joinpath(name).read_text(encoding="utf-8"), statements.append)
    return tuple(statements)


def program(names=ENCODINGS) -> str:
    """The text of the encodings (all of them by default), for export and inspection."""
    return "\n".join(encodings_root().joinpath(name).read_text(encoding="utf-8") for name in names)


def relevant_encodings(position: Position, predicates: frozenset) -> tuple[str, ...]:
    """The encodings whose mechanics can give a play in `position` (which has facts of `predicates`)."""
    main = position.phase != "battle"
    me = position.me
    hand = {kind for card in me.hand for kind in card.kinds}
    field = [m for m in me.monster_zones + me.extra_monster_zones if m is not None]
    gates = {
        "normal.lp": main and ("monster" in hand or any("gemini" in m.card.kinds for m in field)),   # GEM-2
        "flip.lp": main and any(not m.face_up for m in field),
        "position.lp": main and any(m.face_up for m in field),
        "spell_trap.lp": main and bool(hand & {"spell", "trap"}),
        # BPO-1: in Main Phase 1 a monster that must attack, if able, decides whether the turn may end there
        "battle.lp": not main or (position.phase == "main1" and "must_attack" in predicates),
    }
    return tuple(name for name in ENCODINGS if gates.get(name, True) and (
        name not in _NEEDS or any(needed in predicates for needed in _NEEDS[name])))


# --------------------------------------------------------------------------------------------------
# Rules that cannot fire. clingo's grounding costs about 20 us per rule even when the rule derives
# nothing, and a position's facts leave many rules of the relevant encodings dead: a rule with a positive
# body atom of a predicate that no fact and no live rule can give never applies. Those rules are left out
# before grounding (a fixpoint over predicates; the answer sets are the same), about a third of the
# grounding time on positions of real decks.

class _Atoms(clingo.ast.Transformer):
    def __init__(self):
        self.found: set[tuple[str, int]] = set()

    def visit_SymbolicAtom(self, node):
        self.found.add(_predicate(node.symbol))
        return node


def _predicate(symbol) -> tuple[str, int]:
    if symbol.ast_type == clingo.ast.ASTType.UnaryOperation:        # classical negation: -p(X)
        name, arity = _predicate(symbol.argument)
        return "-" + name, arity
    if symbol.ast_type == clingo.ast.ASTType.Function:
        return symbol.name, len(symbol.arguments)
    return "", 0                                                       # not an atom of a predicate


def _atoms(node) -> frozenset:
    atoms = _Atoms()
    atoms(node)
    return frozenset(atoms.found)


def dependencies(statement) -> tuple | None:
    """(the predicates of a rule's positive body literals, those of its head), or None for a statement
    that is always kept (#show, #const, #program, ...)."""
    kind = statement.ast_type
    if kind == clingo.ast.ASTType.Rule:
        return (frozenset(_predicate(literal.atom.symbol) for literal in statement.body
                          if literal.ast_type == clingo.ast.ASTType.Literal
                          and literal.sign == clingo.ast.Sign.NoSign
                          and literal.atom.ast_type == clingo.ast.ASTType.SymbolicAtom),
                _atoms(statement.head))
    if kind == clingo.ast.ASTType.External:
        return frozenset(), _atoms(statement.atom)
    return None


def live_mask(needs: list, predicates) -> list[bool]:
    """Which statements may fire (`dependencies` of each) with facts of `predicates` (names: a fact of any
    arity makes its name present): the least fixpoint of the predicates that live rules can give."""
    derived: set = set()
    live = [need is None for need in needs]
    changed = True
    while changed:
        changed = False
        for at, need in enumerate(needs):
            if not live[at] and all(p[0] in predicates or p in derived for p in need[0]):
                live[at] = True
                if not need[1] <= derived:
                    derived |= need[1]
                    changed = True
    return live


@lru_cache(maxsize=None)
def encoding_dependencies(name: str) -> tuple:
    """`dependencies` of each statement of an encoding, once per process."""
    return tuple(dependencies(statement) for statement in encoding_statements(name))


@lru_cache(maxsize=1024)
def live_statements(names: tuple[str, ...], predicates: frozenset) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(encoding, indices of its statements that may fire) for the encodings `names` grounded with facts of
    `predicates` (`live_mask`)."""
    at = [(name, index) for name in names for index in range(len(encoding_statements(name)))]
    live = live_mask([need for name in names for need in encoding_dependencies(name)], predicates)
    return tuple((name, tuple(index for (of, index), alive in zip(at, live) if of == name and alive))
                 for name in names)


def legal_plays(position: Position, *, all_instances: bool = False, max_plays: int | None = None,
                timeout: float | None = None, actions: tuple[str, ...] | None = None) -> Plays:
    """Every legal play of the turn player, listed up to identical copies unless `all_instances`.

    `max_plays` and `timeout` (seconds) cut the enumeration short; the result then says
    `exhaustive = False` and why. `actions` keeps only plays of those kinds.
    """
    started = time.perf_counter()
    for action in actions or ():
        if action not in ACTIONS:
            raise PysolverError(f"unknown action {action!r}; use one of {', '.join(ACTIONS)}")
    withheld = Withheld(position)   # refuses a position with an unreadable lock in force
    facts, table = position_facts(position, symmetry=not all_instances)
    if actions:
        facts += "\n" + "\n".join(f"only_action({action})." for action in actions)
    control = clingo.Control(list(CLINGO_ARGUMENTS))
    present = table.predicates | {"only_action"} if actions else table.predicates
    with clingo.ast.ProgramBuilder(control) as builder:
        for name, indices in live_statements(relevant_encodings(position, table.predicates), present):
            statements = encoding_statements(name)
            for index in indices:
                builder.add(statements[index])
    control.add("base", [], facts)
    prepared = time.perf_counter()
    control.ground([("base", [])])
    grounded = time.perf_counter()

    decoder = Decoder(table)
    plays = []
    decode_seconds = 0.0
    cut = None

    def on_model(model: clingo.Model) -> bool:
        nonlocal decode_seconds, cut
        start = time.perf_counter()
        plays.append(decoder.decode(shown_atoms(model)))
        decode_seconds += time.perf_counter() - start
        if max_plays is not None and len(plays) >= max_plays:
            cut = f"stopped after --max-plays {max_plays}"
            return False
        return True

    if timeout is None:
        result = control.solve(on_model=on_model)
    else:
        with control.solve(on_model=on_model, async_=True) as handle:
            if not handle.wait(timeout):
                handle.cancel()
                cut = cut or f"stopped after --timeout {timeout:g} s"
            result = handle.get()
    solved = time.perf_counter()
    exhaustive = cut is None and result.exhausted
    listed = withheld.filter(finish(plays, table, all_instances))
    done = time.perf_counter()
    return Plays(listed, exhaustive=exhaustive, reason=None if exhaustive else (cut or "search interrupted"),
                 unread=withheld.entries,
                 statistics={"facts": prepared - started, "ground": grounded - prepared,
                             "solve": solved - grounded - decode_seconds,
                             "decode": decode_seconds + (done - solved), "total": done - started})


# --------------------------------------------------------------------------------------------------
# Many positions at once: grounding costs mostly per rule, not per fact, so positions grounded together
# share that cost. The batched encodings are the same encodings with a position number P added as first
# argument of every atom and `position(P)` (an external) in every body; each position is then solved
# alone by switching its external on.

class _PositionNumber(clingo.ast.Transformer):
    def visit_SymbolicAtom(self, node):
        symbol = node.symbol
        if symbol.ast_type == clingo.ast.ASTType.Function:
            number = clingo.ast.Variable(symbol.location, "PositionNumber")
            symbol = clingo.ast.Function(symbol.location, symbol.name, [number, *symbol.arguments], symbol.external)
            return node.update(symbol=symbol)
        return node

    def visit_ShowSignature(self, node):
        return node.update(arity=node.arity + 1)


@lru_cache(maxsize=None)
def batched_statements(name: str) -> tuple:
    """One encoding with the position number added (see above), parsed once per process."""
    number = _PositionNumber()
    statements: list = []

    def add(statement) -> None:
        if statement.ast_type == clingo.ast.ASTType.Rule:
            statement = number(statement)
            location = statement.location
            active = clingo.ast.Literal(location, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(
                clingo.ast.Function(location, "position", [clingo.ast.Variable(location, "PositionNumber")], False)))
            statement = statement.update(body=[*statement.body, active])
        elif statement.ast_type == clingo.ast.ASTType.ShowSignature:
            statement = number(statement)
        statements.append(statement)
    clingo.ast.parse_string(encodings_root().joinpath(name).read_text(encoding="utf-8"), add)
    return tuple(statements)


def legal_plays_many(positions, *, all_instances: bool = False) -> list[Plays]:
    """`legal_plays` of many positions at once (the same answers), several times faster per position
    when there are a few dozen: what search, perft and benchmarks use."""
    positions = list(positions)
    if len(positions) <= 1:
        return [legal_plays(position, all_instances=all_instances) for position in positions]
    started = time.perf_counter()
    tables, chunks, names, present = [], [], set(), {"position"}
    withhelds = [Withheld(position) for position in positions]
    for number, position in enumerate(positions, 1):
        facts, table = position_facts(position, symmetry=not all_instances)
        tables.append(table)
        chunks.append(numbered_facts(facts, number))
        chunks.append(f"#external position({number}).")
        names.update(relevant_encodings(position, table.predicates))
        present |= table.predicates
    control = clingo.Control(list(CLINGO_ARGUMENTS))
    with clingo.ast.ProgramBuilder(control) as builder:
        for name, indices in live_statements(tuple(name for name in ENCODINGS if name in names), frozenset(present)):
            statements = batched_statements(name)
            for index in indices:
                builder.add(statements[index])
    control.add("base", [], "\n".join(chunks))
    control.ground([("base", [])])
    grounded = time.perf_counter()
    results = []
    for number, table in enumerate(tables, 1):
        active = clingo.Function("position", [clingo.Number(number)])
        control.assign_external(active, True)
        decoder = Decoder(table, offset=1)
        plays: list = []
        result = control.solve(on_model=lambda model: plays.append(decoder.decode(shown_atoms(model))))
        control.assign_external(active, False)
        listed = withhelds[number - 1].filter(finish(plays, table, all_instances))
        results.append(Plays(listed, exhaustive=result.exhausted,
                             reason=None if result.exhausted else "search interrupted",
                             unread=withhelds[number - 1].entries))
    share = (grounded - started) / len(positions)
    done = time.perf_counter()
    for plays in results:
        plays.statistics.update({"ground": share, "solve": (done - grounded) / len(positions),
                                 "total": (done - started) / len(positions)})
    return results
