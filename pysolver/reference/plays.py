"""The reference enumerator: every legal play of a position, by brute force in plain Python.

This module is the project's independent second opinion. The ASP solver is compared with it on many
generated positions, so it is written from the rules (RULES.md ids in the comments), never from the
encodings: it must not import `pysolver.solve.facts`, `pysolver.solve.legal`, `pysolver.solve.decode` or read `asp/`.
It is deliberately simple: enumerate every candidate (itertools), keep the legal ones. Clarity over
speed; a full board still takes a few milliseconds.

    legal_plays(position)                      # distinct up to identical copies, with `copies`
    legal_plays(position, all_instances=True)  # every instance-level play

Each mechanic is one generator function `(position) -> Iterator[Play]` listed in `MECHANICS`; adding a
mechanic is adding one function to that tuple.

Scope: Normal Summon/Set with Tributes (NS), Flip Summon (FS), manual position changes (POS), attack
declarations (BP), Setting Spells/Traps, the phase moves, the Synchro, Xyz, Link and Fusion Summons (SYN,
XYZ, LNK, FUS) with their zones (ZN), Ritual Summons (RIT), activating Pendulum Scales and Pendulum
Summons (PEN, ZN-7); the cards' own material rules, Special Summon limits (SP-2) and locks (Qliphort
Scout); Special Summons by a monster's own procedure (SP-1) and the card activations `pysolver.cards.effects`
reads, with the revival limit (SP-2, SP-3); Contact Fusions from the Extra Deck (SP-1, SP-2); and the turn's history (`this_turn.events`): oath clauses
(OATH-1..4), Special Summon counting (CNT-1, CNT-2) and additional Normal Summons (NS-1), checked on every
play by `_history_allows` and in `_normal_summon_rights`.

Card text comes to this module as data (`pysolver.cards.cardtext`, and `pysolver.cards.effects` for procedures,
activated effects and turn-history clauses): the parsed Extra Deck material lines
(`material_requirement`: pure data terms, `pysolver.cards.requirements`), Ritual and Fusion Spells, Fusion
Substitutes, material rules, Special Summon limits and locks. This module has its own matcher of those
terms against a card. Four wordings that `cardtext` does not read yet are read here, exactly: a scale that
changes without a partner (Stargazer Magician), "You must control no monsters to activate this card"
(Timegazer Magician), "Neither player can Special Summon 2 or more monsters at the same time" (Blue-Eyes
Spirit Dragon) and "A Fusion Summon of this card can only be done with the above Fusion Materials" (no
Fusion Substitute: Cyber Twin Dragon).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from itertools import combinations, permutations, product
from contextvars import ContextVar
from typing import Callable, Iterable, Iterator, Sequence

from ..cards.cardtext import (MaterialRules, RitualLimits, RitualSpell, double_tribute, fusion_spell,
                              no_tribute_grant, only_own_summon_rules, pointed_summon_grant, triple_tribute,
                              TributeRule,
                              fusion_substitute,
                              material_requirement, material_rules, own_original_stats, ritual_spell, special_summon_limit,
                              special_summon_needs,
                              special_summon_way, summons_refused, tribute_limit, tribute_rules,
                              ritual_limits, untributable_face_up)
from ..cards.attacks import AttackRules, attack_rules, field_name
from ..cards.replacements import banish_instead, deck_bottom_on_leaving, deck_to_gy_lock
from ..cards.effects import (activated_effects, contact_fusion, not_from_graveyard, procedure_once_per_turn,
                              procedures, read_clauses)
from ..cards.extra_deck_text import alternative_xyz
from ..cards.locks import (activation_locks, emz_lock, extra_deck_lead, extra_deck_zone_force, gy_card_needed, hand_trap_grants,
                           no_activation_or_set, summon_locks, zone_lock)
from ..cards.uniques import is_x, unique
from ..cards.presence import LINKED, THEIR_COLUMN
from ..cards.protections import protections
from ..cards.material_lines import default_archetypes, parse_filter
from ..cards.written import (NonTuner, SynchroLevels, TrapMonster, TunerSubstitute, gemini, hand_synchro,
                             link_extra_material,
                             non_tuner, synchro_all_levels, synchro_levels, tuner_substitute, xyz_levels, xyz_treated_level,
                             token_restrictions,
                             trap_monster)
from ..position.play import Play, sort_plays
from ..position.value import Instance, Monster, Position, SpellTrap, copy_class, id_sort_key
from ..cards.requirements import (And, Atom, DifferentNames, DifferentProperty, Including, Not, Or, Requirement,
                                  SameAnyProperty, SameProperty, xyz_of_xyz)


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


def _free_main_monster_zones(position: Position, gone: Iterable = ()) -> list[str]:
    """The turn player's empty Main Monster Zones a Summon or Set may use (not closed by ZLK-1 while the
    instances `gone` leave the field first)."""
    locked = _zone_locked(position, gone)
    return [f"M{n}" for n, monster in enumerate(position.me.monster_zones, 1) if monster is None
            and f"M{n}" not in locked]


def _zone_locked(position: Position, gone: Iterable = ()) -> set[str]:
    """ZLK-1 (docs/lock-rules.md): the zones ("M1".."M5", "EMZL"/"EMZR", the opponent's "oM1".."oM5") that
    an arrow of a turn player's Link Monster with "You cannot Summon/Set monsters to a zone(s) this card points
    to" points to, unless it is `gone` (a material, Tribute or cost of the play). Its effects negated or not:
    the card's script flags the lock EFFECT_FLAG_CANNOT_DISABLE."""
    gone_ids = {getattr(i, "id", i) for i in gone}
    lockers = [link for link in _own(position, ON_FIELD) if link.id not in gone_ids and zone_lock(link.card)]
    locked: set[str] = set()
    for link in lockers:
        for x, y in _points_to(link.card, _place_of(position, link), True):
            if y == 0:
                locked.add(f"M{x}")
            elif y == 2:
                locked.add(f"oM{6 - x}")    # the opponent numbers their zones from their own left
            else:
                locked.update(name for index, name in _EMZ_NAMES.items() if _emz_column(position, index) == x)
    return locked


def _unlocked_tribute_zones(position: Position, tributes: Sequence[Instance]) -> list[str]:
    """The Main Monster Zones the turn player's `tributes` (or materials, costs) leave, named by the instance,
    that ZLK-1 does not close."""
    locked = _zone_locked(position, tributes)
    return [t.id for t in tributes if t.location == "monster_zone" and t.player == position.turn_player
            and f"M{t.index}" not in locked]


def _free_spell_trap_zones(position: Position) -> list[str]:
    return [f"S{n}" for n, card in enumerate(position.me.spell_trap_zones, 1) if card is None]


def _sorted_ids(ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(ids, key=id_sort_key))


def _in_main_phase(position: Position) -> bool:
    return position.phase in MAIN_PHASES


# --------------------------------------------------------------------------------------------------
# Card text that `pysolver.cards.cardtext` does not turn into data (yet), read here exactly, one wording each

_OTHER_SCALE = re.compile(r'Unless you have an? "([^"]+)" card or "([^"]+)" card in your other Pendulum Zone, '
                          r"this card's Pendulum Scale becomes (\d+)\.")
_NO_MONSTERS_TO_ACTIVATE = "You must control no monsters to activate this card."
_ONE_AT_A_TIME = "Neither player can Special Summon 2 or more monsters at the same time."
# FUS-2: the card names its own materials, no substitute (the older wordings say "conducted" and "Fusion Material
# Monsters")
_ONLY_THESE_MATERIALS = re.compile(r"A Fusion Summon of this (?:card|monster) can only be (?:done|conducted) with the "
                                   r"above (?:Fusion Materials|materials|Fusion Material Monsters)\.")


def _says(card, wording) -> bool:
    """The card's text holds `wording` (a string, or a pattern)."""
    text = " ".join(card.text.split())
    return bool(wording.search(text)) if isinstance(wording, re.Pattern) else wording in text


def _scale_of(scale: Instance, other: Instance | None) -> int | None:
    """A Pendulum Scale's value: its printed scale, unless its Pendulum Effect changes it while the other
    Pendulum Zone holds no card of the named archetypes (Stargazer / Timegazer Magician: 4)."""
    match = _OTHER_SCALE.search(" ".join(scale.card.text.split()))
    if match is None:
        return scale.card.scale
    archetypes = default_archetypes()
    wanted = [archetypes.get(name) for name in match.group(1, 2)]
    if other is not None and any(code is not None and other.card.in_archetype(code) for code in wanted):
        return scale.card.scale
    return int(match.group(3))


_ONLY_WITH = re.compile(r'This (?:card|monster) can only be Ritual Summoned with the Ritual Spell Card, "?([^".]+)"?\.')
_AS_LEVEL = re.compile(r"If you can Pendulum Summon Level (\d+), you can Pendulum Summon this face-up card "
                       r"(?:in|from) your Extra Deck\.")


def _pendulum_summoned_as_level(candidate: Instance) -> int | None:
    """PEN-1 for a Pendulum Xyz Monster (a Rank, no Level) in the face-up Extra Deck whose text says "If you
    can Pendulum Summon Level N, you can Pendulum Summon this face-up card in your Extra Deck": Level N."""
    if candidate.location != "extra_deck" or candidate.card.level is not None:
        return None
    match = _AS_LEVEL.search(" ".join(candidate.card.text.split()))
    return int(match.group(1)) if match else None


def _one_monster_at_a_time(position: Position) -> bool:
    """"Neither player can Special Summon 2 or more monsters at the same time" on a face-up monster of
    either player (Blue-Eyes Spirit Dragon)."""
    return any(_says(i.card, _ONE_AT_A_TIME) and i.state.position != "set" and not _has_no_effects(i)
               for i in position.instances.values() if i.location in ON_FIELD)


# --------------------------------------------------------------------------------------------------
# Mechanics: one generator each

def normal_summons_and_sets(position: Position) -> Iterator[Play]:
    """NS-1..NS-7: Normal Summon (face-up Attack) or Set (face-down Defense) a hand monster, with Tributes.

    For each way the card text allows (`tribute_rules`: NS-3, NS-6; empty for NS-7 monsters), every set
    of own field monsters (any position, Tokens too unless their text forbids it: NS-4) with at most `r.tributes` members whose
    Tribute values (2 for a matching double-Tribute monster, else 1) add up to at least `r.tributes`.
    The monster goes to a free MMZ or to the MMZ of a Tribute; an EMZ Tribute frees nothing (NS-4).
    """
    if not _in_main_phase(position):
        return
    regular, grants = _normal_summon_rights(position)     # NS-1: one per turn, plus what effects grant
    if not regular and not grants:
        return

    def granted(action: str, monster: Instance, tributes: Sequence[Instance]) -> bool:
        if regular:
            return True
        return any((kind == "tribute" and action == "normal_summon" and tributes)
                   or (kind == "filter" and action == "normal_summon" and _matches(wanted, monster))
                   or (kind == "filter_or_set" and _matches(wanted, monster)) for kind, wanted in grants)

    def pointed(action: str, monster: Instance, tributes: Sequence[Instance]) -> set | None:
        """TRQ-5: the Main Monster Zones an additional summon "to their zone this card points to" allows this summon,
        None when it is allowed otherwise (any zone)."""
        if granted(action, monster, tributes):
            return None
        zones: set = set()
        for kind, wanted in grants:
            if kind == "pointed" and action == "normal_summon":
                grantor, what = wanted
                if _matches(what, monster) and grantor.id not in {t.id for t in tributes}:
                    zones |= {f"M{x}" for x, y in _points_to(grantor.card, _place_of(position, grantor),
                                                             grantor.player == position.turn_player) if y == 0}
        return zones

    hand = _own(position, "hand")
    free = _free_main_monster_zones(position)
    granted_filters = _no_tribute_grants_left(position)
    for monster in hand:
        rules = tribute_rules(monster.card)
        if rules and not only_own_summon_rules(monster.card) and any(_matches(f, monster) for f in granted_filters):
            rules = rules + (TributeRule(0, set=False),)        # TRQ-2: another card's grant
        field = [t for t in _own(position, ON_FIELD) + _opponent_tributes(position) if _can_be_tributed(t, monster)]

        def value(tribute: Instance) -> int:
            tripled = triple_tribute(tribute.card)   # TRQ-3: "can be treated as 1 or 3 Tributes": 3 (1 when fewer do)
            if tripled is not None and not isinstance(tripled, Exception) and _matches(tripled, monster):
                return 3
            doubled = double_tribute(tribute.card)   # NS-6: a filter on the monster Tribute Summoned
            return 2 if doubled is not None and not isinstance(doubled, Exception) and _matches(doubled, monster) else 1

        for action, positions in (("normal_summon", ("attack",)), ("set_monster", ("set",))):
            for rule in rules:
                if not (rule.summon if action == "normal_summon" else rule.set):
                    continue
                if rule.only_card_in_hand and len(hand) != 1:
                    continue
                if rule.conditions and not any(all(_summon_condition_holds(position, c) for c in alternative)
                                               for alternative in rule.conditions):     # NS-9
                    continue
                for count in range(rule.tributes + 1):
                    for tributes in combinations(field, count):
                        if sum(value(t) for t in tributes) < rule.tributes:
                            continue
                        if rule.filter is not None and not all(_matches(rule.filter, t) for t in tributes):
                            continue                                    # NS-8, NS-11: Tributes of one kind
                        allowed = pointed(action, monster, tributes)
                        if allowed is not None and not allowed:
                            continue
                        zones = (_free_main_monster_zones(position, tributes) if tributes else free) \
                            + _unlocked_tribute_zones(position, tributes)                 # ZLK-1
                        if allowed is not None:
                            zones = [z for z in zones if z in allowed]                    # TRQ-5
                        if not zones:
                            continue
                        yield Play(action=action, card=monster.id, name=monster.card.name,
                                   tributes=_sorted_ids(t.id for t in tributes), zones=_sorted_ids(zones),
                                   positions=positions)


def _no_tribute_grants_left(position: Position) -> list:
    """TRQ-2 (docs/tribute-rules.md): the filters of the "Each turn, 1 X you Normal Summon can be Summoned without
    Tributing" grants the turn player may still use. Each card saying it, where its text applies, allows one such Normal
    Summon a turn; every Normal Summon of the turn that may have been one spends a card of that filter: a Normal Summon
    event of a monster matching it (negated or not), or an unknown Normal Summon (`normal_summon_used` with no Normal
    Summon/Set event). A filter is left while its cards outnumber those summons."""
    cards: dict = {}
    for card in _own(position, ON_FIELD + ("spell_trap_zone", "field_zone")):
        grant = no_tribute_grant(card.card)
        if grant is not None and _applies(card, "card"):
            cards.setdefault(grant.what, []).append(card)
    if not cards:
        return []
    events = _my_events(position, "summon")
    summoned = [name for e in events if e["summon"] == "normal" for name in e["cards"]]
    unknown = position.normal_summon_used and not any(e["summon"] in ("normal", "set") for e in events)
    left = []
    for what, granters in cards.items():
        spent = unknown + sum((c := _card_named(position, name)) is not None and _matches(what, _Stand(c))
                              for name in summoned)
        if len(granters) > spent:
            left.append(what)
    return left


def _face_up(instance: Instance) -> bool:
    return instance.location in ON_FIELD and instance.state.position != "set"


def _never_reaches_gy(position: Position, instance: Instance) -> bool:
    """A card "sent to the GY" as a cost must really get there (the engine's is_capable_cost_to_grave asks where
    it would go), docs/replacement-rules.md BAN-4:
    BAN-1 -- a face-up monster on the field whose text says "If this face-up card would leave the field, banish
    it instead." would be banished;
    BAN-3 -- a field-wide "Any card/monster sent (from the field / from the hand or Main Deck) to the / your /
    your opponent's GY is banished instead" that applies now (its card face-up on the field: a monster in a
    Monster Zone, or in the Extra Monster Zone when it says so, not negated; a face-up Spell/Trap in its zone)
    would banish it. Tokens are never asked here (they never reach a GY)."""
    card = instance.card
    if "token" in card.kinds:
        return False
    on_field = instance.location in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone",
                                     "pendulum_zone")
    if on_field and instance.location in ("monster_zone", "extra_monster_zone") and _face_up(instance) and \
            any(r.kind == "leaves" for r in banish_instead(card)):
        return True
    monster = "monster" in card.kinds or instance.location in ("monster_zone", "extra_monster_zone")
    for holder in position.instances.values():
        state = holder.state
        for rule in banish_instead(holder.card):
            if rule.kind != "field":
                continue
            if isinstance(state, Monster):
                active = holder.location == "extra_monster_zone" if rule.where == "emz" else \
                    holder.location in ("monster_zone", "extra_monster_zone")
                active = active and state.position != "set" and "effects_negated" not in state.restrictions
            else:
                active = isinstance(state, SpellTrap) and state.position == "face_up" and \
                    holder.location in ("spell_trap_zone", "field_zone")
            if not active or (rule.what == "monster" and not monster):
                continue
            if (rule.gy == "own" and holder.player != instance.player) or \
                    (rule.gy == "opponent" and holder.player == instance.player):
                continue
            if (rule.source == "field" and not on_field) or rule.source == "detached" or \
                    (rule.source == "hand_deck" and instance.location not in ("hand", "deck")):   # CTR-5: no send cost
                continue
            return True
    return False


def _never_gy_cost(instance: Instance) -> bool:
    """GYC-1 (docs/procedure-rules.md): a card "sent to the GY" as the cost of a procedure or a Contact Fusion is never
    a Token, nor a Pendulum Monster Card on the field -- in a Monster Zone, or a Pendulum Scale in a Pendulum Zone or a
    Spell & Trap Zone -- which would go face-up to the Extra Deck instead (PEN-4)."""
    kinds = instance.card.kinds
    on_field = instance.location in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone",
                                     "pendulum_zone")
    return "token" in kinds or (on_field and "pendulum" in kinds)


def _deck_to_gy_locked(position: Position) -> bool:
    """CTR-6 (docs/replacement-rules.md): "While this card has material, neither player can send cards from the Deck
    to the GY, ..." -- a face-up monster on the field with that text, an Xyz Material attached to it, and its effects
    applying (not negated): no card goes from either Deck to the GY (a Ritual Tribute from the Deck, a procedure's
    cost sent from the Deck, an activation whose resolution sends excavated cards there)."""
    for instance in position.instances.values():
        if instance.location in ("monster_zone", "extra_monster_zone") and deck_to_gy_lock(instance.card) \
                and instance.state.position != "set" and not _has_no_effects(instance) \
                and any(i.location == "overlay" and i.host == instance.id for i in position.instances.values()):
            return True
    return False


def _returns_to_deck(instance: Instance, action: str) -> bool:
    """SCY-1 (docs/procedure-rules.md): a face-up Special Summoned monster whose text says "If this face-up Special
    Summoned card leaves the field, return it to the bottom of the Deck." would go to the Deck from the field
    whatever sends it, so it cannot pay a cost of sending to the GY or of banishing (the engine's
    is_capable_cost_to_grave and is_removeable_as_cost ask where the card would really go) -- unless the effect
    that Special Summoned it banishes it when it leaves the field (TOK-1), for a banishing cost."""
    if instance.location not in ("monster_zone", "extra_monster_zone") or not _face_up(instance):
        return False
    if not deck_bottom_on_leaving(instance.card) or not _special_summoned(instance):
        return False
    return action == "send" or (action == "banish" and "banish_when_it_leaves" not in instance.state.restrictions)


def _never_tributed(instance: Instance, position: Position) -> bool:
    """NS-10: a face-up monster whose own text says it cannot be Tributed (a Ritual's or a cost's Tribute too). TRX-1:
    the opponent's face-up monster whose text forbids its controller's opponent (the turn player) to Tribute it, while
    its effects apply."""
    if not _face_up(instance):
        return False
    never = untributable_face_up(instance.card)
    return never == "all" or (never == "opponent" and instance.player != position.turn_player
                              and not _has_no_effects(instance))


def _summon_condition_holds(position: Position, condition) -> bool:
    """NS-9: one condition of a Normal Summon rule's own sentence, on the position (docs/tribute-rules.md)."""
    mine, theirs = _own(position, ON_FIELD), _opponents(position, ON_FIELD)

    def face_up(monsters):
        return [m for m in monsters if m.state.position != "set" and _matches(condition.filter, m)]
    kind = condition.kind
    if kind == "none_mine":
        return not mine
    if kind == "theirs":
        return len(theirs) >= condition.count
    if kind == "opponent_more":
        return len(theirs) > len(mine)
    if kind == "field_empty":
        return not mine and not theirs
    if kind == "hand":
        return len(_own(position, "hand")) >= condition.count
    if kind == "mine_face_up":
        return len(face_up(mine)) >= condition.count
    if kind == "theirs_face_up":
        return len(face_up(theirs)) >= condition.count
    if kind == "all_mine":
        return len(face_up(mine)) == len(mine)
    raise ValueError(f"unknown condition {kind!r}")


_TRIBUTE_THEIRS = re.compile(r"If you would Tribute a monster\(s\) for a Tribute Summon, you can Tribute an? (.+?) "
                             r"monster\(s\) your opponent controls, even though you do not control them\.")


def _opponent_tributes(position: Position) -> list[Instance]:
    """PRW-8: while a face-up monster of the turn player whose effects apply says "If you would Tribute a monster(s) for
    a Tribute Summon, you can Tribute a Zombie monster(s) your opponent controls, even though you do not control them."
    (Vampire Sucker), the opponent's face-up monsters of that kind may be Tributes of a Tribute Summon or Set."""
    kinds = []
    for granter in _own(position, ON_FIELD):
        said = _TRIBUTE_THEIRS.search(granter.card.text)
        if said and _face_up(granter) and not _has_no_effects(granter):
            kinds.append(parse_filter(f"{said.group(1)} monster"))
    return [t for t in _opponents(position, ON_FIELD) if _face_up(t) and any(_matches(k, t) for k in kinds)]


def _can_be_tributed(tribute: Instance, summoned: Instance) -> bool:
    """A Token's own text may forbid Tributing it for a Tribute Summon (or Set) (NS-4, card data):
    always, unless the summoned monster has a given Attribute, or during the turn it was Summoned."""
    restrictions = _restrictions(tribute)                          # TOK-1: what its summoning effect says
    if "cannot_be_tributed" in restrictions:
        return False
    never = untributable_face_up(tribute.card) if _face_up(tribute) else None
    if never in ("all", "summon"):                                  # NS-10: its own text
        return False
    if never == "opponent" and tribute.player != summoned.player and not _has_no_effects(tribute):
        return False                                                # TRX-1: not by its controller's opponent
    if any(r.startswith("cannot_be_tributed_except_for_") and r.rpartition("_")[2].upper() != summoned.card.attribute
           for r in restrictions):
        return False
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
        if _frozen(position, monster):       # BPN-3: a Flip Summon changes its battle position
            continue
        yield Play(action="flip_summon", card=monster.id, name=monster.card.name)


def _frozen(position: Position, monster: Instance) -> bool:
    """BPN-3: another monster on either field, face-up with its effects applying (BP-3), whose text says "Other
    monsters on the field cannot change their battle positions or attack" (Thousand-Eyes Restrict)."""
    return any(other.id != monster.id and _attack_text(other).others_no_reposition
               for other in _own(position, ON_FIELD) + _opponents(position, ON_FIELD))


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
        if _frozen(position, monster):       # BPN-3
            continue
        yield Play(action="change_position", card=monster.id, name=monster.card.name,
                   to="defense" if state.position == "attack" else "attack")


def _attack_text(instance: Instance) -> AttackRules:
    """BP-3: what a monster's own text says about attacks applies while it is face-up on the field and its
    effects apply (not an unsummoned Gemini monster, GEM-1; not one whose effects are negated, TOK-1)."""
    if instance.location not in ON_FIELD or instance.state.position == "set" or _has_no_effects(instance):
        return AttackRules()
    return attack_rules(instance.card)


