"""Position x Play -> the next Position.

`apply` carries out a play it trusts to be legal (`pysolver.apply` checks it against the legal plays
first): cards move, the summoned monster takes the chosen zone and battle position, and the turn's
flags and history are updated. Only what the rules of summoning decide is simulated: the outcome of
a battle (damage, destruction) and the effects of activated cards are recorded, not carried out.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from ..errors import PysolverError
from ..cards.attacks import attack_rules
from ..cards.effects import activated_effects, contact_fusion, cost_action
from ..cards.extra_deck_text import alternative_xyz
from ..cards.cardtext import ritual_spell
from ..cards.replacements import banished_from_overlay, banished_on_leaving, deck_bottom_on_leaving, field_wide
from ..cards.negations import negated
from ..cards.requirements import Atom
from ..cards.written import gemini, tuner_for_user, tuner_if_material
from .history import activate_event, summon_event
from .play import Play
from .value import Monster, PileCard, Player, Position, SpellTrap

_PILES = ("hand", "deck", "extra_deck", "graveyard", "banished")
_SUMMON_METHOD = {"normal_summon": "normal", "set_monster": "set", "flip_summon": "flip",
                  "synchro_summon": "synchro", "xyz_summon": "xyz", "link_summon": "link", "ritual_summon": "ritual",
                  "fusion_summon": "fusion", "pendulum_summon": "pendulum"}


class _Board:
    """A mutable copy of both players' cards while one play is carried out."""

    def __init__(self, position: Position, leaving: frozenset = frozenset()):
        self.position = position
        self.granters = _granters(position, leaving)   # BAN-3: the field-wide replacements that apply
        self.players = [{key: list(value) if isinstance(value, tuple) else value
                         for key, value in vars(p).items()} for p in position.players]
        self.removed: set[tuple[int, str, int]] = set()
        self.events = list(position.events)
        self.shuffled: set[int] = set()     # the players whose Deck a card was shuffled into

    def take(self, instance_id: str):
        """Remove a card from where it is; return its state (Monster, SpellTrap, PileCard or Card)."""
        instance = self.position[instance_id]
        player = self.players[instance.player]
        location, index = instance.location, instance.index
        if location in _PILES:
            self.removed.add((instance.player, location, index))
            return player[location][index - 1]
        if location == "monster_zone":
            state, player["monster_zones"][index - 1] = player["monster_zones"][index - 1], None
        elif location == "extra_monster_zone":
            state, player["extra_monster_zones"][index - 1] = player["extra_monster_zones"][index - 1], None
        elif location == "spell_trap_zone":
            state, player["spell_trap_zones"][index - 1] = player["spell_trap_zones"][index - 1], None
        elif location == "field_zone":
            state, player["field_zone"] = player["field_zone"], None
        elif location == "pendulum_zone":   # Master Rule 3 (a Pendulum Scale paid as a cost: PRX-27 shuffles one)
            state, player["pendulum_zones"][index - 1] = player["pendulum_zones"][index - 1], None
        else:
            raise PysolverError(f"cannot move {instance_id} from {location}")
        return state

    def send_to_graveyard(self, player: int, state, origin: str | None = None) -> None:
        """A card is sent to the GY: Tokens vanish, a face-up monster whose text banishes it when it leaves the
        field is banished (BAN-1), a card a field-wide replacement takes is banished (BAN-3), Pendulum Monsters
        from the field go face-up to the Extra Deck instead (PEN-4), Xyz Materials go to the GY (XYZ-3; BAN-2,
        BAN-3: banished when a text says so). `origin`: "field", "hand_deck" or "extra_deck" (by default from
        the state: a Monster or a SpellTrap is on the field, a bare card in the hand or the Deck)."""
        pile = self.players[player]
        if origin is None:
            origin = "field" if isinstance(state, (Monster, SpellTrap)) else \
                "extra_deck" if isinstance(state, PileCard) else "hand_deck"
        if isinstance(state, Monster):
            if "token" not in state.card.kinds:
                if "banish_when_it_leaves" not in state.restrictions and _to_deck_bottom(state):
                    pile["deck"].append(state.card)   # SCY-1: before BAN-3 and PEN-4, a fresh card at the bottom
                elif "banish_when_it_leaves" in state.restrictions or _banished_leaving(state) \
                        or self.redirected(player, state.card, origin, monster=True):   # TOK-1, BAN-1, BAN-3
                    pile["banished"].append(PileCard(state.card, properly_summoned=state.properly_summoned))
                elif "pendulum" in state.card.kinds:
                    pile["extra_deck"].append(PileCard(state.card, face_up=True,
                                                       properly_summoned=state.properly_summoned))
                else:
                    pile["graveyard"].append(PileCard(state.card, properly_summoned=state.properly_summoned))
            self.detached(player, state.materials)
        else:
            card = state.card if isinstance(state, (SpellTrap, PileCard)) else state   # PileCard: from the Extra Deck
            banished = self.redirected(player, card, origin, monster=card.is_monster)   # BAN-3
            # (no play sends a Pendulum Scale to the GY: a cost never takes one, GYC-1)
            pile["banished" if banished else "graveyard"].append(PileCard(card))

    def detached(self, player: int, materials, origin: str = "overlay") -> None:
        """Xyz Materials sent to the GY (XYZ-3), in order; BAN-2, BAN-3: one a text takes is banished instead.
        `origin` "detached": detached as a cost (CTR-5), else lost with their Xyz Monster."""
        pile = self.players[player]
        for card in materials:
            banished = banished_from_overlay(card) or self.redirected(player, card, origin, card.is_monster)
            pile["banished" if banished else "graveyard"].append(PileCard(card))

    def redirected(self, player: int, card, origin: str, monster: bool) -> bool:
        """BAN-3: a field-wide replacement takes this card, sent to `player`'s GY from `origin`."""
        for replacement, controller in self.granters:
            if replacement.what == "monster" and not monster:
                continue
            if (replacement.gy == "own" and player != controller) or \
                    (replacement.gy == "opponent" and player == controller):
                continue
            if replacement.source != "any" and replacement.source != origin:
                continue
            return True
        return False

    def place_monster(self, player: int, zone: str, monster: Monster) -> None:
        side = self.players[player]
        if zone.startswith("EMZ"):
            side["extra_monster_zones"][0 if zone == "EMZL" else 1] = monster
        else:
            side["monster_zones"][int(zone[1:]) - 1] = monster

    def finish(self, **changes) -> Position:
        players = []
        for number, data in enumerate(self.players):
            for pile in _PILES:
                data[pile] = [card for i, card in enumerate(data[pile], 1)
                              if (number, pile, i) not in self.removed]
            if number in self.shuffled:   # SHF-1: a shuffled Deck's order is unknown; one fixed order for it
                data["deck"].sort(key=lambda card: card.passcode)
            players.append(Player(**{key: tuple(value) if isinstance(value, list) else value
                                     for key, value in data.items()}))
        return replace(self.position, players=tuple(players), events=tuple(self.events), **changes)


