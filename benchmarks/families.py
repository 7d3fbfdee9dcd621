"""Instance families: seeded generators of positions, each with its scaling parameter in the name.

    from benchmarks.families import families, supported
    for family in families():                      # the registered ones (see `supported`)
        for n in family.sizes(quick=True):
            for seed in family.seeds(quick=True):
                name, position = family.generate(n, seed)      # ("synchro-n10-seed1", Position)

Every position is built with `pysolver.position.builder.PositionBuilder` from the built-in pool
(`pysolver/cards/data/cards.yaml`), so it is validated exactly like a position file: every instance is a
legal position (Master Rule 5, turn 3, Main Phase 1 unless a family says otherwise).

A word on the scaling parameter of the Extra Deck families. A player controls at most 6 monsters
(5 Main Monster Zones + 1 Extra Monster Zone, ZN-1), and Synchro, Xyz and Link Materials come from the
field only, so "n face-up candidate materials" cannot grow past 6 in a legal position. These families
therefore keep the field at its maximum (6 face-up candidates: 5 MMZ + the EMZ) at every size and scale
with n = the number of Extra Deck monsters that could be summoned (the targets). The families whose
materials also come from the hand (Ritual, Fusion, Pendulum) scale with n = the number of candidates.

Families whose action the solver does not produce yet (Ritual, Pendulum, Fusion while they are being
written) are not registered: `supported(action)` probes a tiny position for it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable

from pysolver import Position, legal_plays
from pysolver.position.builder import PositionBuilder
from pysolver.cards.card import Card, default_cards
from pysolver.cards.cardtext import material_requirement
from pysolver.cards.requirements import Requirement

MMZ = (1, 2, 3, 4, 5)


# --------------------------------------------------------------------------------------------------
# The pool, split into what the generators draw from

def _line_ok(card: Card) -> bool:
    """An Extra Deck monster pysolver can summon (a material line it reads; fail-closed cards are out)."""
    return isinstance(material_requirement(card), Requirement)


@lru_cache(maxsize=None)
def usable(card: Card) -> bool:
    """Is every rule sentence of the card read (`pysolver.cards.reading`)? A card whose summoning or
    material text pysolver cannot read (a Tuner "that can be treated as a Level 8 monster", a
    hand-material clause ...) gives partial answers (its plays withheld) or, for a lock, a refusal: the
    families measure complete answers, so such cards are left out of every family."""
    if card.is_extra_deck and not _line_ok(card):
        return False
    try:
        from pysolver.cards.reading import unread_clauses
        if unread_clauses(card):
            return False
    except ImportError:
        pass
    except Exception:  # noqa: BLE001 -- PysolverError (unsupported text) or a reader's error: leave it out
        return False
    return True


@lru_cache(maxsize=None)
def plain(card: Card) -> bool:
    """No rule of its own about being used as material ("Cannot be used as Synchro Material, except
    ...", "can be used as the entire Tribute") and no summon lock (LCK-1: "Neither player can Special
    Summon monsters"): the families measure the generic mechanics on boards where summons happen."""
    from pysolver.cards import cardtext
    from pysolver.cards.locks import summon_locks
    if summon_locks(card):
        return False
    reader = getattr(cardtext, "material_rules", None)
    if reader is None:
        return True
    rules = reader(card)
    return isinstance(rules, Exception) or rules == type(rules)()


class Pool:
    """The built-in pool grouped for the generators; lists of `Card`, sorted by name (deterministic)."""

    def __init__(self) -> None:
        cards = sorted((c for c in default_cards() if usable(c) and plain(c)), key=lambda c: c.name)
        main = [c for c in cards if c.is_monster and not c.is_extra_deck and "token" not in c.kinds]
        self.main_monsters = main
        self.tokens = [c for c in cards if "token" in c.kinds]
        self.tuners = [c for c in main if "tuner" in c.kinds and c.level]
        self.non_tuners = [c for c in main if "tuner" not in c.kinds and c.level]
        self.extra = [c for c in cards if c.is_monster and c.is_extra_deck]
        self.synchro = [c for c in self.extra if "synchro" in c.kinds]
        self.xyz = [c for c in self.extra if "xyz" in c.kinds]
        self.link = [c for c in self.extra if "link" in c.kinds]
        self.fusion = [c for c in self.extra if "fusion" in c.kinds]
        self.spells_traps = [c for c in cards if c.is_spell_trap and not c.is_monster]
        self.ritual_monsters = [c for c in main if "ritual" in c.kinds]
        self.ritual_spells = [c for c in self.spells_traps if "ritual" in c.kinds]
        self.pendulum_main = [c for c in main if "pendulum" in c.kinds and c.level]
        self.by_name = {c.name: c for c in cards}

    def named(self, *names: str) -> list[Card]:
        """The cards of these names that the pool has (a missing one is left out, never guessed)."""
        return [self.by_name[name] for name in names if name in self.by_name]


@lru_cache(maxsize=1)
def pool() -> Pool:
    return Pool()


def _pick(rng: random.Random, cards: list[Card], **where) -> Card:
    """A random card with the given attribute values (level=4, attribute="LIGHT", ...)."""
    matching = [c for c in cards if all(getattr(c, key) == value for key, value in where.items())]
    if not matching:
        raise ValueError(f"no card in the pool with {where}")
    return rng.choice(matching)


def _name(family: str, n: int | None, seed: int) -> str:
    return f"{family}-seed{seed}" if n is None else f"{family}-n{n}-seed{seed}"


# --------------------------------------------------------------------------------------------------
# Synchro-wide

def synchro_wide(n: int, seed: int) -> tuple[str, Position]:
    """A full field of face-up candidates (Levels 1..6, Tuners and non-Tuners, Tokens, a Synchro in the
    EMZ) and n face-down Synchro Monsters in the Extra Deck, of every Level 3..12 in turn."""
    rng = random.Random(f"synchro-{n}-{seed}")
    p = pool()
    board = PositionBuilder(turn=3)
    tuner_zones = set(rng.sample(MMZ, rng.choice((1, 2, 2, 3))))
    for zone in MMZ:
        if zone in tuner_zones:
            card = _pick(rng, [c for c in p.tuners if c.level <= 6])
        else:
            card = rng.choice([c for c in p.non_tuners + p.tokens if c.level <= 6])
        board.monster(zone, card.name, position=rng.choice(("attack", "defense")))
    emz = rng.choice([c for c in p.synchro if c.level <= 6])
    board.monster(rng.choice(("left", "right")), emz.name, position=rng.choice(("attack", "defense")))
    levels = list(range(3, 13))
    rng.shuffle(levels)
    targets = [_pick(rng, p.synchro, level=levels[i % len(levels)]) for i in range(n)]
    board.extra_deck(*(c.name for c in targets))
    return _name("synchro", n, seed), board.build()


# --------------------------------------------------------------------------------------------------
# Xyz-wide

def xyz_wide(n: int, seed: int) -> tuple[str, Position]:
    """A full field of face-up monsters of two or three Levels (a Level-4 Synchro in the EMZ counts),
    and n face-down Xyz Monsters of the matching Ranks: 2- and 3-material lines, "2+" and "2 or more
    (max. 5)" ones, with Attribute/Type filters, and a few of other Ranks."""
    rng = random.Random(f"xyz-{n}-{seed}")
    p = pool()
    board = PositionBuilder(turn=3)
    ranks = sorted({c.rank for c in p.xyz if c.rank and c.rank <= 8})
    levels = [4] + rng.sample([r for r in ranks if r != 4 and any(c.level == r for c in p.non_tuners)], 2)
    for zone in MMZ:
        level = rng.choice(levels[:2] + [4])          # Level 4 most often: the richest Rank in the pool
        card = _pick(rng, p.main_monsters, level=level)
        board.monster(zone, card.name, position=rng.choice(("attack", "defense")))
    emz = _pick(rng, p.synchro, level=4) if any(c.level == 4 for c in p.synchro) else rng.choice(p.link)
    board.monster(rng.choice(("left", "right")), emz.name)
    matching = [c for c in p.xyz if c.rank in levels]
    others = [c for c in p.xyz if c.rank not in levels]
    targets = [rng.choice(others if others and i % 5 == 4 else matching) for i in range(n)]
    board.extra_deck(*(c.name for c in targets))
    return _name("xyz", n, seed), board.build()


# --------------------------------------------------------------------------------------------------
# Link-wide

def link_wide(n: int, seed: int) -> tuple[str, Position]:
    """A full field of face-up monsters, some of them Link Monsters (worth 1 or their Link Rating, with
    arrows that decide the zones), Tokens and Effect/Normal monsters of several Types and Attributes;
    n Link Monsters of Link Ratings 1..4 (and 5) in the Extra Deck."""
    rng = random.Random(f"link-{n}-{seed}")
    p = pool()
    board = PositionBuilder(turn=3)
    link_zones = set(rng.sample(MMZ, rng.choice((1, 2))))
    for zone in MMZ:
        if zone in link_zones:
            card = rng.choice([c for c in p.link if c.link_rating <= 3])
            board.monster(zone, card.name)
        else:
            card = rng.choice(p.main_monsters + p.tokens)
            board.monster(zone, card.name, position=rng.choice(("attack", "defense")))
    board.monster(rng.choice(("left", "right")), rng.choice([c for c in p.link if c.link_rating <= 3]).name)
    ratings = sorted({c.link_rating for c in p.link})
    targets = [_pick(rng, p.link, link_rating=ratings[i % len(ratings)]) for i in range(n)]
    board.extra_deck(*(c.name for c in targets))
    return _name("link", n, seed), board.build()


# --------------------------------------------------------------------------------------------------
# Realistic boards

def realistic(n: int | None, seed: int) -> tuple[str, Position]:
    """A random but legal full board: 5 MMZ + an EMZ (some face-down, an Xyz with materials), a 10-card
    hand, a 15-card Extra Deck, Spells/Traps, and an opponent board with a Link in the other EMZ."""
    rng = random.Random(f"realistic-{seed}")
    p = pool()
    main = p.main_monsters
    spells = [c for c in p.spells_traps if "field" not in c.kinds]
    extra = p.extra
    board = PositionBuilder(turn=3)
    for zone in MMZ:
        roll = rng.random()
        if roll < 0.15:
            card = rng.choice(p.tokens)
            board.monster(zone, card.name, position=rng.choice(("attack", "defense")))
        elif roll < 0.35:
            card = rng.choice([c for c in extra if "link" not in c.kinds])
            _field_extra(board, rng, zone, card, main)
        else:
            card = rng.choice([c for c in main if "special_summon" not in c.kinds])
            board.monster(zone, card.name, position=rng.choice(("attack", "attack", "defense", "set")))
    side = rng.choice(("left", "right"))
    _field_extra(board, rng, side, rng.choice(extra), main)
    board.hand(*(c.name for c in rng.sample(main + spells, 10)))
    board.extra_deck(*(c.name for c in (rng.choice(extra) for _ in range(15))))
    for zone in rng.sample(MMZ, rng.randint(1, 4)):
        card = rng.choice(spells)
        board.spell_trap(zone, card.name, position="set" if "trap" in card.kinds or rng.random() < 0.5 else "face_up")
    board.graveyard(*(c.name for c in rng.sample(main, 4)))
    opponent = board.opponent
    for zone in rng.sample(MMZ, rng.randint(1, 4)):
        opponent.monster(zone, rng.choice(main).name, position=rng.choice(("attack", "defense", "set")))
    opponent.monster("right" if side == "left" else "left", rng.choice(p.link).name)
    for zone in rng.sample(MMZ, rng.randint(0, 3)):
        opponent.spell_trap(zone, rng.choice(spells).name, position="set")
    opponent.hand(*(c.name for c in rng.sample(main, 5)))
    return _name("realistic", None, seed), board.build()


def _field_extra(board: PositionBuilder, rng: random.Random, zone, card: Card, main: list[Card]) -> None:
    """An Extra Deck monster on the field: a Link face-up Attack, an Xyz with 1..2 materials attached."""
    if "link" in card.kinds:
        board.monster(zone, card.name)
    elif "xyz" in card.kinds:
        materials = [c.name for c in main if c.level == card.rank] or [rng.choice(main).name]
        board.monster(zone, card.name, position=rng.choice(("attack", "defense")),
                      materials=[rng.choice(materials) for _ in range(rng.randint(1, 2))])
    else:
        board.monster(zone, card.name, position=rng.choice(("attack", "defense")))


# --------------------------------------------------------------------------------------------------
# Ritual-wide, Pendulum-wide, Fusion-wide (registered once the solver has the action)

# Ritual Spells and the Ritual Monsters they can summon (names in the built-in pool).
RITUAL_PAIRS = (
    ("Machine Angel Ritual", "Cyber Angel Benten"),              # equal or exceed
    ("End of the World", "Demise, King of Armageddon"),          # exactly equal
    ("End of the World", "Ruin, Queen of Oblivion"),
    ("Contract with the Abyss", "Demise, King of Armageddon"),   # exactly equal, any DARK Ritual Monster
    ("Black Luster Ritual", "Black Luster Soldier"),             # 8 or more
    ("White Dragon Ritual", "Paladin of White Dragon"),          # 4 or more
    ("Dawn of the Herald", "Herald of Perfection"),              # exactly 6
    ("Prayers of the Voiceless Voice", "Ruin, Queen of Oblivion"),  # LIGHT Tributes, equal or exceed
)


def ritual_wide(n: int, seed: int) -> tuple[str, Position]:
    """n Tribute candidates, mostly of Levels 1..4 (many subsets reach a Ritual Monster's Level): up to 5
    on the field, the rest in the hand; three Ritual Spells with a Ritual Monster each, of both kinds:
    "equal or exceed" (no superfluous Tribute) and "exactly equal"."""
    rng = random.Random(f"ritual-{n}-{seed}")
    p = pool()
    board = PositionBuilder(turn=3)
    pairs = [pair for pair in RITUAL_PAIRS if pair[0] in p.by_name and pair[1] in p.by_name]
    chosen = rng.sample(pairs, min(3, len(pairs)))
    board.hand(*(spell for spell, _ in chosen))
    board.hand(*sorted({monster for _, monster in chosen}))
    small = [c for c in p.main_monsters if c.level and c.level <= 4 and "ritual" not in c.kinds]
    large = [c for c in p.main_monsters if c.level and 5 <= c.level <= 8 and "ritual" not in c.kinds]
    fodder = [rng.choice(small if rng.random() < 0.8 else large) for _ in range(n)]
    on_field = min(5, n // 2)
    for zone, card in zip(MMZ, fodder[:on_field]):
        board.monster(zone, card.name, position=rng.choice(("attack", "defense", "set")))
    board.hand(*(c.name for c in fodder[on_field:]))
    return _name("ritual", n, seed), board.build()


def _fixed_scale(card: Card) -> bool:
    """No Scale that changes by itself (Stargazer/Timegazer Magician); cards with a summon lock are out of
    every family (`plain`)."""
    return "Pendulum Scale becomes" not in card.text


def pendulum_wide(n: int, seed: int) -> tuple[str, Position]:
    """Pendulum Scales 0/1 and 8/9 in spell_trap_zones 1 and 5 (Master Rule 5), n Pendulum Summon
    candidates: about two thirds Main Deck monsters in the hand (Levels 1..8: a few outside the
    Scales), a third face-up Pendulum Monsters in the Extra Deck; most seeds put a Link Monster in the
    EMZ pointing at some Main Monster Zones (where the Extra Deck ones may go too)."""
    rng = random.Random(f"pendulum-{n}-{seed}")
    p = pool()
    board = PositionBuilder(turn=3)
    scales = [c for c in p.pendulum_main if c.scale is not None and _fixed_scale(c)]
    board.spell_trap(1, rng.choice([c for c in scales if c.scale <= 1]).name)
    board.spell_trap(5, rng.choice([c for c in scales if c.scale >= 8]).name)
    if rng.random() < 0.7:
        board.monster(rng.choice(("left", "right")), rng.choice([c for c in p.link if c.arrows & {"B", "BL", "BR"}]).name)
    from_extra = n // 3
    in_hand = [c for c in p.main_monsters if c.level and "special_summon" not in c.kinds and "ritual" not in c.kinds
               and _fixed_scale(c)]
    board.hand(*(rng.choice(in_hand).name for _ in range(n - from_extra)))
    board.extra_deck(*(rng.choice(scales).name for _ in range(from_extra)), face_up=True)
    return _name("pendulum", n, seed), board.build()


FUSION_TARGETS = ("Chimeratech Overdragon", "Mudragon of the Swamp", "Elemental HERO Absolute Zero", "Invoked Mechaba",
                  "Cyber Twin Dragon", "Cyber End Dragon", "Elemental HERO Flame Wingman", "Patissciel Couverture",
                  "Thousand Dragon", "Elder Entity Norden")


def fusion_wide(n: int, seed: int) -> tuple[str, Position]:
    """Polymerization in the hand, n candidate materials (up to 5 face-up on the field, the rest in the
    hand): Machines and Cyber Dragons ("Cyber Dragon" + 1+ Machine monsters: every subset), HEROes and
    WATER, Aleister and LIGHT, Pendulum Monsters, same Attribute / different Types (Mudragon), and a
    Synchro in the EMZ (Norden); the generic-slot Fusion Monsters in the Extra Deck."""
    rng = random.Random(f"fusion-{n}-{seed}")
    p = pool()
    board = PositionBuilder(turn=3)
    groups = [
        (0.35, [c for c in p.main_monsters if c.race == "Machine"] + p.named("Cyber Dragon") * 3),
        (0.15, [c for c in p.main_monsters if "HERO" in c.name]),
        (0.15, [c for c in p.main_monsters if c.attribute == "WATER"]),
        (0.10, [c for c in p.main_monsters if c.attribute == "LIGHT"] + p.named("Aleister the Invoker") * 2),
        (0.10, p.pendulum_main),
        (0.15, [c for c in p.main_monsters if c.level]),
    ]
    groups = [(weight, cards) for weight, cards in groups if cards]

    def material() -> Card:
        roll = rng.random() * sum(weight for weight, _ in groups)
        for weight, cards in groups:
            roll -= weight
            if roll <= 0:
                return rng.choice(cards)
        return rng.choice(groups[-1][1])

    materials = [material() for _ in range(n)]
    on_field = min(5, n // 3)
    for zone, card in zip(MMZ, materials[:on_field]):
        board.monster(zone, card.name, position=rng.choice(("attack", "defense")))
    if p.synchro:
        board.monster("left", rng.choice([c for c in p.synchro if c.level <= 6]).name)
    board.hand("Polymerization", *(c.name for c in materials[on_field:]))
    board.extra_deck(*(c.name for c in p.named(*FUSION_TARGETS)))
    return _name("fusion", n, seed), board.build()


# --------------------------------------------------------------------------------------------------
# Support probes

def _probe(action: str) -> Position:
    """The smallest position where a solver with `action` must offer it."""
    board = PositionBuilder(turn=3)
    if action == "synchro_summon":
        board.monster(1, "Junk Synchron").monster(2, "Speed Warrior").extra_deck("Junk Warrior")
    elif action == "xyz_summon":
        board.monster(1, "Celtic Guardian").monster(2, "Harpie Lady").extra_deck("Number 39: Utopia")
    elif action == "link_summon":
        board.monster(1, "Celtic Guardian").monster(2, "Harpie Lady").extra_deck("Proxy Dragon")
    elif action == "ritual_summon":
        board.hand("Black Luster Ritual", "Black Luster Soldier").monster(1, "Blue-Eyes White Dragon")
    elif action == "pendulum_summon":
        board.spell_trap(1, "Stargazer Magician").spell_trap(5, "Timegazer Magician").hand("Celtic Guardian")
    elif action == "fusion_summon":
        board.hand("Polymerization", "Elemental HERO Avian", "Elemental HERO Burstinatrix")
        board.extra_deck("Elemental HERO Flame Wingman")
    elif action == "activate_scale":
        board.hand("Dragonpulse Magician")
    elif action == "procedure_summon":
        board.hand("Lava Golem")
        board.opponent.monster(1, "Celtic Guardian").monster(2, "Harpie Lady")
    elif action == "activate":
        board.hand("Double Summon")
    elif action == "gemini_summon":
        board.monster(1, "Knight Day Grepher")
    else:
        raise ValueError(f"no probe for {action!r}")
    return board.build()


@lru_cache(maxsize=None)
def supported(action: str) -> bool:
    """Does the solver (the encodings of the installed package) produce `action` on a small probe?"""
    try:
        plays = legal_plays(_probe(action), actions=(action,))
    except Exception:  # noqa: BLE001 -- an encoding being written may fail in any way: not supported yet
        return False
    return any(play.action == action for play in plays)


@lru_cache(maxsize=None)
def reference_supports(action: str) -> bool:
    """Does `pysolver.reference` produce `action` on the same probe?"""
    from pysolver import reference
    try:
        plays = reference.legal_plays(_probe(action))
    except Exception:  # noqa: BLE001
        return False
    return any(play.action == action for play in plays)


# Actions every version of the reference enumerator has had (its first scope), and those it is probed for.
BASIC_ACTIONS = ("normal_summon", "set_monster", "flip_summon", "change_position", "declare_attack", "set_spell_trap",
                 "enter_battle_phase", "enter_main2", "end_turn")
PROBED_ACTIONS = ("synchro_summon", "xyz_summon", "link_summon", "ritual_summon", "fusion_summon", "pendulum_summon",
                  "activate_scale", "procedure_summon", "activate", "gemini_summon")


@lru_cache(maxsize=1)
def reference_actions() -> frozenset:
    """The actions `pysolver.reference` produces: pysolver and the reference are compared on the plays
    of these actions only (a mechanic the solver has and the reference lacks yet is timed, not compared)."""
    return frozenset(BASIC_ACTIONS) | {action for action in PROBED_ACTIONS if reference_supports(action)}


# --------------------------------------------------------------------------------------------------
# The registry

@dataclass(frozen=True)
class Family:
    name: str
    generate: Callable[[int | None, int], tuple[str, Position]]
    parameter: str                       # what n counts ("" for a family without a size)
    stresses: str                        # what the family stresses, for the READMEs
    quick_sizes: tuple
    full_sizes: tuple
    quick_seeds: tuple = (1,)
    full_seeds: tuple = (1, 2, 3)
    action: str | None = None            # the action the family needs (registered only when supported)

    def sizes(self, quick: bool) -> tuple:
        return self.quick_sizes if quick else self.full_sizes

    def seeds(self, quick: bool) -> tuple:
        return self.quick_seeds if quick else self.full_seeds

    def instances(self, quick: bool, sizes: tuple | None = None, seeds: tuple | None = None,
                  errors: list | None = None):
        """(n, seed, name, position) for every instance of a run, smallest first; `sizes` and `seeds`
        replace the family's own (a family without a size ignores `sizes`). With an `errors` list, an
        instance that cannot be generated is recorded there (and left out) instead of raising."""
        if self.quick_sizes == (None,):
            sizes = (None,)
        for n in sizes or self.sizes(quick):
            for seed in seeds or self.seeds(quick):
                try:
                    name, position = self.generate(n, seed)
                except Exception as error:  # noqa: BLE001 -- a card left the pool, a position is refused ...
                    if errors is None:
                        raise
                    errors.append({"family": self.name, "name": _name(self.name, n, seed), "n": n, "seed": seed,
                                   "error": f"cannot generate: {error.__class__.__name__}: {error}"})
                    continue
                yield n, seed, name, position


WIDE_SIZES = (6, 10, 15, 20, 40, 80, 160, 320, 640)
EXPONENTIAL_SIZES = (6, 8, 10, 12, 14, 16, 18, 20, 22, 24)
ALL_FAMILIES = (
    Family("synchro", synchro_wide, "Synchro Monsters in the Extra Deck (6 face-up candidates on the field)",
           "Level sums (#sum = Level), Tuner / non-Tuner slots, named and typed slots, Synchro-material "
           "slots; zones after the materials leave (ZN-5/ZN-6)", (6, 10), WIDE_SIZES, action="synchro_summon"),
    Family("xyz", xyz_wide, "Xyz Monsters in the Extra Deck (6 face-up candidates on the field)",
           "Level filters, fixed counts 2 and 3, open counts 2+ and 2..5, Attribute/Type filters; many "
           "equal-Level materials, so many subsets", (6, 10), WIDE_SIZES, action="xyz_summon"),
    Family("link", link_wide, "Link Monsters in the Extra Deck (6 face-up candidates on the field)",
           "Link Materials worth 1 or their Link Rating (projection onto the shown atoms), 2+ lines, "
           "conditions (different names, same Type, including a ...), linked zones from arrows (ZN-4/ZN-8)",
           (6, 10), WIDE_SIZES, action="link_summon"),
    Family("realistic", realistic, "",
           "everything at once on a plausible turn-3 board: Tribute Summons from a 10-card hand onto a full "
           "field, Flip Summons, Extra Deck summons from 15 cards, position changes, Spell/Trap Sets",
           (None,), (None,), quick_seeds=(1, 2, 3), full_seeds=tuple(range(1, 21))),
    Family("ritual", ritual_wide, "Tribute candidates (hand + field)",
           "subsets of Tributes from hand and field whose Levels equal or exceed / exactly equal the Ritual "
           "Monster's Level (exponential in n)", (6, 10), EXPONENTIAL_SIZES, action="ritual_summon"),
    Family("pendulum", pendulum_wide, "Pendulum Summon candidates (hand + face-up Extra Deck)",
           "subsets of up to 5 monsters between the Scales (hand, and face-up Extra Deck ones to the EMZ or "
           "linked zones), zones per card; the largest outputs", (6, 10), EXPONENTIAL_SIZES,
           action="pendulum_summon"),
    Family("fusion", fusion_wide, "Fusion Material candidates (hand + field)",
           "Polymerization with generic slots (1+ open counts, same Attribute / different Types) over hand "
           "and field materials (exponential in n)", (6, 10), EXPONENTIAL_SIZES, action="fusion_summon"),
)


def families(names: list[str] | None = None) -> list[Family]:
    """The registered families (those whose action the solver produces), optionally only `names`."""
    chosen = [f for f in ALL_FAMILIES if f.action is None or supported(f.action)]
    if names:
        unknown = set(names) - {f.name for f in ALL_FAMILIES}
        if unknown:
            raise SystemExit(f"unknown family {', '.join(sorted(unknown))}; use one of "
                             f"{', '.join(f.name for f in ALL_FAMILIES)}")
        chosen = [f for f in chosen if f.name in names]
    return chosen


def unregistered() -> dict[str, str]:
    """The families left out, and why."""
    return {f.name: f"the solver does not produce {f.action} yet" for f in ALL_FAMILIES
            if f.action is not None and not supported(f.action)}
