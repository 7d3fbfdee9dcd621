"""The reference applier: Position x Play -> the next Position, written again from the rules.

This is the second opinion on `pysolver.apply`, as `pysolver.reference` is on the solver: perft runs
the pair (`reference.legal_plays`, this `apply`) against (the solver, `pysolver.apply`), and the tests
compare the positions the two appliers reach. It is written from RULES.md and docs/position-format.md,
in plain Python, and must not import `pysolver.position.apply` or anything of `pysolver.solve`, or read
`asp/` (tests/test_imports.py checks it). It reads card data only through `pysolver.cards.cardtext`,
`pysolver.cards.effects` and `pysolver.cards.extra_deck_text` and builds the position's data classes (`pysolver.position`).

What a play does (rule ids of RULES.md):

- Normal Summon / Set (NS-1..NS-5): the Tributes leave the field (below), the monster goes from the hand
  to the chosen zone, face-up Attack or face-down Defense, "summoned this turn" (and "Set this turn");
  the Normal Summon of the turn is used.
- Leaving the field for the GY: a Token ceases to exist; a face-up monster whose text says "If this face-up
  card would leave the field, banish it instead." is banished face-up (BAN-1, docs/replacement-rules.md: also
  when it is shuffled into the Deck as a cost, not when it becomes an Xyz Material); a Pendulum Monster goes
  face-up to the Extra Deck instead (PEN-4); an Xyz Monster's materials go to the GY with it (XYZ-3), except
  one whose text banishes it as an Xyz Material (BAN-2). A field-wide "any card sent to the GY is banished
  instead" (BAN-3) of a card face-up on the field that stays there during the play banishes every card it
  names that the play sends to the GY (from the field, the hand, the Deck, the Extra Deck or an Xyz Monster).
  Cards go to their controller's piles (a position does not record owners).
- Ritual and Fusion Summons (RIT-1..3, FUS-1..3): the Spell is activated (recorded as an activation of
  its effect 1: it is a card activation, which OATH-1 "cannot activate other cards" reads), the
  Tributes/materials go to the GY (from the hand, the field or, for Advanced Ritual Art, the Deck), the
  Spell goes to the GY, the monster comes out properly summoned in the chosen zone and position.
- Synchro and Link Summons (SYN-4, LNK-1): materials to the GY. Xyz Summon (XYZ-3): materials attached
  under the new monster; an Xyz material's own materials go to the GY, except by an alternative
  procedure written on the card (XYZ-4, one material): they are carried over to the new monster.
- Pendulum Summon (PEN-1, PEN-3): every card to its own zone (given, else the first zones, card by card,
  that let every card have one), one battle position for all; the Pendulum Summon of the turn is used;
  one summon event (from the Extra Deck when any card came from there, else the hand).
- A summoning procedure (SP-1): the costs are paid (shuffled into the Deck when it says "shuffling";
  banished from the hand, the Deck, the field or the GY when the
  text says "banishing"; otherwise GY cards banished, hand cards and Tributes to the GY), the monster comes
  from the hand or the GY ("(from your hand or GY)") and goes to the chosen zone (the opponent's field for a zone `oM..`). A Contact Fusion from
  the Extra Deck (SP-1, SP-2): its cards are banished face-up, shuffled into the Deck (an Extra Deck monster
  into the face-down Extra Deck), sent to the GY or Tributed (to the GY, as above), as its text says; the
  summon event is a "procedure" summon from the Extra Deck.
- An activation: its costs (detach to the GY, banish from the GY), its LP cost; a Spell/Trap from the
  hand or its zone goes to the GY afterwards, except Continuous and Equip cards, which stay face-up (in
  their zone, or the first free Spell & Trap Zone when activated from the hand). The resolution pysolver
  models: revive the target (or the card itself) from the GY in the chosen zone and position, or make
  Tokens (the chosen zone first, then the free Main Monster Zones in order). Other resolutions are
  recorded only (`simulated: false` in the history, as the history format says).
- A Pendulum Scale (ZN-7): from the hand face-up into the play's zone.
- Flip Summon (FS-1): face-up Attack Position, its position changed this turn. A change of position
  (POS-1): the new position, changed this turn. An attack (BP-2, BP-5): one more attack declared by the
  monster, and whether it attacked directly; for a monster whose text lets it attack each of the
  opponent's monsters once (BP-12), the monster it attacked, forgotten when the Battle Phase ends.
- Setting a Spell/Trap: face-down in the chosen zone, Set this turn; a Field Spell replaces the one in
  the Field Zone (the old one goes to the GY).
- Phases: to the Battle Phase, to Main Phase 2; the end of the turn passes it to the other player in
  Main Phase 1 after drawing a card, with every "this turn" flag and the history cleared.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from ..cards.attacks import attack_rules
from ..cards.effects import activated_effects, contact_fusion, procedures
from ..cards.extra_deck_text import alternative_xyz
from ..cards.cardtext import ritual_spell
from ..cards.replacements import banish_instead, deck_bottom_on_leaving
from ..cards.written import gemini, tuner_for_user, tuner_if_material
from ..errors import PysolverError
from ..position.play import Play
from ..position.value import Monster, PileCard, Player, Position, SpellTrap

_PILES = ("hand", "deck", "extra_deck", "graveyard", "banished")
_GONE = None   # a pile entry that left during the play (removed when the play is done)


class _Side:
    """One player's cards while a play is carried out: plain lists."""

    def __init__(self, player: Player):
        self.lp = player.lp
        self.piles = {name: list(getattr(player, name)) for name in _PILES}
        self.monsters = list(player.monster_zones)
        self.extra_monsters = list(player.extra_monster_zones)
        self.spells = list(player.spell_trap_zones)
        self.field = player.field_zone
        self.pendulums = list(player.pendulum_zones)
        self.shuffled = False       # a card was shuffled into this Deck: its order is unknown (SHF-1)

    def frozen(self) -> Player:
        piles = {name: [c for c in cards if c is not _GONE] for name, cards in self.piles.items()}
        if self.shuffled:           # SHF-1: the whole Deck in passcode order, whatever order it had
            piles["deck"].sort(key=lambda card: card.passcode)
        return Player(lp=self.lp, **{name: tuple(cards) for name, cards in piles.items()},
                      monster_zones=tuple(self.monsters), extra_monster_zones=tuple(self.extra_monsters),
                      spell_trap_zones=tuple(self.spells), field_zone=self.field, pendulum_zones=tuple(self.pendulums))


