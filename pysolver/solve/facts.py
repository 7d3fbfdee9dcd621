"""Position + cards -> ASP facts: the one place that writes facts (vocabulary: asp/base.lp)."""

from __future__ import annotations

from collections import Counter
import re
from dataclasses import dataclass
from functools import cache, lru_cache

from ..cards.cardtext import (RitualSpell, changes_others_stats, changes_others_stats_from_gy, double_tribute,
                              no_tribute_grant, only_own_summon_rules, pointed_summon_grant, triple_tribute,
                              own_original_stats, ritual_limits, fusion_spell, fusion_substitute,
                              fusion_material_places, pendulum_after_summon, extra_deck_gy_needed,
                              opponent_tributes, fusion_gy_grant,
                              material_requirement, material_rules, ritual_spell, special_summon_limit, special_summon_needs,
                              special_summon_way, summons_refused, tribute_limit, tribute_rules, untributable_face_up)
from ..cards.card import Card, CardDB
from ..cards.attacks import attack_rules, field_name
from ..cards.locks import (activation_locks, emz_lock, extra_deck_lead, extra_deck_zone_force, gy_card_needed, hand_trap_grants,
                           no_activation_or_set, summon_locks, zone_lock)
from ..cards.negations import negations
from ..cards.uniques import unique
from ..cards.protections import protections
from ..cards.written import (TrapMonster, gemini, hand_synchro, link_extra_material, non_tuner, synchro_levels, token_restrictions,
                             synchro_all_levels, tuner_for_user, tuner_if_material, tuner_substitute, xyz_levels, xyz_treated_level,
                             trap_monster)
from ..cards.extra_deck_text import alternative_xyz, pendulum_as_level, ritual_only_with
from ..cards.replacements import banish_instead, deck_bottom_on_leaving, deck_to_gy_lock
from ..cards.effects import (activated_effects, clauses, contact_fusion, limits, not_from_graveyard,
                              procedure_once_per_turn, procedures, read_clauses, unread_summon_clause)
from ..errors import PysolverError
from ..position.canonical import materials_seen
from ..position.value import Instance, Monster, Position, SpellTrap, copy_class
from ..cards.requirements import (And, Atom, DifferentNames, DifferentProperty, Including, Not, Or, SameAnyProperty,
                                  SameProperty, xyz_of_xyz)

# Locations whose identical copies are interchangeable in every respect (no zone geometry), so the
# encodings may list plays up to copies by symmetry breaking; field copies are grouped by the decoder.
SYMMETRIC_LOCATIONS = frozenset({"hand", "deck", "extra_deck", "graveyard", "banished", "overlay"})
HIDDEN_TO_THE_RULES = frozenset({"hand", "deck", "extra_deck", "banished"})


def constant(text: str) -> str:
    """An ASP constant for an Attribute, Type or kind name: `Winged Beast` -> `winged_beast`."""
    return text.lower().replace("-", "_").replace(" ", "_")