def apply(position: Position, play: Play, *, zone: str | None = None, battle_position: str | None = None,
          zones: dict[str, str] | None = None) -> Position:
    """Carry out `play` in `position` and return the next position.

    `zone` and `battle_position` choose among the play's `zones` and `positions` (default: the
    first listed); for a Pendulum Summon `zones` maps each card to its zone (default: the first
    free one of each, in order). The play is trusted to be legal.
    """
    if isinstance(play.zones, dict):
        if zone is not None:        # PEN-3: one zone per card; a single zone would be silently dropped
            raise PysolverError(f"a Pendulum Summon puts each card in a zone of its own: give zones, card -> "
                                f"zone (on the command line --zones {_zones_example(play)}), not one zone {zone!r}")
        unknown = sorted(set(zones or ()) - set(play.cards or ()))
        if unknown:
            raise PysolverError(f"{', '.join(unknown)} is not summoned by this Pendulum Summon; its cards are "
                                f"{', '.join(play.cards or ())}")
    elif zones:
        raise PysolverError("zones (card -> zone) are for a Pendulum Summon only; give this play one zone")
    zone = _choose(zone, play.zones, "zone") if not isinstance(play.zones, dict) else None
    battle_position = _choose(battle_position, play.positions, "battle position")
    board = _Board(position, _leaving(position, play, zone))
    me = position.turn_player
    action = play.action
    if action in ("normal_summon", "set_monster"):
        for tribute in play.tributes or ():
            board.send_to_graveyard(position[tribute].player, board.take(tribute))
        card = board.take(play.card)
        face_down = action == "set_monster"
        board.place_monster(me, zone, Monster(card, position="set" if face_down else "attack",
                                              summoned_this_turn=True, set_this_turn=face_down))
        board.events.append(summon_event(_SUMMON_METHOD[action], card.name, me, "hand"))
        return board.finish(normal_summon_used=True)
    if action in ("ritual_summon", "fusion_summon"):
        # RIT-3, FUS-1: Tributes/materials to the GY (Pendulum Monsters from the field to the Extra Deck),
        # the monster summoned properly, the Spell to the GY after it resolves.
        rule = ritual_spell(position[play.spell].card) if action == "ritual_summon" else None
        first_summoned = []     # RSP-4: the Spell's own Special Summon, recorded after its activation
        for material in _shuffle_order(position, play.materials):
            if rule is not None and rule.summon_first is not None and position[material].location in (
                    "hand", "deck", "graveyard"):
                # RSP-4: Special Summoned face-down first (from the hand, Deck or GY), then Tributed from the field
                origin = position[material].location
                state = board.take(material)
                card = state.card if isinstance(state, PileCard) else state
                board.send_to_graveyard(me, Monster(card, position="set", properly_summoned=getattr(
                    state, "properly_summoned", True)))
                first_summoned.append(summon_event("special", card.name, me, origin))
            elif position[material].location == "graveyard" and action == "fusion_summon":   # PRW-11: banished
                _contact_cost(position, board, material, "banish")
            elif position[material].location == "graveyard":   # RIT-3: "and/or banish/shuffle ... from your GY"
                where = ritual_spell(position[play.spell].card).graveyard_to
                _contact_cost(position, board, material, "banish" if where == "banished" else "shuffle")
            else:
                board.send_to_graveyard(position[material].player, board.take(material))
        spell = board.take(play.spell)
        board.send_to_graveyard(me, spell, origin="field")   # it resolved on the field
        effect = rule.effect_for(position[play.card].location) if rule is not None else 1   # RSP-3
        board.events.append(activate_event(position[play.spell].card.name, me, effect))   # the Spell's activation
        board.events.extend(first_summoned)
        summoned = board.take(play.card)
        card = summoned.card if isinstance(summoned, PileCard) else summoned
        # the hand, or the GY for a Ritual Spell that says "from your hand or GY"
        origin = position[play.card].location if action == "ritual_summon" else "extra_deck"
        used = _used_materials(position, play.materials) if action == "fusion_summon" else ()   # MUS-1
        board.place_monster(me, zone, Monster(card, position=battle_position, summoned_this_turn=True,
                                              summoned_as=_SUMMON_METHOD[action], special_summoned_from=origin,
                                              summon_materials=used))
        board.events.append(summon_event(_SUMMON_METHOD[action], card.name, me, origin))
        return board.finish()
    if action == "pendulum_summon":
        chosen = pendulum_assignment(play, zones)   # PEN-3: each card a zone of its own
        taken: set[str] = set()
        names = []
        for card_id in play.cards:
            options, target = play.zones[card_id], chosen.get(card_id)
            if target not in options or target in taken or (target.startswith("EMZ") and
                                                             any(z.startswith("EMZ") for z in taken)):
                raise PysolverError(f"zone {target!r} is not open to {card_id} in this Pendulum Summon; "
                                    f"choose one of {', '.join(options)} not used by another card")
            taken.add(target)
            state = board.take(card_id)
            card = state.card if isinstance(state, PileCard) else state
            board.place_monster(me, target, Monster(card, position=battle_position, summoned_this_turn=True,
                                                    summoned_as="pendulum",   # MAT-7: the hand or Extra Deck
                                                    special_summoned_from=position[card_id].location))
            names.append(card.name)
        # One event for the one summon; it came from the Extra Deck if any of its monsters did.
        origin = "extra_deck" if any(position[i].location == "extra_deck" for i in play.cards) else "hand"
        board.events.append(summon_event("pendulum", names, me, origin))
        return board.finish(pendulum_summon_used=True)
    if action == "procedure_summon":
        return _procedure_summon(position, play, board, zone, battle_position)
    if action == "activate":
        return _activate(position, play, board, zone, battle_position)
    if action == "activate_scale":
        card = board.take(play.card)
        scale = SpellTrap(card)
        if play.zone.startswith("PZ"):
            board.players[me]["pendulum_zones"][0 if play.zone == "PZL" else 1] = scale
        else:
            board.players[me]["spell_trap_zones"][int(play.zone[1:]) - 1] = scale
        board.events.append(activate_event(card.name, me, 0))   # activating the card itself (ZN-7)
        return board.finish()
    if action in ("synchro_summon", "xyz_summon", "link_summon"):
        overlay = []
        # XYZ-4: one material on an Xyz Monster with an alternative procedure is that procedure; the
        # monster used carries its own materials over (its lines always ask for 2 or more materials)
        alternative = action == "xyz_summon" and len(play.materials) == 1 and \
            alternative_xyz(position[play.card].card) is not None
        if alternative:   # AXZ-1, AXZ-2: the hand card to the GY, the detached materials to the GY, first
            _pay_costs(position, board, play.cost or ())
        for material in play.materials:
            state = board.take(material)
            if alternative:
                overlay.extend(state.materials)
                overlay.append(state.card)
            elif action == "xyz_summon":  # XYZ-3: attached; an Xyz material's own materials go to the GY
                overlay.append(state.card)
                board.detached(position[material].player, state.materials)
            else:
                board.send_to_graveyard(position[material].player, state)
        card = board.take(play.card).card
        using = tuner_if_material(card) if action == "synchro_summon" else None   # MTX-4: an archetype
        tuner = isinstance(using, Atom) and any(position[m].card.in_archetype(using.value) for m in play.materials)
        tuner = tuner or (action == "synchro_summon" and any(tuner_for_user(position[m].card)   # MUS-4
                                                               for m in play.materials))
        board.place_monster(me, zone, Monster(card, position=battle_position, summoned_this_turn=True,
                                              materials=tuple(overlay), summoned_as=_SUMMON_METHOD[action],
                                              treated_as_tuner=tuner,
                                              summon_materials=_used_materials(position, play.materials)))
        board.events.append(summon_event(_SUMMON_METHOD[action], card.name, me, "extra_deck",
                                         alternative=alternative))
        return board.finish()
    if action == "gemini_summon":   # GEM-2: a second Normal Summon of the face-up monster, where it stands
        instance = position[play.card]
        _replace_monster(board, instance, gemini_summoned=True, summoned_this_turn=True)
        board.events.append(summon_event("normal", instance.card.name, me, "field"))
        return board.finish(normal_summon_used=True)
    if action == "flip_summon":
        instance = position[play.card]
        _replace_monster(board, instance, position="attack", position_changed=True, flip_summoned=True)
        board.events.append(summon_event("flip", instance.card.name, me, "field"))
        return board.finish()
    if action == "change_position":
        _replace_monster(board, position[play.card], position=play.to, position_changed=True)
        return board.finish()
    if action == "declare_attack":
        instance = position[play.card]
        state = instance.state     # BP-2, BP-5: one more attack; whether it was a direct one
        attacked_monsters = state.attacked_monsters   # BP-12: the monster attacked, by a monster that can
        if play.target != "direct" and attack_rules(instance.card).attack_all:   # attack each of them once
            attacked_monsters = tuple(sorted({*attacked_monsters, play.target[1:]}))
        _replace_monster(board, instance, attacked=state.attacked + 1, attacked_monsters=attacked_monsters,
                         attacked_directly=state.attacked_directly or play.target == "direct")
        cost = attack_rules(instance.card).attack_lp_cost   # BPX-15: paid while its text applies (BP-3)
        if cost and "effects_negated" not in state.restrictions \
                and not (gemini(instance.card) is True and not state.gemini_summoned) \
                and instance.id not in negated(position):     # NGT-1
            board.players[me]["lp"] -= cost
        _pay_costs(position, board, play.cost or ())   # ATQ-4: the Extra Deck card its text sends to the GY
        return board.finish()
    if action == "set_spell_trap":
        card = board.take(play.card)
        side = board.players[me]
        if zone == "FZ":
            if side["field_zone"] is not None:  # a new Field Spell replaces the old one
                board.send_to_graveyard(me, side["field_zone"])
            side["field_zone"] = SpellTrap(card, position="set", set_this_turn=True)
        else:
            side["spell_trap_zones"][int(zone[1:]) - 1] = SpellTrap(card, position="set", set_this_turn=True)
        return board.finish()
    if action == "enter_battle_phase":
        return board.finish(phase="battle")
    if action == "enter_main2":       # BP-12: the Battle Phase is over, so are the monsters attacked in it
        for side in board.players:
            for key in ("monster_zones", "extra_monster_zones"):
                side[key] = [None if m is None else replace(m, attacked_monsters=()) for m in side[key]]
        return board.finish(phase="main2")
    if action == "end_turn":
        return _next_turn(position)
    raise PysolverError(f"apply does not know the action {action!r}")


