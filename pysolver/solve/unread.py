"""Partial answers: which plays depend on a card whose text pysolver cannot read (issue 15, item 6).

The rule (docs/plays-json.md, "Partial answers"), applied to the cards of the position, either player's:

1. A card none of whose rule sentences is unread (`pysolver.cards.reading`) is read: nothing depends on it.
2. An unread clause that is a *lock* (it can forbid plays that do not use its card) and is *in force*
   refuses the whole position, naming the card: every play is uncertain. In force: the card is face-up
   on the field (a Pendulum Effect only in a Pendulum Zone, the monster text not there), or the clause
   speaks of the card's hand or GY and the card is there. A lock on attacks only withholds every attack
   declaration instead (one on battle positions every attack and every change of battle position), and
   one on targets every play that targets a card.
3. Any other unread clause withholds the plays that depend on its card with certainty: "play" clauses
   every play that moves, summons, activates, Tributes, uses as material or cost, or targets an instance
   of the card; "summon" clauses (about the card's own coming to the field) the plays whose card it
   is (summons, moves, activations); "attack" clauses its attack declarations and the attacks on it;
   "battle" clauses those and the changes of its battle position (Flip Summons too); "target" clauses the
   plays that target it. A card in a Pendulum Zone whose Pendulum Effect is unread withholds every
   Pendulum Summon (its Scale decides them).

An unread card where no play can use it (the opponent's hand, Deck or Extra Deck; the Deck, unless a
Ritual Spell of the turn player sends Tributes from it), or an "attack" clause of a card off the field, a
"target" clause of a card in a hand, Deck or Extra Deck, withholds nothing and is not listed.

Everything else is listed: those plays do not depend on the unread text. The answer then says
`exhaustive: false` and lists each unread card once per instance in `Plays.unread`. A clause that only
forbids (rule 2's "You can only control 1", an attack or target clause saying what "cannot" be done) is
listed only when it withheld one of the plays found: it cannot make another play legal.
"""

from __future__ import annotations

import re

from ..cards.cardtext import (
    asks_special_this_turn,
    changes_others_stats,
    changes_others_stats_from_gy,
    own_original_stats,
    own_original_stats_sentence,
    stat_terms,
    stat_terms_beyond_materials,
    stat_terms_sentence,
    special_this_turn_unknown,
)
from ..cards.cardtext import hand_activation_procedure, no_tribute_grant
from ..cards.locks import equipped_locks
from ..cards.negations import negations, own_effects_apply
from ..cards.negations import uncertain as uncertain_negations
from ..cards.reading import NEGATES, Unread, unread_clauses, whom
from ..cards.uniques import is_x, unique
from ..errors import PysolverError
from ..position.play import Play, UnreadCard
from ..position.value import Instance, Monster, PileCard, Position, SpellTrap

_FIELD = ("monster_zone", "extra_monster_zone", "spell_trap_zone", "field_zone", "pendulum_zone")
_WITHHELD = {
    "play": "plays that summon, move, activate, Tribute, target or use it as material or cost",
    "summon": "plays that summon, move or activate it",
    "attack": "its attack declarations and attacks on it",
    "battle": "its attack declarations, attacks on it and changes of its battle position",
    "target": "plays that target it",
}
_CHANGES_POSITION = ("change_position", "flip_summon")
HIGHEST_GUARD_UNKNOWN = "it lets you attack only their monster with the highest ATK, and the ATK of one is unknown"
HIGHEST_ATK_UNKNOWN = 'it attacks only the monster with the highest ATK, and a face-up monster of the opponent has "?" ATK'

_SUMMONS = ("normal_summon", "set_monster", "flip_summon", "ritual_summon", "fusion_summon", "synchro_summon",
            "xyz_summon", "link_summon", "pendulum_summon", "procedure_summon")


def _face_up(instance: Instance) -> bool:
    state = instance.state
    if isinstance(state, (Monster, SpellTrap)):
        return state.position != "set"
    if isinstance(state, PileCard):
        return state.face_up
    return True


def _is_scale(instance: Instance) -> bool:
    """A Pendulum Monster Card in a Pendulum Zone (pz under Master Rule 3, S1/S5 under 4 and 5)."""
    return instance.location == "pendulum_zone" or (
        instance.location == "spell_trap_zone" and {"pendulum", "monster"} <= instance.card.kinds)


_ONLY_IN_ZONE = re.compile(r"While this card is in (?:the|a|your) (Main|Extra) Monster Zone\b")