def _controls_face_up(position: Position, name: str) -> bool:
    """BPA-2: the turn player controls a face-up card called `name`: by its code like the engine's IsCode (an
    alias is the card it stands for), or by the name its text gives it while on the field ("This card's name
    becomes "Toon World" while on the field")."""
    named = _card_named(position, name)
    code = None if named is None else named.alias or named.passcode
    for card in _own(position, ON_FIELD + ("spell_trap_zone", "field_zone")):
        if card.state.position == "set":
            continue
        if (card.card.alias or card.card.passcode) == code or (field_name(card.card) or "").casefold() == name.casefold():
            return True
    return False


def _special_summoned(monster: Instance) -> bool:
    """BPM-1: a monster on the field was Special Summoned when the position says how (`summoned_as`) or from where
    (`special_summoned_from`), and always when it can come to the field no other way: a Token, a Trap Monster, an
    Extra Deck or Ritual Monster, a monster whose card says "Cannot be Normal Summoned/Set" (the `special_summon`
    kind). The engine keeps the summon type while it stays on the field, face-down too."""
    state = monster.state
    if state.summoned_as or state.special_summoned_from:
        return True
    never_normal = {"token", "trap_monster", "fusion", "synchro", "xyz", "link", "ritual", "special_summon"}
    return bool(_kinds(monster) & never_normal)


def attack_declarations(position: Position) -> Iterator[Play]:
    """BP-1..BP-14 (docs/battle-rules.md). None while a monster of the opponent forbids every attack
    declaration (BP-14). A face-up Attack Position monster (BP-2), or a face-up Defense
    Position one whose text lets it attack so (BP-6), whose text does not forbid it to attack (BP-9, or BP-7
    without Xyz Material), to which no Link Monster forbidding it points (BP-11), while no other monster of
    the turn player forbids it (BP-13), that has attacks left: one, plus the additional attacks its text gives
    (BP-5: "a second attack" on anything; as many attacks as it has Xyz Materials, on anything; "up to N
    attacks on monsters": the additional ones on monsters only and none once it attacked directly; BP-12,
    once those are used up and unless it attacked directly: one on each opponent monster it has not
    attacked this turn).
    Targets: any opponent monster (any position, Main or Extra Monster Zone) except those whose text forbids
    attacking them (BP-8, some while they point to a monster), those an opponent's Link Monster protects by
    pointing to them (BP-11) and, while another opponent monster's text says the opponent's monsters may
    attack no monster but it (and the condition its sentence gives holds), every monster but that one
    (BP-10; some only the face-up monsters of a kind); a direct attack when the opponent controls no
    monster, not counting those whose text says they do not prevent it (BP-8), or when the attacker's text
    lets it attack directly (BP-4, some only while it has Xyz Material), never on an attack on monsters only
    (BP-5) nor when its text says it cannot (BP-4, some only while it has no Xyz Material)."""
    if position.phase != "battle":
        return
    opponents = _opponents(position, ON_FIELD)
    field_spell = any(i.location == "field_zone" for i in position.instances.values())

    def only_now(monster) -> bool:            # BP-10, while the condition of its sentence holds
        text = _attack_text(monster)
        if text.only_target_presence is not None and not _presence_holds(position, monster, text.only_target_presence):
            return False                          # BPX-20: "While you control a Link Monster, ..."
        if text.only_target_while.startswith("summoned_"):   # LKQ-9: while it came to the field by that Summon
            return text.only_target and monster.state.summoned_as == text.only_target_while.removeprefix("summoned_")
        return text.only_target and {"": True, "field_zone_card": field_spell,
                                     "main_monster_zone": monster.location == "monster_zone",
                                     "extra_monster_zone": monster.location == "extra_monster_zone",
                                     "defense": monster.state.position == "defense"}[text.only_target_while]

    only = [o.id for o in opponents if only_now(o)]                               # BP-10
    # ATQ-6: a monster of theirs whose text lets the turn player attack only their face-up monsters of the highest ATK
    # while they control a face-up monster of a kind
    guarded_highest = any(_attack_text(o).guard_highest is not None and any(
        s.state.position != "set" and _matches(_attack_text(o).guard_highest, s) for s in opponents) for o in opponents)
    among = [(o.id, _attack_text(o).only_target_among) for o in opponents        # BP-10 on one kind of
             if _attack_text(o).only_target_among is not None]                    # face-up monster
    hidden = [o.id for o in opponents if _attack_text(o).only_target_face_down]   # BPX-22: face-down ones too
    places = {i.id: _place_of(position, i) for i in _own(position, ON_FIELD) + opponents}
    occupied = set(places.values())
    guarded = set()                               # BP-11: places an opponent's Link Monster protects
    for o in opponents:
        if _attack_text(o).pointed_not_target:
            guarded |= _points_to(o.card, places[o.id], False)

    def not_target(o) -> bool:                     # BP-8, also while it points to a monster; BP-11
        text = _attack_text(o)
        if text.not_target_while is not None and _presence_holds(position, o, text.not_target_while):
            return True                            # PRC-1: BP-8 while the position shows such a card
        return text.not_target or text.ignored or places[o.id] in guarded or (
            text.not_target_pointing and bool(_points_to(o.card, places[o.id], False) & occupied))

    kinds_guarded = [_attack_text(o).not_target_kind for o in opponents     # LKQ-10: while its lead holds
                     if _attack_text(o).not_target_kind is not None and (
                         _attack_text(o).not_target_kind_presence is None
                         or _presence_holds(position, o, _attack_text(o).not_target_kind_presence))
                     and not (_attack_text(o).not_target_kind_needs_material     # TGZ-3: while it has Xyz Material
                              and not any(i.location == "overlay" and i.host == o.id
                                          for i in position.instances.values()))]
    all_but = [_attack_text(o).guard_all_but for o in opponents                  # TRQ-4: any position, by name
               if _attack_text(o).guard_all_but is not None]
    # ATQ-2: a monster of theirs in an Extra Monster Zone whose text forbids attacks on their face-up monsters of a kind
    # in the Main Monster Zones
    main_guarded = [_attack_text(o).main_zone_guard for o in opponents if o.location == "extra_monster_zone"
                    and _attack_text(o).main_zone_guard is not None]
    attackable = [o.id for o in opponents if not not_target(o)
                  and not any(_matches(f, o) for f in all_but)
                  and not (o.state.position != "set" and any(_matches(f, o) for f in kinds_guarded))
                  and not (o.location == "monster_zone" and o.state.position != "set"
                           and any(_matches(f, o) for f in main_guarded))
                  and not [y for y in only if y != o.id]
                  and not (o.state.position != "set" and any(y != o.id and _matches(f, o) for y, f in among))
                  and not (o.state.position == "set" and [y for y in hidden if y != o.id])]
    in_the_way = [o.id for o in opponents if not _attack_text(o).ignored]
    held = set()                                  # BP-11: the places a forbidding Link Monster points to
    for link in _opponents(position, ON_FIELD) + _own(position, ON_FIELD):
        if _attack_text(link).pointed_cannot_attack:
            held |= _points_to(link.card, _place_of(position, link), link.player == position.turn_player)
    hand = len(_own(position, "hand"))            # BP-14: a monster of the opponent forbids every attack
    for o in opponents:
        text = _attack_text(o)
        if (text.lock_all_defense and all(m.state.position != "attack" for m in opponents)) or (
                text.lock_alone_hand is not None and len(opponents) == 1 and hand <= text.lock_alone_hand):
            return
    locks = []                                    # BP-16: the locks on attacks that bind the turn player
    for card in position.instances.values():
        for lock in attack_rules(card.card).locks:
            binds = lock.whom == "both" or (lock.whom == "controller") == (card.player == position.turn_player)
            if binds and _applies(card, "card") and not (lock.while_material and not card.state.materials) \
                    and not (lock.center and card.id.removeprefix("o") != "M3"):    # BPX-18: from the center zone
                locks.append((card.id, lock))   # BPX-5: "While this face-up card has Xyz Material, ..." only with one
    def co_linked(monster) -> bool:           # BPX-7: a Link Monster it points to points back to it
        here = places[monster.id]
        mine_ = monster.player == position.turn_player
        return any(other.id != monster.id and places[other.id] in _points_to(monster.card, here, mine_)
                   and here in _points_to(other.card, places[other.id], other.player == position.turn_player)
                   for other in _own(position, ON_FIELD) + opponents)

    def granted_more(monster) -> int:         # MST-2: what a material of its Summon (the position's record) gives it:
        return max((rule[2] for used, _ in monster.state.summon_materials       # more attacks on monsters, while
                    if (rule := attack_rules(used).user_on_monsters) is not None   # its own effects are negated too
                    and monster.state.summoned_as == rule[0] and (monster.card.attribute or "").lower() == rule[1]),
                   default=0)

    def pointed_more(monster) -> int:         # ATQ-7: a Link Monster (either side) pointing to it gives more attacks on
        here = places[monster.id]             # monsters to the monsters of a kind it points to
        return max((_attack_text(link).pointed_on_monsters[1] - 1 for link in _own(position, ON_FIELD) + opponents
                    if _attack_text(link).pointed_on_monsters is not None
                    and here in _points_to(link.card, places[link.id], link.player == position.turn_player)
                    and _matches(_attack_text(link).pointed_on_monsters[0], monster)), default=0)

    their_set = any(o.state.position == "set" for o in opponents)    # BPX-1: a face-down monster of theirs
    # BPO-2: "... must attack this card": while one applies its text, the attacks are on such cards only (one whose text
    # says it does not prevent a direct attack, BP-8, cannot be attacked even so); None while none applies
    musts = [o for o in opponents if _attack_text(o).must_attack == "this"]
    # MST-1: "... must attack the monster you control with the highest ATK (their choice, if tied)": while one applies
    # its text, the monsters to attack are its controller's face-up monsters of the highest (printed) ATK, BPO-2's way
    if any(_attack_text(o).must_attack == "highest" for o in opponents):
        shown_atk = [o for o in opponents if o.state.position != "set" and o.card.atk is not None]
        top = max((o.card.atk for o in shown_atk), default=None)
        musts += [o for o in shown_atk if o.card.atk == top and o not in musts]
    must_this = [o.id for o in musts if not _attack_text(o).ignored] if musts else None
    on_field = {m.id for m in _own(position, ON_FIELD) + opponents}     # BPX-1: Xyz Materials on the field
    field_units = sum(1 for i in position.instances.values() if i.location == "overlay" and i.host in on_field)
    for monster in _own(position, ON_FIELD):
        state, text = monster.state, _attack_text(monster)
        materials = len(state.materials)
        units = [i for i in position.instances.values() if i.location == "overlay" and i.host == monster.id]
        # MSC-2: "Your "Ancient Fairy Dragon" and monsters that mention it can attack while in face-up Defense Position"
        # (a face-up monster of the turn player's whose text applies, this one too)
        defense_allowed = any(_matches(what, monster) for other in _own(position, ON_FIELD)
                              for what in _attack_text(other).in_defense_for)
        if not (state.position == "attack" or (state.position == "defense" and (
                text.in_defense or text.direct_in_defense or defense_allowed))):
            continue
        only_direct = state.position == "defense" and text.direct_in_defense   # BPX-3: directly only
        helpers = [_attack_text(other) for other in _own(position, ON_FIELD)]   # BPX-1, BPX-2: "Your X monsters ..."
        second = any(_matches(what, monster) for helper in helpers for what in helper.extra_for)
        extra = text.extra      # BPX-17: "Gains the following effects while this card points to ..." (a second attack)
        if text.extra_while is not None and _presence_holds(position, monster, text.extra_while[1]):
            extra = max(extra, text.extra_while[0])
        if text.summoned_extra is not None and state.summoned_as == text.summoned_extra[0]:
            extra = max(extra, text.summoned_extra[1])   # SMT-2: "This Fusion Summoned card can make a second ..."
        if text.extra_while_banished is not None:        # BPX-14: while such a monster card is banished (either side)
            second = second or any(card.card.is_monster and _matches(text.extra_while_banished, card)
                                   for card in position.instances.values() if card.location == "banished")
        if "cannot_attack" in _restrictions(monster) or text.cannot_attack:     # TOK-1, BP-9
            continue
        if text.cannot_summon_turn and state.summoned_this_turn and not state.set_this_turn:   # BP-15
            continue
        if text.cannot_any_summon_turn and ((state.summoned_this_turn and not state.set_this_turn)
                                            or state.flip_summoned):     # BPA-2: Normal, Special or Flip Summoned
            continue
        summoned_now = state.summoned_this_turn and not state.set_this_turn     # Normal or Special Summoned
        if any((lock.what is None or _matches(lock.what, monster)) and not (
                lock.unless is not None and _matches(lock.unless, monster))
               and (summoned_now or not lock.summon_turn) and not (lock.center and monster.id == "M3")
               and not (lock.others and source == monster.id)     # BPN-3: "Other monsters on the field"
               for source, lock in locks):   # BP-16, BPX-5; BPX-18: not the monster in the center Main Monster Zone
            continue
        if any(_attack_text(other).others_cannot_attack for other in _own(position, ON_FIELD)
               if other.id != monster.id):                                       # BP-13
            continue
        alone = len(_own(position, ON_FIELD)) == 1         # BPX-12, BPX-13: no other monster of its controller
        if text.cannot_with_other and not alone:
            continue
        # BPX-15: the LP it costs (getattr: this source must never spell an ASP file name)
        if text.attack_lp_cost and getattr(position.me, "lp") < text.attack_lp_cost:
            continue
        if text.needs_material and not materials:          # BP-7
            continue
        if _place_of(position, monster) in held:           # BP-11
            continue
        attacked_before: set[str] = set()
        kind_units = 0 if text.per_material_of is None else sum(
            1 for unit in units if _matches(text.per_material_of, unit))      # BPX-10: materials of that kind
        # MUS-1..MUS-3: what the materials of its Summon (the position's record) give: all its attacks this turn
        # (on any target, or the ones after the first on monsters only) ...
        used_total, used_on_monsters = _used_attacks(text, state)
        if state.attacked <= max(extra, int(second)) or (text.extra_per_material and state.attacked < materials) \
                or state.attacked < kind_units or state.attacked < used_total:
            monsters_only = False                          # its first attack, or one of its additional ones
        elif state.attacked <= max(text.extra_on_monsters, pointed_more(monster), granted_more(monster)) \
                and not state.attacked_directly:
            monsters_only = True
        elif state.attacked < used_on_monsters and not state.attacked_directly:
            monsters_only = True                           # MUS-2: "can attack monsters a number of times ..."
        elif text.on_monsters_per_material and state.attacked <= materials and not state.attacked_directly:
            monsters_only = True                           # BP-5: one more on monsters per Xyz Material
        elif text.attack_all and not state.attacked_directly and (materials or not text.attack_all_needs_material) \
                and (alone or not text.attack_all_alone):
            # BP-12: each opponent monster once (some only while it has Xyz Material)
            monsters_only = True
            attacked_before = {"o" + zone for zone in state.attacked_monsters}
            if text.attack_all_among is not None:          # BPX-9: only on the monsters its text names
                attacked_before |= {o.id for o in opponents if not _matches(text.attack_all_among, o)
                                    or (text.attack_all_face_up and o.state.position == "set")}
            if text.attack_all_special:                    # BPM-1: only the Special Summoned ones
                attacked_before |= {o.id for o in opponents if not _special_summoned(o)}
        else:
            continue
        direct_ok = text.direct or (text.direct_with_material and materials > 0) or (
            text.direct_summon_turn and state.summoned_this_turn) or (            # BP-15
            text.direct_while_count is not None and sum(                          # CNB-5: N such face-up cards
                card.state.position != "set" and _matches(text.direct_while_count[0], card)
                for card in _own(position, ON_FIELD + ("spell_trap_zone", "field_zone", "pendulum_zone")))
            >= text.direct_while_count[1]) or (
            text.direct_while_control and _controls_face_up(position, text.direct_while_control)
            and not any(o.state.position != "set" and _matches(text.direct_unless_theirs, o) for o in opponents)) or (
            any(_matches(what, monster) for helper in helpers for what in helper.direct_for)) or (     # BPX-1
            any(_attack_text(y).direct_for_presence is not None                                       # MST-4
                and _matches(_attack_text(y).direct_for_presence[0], monster)
                and _presence_holds(position, y, _attack_text(y).direct_for_presence[1])
                for y in _own(position, ON_FIELD))) or (
            any(_matches(what, monster) and (their_set if when == "their_face_down" else field_units >= when)
                for helper in helpers for what, when in helper.direct_for_while)) or (
            text.direct_if_only is not None and all(_matches(text.direct_if_only, o) for o in opponents
                                                     if o.state.position != "set")) or (            # BPX-7
            text.direct_not_co_linked and not co_linked(monster)) or (
            text.direct_if_only_mine is not None and all(_matches(text.direct_if_only_mine, m)
                                                         for m in _own(position, ON_FIELD)
                                                         if m.state.position != "set")) or (
            text.direct_no_hand and not _own(position, "hand")) or (                                  # BPX-8
            text.direct_all_defense and not any(o.state.position == "attack" for o in opponents)) or (
            text.direct_alone_in_column and _alone_in_column(position, monster)) or (                # BPN-6
            text.direct_in_defense and state.position == "defense") or (                             # BPX-3
            text.direct_while_set and any(card.state.position == "set"
                                          for card in _own(position, "spell_trap_zone")))          # BPX-4
        # BPM-2: "Can attack your opponent directly, unless they control a Toon monster, in which case this card must
        # target a Toon monster for its attacks"
        toon_shown = text.direct_unless_kind is not None and any(
            o.state.position != "set" and _matches(text.direct_unless_kind, o) for o in opponents)
        if text.direct_unless_kind is not None and not toon_shown:
            direct_ok = True
        direct_no = toon_shown or text.no_direct or (text.no_direct_without_material and not materials) or (
            "cannot_attack_directly" in _restrictions(monster)) or (                                # LPC-1
            text.no_direct_unless_material is not None                                              # BPX-6
            and not any(_matches(text.no_direct_unless_material, unit) for unit in units))
        targets = [] if only_direct else [target for target in attackable if target not in attacked_before]
        if toon_shown:                                    # BPM-2: only the opponent's face-up monsters of that kind
            targets = [t for t in targets if any(o.id == t and o.state.position != "set"
                                                 and _matches(text.direct_unless_kind, o) for o in opponents)]
        column = places[monster.id][0]                    # BPX-27: a column guarded by a face-up monster of a kind
        if any(_attack_text(o).column_guard is not None and any(
                places[s.id][0] == column and s.state.position != "set" and _matches(_attack_text(o).column_guard, s)
                for s in opponents) for o in opponents):
            targets = [t for t in targets if places[t][0] != column]
        # ATQ-5: "If your opponent controls a face-up monster(s), this card can only target their monster with the
        # highest ATK for attacks": then never directly, and only their face-up monsters of the highest (printed) ATK
        shown = [o for o in opponents if o.state.position != "set"]
        if guarded_highest:                               # ATQ-6: the opponent's Rock of the Vanquisher and the like
            direct_no = True
            top = max((o.card.atk for o in shown if o.card.atk is not None), default=None)
            targets = [t for t in targets if any(o.id == t and o.card.atk is not None and o.card.atk == top
                                                 for o in shown)]
        if text.highest_atk_only and shown:
            direct_no = True
            top = max((o.card.atk for o in shown if o.card.atk is not None), default=None)
            targets = [t for t in targets if any(o.id == t and o.card.atk is not None and o.card.atk == top
                                                 for o in shown)]
        if not monsters_only and not direct_no and (not in_the_way or direct_ok):
            targets.append("direct")
        if must_this is not None:   # BPO-2: only the cards that say so (no BP-8, BP-10, BPX-3, BPX-27 or BPM-2), never directly
            targets = [o for o in must_this if o not in attacked_before]
        # ATQ-4: "Cannot declare an attack unless you send 1 card from your Extra Deck to the GY": one play per card of
        # the Extra Deck that would reach the GY (BAN-4), none without one
        costs = [(card.id,) for card in _own(position, "extra_deck") if not _never_reaches_gy(position, card)] \
            if text.attack_extra_cost else [None]
        for target in targets:
            for cost in costs:
                yield Play(action="declare_attack", card=monster.id, name=monster.card.name, target=target, cost=cost)


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
    """Main Phase 1 -> Battle Phase (not on turn 1: BP-1) or End; Battle -> Main Phase 2 or End; Main 2 -> End.
    BPO-1: while a monster of the turn player must attack, if able, the Battle Phase is not left while it has an
    attack to declare, and not skipped (End from Main Phase 1) while it is able to attack."""
    bound = _must_attack_bound(position)
    if position.phase == "main1" and position.turn > 1:
        battle = Play(action="enter_battle_phase")
        yield battle
        if _history_allows(position, battle) and any(_able_to_attack(position, m) for m in bound):
            return
    if position.phase == "battle":
        if any(play.card in bound for play in attack_declarations(position) if _history_allows(position, play)):
            return
        yield Play(action="enter_main2")
    yield Play(action="end_turn")


def _must_attack_bound(position: Position) -> set[str]:
    """BPO-1: the turn player's monsters that must attack, if able: all of them while a monster of the opponent applies
    "All monsters your opponent controls must attack, if able." (BP-3: face-up, with its effects); a monster whose own
    text says "This card must attack if able." while it applies."""
    mine = _own(position, ON_FIELD)
    if any(_attack_text(o).must_attack in ("opponents", "this", "highest") for o in _opponents(position, ON_FIELD)):
        return {m.id for m in mine}
    return {m.id for m in mine if _attack_text(m).must_attack == "self"}


def _able_to_attack(position: Position, monster_id: str) -> bool:
    """BPO-1, Main Phase 1 (ocgcore `card::is_capable_attack`): face-up in Attack Position (or in Defense Position with
    a text that lets it attack so) and under no "cannot attack" (EFFECT_CANNOT_ATTACK). What forbids declaring an attack
    (EFFECT_CANNOT_ATTACK_ANNOUNCE: "cannot declare an attack", BP-14, BPX-18; the LP of BPX-15) leaves it able."""
    monster = position.instances[monster_id]
    state, text = monster.state, _attack_text(monster)
    if not (state.position == "attack" or (state.position == "defense" and (text.in_defense or text.direct_in_defense))):
        return False
    mine = _own(position, ON_FIELD)
    if "cannot_attack" in _restrictions(monster) or text.cannot_attack or (text.needs_material and not state.materials):
        return False
    if (text.cannot_summon_turn or text.cannot_any_summon_turn) and state.summoned_this_turn and not state.set_this_turn:
        return False
    if text.cannot_any_summon_turn and state.flip_summoned:
        return False
    if text.cannot_with_other and len(mine) > 1:
        return False
    if any(_attack_text(o).others_cannot_attack and not _attack_text(o).others_cannot_declare
           for o in mine if o.id != monster.id):
        return False
    here = _place_of(position, monster)
    if any(_attack_text(link).pointed_cannot_attack
           and here in _points_to(link.card, _place_of(position, link), link.player == position.turn_player)
           for link in mine + _opponents(position, ON_FIELD)):
        return False
    summoned_now = state.summoned_this_turn and not state.set_this_turn
    for card in position.instances.values():
        for lock in attack_rules(card.card).locks:
            binds = lock.whom == "both" or (lock.whom == "controller") == (card.player == position.turn_player)
            if lock.declare or not binds or not _applies(card, "card") or (lock.while_material and not card.state.materials):
                continue
            if (lock.what is None or _matches(lock.what, monster)) and not (
                    lock.unless is not None and _matches(lock.unless, monster)) \
                    and (summoned_now or not lock.summon_turn) and not (lock.others and card.id == monster.id):
                return False
    for forbids, _, source in _active_forbids(position):          # OATH-1: "This card cannot attack the turn ..."
        if (forbids == "attack_self" and monster.card.name == source) \
                or (forbids == "attack_others" and monster.card.name != source):
            return False
    return True


# --------------------------------------------------------------------------------------------------
# Extra Deck summons (SYN, XYZ, LNK, FUS) and their zones (ZN)

def synchro_summons(position: Position) -> Iterator[Play]:
    """SYN-1..SYN-4: a face-down Extra Deck Synchro Monster; materials are face-up own monsters with a
    Level (Tokens too, never Xyz or Link Monsters) whose Levels sum exactly to its Level (SYN-2) and that
    fill the line's Tuner / non-Tuner groups; face-up Attack or Defense Position."""
    yield from _extra_deck_summons(position, "synchro")


