"""The reference enumerator: every legal play of a position, by brute force in plain Python.

This module is the project's independent second opinion. The ASP solver is compared with it on many
generated positions, so it is written from the rules (RULES.md ids in the comments), never from the
encodings: it must not import `pysolver.facts`, `pysolver.solver`, `pysolver.plays` or read `asp/`.
It is deliberately simple: enumerate every candidate (itertools), keep the legal ones. Clarity over
speed; a full board still takes a few milliseconds.

    legal_plays(position)                      # distinct up to identical copies, with `copies`
    legal_plays(position, all_instances=True)  # every instance-level play

Each mechanic is one generator function `(position) -> Iterator[Play]` listed in `MECHANICS`; adding a
mechanic is adding one function to that tuple.

Scope (for now): Normal Summon/Set with Tributes (NS), Flip Summon (FS), manual position changes (POS),
attack declarations (BP), Setting Spells/Traps, and the phase moves. Extra Deck summons, Pendulum,
Ritual, procedures and activations come later.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import combinations
from typing import Callable, Iterable, Iterator

from .cardtext import double_tribute_attribute, tribute_limit, tribute_rules
from .play import Play, sort_plays
from .position import Instance, Position, copy_class, id_sort_key

MAIN_PHASES = ("main1", "main2")
ON_FIELD = ("monster_zone", "extra_monster_zone")   # where a monster is "on the field" (not overlay units)
# Play fields that hold one instance id, or a tuple of them: the roles an instance can play.
_ID_FIELDS = ("card", "spell", "target")
_ID_LIST_FIELDS = ("cards", "tributes", "materials", "cost")
# Play fields that are neither instances nor derived from them: equal in equivalent plays.
_PLAIN_FIELDS = ("action", "effect", "to", "zone")


# --------------------------------------------------------------------------------------------------
# Looking at the board

def _own(position: Position, location: str | tuple[str, ...]) -> list[Instance]:
    """The turn player's instances at `location`(s), in id order."""
    locations = (location,) if isinstance(location, str) else location
    return [i for i in position.instances.values() if i.player == position.turn_player and i.location in locations]


def _opponents(position: Position, location: str | tuple[str, ...]) -> list[Instance]:
    locations = (location,) if isinstance(location, str) else location
    return [i for i in position.instances.values() if i.player != position.turn_player and i.location in locations]


def _free_main_monster_zones(position: Position) -> list[str]:
    return [f"M{n}" for n, monster in enumerate(position.me.monster_zones, 1) if monster is None]


def _free_spell_trap_zones(position: Position) -> list[str]:
    return [f"S{n}" for n, card in enumerate(position.me.spell_trap_zones, 1) if card is None]


def _sorted_ids(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(ids, key=id_sort_key))


def _in_main_phase(position: Position) -> bool:
    return position.phase in MAIN_PHASES


# --------------------------------------------------------------------------------------------------
# Mechanics: one generator each

def normal_summons_and_sets(position: Position) -> Iterator[Play]:
    """NS-1..NS-7: Normal Summon (face-up Attack) or Set (face-down Defense) a hand monster, with Tributes.

    For each way the card text allows (`tribute_rules`: NS-3, NS-6; empty for NS-7 monsters), every set
    of own field monsters (any position, Tokens too unless their text forbids it: NS-4) with at most `r.tributes` members whose
    Tribute values (2 for a matching double-Tribute monster, else 1) add up to at least `r.tributes`.
    The monster goes to a free MMZ or to the MMZ of a Tribute; an EMZ Tribute frees nothing (NS-4).
    """
    if not _in_main_phase(position) or position.normal_summon_used:   # NS-1: one per turn, Main Phase
        return
    hand = _own(position, "hand")
    free = _free_main_monster_zones(position)
    for monster in hand:
        rules = tribute_rules(monster.card)
        field = [t for t in _own(position, ON_FIELD) if _can_be_tributed(t, monster)]

        def value(tribute: Instance) -> int:
            doubled = double_tribute_attribute(tribute.card)
            return 2 if doubled is not None and doubled == monster.card.attribute else 1

        for action, positions in (("normal_summon", ("attack",)), ("set_monster", ("set",))):
            for rule in rules:
                if not (rule.summon if action == "normal_summon" else rule.set):
                    continue
                if rule.only_card_in_hand and len(hand) != 1:
                    continue
                for count in range(rule.tributes + 1):
                    for tributes in combinations(field, count):
                        if sum(value(t) for t in tributes) < rule.tributes:
                            continue
                        zones = free + [t.id for t in tributes if t.location == "monster_zone"]
                        if not zones:
                            continue
                        yield Play(action=action, card=monster.id, name=monster.card.name,
                                   tributes=_sorted_ids(t.id for t in tributes), zones=_sorted_ids(zones),
                                   positions=positions)


def _can_be_tributed(tribute: Instance, summoned: Instance) -> bool:
    """A Token's own text may forbid Tributing it for a Tribute Summon (or Set) (NS-4, card data):
    always, unless the summoned monster has a given Attribute, or during the turn it was Summoned."""
    limit = tribute_limit(tribute.card)
    if limit is None:
        return True
    if limit.unless_attribute is not None:
        return summoned.card.attribute == limit.unless_attribute
    if limit.summon_turn_only:
        return not tribute.state.summoned_this_turn
    return False