def _string(text: str) -> str:
    """A clingo string constant."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@lru_cache(maxsize=4096)
def card_facts(card: Card) -> str:
    """The facts of one card (by passcode), cached: they never change."""
    c = card.passcode
    out = [f"kind({c},{kind})." for kind in sorted(card.kinds)]
    for key in ("level", "rank", "link_rating", "atk", "scale"):
        value = getattr(card, key)
        if value is not None:
            out.append(f"{key}({c},{value}).")
    if card.defense is not None:
        out.append(f"def({c},{card.defense}).")
    out.append(f"name({c},{card.alias or c}).")
    if own_original_stats(card):                      # MAT-3: its ATK/DEF on the field are unknown
        out.append(f"stats_unknown_on_field({c}).")
    if changes_others_stats(card):                    # STM-2: where it may change other monsters' ATK/DEF
        out.append(f"stats_change_others({c},{'graveyard' if changes_others_stats_from_gy(card) else 'field'}).")
    if (renamed := field_name(card)) is not None:     # BPA-2: its name on the field
        out.append(f"name_on_field({c},{_string(renamed)}).")
    if card.attribute:
        out.append(f"attribute({c},{constant(card.attribute)}).")
    if card.race:
        out.append(f"race({c},{constant(card.race)}).")
    out.extend(f"arrow({c},{arrow.lower()})." for arrow in sorted(card.arrows))
    for number, rule in enumerate(tribute_rules(card), 1):
        out.append(f"tribute_rule({c},{number},{rule.tributes}).")
        if rule.summon:
            out.append(f"rule_for({c},{number},normal_summon).")
        if rule.set:
            out.append(f"rule_for({c},{number},set_monster).")
        if rule.only_card_in_hand:
            out.append(f"rule_needs_only_card({c},{number}).")
    limit = tribute_limit(card)
    if limit is not None:
        if limit.unless_attribute:
            out.append(f"tribute_only_for({c},{constant(limit.unless_attribute)}).")
        elif limit.summon_turn_only:
            out.append(f"untributable_on_summon_turn({c}).")
        else:
            out.append(f"untributable({c}).")
    never = untributable_face_up(card)     # NS-10
    if never == "opponent":                # TRX-1: no Tribute by its controller's opponent
        out.append(f"never_tributed_by_opponent({c}).")
    elif never:
        out.append(f"face_up_restriction({c},{'never_tributed' if never == 'all' else 'cannot_be_tributed'}).")
    # BAN-1 (leaves: face-up, leaving the field), BAN-2 (overlay: an Xyz Material sent to the GY): banished instead;
    # BAN-3 (field): banish_field(C, N, What, Whose GY, From where, Where the card applies it)
    for n, replacement in enumerate(banish_instead(card), 1):
        if replacement.kind == "field":
            out.append(f"banish_field({c},{n},{replacement.what},{replacement.gy},{replacement.source},"
                       f"{replacement.where}).")
        else:
            out.append(f"banish_instead({c},{replacement.kind}).")
    if deck_to_gy_lock(card):              # CTR-6: no card goes from the Deck to the GY while it applies
        out.append(f"deck_gy_lock({c}).")
    if deck_bottom_on_leaving(card):       # SCY-1: a face-up Special Summoned one leaving the field: to the Deck's bottom
        out.append(f"leaves_to_deck_bottom({c}).")
    return "\n".join(out)


@dataclass(frozen=True)
class FactTable:
    """What the decoder needs to turn answer sets back into ids: instance number -> instance."""

    instances: tuple[Instance, ...]      # index 0 is unused (instance numbers start at 1)
    class_of: tuple[int, ...]            # copy class of each instance: the number of its first copy
    class_size: dict                     # copy class -> number of identical copies
    field_copies: bool                   # some field instances have identical copies
    symmetric_copies: bool               # some hand/GY/... instances have identical copies
    emz_names: dict                      # own-view side -> table name (EMZL/EMZR)
    predicates: frozenset = frozenset()  # the fact predicates written (and requirement_<summon> kinds)


_PREDICATE = re.compile(r"^[^(.\n]*", re.M)   # a 0-ary fact ends with its period
_REQUIREMENT_KIND = re.compile(r"^requirement\(.*,(.*)..$", re.M)   # the summon kind: the last argument


# The rules that read columns (LKQ-11, BPX-27, BPN-6, PRW-2): with them, zone numbers matter beyond Link Arrows.
COLUMN_FACTS = frozenset({"summon_lock_column", "attack_column_guard", "attack_direct_alone_in_column",
                          "procedure_emz_column"})


def reads_columns(position: Position) -> bool:
    """Whether a card of the position has a rule about the cards in a column."""
    return bool(position_facts(position, symmetry=False)[1].predicates & COLUMN_FACTS)


def position_facts(position: Position, symmetry: bool = True) -> tuple[str, FactTable]:
    """The facts of a position; `symmetry` lists plays up to identical copies (copy_before/2)."""
    out = [f"rules({position.rules}).", f"turn({position.turn}).", f"phase({position.phase})."]
    if position.normal_summon_used:
        out.append("normal_summon_used.")
    if position.pendulum_summon_used:
        out.append("pendulum_summon_used.")
    # The turn player's own view of the shared Extra Monster Zones (player 0's view is the table's).
    own_side = {"EMZL": "left", "EMZR": "right"} if position.turn_player == 0 else {"EMZL": "right", "EMZR": "left"}
    instances: list = [None]
    class_of: list = [0]
    first_of_class: dict = {}
    last_of_class: dict = {}
    class_size: dict = {}
    cards: dict[int, Card] = {}
    links: list[Card] = []            # ZN-1: the Link Monsters rules can see (`extra_link_table`)
    deck_tributes = any(_reads_deck(i.card) for i in position.instances.values() if i.player == position.turn_player)
    # MUS-1: the materials of each monster's Summon are written (and tracked by the step-indexed turn) only when a
    # card of the position reads them: the record costs the planner a fluent per material
    used_read = materials_seen(position)
    if used_read:
        out.append("summon_materials_read.")
    their_banished = any(attack_rules(i.card).extra_while_banished is not None     # BPX-14 reads both players'
                         for i in position.instances.values() if i.player == position.turn_player)   # banished cards
    if any(extra_deck_lead(i.card) for i in position.instances.values() if i.player == position.turn_player
           and i.location == "extra_deck"):   # LKQ-12: the size of the opponent's Extra Deck (its cards are no facts;
        size = sum(1 for i in position.instances.values()       # no play of the turn player's changes it)
                   if i.location == "extra_deck" and i.player != position.turn_player)
        out.append(f"their_extra_deck_size({size}).")
    for number, instance in enumerate(position.instances.values(), 1):
        instances.append(instance)
        cls = copy_class(instance, position.scale_zones)
        first = first_of_class.setdefault(cls, number)
        class_of.append(first)
        class_size[first] = class_size.get(first, 0) + 1
        if instance.player != position.turn_player and instance.location in HIDDEN_TO_THE_RULES \
                and not (instance.location == "banished" and their_banished):
            continue   # no rule reads the opponent's hand, Deck, Extra Deck or banished cards (but BPX-14)
        if instance.card.is_a("link"):
            links.append(instance.card)
        if instance.location != "deck" or deck_tributes:   # the Deck is counted; its cards matter only to
            cards[instance.card.passcode] = instance.card  # Advanced Ritual Art and procedures' Deck costs
        out.append(f"instance({number},{instance.card.passcode}).")
        out.append(f"{'mine' if instance.player == position.turn_player else 'theirs'}({number}).")
        out.append(f"location({number},{instance.location}).")
        if symmetry and instance.location in SYMMETRIC_LOCATIONS and cls in last_of_class:
            out.append(f"copy_before({number},{last_of_class[cls]}).")
        last_of_class[cls] = number
        state = instance.state
        if isinstance(state, Monster):
            out.append(f"position({number},{state.position}).")
            for flag in ("summoned_this_turn", "set_this_turn", "position_changed", "flip_summoned"):
                if getattr(state, flag):
                    out.append(f"{flag}({number}).")
            if state.attacked:                    # BP-2, BP-5: how many attacks, whether one was direct
                out.append(f"attacks({number},{state.attacked}).")
                if state.attacked_directly:
                    out.append(f"attacked_directly({number}).")
            if not state.properly_summoned:
                out.append(f"not_properly_summoned({number}).")
            out.extend(_monster_state_facts(number, state, used_read))
            for used, _ in state.summon_materials if used_read else ():   # MUS-1: their card facts (filters match them)
                cards[used.passcode] = used
        elif isinstance(state, SpellTrap):
            out.append(f"position({number},{state.position}).")
            if state.set_this_turn:
                out.append(f"set_this_turn({number}).")
        elif state is not None:  # a pile card
            if state.face_up and instance.location == "extra_deck":
                out.append(f"face_up_in_extra_deck({number}).")
            if not state.properly_summoned:
                out.append(f"not_properly_summoned({number}).")
        zone = _zone_term(instance, own_side)
        if zone:
            out.append(f"zone({number},{zone}).")
    numbers = {instance.id: n for n, instance in enumerate(instances) if instance}
    for n, instance in enumerate(instances):
        if instance and instance.host:
            out.append(f"attached({n},{numbers[instance.host]}).")
        if instance and isinstance(instance.state, Monster) and instance.player == position.turn_player:
            for zone in instance.state.attacked_monsters:     # BP-12: the other player's monsters it attacked
                if f"o{zone}" in numbers:
                    out.append(f"attacked_monster({n},{numbers[f'o{zone}']}).")
    for card in _history_cards(position):   # filters read them too (a lock on the Tokens an effect makes)
        cards.setdefault(card.passcode, card)
    out.extend(card_facts(card) for card in cards.values())
    out.extend(history_facts(position))
    out.append(f"lp(me,{position.me.lp}).")
    out.append(f"lp(opponent,{position.opponent.lp}).")
    out.append(rules_facts(position, cards.values()))
    if position.rules >= 4 and (extra_link_table(links) or all(position.me.extra_monster_zones)):
        out.append("extra_link_possible.")
    text = "\n".join(out)
    predicates = set(_PREDICATE.findall(text))        # each line's predicate (as line.partition("(")[0])
    predicates.update(f"requirement_{kind}" for kind in _REQUIREMENT_KIND.findall(text))
    duplicated = [instances[first].location in SYMMETRIC_LOCATIONS for first, size in class_size.items() if size > 1]
    table = FactTable(
        instances=tuple(instances), class_of=tuple(class_of), class_size=class_size,
        field_copies=not all(duplicated), symmetric_copies=any(duplicated),
        emz_names={side: name for name, side in own_side.items()},
        predicates=frozenset(predicates),
    )
    return text, table


# ZN-1 Extra Link, in the turn player's view (as asp/zones.lp): column x 1..5, row y 0 (the turn player's Main
# Monster Zones), 1 (the Extra Monster Zones above columns 2 and 4), 2 (the opponent's Main Monster Zones).
_ARROW_STEPS = {"T": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0), "TL": (-1, 1), "TR": (1, 1),
                "BL": (-1, -1), "BR": (1, -1)}
_TABLE = frozenset({(x, y) for x in range(1, 6) for y in (0, 2)} | {(2, 1), (4, 1)})


def extra_link_table(links: list[Card]) -> bool:
    """See `_extra_link_table`; once per set of Link Monsters (a search meets the same one at every position)."""
    return _extra_link_table(tuple(sorted(links, key=lambda card: card.passcode)))


@lru_cache(maxsize=256)
def _extra_link_table(links: tuple[Card, ...]) -> bool:
    """Whether these Link Monsters (one entry per card of the position) could ever join the two Extra Monster
    Zones by a chain of mutual links (ZN-1), wherever each of them is: the turn player's in rows 0 and 1, the
    opponent's, facing the other way, in row 2. When they cannot, no play of any line from the position is an
    Extra Link Summon and the step-indexed turn leaves those rules out: without them, clingo proves quickly that
    a goal needing both Extra Monster Zones is out of reach; with them, it tries every placement of the Link
    Monsters. A search too long to finish answers True (the rules stay)."""
    copies = Counter(card.passcode for card in links)
    cards = {card.passcode: card for card in links}

    def points(passcode: int, place: tuple[int, int]) -> set:
        sign = -1 if place[1] == 2 else 1
        return {(place[0] + sign * dx, place[1] + sign * dy)
                for dx, dy in map(_ARROW_STEPS.get, cards[passcode].arrows)} & _TABLE
    budget = [100_000]

    def chain(place, passcode, used_places, used) -> bool:   # a simple path of places, one card each
        budget[0] -= 1
        if budget[0] < 0:
            return True
        for there in points(passcode, place) - used_places:
            for other in cards:
                if used[other] < copies[other] and place in points(other, there):
                    if there == (4, 1):
                        return True
                    used[other] += 1
                    if chain(there, other, used_places | {there}, used):
                        return True
                    used[other] -= 1
        return False
    return any(chain((2, 1), start, {(2, 1)}, Counter({start: 1})) for start in cards)


@cache
def _reads_deck(card: Card) -> bool:
    """The card takes Tributes or costs from the Deck: the Deck's cards are then written."""
    return isinstance(spell := ritual_spell(card), RitualSpell) and spell.uses_deck or _deck_costs(card)


def _deck_costs(card: Card) -> bool:
    """SP-1: the card's procedure takes a cost from the Deck ("banishing 1 "Blue-Eyes White Dragon" from your
    Deck"): the Deck's cards are then written."""
    found = procedures(card)
    return isinstance(found, tuple) and any("deck" in slot.places for way in found for slot in way.costs)


def _zone_term(instance: Instance, own_side: dict) -> str | None:
    location = instance.location
    if location == "monster_zone":
        return f"m({instance.index})"
    if location == "extra_monster_zone":
        return f"emz({own_side['EMZL' if instance.index == 1 else 'EMZR']})"
    if location == "spell_trap_zone":
        return f"s({instance.index})"
    if location == "field_zone":
        return "fz"
    if location == "pendulum_zone":
        return f"pz({'left' if instance.index == 1 else 'right'})"
    return None


_OPS = {"=": "eq", "<=": "le", ">=": "ge"}


class _Filters:
    """Numbers the filter terms of material requirements and writes them as facts (asp/materials.lp)."""

    def __init__(self, pool: CardDB, card: int):
        self.pool = pool
        self.card = card
        self.numbers: dict = {}
        self.out: list[str] = []
        self.archetypes: set[int] = set()

    def number(self, term) -> str:
        """The filter's id: a pair (card, number), so that the filters of different cards never meet."""
        known = self.numbers.get(term)
        if known is not None:
            return known
        if isinstance(term, Atom) and term.key in ("name_has", "mentions"):
            # PRW-10: the names of the pool holding those words; PRW-14: the cards whose text mentions the name
            named = [Atom("name", "=", c.name) for c in self.pool
                     if (str(term.value) in c.name if term.key == "name_has" else f'"{term.value}"' in c.text)]
            expanded = (Or(tuple(named)) if len(named) > 1 else named[0]) if named else Atom("name", "=", "")
            self.numbers[term] = self.number(expanded)
            return self.numbers[term]
        f = self.numbers[term] = f"({self.card},{len(self.numbers) + 1})"
        self.out.append(f"filter({f}).")
        if isinstance(term, Atom):
            self.out.append(self.atom(f, term))
        elif isinstance(term, (And, Or)):
            relation = "filter_and" if isinstance(term, And) else "filter_or"
            self.out.extend(f"{relation}({f},{self.number(part)})." for part in term.parts)
        elif isinstance(term, Not):
            self.out.append(f"filter_not({f},{self.number(term.part)}).")
        return f

    def atom(self, f: str, atom: Atom) -> str:
        key, value = atom.key, atom.value
        if key == "any":
            return f"filter_any({f})."
        if key == "name":  # a card no position can hold (not in the pool) is matched by nothing
            card = self.pool.get(value)
            value = (card.alias or card.passcode) if card else 0
        elif key == "archetype":
            self.archetypes.add(value)
        elif key in ("attribute", "race", "kind", "position", "overlay", "summoned"):
            value = constant(str(value))
        return f"filter_atom({f},{key},{_OPS[atom.op]},{value})."