def xyz_summons(position: Position) -> Iterator[Play]:
    """XYZ-1..XYZ-3: a face-down Extra Deck Xyz Monster; materials are face-up own monsters with a Level,
    never Tokens, Xyz or Link Monsters; the line's filters carry the Level; Attack or Defense Position."""
    yield from _extra_deck_summons(position, "xyz")
    yield from _alternative_xyz_summons(position)


def _alternative_xyz_summons(position: Position) -> Iterator[Play]:
    """XYZ-4 (engine-rules.md §4.4 "Alternative procedure"): an Xyz Monster whose text says "[Once per turn,]
    [During your Main Phase 2,] you can also Xyz Summon this card by using <a monster> you control" is Xyz
    Summoned from the face-down Extra Deck on exactly one face-up monster the player controls that matches
    the description (an Xyz or Link Monster too; never a Token; the monster's own "cannot be used as Xyz
    Material" text and restrictions count), in the Main Phase (Main Phase 2 only when the text says so),
    at most once per turn when the text says so (an earlier Xyz Summon of a card of that name by this
    procedure this turn, in the history, uses it up); zones after that monster left (ZN-6)."""
    if not _in_main_phase(position):
        return
    locks = _special_summon_locks(position)
    used = {name for event in _my_events(position, "summon") if event["summon"] == "xyz" and event.get("alternative")
            for name in event["cards"]}
    for monster in _own(position, "extra_deck"):
        procedure = alternative_xyz(monster.card)
        if procedure is None or monster.state.face_up or not _may_be_special_summoned(monster, "xyz", locks):
            continue
        if not _extra_deck_gy_allows(position, monster):   # PRW-7
            continue
        if procedure.main_phase_2 and position.phase != "main2":
            continue
        if procedure.once_per_turn and monster.card.name in used:
            continue
        if procedure.gy_exactly:   # AXZ-3: "if you have exactly N <monsters> in your GY"
            wanted, count = procedure.gy_exactly
            if sum(_matches(wanted, c) for c in _monsters_in(_own(position, "graveyard"))) != count:
                continue
        if procedure.after_activation and not _has_activated(position, procedure.after_activation):
            continue   # AXH-1: "if a "X" has activated its effect this turn"
        for material in _own(position, ON_FIELD):
            attached = len(material.state.materials)
            if material.state.position not in ("attack", "defense") or "token" in material.card.kinds \
                    or not _material_allowed(material, monster, "xyz") or not _matches(procedure.filter, material) \
                    or attached < procedure.min_attached \
                    or (procedure.max_attached is not None and attached > procedure.max_attached):
                continue
            zones = _extra_deck_zones(position, monster, [material])
            if not zones:
                continue
            for cost in _alternative_xyz_costs(position, procedure, material):
                yield Play(action="xyz_summon", card=monster.id, name=monster.card.name, materials=(material.id,),
                           cost=_sorted_ids(cost) if cost else None, zones=zones, positions=_BATTLE_POSITIONS["xyz"])


def _alternative_xyz_costs(position: Position, procedure, material: Instance) -> Iterator[tuple]:
    """AXZ-1, AXZ-2 (docs/procedure-rules.md): each way to pay the procedure's cost -- 1 card of the player's hand
    its text names ("by discarding 1 Spell", "by sending 1 "Burning Abyss" monster from your hand to the GY"),
    and/or N of the used monster's own materials ("by detaching N Xyz Materials from ..."); () when it has none."""
    hand = [()]
    if procedure.hand_cost is not None:
        hand = [(card.id,) for card in _own(position, "hand") if procedure.hand_cost.allows(card.card)
                and not (procedure.hand_cost.sends and _never_reaches_gy(position, card))]   # BAN-4
    units = [i for i in position.instances.values() if i.location == "overlay" and i.host == material.id]
    for paid in hand:
        for detached in combinations(units, procedure.detach):
            yield paid + tuple(u.id for u in detached)


def link_summons(position: Position) -> Iterator[Play]:
    """LNK-1..LNK-3: an Extra Deck Link Monster; materials are face-up own monsters (Tokens too), and at most
    1 opponent's face-up monster or 1 monster in the hand when the Link Monster's text says it can also use
    one; a Link Monster material worth 1 or its Link Rating, some choice summing exactly to the Link Rating;
    always Attack Position."""
    yield from _extra_deck_summons(position, "link")


_BATTLE_POSITIONS = {"synchro": ("attack", "defense"), "xyz": ("attack", "defense"), "link": ("attack",),
                     "fusion": ("attack", "defense")}


def fusion_summons(position: Position) -> Iterator[Play]:
    """FUS-1..FUS-3: a Fusion Spell (Polymerization) in the hand (it needs a free Spell & Trap Zone to be
    activated in) or Set on the field; a face-down Extra Deck Fusion Monster; its materials from the
    hand (monsters) and the turn player's Main/Extra Monster Zones in any position (face-down too,
    Tokens too), matched to the line like the other Extra Deck summons, except that one Fusion
    Substitute may fill a slot that only names cards (FUS-2); zones as for every face-down Extra Deck
    Fusion Monster (ZN-3..ZN-6); face-up Attack or Defense Position. One play per Fusion Spell."""
    if not _in_main_phase(position):
        return
    spells = _spells_to_activate(position, lambda card: fusion_spell(card))
    if not spells:
        return
    pool = [m for m in _own(position, "hand") if "monster" in m.card.kinds] + _own(position, ON_FIELD)
    if _gy_fusion_kinds(position):   # PRW-11: the GY's monsters too, for the Fusion Monsters a face-up card names
        pool += [m for m in _own(position, "graveyard") if "monster" in m.card.kinds]
    yield from _extra_deck_summons(position, "fusion", pool, spells)


_GY_AS_FUSION_MATERIAL = re.compile(r"If you Fusion Summon an? ([^,]+? Fusion Monster), you can also banish monsters "
                                    r"from your GY as material\.")


def _gy_fusion_kinds(position: Position) -> list:
    """PRW-11: the filters of "If you Fusion Summon a Level 7 Dragon Fusion Monster, you can also banish monsters from
    your GY as material." on the turn player's face-up monsters whose effects apply (Curse of Dragon, the Magical Knight
    Dragon)."""
    return [parse_filter(said.group(1)) for granter in _own(position, ON_FIELD)
            if (said := _GY_AS_FUSION_MATERIAL.search(granter.card.text)) and _face_up(granter)
            and not _has_no_effects(granter)]


def _spells_to_activate(position: Position, is_spell: Callable) -> list[Instance]:
    """The turn player's Spells of one sort that can be activated now: from the hand while a Spell & Trap
    Zone (S1..S5) is free, or Set in a Spell & Trap Zone."""
    hand = [c for c in _own(position, "hand") if is_spell(c.card)] if _free_spell_trap_zones(position) else []
    placed = [c for c in _own(position, "spell_trap_zone") if c.state.position == "set" and is_spell(c.card)]
    return hand + placed


def _extra_deck_summons(position: Position, summon: str, pool: Sequence[Instance] | None = None,
                        spells: Sequence[Instance] = ()) -> Iterator[Play]:
    """Every (Extra Deck monster, material set) of one summon type with at least one zone (ZN-6:
    zones counted after the materials leave). `pool`: where the materials come from (default: the
    turn player's face-up monsters); `spells`: the Spells that perform the summon (Fusion), one play each."""
    if not _in_main_phase(position):
        return
    if pool is None:
        pool = [m for m in _own(position, ON_FIELD) if m.state.position in ("attack", "defense")]
    locks = _special_summon_locks(position)
    for monster in _own(position, "extra_deck"):
        requirement = material_requirement(monster.card)
        if not isinstance(requirement, Requirement) or requirement.summon != summon:
            continue                                   # unsupported line: the solver refuses such cards
        if summon != "link" and monster.state.face_up:  # F/S/X only from the face-down Extra Deck
            continue
        if not _may_be_special_summoned(monster, summon, locks):
            continue
        if not _extra_deck_gy_allows(position, monster):   # PRW-7
            continue
        if any(kind == summon and not any(c.card.in_archetype(code) for c in _own(position, "graveyard"))
               for _, kind, code in gy_card_needed(monster.card)):
            continue                                   # LKP-7: "while you have a "World Legacy" card in your GY"
        if any(kind == summon and len(_own(position, "extra_deck")) < len(_opponents(position, "extra_deck")) + lead
               for _, kind, lead in extra_deck_lead(monster.card)):
            continue                                   # LKQ-12: "at least 3 more cards in your Extra Deck"
        substitute = summon == "fusion" and not _says(monster.card, _ONLY_THESE_MATERIALS)   # FUS-2
        extra = _link_extra_pool(position, monster) if summon == "link" else []
        hand = _hand_synchro_pool(position, pool) if summon == "synchro" else []
        extra_ids = {m.id for m in extra}
        of_xyz = xyz_of_xyz(requirement)   # MAT-6: a line of Xyz Monsters takes them without a Level
        candidates = [m for m in list(pool) + extra + hand if (_can_be_material(m, summon) or _xyz_levels(m, monster, summon)
                                                               or _level_tuner(m, monster, summon) is not None
                                                               or (of_xyz and "xyz" in m.card.kinds))
                      and _material_allowed(m, monster, summon)
                      and _group_options(requirement, m, substitute, _as_non_tuner(m, monster, summon),
                                         _as_tuner(m, monster, summon), _xyz_levels(m, monster, summon),
                                         monster.player)]
        low = max(1, requirement.min_materials)
        high = len(candidates) if requirement.max_materials is None else min(len(candidates),
                                                                            requirement.max_materials)
        for count in range(low, high + 1):
            for materials in combinations(candidates, count):
                if not _amount_fits(monster, materials, summon) or not _others_allowed(materials, summon):
                    continue
                if sum(m.id in extra_ids for m in materials) > 1:   # LNK-1: "also use 1 monster ..."
                    continue
                if hand and not _hand_synchro_granted(materials):     # SYN-5
                    continue
                if summon == "fusion" and not _fusion_places_fit(monster.card, materials):   # PRW-3
                    continue
                if any(m.location == "graveyard" for m in materials) and not (   # PRW-11: only what the grant names
                        summon == "fusion" and any(_matches(k, monster) for k in _gy_fusion_kinds(position))):
                    continue
                as_non_tuner = {m.id for m in materials if _as_non_tuner(m, monster, summon)}
                as_tuner = {m.id for m in materials if _as_tuner(m, monster, summon)}
                levels = {m.id: _xyz_levels(m, monster, summon) for m in materials}
                only_tuner = {m.id for m in materials if _level_tuner(m, monster, summon) is not None}   # MTX-1
                if not _fits_requirement(requirement, materials, substitute=substitute, as_non_tuner=as_non_tuner,
                                         as_tuner=as_tuner | only_tuner, xyz_levels=levels, player=monster.player,
                                         only_tuner=only_tuner):
                    continue
                zones = _extra_deck_zones(position, monster, materials)
                if not zones:
                    continue
                for spell in spells or (None,):
                    yield Play(action=f"{summon}_summon", card=monster.id, name=monster.card.name,
                               spell=spell.id if spell is not None else None,
                               materials=_sorted_ids(m.id for m in materials), zones=zones,
                               positions=_BATTLE_POSITIONS[summon])


_FROM_HAND_AND_FIELD = re.compile(r"Fusion Summoned using only (?:monsters in your hand and/or field|Fusion Materials "
                                  r"from your hand and field, with at least 1 (?P<each>monster from each))")


def _fusion_places_fit(card, materials: Sequence[Instance]) -> bool:
    """PRW-3: "Fusion Summoned using only monsters in your hand and/or field": every material is in the hand or on the
    player's field; "... with at least 1 monster from each": the hand and the field give one each at least."""
    said = _FROM_HAND_AND_FIELD.search(" ".join(card.text.split()))
    if said is None:
        return True
    if not all(m.location == "hand" or m.location in ON_FIELD for m in materials):
        return False
    return not said.group("each") or (any(m.location == "hand" for m in materials)
                                      and any(m.location in ON_FIELD for m in materials))


def _link_extra_pool(position: Position, monster: Instance) -> list[Instance]:
    """LNK-1 with the Link Monster's own "You can also use 1 monster your opponent controls / in your hand as
    material to Link Summon this card": the opponent's face-up monsters (engine-rules.md §4.7: its
    EFFECT_EXTRA_MATERIAL group is the opponent's face-up Monster Zone cards), or the turn player's monsters
    in the hand. At most 1 of them among the materials (`_extra_deck_summons`)."""
    where = link_extra_material(monster.card)
    if where == "opponent_field":
        return [m for m in _opponents(position, ON_FIELD) if m.state.position in ("attack", "defense")]
    if where == "hand":
        return [m for m in _own(position, "hand") if "monster" in m.card.kinds]
    if where == "own_face_down":      # MST-3: 'a face-down "Ghostrick" monster you control' (the line's filter decides
        return [m for m in _own(position, ON_FIELD) if m.state.position == "set"]   # the archetype)
    return []


def _hand_synchro_pool(position: Position, pool: Sequence[Instance]) -> list[Instance]:
    """SYN-5 (docs/material-rules.md): the turn player's monsters in the hand, when a monster of the pool has the
    text "1 Tuner / monster in your hand can be used as 1 of the other materials" (else none)."""
    if not any(hand_synchro(m.card) is not None for m in pool):
        return []
    return [m for m in _own(position, "hand") if "monster" in m.card.kinds]


def _hand_synchro_granted(materials: Sequence[Instance]) -> bool:
    """SYN-5: every material from the hand is let in by a different name among the materials on the field whose
    "1 X in your hand can be used as 1 of the other materials" it matches ("this Synchro Summoned monster":
    only while it was Synchro Summoned); one hand material per name (the engine's label is the card's id)."""
    hand = [m for m in materials if m.location == "hand"]
    grants: dict = {}
    for m in materials:
        found = hand_synchro(m.card) if m.location in ON_FIELD else None
        if found is not None and (found.summoned_as is None
                                  or getattr(m.state, "summoned_as", None) == found.summoned_as):
            grants[m.card.alias or m.card.passcode] = found.filter
    return any(all(_matches(grants[name], m) for name, m in zip(names, hand))
               for names in permutations(grants, len(hand)))


def _can_be_material(material: Instance, summon: str) -> bool:
    """The summon's own pool rule: SYN-3 (a Level, Tokens allowed), XYZ-2 (a Level, never a Token),
    LNK-1 (any face-up monster), FUS-1 (any monster). Xyz and Link Monsters have no Level."""
    card = material.card
    if summon in ("link", "fusion"):
        return True
    has_level = card.level is not None and not card.kinds & {"xyz", "link"}
    return has_level and (summon == "synchro" or "token" not in card.kinds)


def _rules_of(card) -> MaterialRules | None:
    """The card's own material rules; None for a card whose clause cannot be read (it never appears
    in a position the solver accepts: it fails closed)."""
    rules = material_rules(card)
    return rules if isinstance(rules, MaterialRules) else None


def _material_allowed(material: Instance, summoned: Instance, summon: str) -> bool:
    """The material's own text: "Cannot be used as X Material" (`never`), "..., except for the X Summon of
    Y" (`only_for`: the summoned monster must be Y)."""
    rules = _rules_of(material.card)
    if rules is None or summon in rules.never:
        return False
    state = material.state
    if summon in rules.never_face_up and material.location in ON_FIELD and state.position != "set":
        return False        # LKQ-13: "This face-up card cannot be used as material for ...": face-up on the field
    # "Cannot be used as Link Material the turn it is Link Summoned": it came by that Summon this turn
    if summon in rules.never_the_turn and isinstance(state, Monster) and state.summoned_as == summon \
            and state.summoned_this_turn:
        return False
    # "Cannot be used as material for an Xyz Summon while it has material": Xyz Materials attached to it
    if summon in rules.never_with_material and isinstance(state, Monster) and state.materials:
        return False
    if isinstance(state, Monster) and f"cannot_be_{summon}_material" in _restrictions(material):   # TOK-1
        return False
    return all(_matches(wanted, summoned) for kind, wanted in rules.only_for if kind == summon)


def _others_allowed(materials: Sequence[Instance], summon: str) -> bool:
    """"The other X Material(s) cannot be Y" (`others_not`) and "... unless all other materials are Y"
    (`others_must`), over the other chosen materials."""
    for material in materials:
        rules = _rules_of(material.card)
        if rules is None:
            return False
        others = [m for m in materials if m is not material]
        if any(kind == summon and any(_matches(banned, o) for o in others) for kind, banned in rules.others_not):
            return False
        if any(kind == summon and not all(_matches(wanted, o) for o in others) for kind, wanted in rules.others_must):
            return False
    return True


# Special Summon limits (SP-2, PEN-2) and locks

def _special_summon_locks(position: Position) -> list:
    """The summon locks that bind the turn player now (docs/lock-rules.md): LCK-1, whom a lock binds from its
    controller's view; LCK-2, while its card applies it (a face-up monster with its effects, a face-up
    Spell/Trap, a Pendulum Effect of a Pendulum Scale)."""
    found = []
    for instance in position.instances.values():
        for lock in summon_locks(instance.card):
            binds = lock.who == "both" or (lock.who == "controller") == (instance.player == position.turn_player)
            # MTX-5: "While this card has Xyz Material"; CNB-1: "● N+:" after "... the number of materials attached to it"
            if lock.with_material and len(getattr(instance.state, "materials", ())) < lock.with_material:
                continue
            if lock.column and not (instance.location in ON_FIELD and _presence_holds(position, instance, THEIR_COLUMN)):
                continue        # LKQ-11: while its controller's opponent has a monster in its column
            if binds and _applies(instance, lock.where):
                found.append(lock)
    return found


def _applies(instance: Instance, where: str) -> bool:
    state = instance.state
    if where == "pendulum":
        return instance.location == "pendulum_zone" or (
            instance.location == "spell_trap_zone" and instance.index in (1, 5) and state.position == "face_up"
            and {"pendulum", "monster"} <= instance.card.kinds)
    if instance.location in ON_FIELD:
        return state.position != "set" and not _has_no_effects(instance)
    return instance.location in ("spell_trap_zone", "field_zone") and state.position == "face_up" \
        and "monster" not in instance.card.kinds


def _lock_allows(locks: Sequence, monster, summon: str) -> bool:
    """LCK-3, LCK-4: no lock forbids Special Summoning `monster` (an Instance, or a `_Stand` Token) by a
    `summon` ("fusion", "synchro", "xyz", "link", "ritual", "pendulum"; "procedure" or "effect": only
    "Special Summon" locks)."""
    for lock in locks:
        # ZLK-2: "Summon" is every Summon; ZLK-3: a Ritual Summon is a Special Summon by a Spell's effect
        by_spell_trap = ("spell_trap_effect",) if summon in ("ritual", "spell_trap_effect") else ()
        if lock.kind not in ("special", "summon", "normal_special", summon, *by_spell_trap):   # CNB-1: "Normal or Special"
            continue
        where = getattr(monster, "location", None)
        if lock.source == "hand_or_graveyard":
            if where not in ("hand", "graveyard"):
                continue
        elif lock.source is not None and where != lock.source:
            continue
        if lock.what and not any(_matches(f, monster) for f in lock.what):
            continue
        if not any(_matches(f, monster) for f in lock.unless):
            return False
    return True


def _may_be_special_summoned(monster: Instance, summon: str, locks: Sequence) -> bool:
    """SP-2: "Cannot be Special Summoned" never; "Must (first) be X Summoned" only by X (a monster that
    must be Special Summoned by its own procedure is never Fusion/Synchro/Xyz/Link/Ritual Summoned);
    "Cannot be Special Summoned from the Extra Deck". And every lock lets it through."""
    limit = special_summon_limit(monster.card)
    if limit == "never" or (limit == "not_from_extra_deck" and monster.location == "extra_deck"):
        return False
    way = special_summon_way(monster.card)
    if way is not None and way != summon:
        return False
    if summon in summons_refused(monster.card):   # EDL-1: "Cannot be Synchro Summoned."
        return False
    return _lock_allows(locks, monster, summon)


_ED_UNLESS_GY = re.compile(r'Cannot be Special Summoned from the Extra Deck unless you have (\d+) or more "([^"]+)" '
                           r'Spells/Traps in your GY\.')


def _extra_deck_gy_allows(position: Position, monster: Instance) -> bool:
    """PRW-7: 'Cannot be Special Summoned from the Extra Deck unless you have 3 or more "Tri-Brigade" Spells/Traps in
    your GY': from the Extra Deck, only while the turn player's GY holds that many Spells/Traps of the archetype."""
    said = _ED_UNLESS_GY.search(monster.card.text)
    if said is None or monster.location != "extra_deck":
        return True
    code = default_archetypes().get(said.group(2))
    held = [c for c in _own(position, "graveyard") if c.card.kinds & {"spell", "trap"} and c.card.in_archetype(code)]
    return len(held) >= int(said.group(1))


def _amount_fits(monster: Instance, materials: Sequence[Instance], summon: str) -> bool:
    """SYN-2: the Levels sum exactly to the Synchro Monster's Level, a material counting with its Level
    or a Level its text lets it be treated as "when used for a Synchro Summon" (Yamatako Orochi).
    LNK-1: each material is worth 1, a Link Monster 1 or its Link Rating, and some choice sums exactly
    to the Link Rating. Xyz: the Level is in the line's filters."""
    if summon == "synchro":   # each material with its Level or one its text lets it be treated as
        if monster.card.level is None:
            return False
        sums = {0}
        for material in materials:
            levels = {material.card.level}
            treated = _level_tuner(material, monster, summon)   # MTX-1: a Link Monster treated as a Level N Tuner
            if treated is not None:
                levels = {treated}
            alternative = synchro_levels(material.card) if material.location in ON_FIELD else None   # "on the field"
            if isinstance(alternative, SynchroLevels) and (alternative.only_for is None
                                                          or _matches(alternative.only_for, monster)):
                levels.update(alternative.levels)
            sums = {total + level for total in sums for level in levels}
        if monster.card.level in sums:
            return True
        # MTX-2: a material's "you can treat it and all other Synchro Materials (that have a Level) as Level N
        # monsters" ("this card on the field": only when it is a material from the field)
        for material in materials:
            every = synchro_all_levels(material.card)
            if every is not None and (not every.on_field or material.location in ON_FIELD) \
                    and every.level * len(materials) == monster.card.level:
                return True
        return False
    if summon == "link":
        sums = {0}
        for material in materials:
            worths = {1}
            if "link" in material.card.kinds and material.card.link_rating:
                worths.add(material.card.link_rating)
            sums = {total + worth for total in sums for worth in worths}
        return monster.card.link_rating in sums
    return True


# Matching the requirement terms (pysolver.cards.requirements) against materials

_NUMERIC_ATTRIBUTES = {"level": "level", "rank": "rank", "link_rating": "link_rating", "atk": "atk",
                       "def": "defense"}
_PROPERTY_ATTRIBUTES = {"attribute": "attribute", "race": "race", "level": "level", "rank": "rank",
                        "name": "name"}