def _pay_costs(position: Position, board: _Board, costs) -> None:
    """Banish from the GY; discard or send from the hand; Tribute from either field; detach."""
    for cost in costs:
        instance = position[cost]
        if instance.location == "overlay":
            host = position[instance.host]
            side = board.players[host.player]
            key = "monster_zones" if host.location == "monster_zone" else "extra_monster_zones"
            monster = side[key][host.index - 1]
            card = instance.card   # by card: an earlier detach of the same play moved the later ones up (AXZ-2)
            remaining = list(monster.materials)
            remaining.remove(card)
            side[key][host.index - 1] = replace(monster, materials=tuple(remaining))
            board.detached(host.player, (card,), origin="detached")   # BAN-2, CTR-5
            continue
        state = board.take(cost)
        if instance.location == "graveyard":
            board.players[instance.player]["banished"].append(state)
        else:
            board.send_to_graveyard(instance.player, state)


def _procedure_summon(position: Position, play: Play, board: _Board, zone: str, battle_position: str) -> Position:
    """SP-1: the costs are paid (banished from where they are when the procedure says "banishing", shuffled
    into the Deck when it says "shuffling" -- in passcode order, as `_shuffle_order` -- else GY cards banished
    and the others sent to the GY), the monster comes out of the hand or the GY properly summoned (to the
    opponent's field for Lava Golem); it starts no chain. A Contact Fusion (SP-1, SP-2): the monster comes from
    the Extra Deck and its cards go where its text says (`_contact_cost`)."""
    me = position.turn_player
    contact = contact_fusion(position[play.card].card) if position[play.card].location == "extra_deck" else None
    origin = position[play.card].location   # hand, graveyard ("(from your hand or GY)") or extra_deck
    if contact is None:
        actions = {cost: cost_action(position[play.card].card, _place(position, cost)) for cost in play.cost}
        shuffled = [cost for cost in play.cost if actions[cost] == "shuffle"]
        for cost in [cost for cost in play.cost if cost not in shuffled] + _shuffle_order(position, shuffled):
            action = actions[cost]
            if action is not None:   # "banishing ... from your hand / Deck / face-up field / GY", "shuffling ..."
                _contact_cost(position, board, cost, action)
            else:
                _pay_costs(position, board, (cost,))
    else:
        for cost in _shuffle_order(position, play.cost):
            _contact_cost(position, board, cost, contact.action)
    state = board.take(play.card)
    card = state.card if isinstance(state, PileCard) else state
    owner_side = 1 - me if zone.startswith("o") else me
    used = _used_materials(position, play.cost) if contact is not None else ()   # MUS-1: a Contact Fusion's
    board.place_monster(owner_side, zone.lstrip("o"), Monster(card, position=battle_position, summoned_this_turn=True,
                                                              special_summoned_from=origin,   # MAT-7
                                                              summon_materials=used))
    board.events.append(summon_event("procedure", card.name, me, origin))
    return board.finish()


