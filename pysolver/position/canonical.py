"""The canonical key of a position, for transposition tables.

`canonical_key(position)` is the same for positions that differ only in which identical copy sits where,
and differs whenever anything the rules can see differs. What counts (decided here, used by perft and
by search):

- the hand, the Extra Deck, the Graveyard and banishment are multisets (their order is never read by a
  rule; instance ids are just positions in a list);
- the Deck is ordered, top card first (drawing and excavating read its order);
- Xyz Materials attached to a monster are a multiset (a detach cost may take any of them);
- zones are not interchangeable: which monster is in M1 and which in M3 matters (free zones, Link
  arrows), as does every flag of a card's state (position, summoned/set this turn, position changed,
  attacked, the monsters attacked (BP-12), properly summoned, face-up in the Extra Deck);
- the turn's history (`this_turn.events`) is a multiset of events, each with its list of cards as a
  multiset: no rule reads the order of events (asp/restrictions.lp numbers them only to tell them
  apart), so two orders of the same plays that reach the same board are one position;
- the materials a monster was Summoned with (MUS-1) count only when a card of the position reads them
  (`materials_seen`): otherwise no rule sees them, and the same board reached with other materials is one;
- the rules, turn, phase, turn player, Life Points and the Normal/Pendulum Summon flags all count.
  The card pool (`Position.cards`) and the file it came from (`source`) do not.

The key is a 32-character hex digest of that canonical form (`canonical_form`), computed once per
Position object and kept with it.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any, Iterable, Mapping

from .value import Monster, PileCard, Player, Position, SpellTrap

__all__ = ["canonical_form", "canonical_key", "copy_correspondence", "materials_seen", "monster_form"]



def materials_seen(position: Position) -> bool:
    """MUS-1: some card of the position reads the materials of a monster's Summon (TGZ-4: a card in such a record too:
    Deep Sea Prima Donna's text is about the Synchro Monster that used it; MST-2: Infernity Doom Archfiend's)."""
    from ..cards.reading import reads_summon_materials
    return any(reads_summon_materials(instance.card) for instance in position.instances.values()) or any(
        reads_summon_materials(used) for instance in position.instances.values()      # TGZ-4: a material's own text
        for used, _ in getattr(instance.state, "summon_materials", ()))


def monster_form(monster: Monster, materials: bool = True) -> tuple:
    """Every field of a monster, as a tuple that sorts (an order of monsters must not depend on the zones
    they started in: `Symmetry.normalize`); the materials of its Summon only when `materials` (`materials_seen`)."""
    return (monster.card.passcode, monster.position, monster.summoned_this_turn, monster.set_this_turn,
            monster.position_changed, monster.attacked, monster.properly_summoned,
            tuple(sorted(card.passcode for card in monster.materials)), monster.gemini_summoned,
            tuple(sorted(monster.restrictions)), monster.attacked_directly, monster.attacked_monsters,
            monster.summoned_as or "", monster.flip_summoned, monster.special_summoned_from or "",
            monster.treated_as_tuner,
            tuple(sorted((card.passcode, place) for card, place in monster.summon_materials)) if materials else ())


def _monster(monster: Monster | None, materials: bool):
    return None if monster is None else monster_form(monster, materials)


def _spell(card: SpellTrap | None):
    return None if card is None else (card.card.passcode, card.position, card.set_this_turn)


def _pile(entries: Iterable[PileCard]) -> tuple:
    return tuple(sorted((entry.card.passcode, entry.face_up, entry.properly_summoned) for entry in entries))


def _player(player: Player, materials: bool) -> tuple:
    def monster(m):
        return _monster(m, materials)
    return (player.lp,
            tuple(sorted(card.passcode for card in player.hand)),
            tuple(card.passcode for card in player.deck),
            _pile(player.extra_deck), _pile(player.graveyard), _pile(player.banished),
            tuple(map(monster, player.monster_zones)), tuple(map(monster, player.extra_monster_zones)),
            tuple(map(_spell, player.spell_trap_zones)), _spell(player.field_zone),
            tuple(map(_spell, player.pendulum_zones)))


def _event(event: Mapping[str, Any]) -> tuple:
    if "summon" in event:
        return ("summon", event["summon"], tuple(sorted(event.get("cards", ()))), event.get("player", 0),
                event.get("from", "hand"), bool(event.get("negated", False)))
    return ("activate", event["activate"], event.get("effect", 1), event.get("player", 0),
            event.get("negated", "none"), bool(event.get("resolved", True)), event.get("target") or "",
            bool(event.get("simulated", True)))


def canonical_form(position: Position) -> tuple:
    """The position as a plain tuple, equal exactly when the positions are the same up to identical
    copies (see the module docstring)."""
    materials = materials_seen(position)
    return (position.rules, position.turn, position.phase, position.turn_player, position.normal_summon_used,
            position.pendulum_summon_used, tuple(sorted(map(_event, position.events))),
            tuple(_player(player, materials) for player in position.players))


def canonical_key(position: Position) -> str:
    """A short string naming the position up to identical copies (hex digest of `canonical_form`)."""
    cached = position.__dict__.get("_canonical_key")
    if cached is None:
        cached = blake2b(repr(canonical_form(position)).encode(), digest_size=16).hexdigest()
        position.__dict__["_canonical_key"] = cached   # a Position is immutable: the key never changes
    return cached


def _copy_kind(instance) -> tuple | None:
    """What an instance is among the interchangeable copies of its place (None: its id names its place)."""
    if instance.location == "hand" or instance.location == "overlay":
        return (instance.player, instance.location, instance.host, instance.card.passcode)
    if instance.location in ("graveyard", "banished", "extra_deck"):
        return (instance.player, instance.location, instance.card.passcode, instance.state.face_up,
                instance.state.properly_summoned)
    return None


def copy_correspondence(a: Position, b: Position) -> dict[str, str]:
    """For two positions with the same canonical key: each instance id of `a` whose card is one of identical
    copies (the hand, the piles and Xyz Materials are multisets) -> the id of the copy of `b` that stands for
    it (the i-th copy of a kind to the i-th). Zones and the Deck are ordered: their ids are the same in both.
    Legal plays of `a`, renamed through it (`Plays.renamed`), are those of `b`."""
    def copies(position: Position) -> dict[tuple, list[str]]:
        found: dict[tuple, list[str]] = {}
        for instance in position.instances.values():
            kind = _copy_kind(instance)
            if kind is not None:
                found.setdefault(kind, []).append(instance.id)
        return found
    theirs = copies(b)
    return {mine: other for kind, ids in copies(a).items() for mine, other in zip(ids, theirs[kind]) if mine != other}


# --------------------------------------------------------------------------------------------------
# A line of plays