def _matches(term, material: Instance) -> bool:
    """Does one material satisfy a filter (Atom / And / Or / Not)? Kinds as the card's state makes them
    (`_kinds`: GEM-1, TOK-2)."""
    if isinstance(term, And):
        return all(_matches(part, material) for part in term.parts)
    if isinstance(term, Or):
        return any(_matches(part, material) for part in term.parts)
    if isinstance(term, Not):
        return not _matches(term.part, material)
    if not isinstance(term, Atom):
        raise TypeError(f"not a material filter: {term!r}")
    card = material.card
    key, value = term.key, term.value
    if key == "any":
        return True
    if key == "name":
        return card.name.casefold() == str(value).casefold()
    if key == "name_has":                           # PRW-10: 'with "Number C101" ... in its name'
        return str(value) in card.name
    if key == "mentions":                           # PRW-14: 'a Fusion Monster that mentions "X"': "X" in its text
        return f'"{value}"' in card.text
    if key == "archetype":
        return card.in_archetype(value)
    if key == "attribute":
        return card.attribute == value
    if key == "race":
        return card.race == value
    if key == "kind":
        kinds = _kinds(material)
        if value == "monster":                  # a Trap Monster on the field is a monster
            return "monster" in kinds or "trap_monster" in kinds
        return value in kinds
    if key == "overlay":                            # MAT-6: "that have material"
        return getattr(material, "location", None) in ON_FIELD and bool(getattr(material.state, "materials", ()))
    if key == "summoned" and value == "special_this_turn":
        # SMT-4: "Special Summoned this turn": face-up on the field (the engine asks IsFaceup), it came to the field this turn, and by a Special Summon
        # (BPM-1's reading of the position); a Gemini Summon this turn of a monster Special Summoned on an earlier
        # turn says `summoned_this_turn` too, so a Gemini Summoned monster never matches (its uses are withheld:
        # `_certain_given_unread_text`)
        return getattr(material, "location", None) in ON_FIELD and material.state.position != "set" \
            and material.state.summoned_this_turn and not material.state.gemini_summoned and _special_summoned(material)
    if key == "summoned":                           # MAT-7: "Special Summoned from the Extra Deck"; LKP-4: "... GY"
        return getattr(material, "location", None) in ON_FIELD and \
            getattr(material.state, "special_summoned_from", None) == \
            {"from_extra_deck": "extra_deck", "from_graveyard": "graveyard"}[value]
    if key == "position":
        if value == "face_up":                      # MAT-3: "face-up monster" (on the field)
            return getattr(material, "location", None) in ON_FIELD and getattr(material.state, "position", None) != "set"
        return value == "face_down" and getattr(material.state, "position", None) == "set"
    if key in ("atk", "def") and getattr(material, "location", None) in ON_FIELD and own_original_stats(card) \
            and getattr(material.state, "position", None) != "set":
        return False                                # MAT-3, STM-1: face-up there, its ATK/DEF are not the printed ones
    actual = getattr(card, _NUMERIC_ATTRIBUTES[key])
    if actual is None:
        return False
    return {"=": actual == value, "<=": actual <= value, ">=": actual >= value}[term.op]


class _UsedMaterial:
    """MUS-1: a card a monster's Summon used, as filters see it (its card only: it is nowhere now)."""

    def __init__(self, card):
        self.card = card


def _used_attacks(text, state) -> tuple[int, int]:
    """MUS-2, MUS-3: (how many attacks on any target, how many attacks in all with the later ones on monsters)
    this turn the materials its Summon used give a monster (0: none beyond the one every monster has). Counted from
    the card text, as docs/material-rules.md says: "up to the number of <what> used for its <kind> Summon"; "If this
    card was <kind> Summoned using <what> as material, it can make a second attack"."""
    used = getattr(state, "summon_materials", ())
    on_any, on_monsters = 0, 0
    if text.used_attacks is not None:
        what, kind, minus, monsters = text.used_attacks
        if kind is None or state.summoned_as == kind:
            count = len([card for card, _ in used if what is None or _matches(what, _UsedMaterial(card))]) - minus
            if monsters:
                on_monsters = count
            else:
                on_any = count
    if text.used_extra is not None:
        kind, condition, more = text.used_extra
        if state.summoned_as == kind and used:
            if condition[0] == "field":
                met = all(where == "field" for _, where in used)
            else:   # CNB-3: ("count", F, N): N of them match F ("● 4+:" under "the number of <F> used ...")
                needed = condition[2] if condition[0] == "count" else 1
                met = sum(_matches(condition[1], _UsedMaterial(card)) for card, _ in used) >= needed
            if met:
                on_any = max(on_any, 1 + more)
    return on_any, on_monsters


def _kinds(instance) -> frozenset:
    """The kinds a card has where it is. GEM-1: a Gemini monster face-up on the field and not Gemini
    Summoned, or in the GY, is a Normal Monster and not an Effect Monster. TOK-2: a Trap Card that
    Special Summoned itself is, on the field, a monster of the kind its text says. A `_NonTunerView`
    (SYN-1) is the card without the Tuner kind."""
    card, state = instance.card, getattr(instance, "state", None)
    location = getattr(instance, "location", None)
    on_field = location in ON_FIELD
    kinds = card.kinds
    if gemini(card) is True and ((on_field and state.position != "set" and not state.gemini_summoned)
                                 or location == "graveyard"):
        kinds = (kinds - {"effect"}) | {"normal"}
    trap = trap_monster(card)
    if on_field and isinstance(trap, TrapMonster):
        kinds = kinds | {"monster", "trap_monster", trap.kind}
        if not trap.still_trap:
            kinds = kinds - {"trap", "continuous"}
    if on_field and state.position != "set" and getattr(state, "treated_as_tuner", False):
        kinds = kinds | {"tuner"}   # MTX-4: treated as a Tuner while face-up on the field
    return (kinds - getattr(instance, "without", frozenset())) | getattr(instance, "also", frozenset())


def _restrictions(instance: Instance) -> tuple:
    """TOK-1: what the effect that summoned a monster forbids it (its state), and what a Token's or a Trap
    Monster's own text forbids it."""
    own = token_restrictions(instance.card)
    trap = trap_monster(instance.card)
    itself = trap.restrictions if isinstance(trap, TrapMonster) else ()
    return tuple(instance.state.restrictions) + (own if isinstance(own, tuple) else ()) + itself


def _own_effects_off(instance: Instance) -> bool:
    """A monster on the field whose own state switches its effects off: negated by the effect that summoned it
    (TOK-1), or a Gemini monster not Gemini Summoned (GEM-1: a Normal Monster). It cannot activate them either."""
    state = instance.state
    return "effects_negated" in _restrictions(instance) or (gemini(instance.card) is True and not state.gemini_summoned)


def _has_no_effects(instance: Instance) -> bool:
    """A monster on the field whose effects do not apply: its own state says so (`_own_effects_off`), or a
    continuous negation of another card covers it in the position being answered (NGT-1, `_NEGATED`)."""
    return _own_effects_off(instance) or instance.id in _NEGATED.get()


# NGT-1..NGT-4 (docs/lock-rules.md): the monsters other cards' continuous negations negate in the position whose plays
# are being listed (set by `legal_plays`).
_NEGATED: ContextVar[frozenset] = ContextVar("negated", default=frozenset())


def _negating(card: Instance) -> bool:
    """NGT-1: a card with a read negation sentence that applies it now, unless another negation covers it."""
    from ..cards.negations import negations
    if not negations(card.card):
        return False
    if card.location in ON_FIELD:
        return card.state.position != "set" and not _own_effects_off(card)
    return card.location in ("spell_trap_zone", "field_zone") and card.state.position == "face_up" \
        and not card.card.is_monster


def _fits(card: Instance, monster: Instance) -> bool:
    """NGT-1, NGT-2: `monster`, face-up in a Monster Zone, fits a negation sentence of `card`."""
    from ..cards.negations import negations
    return monster.id != card.id and monster.location in ON_FIELD and monster.state.position != "set" and any(
        (n.whose == "both" or monster.player != card.player) and _matches(n.what, monster) for n in negations(card.card))


def negated_by_cards(position: Position) -> frozenset:
    """NGT-1..NGT-4, from the docs: a card with a read "Negate the effects of <monsters> ..." sentence negates, while it
    is face-up (a monster in a Monster Zone whose own effects apply, or a Spell/Trap Card in a Spell & Trap Zone or
    the Field Zone),
    the effects of every other face-up monster in the Monster Zones that fits the description (only the opponent's,
    for "while your opponent controls them"). A card that itself fits another such card's description negates
    nothing (when a chain of them would decide it, the position is refused: `_certain_given_unread_text`)."""
    negators = [c for c in position.instances.values() if _negating(c)]
    free = [c for c in negators if not any(_fits(other, c) for other in negators)]
    return frozenset(m.id for c in free for m in position.instances.values() if _fits(c, m))


def gemini_summons(position: Position) -> Iterator[Play]:
    """GEM-2: in the Main Phase, a face-up Gemini monster the turn player controls that was not Gemini
    Summoned can be Normal Summoned a second time; this uses the turn's Normal Summon (NS-1), or an
    additional Normal Summon granted for a monster it matches (not one granted for a Tribute Summon:
    it needs no Tribute). It stays in its zone and battle position."""
    if not _in_main_phase(position):
        return
    regular, grants = _normal_summon_rights(position)
    for monster in _own(position, ON_FIELD):
        if gemini(monster.card) is not True or monster.state.position == "set" or monster.state.gemini_summoned:
            continue
        if regular or any(kind in ("filter", "filter_or_set") and _matches(wanted, monster) for kind, wanted in grants):
            yield Play(action="gemini_summon", card=monster.id, name=monster.card.name)


def _property(material: Instance, prop: str):
    return getattr(material.card, _PROPERTY_ATTRIBUTES[prop])


def _condition_holds(condition, members: Sequence[Instance]) -> bool:
    """A condition over the materials in its scope. A material without the property (None) satisfies
    neither SameProperty nor DifferentProperty."""
    if isinstance(condition, Including):
        return sum(_matches(condition.filter, m) for m in members) >= condition.count
    if isinstance(condition, DifferentNames):
        names = [m.card.name.casefold() for m in members]
        return len(set(names)) == len(names)
    if isinstance(condition, SameAnyProperty):      # MAT-5: all share one Type, or all share one Attribute
        return any(_condition_holds(SameProperty(prop), members) for prop in condition.props)
    if isinstance(condition, (SameProperty, DifferentProperty)):
        values = [_property(m, condition.prop) for m in members]
        if any(v is None for v in values):
            return False
        if isinstance(condition, SameProperty):
            return len(set(values)) <= 1
        return len(set(values)) == len(values)
    raise TypeError(f"unknown condition: {condition!r}")


def _names_only(term) -> bool:
    """A filter that only names cards: '"Flame Manipulator"', or an Or of names."""
    if isinstance(term, Atom):
        return term.key == "name"
    return isinstance(term, Or) and all(_names_only(part) for part in term.parts)


class _NonTunerView:
    """A material seen as a non-Tuner (SYN-1: "you can treat it as a non-Tuner"): the same card without
    the Tuner kind, for matching the material line's filters."""

    def __init__(self, material: Instance):
        self.card, self.state, self.location = material.card, material.state, material.location
        self.without = frozenset({"tuner"})


def _as_non_tuner(material: Instance, summoned: Instance, summon: str) -> bool:
    """SYN-1: may this Tuner fill a non-Tuner slot of this Synchro Summon (its text says so, for this
    Synchro Monster)?"""
    if summon != "synchro":
        return False
    option = non_tuner(material.card)
    return isinstance(option, NonTuner) and (option.only_for is None or _matches(option.only_for, summoned))


class _TunerView:
    """A material seen as a Tuner (SYN-1: the Synchro Monster's "you can treat 1 X you control as a Tuner"):
    the same card with the Tuner kind, for matching the Tuner slot of its material line."""

    def __init__(self, material: Instance):
        self.card, self.state, self.location = material.card, material.state, material.location
        self.also = frozenset({"tuner"})


def _as_tuner(material: Instance, summoned: Instance, summon: str) -> bool:
    """SYN-1 (engine-rules.md §4.5, `sub1`): may this material fill the Tuner slot of this Synchro Summon as
    the 1 monster the Synchro Monster's text lets be treated as a Tuner ("1 LIGHT or DARK monster you
    control"; "1 monster in your center Main Monster Zone": the turn player's M3)?"""
    if summon != "synchro":
        return False
    treat = tuner_substitute(summoned.card)
    if not isinstance(treat, TunerSubstitute) or not _matches(treat.filter, material):
        return False
    if treat.summoned_as and getattr(material.state, "summoned_as", None) != treat.summoned_as:
        return False    # "1 Pendulum Summoned Pendulum Monster": it came to the field by that Summon
    return not treat.center or (material.location == "monster_zone" and material.index == 3)


def _level_tuner(material: Instance, summoned: Instance, summon: str) -> int | None:
    """MTX-1 (docs/material-rules.md): the Synchro Monster's "For this card's Synchro Summon, you can treat 1 Link-1
    monster you control as a Level 1 Tuner" (the "Yummy Way" cards): a face-up Link Monster of that Link Rating the
    player controls may be its Tuner (only the Tuner), with that Level (1); else None."""
    if summon != "synchro" or "link" not in material.card.kinds or material.location not in ON_FIELD \
            or material.player != summoned.player:
        return None
    treat = tuner_substitute(summoned.card)
    if not isinstance(treat, TunerSubstitute) or treat.level is None or not _matches(treat.filter, material):
        return None
    return treat.level


class _LevelView:
    """A material seen as a Level `level` monster (XYZ-1: a Level it may be treated as for an Xyz Summon), for
    matching the material line's filters."""

    def __init__(self, material: Instance, level: int):
        self.card, self.state, self.location = replace(material.card, level=level), material.state, material.location


def _xyz_levels(material: Instance, summoned: Instance, summon: str) -> tuple[int, ...]:
    """XYZ-1 (engine-rules.md §4.4 "Level check": EFFECT_XYZ_LEVEL): the other Levels a face-up monster the
    player controls counts as for this Xyz Summon (never a Token): the material's own "If this card is used
    for (the Xyz Summon of X) an Xyz Summon, you can treat it as a Level N monster" (Star Drawing, Buzzsaw
    Shark) and the Xyz Monster's own "you can treat Link-2 / Rank 4 monsters you control as Level 2 / 4
    monsters for material" (Gigantic Spright, Eclipse Twins)."""
    if summon != "xyz" or "token" in material.card.kinds or material.player != summoned.player \
            or material.location not in ON_FIELD:
        return ()
    found = []
    own = xyz_levels(material.card)
    if isinstance(own, SynchroLevels) and (own.only_for is None or _matches(own.only_for, summoned)):
        found += own.levels
    treats = xyz_treated_level(summoned.card)
    if treats is not None and getattr(material.card, treats.stat) == treats.value:
        found.append(treats.level)
    return tuple(sorted(set(found)))


def _in_place(group, material: Instance, player) -> bool:
    """MAT-2 (docs/material-rules.md): the material is where its group's line says (for `player`'s summon)."""
    if group.place == "field":
        return material.location in ON_FIELD
    if group.place == "hand":
        return material.location == "hand"
    if group.place in ("gy", "opponent_gy"):
        return material.location == "graveyard" and (material.player == player) == (group.place == "gy")
    if group.place == "controlled":                 # MAT-3: "you control"
        return material.location in ON_FIELD and material.player == player
    if group.place == "emz":                        # MAT-3: "in the Extra Monster Zone", either player's
        return material.location == "extra_monster_zone"
    if group.place == "not_field_gy":               # MAT-2: "except on the field or in the GY"
        return material.location not in ON_FIELD and material.location != "graveyard"
    return True


def _group_options(requirement: Requirement, material: Instance, substitute: bool,
                   as_non_tuner: bool = False, as_tuner: bool = False,
                   levels: tuple[int, ...] = (), player=None, only_tuner: bool = False) -> list[tuple[int, bool]]:
    """The groups one material can fill, as (group index, by substitution); also as a non-Tuner when
    `as_non_tuner`; also as the Tuner when `as_tuner` (then the group index is negative: -1 - index, a
    slot it fills only as a Tuner, see `_fits_requirement`); also as a monster of one of `levels`.
    `player`: who summons (the groups that say where their materials are: MAT-2)."""
    groups = [group if _in_place(group, material, player) else None for group in requirement.groups]
    options = [(g, False) for g, group in enumerate(groups) if group is not None and (_matches(group.filter, material)
               or (as_non_tuner and _matches(group.filter, _NonTunerView(material)))
               or any(_matches(group.filter, _LevelView(material, level)) for level in levels))]
    if substitute and fusion_substitute(material.card):
        options += [(g, True) for g, group in enumerate(groups)
                    if group is not None and _names_only(group.filter) and (g, False) not in options]
    rules = _rules_of(material.card)
    if rules is not None and rules.only_as_substitute:   # FUS-2: "Cannot be used as Fusion Material otherwise"
        options = [option for option in options if option[1]]
    if as_tuner:
        options += [(-1 - g, False) for g, group in enumerate(groups)
                    if group is not None and (g, False) not in options and _matches(group.filter, _TunerView(material))]
    if only_tuner:   # MTX-1: a Link Monster treated as a Level N Tuner is the Tuner or nothing
        options = [option for option in options if option[0] < 0]
    return options


def _fits_requirement(requirement: Requirement, materials: Sequence[Instance], substitute: bool = False,
                      as_non_tuner: frozenset | set = frozenset(), as_tuner: frozenset | set = frozenset(),
                      xyz_levels: dict | None = None, player=None, only_tuner: frozenset | set = frozenset()) -> bool:
    """Some one-to-one assignment of the materials to the groups: every material matches its group's
    filter, every group's count is within [min, max], and every condition holds (a group-scoped one
    over that group's materials under the same assignment). Brute force over all assignments.

    `substitute` (Fusion, FUS-2): one Fusion Substitute material may also fill a group whose filter
    only names cards without matching it (at most one such substitution per assignment)."""
    groups = requirement.groups
    options = [_group_options(requirement, m, substitute, m.id in as_non_tuner, m.id in as_tuner,
                              (xyz_levels or {}).get(m.id, ()), player, m.id in only_tuner) for m in materials]
    for choice in product(*options):
        if sum(substituted for _, substituted in choice) > 1:
            continue
        if sum(g < 0 for g, _ in choice) > 1:   # SYN-1: only 1 monster treated as a Tuner
            continue
        assignment = [g if g >= 0 else -1 - g for g, _ in choice]
        counts = Counter(assignment)
        if not _counts_fit(requirement, counts):
            continue
        if all(_condition_holds(c, [m for m, g in zip(materials, assignment) if c.group is None or g == c.group])
               for c in requirement.conditions):
            return True
    return False


def _counts_fit(requirement: Requirement, counts: Counter) -> bool:
    """Every group holds between its min and max materials; of a set of alternative groups (ALM-1: "X or 3 Y")
    exactly one holds materials and the others none, and only that one's min counts."""
    for choice in requirement.alternatives:
        if sum(counts[g] > 0 for g in choice) != 1:
            return False
    return all((counts[g] == 0 and requirement.alternative_of(g) is not None)
               or (counts[g] >= group.min and (group.max is None or counts[g] <= group.max))
               for g, group in enumerate(requirement.groups))


# Zones (ZN-1..ZN-8)

_EMZ_NAMES = {1: "EMZL", 2: "EMZR"}   # EMZ index -> table name (player 0's view)
# Arrow -> offset from the MMZ below the EMZ: the turn player's own Link points down, the opponent's
# Link (seen from the turn player's side) points with its top arrows, mirrored.
_OWN_EMZ_ARROWS = (("BL", -1), ("B", 0), ("BR", 1))
_OPPONENT_EMZ_ARROWS = (("TR", -1), ("T", 0), ("TL", 1))


def _extra_deck_zones(position: Position, monster: Instance, materials: Sequence[Instance]) -> tuple[str, ...]:
    """The zones the summoned monster may go to, after the materials have left the field (ZN-6)."""
    face_down_fsx = not monster.state.face_up and bool(monster.card.kinds & {"fusion", "synchro", "xyz"})
    free, linked, open_emz = _monster_zones_after(position, materials)
    locked = _locked_emzs(position, materials)
    open_emz = [zone for zone in open_emz + _extra_link_zones(position, monster, materials) if zone not in locked]
    allowed = _forced_main_monster_zones(position, materials)       # ALM-3
    free, linked = [z for z in free if z in allowed], [z for z in linked if z in allowed]
    if position.rules == 3:                                          # ZN-3: any MMZ, no EMZ
        return _sorted_ids(free)
    if position.rules == 5 and face_down_fsx:                        # ZN-5
        return _sorted_ids(free + open_emz)
    return _sorted_ids(linked + open_emz)                            # ZN-4, and Links under ZN-5


def _forced_main_monster_zones(position: Position, gone: Iterable[Instance]) -> set[str]:
    """ALM-3: the turn player's Main Monster Zones a monster Special Summoned from the Extra Deck may take: while a Link
    Monster of either player whose text says "While this card is in the Extra Monster Zone, if a monster would be
    Special Summoned from the Extra Deck to the Main Monster Zone, it must be Summoned in the zone this card points to"
    is in an Extra Monster Zone (not `gone`: it left first, ZN-6) with its effects applying, only the zones it points
    to (of each such monster); else all five. The Extra Monster Zones are not limited."""
    gone_ids = {i.id for i in gone}
    allowed = {f"M{n}" for n in range(1, 6)}
    for link in position.instances.values():
        if link.location != "extra_monster_zone" or link.id in gone_ids or not extra_deck_zone_force(link.card) \
                or _has_no_effects(link):
            continue
        pointed = _points_to(link.card, _place_of(position, link), link.player == position.turn_player)
        allowed &= {f"M{x}" for x, y in pointed if y == 0}
    return allowed


def _monster_zones_after(position: Position, gone: Iterable[Instance]) -> tuple[list[str], list[str], list[str]]:
    """With the instances `gone` off the field (ZN-6): the turn player's free MMZs, those of them a Link
    arrow points to (ZN-4), and the EMZs the turn player may still take (ZN-1: at most one EMZ per
    player, so none while the turn player holds one; Extra Link: `_extra_link_zones`). No EMZ under Master
    Rule 3."""
    gone_ids = {i.id for i in gone}
    field = [i for i in position.instances.values() if i.location in ON_FIELD and i.id not in gone_ids]
    mine = [i for i in field if i.player == position.turn_player]
    taken = {i.index for i in mine if i.location == "monster_zone"}
    closed = _zone_locked(position, gone_ids)                            # ZLK-1
    free = [f"M{n}" for n in range(1, 6) if n not in taken and f"M{n}" not in closed]
    if position.rules == 3:
        return free, list(free), []
    if any(i.location == "extra_monster_zone" for i in mine):
        open_emz = []
    else:
        held = {i.index for i in field if i.location == "extra_monster_zone"}
        open_emz = [name for index, name in _EMZ_NAMES.items() if index not in held]
    linked = _linked_main_monster_zones(position, field)
    locked = _locked_emzs(position, gone_ids)
    return free, [zone for zone in free if zone in linked], [zone for zone in open_emz if zone not in locked]


def _locked_emzs(position: Position, gone) -> set[str]:
    """EDL-5: the Extra Monster Zones an arrow of the turn player's Link Monster with "You cannot Summon/Set
    monsters to any Extra Monster Zone this card points to" (not leaving the field; negated or not) points to."""
    gone_ids = {getattr(i, "id", i) for i in gone}
    locked = set()
    for link in _own(position, ON_FIELD):
        if link.id in gone_ids or not emz_lock(link.card):
            continue
        for x, y in _points_to(link.card, _place_of(position, link), True):
            locked.update(name for index, name in _EMZ_NAMES.items() if y == 1 and _emz_column(position, index) == x)
    return locked | {zone for zone in _zone_locked(position, gone_ids) if zone.startswith("EMZ")}   # ZLK-1


# Extra Link (ZN-1, engine-rules.md §1: `check_extra_link`). The table in the turn player's view: x is the
# column (1..5, the turn player's M1..M5 from their left), y the row (0: the turn player's Main Monster
# Zones, 1: the Extra Monster Zones above columns 2 and 4, 2: the opponent's Main Monster Zones).
_ARROW_STEPS = {"T": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0), "TL": (-1, 1), "TR": (1, 1),
                "BL": (-1, -1), "BR": (1, -1)}
_TABLE = {(x, y) for x in range(1, 6) for y in (0, 2)} | {(2, 1), (4, 1)}


def _emz_column(position: Position, index: int) -> int:
    """The column of Extra Monster Zone `index` (1: EMZL, 2: EMZR as player 0 sees them) for the turn player."""
    return 2 if (index == 1) == (position.turn_player == 0) else 4


def _alone_in_column(position: Position, monster: Instance) -> bool:
    """BPN-6: no other card on the field is in `monster`'s column: a monster in a Main or Extra Monster Zone, or a card in
    a Spell & Trap Zone (the Field Zone and Master Rule 3's Pendulum Zones are in no column), of either player; the
    opponent's zone N faces the turn player's zone 6 - N."""
    column = _place_of(position, monster)[0]
    for other in position.instances.values():
        if other.id == monster.id:
            continue
        if other.location in ON_FIELD and _place_of(position, other)[0] == column:
            return False
        if other.location == "spell_trap_zone" and column == (
                other.index if other.player == position.turn_player else 6 - other.index):
            return False
    return True