def _in_force(instance: Instance, clause: Unread, position: Position) -> bool:
    """Whether an unread lock applies where the card is now, to the turn player (rule 2). A negation of other cards'
    effects binds both players whoever's cards it names: a lock it switches off may bind either."""
    restricts = "both" if NEGATES.search(clause.clause) else whom(clause.clause)
    mine = instance.player == position.turn_player
    if (restricts == "opponent" and mine) or (restricts == "controller" and not mine):
        return False
    location = instance.location
    if location in _FIELD:
        if not _face_up(instance):
            return False
        zone = _ONLY_IN_ZONE.match(clause.clause)      # "While this card is in the Extra Monster Zone, ..."
        if zone and location != ("extra_monster_zone" if zone.group(1) == "Extra" else "monster_zone"):
            return False
        return clause.where == ("pendulum" if _is_scale(instance) else "card")
    if location == "graveyard":
        return bool(re.search(r"\b(?:in|from) (?:your|the) GY\b", clause.clause)) and clause.where == "card"
    if location == "hand":
        return bool(re.search(r"\bin your hand\b", clause.clause)) and clause.where == "card" \
            and not re.search(r"\bthis card in your hand\b", clause.clause)
    return False


def equipped_locks_in_doubt(position: Position) -> list[tuple[Instance, str]]:
    """EQP-4: (card, sentence) for each face-up monster on the field whose lock on the turn player applies only while
    it is equipped with a card of an archetype, while a face-up Spell/Trap Card of that archetype is on the field."""
    found = []
    for instance in position.instances.values():
        if instance.location not in ("monster_zone", "extra_monster_zone") or not _face_up(instance):
            continue
        mine = instance.player == position.turn_player
        for sentence, archetype, lock in equipped_locks(instance.card):
            binds = lock.who == "both" or (lock.who == "opponent") != mine
            if binds and any(other.location == "spell_trap_zone" and _face_up(other) and not other.card.is_monster
                             and _named(position, other.id, archetype) for other in position.instances.values()):
                found.append((instance, sentence))
    return found


def _named(position: Position, instance_id: str | None, what: str) -> bool:
    """The card of `instance_id` is named `what` or belongs to the archetype `what` (by its setcodes)."""
    instance = position.instances.get(instance_id) if instance_id else None
    if instance is None:
        return False
    from ..cards.material_lines import default_archetypes
    code = default_archetypes().get(what)
    return instance.card.name == what or (code is not None and instance.card.in_archetype(code)) \
        or (code is None and what in instance.card.name)     # an archetype pysolver has no setcode for: by name


def _deck_is_used(position: Position) -> bool:
    """Only a Ritual Spell that sends its Tributes from the Deck uses Deck cards (RIT; facts.py)."""
    from ..cards.cardtext import RitualSpell, ritual_spell
    return any(isinstance(spell := ritual_spell(i.card), RitualSpell) and spell.uses_deck
               for i in position.instances.values() if i.player == position.turn_player)


def _can_matter(instance: Instance, position: Position, deck_used: bool) -> bool:
    """No play can use the opponent's hand, Deck or Extra Deck, nor the Deck unless a Ritual Spell
    takes Tributes from it; an unread card there withholds nothing (its locks are not in force)."""
    if instance.player != position.turn_player and instance.location in ("hand", "deck", "extra_deck"):
        return False
    return instance.location != "deck" or deck_used


def attacks_ahead(position: Position) -> bool:
    """Whether an attack can still be declared this turn: not on turn 1 (BP-1), nor after the Battle Phase."""
    return position.phase == "battle" or (position.phase == "main1" and position.turn > 1)


def _scope_can_matter(instance: Instance, clause: Unread, position: Position) -> bool:
    """Attacks are by and on monsters on the field, and only while an attack can still be declared;
    targets are cards on the field, in a GY or banished; a clause about the card's own summon decides only
    plays whose card it is, the turn player's. A lock in force speaks of other cards: wherever its own card
    is (a Continuous Trap), it matters."""
    if clause.scope == "attack" and not attacks_ahead(position):
        return False
    if clause.lock and _in_force(instance, clause, position):
        return True
    if clause.scope in ("attack", "battle"):
        return instance.location in ("monster_zone", "extra_monster_zone")
    if clause.scope == "target":
        return instance.location in _FIELD + ("graveyard", "banished")
    if clause.scope == "summon" and not clause.only_one:   # the plays whose card it is: the turn player's
        return instance.player == position.turn_player       # own cards only
    return True


# An attack or target clause that only forbids ("cannot be targeted", "cannot attack"): it cannot make a
# play legal, so when it withheld none of the plays found the answer is complete (it is then not listed).
_ONLY_FORBIDS = re.compile(r"\bcannot\b", re.I)
_MAY_ALLOW = re.compile(r"\b(?:can|must|unless|except|instead|only)\b", re.I)
# "... must attack (this card), if able": while such a monster can attack, the turn player cannot leave the
# Battle Phase, nor end the turn from Main Phase 1 without one (the engine's EFFECT_MUST_ATTACK), so an
# unread one makes those plays uncertain.
_MUST_ATTACK = re.compile(r"\bmust attack\b", re.I)


