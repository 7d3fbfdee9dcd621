"""The immutable `Position` value: both players' cards, the turn, and the instance ids that plays name.
Reading and writing position files is `pysolver.position.files`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Iterator, Mapping

from ..cards.card import Card, CardDB, default_cards
from ..errors import PysolverError

FORMAT = "pysolver-position/1"
RULES = {"master-rule-5": 5, "master-rule-4": 4, "master-rule-3": 3}
RULE_NAMES = {number: name for name, number in RULES.items()}
PHASES = ("main1", "battle", "main2")
MONSTER_POSITIONS = ("attack", "defense", "set")
MAX_ATTACKS = 99          # attacks one monster declares in a turn (`attacked: N`): a bound for the solver's integers
SIDES = ("left", "right")
# TOK-1: the restrictions an effect puts on the monsters it Special Summons, as written on a monster
# (`restrictions:` in a position file); `pysolver.cards.written` reads them from card text.
RESTRICTIONS = ("cannot_be_tributed", "cannot_be_synchro_material", "cannot_be_xyz_material",
                "cannot_be_link_material", "cannot_be_fusion_material", "cannot_attack", "cannot_attack_directly",
                "effects_negated",
                "banish_when_it_leaves") + tuple(f"cannot_be_tributed_except_for_{attribute.lower()}"
                                                 for attribute in ("EARTH", "WATER", "FIRE", "WIND", "LIGHT",
                                                                   "DARK", "DIVINE"))

# Location prefixes of instance ids, in the order lists of ids are sorted (docs/plays-json.md).
_ID_ORDER = {"H": 0, "EMZL": 1, "EMZR": 2, "M": 3, "S": 4, "FZ": 5, "PZL": 6, "PZR": 7, "GY": 8, "BN": 9,
             "ED": 10, "DK": 11}


class PositionError(PysolverError):
    """One or more problems in a position; `problems` holds one message per problem."""

    def __init__(self, problems: list[str], hints: list[str] | tuple = ()):
        self.problems = problems
        self.hints = list(hints)        # what to do about them, after the problems (not problems themselves)
        PysolverError.__init__(self, "\n".join([*problems, *self.hints]))


# The Summon procedures a monster on the field records (`Monster.summoned_as`: the engine's summon type,
# IsSummonType), each with the card kind it needs (None: any monster; a Pendulum Summon also summons
# monsters from the hand that are not Pendulum Monsters, PEN-3).
SUMMON_TYPES = {"fusion": "fusion", "synchro": "synchro", "xyz": "xyz", "link": "link", "ritual": "ritual",
                "pendulum": None}
# MAT-7: where a face-up monster was Special Summoned from (`Monster.special_summoned_from`, the engine's
# IsSummonLocation); a Fusion, Synchro, Xyz or Link Summon is always from the Extra Deck.
SPECIAL_SUMMON_PLACES = ("extra_deck", "hand", "deck", "graveyard", "banished")
EXTRA_DECK_SUMMONS = frozenset({"fusion", "synchro", "xyz", "link"})
# MUS-1: where a material of a monster's Summon was when it was used ("field": either player's Monster Zones)
SUMMON_MATERIAL_PLACES = ("field", "hand", "deck", "extra_deck", "graveyard", "banished")


@dataclass(frozen=True)
class Monster:
    """A monster in a Main or Extra Monster Zone and its state this turn."""

    card: Card
    position: str = "attack"            # attack | defense (face-up) | set (face-down Defense)
    summoned_this_turn: bool = False
    set_this_turn: bool = False
    position_changed: bool = False
    flip_summoned: bool = False         # it was Flip Summoned this turn (BPA-2: "the turn it is Summoned")
    attacked: int = 0                   # attacks it declared this turn (BP-2, BP-5); true/false read as 1/0
    properly_summoned: bool = True
    materials: tuple[Card, ...] = ()    # attached Xyz Materials
    gemini_summoned: bool = False       # GEM-2: a Gemini monster Gemini Summoned (an Effect Monster again)
    restrictions: tuple[str, ...] = ()  # TOK-1: what the effect that brought it out forbids (RESTRICTIONS)
    attacked_directly: bool = False     # BP-5: one of its attacks this turn was a direct attack
    attacked_monsters: tuple[str, ...] = ()   # BP-12: the other player's zones (M1..M5, EMZL, EMZR) holding the
                                              # monsters it attacked this turn (kept in the Battle Phase only)
    summoned_as: str | None = None      # SUMMON_TYPES: it came to the field by that Summon procedure (Link
                                        # Summoned, ...); None: Normal/Set/Flip, or Special Summoned otherwise
    special_summoned_from: str | None = None   # MAT-7: SPECIAL_SUMMON_PLACES, where it was Special Summoned
                                               # from (kept while it stays on the field); None: not known to
                                               # be Special Summoned (Normal Summoned/Set, a Token, not said)
    treated_as_tuner: bool = False      # MTX-4: treated as a Tuner while face-up on the field (an "Assault
                                        # Blackwing" Synchro Summoned using a "Blackwing" monster as material)
    summon_materials: tuple[tuple[Card, str], ...] = ()   # MUS-1: the materials its Fusion, Synchro, Xyz or Link
                                        # Summon (or Contact Fusion) used, each (card, SUMMON_MATERIAL_PLACES where
                                        # it was); kept while it stays on the field

    def __post_init__(self):
        object.__setattr__(self, "attacked", int(self.attacked))   # a count; `attacked=True` is one attack
        if self.special_summoned_from is None and self.summoned_as in EXTRA_DECK_SUMMONS:
            object.__setattr__(self, "special_summoned_from", "extra_deck")   # MAT-7: derived, never asked twice

    @property
    def face_up(self) -> bool:
        return self.position != "set"


@dataclass(frozen=True)
class SpellTrap:
    """A card in a Spell & Trap Zone, the Field Zone or a Pendulum Zone."""

    card: Card
    position: str = "face_up"           # face_up | set
    set_this_turn: bool = False

    @property
    def face_up(self) -> bool:
        return self.position == "face_up"


@dataclass(frozen=True)
class PileCard:
    """A card in the Extra Deck (face-up or not), the GY or banishment."""

    card: Card
    face_up: bool = False
    properly_summoned: bool = True


@dataclass(frozen=True)
class Player:
    lp: int = 8000
    hand: tuple[Card, ...] = ()
    deck: tuple[Card, ...] = ()
    extra_deck: tuple[PileCard, ...] = ()
    graveyard: tuple[PileCard, ...] = ()
    banished: tuple[PileCard, ...] = ()
    monster_zones: tuple[Monster | None, ...] = (None,) * 5
    extra_monster_zones: tuple[Monster | None, Monster | None] = (None, None)   # left, right (player 0's view)
    spell_trap_zones: tuple[SpellTrap | None, ...] = (None,) * 5
    field_zone: SpellTrap | None = None
    pendulum_zones: tuple[SpellTrap | None, SpellTrap | None] = (None, None)    # Master Rule 3 only


@dataclass(frozen=True)
class Instance:
    """One card at one place, named by its instance id (`H1`, `M3`, `oGY2`, `M4.1`)."""

    id: str
    player: int               # absolute player index (0 or 1)
    location: str             # hand deck extra_deck graveyard banished monster_zone extra_monster_zone
                              # spell_trap_zone field_zone pendulum_zone overlay
    index: int                # 1-based: pile order, or zone number (EMZ: 1 left, 2 right; overlay: unit)
    card: Card
    state: Monster | SpellTrap | PileCard | None = None
    host: str | None = None   # overlay units: the Xyz Monster's instance id


@dataclass(frozen=True)
class Position:
    """The duel at the moment the turn player chooses a play. Immutable; `apply` makes new ones."""

    players: tuple[Player, Player] = (Player(), Player())
    rules: int = 5
    turn: int = 1
    phase: str = "main1"
    turn_player: int = 0
    normal_summon_used: bool = False
    pendulum_summon_used: bool = False
    events: tuple[Mapping[str, Any], ...] = ()
    cards: CardDB = field(default_factory=default_cards, compare=False, repr=False, hash=False)
    source: str | None = field(default=None, compare=False, repr=False, hash=False)

    # ----------------------------------------------------------------- instances
    @cached_property
    def instances(self) -> dict[str, Instance]:
        """Every card instance by id, the turn player's first, in id order."""
        result: dict[str, Instance] = {}
        for player in (self.turn_player, 1 - self.turn_player):
            for instance in self._instances_of(player):
                result[instance.id] = instance
        return result

    @cached_property
    def scale_zones(self) -> bool:
        """Whether Spell & Trap Zones 1 and 5 differ from 2-4: they are the Pendulum Zones (Master Rule 4/5)
        and a Pendulum Monster of the position could become a Pendulum Scale there."""
        return self.rules >= 4 and any(instance.card.is_a("pendulum") for instance in self.instances.values())

    def _instances_of(self, player: int) -> Iterator[Instance]:
        prefix = "" if player == self.turn_player else "o"
        state = self.players[player]
        for i, card in enumerate(state.hand, 1):
            yield Instance(f"{prefix}H{i}", player, "hand", i, card)
        for side, monster in zip(("EMZL", "EMZR"), state.extra_monster_zones):
            if monster is not None:
                yield from self._monster(prefix + side, player, "extra_monster_zone", 1 if side == "EMZL" else 2,
                                         monster)
        for i, monster in enumerate(state.monster_zones, 1):
            if monster is not None:
                yield from self._monster(f"{prefix}M{i}", player, "monster_zone", i, monster)
        for i, card in enumerate(state.spell_trap_zones, 1):
            if card is not None:
                yield Instance(f"{prefix}S{i}", player, "spell_trap_zone", i, card.card, card)
        if state.field_zone is not None:
            yield Instance(f"{prefix}FZ", player, "field_zone", 1, state.field_zone.card, state.field_zone)
        for side, card in zip(("PZL", "PZR"), state.pendulum_zones):
            if card is not None:
                yield Instance(prefix + side, player, "pendulum_zone", 1 if side == "PZL" else 2, card.card, card)
        for letters, location, pile in (("GY", "graveyard", state.graveyard), ("BN", "banished", state.banished),
                                        ("ED", "extra_deck", state.extra_deck)):
            for i, entry in enumerate(pile, 1):
                yield Instance(f"{prefix}{letters}{i}", player, location, i, entry.card, entry)
        for i, card in enumerate(state.deck, 1):
            yield Instance(f"{prefix}DK{i}", player, "deck", i, card)

    @staticmethod
    def _monster(iid: str, player: int, location: str, index: int, monster: Monster) -> Iterator[Instance]:
        yield Instance(iid, player, location, index, monster.card, monster)
        for unit, card in enumerate(monster.materials, 1):
            yield Instance(f"{iid}.{unit}", player, "overlay", unit, card, host=iid)

    def __getitem__(self, instance_id: str) -> Instance:
        try:
            return self.instances[instance_id]
        except KeyError:
            raise PysolverError(f"no card instance {instance_id!r} in this position") from None

    @property
    def me(self) -> Player:
        return self.players[self.turn_player]

    @property
    def opponent(self) -> Player:
        return self.players[1 - self.turn_player]

    def _repr_svg_(self) -> str:
        """Jupyter shows a position as a picture of the field (pysolver.position.svg)."""
        from .svg import board   # svg.py reads a position through its attributes and imports nothing of this module
        return board(self)

    def with_player(self, index: int, **changes) -> "Position":
        players = list(self.players)
        players[index] = replace(players[index], **changes)
        return replace(self, players=tuple(players))


@lru_cache(maxsize=4096)
def id_sort_key(instance_id: str) -> tuple:
    """Sort instance ids by owner, location, then number (`M2` < `M10` < `GY1` < `oM1`)."""
    opponent = instance_id.startswith("o")
    body = instance_id[1:] if opponent else instance_id
    head, _, unit = body.partition(".")
    letters = head.rstrip("0123456789")
    number = int(head[len(letters):] or 0)
    return (opponent, _ID_ORDER.get(letters, 99), number, int(unit or 0))


def copy_class(instance: Instance, scale_zones: bool = False) -> tuple:
    """Instances with equal classes are identical copies: the same card in the same kind of place in the
    same state (docs/plays-json.md). Plays are listed up to swapping such instances. With `scale_zones`
    (`Position.scale_zones`) Spell & Trap Zones 1 and 5 are another kind of place than 2-4: a card leaving
    them frees a Pendulum Zone."""
    state = instance.state
    if isinstance(state, Monster):
        state = replace(state, materials=tuple(sorted(c.passcode for c in state.materials)))
    location = instance.location
    if scale_zones and location == "spell_trap_zone" and instance.index in (1, 5):
        location = "pendulum_zone"
    return (instance.player, location, instance.host, instance.card.passcode, state)