def _place_of(position: Position, instance: Instance) -> tuple[int, int]:
    if instance.location == "extra_monster_zone":
        return _emz_column(position, instance.index), 1
    if instance.player == position.turn_player:
        return instance.index, 0
    return 6 - instance.index, 2            # the opponent's M1 faces the turn player's M5


def _points_to(card, place: tuple[int, int], own: bool) -> set[tuple[int, int]]:
    """The places a Link Monster's arrows point to; the opponent's monsters face the other way."""
    x, y = place
    sign = 1 if own else -1
    steps = (_ARROW_STEPS[arrow] for arrow in card.arrows)
    return {(x + sign * dx, y + sign * dy) for dx, dy in steps} & _TABLE


def _extra_link_zones(position: Position, monster: Instance, gone: Sequence[Instance]) -> list[str]:
    """ZN-1 (Extra Link): while the turn player holds one Extra Monster Zone (after the materials left), the
    other one, if free, is open to a monster that, placed there, is joined to the monster in the first by
    a chain of monsters each pointing to the next and back (mutually linked), on either player's side."""
    if position.rules == 3:
        return []
    gone_ids = {i.id for i in gone}
    field = [i for i in position.instances.values() if i.location in ON_FIELD and i.id not in gone_ids]
    held = [i for i in field if i.player == position.turn_player and i.location == "extra_monster_zone"]
    if len(held) != 1 or any(i.location == "extra_monster_zone" and i.index != held[0].index for i in field):
        return []
    other = 3 - held[0].index
    places = {i.id: _place_of(position, i) for i in field}
    places[monster.id] = (_emz_column(position, other), 1)
    cards = {i.id: i for i in field}
    cards[monster.id] = monster
    arrows = {iid: _points_to(cards[iid].card, place, cards[iid].player == position.turn_player)
              for iid, place in places.items()}
    reached, frontier = {monster.id}, [monster.id]
    while frontier:
        current = frontier.pop()
        for other_id, place in places.items():
            if other_id not in reached and place in arrows[current] and places[current] in arrows[other_id]:
                reached.add(other_id)
                frontier.append(other_id)
    return [_EMZ_NAMES[other]] if held[0].id in reached else []


def _linked_main_monster_zones(position: Position, field: Sequence[Instance]) -> set[str]:
    """The turn player's MMZs an arrow of a face-up Link Monster on the field points to (ZN-4, ZN-8)."""
    me = position.turn_player
    above_my_m2 = 1 if me == 0 else 2       # the EMZ index above the turn player's M2; the other is above M4
    linked: set[int] = set()
    for link in field:
        if "link" not in link.card.kinds or link.state.position == "set":
            continue
        arrows = link.card.arrows
        if link.location == "monster_zone":
            if link.player == me:           # own MMZ Link: sideways arrows only (up ones point to EMZs)
                if "L" in arrows:
                    linked.add(link.index - 1)
                if "R" in arrows:
                    linked.add(link.index + 1)
            continue                        # an opponent's MMZ Link never points into my MMZs
        below = 2 if link.index == above_my_m2 else 4
        table = _OWN_EMZ_ARROWS if link.player == me else _OPPONENT_EMZ_ARROWS
        linked.update(below + offset for arrow, offset in table if arrow in arrows)
    return {f"M{n}" for n in linked if 1 <= n <= 5}


# --------------------------------------------------------------------------------------------------
# Ritual Summons (RIT)

def ritual_summons(position: Position) -> Iterator[Play]:
    """RIT-1..RIT-3: a Ritual Spell in the hand (while a Spell & Trap Zone is free) or Set on the field; a
    Ritual Monster in the hand that the Spell names; Tributes with a Level (never Xyz/Link Monsters) from
    the hand (other than that monster; not for a Spell that says "from your field") and the turn player's
    Main/Extra Monster Zones in any position,
    or for Advanced Ritual Art from the Deck, each matching the Spell's Tribute filter. "exactly equal":
    the Levels sum to the required Level; "equal or exceed": at least it, and no Tribute superfluous
    (the sum minus any one Tribute's Level is below it). A monster whose text makes it the entire
    Tribute for a matching Ritual Monster is enough alone. A Spell that says "from your hand or GY" may
    summon a Ritual Monster from the turn player's GY too (the Ritual Summon ignores its revival limit:
    engine-rules.md 4.3); one that says "and/or banish <filter> from your GY" may count the turn player's
    GY monsters with a Level that match the filter (banished instead of Tributed; "and/or shuffle <filter>
    from your GY into the Deck": shuffled into the Deck). The monster goes to
    a free MMZ or the MMZ of a Tribute (an EMZ Tribute frees none). One play per (Spell, monster,
    Tributes).

    docs/ritual-rules.md: RIT-4 (the "Tribute ..., then Ritual Summon ..." order reads the same); RIT-5 (a Spell
    used once per turn); RIT-6 (Extra Deck monsters with a Level sent to the GY, alone for "or send 1 monster
    ..."; GY/Extra Deck monsters only while the Spell's condition holds); RIT-7 (face-up Attack or face-down
    Defense); RIT-8 (the ATK of any monsters, Xyz/Link too, against the Ritual Monster's ATK, at least 1);
    RIT-10 (the Ritual Monster's own limits on its Tributes and on the Spell); RSP-1 (one monster from the hand
    and one from the Deck, one of each of two kinds); RSP-2 (a Ritual Monster from the face-up Extra Deck, to the
    zones of any monster Special Summoned from there, or banished); RSP-4 (exactly one Tribute from the hand, Deck
    or GY that the Spell Special Summons first, with a Main Monster Zone free for it, the others on the field)."""
    if not _in_main_phase(position):
        return
    me = position.turn_player
    used = {(e.get("activate"), e.get("effect")) for e in position.events if e.get("player") == me}

    def effects(card) -> list:
        """(number, RitualSpell) of each Ritual Summon effect not used up this turn ("You can only activate 1 "X"
        per turn": its effect 1; RSP-3: "each effect of "X" once per turn": each apart)."""
        first = ritual_spell(card)
        found = [(1, first)] + ([(2, first.second)] if first.second is not None else [])
        return [(n, rule) for n, rule in found if not (rule.once_per_turn and (card.name, n) in used)]

    spells = _spells_to_activate(position, lambda card: isinstance(ritual_spell(card), RitualSpell)
                                 and bool(effects(card)))
    if not spells:
        return
    hand, field, deck = _own(position, "hand"), _own(position, ON_FIELD), _own(position, "deck")
    graveyard, extra = _own(position, "graveyard"), _own(position, "extra_deck")
    deck_locked = _deck_to_gy_locked(position)
    free = _free_main_monster_zones(position)
    locks = _special_summon_locks(position)
    for spell in spells:
        for _number, rule in effects(spell.card):
            by_atk = rule.value == "atk"
            counts = _atk_counts if by_atk else _has_level
            extras = _ritual_condition_holds(position, rule.extra_if)
            where = (hand if rule.from_hand else []) + (graveyard if rule.from_graveyard else [])
            if rule.from_deck:           # RSP-3: "Ritual Summon 1 X from your Deck"
                where += deck
            if rule.from_extra_deck:     # RSP-2: a face-up Ritual Monster in the Extra Deck
                where += [c for c in extra if c.state.face_up]
            if rule.from_banished:       # RSP-2: a banished one (always face-up in a position)
                where += _own(position, "banished")
            for monster in where:
                if not {"ritual", "monster"} <= monster.card.kinds or not _matches(rule.targets, monster):
                    continue
                if monster.location == "graveyard" and not_from_graveyard(monster.card):   # SP-2
                    continue
                only = _ONLY_WITH.search(" ".join(monster.card.text.split()))
                if only and only.group(1) != spell.card.name:     # RIT-1: that Ritual Spell only
                    continue
                limits = _ritual_limits(monster.card)
                if limits.only_by is not None and not _matches(limits.only_by, spell):   # RIT-10
                    continue
                if not _may_be_special_summoned(monster, "ritual", locks):
                    continue
                if by_atk:          # RIT-8: its ATK, at least 1; "?" ATK: none
                    if monster.card.atk is None:
                        continue
                    required = max(1, monster.card.atk)
                else:
                    required = rule.level if rule.level is not None else monster.card.level
                if rule.source == "deck":
                    pool = [c for c in deck if "monster" in c.card.kinds and counts(c)]
                elif rule.source == "hand_deck":     # RSP-1: the hand (not the Ritual Monster) and the Deck
                    pool = [c for c in hand + deck if c.id != monster.id and "monster" in c.card.kinds and counts(c)]
                elif rule.source == "hand_deck_field":   # RSP-3: "from your hand, Deck, or field"
                    pool = [c for c in field if counts(c)] + [
                        c for c in hand + deck if c.id != monster.id and "monster" in c.card.kinds and counts(c)]
                else:
                    pool = [c for c in field if counts(c)]
                    if rule.source == "hand_field":     # not "Tribute monsters from your field" (Cycle of the World)
                        pool += [c for c in hand if c.id != monster.id and "monster" in c.card.kinds and counts(c)]
                if deck_locked:   # CTR-6: a Tribute from the Deck would be sent from the Deck to the GY
                    pool = [c for c in pool if c.location != "deck"]
                if rule.tribute_filter is not None:
                    pool = [c for c in pool if _matches(rule.tribute_filter, c)]
                pool = [c for c in pool if not _never_tributed(c, position)]                  # NS-10
                if rule.summon_first is not None:     # RSP-4: one monster Special Summoned first, then Tributed
                    if not free:
                        continue
                    pool += [c for c in hand + deck + graveyard if c.id != monster.id and "monster" in c.card.kinds
                             and counts(c) and _matches(rule.summon_first, c) and _summoned_first_may(c, locks)]
                if rule.banish_filter is not None and extras:
                    pool += [c for c in graveyard if c.id != monster.id and "monster" in c.card.kinds and counts(c)
                             and _matches(rule.banish_filter, c)]
                if rule.extra_deck_filter is not None and extras:                  # RIT-6
                    pool += [c for c in extra if counts(c) and _matches(rule.extra_deck_filter, c)]
                if limits.tributes_not is not None:                                 # RIT-10
                    pool = [c for c in pool if not _matches(limits.tributes_not, c)]
                if limits.tributes_only is not None:
                    pool = [c for c in pool if _matches(limits.tributes_only, c)]
                value = (lambda c: c.card.atk) if by_atk else (lambda c: c.card.level)
                for tributes in _ritual_tributes(rule.mode, required, monster, pool, value, whole=not by_atk):
                    if rule.extra_deck_alone and len(tributes) > 1 and any(t.location == "extra_deck" for t in tributes):
                        continue                                                    # RIT-6: that monster alone
                    if rule.source == "hand_deck" and not _one_from_hand_one_from_deck(tributes, rule.pair):
                        continue                                                    # RSP-1
                    if rule.max_tributes is not None and len(tributes) > rule.max_tributes:
                        continue                                                    # RSP-3: "up to N"
                    if rule.summon_first is not None and sum(t.location not in ON_FIELD for t in tributes) != 1:
                        continue                                                    # RSP-4: exactly that one
                    if monster.location == "extra_deck":   # RSP-2: as any monster from the Extra Deck (ZN-3..ZN-6)
                        zones = list(_extra_deck_zones(position, monster, tributes))
                    else:
                        zones = _free_main_monster_zones(position, tributes) + _unlocked_tribute_zones(position, tributes)
                    if zones:                                                       # ZLK-1
                        yield Play(action="ritual_summon", card=monster.id, name=monster.card.name, spell=spell.id,
                                   materials=_sorted_ids(t.id for t in tributes), zones=_sorted_ids(zones),
                                   positions=rule.positions)


def _summoned_first(position: Position, play: Play) -> list:
    """RSP-4: the monster a Ritual Spell such as Ravenous Vendread Special Summons before its Ritual Summon (the one
    Tribute not on the field), as a list of 0 or 1 instances."""
    if play.action != "ritual_summon" or getattr(ritual_spell(position.instances[play.spell].card), "summon_first",
                                                 None) is None:
        return []
    return [position.instances[i] for i in play.materials if position.instances[i].location not in ON_FIELD]


def _summoned_first_may(candidate: Instance, locks: Sequence) -> bool:
    """RSP-4: may the Ritual Spell's effect Special Summon `candidate` (face-down, from the hand, Deck or GY)? SP-2:
    never a "Cannot be Special Summoned" or nomi monster; SP-3: one with a revival limit (a Ritual or Extra Deck
    monster, "Must first be Special Summoned", not "by card effect") only from the GY and properly summoned (in the
    hand or Deck it never was); every summon lock (a Special Summon by a Spell's effect, from where it is)."""
    card = candidate.card
    limit = special_summon_limit(card)
    if limit in ("never", "nomi"):
        return False
    if special_summon_needs(card) is not None:   # SCX-11: never Special Summoned face-down
        return False
    if candidate.location == "graveyard":
        if not _may_be_revived(candidate):
            return False
    elif (card.kinds & {"ritual", "fusion", "synchro", "xyz", "link", "special_summon"} and limit != "by_effect") \
            or limit == "semi":
        return False
    return _lock_allows(locks, candidate, "spell_trap_effect")


def _one_from_hand_one_from_deck(tributes: Sequence[Instance], pair: tuple) -> bool:
    """RSP-1 (Super Soldier Synthesis): "send 1 LIGHT and 1 DARK monster (1 from your hand and 1 from your
    Deck)": two monsters, one in the hand and one in the Deck, and they can be told apart as the LIGHT one
    and the DARK one (either may be the one in the hand)."""
    if len(tributes) != 2 or {t.location for t in tributes} != {"hand", "deck"}:
        return False
    first, second = tributes
    return (_matches(pair[0], first) and _matches(pair[1], second)) or \
        (_matches(pair[0], second) and _matches(pair[1], first))


def _has_level(instance: Instance) -> bool:
    return instance.card.level is not None and not instance.card.kinds & {"xyz", "link"}


def _atk_counts(instance: Instance) -> bool:
    """RIT-8: a monster whose ATK is summed (any kind; ATK 0 or "?" adds nothing, so it is never needed)."""
    return bool(instance.card.atk)


def _ritual_condition_holds(position: Position, conditions) -> bool:
    """RIT-6: the condition for a Ritual Spell's GY or Extra Deck monsters, read from the position now."""
    mine = _own(position, ON_FIELD)
    theirs = [c for c in position.instances.values() if c.player != position.turn_player and c.location in ON_FIELD]
    for condition in conditions:
        if condition[0] == "control" and not any(c.state.face_up and _matches(condition[1], c) for c in mine):
            return False
        if condition[0] == "control_none" and mine:
            return False
        if condition[0] == "opponent_at_least" and len(theirs) < condition[1]:
            return False
    return True


_NO_LIMITS = RitualLimits()


def _ritual_limits(card) -> RitualLimits:
    found = ritual_limits(card)
    return found if isinstance(found, RitualLimits) else _NO_LIMITS


def _ritual_tributes(mode: str, required: int, monster: Instance, pool: Sequence[Instance],
                     value: Callable = lambda c: c.card.level, whole: bool = True) -> Iterator[tuple[Instance, ...]]:
    """Every Tribute set for one Ritual Monster (RIT-2), possibly twice."""
    for tribute in pool if whole else ():                 # the entire requirement alone (a Level, not ATK)
        rules = _rules_of(tribute.card)
        entire = rules.whole_ritual_tribute if rules is not None else None
        if entire is not None and _matches(entire, monster) and \
                (not rules.whole_from_field_only or tribute.location in ON_FIELD):
            yield (tribute,)
    for count in range(1, min(len(pool), required) + 1):  # every value is 1 or more
        for tributes in combinations(pool, count):
            levels = [value(t) for t in tributes]
            total = sum(levels)
            if mode == "equal":
                if total == required:
                    yield tributes
            elif total >= required and all(total - level < required for level in levels):
                yield tributes


# --------------------------------------------------------------------------------------------------
# Pendulum Scales and Pendulum Summons (PEN, ZN-7)

def _pendulum_scales(position: Position) -> list[Instance]:
    """The turn player's face-up Pendulum Monsters in the Pendulum Zones: S1 and S5 under Master Rule 4/5
    (ZN-7), the separate Pendulum Zones under Master Rule 3 (ZN-3)."""
    if position.rules == 3:
        placed = _own(position, "pendulum_zone")
    else:
        placed = [c for c in _own(position, "spell_trap_zone") if c.index in (1, 5)]
    return [c for c in placed if {"pendulum", "monster"} <= c.card.kinds and c.state.face_up]


def scale_activations(position: Position) -> Iterator[Play]:
    """ZN-7: a Pendulum Monster in the hand is activated face-up in an empty Pendulum Zone: S1 (left) or S5
    (right) under Master Rule 4/5, PZL or PZR under Master Rule 3. One play per open zone; none for a card
    that may be activated only while its controller controls no monsters."""
    if not _in_main_phase(position):
        return
    if position.rules == 3:
        open_zones = [name for name, card in zip(("PZL", "PZR"), position.me.pendulum_zones) if card is None]
    else:
        open_zones = [f"S{n}" for n in (1, 5) if position.me.spell_trap_zones[n - 1] is None]
    monsters = bool(_own(position, ON_FIELD))
    for card in _own(position, "hand"):
        if not {"pendulum", "monster"} <= card.card.kinds:
            continue
        if not (monsters and _says(card.card, _NO_MONSTERS_TO_ACTIVATE)):       # Timegazer Magician
            for zone in open_zones:
                yield Play(action="activate_scale", card=card.id, name=card.card.name, zone=zone)


def _then_pendulum(card) -> bool:
    """PRW-6: "Must be Fusion Summoned, and can then be Pendulum Summoned.": Pendulum Summoned from the face-up Extra
    Deck (once properly summoned, as every monster with a revival limit), though never revived."""
    return "pendulum" in card.kinds and "Summoned, and can then be Pendulum Summoned." in card.text


def _revival_limited(card) -> bool:
    """SP-2, SP-3: Ritual/Fusion/Synchro/Xyz/Link Monsters and "Must (first) be Special Summoned by ..."
    monsters carry a revival limit; others (a Main Deck Pendulum Monster) do not."""
    return card.is_extra_deck or "ritual" in card.kinds or special_summon_limit(card) in ("nomi", "semi")


def pendulum_summons(position: Position) -> Iterator[Play]:
    """PEN-1..PEN-3: with a face-up Pendulum Scale in both Pendulum Zones, once per turn, every non-empty set
    of monsters whose Levels are strictly between the two scales (never Xyz/Link Monsters), Special
    Summoned at once: from the hand any monster whose summoning condition does not stop it (PEN-2: not
    Ritual Monsters, not monsters that come out only by their own procedure, not "Cannot be Special
    Summoned" or "Must (first) be Special Summoned ..." ones; "Cannot be Special Summoned from the Extra
    Deck" is met from the hand); from the Extra Deck face-up Pendulum Monsters, properly summoned when they
    have a revival limit (SP-3), except "Must be X Summoned" and "Cannot be Special Summoned from the
    Extra Deck" ones. The set must fit the zones all at once (PEN-3): hand monsters in distinct free MMZs;
    Extra Deck monsters in an EMZ or a linked free MMZ under Master Rule 4/5 (at most one EMZ for the
    player), any free MMZ under Master Rule 3. Each card's `zones` are those it takes in some complete
    assignment. A scale may change with its partner (`_scale_of`); under a face-up Blue-Eyes Spirit Dragon
    only one monster at a time."""
    if not _in_main_phase(position) or position.pendulum_summon_used:
        return
    scales = _pendulum_scales(position)
    if len(scales) != 2:
        return
    values = [_scale_of(scales[0], scales[1]), _scale_of(scales[1], scales[0])]
    if None in values:
        return
    low, high = sorted(values)
    locks = _special_summon_locks(position)

    def between(candidate: Instance) -> bool:
        level = candidate.card.level if _has_level(candidate) else _pendulum_summoned_as_level(candidate)
        return level is not None and low < level < high and _lock_allows(locks, candidate, "pendulum") \
            and "pendulum" not in summons_refused(candidate.card)   # EDL-1: "Cannot be Pendulum Summoned."

    hand = [c for c in _own(position, "hand") if "monster" in c.card.kinds and between(c)
            and not c.card.kinds & {"ritual", "special_summon"}
            and special_summon_limit(c.card) in (None, "not_from_extra_deck")]
    extra = [c for c in _own(position, "extra_deck") if c.state.face_up and "pendulum" in c.card.kinds
             and between(c) and (special_summon_limit(c.card) not in ("never", "nomi", "not_from_extra_deck", "by_effect")
                                 or _then_pendulum(c.card))
             and (c.state.properly_summoned or not _revival_limited(c.card)) and _extra_deck_gy_allows(position, c)]
    free, linked, open_emz = _monster_zones_after(position, ())
    closed = _locked_emzs(position, ())                                  # EDL-5, ZLK-1
    open_emz = [zone for zone in open_emz if zone not in closed]
    allowed = _forced_main_monster_zones(position, ())                   # ALM-3: Extra Deck monsters only
    from_extra = free if position.rules == 3 else [zone for zone in linked if zone in allowed] + open_emz
    candidates = hand + extra
    most = 1 if _one_monster_at_a_time(position) else len(free) + len(open_emz[:1])
    for count in range(1, min(len(candidates), most) + 1):
        for chosen in combinations(candidates, count):
            options = [free if c.location == "hand" else from_extra for c in chosen]
            reachable = _assignable_zones(options)
            if reachable is None:
                continue
            order = sorted(range(count), key=lambda k: id_sort_key(chosen[k].id))
            yield Play(action="pendulum_summon", cards=tuple(chosen[k].id for k in order),
                       names=tuple(chosen[k].card.name for k in order),
                       zones={chosen[k].id: _sorted_ids(reachable[k]) for k in order},
                       positions=("attack", "defense"))


def _assignable_zones(options: Sequence[Sequence[str]]) -> list[set[str]] | None:
    """Every complete assignment of distinct zones (at most one of them an EMZ) to the cards, card k
    taking one of options[k]: the zones each card takes in some assignment, or None when there is none."""
    reachable: list[set[str]] = [set() for _ in options]

    def assign(k: int, used: tuple[str, ...]) -> bool:
        if k == len(options):
            for j, zone in enumerate(used):
                reachable[j].add(zone)
            return True
        found = False
        emz_used = any(zone.startswith("EMZ") for zone in used)
        for zone in options[k]:
            if zone in used or (emz_used and zone.startswith("EMZ")):
                continue
            found = assign(k + 1, used + (zone,)) or found
        return found

    return reachable if assign(0, ()) else None


# --------------------------------------------------------------------------------------------------
# Special Summons by a monster's own procedure (SP-1)

class _Stand:
    """A card seen outside the board (a history event's card, a Token about to be summoned), for `_matches`."""

    def __init__(self, card, state=None):
        self.card = card
        self.state = state


def _monsters_in(instances: Iterable[Instance]) -> list[Instance]:
    return [i for i in instances if "monster" in i.card.kinds]