def flip_summons(position: Position) -> Iterator[Play]:
    """FS-1, FS-2: a face-down monster, not Set/Summoned this turn, position not yet changed, not attacked."""
    if not _in_main_phase(position):
        return
    for monster in _own(position, ON_FIELD):
        state = monster.state
        if state.position != "set":
            continue
        if state.set_this_turn or state.summoned_this_turn or state.position_changed or state.attacked:
            continue
        yield Play(action="flip_summon", card=monster.id, name=monster.card.name)


def position_changes(position: Position) -> Iterator[Play]:
    """POS-1, POS-2: face-up Attack <-> face-up Defense, once per turn, not the turn it came out, not after
    attacking; never a Link Monster; never face-up -> face-down."""
    if not _in_main_phase(position):
        return
    for monster in _own(position, ON_FIELD):
        state = monster.state
        if state.position not in ("attack", "defense") or "link" in monster.card.kinds:
            continue
        if state.summoned_this_turn or state.set_this_turn or state.position_changed or state.attacked:
            continue
        yield Play(action="change_position", card=monster.id, name=monster.card.name,
                   to="defense" if state.position == "attack" else "attack")


def attack_declarations(position: Position) -> Iterator[Play]:
    """BP-1, BP-2: a face-up Attack Position monster that has not attacked; any opponent monster (any
    position, Main or Extra Monster Zone) is a target; a direct attack only when there is none."""
    if position.phase != "battle":
        return
    targets = [i.id for i in _opponents(position, ON_FIELD)] or ["direct"]
    for monster in _own(position, ON_FIELD):
        if monster.state.position != "attack" or monster.state.attacked:
            continue
        for target in targets:
            yield Play(action="declare_attack", card=monster.id, name=monster.card.name, target=target)


def spell_trap_sets(position: Position) -> Iterator[Play]:
    """Set a Spell or Trap from the hand: a Field Spell to the Field Zone (always: a new one replaces the
    old), any other card to a free Spell & Trap Zone."""
    if not _in_main_phase(position):
        return
    free = _free_spell_trap_zones(position)
    for card in _own(position, "hand"):
        if not card.card.is_spell_trap or card.card.is_monster:
            continue
        zones = ("FZ",) if "field" in card.card.kinds else tuple(free)
        if zones:
            yield Play(action="set_spell_trap", card=card.id, name=card.card.name, zones=zones)


def phase_moves(position: Position) -> Iterator[Play]:
    """Main Phase 1 -> Battle Phase (not on turn 1: BP-1) or End; Battle -> Main Phase 2 or End; Main 2 -> End."""
    if position.phase == "main1" and position.turn > 1:
        yield Play(action="enter_battle_phase")
    if position.phase == "battle":
        yield Play(action="enter_main2")
    yield Play(action="end_turn")


MECHANICS: tuple[Callable[[Position], Iterable[Play]], ...] = (
    normal_summons_and_sets, flip_summons, position_changes, attack_declarations, spell_trap_sets, phase_moves,
)


# --------------------------------------------------------------------------------------------------
# Identical copies

def canonical_form(position: Position, play: Play) -> tuple:
    """What stays the same when identical copies are swapped: the plain fields, and the multiset of
    (copy class, roles) over the instances the play uses. Two plays have equal forms exactly when a
    copy-class-preserving bijection of instances maps one onto the other."""
    roles: dict[str, set[str]] = {}
    for name in _ID_FIELDS:
        value = getattr(play, name)
        if value is not None and value != "direct":
            roles.setdefault(value, set()).add(name)
    for name in _ID_LIST_FIELDS:
        for value in getattr(play, name) or ():
            roles.setdefault(value, set()).add(name)
    used = Counter((copy_class(position.instances[iid]), frozenset(names)) for iid, names in roles.items())
    plain = tuple(getattr(play, name) for name in _PLAIN_FIELDS)
    return plain, play.target == "direct", frozenset(used.items())


def representative_key(play: Play) -> tuple:
    """The lowest instance ids win: card, then Tributes/materials, then target (then the rest)."""
    def one(value):
        return id_sort_key(value) if value and value != "direct" else ()

    def many(values):
        return tuple(sorted(id_sort_key(v) for v in values or ()))

    return (one(play.card), many(play.tributes if play.tributes is not None else play.materials),
            one(play.target), one(play.spell), many(play.cost), many(play.cards))


def group_copies(position: Position, plays: Iterable[Play]) -> list[Play]:
    """One representative per class of plays equal up to identical copies, with `copies` = class size."""
    groups: dict[tuple, list[Play]] = {}
    for play in plays:
        groups.setdefault(canonical_form(position, play), []).append(play)
    return [replace(min(group, key=representative_key), copies=len(group)) for group in groups.values()]


# --------------------------------------------------------------------------------------------------
# The entry point

def legal_plays(position: Position, *, all_instances: bool = False) -> list[Play]:
    """Every legal play of the turn player, sorted with `sort_plays`.

    By default plays that differ only by swapping identical copies (`copy_class`) are listed once, by
    the representative using the lowest instance ids, with `copies` set to how many they stand for;
    `all_instances=True` lists every instance-level play (each with `copies` 1).
    """
    unique: dict[tuple, Play] = {}
    for mechanic in MECHANICS:
        for play in mechanic(position):
            unique.setdefault(play.key, play)   # e.g. two Tribute rules giving the same Tributes
    plays: Iterable[Play] = unique.values()
    if not all_instances:
        plays = group_copies(position, plays)
    return sort_plays(plays)