def _used_materials(position: Position, ids) -> tuple:
    """MUS-1: the materials of a Summon, each (card, where it was: "field" for either player's field),
    in passcode order (which copy was used never changes the position)."""
    used = []
    for material in ids:
        instance = position[material]
        where = instance.location if instance.location in ("hand", "deck", "extra_deck", "graveyard", "banished") \
            else "field"
        used.append((instance.card, where))
    return tuple(sorted(used, key=lambda pair: (pair[0].passcode, pair[1])))


def _place(position: Position, cost: str) -> str:
    """Where a procedure's cost card is, in the words of `effects.CostSlot.places`."""
    instance = position[cost]
    if instance.location in ("hand", "graveyard", "deck", "extra_deck", "banished"):
        return instance.location
    return "field" if instance.player == position.turn_player else "opponent_field"


def _shuffle_order(position: Position, ids) -> list[str]:
    """The cards of one play in passcode order: one fixed order keeps identical copies interchangeable
    (which copy paid never changes the position); a Deck shuffled into is then sorted whole (SHF-1)."""
    return sorted(ids, key=lambda i: position[i].card.passcode)


def _contact_cost(position: Position, board: _Board, cost: str, action: str) -> None:
    """One card of a Contact Fusion: sent to the GY or Tributed (as any card leaving for the GY: PEN-4,
    XYZ-3, Tokens vanish), banished face-up (a monster keeps whether it was properly summoned) or shuffled
    into the Deck (an Extra Deck monster into the face-down Extra Deck, a fresh card there). A Token
    banished or shuffled ceases to exist; an Xyz Monster's materials go to the GY."""
    instance = position[cost]
    state = board.take(cost)
    if action in ("send", "tribute"):
        board.send_to_graveyard(instance.player, state)
        return
    pile = board.players[instance.player]
    card = state.card if isinstance(state, (Monster, PileCard, SpellTrap)) else state   # PRX-8: a Spell or Trap
    if isinstance(state, Monster):
        board.detached(instance.player, state.materials)
        if "token" in card.kinds:
            return
        if _banished_leaving(state):   # BAN-1: shuffled into the Deck, it is banished instead
            action = "banish"
        elif "banish_when_it_leaves" not in state.restrictions and _to_deck_bottom(state):
            pile["deck"].append(card)   # SCY-1: banished or shuffled, it goes to the bottom of the Deck (unshuffled)
            return
    if action == "banish":
        pile["banished"].append(PileCard(card, properly_summoned=getattr(state, "properly_summoned", True)))
    elif card.kinds & {"fusion", "synchro", "xyz", "link"}:
        pile["extra_deck"].append(PileCard(card))
    else:
        pile["deck"].append(card)
        board.shuffled.add(instance.player)