def procedure_summons(position: Position) -> Iterator[Play]:
    """SP-1: a monster Special Summoned by its own procedure (`effects.procedures`) from the hand, or from the
    GY when its text says "(from your hand or GY)" / "(from your GY)" (a procedure is not a card effect: the
    revival limit of SP-3 does not stop it, engine-rules.md §4.2). Each cost slot takes exactly its count of
    cards, one card filling one slot, never the summoned card: monsters from the places its text names (the
    hand, the GY, the turn player's field -- face-up only where it says "face-up" -- or the opponent's field),
    or any card from the hand ("discarding 1 card"). Conditions: exactly N / N or more matching monsters in the
    GY (N or more different names when it says "with different names"), N or more cards in the GY; the player
    controls N or more face-up matching monsters, or none at all, or fewer than the opponent; the Levels and Ranks of the player's face-up
    Effect Monsters total at most N (Infernoid); only the opponent controls a monster; the
    opponent controls a face-up matching monster. "Once per turn this way": not after a summon event
    "procedure" of that card by the turn player. Zones after the costs leave the turn player's field (ZN-6), on
    the opponent's field ("oM1".."oM5") for a procedure that gives the monster to the opponent; "in Attack /
    Defense Position" where it says so. One play per (card, cost set).
    docs/procedure-rules.md: costs from the Deck and the Extra Deck too, a bare card name taking any card of
    that name (a Spell or Trap too) from the hand, Deck, Extra Deck or GY (SP-4, SP-7); cards revealed from the
    hand, which stay there (SP-4); the player controls no cards at all, a face-up card of a name (or a face-up
    monster of a kind) is / is not on the field or among the player's cards (SP-5); the cards of a slot with
    different names / Attributes / Types (SP-6); banished monsters shuffled into the Deck (PRX-1); no two monsters
    in the GY with one name (PRX-2); one card from each of two places (PRX-3); different names / Attributes in the GYs, on the field, banished (PRX-5); kinds of Spells and Traps, any card of
    the kind in the hand, the GY or the player's Spell & Trap and Field Zones (PRX-17)."""
    if not _in_main_phase(position):
        return
    me = position.turn_player
    hand = _own(position, "hand")
    graveyard = _own(position, "graveyard")
    mine = _own(position, ON_FIELD)
    theirs = _opponents(position, ON_FIELD)
    locks = _special_summon_locks(position)
    deck = _own(position, "deck")
    extra_deck = _own(position, "extra_deck")
    field_places = ON_FIELD + ("spell_trap_zone", "field_zone", "pendulum_zone")
    my_cards = _own(position, field_places)
    every_card = my_cards + _opponents(position, field_places)

    def shown_on_field(field_card) -> bool:   # SP-5: a face-up card (a face-down one hides its name, POS-3)
        for c in (my_cards if field_card.whose == "me" else every_card):
            if getattr(c.state, "position", None) == "set":
                continue
            if field_card.named or ("monster" in _kinds(c) and c.location in ON_FIELD):
                if _matches(field_card.filter, c):
                    return True
        return False

    # PRX-19: an Extra Deck monster's own procedure, from the face-down Extra Deck
    # PRX-28: a Pendulum Monster of the Main Deck from the face-up Extra Deck ("(from your face-up Extra Deck)")
    for monster in hand + graveyard + extra_deck:
        found = procedures(monster.card) if "monster" in monster.card.kinds else ()
        if not isinstance(found, tuple) or not found:
            continue
        if not _lock_allows(locks, monster, "procedure"):
            continue
        if monster.location == "extra_deck" and not _may_be_special_summoned(monster, "procedure", locks):
            continue
        if not _extra_deck_gy_allows(position, monster):   # PRW-7
            continue
        if procedure_once_per_turn(monster.card) and any(
                e.get("summon") == "procedure" and e["player"] == me and monster.card.name in e["cards"]
                for e in position.events):
            continue
        seen: set[tuple[str, ...]] = set()
        gy_monsters = _monsters_in(graveyard)
        summoned_from = "face_up_extra_deck" if monster.location == "extra_deck" and monster.state.face_up \
            else monster.location
        for procedure in found:
            if summoned_from not in procedure.sources:
                continue
            # PRX-28: "by having no cards in your Extra Deck except "X"": every card there is named X
            if procedure.extra_deck_only is not None and not all(
                    _matches(procedure.extra_deck_only, c) for c in extra_deck):
                continue
            if procedure.gy_exactly:
                wanted, n = procedure.gy_exactly
                if sum(_matches(wanted, c) for c in gy_monsters) != n:
                    continue
            if procedure.gy_at_least:
                wanted, n, different = procedure.gy_at_least
                if wanted is None:
                    have = len(graveyard)
                else:
                    fitting = [c for c in gy_monsters if _matches(wanted, c)]
                    have = len({c.card.name for c in fitting}) if different else len(fitting)
                if have < n:
                    continue
            if procedure.controls_at_least:
                wanted, n = procedure.controls_at_least
                if sum(c.state.position != "set" and _matches(wanted, c) for c in mine) < n:
                    continue
            if procedure.control_none and mine:
                continue
            if procedure.opponent_more and len(theirs) <= len(mine):
                continue
            if procedure.levels_ranks_at_most is not None and sum(
                    (c.card.level or 0) + (c.card.rank or 0) for c in mine
                    if c.state.position != "set" and "effect" in _kinds(c)) > procedure.levels_ranks_at_most:
                continue
            if procedure.only_opponent_controls and (not theirs or mine):
                continue
            if procedure.opponent_has_monster and not theirs:   # SCX-8: any monster of theirs, face-down too
                continue
            if procedure.opponent_controls is not None and not any(
                    t.state.position != "set" and _matches(procedure.opponent_controls, t) for t in theirs):
                continue
            if procedure.control_no_cards and my_cards:
                continue
            # SUMC-3: the opponent's GY; the player's banished monsters (face-up: pysolver banishes nothing face-down);
            # the player's face-up Continuous Spells in the Spell & Trap Zones
            if procedure.opponent_gy_at_least and len(_opponents(position, ("graveyard",))) < procedure.opponent_gy_at_least:
                continue
            if procedure.banished_at_least:
                wanted, n = procedure.banished_at_least
                if len([c for c in _monsters_in(_own(position, ("banished",))) if _matches(wanted, c)]) < n:
                    continue
            # PRX-2: "and no monsters in your GY with the same name": every monster there has a name of its own
            if procedure.gy_no_same_name and len({c.card.name for c in gy_monsters}) != len(gy_monsters):
                continue
            # PRX-5: N or more different names / Attributes among the matching monsters where the text says (the
            # GYs, the banishment, face-up on either field)
            if procedure.distinct_cards_exactly:   # SCX-9: the player's face-up field cards and its GY cards of the kind
                wanted, n = procedure.distinct_cards_exactly
                shown = [c for c in my_cards if getattr(c.state, "position", None) != "set"] + list(graveyard)
                if len({c.card.name for c in shown if _matches(wanted, c)}) != n:
                    continue
            if procedure.distinct_at_least:
                wanted, n, prop, places = procedure.distinct_at_least
                where = []
                for place in places:
                    if place == "graveyard":
                        where += gy_monsters
                    elif place == "opponent_graveyard":
                        where += _monsters_in(_opponents(position, ("graveyard",)))
                    elif place == "banished":
                        where += _monsters_in(_own(position, ("banished",)))
                    else:
                        where += [c for c in (mine if place == "field" else theirs) if c.state.position != "set"]
                value = (lambda c: c.card.name) if prop == "name" else (lambda c: c.card.attribute)
                if len({value(c) for c in where if _matches(wanted, c)}) < n:
                    continue
            # PRX-31: a face-up card in a Field Zone (either player's); no Spell or Trap Card in the GY; a face-up card in
            # the player's Spell & Trap Zone (not the Field Zone); a face-up Pendulum Monster in the player's Extra Deck
            if procedure.field_zone_face_up and not any(
                    c.location == "field_zone" and c.state.position != "set" for c in every_card):
                continue
            if procedure.gy_no_spell_trap and any(not c.card.is_monster for c in graveyard):
                continue
            if procedure.spell_trap_zone_face_up and not any(
                    c.location == "spell_trap_zone" and c.state.position != "set" for c in my_cards):
                continue
            if procedure.extra_deck_face_up_pendulum and not any(
                    c.state.face_up and "pendulum" in c.card.kinds for c in extra_deck):
                continue
            # PRY-8: 'while you have "Eldlich the Golden Lord" in your field or GY': face-up on the field, or in the GY
            if procedure.field_or_gy is not None and not any(
                    _matches(procedure.field_or_gy, c) and (c.location == "graveyard" or (
                        c.location in field_places and getattr(c.state, "position", None) != "set"))
                    for c in _own(position, ("graveyard",) + field_places)):
                continue
            # PRY-6: "during your Main Phase 2"
            if procedure.main_phase_2 and position.phase != "main2":
                continue
            # PRW-5: "during the turn a Spell Card or effect is activated" -- by anyone, this turn, negated or not
            if procedure.spell_activated and not _spell_activated(position):
                continue
            # PRX-25: "while you have an equal number of each in your GY"
            if procedure.gy_equal and len([c for c in gy_monsters if _matches(procedure.gy_equal[0], c)]) != len(
                    [c for c in gy_monsters if _matches(procedure.gy_equal[1], c)]):
                continue
            # PRX-23: "having only Machine-Type monsters in your GY (min. 1)"
            if procedure.gy_only is not None and (not gy_monsters or not all(
                    _matches(procedure.gy_only, c) for c in gy_monsters)):
                continue
            # PRX-24: "while the only monsters you control are 2 Defense Position monsters" (face-down: Defense Position)
            if procedure.only_defense and (len(mine) != procedure.only_defense or any(
                    c.state.position == "attack" for c in mine)):
                continue
            if procedure.continuous_spells_at_least and len([
                    c for c in _own(position, ("spell_trap_zone",)) if {"spell", "continuous"} <= _kinds(c)
                    and c.state.position != "set"]) < procedure.continuous_spells_at_least:
                continue
            if any(shown_on_field(field_card) != field_card.present for field_card in procedure.field_cards):
                continue
            if procedure.reveal_cards:   # PRX-12: any cards of the archetype in the hand, other than this one
                wanted, n, names = procedure.reveal_cards
                shown = [c for c in hand if c.id != monster.id and _matches(wanted, c)]
                if len({c.card.name for c in shown} if names else shown) < n:
                    continue
            if procedure.reveal:
                wanted, n, named = procedure.reveal
                shown = [c for c in hand if c.id != monster.id and (named or "monster" in c.card.kinds)
                         and _matches(wanted, c)]
                if len(shown) < n:
                    continue
            options = []
            # PRX-1: the player's banished cards (all face-up: a position lists no face-down banished card)
            piles = {"graveyard": graveyard, "hand": hand, "deck": deck, "extra_deck": extra_deck,
                     "banished": _own(position, "banished")}
            for slot in procedure.costs:
                pool: list[Instance] = []
                for place in slot.places:
                    if place in piles:
                        cards = [c for c in piles[place] if c.id != monster.id]
                        if slot.any_card or slot.named:   # "1 card", PRX-8: of an archetype; SP-7: of the name;
                            # PRX-17: "1 Spell Card" (the filter names the kind)
                            pool += [c for c in cards if _matches(slot.filter, c)]
                        else:
                            pool += [c for c in _monsters_in(cards) if _matches(slot.filter, c)]
                    elif place == "spell_trap_zone":   # PRY-5: any card of the player's Spell & Trap Zones
                        pool += [c for c in _own(position, ("spell_trap_zone",)) if _matches(slot.filter, c)]
                    elif place == "field":
                        # PRX-8: "cards" on the field: the player's Spell & Trap, Field and Pendulum Zones too (PRX-17:
                        # a Pendulum Scale is a Spell there, but never a cost sent to the GY, GYC-1)
                        pool += [c for c in (my_cards if slot.any_card else mine)
                                 if _matches(slot.filter, c)
                                 and not (slot.face_up and getattr(c.state, "position", None) == "set")]
                    else:   # the opponent's monsters of the slot's kind (PRX-7), face-up where it says so; PRX-17:
                        # "1 face-up Trap your opponent controls": their Spell & Trap and Field Zones too
                        their_cards = _opponents(position, field_places) if slot.any_card else theirs
                        pool += [c for c in their_cards if _matches(slot.filter, c)
                                 and not (slot.face_up and getattr(c.state, "position", None) == "set")]
                every = [c for c in pool if c.id != monster.id]   # PRX-9, PRX-22: before the cards it cannot pay with
                if slot.action == "tribute":
                    pool = [c for c in pool if not _never_tributed(c, position)]          # NS-10
                if procedure.emz_column:   # PRW-2: "in the same column as the Extra Monster Zone" -- below one of them
                    pool = [c for c in pool if c.location == "monster_zone" and c.index in (2, 4)]
                if procedure.as_material:   # PRX-19: a card that may be the Fusion Monster's Fusion Material
                    pool = [c for c in pool if _material_allowed(c, monster, procedure.as_material)]
                if slot.action == "send":
                    pool = [c for c in pool if not _never_reaches_gy(position, c)   # BAN-4
                            and not _never_gy_cost(c)]                           # GYC-1
                    if _deck_to_gy_locked(position):   # CTR-6: not from the Deck to the GY
                        pool = [c for c in pool if c.location != "deck"]
                pool = [c for c in pool if not _returns_to_deck(c, slot.action)]     # SCY-1
                picks = combinations([c for c in pool if c.id != monster.id], slot.count)
                if slot.levels_at_least is not None and slot.levels_break:   # SCX-10
                    picks = _levels_until_reached([c for c in pool if c.id != monster.id and _has_level(c)],
                                                  slot.levels_at_least)
                elif slot.levels_at_least is not None:   # PRX-14: Levels N or more, none superfluous
                    picks = _levels_at_least([c for c in pool if c.id != monster.id and _has_level(c)],
                                             slot.levels_at_least)
                if slot.or_more or slot.up_to is not None:   # PRX-21: "one or more", "up to 3": any size in range
                    candidates = [c for c in pool if c.id != monster.id]
                    largest = len(candidates) if slot.up_to is None else min(slot.up_to, len(candidates))
                    picks = [group for size in range(slot.count, largest + 1)
                             for group in combinations(candidates, size)]
                if slot.all_of:       # PRX-9: "all monsters in your GY", at least `count` of them; PRX-22: "Tributing
                    # all monsters you control" -- none may be one that cannot be Tributed (then no play)
                    everything = tuple(c for c in pool if c.id != monster.id)
                    picks = [everything] if len(everything) >= slot.count and len(everything) == len(every) else []
                if slot.including:    # PRX-29: "including at least 3 "Zefra" monsters"
                    wanted, n = slot.including
                    picks = [p for p in picks if sum(_matches(wanted, c) for c in p) >= n]
                if slot.different:    # SP-6: no two of the slot's cards share the property
                    key = {"name": lambda c: c.card.name, "attribute": lambda c: c.card.attribute,
                           "race": lambda c: c.card.race}[slot.different]
                    picks = [p for p in picks if len({key(c) for c in p}) == len(p)]
                options.append(list(picks))
            for choice in product(*options):
                used = [c for part in choice for c in part]
                if len({c.id for c in used}) != len(used):
                    continue
                # PRY-1: "with a Level difference of 1" / "with the same Level": the Tuner (the first card) and the
                # non-Tuner (the second) both have a Level, and the Levels are that far apart
                if procedure.level_difference is not None:
                    tuner, other = choice[0][0], choice[1][0]
                    if not (_has_level(tuner) and _has_level(other)) or \
                            abs(tuner.card.level - other.card.level) != procedure.level_difference:
                        continue
                cost = _sorted_ids(c.id for c in used)
                if cost in seen:
                    continue
                if procedure.to_opponent:
                    gone = {c.index for c in used if c.player != me and c.location == "monster_zone"}
                    taken = {t.index for t in theirs if t.location == "monster_zone" and t.index not in gone}
                    locked = _zone_locked(position, used)                            # ZLK-1
                    zones = [f"oM{n}" for n in range(1, 6) if n not in taken and f"oM{n}" not in locked]
                elif monster.location == "extra_deck":   # PRX-19: the zones of a monster from the Extra Deck
                    zones = list(_extra_deck_zones(position, monster, used))
                else:
                    zones = _free_main_monster_zones(position, used) + _unlocked_tribute_zones(position, used)
                if not zones:
                    continue
                seen.add(cost)
                if procedure.defense_only:
                    positions = ("defense",)
                elif procedure.attack_only or "link" in monster.card.kinds:
                    positions = ("attack",)
                else:
                    positions = ("attack", "defense")
                yield Play(action="procedure_summon", card=monster.id, name=monster.card.name, cost=cost,
                           zones=_sorted_ids(zones), positions=positions)


def _spell_activated(position: Position) -> bool:
    """PRW-5: an activation this turn of a Spell Card or of an effect of a Spell (the card is a Spell), or of a Pendulum
    Monster as a Pendulum Scale (effect 0: it is activated as a Spell Card)."""
    for event in position.events:
        if "activate" not in event:
            continue
        kinds = position.cards[event["activate"]].kinds
        if "spell" in kinds or ("pendulum" in kinds and event.get("effect") == 0):
            return True
    return False


def _levels_until_reached(pool: Sequence[Instance], total: int) -> list[tuple]:
    """SCX-10 (Toon Black Luster Soldier): the player picks monsters one at a time and the selection ends as soon as
    their Levels reach `total`: every set whose last pick brought it there (some member leaves the rest below
    `total`), Levels 1 or more; a monster of Level `total` or more is picked only alone (the script's rescon)."""
    candidates = [c for c in pool if c.card.level and c.card.level >= 1]
    found = []
    for size in range(1, len(candidates) + 1):
        for group in combinations(candidates, size):
            levels = [c.card.level for c in group]
            if sum(levels) < total or sum(levels) - max(levels) >= total:
                continue
            if size > 1 and max(levels) >= total:
                continue
            found.append(group)
    return found


def _levels_at_least(pool: Sequence[Instance], total: int) -> list[tuple]:
    """PRX-14: every set of monsters from `pool` whose Levels add up to `total` or more, none superfluous (the sum
    minus any one of them is below `total`)."""
    found = []

    def grow(start: int, group: tuple, reached: int) -> None:
        for index in range(start, len(pool)):
            bigger = group + (pool[index],)
            level = reached + pool[index].card.level
            if level >= total:   # enough: one more monster would be superfluous, so the group stops here
                if level - min(c.card.level for c in bigger) < total:
                    found.append(bigger)
            else:
                grow(index + 1, bigger, level)
    grow(0, (), 0)
    return found


def contact_fusions(position: Position) -> Iterator[Play]:
    """SP-1, SP-2 (engine-rules.md §4.6, "Contact Fusion"): "Must (first) be Special Summoned (from your Extra
    Deck) by banishing / shuffling / sending / Tributing the above cards ..." (`effects.contact_fusion`). In
    the turn player's Main Phase, a face-down Extra Deck monster with such a text is Special Summoned by its
    own procedure (a `procedure_summon` whose `cost` is the cards used): not a Fusion Summon, so no
    Polymerization, and no Fusion Substitute may replace a named card. The cards fill the material line's
    slots with its conditions, exactly like Fusion Materials (FUS-2 without substitutes), and the cards' own
    "Fusion Material" rules apply to them. Where they may be: "you control" -- the turn player's monsters in
    the Monster Zones in any position (the engine's pool is the field, face-down cards too); "from either
    field" -- either player's; "hand" -- monsters in the hand; "GY" -- monsters in the turn player's GY.
    Zones: those of a Fusion Monster from the face-down Extra Deck once the cards have left (ZN-3..ZN-6);
    face-up Attack or Defense Position. One play per (monster, card set)."""
    if not _in_main_phase(position):
        return
    locks = _special_summon_locks(position)
    for monster in _own(position, "extra_deck"):
        contact = contact_fusion(monster.card)
        requirement = material_requirement(monster.card)
        if contact is None or not isinstance(requirement, Requirement) or requirement.summon != "fusion":
            continue
        if monster.state.face_up or not _may_be_special_summoned(monster, "procedure", locks):
            continue
        if not _extra_deck_gy_allows(position, monster):   # PRW-7
            continue
        pool: list[Instance] = []
        if "field" in contact.sources:
            pool += _own(position, ON_FIELD)
        if "opponent_field" in contact.sources:
            pool += _opponents(position, ON_FIELD)
        if "hand" in contact.sources:
            pool += _monsters_in(_own(position, "hand"))
        if "graveyard" in contact.sources:
            pool += _monsters_in(_own(position, "graveyard"))
        if contact.action == "tribute":
            pool = [m for m in pool if not _never_tributed(m, position)]                 # NS-10
        if contact.action == "send":
            pool = [m for m in pool if not _never_reaches_gy(position, m) and not _never_gy_cost(m)]   # BAN-4, GYC-1
        pool = [m for m in pool if not _returns_to_deck(m, contact.action)]   # SCY-1
        candidates = [m for m in pool if _material_allowed(m, monster, "fusion")
                      and _group_options(requirement, m, False, player=monster.player)]
        low = max(1, requirement.min_materials)
        high = len(candidates) if requirement.max_materials is None else min(len(candidates), requirement.max_materials)
        for count in range(low, high + 1):
            for cards in combinations(candidates, count):
                if not _others_allowed(cards, "fusion") or not _fits_requirement(requirement, cards, player=monster.player):
                    continue
                # PRY-2: "1 each from your field and GY": one card on the field and one in the GY, no more of either
                if contact.one_each and (len([c for c in cards if c.location == "graveyard"]) != 1
                                         or len([c for c in cards if c.location in ON_FIELD]) != 1):
                    continue
                zones = _extra_deck_zones(position, monster, cards)
                if zones:
                    yield Play(action="procedure_summon", card=monster.id, name=monster.card.name,
                               cost=_sorted_ids(c.id for c in cards), zones=zones, positions=("attack", "defense"))


# --------------------------------------------------------------------------------------------------
# Card activations (`effects.activated_effects`)

def _controls_any_card(position: Position) -> bool:
    return bool(_own(position, ON_FIELD + ("spell_trap_zone", "field_zone", "pendulum_zone")))


def _needs_met(position: Position, target: Instance) -> bool:
    """SCX-11: a monster that "can only be Special Summoned by selecting 1 face-up "Gradius" on your side of the field"
    comes (face-up) to the turn player's field only while that player controls a face-up monster of that name."""
    needs = special_summon_needs(target.card)
    return needs is None or any(c.state.position != "set" and _matches(needs, c) for c in _own(position, ON_FIELD))


def _may_be_revived(target: Instance) -> bool:
    """SP-2, SP-3: never a "Cannot be Special Summoned" / nomi monster, nor one that "Cannot be Special Summoned
    from the GY" (every revival pysolver models is from the GY); a monster with a revival limit only once
    properly summoned. SUMC-1: one that "Must be Special Summoned by card effect" has no revival limit (an
    activated effect is just what it needs)."""
    card = target.card
    limit = special_summon_limit(card)
    if limit in ("never", "nomi") or not_from_graveyard(card):
        return False
    limited = (bool(card.kinds & {"ritual", "fusion", "synchro", "xyz", "link", "special_summon"})
               and limit != "by_effect") or limit == "semi"
    return not limited or target.state.properly_summoned


def _activatable_from_hand_or_set(position: Position) -> list[Instance]:
    """Spells in the hand (a Spell & Trap Zone free), Set Spells (not Quick-Play), Set Traps and Quick-Play
    Spells not Set this turn."""
    found = []
    if _free_spell_trap_zones(position):
        found += [c for c in _own(position, "hand") if "spell" in c.card.kinds and not c.card.is_monster]
        found += [c for c in _own(position, "hand") if _trap_from_hand(position, c)]     # LKP-2
    for card in _own(position, "spell_trap_zone"):
        if card.state.position != "set" or card.card.is_monster:
            continue
        quick_or_trap = "trap" in card.card.kinds or "quickplay" in card.card.kinds
        if quick_or_trap and card.state.set_this_turn:
            continue
        found.append(card)
    return found


def _trap_from_hand(position: Position, card: Instance) -> bool:
    """LKP-2 (docs/lock-rules.md): a Trap Card in the turn player's hand may be activated while one of the turn
    player's face-up monsters, applying its effects, says "You can activate "X" Trap Cards from your hand" (or
    "Spell/Trap Cards", during either player's turn) and the Trap is an X card."""
    if "trap" not in card.card.kinds or card.card.is_monster:
        return False
    return any(card.card.in_archetype(code) for holder in _own(position, ON_FIELD) if _applies(holder, "card")
               for _, code in hand_trap_grants(holder.card))