def must_attack_bound(position: Position) -> set[str]:
    """BPO-1, BPO-2 (`pysolver.cards.attacks`, read): the turn player's monsters a face-up "must attack" card may bind
    now (its effects may be negated: this only widens what `Withheld` says)."""
    from ..cards.attacks import attack_rules
    mine = {i.id for i in position.instances.values() if i.player == position.turn_player
            and i.location in ("monster_zone", "extra_monster_zone")}
    bound = set()
    for instance in position.instances.values():
        if instance.location not in ("monster_zone", "extra_monster_zone") or not _face_up(instance):
            continue
        kind = attack_rules(instance.card).must_attack
        if kind in ("opponents", "this", "highest") and instance.player != position.turn_player:
            bound |= mine
        elif kind == "self" and instance.id in mine:
            bound.add(instance.id)
    return bound


def binds_turn_player(clause: str, mine: bool) -> bool:
    """Whether an unread "must attack" clause may bind the turn player's monsters: "your opponent's monsters" those of
    its controller's opponent, "This card" its own monster, anything else ("All monsters") both players' (BPO-1)."""
    if re.search(r"\byour opponent\b|\btheir\b|\bthey\b", clause, re.IGNORECASE):
        return not mine
    if re.match(r"This card\b", clause):
        return mine
    return True


def together(position: Position, ids) -> Instance | None:
    """UNQ-4: a card of a Pendulum Summon whose "only 1 X" rule 2 or more of the summoned cards meet (itself
    included): the engine lets them all come and then destroys all but one by rule, which pysolver does not
    carry out, so such a Pendulum Summon is withheld."""
    cards = [position.instances[i] for i in ids or () if i in position.instances]
    for card in cards:
        rule = unique(card.card)
        if rule is not None and sum(is_x(rule, card.card, other.card) for other in cards) >= 2:
            return card
    return None


_BLIND_CLAUSE = ("its effects may be negated by a card on the field, and pysolver does not know whether that switches "
                 "off its material, Tribute or replacement clauses")
_TOGETHER = 'Pendulum Summons of 2 or more of these cards at once (the engine then destroys all but one by rule)'