def _activate(position: Position, play: Play, board: _Board, zone: str | None, battle_position: str | None):
    """Activate a modelled effect: pay its costs, carry out its resolution (a revival, Tokens, an
    additional Normal Summon) and record it. An effect whose resolution pysolver does not model is
    recorded with `simulated: false` in the history: the position does not show its result."""
    me = position.turn_player
    instance = position[play.card]
    effect = next(e for e in activated_effects(instance.card) if e.number == play.effect)
    _pay_costs(position, board, play.cost)
    if effect.lp_cost:
        board.players[me]["lp"] -= effect.lp_cost
    target = position[play.target] if play.target and play.target != "direct" else None
    if instance.card.is_spell_trap and not instance.card.is_monster:
        state = board.take(play.card)
        card = state.card if isinstance(state, SpellTrap) else state
        stays = "continuous" in card.kinds or "equip" in card.kinds
        if stays:   # a Continuous Trap or an Equip Spell stays face-up on the field
            slot = instance.index - 1 if instance.location == "spell_trap_zone" else \
                board.players[me]["spell_trap_zones"].index(None)
            board.players[me]["spell_trap_zones"][slot] = SpellTrap(card)
        else:
            board.send_to_graveyard(me, card, origin="field")   # it resolved on the field
    board.events.append(activate_event(instance.card.name, me, effect.number, target=target.card.name if target else None,
                                       simulated=effect.simulated))
    if effect.summons == "token":
        count, token_name = effect.tokens
        token = position.cards[token_name]
        free = [z for z in range(1, 6) if board.players[me]["monster_zones"][z - 1] is None]
        if zone is not None:   # the first Token to the zone chosen, the others to the first free ones
            free.remove(int(zone[1:]))
            free.insert(0, int(zone[1:]))
        for z in free[:count]:
            board.place_monster(me, f"M{z}", Monster(token, position=effect.position or "defense",
                                                     summoned_this_turn=True, restrictions=effect.restrictions))
        board.events.append(summon_event("special", [token.name] * count, me, "token"))
    elif effect.summons in ("graveyard", "self_from_graveyard"):
        revived = target if effect.summons == "graveyard" else instance
        entry = board.take(revived.id)
        board.place_monster(me, zone, Monster(entry.card, position=battle_position, summoned_this_turn=True,
                                              special_summoned_from=position[revived.id].location,   # MAT-7
                                              properly_summoned=entry.properly_summoned,
                                              restrictions=effect.restrictions))   # TOK-1
        board.events.append(summon_event("special", entry.card.name, me, "graveyard"))
    return board.finish()