class _Duel:
    def __init__(self, position: Position, play: Play | None = None, zone: str | None = None):
        self.position = position
        self.me = position.turn_player
        self.replacing = _replacing(position, play, zone)   # BAN-3
        self.sides = [_Side(player) for player in position.players]
        self.events: list = list(position.events)

    # ---------------------------------------------------------------- where cards are
    def _where(self, instance_id: str):
        """(player, location, index) of an instance id, read from the id itself (docs: instance ids)."""
        theirs = instance_id.startswith("o")
        body = instance_id[1:] if theirs else instance_id
        player = 1 - self.me if theirs else self.me
        head, _, unit = body.partition(".")
        if unit:
            return player, "overlay", (head, int(unit))
        for prefix, location in (("EMZL", "emz"), ("EMZR", "emz"), ("FZ", "field"), ("PZL", "pz"), ("PZR", "pz")):
            if head == prefix:
                return player, location, {"EMZL": 0, "EMZR": 1, "FZ": 0, "PZL": 0, "PZR": 1}[prefix]
        for prefix, location in (("GY", "graveyard"), ("BN", "banished"), ("ED", "extra_deck"), ("DK", "deck"),
                                 ("H", "hand"), ("M", "monster"), ("S", "spell")):
            if head.startswith(prefix) and head[len(prefix):].isdigit():
                return player, location, int(head[len(prefix):]) - 1
        raise PysolverError(f"reference apply: cannot read the instance id {instance_id!r}")

    def remove(self, instance_id: str):
        """Take a card from where it is; return (player, where it was, its state)."""
        player, location, index = self._where(instance_id)
        side = self.sides[player]
        if location in _PILES:
            state = side.piles[location][index]
            if state is _GONE:
                raise PysolverError(f"reference apply: {instance_id} is used twice")
            side.piles[location][index] = _GONE
        elif location == "monster":
            state, side.monsters[index] = side.monsters[index], None
        elif location == "emz":
            state, side.extra_monsters[index] = side.extra_monsters[index], None
        elif location == "spell":
            state, side.spells[index] = side.spells[index], None
        elif location == "field":
            state, side.field = side.field, None
        elif location == "pz":
            state, side.pendulums[index] = side.pendulums[index], None
        else:
            raise PysolverError(f"reference apply: cannot take {instance_id} from {location}")
        if state is None:
            raise PysolverError(f"reference apply: there is no card at {instance_id}")
        return player, location, state

    def detach(self, instance_id: str) -> None:
        """An Xyz Material leaves its monster for the GY (a cost)."""
        player, _, (host, unit) = self._where(instance_id)
        side = self.sides[player]
        if host.startswith("EMZ"):
            slot, zones = (0 if host == "EMZL" else 1), side.extra_monsters
        else:
            slot, zones = int(host[1:]) - 1, side.monsters
        monster = zones[slot]
        materials = list(monster.materials)
        # the card the id names in the position (an earlier detach of the same play moved the later ones up)
        card = self.position.instances[instance_id].card
        materials.remove(card)
        zones[slot] = replace(monster, materials=tuple(materials))
        self.materials_to_graveyard(player, (card,), came_from="detached")

    def materials_to_graveyard(self, player: int, cards, came_from: str = "overlay") -> None:
        """Xyz Materials sent to the GY, one by one (XYZ-3); BAN-2: an Xyz Material whose text says "If this
        card is an Xyz Material and would be sent to the GY, banish it instead." is banished face-up. `came_from`
        "detached": detached as a cost (CTR-5: "Any Xyz Material detached from a monster is banished instead"),
        "overlay": lost because its Xyz Monster left the field or became an Xyz Material."""
        for card in cards:
            banished = any(r.kind == "overlay" for r in banish_instead(card)) or \
                self.banished_instead(player, card, came_from, "monster" in card.kinds)   # BAN-3
            self.sides[player].piles["banished" if banished else "graveyard"].append(PileCard(card))

    def banished_instead(self, player: int, card, came_from: str, monster: bool) -> bool:
        """BAN-3: a field-wide "Any card/monster sent (from ...) to the/your/your opponent's GY is banished
        instead" that applies now takes the card sent to `player`'s GY from `came_from` (field, overlay, hand,
        deck, extra_deck): "the field" is a Monster, Spell & Trap, Field or Pendulum Zone (not an Xyz Material);
        "the hand or Main Deck" the hand or the Deck."""
        for rule, owner in self.replacing:
            whose = {"any": True, "own": player == owner, "opponent": player != owner}[rule.gy]
            where = {"any": True, "field": came_from == "field",
                     "hand_deck": came_from in ("hand", "deck"), "detached": came_from == "detached"}[rule.source]
            if whose and where and (rule.what == "card" or monster):
                return True
        return False

    # ---------------------------------------------------------------- moving cards
    def to_graveyard(self, player: int, location: str, state) -> None:
        """A card is sent to the GY from wherever it was."""
        pile = self.sides[player].piles
        # where it is sent from, for BAN-3: a Monster or a Spell/Trap state is on the field (a Spell that resolved
        # from the hand was on the field too), an Extra Deck card a pile card, else the hand or the Deck
        came_from = "field" if isinstance(state, (Monster, SpellTrap)) else \
            "extra_deck" if location == "extra_deck" else location
        if isinstance(state, Monster):          # it leaves the field
            if "token" in state.card.kinds:
                pass                            # a Token ceases to exist
            elif _returns_to_deck_bottom(state):   # SCY-1: to the bottom of the Deck, a fresh card there
                pile["deck"].append(state.card)
            # TOK-1: its summoning effect banishes it; BAN-1: its own text does; BAN-3: a field-wide replacement
            # does (each before PEN-4 applies)
            elif "banish_when_it_leaves" in state.restrictions or _leaves_for_banishment(state) or \
                    self.banished_instead(player, state.card, came_from, True):
                pile["banished"].append(PileCard(state.card, properly_summoned=state.properly_summoned))
            elif "pendulum" in state.card.kinds:
                pile["extra_deck"].append(PileCard(state.card, face_up=True, properly_summoned=state.properly_summoned))
            else:
                pile["graveyard"].append(PileCard(state.card, properly_summoned=state.properly_summoned))
            self.materials_to_graveyard(player, state.materials)
        elif self.banished_instead(player, _card_of(state), came_from, "monster" in _card_of(state).kinds):
            pile["banished"].append(PileCard(_card_of(state)))   # BAN-3: a Spell/Trap or a card off the field
        elif isinstance(state, SpellTrap):      # never a Pendulum Scale: no cost takes one (GYC-1)
            pile["graveyard"].append(PileCard(state.card))
        elif isinstance(state, PileCard):
            pile["graveyard"].append(PileCard(state.card, properly_summoned=state.properly_summoned))
        else:                                   # a card from the hand or the Deck
            pile["graveyard"].append(PileCard(state))

    def send(self, instance_id: str) -> None:
        player, location, state = self.remove(instance_id)
        self.to_graveyard(player, location, state)

    def banish(self, instance_id: str) -> None:
        player, _, state = self.remove(instance_id)
        card = state if not hasattr(state, "card") else state.card
        properly = getattr(state, "properly_summoned", True)
        self.sides[player].piles["banished"].append(PileCard(card, properly_summoned=properly))

    def shuffle_order(self, instance_ids) -> list[str]:
        """Cards paid together, in passcode order: a fixed order makes every choice among identical copies
        the same position (and a Deck shuffled into is sorted whole when the play is done, SHF-1)."""
        return sorted(instance_ids, key=lambda i: self.position.instances[i].card.passcode)

    def put_away(self, instance_id: str, where: str) -> None:
        """A card is banished face-up (`where` "banished") or shuffled into the Deck ("deck": an Extra Deck
        monster goes back to the face-down Extra Deck) from the field, the hand or the GY. A Token ceases to
        exist; an Xyz Monster's materials go to the GY (XYZ-3). A banished monster keeps whether it was
        properly summoned; a card shuffled into a Deck is a fresh card there."""
        player, _, state = self.remove(instance_id)
        pile = self.sides[player].piles
        card = _card_of(state)
        if isinstance(state, Monster):
            self.materials_to_graveyard(player, state.materials)
            if "token" in card.kinds:
                return
            if _leaves_for_banishment(state):   # BAN-1: leaving the field for the Deck, it is banished instead
                where = "banished"
            elif _returns_to_deck_bottom(state):   # SCY-1: banished or shuffled, it goes to the Deck's bottom
                pile["deck"].append(card)          # (placed there: the Deck is not shuffled for it)
                return
        if where == "banished":
            pile["banished"].append(PileCard(card, properly_summoned=getattr(state, "properly_summoned", True)))
        elif card.kinds & {"fusion", "synchro", "xyz", "link"}:
            pile["extra_deck"].append(PileCard(card))
        else:
            pile["deck"].append(card)
            self.sides[player].shuffled = True

    def place(self, zone: str, monster: Monster) -> None:
        player = 1 - self.me if zone.startswith("o") else self.me
        zone = zone.lstrip("o")
        side = self.sides[player]
        if zone in ("EMZL", "EMZR"):
            if side.extra_monsters[0 if zone == "EMZL" else 1] is not None:
                raise PysolverError(f"reference apply: {zone} is taken")
            side.extra_monsters[0 if zone == "EMZL" else 1] = monster
        else:
            index = int(zone[1:]) - 1
            if side.monsters[index] is not None:
                raise PysolverError(f"reference apply: {zone} is taken")
            side.monsters[index] = monster

    def change(self, instance_id: str, **changes) -> None:
        player, location, index = self._where(instance_id)
        zones = self.sides[player].monsters if location == "monster" else self.sides[player].extra_monsters
        zones[index] = replace(zones[index], **changes)

    def summoned(self, method: str, names, origin: str, alternative: bool = False) -> None:
        names = (names,) if isinstance(names, str) else tuple(names)
        event = {"summon": method, "cards": names, "player": self.me, "from": origin, "negated": False}
        if alternative:   # the history's mark of an alternative Xyz procedure (docs/position-format.md)
            event["alternative"] = True
        self.events.append(MappingProxyType(event))

    def activated(self, name: str, effect: int, target: str | None = None, simulated: bool = True) -> None:
        event: dict[str, Any] = {"activate": name, "effect": effect, "player": self.me, "negated": "none",
                                 "resolved": True}
        if target is not None:
            event["target"] = target
        if not simulated:
            event["simulated"] = False
        self.events.append(MappingProxyType(event))

    def done(self, **changes) -> Position:
        players = tuple(side.frozen() for side in self.sides)
        return replace(self.position, players=players, events=tuple(self.events), **changes)