class Withheld:
    """What the unread cards of a position withhold; `filter(plays)` keeps the certain plays."""

    def __init__(self, position: Position):
        self.position = position
        self.entries: list[UnreadCard] = []
        self.play_ids: set[str] = set()        # any play using one of these instances
        self.summon_ids: set[str] = set()      # plays that summon, move or activate these instances
        self.attack_ids: set[str] = set()      # attacks by or on these instances
        self.battle_ids: set[str] = set()      # changes of the battle position of these instances
        self.target_ids: set[str] = set()      # plays targeting these instances
        self.all_attacks = False
        self.all_battle_positions = False
        self.all_targets = False
        self.pendulum = False
        self.leaving_battle = False            # an unread "must attack": leaving the Battle Phase is withheld
        self._scopes: list[str] = []           # per entry: its scope, "all_" when a lock in force, "+pendulum"
        self._restrictive: dict[int, str | None] = {}   # entries that only forbid: index -> what they withhold:
        # X (rule 2, face-up: X summons), None (rule 2: its own summons), "[all_]attack", "[all_]target"
        self.only_one: set[str] = set()        # names/archetypes whose summons are withheld
        deck_used = _deck_is_used(position)
        for instance in position.instances.values():
            clauses = unread_clauses(instance.card)
            if not clauses or not _can_matter(instance, position, deck_used):
                continue
            own_id = instance.id
            for clause in clauses:
                if not _scope_can_matter(instance, clause, position):
                    continue
                if clause.only_one:     # rule 2
                    if instance.location in _FIELD and _face_up(instance):
                        self.only_one.add(clause.only_one)
                        withheld, forbidding = f'plays that summon a "{clause.only_one}" card', clause.only_one
                    elif any(other.id != instance.id and other.location in ("monster_zone", "extra_monster_zone")
                             and _named(position, other.id, clause.only_one)
                             for other in position.instances.values()):
                        self.summon_ids.add(own_id)
                        withheld, forbidding = _WITHHELD["summon"], None
                    else:
                        continue        # no X on a field: the clause decides nothing now
                    self._restrictive[len(self.entries)] = forbidding
                    self.entries.append(UnreadCard(instance.card.name, own_id, clause.clause, withheld))
                    self._scopes.append("only_one" if withheld.startswith("plays that summon a") else "summon")
                    continue
                if clause.lock and _in_force(instance, clause, position):
                    if clause.scope in ("attack", "battle"):
                        self.all_attacks = True
                        self.all_battle_positions = clause.scope == "battle"
                    elif clause.scope == "target":
                        self.all_targets = True
                    else:
                        raise PysolverError(
                            f"{instance.card.name!r} ({own_id}) has a continuous effect pysolver cannot read and "
                            f"that may forbid plays ({clause.clause!r}), so no play of this position is certain; "
                            "leave it out of the position to list the others")
                if _is_scale(instance) and clause.where == "pendulum":
                    self.pendulum = True
                if clause.scope == "battle":
                    self.battle_ids.add(own_id)
                {"play": self.play_ids, "summon": self.summon_ids, "attack": self.attack_ids,
                 "battle": self.attack_ids, "target": self.target_ids}[clause.scope].add(own_id)
                withheld = _WITHHELD[clause.scope]

                if clause.lock and _in_force(instance, clause, position):
                    withheld = {"attack": "every attack declaration", "target": "every play with a target",
                                "battle": "every attack declaration and change of battle position"}[clause.scope]
                elif _is_scale(instance) and clause.where == "pendulum":
                    withheld += "; every Pendulum Summon"
                if clause.scope == "attack" and _MUST_ATTACK.search(clause.clause) \
                        and binds_turn_player(clause.clause, instance.player == position.turn_player):
                    self.leaving_battle = True     # the engine keeps the Battle Phase while such a monster can attack,
                    withheld += ("; leaving the Battle Phase" if position.phase == "battle"   # and refuses to skip it
                                 else "; ending the turn without a Battle Phase")
                in_force = clause.lock and _in_force(instance, clause, position)
                if clause.scope in ("attack", "battle", "target") and _ONLY_FORBIDS.search(clause.clause) \
                        and not _MAY_ALLOW.search(clause.clause):
                    self._restrictive[len(self.entries)] = ("all_" if in_force else "") + clause.scope
                self.entries.append(UnreadCard(instance.card.name, own_id, clause.clause, withheld))
                self._scopes.append(("all_" if in_force else "") + clause.scope
                                    + ("+pendulum" if _is_scale(instance) and clause.where == "pendulum" else ""))

        # MAT-3, STM-1, STM-2: on the field, a monster whose own text changes its own ATK/DEF, and every monster
        # while a card in force may change theirs, match no ATK/DEF term (the position does not record their
        # values): while some card sets such a term, their uses are not certain, nor (STM-4) the plays of the
        # cards that set one.
        setting = [i for i in position.instances.values() if stat_terms(i.card)]
        if setting:
            changer = stats_changer(position)
            unknown = 0
            unknown_ids = set()
            for instance in position.instances.values():
                if instance.location not in ("monster_zone", "extra_monster_zone"):
                    continue
                if _face_up(instance) and own_original_stats(instance.card):
                    clause = own_original_stats_sentence(instance.card)
                elif changer is not None:
                    clause = f'its ATK/DEF may be changed by "{changer[0].card.name}" ({changer[0].id}): {changer[1]}'
                else:
                    continue
                unknown += 1
                unknown_ids.add(instance.id)
                if instance.id in self.play_ids:   # withheld already for another clause
                    continue
                self.play_ids.add(instance.id)
                self.entries.append(UnreadCard(instance.card.name, instance.id, clause, _WITHHELD["play"]))
                self._scopes.append("play")
            # ATQ-6, MST-1: while a card of the opponent's that lets them be attacked only (or makes them be attacked)
            # on their highest ATK is face-up on the field, an unknown ATK ("?" too) of a face-up monster of theirs
            # withholds every attack declaration
            from ..cards.attacks import attack_rules
            theirs = [i for i in position.instances.values() if i.player != position.turn_player
                      and i.location in ("monster_zone", "extra_monster_zone") and _face_up(i)]
            guard = next((i for i in theirs if attack_rules(i.card).guard_highest is not None
                          or attack_rules(i.card).must_attack == "highest"), None)
            if guard is not None and any(i.id in unknown_ids or i.card.atk is None for i in theirs):
                self.all_attacks = True
                self.entries.append(UnreadCard(guard.card.name, guard.id, HIGHEST_GUARD_UNKNOWN, "every attack declaration"))
                self._scopes.append("all_attack")
            for instance in setting if unknown else ():
                if instance.id not in self.play_ids | self.summon_ids and _can_matter(instance, position, deck_used) \
                        and stat_terms_beyond_materials(instance.card):
                    self.summon_ids.add(instance.id)
                    self.entries.append(UnreadCard(instance.card.name, instance.id, stat_terms_sentence(instance.card),
                                                   _WITHHELD["summon"] + " (a monster's ATK/DEF it tests is unknown)"))
                    self._scopes.append("summon")

        # SMT-4 (docs/battle-rules.md): while a card in the turn player's Extra Deck asks for a monster "Special
        # Summoned this turn", a monster of theirs Gemini Summoned this turn that was Special Summoned may or may not
        # be one (the position does not say on which turn): its uses are not certain.
        asking = next((i for i in position.instances.values() if i.player == position.turn_player
                       and i.location == "extra_deck" and asks_special_this_turn(i.card)), None)
        for instance in position.instances.values() if asking is not None else ():
            if special_this_turn_unknown(instance, position.turn_player) and instance.id not in self.play_ids:
                self.play_ids.add(instance.id)
                self.entries.append(UnreadCard(
                    instance.card.name, instance.id,
                    f'whether it was Special Summoned this turn is not recorded (it was Gemini Summoned this turn), '
                    f'which "{asking.card.name}" ({asking.id}) asks of its material', _WITHHELD["play"]))
                self._scopes.append("play")
        # TRQ-2 (docs/tribute-rules.md): a grant of one Normal Summon without Tributing a turn per card ("Each turn, 1
        # Level 5 or higher Spellcaster monster you Normal Summon can be Summoned without Tributing.") is applied only
        # while it is certain to be left; when a Normal Summon of the turn may have spent every such card, the Normal
        # Summons without Tribute of the hand monsters it may cover are withheld.
        self.no_tribute_ids: set[str] = set()
        for granter, grant in uncertain_no_tribute_grants(position):
            hand = [i.id for i in position.instances.values() if i.player == position.turn_player
                    and i.location == "hand" and (i.card.level or 0) >= grant.level]
            if hand and not set(hand) <= self.no_tribute_ids:
                self.no_tribute_ids |= set(hand)
                self.entries.append(UnreadCard(granter.card.name, granter.id, grant.sentence, _NO_TRIBUTE_WITHHELD))
                self._scopes.append("no_tribute")

        # TRQ-6 (docs/tribute-rules.md): a procedure open "during the turn a Thunder monster's effect was activated in the
        # hand" is never offered (the history does not say where an activation was made); after an activation of a
        # monster of that Type this turn, by either player, it may be open: named, its procedure withheld.
        for instance in position.instances.values():
            opened = hand_activation_procedure(instance.card)
            if opened is None or instance.player != position.turn_player or instance.location != "extra_deck" \
                    or _face_up(instance) or not _activated_this_turn(position, opened[1]):
                continue
            self.entries.append(UnreadCard(instance.card.name, instance.id, opened[0], _PROCEDURE_WITHHELD))
            self._scopes.append("procedure")
        # ATQ-5 (docs/targeting-rules.md): a monster of the turn player's that attacks only the opponent's face-up monster
        # of the highest ATK, while one of those has no printed ATK ("?"): which is the highest is not decided here
        from ..cards.attacks import attack_rules
        shown = [o for o in position.instances.values() if o.player != position.turn_player
                 and o.location in ("monster_zone", "extra_monster_zone") and _face_up(o)]
        if any(o.card.atk is None for o in shown):
            for instance in position.instances.values():
                if instance.player == position.turn_player and instance.location in ("monster_zone", "extra_monster_zone") \
                        and attack_rules(instance.card).highest_atk_only and instance.id not in self.attack_ids:
                    self.attack_ids.add(instance.id)
                    self.entries.append(UnreadCard(instance.card.name, instance.id, HIGHEST_ATK_UNKNOWN, _WITHHELD["attack"]))
                    self._scopes.append("attack")

        # NGT-4, NGT-5 (docs/lock-rules.md): a read negation whose own card another negation covers, itself covered
        # (which of them applies is not decided here), refuses the position; a monster a negation may cover whose
        # text has a reading the encodings apply without asking whether it is negated withholds the plays using it.
        # EQP-4 (docs/material-rules.md): a lock that applies only while its card is equipped with a card of an
        # archetype, which the position cannot tell while a face-up Spell/Trap of that archetype is on the field
        for instance, sentence in equipped_locks_in_doubt(position):
            raise PysolverError(
                f"{instance.card.name!r} ({instance.id}) has a lock that applies while it is equipped with a card like a "
                f"face-up Spell/Trap of the position, and a position does not say what an Equip Card is equipped to "
                f"({sentence!r}), so no play of this position is certain; leave one of them out of the position to list "
                "the others")
        chained, blind_ids = uncertain_negations(position)
        if chained is not None:
            raise PysolverError(
                f"{chained.card.name!r} ({chained.id}) negates monsters' effects, and a card whose own effects may be "
                "negated may negate it: which negations apply is not decided, so no play of this position is certain; "
                "leave one of them out of the position to list the others")
        for instance_id in sorted(blind_ids - self.play_ids):
            instance = position.instances[instance_id]
            self.play_ids.add(instance_id)
            self.entries.append(UnreadCard(instance.card.name, instance_id, _BLIND_CLAUSE, _WITHHELD["play"]))
            self._scopes.append("play")

    def concerning(self, instance_id: str, action: str) -> list[UnreadCard]:
        """The entries that may withhold a play of kind `action` whose card is `instance_id` (pysolver why:
        such a play may be legal, so no rule says it is not): the instance's own clauses, the clauses of
        the cards such a play may use, Tribute, target or attack, and the locks on every attack or target."""
        found = []
        for entry, scope in zip(self.entries, self._scopes):
            scope, _, pendulum = scope.partition("+")
            own = entry.id == instance_id
            if pendulum and action == "pendulum_summon":
                found.append(entry)
            elif scope == "procedure":                    # TRQ-6: its own procedure
                if own and action == "procedure_summon":
                    found.append(entry)
            elif scope == "no_tribute":                   # TRQ-2: Normal Summons of the hand monsters it covers
                if action == "normal_summon" and instance_id in self.no_tribute_ids:
                    found.append(entry)
            elif scope == "only_one":
                if action in _SUMMONS or action == "activate":
                    found.append(entry)
            elif scope in ("all_attack", "attack"):   # its attacks, attacks on it, or every attack
                if action == "declare_attack":
                    found.append(entry)
            elif scope in ("all_battle", "battle"):
                if action in _CHANGES_POSITION or (action == "declare_attack"):
                    found.append(entry)
            elif scope in ("all_target", "target"):
                if action in ("activate", "declare_attack"):
                    found.append(entry)
            elif own or (scope == "play" and action not in ("change_position", "flip_summon", "enter_battle_phase",
                                                            "end_turn", "declare_attack")):
                found.append(entry)
        return found

    def __bool__(self) -> bool:
        return bool(self.entries)

    def keeps(self, play: Play) -> bool:
        uses = set(play.uses())
        if play.target and play.target != "direct":
            uses.add(play.target)
        if uses & self.play_ids:
            return False
        if {play.card, *(play.cards or ())} & self.summon_ids:
            return False
        if play.action == "normal_summon" and play.card in self.no_tribute_ids and not play.tributes:
            return False                                  # TRQ-2
        if self.only_one and play.action in _SUMMONS or (play.action == "activate" and self.only_one):
            if any(_named(self.position, i, what) for i in (play.card, *(play.cards or ()), play.target)
                   for what in self.only_one):
                return False
        if play.action == "declare_attack" and (self.all_attacks or uses & self.attack_ids):
            return False
        if play.action in _CHANGES_POSITION and (self.all_battle_positions or play.card in self.battle_ids):
            return False
        if play.target and play.target != "direct" and (self.all_targets or play.target in self.target_ids):
            return False
        if self.leaving_battle and play.action in ("enter_main2", "end_turn"):
            return False
        if play.action == "pendulum_summon" and together(self.position, play.cards) is not None:
            return False
        return not (self.pendulum and play.action == "pendulum_summon")

    def barred(self, action: str) -> tuple[set[str], set[str], set[str]]:
        """What `keeps` refuses in a play of kind `action`, per instance (pysolver picks): the instances no
        certain play uses at all, those that cannot be its card (or a card it Pendulum Summons), and
        those it cannot target."""
        summoning = action in _SUMMONS or action == "activate"
        named = {i for i in self.position.instances
                 if summoning and any(_named(self.position, i, what) for what in self.only_one)}
        cards = self.summon_ids | named | (self.no_tribute_ids if action == "normal_summon" else set())   # TRQ-2
        if self.pendulum and action == "pendulum_summon":
            cards = set(self.position.instances)
        targets = set(self.position.instances) if self.all_targets else self.target_ids | self.play_ids | named
        return set(self.play_ids), cards, targets

    def filter(self, plays) -> list[Play]:
        """The certain plays. A "You can only control 1 "X"" clause (rule 2) only ever forbids plays, so it
        stays listed in `entries` only when it withheld one of `plays` (else the answer is complete)."""
        kept, removed = [], []
        for play in plays:
            (kept if self.keeps(play) else removed).append(play)
        if self._restrictive:
            keep = [n for n in range(len(self.entries))
                    if n not in self._restrictive or any(self._forbids(n, play) for play in removed)]
            self.entries = [self.entries[n] for n in keep]
            self._scopes = [self._scopes[n] for n in keep]
            self._restrictive = {}
        self._must_attack_uncertain(removed)
        for play in removed:                  # UNQ-4: said once per card, only when it withheld a play
            card = together(self.position, play.cards) if play.action == "pendulum_summon" else None
            if card is not None and not any(e.id == card.id and e.withheld == _TOGETHER for e in self.entries):
                self.entries.append(UnreadCard(card.card.name, card.id, unique(card.card).sentence, _TOGETHER))
                self._scopes.append("pendulum_together")
        return kept

    def _must_attack_uncertain(self, removed) -> None:
        """BPO-1, BPO-2: the encoding refuses the phase moves while a monster that must attack can attack, which it
        decides without the unread text: when an entry withholds the attacks of such a monster (in Main Phase 1 any
        of its attacks), leaving the Battle Phase (or ending the turn without one) is not certain either: said so."""
        bound = must_attack_bound(self.position)
        if not bound:
            return
        phase = self.position.phase
        if phase == "battle":
            if not any(p.action == "declare_attack" and p.card in bound for p in removed):
                return
            said = "; leaving the Battle Phase"
        elif phase == "main1" and self.position.turn > 1:
            if not (self.all_attacks or bound & self.attack_ids):
                return
            said = "; ending the turn without a Battle Phase"
        else:
            return
        for n, (entry, scope) in enumerate(zip(self.entries, self._scopes)):
            if scope.partition("+")[0] in ("attack", "all_attack", "battle", "all_battle", "play") \
                    and said not in entry.withheld:
                self.entries[n] = UnreadCard(entry.card, entry.id, entry.clause, entry.withheld + said)

    def _forbids(self, n: int, play: Play) -> bool:
        """Whether the restrictive entry `n` may be what withheld `play`."""
        what, entry = self._restrictive[n], self.entries[n]
        target = play.target if play.target and play.target != "direct" else None
        if what is None:                       # rule 2, its own summons
            return entry.id in (play.card, *(play.cards or ()))
        if what == "all_attack":
            return play.action == "declare_attack"
        if what == "attack":
            return play.action == "declare_attack" and (entry.id in play.uses() or target == entry.id)
        if what == "all_battle":
            return play.action in ("declare_attack", *_CHANGES_POSITION)
        if what == "battle":
            return (play.action == "declare_attack" and (entry.id in play.uses() or target == entry.id)) \
                or (play.action in _CHANGES_POSITION and play.card == entry.id)
        if what == "all_target":
            return target is not None
        if what == "target":
            return target == entry.id
        return (play.action in _SUMMONS or play.action == "activate") and any(
            _named(self.position, i, what) for i in (play.card, *(play.cards or ()), play.target))