def _read(card: Card, result, target: bool):
    """A card-text reader's result; None for a text pysolver cannot read: no fact is written from it, and
    the plays that depend on the card are withheld, or the position refused (pysolver.solve.unread)."""
    return None if isinstance(result, Exception) else result


@lru_cache(maxsize=1024)
def rule_facts(card: Card, pool: CardDB, target: bool) -> tuple[str, frozenset]:
    """What the card's text says about summoning it or using it (material line, Ritual/Fusion Spell,
    Special Summon limits, material rules), as facts; and the archetypes those name. `target`: the
    card is a possible summon of the turn player (its material line is written). What cannot be read is
    left out; pysolver.solve.unread withholds the plays that depend on it."""
    c = card.passcode
    filters = _Filters(pool, c)
    out: list[str] = []
    requirement = material_requirement(card) if target and card.is_extra_deck else None
    if requirement is not None and not isinstance(requirement, Exception):   # else withheld (solve.unread)
        out.append(f"requirement({c},{requirement.summon}).")
        if xyz_of_xyz(requirement):                  # MAT-6: its materials are Xyz Monsters (no Level)
            out.append(f"xyz_line_of_xyz({c}).")
        for g, group in enumerate(requirement.groups):
            out.append(f"group({c},{g},{group.min}).")
            if group.max is not None:
                out.append(f"group_max({c},{g},{group.max}).")
            out.append(f"group_filter({c},{g},{filters.number(group.filter)}).")
            if _names_only(group.filter):
                out.append(f"name_only_group({c},{g}).")
            if group.place:
                out.append(f"group_place({c},{g},{group.place}).")
        for k, choice in enumerate(requirement.alternatives):   # ALM-1
            out.extend(f"alternative_group({c},{k},{g})." for g in choice)
        for condition in requirement.conditions:
            scope = "all" if condition.group is None else condition.group
            if isinstance(condition, Including):
                out.append(f"including({c},{filters.number(condition.filter)},{condition.count},{scope}).")
            elif isinstance(condition, DifferentNames):
                out.append(f"different_property({c},name,{scope}).")
            elif isinstance(condition, SameProperty):
                out.append(f"same_property({c},{condition.prop},{scope}).")
            elif isinstance(condition, SameAnyProperty):   # MAT-5
                out.extend(f"same_any_property({c},{prop},{scope})." for prop in condition.props)
            elif isinstance(condition, DifferentProperty):
                out.append(f"different_property({c},{condition.prop},{scope}).")
    spell = _read(card, ritual_spell(card), target)
    if spell is not None:
        out.append(f"ritual_effect({c},1,{c}).")
        out.extend(_ritual_spell_facts(c, c, spell, filters))
        if spell.second is not None:               # RSP-3: its second Ritual Summon effect
            out.append(f"ritual_effect({c},2,second({c})).")
            out.extend(_ritual_spell_facts(c, f"second({c})", spell.second, filters))
    if fusion_spell(card):
        out.append(f"fusion_spell({c}).")
    if fusion_substitute(card):
        out.append(f"fusion_substitute({c}).")
    grant = fusion_gy_grant(card)                                        # PRW-11
    if grant is not None:
        out.append(f"fusion_gy_grant({c},{filters.number(grant)}).")
    theirs = opponent_tributes(card)                                     # PRW-8
    if theirs is not None:
        out.append(f"opponent_tribute_grant({c},{filters.number(theirs)}).")
    needed = extra_deck_gy_needed(card)                                  # PRW-7
    if needed is not None:
        filters.archetypes.add(needed[0])
        out.append(f"extra_deck_gy_needed({c},{needed[0]},{needed[1]}).")
    if pendulum_after_summon(card):                                     # PRW-6
        out.append(f"pendulum_after_summon({c}).")
    places = fusion_material_places(card)                                # PRW-3
    if places is not None:
        out.append(f"fusion_hand_field_only({c}).")
        if places == "each":
            out.append(f"fusion_from_each({c}).")
    limit = special_summon_limit(card)
    if limit:
        out.append(f"special_summon_limit({c},{limit}).")
    needs = special_summon_needs(card)
    if needs is not None:                                                # SCX-11
        out.append(f"special_summon_needs({c},{filters.number(needs)}).")
    if special_summon_way(card) == "procedure" and card.is_extra_deck:   # SP-2: only by its own procedure
        out.append(f"own_procedure_only({c}).")
    out.extend(f"cannot_be_summoned({c},{kind})." for kind in sorted(summons_refused(card)))   # EDL-1
    if not_from_graveyard(card):                                         # SP-2: never revived from the GY
        out.append(f"not_from_graveyard({c}).")
    double = _read(card, double_tribute(card), target)   # NS-6: counts as 2 Tributes for the monsters it names
    if double is not None:
        out.append(f"double_tribute({c},{filters.number(double)}).")
    triple = _read(card, triple_tribute(card), target)   # TRQ-3: counts as 3 Tributes for the monsters it names
    if triple is not None:
        out.append(f"triple_tribute({c},{filters.number(triple)}).")
    grant = no_tribute_grant(card)                    # TRQ-2: one Normal Summon without Tributing a turn
    if grant is not None:
        out.append(f"no_tribute_grant({c},{filters.number(grant.what)}).")
    pointed = pointed_summon_grant(card)              # TRQ-5: an additional Normal Summon to a zone it points to
    if pointed is not None:
        out.append(f"extra_summon_to_pointed({c},{filters.number(pointed)}).")
    if only_own_summon_rules(card):                   # TRQ-2: "Requires N Tributes": no granted procedure
        out.append(f"only_own_summon_rules({c}).")
    rules = _read(card, material_rules(card), target)
    if rules is not None:
        out.extend(f"cannot_be_material({c},{kind})." for kind in sorted(rules.never))
        out.extend(f"cannot_be_material_the_turn({c},{kind})." for kind in sorted(rules.never_the_turn))
        out.extend(f"cannot_be_material_with_material({c},{kind})." for kind in sorted(rules.never_with_material))
        out.extend(f"cannot_be_material_face_up({c},{kind})." for kind in sorted(rules.never_face_up))   # LKQ-13
        out.extend(f"material_only_for({c},{kind},{filters.number(f)})." for kind, f in rules.only_for)
        out.extend(f"other_materials_not({c},{kind},{filters.number(f)})." for kind, f in rules.others_not)
        out.extend(f"other_materials_must({c},{kind},{filters.number(f)})." for kind, f in rules.others_must)
        if rules.only_as_substitute:   # FUS-2: "Cannot be used as Fusion Material otherwise"
            out.append(f"fusion_only_as_substitute({c}).")
        if rules.whole_ritual_tribute is not None:
            out.append(f"whole_tribute({c},{filters.number(rules.whole_ritual_tribute)}).")
            if rules.whole_from_field_only:
                out.append(f"whole_tribute_from_field_only({c}).")
    for n, lock in enumerate(summon_locks(card), 1):          # LCK-1..LCK-4
        out.append(f"summon_lock({c},{n},{lock.where},{lock.who},{lock.kind},{lock.source or 'any'}).")
        out.extend(f"summon_lock_what({c},{n},{filters.number(f)})." for f in lock.what)
        out.extend(f"summon_lock_unless({c},{n},{filters.number(f)})." for f in lock.unless)
        if lock.with_material:          # MTX-5: "While this card has Xyz Material"; CNB-1: "● N+:" (N attached)
            out.append(f"summon_lock_with_material({c},{n},{int(lock.with_material)}).")
        if lock.column:                                        # LKQ-11: while the opponent has a monster in its column
            out.append(f"summon_lock_column({c},{n}).")
    for n, negation in enumerate(negations(card), 1):          # NGT-1: a continuous negation of monsters' effects
        out.append(f"negation({c},{n},{negation.whose},{filters.number(negation.what)}).")
    if emz_lock(card):                                           # EDL-5
        out.append(f"emz_lock({c}).")
    if zone_lock(card):                                          # ZLK-1
        out.append(f"zone_lock({c}).")
    if extra_deck_zone_force(card):                              # ALM-3
        out.append(f"extra_deck_zone_force({c}).")
    for _, kind, lead in extra_deck_lead(card):                  # LKQ-12: N more cards in its Extra Deck
        out.append(f"summon_needs_extra_deck_lead({c},{kind},{lead}).")
    for _, kind, code in gy_card_needed(card):                   # LKP-7: a card of that archetype in the GY
        filters.archetypes.add(code)
        out.append(f"summon_needs_gy_card({c},{kind},{code}).")
    if no_activation_or_set(card):                               # LKP-6
        out.append(f"no_activation_or_set({c}).")
    for _, code in hand_trap_grants(card):                       # LKP-2: Traps of that archetype from the hand
        filters.archetypes.add(code)
        out.append(f"trap_from_hand({c},{code}).")
    for n, lock in enumerate(activation_locks(card), 1):      # EDL-3
        out.append(f"activation_lock({c},{n},{lock.where},{lock.who},{lock.place}).")
        out.extend(f"activation_lock_kind({c},{n},{kind})." for kind in sorted(lock.kinds))
        out.extend(f"activation_lock_what({c},{n},{filters.number(f)})." for f in lock.what)
        if lock.in_field_zone is not None:
            out.append(f"activation_lock_field_zone({c},{n},{filters.number(lock.in_field_zone)}).")
        if lock.battle_phase:
            out.append(f"activation_lock_battle_phase({c},{n}).")
        if lock.summoned_as:                                     # LKQ-3..LKQ-5: conditions of the position
            out.append(f"activation_lock_summoned_as({c},{n},{lock.summoned_as}).")
        for flag in ("special_only", "unless_linked", "with_material", "same_attribute_gy"):
            if getattr(lock, flag):
                out.append(f"activation_lock_{flag}({c},{n}).")
        if lock.atk_at_least_lp:                                 # LKR-2: ATK at least its controller's LP
            out.append(f"activation_lock_atk_lp({c},{n}).")
        if lock.st_kind_archetype is not None:                   # LKR-3: a card type of a Monster Card in its S/T Zone
            filters.archetypes.add(lock.st_kind_archetype)
            out.append(f"activation_lock_st_kind({c},{n},{lock.st_kind_archetype}).")
        if lock.used_archetype is not None:                      # LKR-4: the Attributes of its Summon's materials
            filters.archetypes.add(lock.used_archetype)
            out.append(f"activation_lock_used_attribute({c},{n},{lock.used_archetype}).")
    rule = unique(card)                                          # UNQ-1..UNQ-4
    if rule is not None:
        what = "name" if rule.name else f"archetype({rule.archetype})"
        if not rule.name:
            filters.archetypes.add(rule.archetype)
        out.append(f"unique({c},{what},{rule.whom},{rule.zones}).")
    out.extend(_tribute_rule_facts(card, filters))
    out.extend(_procedure_facts(card, filters, target))
    out.extend(_written_facts(card, filters, target))
    limit = limits(card)
    if limit.scale_unless:
        filters.archetypes.update(limit.scale_unless[1])
        out.append(f"scale_becomes({c},{limit.scale_unless[0]}).")
        out.extend(f"scale_kept_by({c},{code})." for code in limit.scale_unless[1])
    for flag in ("scale_needs_no_monsters", "one_at_a_time", "no_fusion_substitute"):
        if getattr(limit, flag):
            out.append(f"{flag}({c}).")
    out.extend(_effect_facts(card, filters))
    out.extend(_extra_deck_procedure_facts(card, filters, target))
    out.extend(_protection_facts(card, filters))
    only_with = ritual_only_with(card)
    if only_with is not None:   # RIT-1: one Ritual Spell only (a spell not in the pool: none)
        spell = pool.get(only_with)
        out.append(f"ritual_only_with({c},{(spell.alias or spell.passcode) if spell else 0}).")
    own_limits = _read(card, ritual_limits(card), target)       # RIT-10: the Ritual Monster's own limits
    if own_limits is not None:
        if own_limits.tributes_not is not None:
            out.append(f"ritual_tributes_not({c},{filters.number(own_limits.tributes_not)}).")
        if own_limits.tributes_only is not None:
            out.append(f"ritual_tributes_only({c},{filters.number(own_limits.tributes_only)}).")
        if own_limits.only_by is not None:
            out.append(f"ritual_only_by({c},{filters.number(own_limits.only_by)}).")
    return "\n".join(out + filters.out), frozenset(filters.archetypes)