def activations(position: Position) -> Iterator[Play]:
    """The activated effects `effects.activated_effects` reads, with their costs and conditions (LP,
    Xyz Materials to detach, cards in the Deck, controlling no cards, a face-up opponent's monster to
    target, free zones), once-per-turn ones not after an activation of that effect this turn, and
    revival targets that may be Special Summoned (SP-2, SP-3)."""
    if not _in_main_phase(position):
        return
    me = position.turn_player
    sources = [(c, "hand_or_set") for c in _activatable_from_hand_or_set(position)]
    sources += [(c, "field") for c in _own(position, ON_FIELD)   # NGT-3: a monster negated by another card still activates
                if c.state.position != "set" and not _own_effects_off(c)]
    sources += [(c, "graveyard") for c in _own(position, "graveyard")]
    free = _free_main_monster_zones(position)
    life_points = getattr(position.me, "lp")   # getattr: this source must never spell an ASP file name
    deck = len(_own(position, "deck"))
    locks = _special_summon_locks(position)
    for card, where in sources:
        if _activation_locked(position, card):   # EDL-3
            continue
        for effect in activated_effects(card.card):
            if effect.where != where:
                continue
            if effect.once_per_turn and any(e.get("activate") == card.card.name and e["effect"] == effect.number
                                            and e["player"] == me for e in position.events):
                continue
            if life_points < getattr(effect, "lp_cost") or deck < effect.deck_at_least:
                continue
            if effect.sends_from_deck and _deck_to_gy_locked(position):   # CTR-6
                continue
            units = [i for i in position.instances.values() if i.location == "overlay" and i.host == card.id]
            if len(units) < effect.detach:
                continue
            if effect.control_no_cards and _controls_any_card(position):
                continue
            targets: list[Instance | None] = [None]
            if effect.opponent_face_up_target:
                targets = [t for t in _opponents(position, ON_FIELD) if t.state.position != "set"]
            summons = effect.summons
            if summons is not None and not free:
                continue
            # ZLK-3: an activated Spell or Trap Special Summons by a Spell/Trap effect
            how = "spell_trap_effect" if card.card.is_spell_trap and not card.card.is_monster else \
                "monster_effect" if card.card.is_monster else "effect"     # LKQ-11: by an activated monster effect
            if summons == "token":
                if effect.tokens[0] > len(free):
                    continue
                token = position.cards.get(effect.tokens[1])
                if token is None or not _lock_allows(locks, _Stand(token), how):
                    continue
            elif summons == "graveyard":
                pool = _own(position, "graveyard")
                if effect.revive_from == "either":
                    pool += _opponents(position, "graveyard")
                targets = [t for t in pool if t.id != card.id and "monster" in t.card.kinds and _may_be_revived(t)
                           and _needs_met(position, t)
                           and (effect.revive_filter is None or _matches(effect.revive_filter, t))
                           and _lock_allows(locks, t, how)]
            elif summons == "self_from_graveyard":
                if not _may_be_revived(card) or not _needs_met(position, card) or not _lock_allows(locks, card, how):
                    continue
            positions = None
            if summons is not None:
                positions = (effect.position,) if effect.position else ("attack", "defense")
            targets = [t for t in targets if t is None or not _protected(position, card, t)]   # TGT-5
            for target in targets:
                summoned = target if summons == "graveyard" else card if summons == "self_from_graveyard" else None
                shown = positions
                if summons in ("graveyard", "self_from_graveyard") and effect.position is None and \
                        "link" in summoned.card.kinds:
                    shown = ("attack",)
                for detached in combinations(units, effect.detach):
                    cost = [u.id for u in detached] + ([card.id] if effect.banish_self else [])
                    yield Play(action="activate", card=card.id, name=card.card.name, effect=effect.number,
                               cost=_sorted_ids(cost), target=target.id if target is not None else None,
                               zones=_sorted_ids(free) if summons is not None else None, positions=shown)


def _activation_locked(position: Position, card: Instance) -> bool:
    """EDL-3: a face-up card's "cannot activate" sentence forbids the turn player to activate `card`: it binds the
    turn player (LCK-1), its card applies it (LCK-2), its condition holds (a card of that name face-up in a Field
    Zone; the Battle Phase), and it names the activated card's kind (a monster's effect: a monster effect), where
    the monster is, and which monsters."""
    kind = "monster" if "monster" in _kinds(card) else "spell" if "spell" in card.card.kinds else "trap"
    for holder in position.instances.values():
        for lock in activation_locks(holder.card):
            mine = holder.player == position.turn_player
            if lock.who != "both" and (lock.who == "controller") != mine:
                continue
            if not _applies(holder, lock.where):
                continue
            if lock.battle_phase and position.phase != "battle":
                continue
            if lock.in_field_zone is not None and not any(
                    i.location == "field_zone" and i.state.position == "face_up" and _matches(lock.in_field_zone, i)
                    for i in position.instances.values()):
                continue
            if kind not in lock.kinds:
                continue
            if lock.place == "field" and card.location not in ON_FIELD:
                continue
            if lock.place == "graveyard" and card.location != "graveyard":
                continue
            if lock.what and not any(_matches(f, card) for f in lock.what):
                continue
            if lock.summoned_as and holder.state.summoned_as != lock.summoned_as:
                continue        # LKQ-3: "While you control this Fusion Summoned card"
            if lock.with_material and not any(i.location == "overlay" and i.host == holder.id
                                              for i in position.instances.values()):
                continue        # LKQ-5: "While this card has material"
            if lock.special_only and not (card.location in ON_FIELD and _special_summoned(card)):
                continue        # LKQ-3, LKQ-4: only Special Summoned monsters
            if lock.unless_linked and _presence_holds(position, card, LINKED):
                continue        # LKQ-4: ", unless they are linked"
            if lock.same_attribute_gy and not (card.card.attribute and any(
                    i.player == holder.player and i.location == "graveyard" and "monster" in i.card.kinds
                    and i.card.attribute == card.card.attribute for i in position.instances.values())):
                continue        # LKQ-5: "with the same Attribute as a monster in your GY"
            if lock.atk_at_least_lp:   # LKR-2: "monsters they control that have ATK greater than or equal to your LP"
                lp = (position.me if mine else position.opponent).lp
                if card.location not in ON_FIELD or own_original_stats(card.card) or card.card.atk is None \
                        or card.card.atk < lp:
                    continue    # MAT-3: a monster whose ATK on the field is unknown is not known to be locked
            if lock.st_kind_archetype is not None:   # LKR-3: 'the same card type ... as a "X" Monster Card in your S/T Zone'
                shown = {kind for i in position.instances.values()
                         if i.player == holder.player and i.location == "spell_trap_zone"
                         and i.state.position != "set" and i.card.is_monster
                         and i.card.in_archetype(lock.st_kind_archetype)
                         for kind in i.card.kinds & {"fusion", "synchro", "xyz", "link"}}
                if not shown & _kinds(card):
                    continue
            if lock.used_archetype is not None:   # LKR-4: "the same original Attribute(s) as the "X" monster(s) used"
                used = {m.attribute for m, _ in getattr(holder.state, "summon_materials", ())
                        if m.in_archetype(lock.used_archetype) and m.attribute}
                if card.card.attribute not in used:
                    continue
            return True
    return False


# --------------------------------------------------------------------------------------------------
# Targeting protections (docs/targeting-rules.md TGT-1..TGT-5)

def _protection_in_force(card: Instance) -> bool:
    """TGT-2: a monster face-up in a Monster Zone with its effects applying; a Spell/Trap Card (not a
    Pendulum Monster Card in a Pendulum Zone) face-up in a Spell & Trap Zone or the Field Zone."""
    if card.location in ON_FIELD:
        return card.state.position != "set" and not _has_no_effects(card)
    if card.location in ("spell_trap_zone", "field_zone"):
        return not card.card.is_monster and card.state.position != "set"
    return False


def _shown_face_up(card: Instance) -> bool:
    """A card face-up on the field (a face-down card hides its name)."""
    if card.location in ON_FIELD:
        return card.state.position != "set"
    return card.location in ("spell_trap_zone", "field_zone", "pendulum_zone") and card.state.position == "face_up"


def _presence_holds(position: Position, holder: Instance, presence) -> bool:
    """PRC-1, PRC-2: does the position show the card a protection of `holder` waits for? "you control a(n) /
    another <monster>": a monster in its controller's Monster Zones of that kind, face-up (a face-down one
    shows no name, Type or kind; a plain "monster" is any, face-down too), not `holder` for "another", not one
    of the excepted name; "<monster> is on the field": the same on either side; "this card points to a(n)
    <monster>": the same in a place one of its arrows points to; 'you control a "X"': a face-up card of that
    name on its controller's field; "a Field Spell is face-up on the field": a face-up card in a Field Zone."""
    cards = list(position.instances.values())
    if presence.where == "field_spell":
        return any(i.location == "field_zone" and i.state.position == "face_up" for i in cards)
    if presence.where == "named":
        return any(i.player == holder.player and _shown_face_up(i) and _matches(presence.filter, i) for i in cards)
    if presence.where == "field_zone_card":       # MST-4: a face-up card of that archetype in either Field Zone
        return any(i.location == "field_zone" and i.state.position == "face_up"
                   and i.card.in_archetype(presence.filter.value) for i in cards)
    if presence.where == "field_card":            # BPX-23: a face-up card of that archetype on either field
        return any(_shown_face_up(i) and i.card.in_archetype(presence.filter.value) for i in cards)
    if presence.where == "linked":                # BPX-24: it points to a monster, or a Link Monster points to it
        here = _place_of(position, holder)
        mine_ = holder.player == position.turn_player
        field = [i for i in cards if i.location in ON_FIELD and i.id != holder.id]
        return any(_place_of(position, i) in _points_to(holder.card, here, mine_) for i in field) or any(
            here in _points_to(i.card, _place_of(position, i), i.player == position.turn_player) for i in field)
    if presence.where == "field_zones_full":      # TGX-5: a card, face-up or Set, in each Field Zone
        return sum(1 for i in cards if i.location == "field_zone") == 2
    if presence.where == "own_gy":                # TGX-5: a monster of that kind in its controller's GY
        return any(i.player == holder.player and i.location == "graveyard" and "monster" in i.card.kinds
                   and _matches(presence.filter, i) for i in cards)
    if presence.where == "own_gy_named":          # TGZ-1: a card of that name, any card type, in its controller's GY
        return any(i.player == holder.player and i.location == "graveyard" and _matches(presence.filter, i)
                   for i in cards)
    if presence.where == "their_column":          # LKQ-11: a monster of the other player in its column
        column = _place_of(position, holder)[0]
        return any(i.location in ON_FIELD and i.player != holder.player and i.id != holder.id
                   and _place_of(position, i)[0] == column for i in cards)
    if presence.where == "own_spell":             # LKQ-7: a face-up Spell Card of its controller's (a Pendulum Scale too)
        return any(i.player == holder.player and i.location in ("spell_trap_zone", "field_zone", "pendulum_zone")
                   and i.state.position == "face_up" and bool(i.card.kinds & {"spell", "pendulum"}) for i in cards)
    if presence.where == "own_face_down":         # BPX-21: a face-down monster of its controller's
        return any(i.player == holder.player and i.location in ON_FIELD and i.state.position == "set" for i in cards)
    if presence.where == "points":
        arrows = _points_to(holder.card, _place_of(position, holder), holder.player == position.turn_player)
    for i in cards:
        if i.location not in ON_FIELD:
            continue
        if presence.where == "own" and i.player != holder.player:
            continue
        if presence.where == "points" and _place_of(position, i) not in arrows:
            continue
        if presence.filter != Atom("any") and (i.state.position == "set" or not _matches(presence.filter, i)):
            continue
        if (presence.other and i.id == holder.id) or (
                presence.except_name is not None and _matches(presence.except_name, i)):
            continue
        return True
    return False


def _co_linked(position: Position, monster: Instance) -> bool:
    """LKQ-1: the monster points to a monster on the field, of either player, that points back to it."""
    here = _place_of(position, monster)
    arrows = _points_to(monster.card, here, monster.player == position.turn_player)
    return any(other.id != monster.id and other.location in ON_FIELD and _place_of(position, other) in arrows
               and here in _points_to(other.card, _place_of(position, other), other.player == position.turn_player)
               for other in position.instances.values())


def _protected(position: Position, activated: Instance, target: Instance) -> bool:
    """TGT-5: whether a face-up card's text forbids the turn player's activation of `activated` to target
    `target`: the protection binds the turn player (TGT-1), applies (TGT-2), covers the target (TGT-3) and
    names the kind of the activated card (TGT-4)."""
    on_field = target.location in ON_FIELD + ("spell_trap_zone", "field_zone", "pendulum_zone")
    kinds = _kinds(activated) & {"monster", "spell", "trap"}
    if target.location in ON_FIELD and target.state.position != "set":
        # TGZ-4: "Your opponent cannot target a Synchro Monster that used this card as material with monster effects."
        # (Deep Sea Prima Donna): an effect the material gave the monster its Synchro Summon used it for, against the
        # opponent of that monster's controller; it is not the monster's own, so it applies while its effects are negated
        for used, _ in getattr(target.state, "summon_materials", ()):
            for rule in protections(used).protections:
                if rule.scope == "used_by" and target.state.summoned_as == rule.summoned_as and kinds & rule.kinds \
                        and not (rule.whom == "opponent" and target.player == position.turn_player):
                    return True
    for holder in position.instances.values():
        if not _protection_in_force(holder):
            continue
        holders_opponent = holder.player != position.turn_player
        has_material = any(i.location == "overlay" and i.host == holder.id for i in position.instances.values())
        for rule in protections(holder.card).protections:
            if rule.whom == "opponent" and not holders_opponent:
                continue        # it binds the holder's opponent, who is not the turn player
            if rule.needs_material and not has_material:
                continue        # TGT-2: "While this card has Xyz Material"
            if rule.materials_at_least and sum(i.location == "overlay" and i.host == holder.id
                                               for i in position.instances.values()) < rule.materials_at_least:
                continue        # CNB-4: "● 3+:" after "... based on the number of materials attached to it"
            if rule.except_phase and position.phase == rule.except_phase[0] and (
                    rule.except_phase[1] == "any" or not holders_opponent):
                continue        # TGT-2: "except during your Main Phase 2" (its controller's) / "the Battle Phase"
            if rule.summoned_as and holder.state.summoned_as != rule.summoned_as:
                continue        # EDL-4: "While this Xyz Summoned card ..."
            if rule.summoned_using is not None and sum(
                    _matches(rule.summoned_using, _UsedMaterial(card))
                    for card, _ in getattr(holder.state, "summon_materials", ())) < rule.used_count:
                continue        # MUS-6: "If this card was Synchro Summoned using a "Mannadium" Tuner as material";
                #                 CNB-2: "● 3+:" after "... the number of Dinosaur monsters used as Fusion Material"
            if rule.own_atk and not (holder.card.atk is not None and (
                    holder.card.atk <= rule.own_atk[1] if rule.own_atk[0] == "le" else holder.card.atk >= rule.own_atk[1])):
                continue        # TGZ-6: "While this Link Summoned card has 3000 or less ATK" (the printed ATK)
            if rule.in_emz and holder.location != "extra_monster_zone":
                continue        # LKQ-8: "While this card is in the Extra Monster Zone"
            if rule.controls_named is not None and not any(
                    i.player == holder.player and _shown_face_up(i) and _matches(rule.controls_named, i)
                    for i in position.instances.values()):
                continue        # EDL-4: 'While you control "Call of the Haunted"'
            if rule.lp_higher:  # EDL-4: "While your LP are higher than your opponent's"
                own, other = (position.opponent, position.me) if holders_opponent else (position.me, position.opponent)
                if getattr(own, "lp") <= getattr(other, "lp"):
                    continue
            if rule.presence is not None and not _presence_holds(position, holder, rule.presence):
                continue        # PRC-2: "While you control another "Darklord" monster, ..."
            if rule.emz_unlinked and (holder.location != "extra_monster_zone" or any(
                    _place_of(position, m) in _points_to(holder.card, _place_of(position, holder),
                                                         holder.player == position.turn_player)
                    for m in _own(position, ON_FIELD) + _opponents(position, ON_FIELD))):
                continue        # BPN-6: "If this card in the Extra Monster Zone points to no monsters, ..."
            if not kinds & rule.kinds:
                continue
            if rule.source is not None and not _matches(rule.source, activated):
                continue        # TGX-4: "the effects of Level 6 or lower monsters": not this activated card's
            if rule.except_own and activated.id == holder.id:
                continue        # LKP-9: ", except its own"
            if rule.source_special and not (activated.location in ON_FIELD and _special_summoned(activated)
                                            and activated.state.special_summoned_from != "graveyard"):
                continue        # LKQ-2: only effects of monsters on the field Special Summoned, not from the GY
            if rule.scope == "their_cards":   # TGX-3: the cards of the holder's opponent on the field, in the GY, banished
                covered = target.player != holder.player and (on_field or target.location in ("graveyard", "banished"))
            elif rule.scope == "graveyards":   # CNB-4: "cards in the GYs", either player's
                covered = target.location == "graveyard"
            elif not on_field:
                covered = False         # the other scopes name cards on the field
            elif rule.scope == "cards":   # TGT-10: "other cards on the field", any card there
                covered = not (rule.other and target.id == holder.id)
            elif rule.scope == "field_zones":   # TGX-2: a card in either Field Zone, face-up or Set
                covered = target.location == "field_zone"
            elif rule.scope == "own_spell_trap":   # LKP-4: "Spells/Traps you control", face-up or Set
                covered = target.player == holder.player and (
                    target.location not in ON_FIELD or "trap" in _kinds(target)) \
                    and (rule.filter == Atom("any") or target.card.in_archetype(rule.filter.value)) \
                    and (not rule.face_up or _shown_face_up(target))
            elif rule.scope == "own_cards":        # LKP-4: 'other "Galaxy" cards you control', face-up
                covered = target.player == holder.player and _shown_face_up(target) \
                    and target.card.in_archetype(rule.filter.value) and not (rule.other and target.id == holder.id)
            elif target.location not in ON_FIELD:
                covered = False         # the other scopes name monsters
            elif rule.scope == "self":
                covered = target.id == holder.id
            elif rule.scope == "own_co_linked":    # LKQ-1: the holder's monsters that are co-linked
                covered = target.player == holder.player and _co_linked(position, target)
            elif rule.scope == "same_attribute":   # TGX-3: a monster on either field of the holder's Attribute
                covered = target.card.attribute == holder.card.attribute
            elif rule.scope == "points":   # TGT-10, TGX-1: the monsters of that kind it points to (TGT-10: face-up)
                covered = _place_of(position, target) in _points_to(
                    holder.card, _place_of(position, holder), not holders_opponent) \
                    and (not rule.face_up or target.state.position != "set") and _matches(rule.filter, target)
            else:
                same_side = target.player == holder.player
                covered = (rule.scope == "field" or same_side) and _matches(rule.filter, target) \
                    and (not rule.face_up or target.state.position != "set") \
                    and not (rule.other and target.id == holder.id) \
                    and not (rule.except_named is not None and _matches(rule.except_named, target))   # PRC-3
            if covered:
                return True
    return False


# --------------------------------------------------------------------------------------------------
# The turn's history (OATH-1..4, CNT-1, CNT-2) and the Normal Summon rights (NS-1)

_SPECIAL_METHODS = ("special", "procedure", "ritual", "fusion", "synchro", "xyz", "link", "pendulum")
_SPECIAL_SUMMON_PLAYS = ("synchro_summon", "xyz_summon", "link_summon", "fusion_summon", "ritual_summon",
                         "pendulum_summon", "procedure_summon")


def _has_activated(position: Position, name: str) -> bool:
    """AXH-1: some player activated a card named `name` this turn (an activation in the history, whatever became
    of it: negated or not, resolved or not)."""
    return any(_card_named(position, event["activate"]).name.casefold() == name.casefold()
               for event in position.events if "activate" in event)


def _card_named(position: Position, name: str):
    return position.cards.get(name)


def _clauses_of(card) -> tuple:
    return read_clauses(card) if card is not None else ()


def _effect_summons(card, number: int) -> bool:
    return card is not None and any(e.number == number and e.summons is not None for e in activated_effects(card))


def _my_events(position: Position, kind: str) -> list:
    return [e for e in position.events if kind in e and e["player"] == position.turn_player]


def _counted_special_summons(position: Position) -> tuple[int, int]:
    """CNT-1: (Special Summons of the turn player this turn, those from the Extra Deck)."""
    total = from_extra = 0
    for event in _my_events(position, "summon"):
        if event["summon"] in _SPECIAL_METHODS:
            total += 1
            from_extra += event["from"] == "extra_deck"
    for event in _my_events(position, "activate"):
        if event["negated"] != "effect":
            continue
        card = _card_named(position, event["activate"])
        fusion = card is not None and fusion_spell(card)
        ritual = card is not None and isinstance(ritual_spell(card), RitualSpell)
        if fusion or ritual or _effect_summons(card, event["effect"]):
            total += 1
            from_extra += bool(fusion)
    return total, from_extra


def _done(position: Position, what: str, except_filter=None, card_name: str | None = None) -> bool:
    """Whether X was already done this turn (OATH-1, OATH-4)."""
    if what == "special_summon":
        if except_filter is not None:
            return any(not event["negated"] and event["summon"] in _SPECIAL_METHODS and any(
                (c := _card_named(position, name)) is not None and not _matches(except_filter, _Stand(c))
                for name in event["cards"]) for event in _my_events(position, "summon"))
        return _counted_special_summons(position)[0] > 0
    if what == "special_summon_from_extra_deck":
        return _counted_special_summons(position)[1] > 0
    if what == "normal_summon":
        return any(e["summon"] in ("normal", "set") for e in _my_events(position, "summon"))
    if what == "summon":
        return any(e["summon"] != "set" for e in _my_events(position, "summon"))
    if what == "synchro_summon":   # PRX-24: a Synchro Summon of the turn player's this turn (negated too)
        return any(e["summon"] == "synchro" for e in _my_events(position, "summon"))
    if what == "activate_other":
        return any(e["activate"] != card_name and e["negated"] != "activation"
                   for e in _my_events(position, "activate"))
    if what == "battle_phase":
        return position.phase in ("battle", "main2")
    if what in ("attack_self", "announce_self", "attack_others", "direct_attack", "direct_attack_others", "direct_attack_self"):
        return any(m.state.attacked for m in _own(position, ON_FIELD))
    return False


def _active_forbids(position: Position) -> list[tuple[str, object, str]]:
    """(forbids, except_filter, clause card name) of every clause the turn's history has switched on."""
    found = []
    for event in _my_events(position, "activate"):
        for clause in _clauses_of(_card_named(position, event["activate"])):
            if clause.effect != event["effect"]:
                continue
            if (clause.kind == "oath" and event["negated"] != "activation") or (
                    clause.kind == "after_resolution" and event["negated"] == "none" and event["resolved"]):
                found.append((clause.forbids, clause.except_filter, event["activate"]))
    for event in _my_events(position, "summon"):
        if event["summon"] not in _SPECIAL_METHODS:
            continue
        for name in event["cards"]:
            for clause in _clauses_of(_card_named(position, name)):
                if clause.kind == "when_special_summoned":
                    found.append((clause.forbids, clause.except_filter, name))
                # ZLK-4: "After you Synchro Summon this card, you cannot Special Summon Level 5 or higher
                # monsters for the rest of the turn": once that Summon of the card succeeded
                if clause.kind == "after_summoned" and clause.method == event["summon"] and not event["negated"]:
                    found.append(("special_summon_of", clause.what_filter, name))
    return found


def _summoned_by(position: Position, play: Play) -> list[tuple[object, bool]] | None:
    """The (Card, from the Extra Deck) a Special Summon play puts on the field; None for other plays."""
    if play.action in _SPECIAL_SUMMON_PLAYS:
        ids = play.cards if play.action == "pendulum_summon" else (play.card,)
        return [(position.instances[i].card, position.instances[i].location == "extra_deck") for i in ids] + \
            [(first.card, False) for first in _summoned_first(position, play)]   # RSP-4
    if play.action == "activate" and play.positions:
        card = position.instances[play.card]
        effect = next(e for e in activated_effects(card.card) if e.number == play.effect)
        if effect.summons == "token":
            return [(_card_named(position, effect.tokens[1]), False)] * effect.tokens[0]
        if effect.summons == "self_from_graveyard":
            return [(card.card, False)]
        return [(position.instances[play.target].card, False)]
    return None