def _replacing(position: Position, play: Play | None, zone: str | None) -> tuple:
    """BAN-3 (docs/replacement-rules.md): (replacement, its controller) for each field-wide replacement that
    applies to the cards this play sends to the GY. Its card must be face-up on the field before the play: a
    monster in a Monster Zone (in an Extra Monster Zone when the text says "While this card is in the Extra
    Monster Zone") whose effects are not negated, a Spell or Trap face-up in a Spell & Trap Zone or the Field
    Zone. The engine's send_to turns off the effects of all the cards it sends before it decides where they
    go: a card the play takes off the field (a Tribute, a Fusion/Synchro/Link/Ritual Material, a cost, the
    Spell, a Field Spell replaced) applies nothing in this play. An Xyz Summon's materials are attached only
    after the cards it sends to the GY, so their replacements still apply."""
    if play is None:
        return ()
    gone = set(play.tributes or ()) | set(play.cost or ())
    if play.spell:
        gone.add(play.spell)
    if play.action != "xyz_summon":
        gone.update(play.materials or ())
    if play.action == "set_spell_trap" and zone == "FZ":
        gone.add("FZ")
    from .plays import negated_by_cards
    out, negated = [], negated_by_cards(position)     # NGT-1: a monster another card's negation covers
    for instance_id, instance in position.instances.items():
        if instance_id in gone:
            continue
        for rule in banish_instead(instance.card):
            if rule.kind != "field":
                continue
            state = instance.state
            if isinstance(state, Monster):
                applies = state.position != "set" and "effects_negated" not in state.restrictions \
                    and instance_id not in negated and (
                    instance.location == "extra_monster_zone" if rule.where == "emz"
                    else instance.location in ("monster_zone", "extra_monster_zone"))
            else:
                applies = isinstance(state, SpellTrap) and state.position == "face_up" and \
                    instance.location in ("spell_trap_zone", "field_zone")
            if applies:
                out.append((rule, instance.player))
    return tuple(out)