_PROCEDURE_WITHHELD = ("its Special Summon by its own procedure (whether the activation of this turn it needs was made in "
                       "the hand is not in the position)")


def _activated_this_turn(position: Position, race: str) -> bool:
    """TRQ-6: an activation event of this turn, by either player, of a monster card of that Type (or of a card pysolver
    does not know)."""
    for event in position.events:
        if "activate" in event:
            card = position.cards.get(event["activate"])
            if card is None or (card.is_monster and card.race == race):
                return True
    return False


_NO_TRIBUTE_WITHHELD = ("Normal Summons without Tributing of the hand monsters it may allow (a Normal Summon of this turn "
                        "may have used it)")


def uncertain_no_tribute_grants(position: Position) -> list:
    """TRQ-2: the turn player's cards with a grant of one Normal Summon without Tributing a turn, where their text
    applies, when a Normal Summon of this turn may have used every such card (the encodings apply the grant only while
    those cards outnumber the Normal Summons of the turn that may have used one), each (card, grant). Counted broadly
    here (every Normal Summon of the turn, whatever it summoned; any negation in the position makes it uncertain too),
    so that every case the encodings leave out is named."""
    granters = []
    for instance in position.instances.values():
        grant = no_tribute_grant(instance.card)
        if grant is None or instance.player != position.turn_player or not _face_up(instance):
            continue
        if instance.location in ("monster_zone", "extra_monster_zone") and own_effects_apply(instance) or \
                instance.location in ("spell_trap_zone", "field_zone") and not instance.card.is_monster:
            granters.append((instance, grant))
    if not granters or not _another_normal_summon_may_come(position):
        return []
    events = [e for e in position.events if "summon" in e and e["player"] == position.turn_player]
    unknown = position.normal_summon_used and not any(e["summon"] in ("normal", "set") for e in events)
    negation = any(negations(i.card) for i in position.instances.values())
    found = []
    for granter, grant in granters:
        # a Normal Summon that may have used it: of a monster of its Level or higher (its filter says "Level N or
        # higher"), or of a card pysolver does not know, or an unknown one
        spent = unknown + sum(e["summon"] == "normal" and ((c := position.cards.get(name)) is None
                                                            or (c.level or 0) >= grant.level)
                              for e in events for name in e["cards"])
        alike = sum(other.what == grant.what for _, other in granters)
        if spent and (alike <= spent or negation):
            found.append((granter, grant))
    return found