def _leaving(position: Position, play: Play, zone: str | None) -> frozenset:
    """BAN-3: the cards this play takes off the field -- Tributes, materials, costs, the Spell, a Field Spell
    replaced. A card leaving is sent with the others (the engine turns its effects off first), so its
    field-wide replacement does not apply in this play. An Xyz Summon's materials are attached after every
    card the summon sends (the materials' own materials, the costs), so they do not count."""
    ids = set(play.tributes or ()) | set(play.cost or ()) | ({play.spell} if play.spell else set())
    if play.action != "xyz_summon":
        ids |= set(play.materials or ())
    if play.action == "set_spell_trap" and zone == "FZ":
        ids.add("FZ")
    return frozenset(ids)


def _granters(position: Position, leaving: frozenset) -> list:
    """BAN-3: (replacement, controller) of every field-wide replacement that applies: its card face-up on the
    field (a monster: in a Monster Zone, in an Extra Monster Zone for "While this card is in the Extra Monster
    Zone", its effects not negated (TOK-1, NGT-1); a Spell or Trap: face-up in its zone) and staying there in this play."""
    found, off = [], negated(position)
    for instance in position.instances.values():
        state = instance.state
        if state is None or instance.id in leaving:
            continue
        replacements = field_wide(instance.card)
        if not replacements:
            continue
        if isinstance(state, Monster):
            if instance.location not in ("monster_zone", "extra_monster_zone") or state.position == "set" \
                    or "effects_negated" in state.restrictions or instance.id in off:   # NGT-1
                continue
        elif not (isinstance(state, SpellTrap) and instance.location in ("spell_trap_zone", "field_zone")
                  and state.position == "face_up"):
            continue
        found.extend((r, instance.player) for r in replacements
                     if r.where == "field" or instance.location == "extra_monster_zone")
    return found