def _leaves_for_banishment(monster: Monster) -> bool:
    """BAN-1 (docs/replacement-rules.md): "If this face-up card would leave the field, banish it instead." --
    read on a monster that is face-up (Attack or Defense Position) when it leaves; a Set one is not."""
    return monster.position in ("attack", "defense") and any(r.kind == "leaves" for r in banish_instead(monster.card))


def _returns_to_deck_bottom(monster: Monster) -> bool:
    """SCY-1 (docs/procedure-rules.md): "If this face-up Special Summoned card leaves the field, return it to the
    bottom of the Deck." -- the engine gives the monster a leave-the-field redirect (LOCATION_DECKBOT) when it is
    Special Summoned, gone once it is face-down. Special Summoned: a Summon procedure or a place it was Special
    Summoned from is recorded, or its card can never be Normal Summoned or Set. A "banish it when it leaves the
    field" given by the effect that Special Summoned it (TOK-1) wins: the engine prefers the banishment."""
    if monster.position not in ("attack", "defense") or "banish_when_it_leaves" in monster.restrictions:
        return False
    if not deck_bottom_on_leaving(monster.card):
        return False
    never_normal = {"trap_monster", "fusion", "synchro", "xyz", "link", "ritual", "special_summon"}
    return bool(monster.summoned_as or monster.special_summoned_from or monster.card.kinds & never_normal)