def _ritual_spell_facts(c, k: str, spell: RitualSpell, filters: _Filters) -> list[str]:
    """The facts of one Ritual Summon effect of the card numbered c, under the key k (c itself for the first or
    only one; RSP-3: second(c) for a second effect)."""
    out = []
    out.append(f"ritual_spell({k},{spell.mode},{spell.level or 0},{spell.source}).")
    out.append(f"ritual_target({k},{filters.number(spell.targets)}).")
    if spell.tribute_filter is not None:
        out.append(f"ritual_tribute_filter({k},{filters.number(spell.tribute_filter)}).")
    if spell.from_graveyard:
        out.append(f"ritual_from_graveyard({k}).")
    if spell.from_extra_deck:                  # RSP-2: a face-up Ritual Monster in the Extra Deck
        out.append(f"ritual_from_extra_deck({k}).")
    if spell.from_banished:                    # RSP-2: a banished one
        out.append(f"ritual_from_banished({k}).")
    if spell.once_per_turn:
        out.append(f"ritual_once_per_turn({k}).")
    if spell.banish_filter is not None:
        out.append(f"ritual_banish_filter({k},{filters.number(spell.banish_filter)}).")
        if spell.graveyard_to == "deck":
            out.append(f"ritual_gy_shuffle({k}).")
    if spell.value == "atk":                   # RIT-8: ATK, not Levels
        out.append(f"ritual_by_atk({k}).")
    if "set" in spell.positions:               # RIT-7: face-up Attack or face-down Defense
        out.append(f"ritual_may_set({k}).")
    if spell.summon_first is not None:        # RSP-4: a monster Special Summoned first, then Tributed
        out.append(f"ritual_summon_first({k},{filters.number(spell.summon_first)}).")
    if spell.extra_deck_filter is not None:    # RIT-6: Extra Deck monsters sent to the GY
        out.append(f"ritual_extra_deck_filter({k},{filters.number(spell.extra_deck_filter)}).")
        if spell.extra_deck_alone:
            out.append(f"ritual_extra_deck_alone({k}).")
    if spell.pair:                             # RSP-1: one monster matching each filter
        out.append(f"ritual_pair({k},{filters.number(spell.pair[0])},{filters.number(spell.pair[1])}).")
    for condition in spell.extra_if:           # RIT-6: while these hold
        if condition[0] == "control":
            out.append(f"ritual_extra_if({k},control({filters.number(condition[1])})).")
        elif condition[0] == "opponent_at_least":
            out.append(f"ritual_extra_if({k},opponent_at_least({condition[1]})).")
        else:
            out.append(f"ritual_extra_if({k},control_none).")
    if not spell.from_hand:                    # RSP-3: "Ritual Summon 1 X from your Deck"
        out.append(f"ritual_not_from_hand({k}).")
    if spell.from_deck:
        out.append(f"ritual_from_deck({k}).")
    if spell.max_tributes is not None:         # RSP-3: "by Tributing up to N ... monsters"
        out.append(f"ritual_max_tributes({k},{spell.max_tributes}).")
    return out


def _tribute_rule_facts(card: Card, filters: "_Filters") -> list[str]:
    """What a Normal Summon/Set rule's own sentence asks of its Tributes and of the position (NS-8..NS-11):
    `tribute_rule_filter(C, Rule, F)`, and its alternatives `rule_alternative(C, Rule, K)`, each holding when all
    its `rule_condition(C, Rule, K, Condition)` hold (the rule numbers are those of card_facts)."""
    c, out = card.passcode, []
    for number, rule in enumerate(tribute_rules(card), 1):
        if rule.filter is not None:
            out.append(f"tribute_rule_filter({c},{number},{filters.number(rule.filter)}).")
        for k, alternative in enumerate(rule.conditions, 1):
            out.append(f"rule_alternative({c},{number},{k}).")
            for condition in alternative:
                if condition.filter is not None:
                    term = f"{condition.kind}({filters.number(condition.filter)},{condition.count})"
                elif condition.kind in ("theirs", "hand"):
                    term = f"{condition.kind}({condition.count})"
                else:
                    term = condition.kind
                out.append(f"rule_condition({c},{number},{k},{term}).")
    return out


def _monster_state_facts(number: int, monster: Monster, used_read: bool) -> list[str]:
    """The per-instance state a monster carries (fluents, asp/card_state.lp): a Gemini Summon (GEM-2),
    what the effect that summoned it forbids (TOK-1); the materials of its Summon when a card reads them (MUS-1)."""
    out = [f"gemini_summoned({number})."] if monster.gemini_summoned else []
    if monster.treated_as_tuner:               # MTX-4: a Tuner while face-up on the field
        out.append(f"added_tuner({number}).")
    if monster.summoned_as:                    # how it came to the field (its Summon procedure)
        out.append(f"summoned_as({number},{monster.summoned_as}).")
    for k, (used, place) in enumerate(monster.summon_materials if used_read else (), 1):   # MUS-1
        out.append(f"summon_material({number},{k},{used.passcode},{place}).")
    if monster.special_summoned_from:          # MAT-7: where it was Special Summoned from
        out.append(f"special_summoned_from({number},{monster.special_summoned_from}).")
    for name in monster.restrictions:
        if name.startswith(_EXCEPT_FOR):
            out.append(f"tribute_restricted_to({number},{name[len(_EXCEPT_FOR):]}).")
        else:
            out.append(f"restricted({number},{name}).")
    return out


_EXCEPT_FOR = "cannot_be_tributed_except_for_"