def _another_normal_summon_may_come(position: Position) -> bool:
    """TRQ-2: the turn player may still have a Normal Summon once one was made: an activation of theirs this turn may
    have granted one (Double Summon), or a card of theirs grants an additional one (NS-13, "After you Normal Summon
    this card, ..."), or a monster of either player's grants the turn player one (TRQ-5). Broad: it only decides
    whether an uncertain grant is named."""
    from ..cards.cardtext import pointed_summon_grant
    from ..cards.effects import read_clauses
    if any("activate" in e and e["player"] == position.turn_player for e in position.events):
        return True
    if any(pointed_summon_grant(instance.card) is not None for instance in position.instances.values()
           if instance.location in ("monster_zone", "extra_monster_zone")):
        return True
    return any(instance.player == position.turn_player and any(
        c.kind in ("extra_normal_summon_while", "extra_normal_summon_after", "extra_tribute_summon")
        for c in read_clauses(instance.card)) for instance in position.instances.values())


def stats_changer(position: Position) -> tuple[Instance, str] | None:
    """STM-2: a card in force whose continuous effect may change other monsters' ATK/DEF, with that sentence: face-up
    on the field, or in the GY when the sentence applies there."""
    for instance in position.instances.values():
        sentence = changes_others_stats(instance.card)
        if sentence and ((instance.location in _FIELD and _face_up(instance))
                         or (instance.location == "graveyard" and changes_others_stats_from_gy(instance.card))):
            return instance, sentence
    return None