def _to_deck_bottom(monster: Monster) -> bool:
    """SCY-1: "If this face-up Special Summoned card leaves the field, return it to the bottom of the Deck." -- a
    face-up monster that was Special Summoned: the position says how (`summoned_as`) or from where
    (`special_summoned_from`), or its kind comes to the field no other way ("Cannot be Normal Summoned/Set", an
    Extra Deck or Ritual Monster, a Trap Monster)."""
    if monster.position == "set" or not deck_bottom_on_leaving(monster.card):
        return False
    return bool(monster.summoned_as or monster.special_summoned_from or monster.card.kinds & {
        "trap_monster", "fusion", "synchro", "xyz", "link", "ritual", "special_summon"})


def _banished_leaving(monster: Monster) -> bool:
    """BAN-1: "If this face-up card would leave the field, banish it instead." -- a face-up monster."""
    return monster.position != "set" and banished_on_leaving(monster.card)


def _zones_example(play: Play) -> str:
    chosen = pendulum_assignment(play)
    return ",".join(f"{card}={zone}" for card, zone in chosen.items())


def pendulum_assignment(play: Play, given: Mapping[str, str] | None = None) -> dict[str, str]:
    """The first complete assignment of zones to the cards of a Pendulum Summon (PEN-3: each card its own
    zone among its `zones`, at most one Extra Monster Zone), keeping the zones `given`. Taking each card's
    first free zone in turn is not enough: a hand monster may take the only linked zone an Extra Deck
    monster could use. Returns the greedy partial choice when no complete assignment exists."""
    given = dict(given or {})
    cards = list(play.cards or ())

    def search(k: int, taken: dict[str, str]) -> dict[str, str] | None:
        if k == len(cards):
            return dict(taken)
        card = cards[k]
        options = [given[card]] if card in given else list(play.zones.get(card, ()))
        emz_taken = any(zone.startswith("EMZ") for zone in taken.values())
        for zone in options:
            if zone in taken.values() or (emz_taken and zone.startswith("EMZ")):
                continue
            taken[card] = zone
            found = search(k + 1, taken)
            if found is not None:
                return found
            del taken[card]
        return None

    found = search(0, {})
    if found is not None:
        return found
    greedy: dict[str, str] = {}
    for card in cards:
        target = given.get(card) or next((z for z in play.zones.get(card, ()) if z not in greedy.values()), None)
        if target is not None:
            greedy[card] = target
    return greedy