def _card_of(state):
    return state if not hasattr(state, "card") else state.card


def _pick(choice, options, what: str):
    if not options:
        return None
    if choice is None:
        return options[0]
    if choice not in options:
        raise PysolverError(f"{what} {choice!r} is not open to this play; choose one of {', '.join(options)}")
    return choice


def apply(position: Position, play: Play, *, zone: str | None = None, battle_position: str | None = None,
          zones: Mapping[str, str] | None = None, check: bool = False) -> Position:
    """The position after `play`, with the same choices as `pysolver.apply.apply` (default: the first
    zone and battle position listed). With `check`, the play must be one of `pysolver.reference`'s
    instance-level legal plays."""
    if check:
        from .plays import legal_plays
        if play.key not in {p.key for p in legal_plays(position, all_instances=True)}:
            raise PysolverError(f"the play {play.to_json()} is not legal in this position (reference)")
    action = play.action
    chosen_zone = _pick(zone, play.zones, "zone") if not isinstance(play.zones, Mapping) else None
    duel = _Duel(position, play, chosen_zone)
    chosen_position = _pick(battle_position, play.positions, "battle position")
    handler = _ACTIONS.get(action)
    if handler is None:
        raise PysolverError(f"reference apply does not know the action {action!r}")
    return handler(duel, play, chosen_zone, chosen_position, zones)