def unread_in_turn(position: Position) -> list[str]:
    """The cards whose unread text may matter at some point of the turn (a line can bring a card from the
    hand or the Extra Deck to the field, where its clauses come into force): what the step-indexed turn,
    which has no partial answers, cannot certify lines about (pysolver.explore.plan). A clause about attacks
    cannot matter in a turn with no Battle Phase ahead: turn 1 (BP-1) or Main Phase 2."""
    deck_used = _deck_is_used(position)
    ahead = attacks_ahead(position)
    found = {instance.card.name for instance in position.instances.values()
             if _can_matter(instance, position, deck_used)
             and any(ahead or clause.scope != "attack" for clause in unread_clauses(instance.card))}
    # MAT-3: a monster whose own text sets its original ATK/DEF may come to the field, where its uses are withheld
    # while a card sets an ATK/DEF condition (Withheld)
    # STM-2: so may a card that changes other monsters' ATK/DEF
    if any(stat_terms(i.card) for i in position.instances.values()):
        found |= {instance.card.name for instance in position.instances.values()
                  if (own_original_stats(instance.card) or changes_others_stats(instance.card))
                  and _can_matter(instance, position, deck_used)}
    # SMT-4: "Special Summoned this turn" of a Gemini monster Gemini Summoned this turn is not recorded (the step-indexed
    # turn's summoned_this_turn says either Summon): a card asking it is not certain while a Gemini monster may be used
    from ..cards.written import gemini
    if any(gemini(i.card) is True and i.player == position.turn_player and _can_matter(i, position, deck_used)
           for i in position.instances.values()):
        found |= {i.card.name for i in position.instances.values() if i.player == position.turn_player
                  and i.location == "extra_deck" and asks_special_this_turn(i.card)}
    # TRQ-2: a grant of one Normal Summon without Tributing a turn per card, counted against every Normal Summon of the
    # turn whatever it summoned (a line's own Tribute Summon of such a monster too): lines with two Normal Summons may be
    # missed
    found |= {instance.card.name for instance in position.instances.values()
              if instance.player == position.turn_player and no_tribute_grant(instance.card) is not None
              and _can_matter(instance, position, deck_used)}
    # TRQ-6: a procedure open after an activation in the hand, which a line may make
    found |= {instance.card.name for instance in position.instances.values()
              if instance.player == position.turn_player and hand_activation_procedure(instance.card) is not None
              and _can_matter(instance, position, deck_used)}
    # UNQ-4: a card with an "only 1 X" rule and another X of the turn player, where a Pendulum Summon may
    # happen in the turn (a Pendulum card of theirs): a line may bring them out together
    mine = [i for i in position.instances.values() if i.player == position.turn_player]
    if any("pendulum" in i.card.kinds for i in mine):
        for instance in mine:
            rule = unique(instance.card)
            if rule is not None and sum("monster" in other.card.kinds and is_x(rule, instance.card, other.card)
                                        for other in mine) >= 2:
                found.add(instance.card.name)
    return sorted(found)