def _not_summon_locked(position: Position, play: Play) -> bool:
    """ZLK-2 (docs/lock-rules.md): under "Neither player can Summon monsters" (binding the turn player, its card
    applying it: LCK-1, LCK-2) no Normal Summon (a Tribute Summon, a Gemini Summon) and no Flip Summon; a Set
    is not a Summon. Its Special Summons are refused where each Special Summon checks the locks (LCK-3)."""
    if play.action not in ("normal_summon", "gemini_summon", "flip_summon"):
        return True
    # CNB-1: "cannot Normal or Special Summon" forbids Normal (Tribute, Gemini) Summons, not a Flip Summon
    kinds = ("summon",) if play.action == "flip_summon" else ("summon", "normal_special")
    return not any(lock.kind in kinds for lock in _special_summon_locks(position))


def _opponent_summon_forbids_monster_effects(position: Position) -> bool:
    """LKP-5 (docs/lock-rules.md): the opponent's Xyz Summon of Outer Entity Azathot this turn ("After this card was Xyz
    Summoned, your opponent cannot activate monster effects for the rest of that turn"), not negated."""
    for event in position.events:
        if "summon" not in event or event["player"] == position.turn_player or event["negated"]:
            continue
        for name in event["cards"]:
            if any(c.kind == "after_summoned_opponent" and c.method == event["summon"]
                   for c in _clauses_of(_card_named(position, name))):
                return True
    return False


def _no_activation_or_set(position: Position, play: Play) -> bool:
    """LKP-6 (docs/lock-rules.md): the turn player's face-up monster, applying its effects, says "You cannot activate
    cards or effects, or Set any cards", and `play` activates something (an effect, a Pendulum Scale, the Spell of a
    Fusion or Ritual Summon) or Sets a card."""
    if play.action not in ("activate", "activate_scale", "fusion_summon", "ritual_summon", "set_monster",
                           "set_spell_trap"):
        return False
    return any(_applies(i, "card") and no_activation_or_set(i.card) for i in _own(position, ON_FIELD))


def _history_allows(position: Position, play: Play) -> bool:
    """OATH-1..4, CNT-1, CNT-2 on one play; LKP-5; LKP-6."""
    if _no_activation_or_set(position, play):
        return False
    if play.action == "activate" and "monster" in _kinds(position.instances[play.card]) \
            and _opponent_summon_forbids_monster_effects(position):
        return False
    summoned = _summoned_by(position, play)
    for forbids, allowed, source in _active_forbids(position):
        if forbids == "special_summon" and summoned is not None:
            if allowed is None or any(not _matches(allowed, _Stand(c)) for c, _ in summoned):
                return False
        elif forbids == "special_summon_of" and summoned is not None:               # ZLK-4
            if any(_matches(allowed, _Stand(c)) for c, _ in summoned):
                return False
        elif forbids == "special_summon_from_extra_deck" and summoned is not None:
            if any(extra and (allowed is None or not _matches(allowed, _Stand(c))) for c, extra in summoned):
                return False
        elif (forbids == "normal_summon" and play.action in ("normal_summon", "set_monster", "gemini_summon")) \
                or (forbids == "synchro_summon" and play.action == "synchro_summon"):   # PRX-24
            return False
        elif forbids == "summon" and (play.action in ("normal_summon", "flip_summon", "gemini_summon")
                                      or summoned is not None):
            return False
        elif forbids == "activate_other":
            name = position.instances[play.spell].card.name if play.action in ("ritual_summon", "fusion_summon") \
                else play.name if play.action in ("activate", "activate_scale") else None
            if name is not None and name != source:
                return False
        elif forbids == "battle_phase" and play.action == "enter_battle_phase":
            return False
        elif play.action == "declare_attack":
            attacker = position.instances[play.card].card.name
            if (forbids in ("attack_self", "announce_self") and attacker == source) or (forbids == "attack_others" and attacker != source) \
                    or (forbids == "direct_attack" and play.target == "direct") \
                    or (forbids == "direct_attack_others" and play.target == "direct" and attacker != source) \
                    or (forbids == "direct_attack_self" and play.target == "direct" and attacker == source):
                return False
    if play.action == "activate":                                            # OATH-1
        card = position.instances[play.card].card
        for clause in _clauses_of(card):
            if clause.kind == "oath" and clause.effect == play.effect and \
                    _done(position, clause.forbids, clause.except_filter, card.name):
                return False
    if play.action in ("fusion_summon", "synchro_summon", "xyz_summon", "link_summon"):   # CNT-3
        kind, card = play.action.removesuffix("_summon"), position.instances[play.card].card
        if any(c.kind == "summon_once_by" and c.forbids == kind for c in _clauses_of(card)) and any(
                e["summon"] == kind and card.name in e["cards"] and not e["negated"]
                for e in _my_events(position, "summon")):
            return False
    if play.action in ("fusion_summon", "procedure_summon"):                 # PRY-7: either way, once per turn
        card = position.instances[play.card].card
        if any(c.kind == "summon_once_any_way" for c in _clauses_of(card)) and any(
                e["summon"] in ("fusion", "procedure") and card.name in e["cards"] and not e["negated"]
                for e in _my_events(position, "summon")):
            return False
    if summoned is None:
        return True
    for card, _ in summoned:                                                 # OATH-4, CNT-2
        for clause in _clauses_of(card):
            if clause.kind == "when_special_summoned" and _done(position, clause.forbids, clause.except_filter,
                                                                card.name):
                return False
            if clause.kind == "summon_once":
                if any(e["summon"] in _SPECIAL_METHODS and card.name in e["cards"]
                       for e in _my_events(position, "summon")):
                    return False
                if any(e["negated"] == "effect" and e.get("target") == card.name
                       and _effect_summons(_card_named(position, e["activate"]), e["effect"])
                       for e in _my_events(position, "activate")):
                    return False
    once = any(i.location in ON_FIELD and i.state.position != "set" and not _has_no_effects(i)   # CNT-1
               and any(c.kind == "each_player_once" for c in _clauses_of(i.card))
               for i in position.instances.values())
    if once and _counted_special_summons(position)[0] > 0:
        return False
    return True


# --------------------------------------------------------------------------------------------------
# Cards unique on the field (UNQ-1..UNQ-4, docs/lock-rules.md)

_SHOWN_SPELL_TRAP = ("spell_trap_zone", "field_zone", "pendulum_zone")


def _shown(instance: Instance) -> str | None:
    """Where a face-up card of the field counts: "monster_zone" (a face-up monster) or "spell_trap" (a face-up
    card in a Spell & Trap, Field or Pendulum Zone); None when it is face-down or not on the field."""
    if instance.location in ON_FIELD:
        return "monster_zone" if instance.state.position != "set" else None
    if instance.location in _SHOWN_SPELL_TRAP:
        return "spell_trap" if instance.state.position == "face_up" else None
    return None


def _placed(position: Position, play: Play) -> list[tuple[Instance, bool, str]]:
    """UNQ-3: (card, on the turn player's side, "monster_zone" | "spell_trap") of what `play` puts face-up."""
    get = position.instances.__getitem__
    if play.action in ("normal_summon", "flip_summon"):
        return [(get(play.card), True, "monster_zone")]
    if play.action in _SPECIAL_SUMMON_PLAYS:
        ids = play.cards if play.action == "pendulum_summon" else (play.card,)
        mine = not (play.action == "procedure_summon" and any(z.startswith("o") for z in play.zones or ()))
        placed = [(get(i), mine, "monster_zone") for i in ids]
        if play.spell is not None:                         # the Ritual Spell / Polymerization
            placed.append((get(play.spell), True, "spell_trap"))
        return placed
    if play.action == "activate_scale":
        return [(get(play.card), True, "spell_trap")]
    if play.action == "activate":
        card = get(play.card)
        placed = [] if "monster" in card.card.kinds else [(card, True, "spell_trap")]
        if play.positions:
            effect = next(e for e in activated_effects(card.card) if e.number == play.effect)
            if effect.summons == "self_from_graveyard":
                placed.append((card, True, "monster_zone"))
            elif effect.summons != "token":
                placed.append((get(play.target), True, "monster_zone"))
        return placed
    return []


def _counts(zones: str, where: str) -> bool:
    return zones == "field" or where == "monster_zone"


def _unique_allows(position: Position, play: Play) -> bool:
    """UNQ-1..UNQ-3: nothing `play` puts face-up is a second X where a card's "only 1 X" rule counts: a face-up
    card applying the rule (its effects not negated) forbids other X cards on the sides it binds; a card with
    the rule cannot come while an X is face-up there (before the play's materials leave)."""
    me = position.turn_player
    for card, mine, where in _placed(position, play):
        side = me if mine else 1 - me
        for other in position.instances.values():
            shown = _shown(other)
            if other.id == card.id or shown is None:
                continue
            rule = unique(other.card)          # its rule, applied by the face-up card
            if rule is not None and _counts(rule.zones, shown) and _counts(rule.zones, where) \
                    and not (shown == "monster_zone" and _has_no_effects(other)) \
                    and (rule.whom == "both" or other.player == side) and is_x(rule, other.card, card.card):
                return False
            rule = unique(card.card)           # the rule of the card put face-up
            if rule is not None and _counts(rule.zones, where) and _counts(rule.zones, shown) \
                    and (rule.whom == "both" or other.player == side) and is_x(rule, card.card, other.card):
                return False
    return True


def _normal_summon_rights(position: Position) -> tuple[bool, list]:
    """NS-1 with the turn's history: (a regular Normal Summon/Set is left, the additional summons granted:
    ("tribute", None) for one Tribute Summon, ("filter", F) for a Normal Summon of a monster matching F,
    ("filter_or_set", F) for a Normal Summon or Set of one). NS-13: a card the turn player has face-up, its
    effects applying, that reads "During your Main Phase, you can Normal Summon[/Set] 1 X in addition to
    your Normal Summon/Set" grants one for X; there is still only one additional summon a turn."""
    events = _my_events(position, "summon")
    used = sum(e["summon"] in ("normal", "set") for e in events) or (1 if position.normal_summon_used else 0)
    resolved = [e for e in _my_events(position, "activate") if e["negated"] == "none" and e["resolved"]]
    limit = 1
    for event in resolved:
        card = _card_named(position, event["activate"])
        if card is not None and any(e.number == event["effect"] and e.extra_normal_summon
                                    for e in activated_effects(card)):
            limit = 2
    grants = []
    if used == limit:
        for event in resolved:
            if any(c.kind == "extra_tribute_summon" and c.effect == event["effect"]
                   for c in _clauses_of(_card_named(position, event["activate"]))):
                grants.append(("tribute", None))
        for event in events:
            if event["summon"] == "normal" and not event["negated"]:
                for name in event["cards"]:
                    for c in _clauses_of(_card_named(position, name)):
                        if c.kind == "extra_normal_summon_after":
                            grants.append(("filter", c.except_filter))
        for card in _own(position, ON_FIELD + ("spell_trap_zone", "field_zone")):
            if _applies(card, "card"):
                for c in _clauses_of(card.card):
                    if c.kind == "extra_normal_summon_while":
                        grants.append(("filter_or_set" if c.method == "set" else "filter", c.except_filter))
        # TRQ-5: "The turn player applies the following effect while this monster is on the field. During their Main
        # Phase, they can Normal Summon 1 monster from their hand to their zone this card points to, ...": a face-up
        # monster of either player whose effects apply
        for card in position.instances.values():
            if card.location in ON_FIELD and _applies(card, "card") \
                    and (what := pointed_summon_grant(card.card)) is not None:
                grants.append(("pointed", (card, what)))
    return used < limit, grants


MECHANICS: tuple[Callable[[Position], Iterable[Play]], ...] = (
    normal_summons_and_sets, flip_summons, gemini_summons, ritual_summons, fusion_summons, synchro_summons, xyz_summons,
    link_summons, pendulum_summons, procedure_summons, contact_fusions, position_changes, attack_declarations,
    scale_activations,
    activations, spell_trap_sets, phase_moves,
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
    used = Counter((copy_class(position.instances[iid], position.scale_zones), frozenset(names)) for iid, names in roles.items())
    plain = tuple(getattr(play, name) for name in _PLAIN_FIELDS)
    return plain, play.target == "direct", frozenset(used.items())


def representative_key(play: Play) -> tuple:
    """The lowest instance ids win, role by role: card, spell, then the set role (Tributes, materials or
    the cards of a Pendulum Summon), then cost, then target."""
    def one(value):
        return id_sort_key(value) if value and value != "direct" else ()

    def many(values):
        return tuple(sorted(id_sort_key(v) for v in values or ()))

    used = next((v for v in (play.tributes, play.materials, play.cards) if v is not None), ())
    return (one(play.card), one(play.spell), many(used), many(play.cost), one(play.target))


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
    token = _NEGATED.set(negated_by_cards(position))
    try:
        return _legal_plays(position, all_instances)
    finally:
        _NEGATED.reset(token)


def _legal_plays(position: Position, all_instances: bool) -> list[Play]:
    certain = _certain_given_unread_text(position)
    unique: dict[tuple, Play] = {}
    for mechanic in MECHANICS:
        for play in mechanic(position):
            if _history_allows(position, play) and _unique_allows(position, play) and certain(play) \
                    and _not_summon_locked(position, play):
                unique.setdefault(play.key, play)   # e.g. two Tribute rules giving the same Tributes
    plays: Iterable[Play] = unique.values()
    if not all_instances:
        plays = group_copies(position, plays)
    return sort_plays(plays)


# --------------------------------------------------------------------------------------------------
# Partial answers (docs/plays-json.md, "Partial answers"): a card whose text is not all read
# (`pysolver.cards.reading.unread_clauses`) withholds the plays that depend on it; an unread lock in
# force on the turn player refuses the position. Written from the documented rule.

def _only_in_material_line(card) -> bool:
    """STM-4: the card's only ATK/DEF condition is in its material line, which tests the materials a play uses (those
    of unknown values are withheld already)."""
    from ..cards.cardtext import stat_terms_sentence
    return bool(card.materials) and stat_terms_sentence(card) == card.materials.strip()


def _certain_given_unread_text(position: Position) -> Callable[[Play], bool]:
    from ..cards.cardtext import changes_others_stats, own_original_stats, stat_terms
    from ..cards.reading import unread_clauses, whom
    from ..errors import PysolverError
    uses_it, attacks_it, targets_it, moves_it, only_one = set(), set(), set(), set(), set()
    repositions_it = set()     # "battle" clauses: the card's changes of battle position are withheld too
    every_attack = every_target = every_pendulum = every_reposition = False
    stay_in_battle = False     # an unread "must attack if able": leaving or skipping the Battle Phase is not certain
    deck_tributes = any(isinstance(spell := ritual_spell(i.card), RitualSpell) and spell.uses_deck
                        for i in position.instances.values() if i.player == position.turn_player)
    for instance in position.instances.values():
        mine = instance.player == position.turn_player
        if (not mine and instance.location in ("hand", "deck", "extra_deck")) \
                or (instance.location == "deck" and not deck_tributes):
            continue      # no play uses these cards
        for clause in unread_clauses(instance.card):
            where = instance.location
            if clause.scope == "attack" and (position.turn == 1 or position.phase == "main2"):
                continue      # BP-1: no attack can be declared any more this turn
            if where in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone", "pendulum_zone"):
                face_up = getattr(instance.state, "position", "attack") != "set"
                scale = where == "pendulum_zone" or (where == "spell_trap_zone" and "pendulum" in instance.card.kinds)
                applies = face_up and (clause.where == "pendulum") == scale
                zone = re.match(r"While this card is in (?:the|a|your) (Main|Extra) Monster Zone\b", clause.clause)
                if zone and where != ("extra_monster_zone" if zone.group(1) == "Extra" else "monster_zone"):
                    applies = False      # its condition names the other kind of Monster Zone
            elif where == "graveyard":
                applies = clause.where == "card" and re.search(r"\b(?:in|from) (?:your|the) GY\b", clause.clause)
            elif where == "hand":
                applies = clause.where == "card" and "in your hand" in clause.clause \
                    and "this card in your hand" not in clause.clause
            else:
                applies = False
            if clause.only_one:
                if where in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone",
                             "pendulum_zone") and getattr(instance.state, "position", "attack") != "set":
                    only_one.add(clause.only_one)
                elif any(other.id != instance.id and other.location in ("monster_zone", "extra_monster_zone")
                         and _is_named(other.card, clause.only_one) for other in position.instances.values()):
                    moves_it.add(instance.id)
                continue
            # a clause that negates effects switches off locks of either player's cards: it binds both players
            aimed = "both" if re.search(r"\bnegate", clause.clause, re.IGNORECASE) else whom(clause.clause)
            mine = instance.player == position.turn_player
            if (aimed == "opponent" and mine) or (aimed == "controller" and not mine):
                applies = False
            if not (clause.lock and applies):   # about its own attacks and targets only
                if clause.scope in ("attack", "battle") and where not in ("monster_zone", "extra_monster_zone"):
                    continue      # only a monster on the field attacks or is attacked
                if clause.scope == "target" and where in ("hand", "deck", "extra_deck"):
                    continue
            if clause.lock and applies:
                if clause.scope in ("attack", "battle"):
                    every_attack = True
                    every_reposition = every_reposition or clause.scope == "battle"
                elif clause.scope == "target":
                    every_target = True
                else:
                    raise PysolverError(f"{instance.card.name!r}: an unread lock in force (reference)")
            if clause.where == "pendulum" and (where == "pendulum_zone" or (
                    where == "spell_trap_zone" and "pendulum" in instance.card.kinds)):
                every_pendulum = True
            if clause.scope == "battle":
                repositions_it.add(instance.id)
            if clause.scope == "attack" and "must attack" in clause.clause.lower() and (
                    not mine if re.search(r"\byour opponent\b|\btheir\b|\bthey\b", clause.clause, re.I)
                    else mine if clause.clause.startswith("This card") else True):   # BPO-1: whom it binds
                stay_in_battle = True      # the Battle Phase is neither left nor skipped while it can attack
            {"play": uses_it, "summon": moves_it, "attack": attacks_it, "battle": attacks_it,
             "target": targets_it}[clause.scope].add(instance.id)
    # EQP-4 (docs/material-rules.md): "While this card is equipped with a "X" card, <lock>": the position does not say
    # what an Equip Card is equipped to; a face-up one of those monsters whose lock binds the turn player, while a
    # face-up Spell/Trap Card of archetype X is in a Spell & Trap Zone, leaves no play certain
    from ..cards.locks import equipped_locks
    from ..cards.material_lines import default_archetypes
    for holder in position.instances.values():
        if holder.location not in ON_FIELD or holder.state.position == "set":
            continue
        for _, archetype, lock in equipped_locks(holder.card):
            code = default_archetypes().get(archetype)
            binds = lock.who == "both" or (lock.who == "opponent") == (holder.player != position.turn_player)
            if binds and any(c.location == "spell_trap_zone" and c.state.position == "face_up" and not c.card.is_monster
                             and (c.card.in_archetype(code) if code is not None else archetype in c.card.name)
                             for c in position.instances.values()):
                raise PysolverError(f"{holder.card.name} may be equipped with a {archetype} card (reference)")
    # NGT-4: a negating card that another negating card fits, which a third (or the first) fits in turn: which of them
    # negate is not decided, the position is refused. NGT-5: a negated monster with a material, Tribute or
    # replacement reading the encodings apply regardless (`negations.blind`): the plays using it are not certain.
    from ..cards.negations import blind
    negators = [c for c in position.instances.values() if _negating(c)]
    fitted = [c for c in negators if any(_fits(other, c) for other in negators)]
    if any(_fits(other, c) for c in fitted for other in fitted):
        raise PysolverError("two negating cards that negations fit: which negations apply is not decided (reference)")
    uses_it |= {i for i in _NEGATED.get() if blind(position.instances[i].card)}
    # docs/material-rules.md MAT-3: a face-up monster whose own text sets its original ATK/DEF has unknown values
    # on the field; while a card of the position names an ATK/DEF condition, no play that uses it is certain.
    # STM-1: so does one whose own continuous effect changes its ATK/DEF. STM-2: while a card changes other monsters'
    # ATK/DEF (face-up on the field, or in the GY if its sentence says so), every monster on the field. STM-4: then
    # no play of a card that names such a condition (its summon, its activation) is certain either.
    if any(stat_terms(i.card) for i in position.instances.values()):
        def changer(i):
            sentence = changes_others_stats(i.card)
            if not sentence:
                return False
            if i.location in ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone", "pendulum_zone"):
                return getattr(i.state, "position", "attack") != "set"
            return i.location == "graveyard" and re.search(r"\bthis card is in (?:the|your) (?:GY|Graveyard)\b", sentence)
        changed = any(changer(i) for i in position.instances.values())
        unknown = {i.id for i in position.instances.values() if i.location in ("monster_zone", "extra_monster_zone")
                   and (changed or (getattr(i.state, "position", "attack") != "set" and own_original_stats(i.card)))}
        uses_it |= unknown
        # ATQ-6, MST-1: while a card of the opponent's that lets them be attacked only (or makes them be attacked) on
        # their highest ATK is face-up on the field, an unknown ATK of theirs makes every attack uncertain
        if any(o.state.position != "set" and (attack_rules(o.card).guard_highest is not None
                                              or attack_rules(o.card).must_attack == "highest")
               for o in _opponents(position, ON_FIELD)) and any(
                o.state.position != "set" and (o.id in unknown or o.card.atk is None)
                for o in _opponents(position, ON_FIELD)):
            every_attack = True
        if unknown:
            moves_it |= {i.id for i in position.instances.values() if stat_terms(i.card)
                         and not _only_in_material_line(i.card)
                         and not (i.player != position.turn_player and i.location in ("hand", "deck", "extra_deck"))
                         and not (i.location == "deck" and not deck_tributes)}

    # SMT-4 (docs/battle-rules.md): "Special Summoned this turn" asked by a card in the turn player's Extra Deck: a
    # monster of theirs Gemini Summoned this turn and Special Summoned on some turn may be one or not
    from ..cards.cardtext import asks_special_this_turn, special_this_turn_unknown
    if any(i.player == position.turn_player and i.location == "extra_deck" and asks_special_this_turn(i.card)
           for i in position.instances.values()):
        uses_it |= {i.id for i in position.instances.values() if special_this_turn_unknown(i, position.turn_player)}
    # ATQ-5: a monster of the turn player's that may attack only the opponent's face-up monster of the highest ATK, while
    # one of those shows "?" as its ATK: none of its attacks is certain
    if any(o.state.position != "set" and o.card.atk is None for o in _opponents(position, ON_FIELD)):
        attacks_it |= {m.id for m in _own(position, ON_FIELD) if attack_rules(m.card).highest_atk_only}

    def certain(play: Play) -> bool:
        target = play.target if play.target and play.target != "direct" else None
        used = set(play.uses()) | ({target} if target else set())
        if used & uses_it or ({play.card} | set(play.cards or ())) & moves_it:
            return False
        if only_one and (play.action.endswith("_summon") or play.action in ("set_monster", "activate")):
            for instance_id in (play.card, *(play.cards or ()), play.target):
                card = position.instances[instance_id].card if instance_id in position.instances else None
                if card and any(_is_named(card, what) for what in only_one):
                    return False
        if play.action == "declare_attack" and (every_attack or used & attacks_it):
            return False
        if play.action in ("change_position", "flip_summon") and (every_reposition or play.card in repositions_it):
            return False
        if target and (every_target or target in targets_it):
            return False
        if stay_in_battle and play.action in ("enter_main2", "end_turn"):
            return False
        if play.action == "pendulum_summon":           # UNQ-4: 2 or more X of one card's rule at once
            summoned = [position.instances[i].card for i in play.cards or ()]
            if any(unique(card) is not None and sum(is_x(unique(card), card, other) for other in summoned) > 1
                   for card in summoned):
                return False
        return not (every_pendulum and play.action == "pendulum_summon")
    return certain


def _is_named(card, what: str) -> bool:
    """`card` is named `what` or is a member of the archetype `what`."""
    code = default_archetypes().get(what)
    return card.name == what or (code is not None and card.in_archetype(code)) or (code is None and what in card.name)