def _written_facts(card: Card, filters: "_Filters", target: bool) -> list[str]:
    """What the card writes about its own kind and its use as material (GEM-1, TOK-1, TOK-2, SYN-1, SYN-2, LNK-1)
    as facts. A wording pysolver cannot read, a material clause it does not model and a modelled
    activation with a sentence about its summoned monsters that it cannot read (TOK-1) write nothing:
    they are unread clauses (pysolver.cards.reading), and pysolver.solve.unread withholds the plays that
    depend on them."""
    c, out = card.passcode, []
    if _read(card, gemini(card), target):
        out.append(f"gemini({c}).")
    trap = trap_monster(card)   # unread wordings never reach a Monster Zone (the position loader refuses them)
    if isinstance(trap, TrapMonster):
        out.append(f"trap_monster_kind({c},{trap.kind}).")
        if not trap.still_trap:
            out.append(f"trap_monster_not_trap({c}).")
        out.extend(f"own_restriction({c},{name})." for name in trap.restrictions)
    out.extend(f"own_restriction({c},{name})." for name in _read(card, token_restrictions(card), target) or ())
    levels = _read(card, synchro_levels(card), target)   # SYN-2: Levels it may be treated as
    if levels is not None:
        out.extend(f"synchro_level_alternative({c},{level})." for level in levels.levels)
        if levels.only_for is not None:
            out.append(f"synchro_level_only_for({c},{filters.number(levels.only_for)}).")
    extra = link_extra_material(card)   # LNK-1: "You can also use 1 monster ... as material to Link Summon this card"
    if extra is not None and target:
        out.append(f"link_extra_material({c},{extra}).")
    out.extend(_attack_facts(card, filters))
    treated = _read(card, non_tuner(card), target)   # SYN-1: may be a non-Tuner
    if treated is not None:
        out.append(f"non_tuner_option({c}).")
        if treated.only_for is not None:
            out.append(f"non_tuner_only_for({c},{filters.number(treated.only_for)}).")
    substitute = _read(card, tuner_substitute(card), target)   # SYN-1: "you can treat 1 X you control as a Tuner"
    if substitute is not None and target:
        out.append(f"tuner_substitute({c},{filters.number(substitute.filter)}).")
        if substitute.center:
            out.append(f"tuner_substitute_center({c}).")
        if substitute.summoned_as:
            out.append(f"tuner_substitute_summoned_as({c},{substitute.summoned_as}).")
        if substitute.level is not None:   # MTX-1: "as a Level 1 Tuner" (a Link Monster)
            out.append(f"tuner_substitute_level({c},{substitute.level}).")
    levels = _read(card, xyz_levels(card), target)   # XYZ-1: Levels it may be treated as for an Xyz Summon
    if levels is not None:
        out.extend(f"xyz_level_alternative({c},{level})." for level in levels.levels)
        if levels.only_for is not None:
            out.append(f"xyz_level_only_for({c},{filters.number(levels.only_for)}).")
    treats = xyz_treated_level(card)   # XYZ-1: "you can treat Link-2 monsters you control as Level 2 monsters"
    if treats is not None and target:
        out.append(f"xyz_treats_as_level({c},{treats.stat},{treats.value},{treats.level}).")
    using = _read(card, tuner_if_material(card), target)   # MTX-4: a Tuner if Synchro Summoned using a material F
    if using is not None and target:
        out.append(f"tuner_if_material({c},{filters.number(using)}).")
    if tuner_for_user(card):           # MUS-4: the Synchro Monster it is used for is a Tuner while face-up
        out.append(f"tuner_for_user({c}).")
    every = synchro_all_levels(card)   # MTX-2: "treat it and all other Synchro Materials ... as Level 2 monsters"
    if every is not None and target:
        out.append(f"synchro_all_levels({c},{every.level}).")
        if every.on_field:
            out.append(f"synchro_all_levels_on_field({c}).")
    hand = hand_synchro(card)   # SYN-5: "1 Tuner in your hand can be used as 1 of the other materials"
    if hand is not None and target:
        out.append(f"hand_synchro({c},{filters.number(hand.filter)}).")
        if hand.summoned_as:
            out.append(f"hand_synchro_summoned_as({c},{hand.summoned_as}).")
    return out


def _presence_facts(c, key: str, presence, filters: "_Filters") -> list[str]:
    """PRC-1, PRC-2 (asp/presence.lp): presence(C, Key, Where) -- the rule Key of card C (bp8: its BP-8
    sentence; bp10: its BP-10 sentence, BPX-20; prot(N): its protection N) applies only while the position shows a card: Where own | field |
    points | named | field_spell; presence_filter(C, Key, F) the monsters (or the name) it asks for;
    presence_other(C, Key) not the card itself; presence_except(C, Key, F) not a card of that name."""
    out = [f"presence({c},{key},{presence.where})."]
    if presence.filter is not None:
        out.append(f"presence_filter({c},{key},{filters.number(presence.filter)}).")
    if presence.other:
        out.append(f"presence_other({c},{key}).")
    if presence.except_name is not None:
        out.append(f"presence_except({c},{key},{filters.number(presence.except_name)}).")
    return out