def _normal(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    for tribute in play.tributes or ():
        duel.send(tribute)
        # NS-4: a Tribute leaves its zone before the monster arrives; the summoned monster may use it
    _, _, card = duel.remove(play.card)
    face_down = play.action == "set_monster"
    duel.place(zone, Monster(card, position="set" if face_down else "attack", summoned_this_turn=True,
                             set_this_turn=face_down))
    duel.summoned("set" if face_down else "normal", card.name, "hand")
    return duel.done(normal_summon_used=True)


def _ritual_or_fusion(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    origin = duel.position.instances[play.card].location     # the hand, or the GY ("from your hand or GY") ...
    rule = ritual_spell(duel.position.instances[play.spell].card) if play.action == "ritual_summon" else None
    second = getattr(rule, "second", None)
    # RSP-3: Mitsurugi Ritual's second effect summons from the hand, its first from the Deck
    effect = 2 if second is not None and (origin == "hand") == second.from_hand and \
        (origin == "deck") == second.from_deck else 1
    spell_player, spell_location, spell_state = duel.remove(play.spell)
    spell = _card_of(spell_state)
    duel.activated(spell.name, effect)
    first = getattr(rule, "summon_first", None)
    record = () if play.action == "ritual_summon" else _record(duel, play.materials)   # MUS-1: Fusion Materials
    for material in duel.shuffle_order(play.materials):
        where = duel.position.instances[material].location
        if first is not None and where in ("hand", "deck", "graveyard"):
            # RSP-4 (Ravenous Vendread): this monster was Special Summoned face-down, then Tributed from the field
            player, _, state = duel.remove(material)
            monster = Monster(_card_of(state), position="set", properly_summoned=getattr(state, "properly_summoned",
                                                                                           True))
            duel.summoned("special", monster.card.name, where)
            duel.to_graveyard(player, "monster", monster)
        elif where == "graveyard" and play.action == "fusion_summon":
            # PRW-11: "you can also banish monsters from your GY as material" (Curse of Dragon): banished
            duel.put_away(material, "banished")
        elif where == "graveyard":
            # RIT-3: "and/or banish ... from your GY" (Chaos Form), "and/or shuffle ... from your GY into
            # the Deck" (Machine Angel Absolute Ritual: an Extra Deck monster to the Extra Deck)
            duel.put_away(material, ritual_spell(spell).graveyard_to)
        else:
            duel.send(material)
    duel.to_graveyard(spell_player, "spell", SpellTrap(spell))   # the Spell resolves, then goes to the GY
    _, _, state = duel.remove(play.card)
    card = _card_of(state)
    ritual = play.action == "ritual_summon"
    # it came by its Summon procedure: Ritual/Fusion Summoned (the summon type the engine records)
    duel.place(zone, Monster(card, position=battle_position, summoned_this_turn=True,
                             summoned_as="ritual" if ritual else "fusion",
                             special_summoned_from=origin if ritual else "extra_deck",   # MAT-7
                             summon_materials=record))
    duel.summoned("ritual" if ritual else "fusion", card.name, origin if ritual else "extra_deck")
    return duel.done()


def _extra_deck(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    attached = []
    # MTX-4: "If this card is Synchro Summoned using a "Blackwing" monster as material, it is treated as a Tuner while
    # face-up on the field": one material of that archetype, as the materials are before they leave
    used = [duel.position.instances[material].card for material in play.materials]
    record = _record(duel, play.materials)      # MUS-1: what the Summon used, before it moves
    # XYZ-4: an Xyz Summon with a single material is the card's alternative procedure (every Xyz line asks
    # for 2 or more): the monster used brings its own materials along (engine-rules.md §4.4 "Overlay").
    alternative = play.action == "xyz_summon" and len(play.materials) == 1 and \
        alternative_xyz(duel.position.instances[play.card].card) is not None
    if alternative:   # AXZ-1, AXZ-2: the procedure's cost first (a hand card, detached materials: to the GY)
        _pay(duel, play.cost)
    for material in play.materials:
        if alternative:
            _, _, state = duel.remove(material)
            attached.extend(state.materials)
            attached.append(state.card)
        elif play.action == "xyz_summon":
            player, _, state = duel.remove(material)
            attached.append(state.card)
            duel.materials_to_graveyard(player, state.materials)
        else:
            duel.send(material)
    _, _, state = duel.remove(play.card)
    card = _card_of(state)
    kind = play.action.split("_")[0]   # Synchro / Xyz (the alternative procedure too) / Link Summoned
    archetype = tuner_if_material(card) if kind == "synchro" else None
    tuner = archetype is not None and not isinstance(archetype, Exception) and \
        any(material.in_archetype(archetype.value) for material in used)
    # MUS-4: "A Synchro Monster that used this card as material is treated as a Tuner while face-up on the field"
    tuner = tuner or (kind == "synchro" and any(tuner_for_user(material) for material in used))
    duel.place(zone, Monster(card, position=battle_position, summoned_this_turn=True, materials=tuple(attached),
                             summoned_as=kind, special_summoned_from="extra_deck", treated_as_tuner=tuner,   # MAT-7
                             summon_materials=record))
    duel.summoned(kind, card.name, "extra_deck", alternative)
    return duel.done()


def _record(duel: _Duel, materials) -> tuple:
    """MUS-1: the materials a Summon uses, as the position records them: (card, "field" when it was on either
    player's field, else the pile it was in), sorted by passcode."""
    piles = {"hand", "deck", "extra_deck", "graveyard", "banished"}
    found = []
    for material in materials:
        instance = duel.position.instances[material]
        found.append((instance.card, instance.location if instance.location in piles else "field"))
    found.sort(key=lambda entry: (entry[0].passcode, entry[1]))
    return tuple(found)


def _pendulum_zones(play: Play, given: Mapping[str, str]) -> dict[str, str]:
    """PEN-3: every card its own zone, among the zones open to it, at most one of them an Extra Monster
    Zone (ZN-1); the zones given are kept, the others are the first that complete the summon, card by card."""
    for card_id, zone in given.items():
        if card_id not in play.zones or zone not in play.zones[card_id]:
            raise PysolverError(f"zone {zone!r} is not open to {card_id} in this Pendulum Summon")
    order = list(play.cards)

    def place(k: int, chosen: list[str]) -> list[str] | None:
        if k == len(order):
            return chosen
        options = [given[order[k]]] if order[k] in given else play.zones[order[k]]
        for zone in options:
            if zone in chosen or (zone.startswith("EMZ") and any(z.startswith("EMZ") for z in chosen)):
                continue
            done = place(k + 1, chosen + [zone])
            if done is not None:
                return done
        return None

    chosen = place(0, [])
    if chosen is None:
        raise PysolverError("these zones do not fit every card of the Pendulum Summon (one zone each, at most one "
                            "Extra Monster Zone)")
    return dict(zip(order, chosen))


def _pendulum(duel: _Duel, play: Play, zone, battle_position, zones) -> Position:
    names = []
    from_extra = False
    for card_id, target in _pendulum_zones(play, dict(zones or {})).items():
        _, location, state = duel.remove(card_id)
        from_extra = from_extra or location == "extra_deck"
        card = _card_of(state)
        duel.place(target, Monster(card, position=battle_position, summoned_this_turn=True, summoned_as="pendulum",
                                   special_summoned_from=location))   # MAT-7: the hand or the Extra Deck
        names.append(card.name)
    duel.summoned("pendulum", names, "extra_deck" if from_extra else "hand")
    return duel.done(pendulum_summon_used=True)


def _pay(duel: _Duel, costs) -> None:
    for cost in costs or ():
        player, location, _ = duel._where(cost)
        if location == "overlay":
            duel.detach(cost)
        elif location == "graveyard":
            duel.banish(cost)
        else:
            duel.send(cost)


def _procedure(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    contact = contact_fusion(duel.position[play.card].card) if duel.position[play.card].location == "extra_deck" \
        else None
    origin = duel.position[play.card].location
    record = _record(duel, play.cost or ()) if contact is not None else ()   # MUS-1: a Contact Fusion's materials
    if contact is None:
        # SP-1: the text says what happens to the cost: "by banishing ... from your hand / face-up field / GY" --
        # banished from there; discarded, sent or Tributed -- to the GY; a card from the GY is banished.
        # "shuffling ... into the Deck": into the Deck (an Extra Deck monster into the Extra Deck), passcode order;
        # PRX-1: "shuffling N of your banished ... into the Main Deck": from the banishment into the Deck.
        ways = procedures(duel.position[play.card].card)

        def moves(cost) -> set:
            instance = duel.position[cost]
            piles = ("hand", "graveyard", "deck", "extra_deck", "banished")
            where = instance.location if instance.location in piles else \
                ("field" if instance.player == duel.me else "opponent_field")
            return {slot.action for way in ways for slot in way.costs if where in slot.places}

        costs = list(play.cost or ())
        shuffled = [cost for cost in costs if "shuffle" in moves(cost)]
        for cost in [cost for cost in costs if cost not in shuffled]:
            if "banish" in moves(cost):
                duel.put_away(cost, "banished")
            else:
                _pay(duel, (cost,))
        for cost in duel.shuffle_order(shuffled):
            duel.put_away(cost, "deck")
    else:           # a Contact Fusion: its cards go where its text says
        for cost in duel.shuffle_order(play.cost or ()):
            if contact.action in ("send", "tribute"):
                duel.send(cost)
            else:
                duel.put_away(cost, "banished" if contact.action == "banish" else "deck")
    _, _, state = duel.remove(play.card)
    card = _card_of(state)
    duel.place(zone, Monster(card, position=battle_position, summoned_this_turn=True,
                             special_summoned_from=origin, summon_materials=record))   # MAT-7
    duel.summoned("procedure", card.name, origin)   # hand, graveyard or extra_deck
    return duel.done()


def _activate(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    position = duel.position
    instance = position[play.card]
    card = instance.card
    effect = next((e for e in activated_effects(card) if e.number == play.effect), None)
    if effect is None:
        raise PysolverError(f"reference apply: {card.name!r} has no modelled effect {play.effect}")
    _pay(duel, play.cost)
    duel.sides[duel.me].lp -= effect.lp_cost
    target = position[play.target] if play.target and play.target != "direct" else None
    if card.is_spell_trap and not card.is_monster:
        player, location, state = duel.remove(play.card)
        if card.kinds & {"continuous", "equip"}:     # stays on the field face-up
            side = duel.sides[player]
            if location == "spell":
                slot = instance.index - 1
            else:
                slot = next((n for n, held in enumerate(side.spells) if held is None), None)
                if slot is None:
                    raise PysolverError("reference apply: no free Spell & Trap Zone to activate the card in")
            side.spells[slot] = SpellTrap(card)
        else:
            duel.to_graveyard(player, location, SpellTrap(card))
    duel.activated(card.name, effect.number, target.card.name if target is not None else None, effect.simulated)
    if effect.summons == "token":
        count, token_name = effect.tokens
        token = position.cards[token_name]
        side = duel.sides[duel.me]
        free = [f"M{n}" for n in range(1, 6) if side.monsters[n - 1] is None]
        if zone in free:
            free.remove(zone)
            free.insert(0, zone)
        for where in free[:count]:
            duel.place(where, Monster(token, position=effect.position or "defense", summoned_this_turn=True,
                                      restrictions=effect.restrictions))   # TOK-1: what the effect says
        duel.summoned("special", [token.name] * count, "token")
    elif effect.summons in ("graveyard", "self_from_graveyard"):
        revived = play.target if effect.summons == "graveyard" else play.card
        _, where, entry = duel.remove(revived)
        duel.place(zone, Monster(entry.card, position=battle_position, summoned_this_turn=True,
                                 special_summoned_from=where,   # MAT-7
                                 properly_summoned=entry.properly_summoned, restrictions=effect.restrictions))
        duel.summoned("special", entry.card.name, "graveyard")
    return duel.done()


def _scale(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    _, _, card = duel.remove(play.card)
    side = duel.sides[duel.me]
    if play.zone in ("PZL", "PZR"):
        side.pendulums[0 if play.zone == "PZL" else 1] = SpellTrap(card)
    else:
        side.spells[int(play.zone[1:]) - 1] = SpellTrap(card)
    duel.activated(card.name, 0)            # the card's own activation as a Pendulum Scale (effect 0)
    return duel.done()


def _gemini(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    """GEM-2: the Gemini monster is Normal Summoned where it stands and becomes an Effect Monster; the
    turn's Normal Summon is used."""
    duel.change(play.card, gemini_summoned=True, summoned_this_turn=True)   # Normal Summoned this turn (POS-1)
    duel.summoned("normal", duel.position[play.card].card.name, "field")
    return duel.done(normal_summon_used=True)


def _flip(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    duel.change(play.card, position="attack", position_changed=True, flip_summoned=True)
    duel.summoned("flip", duel.position[play.card].card.name, "field")
    return duel.done()


def _change(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    duel.change(play.card, position=play.to, position_changed=True)
    return duel.done()


def _attack(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    attacker = duel.position[play.card]
    state = attacker.state                       # BP-5: the attacks it declared, and whether one was direct
    attacked = set(state.attacked_monsters)      # BP-12: which of the opponent's monsters it attacked, for a
    if play.target != "direct" and attack_rules(attacker.card).attack_all:   # monster that attacks each once
        attacked.add(play.target.removeprefix("o"))
    duel.change(play.card, attacked=state.attacked + 1, attacked_directly=state.attacked_directly
                or play.target == "direct", attacked_monsters=tuple(sorted(attacked)))
    from .plays import negated_by_cards
    lp_cost = attack_rules(attacker.card).attack_lp_cost    # BPX-15: "You must pay 1000 Life Points to declare an
    text_applies = "effects_negated" not in state.restrictions and not (   # attack with this card", while its text
        gemini(attacker.card) is True and not state.gemini_summoned) \
        and play.card not in negated_by_cards(duel.position)   # applies (BP-3: GEM-1, TOK-1; NGT-1)
    if lp_cost and text_applies:
        duel.sides[duel.me].lp -= lp_cost
    _pay(duel, play.cost)        # ATQ-4: "... unless you send 1 card from your Extra Deck to the GY": that card
    return duel.done()


def _main2(duel: _Duel, *_) -> Position:
    """Main Phase 2: the Battle Phase ended, and with it what its attacks recorded (BP-12)."""
    for side in duel.sides:
        for zones in (side.monsters, side.extra_monsters):
            for index, monster in enumerate(zones):
                if monster is not None and monster.attacked_monsters:
                    zones[index] = replace(monster, attacked_monsters=())
    return duel.done(phase="main2")


def _set_spell(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    _, _, card = duel.remove(play.card)
    side = duel.sides[duel.me]
    placed = SpellTrap(card, position="set", set_this_turn=True)
    if zone == "FZ":
        if side.field is not None:
            duel.to_graveyard(duel.me, "field", side.field)
        side.field = placed
    else:
        side.spells[int(zone[1:]) - 1] = placed
    return duel.done()


def _end_turn(duel: _Duel, play: Play, zone, battle_position, _zones) -> Position:
    """The turn passes: the next player draws in their Draw Phase and plays from Main Phase 1; every
    "this turn" state ends (summoned, Set, changed, attacked; Spells/Traps Set this turn; the history)."""
    position = duel.position
    players = []
    for player in position.players:
        def calm(monster):
            return None if monster is None else Monster(monster.card, position=monster.position,
                                                        properly_summoned=monster.properly_summoned,
                                                        materials=monster.materials,
                                                        gemini_summoned=monster.gemini_summoned,   # GEM-2
                                                        restrictions=monster.restrictions,         # TOK-1
                                                        summoned_as=monster.summoned_as,   # stays on the field
                                                        special_summoned_from=monster.special_summoned_from,
                                                        treated_as_tuner=monster.treated_as_tuner,   # MTX-4
                                                        summon_materials=monster.summon_materials)   # MUS-1

        def settle(card):
            return None if card is None else SpellTrap(card.card, position=card.position)

        players.append(replace(player, monster_zones=tuple(map(calm, player.monster_zones)),
                               extra_monster_zones=tuple(map(calm, player.extra_monster_zones)),
                               spell_trap_zones=tuple(map(settle, player.spell_trap_zones)),
                               field_zone=settle(player.field_zone),
                               pendulum_zones=tuple(map(settle, player.pendulum_zones))))
    following = 1 - position.turn_player
    drawer = players[following]
    if drawer.deck:
        players[following] = replace(drawer, hand=drawer.hand + (drawer.deck[0],), deck=drawer.deck[1:])
    return replace(position, players=tuple(players), turn=position.turn + 1, phase="main1",
                   turn_player=following, normal_summon_used=False, pendulum_summon_used=False, events=())


_ACTIONS = {
    "normal_summon": _normal, "set_monster": _normal, "ritual_summon": _ritual_or_fusion,
    "fusion_summon": _ritual_or_fusion, "synchro_summon": _extra_deck, "xyz_summon": _extra_deck,
    "link_summon": _extra_deck, "pendulum_summon": _pendulum, "procedure_summon": _procedure,
    "activate": _activate, "activate_scale": _scale, "flip_summon": _flip, "gemini_summon": _gemini, "change_position": _change,
    "declare_attack": _attack, "set_spell_trap": _set_spell,
    "enter_battle_phase": lambda duel, *_: duel.done(phase="battle"),
    "enter_main2": _main2,
    "end_turn": _end_turn,
}