def _replace_monster(board: _Board, instance, **changes) -> None:
    side = board.players[instance.player]
    key = "monster_zones" if instance.location == "monster_zone" else "extra_monster_zones"
    side[key][instance.index - 1] = replace(side[key][instance.index - 1], **changes)


def _choose(choice: str | None, options, what: str) -> str | None:
    if not options:
        return None
    if choice is None:
        return options[0]
    if choice not in options:
        raise PysolverError(f"{what} {choice!r} is not open to this play; choose one of {', '.join(options)}")
    return choice


def _next_turn(position: Position) -> Position:
    """The turn ends: the other player's turn begins in Main Phase 1 after drawing a card.
    Every 'this turn' flag is cleared."""
    def fresh(monster: Monster | None) -> Monster | None:
        if monster is None:
            return None
        return replace(monster, summoned_this_turn=False, set_this_turn=False, position_changed=False, flip_summoned=False,
                       attacked=0, attacked_directly=False, attacked_monsters=())

    def fresh_spell(card: SpellTrap | None) -> SpellTrap | None:
        return None if card is None else replace(card, set_this_turn=False)

    players = []
    for player in position.players:
        players.append(replace(player, monster_zones=tuple(map(fresh, player.monster_zones)),
                               extra_monster_zones=tuple(map(fresh, player.extra_monster_zones)),
                               spell_trap_zones=tuple(map(fresh_spell, player.spell_trap_zones)),
                               field_zone=fresh_spell(player.field_zone),
                               pendulum_zones=tuple(map(fresh_spell, player.pendulum_zones))))
    nxt = 1 - position.turn_player
    drawer = players[nxt]
    if drawer.deck:
        players[nxt] = replace(drawer, hand=drawer.hand + drawer.deck[:1], deck=drawer.deck[1:])
    return replace(position, players=tuple(players), turn=position.turn + 1, phase="main1", turn_player=nxt,
                   normal_summon_used=False, pendulum_summon_used=False, events=())