def _attack_facts(card: Card, filters: "_Filters") -> list[str]:
    """What a card's own text says about attacks (BP-4..BP-16, asp/battle.lp; `pysolver.cards.attacks`)."""
    rules, c = attack_rules(card), card.passcode
    if not rules:
        return []
    out = [f"{name}({c})." for name, flag in (
        ("attack_direct", rules.direct), ("attack_no_direct", rules.no_direct), ("attack_in_defense", rules.in_defense),
        ("attack_needs_material", rules.needs_material), ("attack_not_target", rules.not_target),
        ("attack_ignored", rules.ignored), ("attack_cannot", rules.cannot_attack),
        ("attack_direct_with_material", rules.direct_with_material),
        ("attack_no_direct_without_material", rules.no_direct_without_material),
        ("attack_per_material", rules.extra_per_material), ("attack_only_target", rules.only_target and not rules.only_target_while
                                                                  and rules.only_target_presence is None),
        ("attack_others_cannot", rules.others_cannot_attack), ("attack_others_cannot_declare", rules.others_cannot_declare),
        ("attack_not_target_pointing", rules.not_target_pointing), ("attack_pointed_not_target", rules.pointed_not_target),
        ("attack_on_monsters_per_material", rules.on_monsters_per_material),
        ("attack_all_needs_material", rules.attack_all_needs_material), ("attack_lock_all_defense", rules.lock_all_defense),
        ("attack_pointed_cannot", rules.pointed_cannot_attack), ("attack_all", rules.attack_all),
        ("attack_cannot_summon_turn", rules.cannot_summon_turn), ("attack_direct_summon_turn", rules.direct_summon_turn),
        ("attack_cannot_any_summon_turn", rules.cannot_any_summon_turn),
        ("attack_direct_in_defense", rules.direct_in_defense), ("attack_direct_while_set", rules.direct_while_set),
        ("attack_cannot_with_other", rules.cannot_with_other), ("attack_all_alone", rules.attack_all_alone),
        ("position_lock_others", rules.others_no_reposition),
        ("attack_direct_alone_in_column", rules.direct_alone_in_column),
        ("attack_extra_cost", rules.attack_extra_cost), ("attack_highest_atk_only", rules.highest_atk_only))
        if flag]
    for what in rules.direct_for:      # BPX-1: its controller's monsters of that kind can attack directly
        out.append(f"attack_direct_for({c},{filters.number(what)}).")
    if rules.direct_for_presence is not None:   # MST-4: BPX-1 while the position shows a card
        what, presence = rules.direct_for_presence
        out.append(f"attack_direct_for_presence({c},{filters.number(what)}).")
        out.extend(_presence_facts(c, "bpd", presence, filters))
    for what, when in rules.direct_for_while:   # BPX-1 with its condition
        if when == "their_face_down":
            out.append(f"attack_direct_for_face_down({c},{filters.number(what)}).")
        else:
            out.append(f"attack_direct_for_materials({c},{filters.number(what)},{when}).")
    if rules.direct_if_only is not None:     # BPX-7
        out.append(f"attack_direct_if_only({c},{filters.number(rules.direct_if_only)}).")
    if rules.direct_not_co_linked:
        out.append(f"attack_direct_not_co_linked({c}).")
    if rules.direct_if_only_mine is not None:
        out.append(f"attack_direct_if_only_mine({c},{filters.number(rules.direct_if_only_mine)}).")
    if rules.per_material_of is not None:      # BPX-10
        out.append(f"attack_per_material_of({c},{filters.number(rules.per_material_of)}).")
    if rules.used_attacks is not None:         # MUS-2: as many attacks as materials its Summon used
        what, kind, minus, on_monsters = rules.used_attacks
        out.append(f"attack_per_used({c},{kind or 'any'},{'all' if what is None else filters.number(what)},"
                   f"{minus},{'monsters' if on_monsters else 'any'}).")
    if rules.used_extra is not None:           # MUS-3: more attacks if Summoned using such materials
        kind, condition, extra = rules.used_extra
        term = "only_field" if condition[0] == "field" else f"has({filters.number(condition[1])})" \
            if condition[0] == "has" else f"count({filters.number(condition[1])},{condition[2]})"   # CNB-3
        out.append(f"attack_extra_if_used({c},{kind},{term},{extra}).")
    if rules.user_on_monsters is not None:     # MST-2: what it gives, as a material, the monster its Summon used it for
        kind, attribute, extra = rules.user_on_monsters
        out.append(f"attack_user_on_monsters({c},{kind},{constant(attribute)},{extra}).")
    if rules.direct_while_count is not None:   # CNB-5: direct while its controller controls N such face-up cards
        out.append(f"attack_direct_while_count({c},{filters.number(rules.direct_while_count[0])},"
                   f"{rules.direct_while_count[1]}).")
    if rules.summoned_extra is not None:       # SMT-2: more attacks while it came by that Summon
        out.append(f"attack_extra_if_summoned({c},{rules.summoned_extra[0]},{rules.summoned_extra[1]}).")
    if rules.attack_all_among is not None:     # BPX-9
        out.append(f"attack_all_among({c},{filters.number(rules.attack_all_among)}).")
        if rules.attack_all_face_up:
            out.append(f"attack_all_face_up({c}).")
    if rules.attack_all_special:               # BPM-1: BP-12 on the opponent's Special Summoned monsters only
        out.append(f"attack_all_special({c}).")
    if rules.direct_unless_kind is not None:   # BPM-2: the Toon monsters' direct attack and attack targets
        out.append(f"attack_direct_unless_kind({c},{filters.number(rules.direct_unless_kind)}).")
    if rules.direct_no_hand:       # BPX-8
        out.append(f"attack_direct_no_hand({c}).")
    if rules.direct_all_defense:
        out.append(f"attack_direct_all_defense({c}).")
    if rules.no_direct_unless_material is not None:   # BPX-6
        out.append(f"attack_no_direct_unless_material({c},{filters.number(rules.no_direct_unless_material)}).")
    if rules.extra_while is not None:          # BPX-17: additional attacks while the position shows such a card
        count, presence = rules.extra_while
        out.append(f"attack_extra_while({c},{count}).")
        out.extend(_presence_facts(c, "extra", presence, filters))
    if rules.attack_lp_cost:                   # BPX-15: LP paid to declare an attack with it
        out.append(f"attack_lp_cost({c},{rules.attack_lp_cost}).")
    if rules.extra_while_banished is not None:     # BPX-14: a second attack while such a monster is banished
        out.append(f"attack_extra_while_banished({c},{filters.number(rules.extra_while_banished)}).")
    for what in rules.extra_for:       # BPX-2: ... can make a second attack
        out.append(f"attack_extra_for({c},{filters.number(what)}).")
    for what in rules.in_defense_for:  # MSC-2: ... can attack while in face-up Defense Position
        out.append(f"attack_in_defense_for({c},{filters.number(what)}).")
    if rules.direct_while_control:     # BPA-2: the card of that name by its code, or renamed on the field
        name = _string(rules.direct_while_control)
        out.append(f"attack_direct_while_control({c},{name},{filters.number(rules.direct_unless_theirs)}).")
        if (named := filters.pool.get(rules.direct_while_control)) is not None:
            out.append(f"card_named({name},{named.alias or named.passcode}).")
    if rules.not_target_kind is not None:      # LKQ-10: no attack on its controller's face-up monsters of a kind
        out.append(f"attack_not_target_kind({c},{filters.number(rules.not_target_kind)}).")
        if rules.not_target_kind_needs_material:   # TGZ-3: only while it has Xyz Material
            out.append(f"attack_not_target_kind_needs_material({c}).")
        if rules.not_target_kind_presence is not None:
            out.extend(_presence_facts(c, "bpk", rules.not_target_kind_presence, filters))
    if rules.pointed_on_monsters is not None:  # ATQ-7: more attacks on monsters for the monsters it points to
        what, count = rules.pointed_on_monsters
        out.append(f"attack_pointed_on_monsters({c},{filters.number(what)},{count - 1}).")
    if rules.guard_highest is not None:        # ATQ-6: the opponent attacks only its controller's highest ATK
        out.append(f"attack_guard_highest({c},{filters.number(rules.guard_highest)}).")
    if rules.main_zone_guard is not None:      # ATQ-2: from an Extra Monster Zone, over the Main Monster Zones
        out.append(f"attack_main_zone_guard({c},{filters.number(rules.main_zone_guard)}).")
    if rules.only_target_among is not None:    # BP-10 on one kind of face-up monster
        out.append(f"attack_only_target_among({c},{filters.number(rules.only_target_among)}).")
    if rules.only_target_face_down:            # BPX-22: ... and on every face-down monster
        out.append(f"attack_only_target_face_down({c}).")
    if rules.guard_all_but is not None:        # TRQ-4: no attack on its controller's monsters of this filter
        out.append(f"attack_guard_all_but({c},{filters.number(rules.guard_all_but)}).")
    if rules.column_guard is not None:         # BPX-27: the attack targets in the attacker's column
        out.append(f"attack_column_guard({c},{filters.number(rules.column_guard)}).")
    if rules.lock_alone_hand is not None:
        out.append(f"attack_lock_alone_hand({c},{rules.lock_alone_hand}).")
    if rules.only_target_while:
        out.append(f"attack_only_target_while({c},{rules.only_target_while}).")
    for number, lock in enumerate(rules.locks, 1):     # BP-16
        out.append(f"attack_lock({c},{number},{lock.whom}).")
        if lock.what is not None:
            out.append(f"attack_lock_what({c},{number},{filters.number(lock.what)}).")
        if lock.unless is not None:
            out.append(f"attack_lock_unless({c},{number},{filters.number(lock.unless)}).")
        if lock.while_material:        # BPX-5: only while its card has Xyz Material
            out.append(f"attack_lock_while_material({c},{number}).")
        if lock.summon_turn:           # BPX-5: only on the monsters Normal or Special Summoned this turn
            out.append(f"attack_lock_summon_turn({c},{number}).")
        if lock.center:
            out.append(f"attack_lock_center({c},{number}).")
        if lock.others:                # BPN-3: not on its own card
            out.append(f"attack_lock_others({c},{number}).")
        if lock.declare:               # BPO-1: EFFECT_CANNOT_ATTACK_ANNOUNCE
            out.append(f"attack_lock_declare({c},{number}).")
    if rules.must_attack:              # BPO-1: "... must attack, if able"
        out.append(f"must_attack({c},{rules.must_attack}).")
    if rules.not_target_while is not None:     # PRC-1: BP-8 while the position shows such a card
        out.extend(_presence_facts(c, "bp8", rules.not_target_while, filters))
    if rules.only_target_presence is not None:   # BPX-20: BP-10 while the position shows such a card
        out.extend(_presence_facts(c, "bp10", rules.only_target_presence, filters))
    if rules.extra:
        out.append(f"attack_extra({c},{rules.extra}).")
    if rules.extra_on_monsters:
        out.append(f"attack_extra_on_monsters({c},{rules.extra_on_monsters}).")
    return out


def _extra_deck_procedure_facts(card: Card, filters: "_Filters", target: bool) -> list[str]:
    """Procedures Extra Deck monsters write in their own text (pysolver.cards.extra_deck_text; issue 15
    item 3): pendulum_as_level(C, N) for "If you can Pendulum Summon Level N, ..." (asp/pendulum.lp);
    alternative_xyz(C, F) and its conditions for "you can also Xyz Summon this card by using ..." (XYZ-4,
    asp/xyz.lp), written when the card is a possible summon of the turn player."""
    c, out = card.passcode, []
    level = pendulum_as_level(card)
    if level is not None:
        out.append(f"pendulum_as_level({c},{level}).")
    alternative = alternative_xyz(card) if target else None
    if alternative is not None:
        out.append(f"alternative_xyz({c},{filters.number(alternative.filter)}).")
        if alternative.once_per_turn:
            out.append(f"alternative_xyz_once({c}).")
        if alternative.main_phase_2:
            out.append(f"alternative_xyz_main_phase_2({c}).")
        if alternative.min_attached:
            out.append(f"alternative_xyz_attached_min({c},{alternative.min_attached}).")
        if alternative.max_attached is not None:
            out.append(f"alternative_xyz_attached_max({c},{alternative.max_attached}).")
        cost = alternative.hand_cost
        if cost is not None:   # AXZ-1
            out.append(f"alternative_xyz_hand_cost({c}).")
            out.extend(f"alternative_xyz_hand_kind({c},{kind})." for kind in cost.kinds)
            if cost.archetype is not None:
                filters.archetypes.add(cost.archetype)
                out.append(f"alternative_xyz_hand_archetype({c},{cost.archetype}).")
            if cost.normal_spell:
                out.append(f"alternative_xyz_hand_normal_spell({c}).")
            if cost.sends:   # "by sending 1 ... from your hand to the GY": BAN-3 may refuse the card
                out.append(f"alternative_xyz_hand_send({c}).")
        if alternative.gy_exactly:   # AXZ-3
            wanted, n = alternative.gy_exactly
            out.append(f"alternative_xyz_gy_exactly({c},{filters.number(wanted)},{n}).")
        if alternative.detach:   # AXZ-2
            out.append(f"alternative_xyz_detach({c},{alternative.detach}).")
        if alternative.after_activation:   # AXH-1: a card of that name (no card of the pool: none) activated
            named = filters.pool.get(alternative.after_activation)
            out.append(f"alternative_xyz_after_activation({c},{(named.alias or named.passcode) if named else 0}).")
    return out


def _procedure_facts(card: Card, filters: "_Filters", target: bool) -> list[str]:
    """SP-1: the card's own Special Summon procedures, from the hand and Contact Fusions from the Extra Deck
    (asp/procedure.lp)."""
    found = _read(card, procedures(card), target) or ()
    c, out = card.passcode, []
    for p, procedure in enumerate(found, 1):
        out.append(f"procedure({c},{p}).")
        for k, slot in enumerate(procedure.costs, 1):
            out.append(f"procedure_cost({c},{p},{k},{slot.action},{slot.count},{filters.number(slot.filter)}).")
            out.extend(f"procedure_cost_from({c},{p},{k},{place})." for place in slot.places)
            if slot.any_card:
                out.append(f"procedure_cost_any_card({c},{p},{k}).")
            if slot.face_up:
                out.append(f"procedure_cost_face_up({c},{p},{k}).")
            if slot.named:
                out.append(f"procedure_cost_named({c},{p},{k}).")
                out.append(f"named_filter({filters.number(slot.filter)}).")
            if slot.different:
                out.append(f"procedure_cost_different({c},{p},{k},{slot.different}).")
            if slot.all_of:                                            # PRX-9
                out.append(f"procedure_cost_all({c},{p},{k}).")
            if slot.levels_at_least is not None:                       # PRX-14
                out.append(f"procedure_cost_levels({c},{p},{k},{slot.levels_at_least}).")
            if slot.levels_break:                                      # SCX-10
                out.append(f"procedure_cost_levels_break({c},{p},{k}).")
            if slot.including:                                         # PRX-29
                out.append(f"procedure_cost_including({c},{p},{k},{filters.number(slot.including[0])},"
                           f"{slot.including[1]}).")
            if slot.or_more:                                           # PRX-21
                out.append(f"procedure_cost_or_more({c},{p},{k}).")
            if slot.up_to is not None:                                 # PRX-21
                out.append(f"procedure_cost_up_to({c},{p},{k},{slot.up_to}).")
        out.extend(f"procedure_source({c},{p},{'extra_deck' if source == 'face_up_extra_deck' else source})."
                   for source in procedure.sources)
        if "face_up_extra_deck" in procedure.sources:                # PRX-28
            out.append(f"procedure_face_up_source({c},{p}).")
        for flag in ("field_zone_face_up", "gy_no_spell_trap", "spell_trap_zone_face_up",
                     "extra_deck_face_up_pendulum"):                 # PRX-31
            if getattr(procedure, flag):
                out.append(f"procedure_{flag}({c},{p}).")
        if procedure.extra_deck_only is not None:                    # PRX-28
            f = filters.number(procedure.extra_deck_only)
            out.append(f"procedure_extra_deck_only({c},{p},{f}).")
            out.append(f"named_filter({f}).")
        if procedure.gy_exactly:
            out.append(f"procedure_gy_exactly({c},{p},{filters.number(procedure.gy_exactly[0])},"
                       f"{procedure.gy_exactly[1]}).")
        if procedure.gy_at_least:
            wanted, n, names = procedure.gy_at_least
            if wanted is None:
                out.append(f"procedure_gy_cards_at_least({c},{p},{n}).")
            else:
                out.append(f"procedure_gy_at_least({c},{p},{filters.number(wanted)},{n},{'names' if names else 'cards'}).")
        if procedure.controls_at_least:
            out.append(f"procedure_controls_at_least({c},{p},{filters.number(procedure.controls_at_least[0])},"
                       f"{procedure.controls_at_least[1]}).")
        if procedure.control_none:
            out.append(f"procedure_control_none({c},{p}).")
        if procedure.opponent_more:
            out.append(f"procedure_opponent_more({c},{p}).")
        if procedure.levels_ranks_at_most is not None:
            out.append(f"procedure_levels_ranks_at_most({c},{p},{procedure.levels_ranks_at_most}).")
        if procedure.only_opponent_controls:
            out.append(f"procedure_only_opponent_controls({c},{p}).")
        if procedure.opponent_has_monster:                           # SCX-8
            out.append(f"procedure_opponent_has_monster({c},{p}).")
        if procedure.opponent_controls is not None:
            out.append(f"procedure_opponent_controls({c},{p},{filters.number(procedure.opponent_controls)}).")
        if procedure.control_no_cards:
            out.append(f"procedure_control_no_cards({c},{p}).")
        if procedure.opponent_gy_at_least:                           # SUMC-3
            out.append(f"procedure_opponent_gy_at_least({c},{p},{procedure.opponent_gy_at_least}).")
        if procedure.banished_at_least:
            wanted, n = procedure.banished_at_least
            out.append(f"procedure_banished_at_least({c},{p},{filters.number(wanted)},{n}).")
        if procedure.gy_no_same_name:                                # PRX-2
            out.append(f"procedure_gy_no_same_name({c},{p}).")
        if procedure.distinct_cards_exactly:                         # SCX-9
            wanted, n = procedure.distinct_cards_exactly
            out.append(f"procedure_distinct_cards_exactly({c},{p},{filters.number(wanted)},{n}).")
        if procedure.distinct_at_least:                              # PRX-5
            wanted, n, prop, places = procedure.distinct_at_least
            out.append(f"procedure_distinct_at_least({c},{p},{filters.number(wanted)},{n},{prop}).")
            out.extend(f"procedure_distinct_in({c},{p},{place})." for place in places)
        if procedure.gy_equal:                                       # PRX-25
            one, other = procedure.gy_equal
            out.append(f"procedure_gy_equal({c},{p},{filters.number(one)},{filters.number(other)}).")
        if procedure.gy_only is not None:                            # PRX-23
            out.append(f"procedure_gy_only({c},{p},{filters.number(procedure.gy_only)}).")
        if procedure.field_or_gy is not None:                        # PRY-8
            f = filters.number(procedure.field_or_gy)
            out.append(f"procedure_field_or_gy({c},{p},{f}).")
            out.append(f"named_filter({f}).")
        if procedure.spell_activated:                                # PRW-5
            out.append(f"procedure_spell_activated({c},{p}).")
        if procedure.emz_column:                                     # PRW-2
            out.append(f"procedure_emz_column({c},{p}).")
        if procedure.main_phase_2:                                   # PRY-6
            out.append(f"procedure_main_phase_2({c},{p}).")
        if procedure.level_difference is not None:                  # PRY-1
            out.append(f"procedure_level_difference({c},{p},{procedure.level_difference}).")
        if procedure.only_defense:                                   # PRX-24
            out.append(f"procedure_only_defense({c},{p},{procedure.only_defense}).")
        if procedure.continuous_spells_at_least:
            out.append(f"procedure_continuous_spells_at_least({c},{p},{procedure.continuous_spells_at_least}).")
        for field_card in procedure.field_cards:
            f = filters.number(field_card.filter)
            out.append(f"procedure_field_card({c},{p},{f},{field_card.whose},{'yes' if field_card.present else 'no'}).")
            if field_card.named:
                out.append(f"named_filter({f}).")
        if procedure.reveal_cards:                                   # PRX-12
            wanted, n, names = procedure.reveal_cards
            out.append(f"procedure_reveal_cards({c},{p},{filters.number(wanted)},{n},{'names' if names else 'cards'}).")
        if procedure.reveal:
            wanted, n, named = procedure.reveal
            out.append(f"procedure_reveal({c},{p},{filters.number(wanted)},{n}).")
            if named:
                out.append(f"named_filter({filters.number(wanted)}).")
        if procedure.to_opponent:
            out.append(f"procedure_to_opponent({c},{p}).")
        if procedure.attack_only:
            out.append(f"procedure_attack_only({c},{p}).")
        if procedure.defense_only:
            out.append(f"procedure_defense_only({c},{p}).")
        if procedure.as_material:                                    # PRX-19
            out.append(f"procedure_as_material({c},{p},{procedure.as_material}).")
    if found and procedure_once_per_turn(card):
        out.append(f"procedure_once_per_turn({c}).")
    contact = contact_fusion(card)   # SP-1, SP-2: a Contact Fusion from the Extra Deck
    if contact is not None and target:
        out.append(f"contact_fusion({c},{contact.action}).")
        out.extend(f"contact_source({c},{source})." for source in contact.sources)
        if contact.one_each:                                         # PRY-2
            out.append(f"contact_one_each({c}).")
    return out


def _effect_facts(card: Card, filters: "_Filters") -> list[str]:
    """Activated effects offered as plays, and the card's turn-history clauses (asp/activate.lp,
    asp/history.lp). Unreadable clauses fail closed when the history uses them (position_facts)."""
    c, out = card.passcode, []
    for effect in activated_effects(card):
        e = effect.number
        out.append(f"effect({c},{e},{effect.where}).")
        if effect.summons:
            out.append(f"effect_summons({c},{e},{effect.summons}).")
            out.append(f"effect_revive_from({c},{e},{effect.revive_from}).")
        if effect.revive_filter is not None:
            out.append(f"effect_revive_filter({c},{e},{filters.number(effect.revive_filter)}).")
        if effect.position:
            out.append(f"effect_position({c},{e},{effect.position}).")
        for name in effect.restrictions:   # TOK-1: what the monsters it summons carry (asp/transition.lp)
            out.append(f"effect_tribute_restricted_to({c},{e},{name[len(_EXCEPT_FOR):]})." if name.startswith(_EXCEPT_FOR)
                       else f"effect_restriction({c},{e},{name}).")
        if effect.tokens:
            token = filters.pool.get(effect.tokens[1])
            out.append(f"effect_tokens({c},{e},{effect.tokens[0]},{token.passcode if token else 0}).")
        for flag in ("extra_normal_summon", "banish_self", "control_no_cards", "opponent_face_up_target",
                     "once_per_turn", "sends_from_deck"):   # sends_from_deck: CTR-6
            if getattr(effect, flag):
                out.append(f"effect_{flag}({c},{e}).")
        for key in ("lp_cost", "detach", "deck_at_least"):
            if getattr(effect, key):
                out.append(f"effect_{key}({c},{e},{getattr(effect, key)}).")
        if not effect.simulated:
            out.append(f"effect_not_simulated({c},{e}).")
    for clause in read_clauses(card):   # an unread one refuses the card's events (history_facts)
        if clause.kind in ("oath", "after_resolution"):
            out.append(f"{clause.kind}({c},{clause.effect},{clause.forbids}).")
            if clause.except_filter is not None:
                out.append(f"{clause.kind}_except({c},{clause.effect},{clause.forbids},"
                           f"{filters.number(clause.except_filter)}).")
        elif clause.kind == "when_special_summoned":
            out.append(f"when_special_summoned({c},{clause.forbids}).")
        elif clause.kind == "after_summoned_opponent":       # LKP-5
            out.append(f"after_summoned_opponent({c},{clause.method}).")
        elif clause.kind == "after_summoned":                # ZLK-4
            out.append(f"after_summoned({c},{clause.method},{filters.number(clause.what_filter)}).")
        elif clause.kind in ("summon_once", "each_player_once", "summon_once_any_way"):   # PRY-7: summon_once_any_way
            out.append(f"{clause.kind}({c}).")
        elif clause.kind == "summon_once_by":
            out.append(f"summon_once_by({c},{clause.forbids}).")
        elif clause.kind == "extra_tribute_summon":
            out.append(f"extra_tribute_summon({c},{clause.effect}).")
        elif clause.kind == "extra_normal_summon_after":
            out.append(f"extra_normal_summon_after({c},{filters.number(clause.except_filter)}).")
        elif clause.kind == "extra_normal_summon_while":     # NS-13
            out.append(f"extra_normal_summon_while({c},{filters.number(clause.except_filter)},{clause.method}).")
    return out


# --- targeting protections (TGT-1..TGT-5, docs/targeting-rules.md; asp/protections.lp) ----------------------

def _protection_facts(card: Card, filters: "_Filters") -> list[str]:
    """What the card's text forbids effects to target (`pysolver.cards.protections`): protection(C, N, Whom,
    Scope) with Whom opponent | both (from its controller's view) and Scope self | own | field;
    protection_kind(C, N, K) for each kind K (monster, spell, trap) of card whose effects it stops;
    protection_filter(C, N, F) for the monsters own/field protect; protection_face_up(C, N) (face-up ones
    only); protection_other(C, N) (not the card itself); protection_needs_material(C, N) (only while it has
    Xyz Material); protection_except_phase(C, N, Phase, Whose) (not during that phase: of its controller's
    turn, own, or of any turn); protection_summoned_as(C, N, K), protection_controls_named(C, N, F),
    protection_lp_higher(C, N) (EDL-4: only while it came by that Summon, its controller controls a face-up card
    of that name, its controller's LP are higher); Scope also points (TGT-10, TGX-1), cards (TGT-10), field_zones
    (TGX-2), same_attribute and their_cards (TGX-3); protection_source(C, N, F) (TGX-4: only the effects of
    activated monsters that match F)."""
    c, out = card.passcode, []
    for n, found in enumerate(protections(card).protections, 1):
        out.append(f"protection({c},{n},{found.whom},{found.scope}).")
        out.extend(f"protection_kind({c},{n},{kind})." for kind in sorted(found.kinds))
        if found.filter is not None:
            out.append(f"protection_filter({c},{n},{filters.number(found.filter)}).")
        if found.face_up:
            out.append(f"protection_face_up({c},{n}).")
        if found.other:
            out.append(f"protection_other({c},{n}).")
        if found.emz_unlinked:         # BPN-6: only in an Extra Monster Zone, pointing to no monster
            out.append(f"protection_emz_unlinked({c},{n}).")
        if found.needs_material:
            out.append(f"protection_needs_material({c},{n}).")
        if found.materials_at_least:                             # CNB-4: N materials attached
            out.append(f"protection_materials_at_least({c},{n},{found.materials_at_least}).")
        if found.except_phase:
            out.append(f"protection_except_phase({c},{n},{found.except_phase[0]},{found.except_phase[1]}).")
        if found.summoned_as:                                    # EDL-4: the conditions a position decides
            out.append(f"protection_summoned_as({c},{n},{found.summoned_as}).")
        if found.summoned_using is not None:                     # MUS-6: and one of its materials matches
            out.append(f"protection_summoned_using({c},{n},{filters.number(found.summoned_using)}).")
            if found.used_count > 1:                              # CNB-2: N of its materials match
                out.append(f"protection_used_count({c},{n},{found.used_count}).")
        if found.controls_named is not None:
            out.append(f"protection_controls_named({c},{n},{filters.number(found.controls_named)}).")
        if found.lp_higher:
            out.append(f"protection_lp_higher({c},{n}).")
        if found.presence is not None:                           # PRC-2: while the position shows such a card
            out.extend(_presence_facts(c, f"prot({n})", found.presence, filters))
        if found.except_named is not None:                       # PRC-3: not the monsters of that name
            out.append(f"protection_except_named({c},{n},{filters.number(found.except_named)}).")
        if found.source is not None:                             # TGX-4: only the effects of such monsters
            out.append(f"protection_source({c},{n},{filters.number(found.source)}).")
        if found.except_own:                                  # LKP-9: ", except its own"
            out.append(f"protection_except_own({c},{n}).")
        if found.in_emz:                                      # LKQ-8: only while it is in an Extra Monster Zone
            out.append(f"protection_in_emz({c},{n}).")
        if found.source_special:                              # LKQ-2: effects of Special Summoned monsters, not from the GY
            out.append(f"protection_source_special({c},{n}).")
        if found.own_atk:                                     # TGZ-6: only while its ATK is so
            out.append(f"protection_own_atk({c},{n},{found.own_atk[0]},{found.own_atk[1]}).")
    return out


def _names_only(filter_) -> bool:
    """A slot that names cards only (a Fusion Substitute may fill it, FUS-2)."""
    if isinstance(filter_, Atom):
        return filter_.key == "name"
    return isinstance(filter_, Or) and all(_names_only(part) for part in filter_.parts)


def rules_facts(position: Position, cards) -> str:
    """The rule facts of every card of the position, and which cards belong to the archetypes they
    name. The turn player's cards that could be summoned or used must be fully supported."""
    mine = {i.card for i in position.instances.values()
            if i.player == position.turn_player and i.location not in ("graveyard", "banished", "deck")}
    out, archetypes = [], set()
    for card in sorted(cards, key=lambda card: card.passcode):
        text, named = rule_facts(card, position.cards, card in mine)
        if text:
            out.append(text)
        archetypes |= named
    out.extend(f"archetype_member({card.passcode},{code})." for card in cards for code in sorted(archetypes)
               if card.in_archetype(code))
    return "\n".join(out)


def _history_cards(position: Position):
    """The cards the history and the modelled effects name (events, Tokens an effect creates)."""
    pool = position.cards
    for event in position.events:
        for name in event.get("cards", ()) + tuple(n for n in (event.get("activate"), event.get("target")) if n):
            yield pool[name]
    for instance in position.instances.values():
        for effect in activated_effects(instance.card):
            if effect.tokens and pool.get(effect.tokens[1]):
                yield pool[effect.tokens[1]]


def history_facts(position: Position) -> list[str]:
    """this_turn.events as facts, relative to the turn player (asp/restrictions.lp):
    summon_event(N, Method, Card, Who, From, Negated), activate_event(N, Card, Effect, Who, Negated,
    Resolved, Target); alternative_event(N, Name) for the turn player's Xyz Summons by an alternative
    procedure (XYZ-4; Name: the card's name identity, as name/2). A clause pysolver cannot read fails closed when the history uses it."""
    out = []
    for n, event in enumerate(position.events, 1):
        who = "me" if event["player"] == position.turn_player else "opponent"
        if "summon" in event:
            negated = "yes" if event["negated"] else "no"
            for name in event["cards"]:
                card = position.cards[name]
                unread = unread_summon_clause(card)
                if unread is not None:      # a clause that follows its Summon and cannot be read
                    _refuse(card, n, unread)
                out.append(f"summon_event({n},{event['summon']},{card.passcode},{who},{event['from']},{negated}).")
                if event.get("alternative") and who == "me":   # XYZ-4: the card's alternative procedure
                    out.append(f"alternative_event({n},{card.alias or card.passcode}).")
        else:
            card = position.cards[event["activate"]]
            _readable(card, n)
            target = position.cards[event["target"]].passcode if event.get("target") else 0
            resolved = "yes" if event["resolved"] else "no"
            out.append(f"activate_event({n},{card.passcode},{event['effect']},{who},{event['negated']},{resolved},"
                       f"{target}).")
    return out


def _readable(card: Card, n: int) -> None:
    found = clauses(card)
    if isinstance(found, Exception):
        _refuse(card, n, str(found).removeprefix(f"{card.name!r}: turn clause not supported (").removesuffix(")"))


def _refuse(card: Card, n: int, why: str) -> None:
    raise PysolverError(f"this_turn.events[{n - 1}]: {card.name!r}: turn clause not supported ({why}); pysolver "
                        "cannot say what it forbids, so it cannot use this event")


def numbered_facts(facts: str, number: int) -> str:
    """The facts of one position of a batch: every fact gets the position's number as first argument
    (`instance(3,70095154).` -> `instance(7,3,70095154).`), as the batched encodings expect."""
    out = []
    for line in facts.split("\n"):
        if not line:
            continue
        name, paren, rest = line.partition("(")
        out.append(f"{name}({number},{rest}" if paren else f"{name[:-1]}({number}).")
    return "\n".join(out)
