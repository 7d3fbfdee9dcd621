"""Hypothesis strategies: random valid positions built from the built-in card pool.

Positions are generated as dicts in the position file format (docs/position-format.md) and loaded
with `position_from_dict`, so every generated position also exercises the loader and its validation.

    from tests.strategies import positions, position_dicts
    @given(positions())
    def test_something(position): ...

`extra_deck_positions()` gives positions rich in Synchro / Xyz / Link Summons instead (see
`extra_deck_position_dicts`), `pendulum_ritual_fusion_positions()` positions rich in Pendulum Scales,
Pendulum, Ritual and Fusion Summons (see `pendulum_ritual_fusion_position_dicts`).

Card choices in `positions()` are biased towards what makes Normal Summons interesting: Level 5-8
monsters, cards whose text changes the Tribute rules (Kaiser Sea Horse, Obelisk, Barbaros, Gilford,
Swift Gaia ...), Tokens, and duplicates (a small "palette" of cards drawn first and reused, so identical copies in the
hand and on the field are common).
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from pysolver.cards.cardtext import unsupported_reason
from pysolver.cards.card import Card, default_cards
from pysolver.position.files import position_from_dict

RULES = ("master-rule-3", "master-rule-4", "master-rule-5")
SPECIAL_NAMES = (
    "Kaiser Sea Horse", "Obelisk the Tormentor", "Beast King Barbaros", "Gilford the Lightning",
    "Swift Gaia the Fierce Knight", "Fusilier Dragon, the Dual-Mode Beast", "The Wicked Dreadroot",
)


def _unsupported(card: Card) -> str | None:
    """Why pysolver fails closed on `card`: `cardtext.unsupported_reason`, and (while that does not yet
    cover them) the procedure and turn-clause readers of `pysolver.cards.effects` when they exist."""
    reason = unsupported_reason(card)
    if reason is not None:
        return reason
    try:
        from pysolver.cards import effects
    except ImportError:
        return None
    from pysolver.cards.reading import unread_clauses
    for clause in unread_clauses(card):
        if clause.lock and clause.scope not in ("attack", "battle", "target"):
            return f"an unread lock that refuses the position where it is in force: {clause.clause!r}"
    for reader in ("procedures", "clauses"):
        found = getattr(effects, reader, lambda card: None)(card)
        if isinstance(found, Exception):
            return str(found)
    return None


class Pool:
    """The built-in pool split into the groups the strategies draw from (card names, sorted)."""

    def __init__(self) -> None:
        # Cards pysolver fails closed on (unsupported text) are left out: they raise an error by design.
        cards = sorted((c for c in default_cards() if _unsupported(c) is None), key=lambda c: c.name)
        self.main_monsters = [c.name for c in cards if c.is_monster and not c.is_extra_deck
                              and "token" not in c.kinds]
        self.tribute_monsters = [c.name for c in cards if c.name in self.main_monsters and 5 <= (c.level or 0) <= 8]
        self.special = [name for name in SPECIAL_NAMES if name in {c.name for c in cards}]
        self.spells_traps = [c.name for c in cards if c.is_spell_trap and not c.is_monster]
        self.field_spells = [c.name for c in cards if c.name in self.spells_traps and "field" in c.kinds]
        self.extra = [c.name for c in cards if c.is_monster and c.is_extra_deck]
        self.tokens = [c.name for c in cards if "token" in c.kinds]
        self.pendulum_main = [c.name for c in cards if c.name in self.main_monsters and "pendulum" in c.kinds]
        self.interesting = self.special + self.tribute_monsters
        self.by_name = {c.name: c for c in cards}

    def card(self, name: str) -> Card:
        return self.by_name[name]


@lru_cache(maxsize=1)
def pool() -> Pool:
    return Pool()


def _names(names: list[str]):
    return st.sampled_from(names) if names else st.nothing()


def hand_cards(palette: list[str] | None = None):
    """One Main Deck card for a hand: monsters of every Level, Spells, Traps; biased to the interesting
    ones and to the palette (duplicates)."""
    p = pool()
    options = [_names(p.special), _names(p.tribute_monsters), _names(p.main_monsters), _names(p.spells_traps)]
    if palette:
        options.insert(0, st.sampled_from(palette))
    return st.one_of(*options)


def field_monster_cards(palette: list[str] | None = None):
    """One card for a Main Monster Zone: any monster, Tokens and Extra Deck monsters too."""
    p = pool()
    options = [_names(p.special), _names(p.tribute_monsters), _names(p.main_monsters), _names(p.tokens),
               _names(p.extra)]
    if palette:
        options.insert(0, st.sampled_from(palette))
    return st.one_of(*options)


@st.composite
def monster_entry(draw, name: str, *, own: bool, turn: int, phase: str) -> dict:
    """A monster in a zone in a random legal state: Links only in Attack Position, Tokens never Set;
    `set_this_turn` only for face-down monsters (and then it was summoned this turn too); `attacked`
    only after a Battle Phase could have happened (turn > 1, not in Main Phase 1)."""
    card = pool().card(name)
    if "link" in card.kinds:
        positions = ["attack"]
    elif "token" in card.kinds:
        positions = ["attack", "defense"]
    else:
        positions = ["attack", "defense", "set"]
    position = draw(st.sampled_from(positions))
    entry: dict = {"card": name, "position": position}
    if own:
        set_this_turn = position == "set" and draw(st.booleans())
        entry["set_this_turn"] = set_this_turn
        entry["summoned_this_turn"] = set_this_turn or draw(st.booleans())
        entry["position_changed"] = draw(st.booleans())
        entry["attacked"] = (turn > 1 and phase != "main1" and not set_this_turn and draw(st.booleans()))
    else:
        entry["summoned_this_turn"] = draw(st.booleans())
    if "xyz" in card.kinds:
        entry["materials"] = draw(st.lists(_names(pool().main_monsters), max_size=2))
    return entry


@st.composite
def _some_zones(draw, count_max: int = 5) -> list[int]:
    """A random subset of zones 1..5, its size uniform (so full rows are common)."""
    count = draw(st.integers(0, count_max))
    return sorted(draw(st.permutations([1, 2, 3, 4, 5]))[:count])


@st.composite
def player_dict(draw, *, own: bool, turn: int, phase: str, emz_side: str | None,
                hand_palette: list[str], field_palette: list[str], max_hand: int) -> dict:
    """One player's cards: hand, Deck, Extra Deck, GY, monsters (MMZs and maybe one EMZ), Spells/Traps."""
    p = pool()
    data: dict = {"lp": draw(st.sampled_from([8000, 8000, 4000, 100]))}
    data["hand"] = draw(st.lists(hand_cards(hand_palette), max_size=max_hand))
    data["deck"] = draw(st.lists(hand_cards(), max_size=2))
    extra = draw(st.lists(_names(p.extra), max_size=3))
    face_up = draw(st.lists(_names(p.pendulum_main), max_size=1)) if p.pendulum_main else []
    data["extra_deck"] = extra + [{"card": name, "face_up": True} for name in face_up]
    data["graveyard"] = draw(st.lists(st.one_of(hand_cards(), _names(p.extra)), max_size=3))
    data["monster_zones"] = {
        zone: draw(monster_entry(draw(field_monster_cards(field_palette)), own=own, turn=turn, phase=phase))
        for zone in draw(_some_zones())
    }
    if emz_side is not None:
        data["extra_monster_zones"] = {
            emz_side: draw(monster_entry(draw(_names(p.extra)), own=own, turn=turn, phase=phase))}
    spells = {}
    for zone in draw(_some_zones()):
        entry = {"card": draw(_names(p.spells_traps)), "position": draw(st.sampled_from(["face_up", "set"]))}
        if entry["position"] == "set":
            entry["set_this_turn"] = draw(st.booleans())
        spells[zone] = entry
    data["spell_trap_zones"] = spells
    if p.field_spells and draw(st.booleans()):
        data["field_zone"] = draw(_names(p.field_spells))
    return data


@st.composite
def position_dicts(draw, *, rules: str | None = None, max_hand: int = 6) -> dict:
    """A random position in the file format (a dict), valid for `position_from_dict`.

    Random rules (Master Rule 3/4/5), turn 1..5, phase (never battle on turn 1), turn player,
    normal_summon_used; 0..max_hand hand cards; both players' monsters in random zones and states;
    under Master Rule 4/5 sometimes an Extra Monster Zone monster (at most one per player, never both
    players on the same side); some Spell & Trap Zones filled; a few Extra Deck cards.
    """
    p = pool()
    rules = rules or draw(st.sampled_from(RULES))
    turn = draw(st.integers(1, 5))
    phase = draw(st.sampled_from(["main1", "main2"] if turn == 1 else ["main1", "battle", "main2"]))
    turn_player = draw(st.integers(0, 1))
    own_emz = opponent_emz = None
    if rules != "master-rule-3":
        own_emz = draw(st.sampled_from([None, None, "left", "right"]))
        opponent_emz = draw(st.sampled_from([None, None] + [side for side in ("left", "right") if side != own_emz]))
    # A few cards drawn first and reused: identical copies in the hand and on the field.
    palette = draw(st.lists(st.one_of(_names(p.interesting), _names(p.main_monsters), _names(p.tokens)),
                            min_size=1, max_size=3))
    hand_palette = [name for name in palette if name in p.main_monsters]
    own = draw(player_dict(own=True, turn=turn, phase=phase, emz_side=own_emz, hand_palette=hand_palette,
                           field_palette=palette, max_hand=max_hand))
    opponent = draw(player_dict(own=False, turn=turn, phase=phase, emz_side=opponent_emz, hand_palette=[],
                                field_palette=[], max_hand=3))
    players = [own, opponent] if turn_player == 0 else [opponent, own]
    return {
        "format": "pysolver-position/1",
        "rules": rules,
        "turn": turn,
        "phase": phase,
        "turn_player": turn_player,
        "this_turn": {"normal_summon_used": draw(st.sampled_from([False, False, True]))},
        "players": players,
    }


def positions(*, rules: str | None = None, max_hand: int = 6):
    """Random valid `Position` objects from the built-in pool (loaded through `position_from_dict`)."""
    return position_dicts(rules=rules, max_hand=max_hand).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Positions rich in Extra Deck summons (Synchro, Xyz, Link)

class ExtraPool:
    """The built-in pool split for Extra Deck summons: Main Deck Tuners / non-Tuners of Levels 1..8,
    Tokens, and the Synchro / Xyz / Link Monsters whose material line is supported (the solver refuses
    the others: Salamangreat Almiraj, Starving Venom Fusion Dragon)."""

    def __init__(self) -> None:
        from pysolver.cards.cardtext import material_requirement
        from pysolver.cards.requirements import Requirement
        from pysolver.cards.written import link_extra_material

        p = pool()
        cards = [p.card(name) for name in sorted(p.by_name)]
        supported = {c.name for c in cards if c.is_extra_deck
                     and isinstance(material_requirement(c), Requirement)}
        main = [c for c in cards if c.name in p.main_monsters and c.level is not None and 1 <= c.level <= 8]
        self.tuners = [c.name for c in main if "tuner" in c.kinds]
        self.non_tuners = [c.name for c in main if "tuner" not in c.kinds]
        self.by_level = {level: [c.name for c in main if c.level == level] for level in range(1, 9)}
        self.tokens = list(p.tokens)
        self.synchros = [c.name for c in cards if c.name in supported and "synchro" in c.kinds]
        self.xyzs = [c.name for c in cards if c.name in supported and "xyz" in c.kinds]
        self.links = [c.name for c in cards if c.name in supported and "link" in c.kinds]
        self.arrowed_links = [name for name in self.links if p.card(name).arrows]
        self.extra_material_links = [name for name in self.links if link_extra_material(p.card(name))]   # LNK-1
        self.named = [name for name in ("Junk Synchron", "Turbo Synchron", "Genex Controller", "Majestic Dragon",
                                        "Stardust Dragon", "Formula Synchron") if name in p.by_name]
        # XYZ-4: Xyz Monsters with an alternative procedure, and for each the monsters it can be summoned on
        from pysolver.cards.extra_deck_text import alternative_xyz
        from pysolver.reference.plays import _matches, _Stand
        monsters = [c for c in cards if c.is_monster and "token" not in c.kinds]
        self.alternatives = {c.name: [m.name for m in monsters if _matches(alternative_xyz(c).filter, _Stand(m))]
                             for c in cards if c.name in supported and alternative_xyz(c) is not None}
        self.alternative_bases = sorted({name for bases in self.alternatives.values() for name in bases})
        # SYN-1: Synchro Monsters whose text lets 1 monster be treated as the Tuner (Chaos Angel, Junora), and
        # for each the main monsters that may be (a board without any Tuner can summon them)
        from pysolver.cards.written import tuner_substitute
        self.tuner_substitutes = {c.name: [m.name for m in main if _matches(tuner_substitute(c).filter, _Stand(m))]
                                  for c in cards if c.name in self.synchros and tuner_substitute(c) is not None}


@lru_cache(maxsize=1)
def extra_pool() -> ExtraPool:
    return ExtraPool()


@st.composite
def _field_monster(draw, name: str, *, own: bool, turn: int, phase: str, face_down_ok: bool = True) -> dict:
    """A monster entry, face-up most of the time (a face-down one is never material)."""
    card = pool().card(name)
    if "link" in card.kinds:
        position = "attack"
    elif "token" in card.kinds or not face_down_ok:
        position = draw(st.sampled_from(["attack", "attack", "defense"]))
    else:
        position = draw(st.sampled_from(["attack", "attack", "defense", "defense", "set"]))
    entry: dict = {"card": name, "position": position}
    if own:
        set_this_turn = position == "set" and draw(st.booleans())
        entry["set_this_turn"] = set_this_turn
        entry["summoned_this_turn"] = set_this_turn or draw(st.booleans())
        entry["attacked"] = turn > 1 and phase != "main1" and not set_this_turn and draw(st.booleans())
    if "xyz" in card.kinds and draw(st.booleans()):
        entry["materials"] = draw(st.lists(_names(extra_pool().non_tuners), min_size=1, max_size=2))
    # how it came to the field ("Cannot be used as Link Material the turn it is Link Summoned"): its own
    # Summon procedure, or (without `summoned_as`) another Special Summon
    kinds = [kind for kind in ("fusion", "synchro", "xyz", "link", "ritual", "pendulum") if kind in card.kinds]
    if kinds and draw(st.booleans()):
        entry["summoned_as"] = kinds[0]
    # MAT-7: where it was Special Summoned from (a Fusion/Synchro/Xyz/Link Summon says the Extra Deck itself)
    if "token" not in card.kinds and entry.get("summoned_as") not in ("fusion", "synchro", "xyz", "link") \
            and draw(st.booleans()):
        places = {"ritual": ["hand", "graveyard"], "pendulum": ["hand", "extra_deck"]}.get(
            entry.get("summoned_as"), ["hand", "graveyard", "deck", "banished"]
            + (["extra_deck"] if card.is_extra_deck or "pendulum" in card.kinds else []))
        entry["special_summoned_from"] = draw(st.sampled_from(places))
    return entry


class _AsTuner:
    """A card counted as a Tuner by `_synchro_sums` (SYN-1: a monster a Synchro Monster treats as its Tuner)."""

    def __init__(self, card: Card):
        self.name, self.level, self.kinds = card.name, card.level, card.kinds | {"tuner"}


def _synchro_sums(cards: list[Card]) -> set[int]:
    """Level sums of 1 Tuner + 1 or more non-Tuners among `cards` (what a generic Synchro needs)."""
    sums = {0}
    for card in cards:
        if "tuner" not in card.kinds:
            sums |= {total + card.level for total in sums}
    sums.discard(0)
    return {card.level + total for card in cards if "tuner" in card.kinds for total in sums}


@st.composite
def _treated_tuner_plan(draw) -> tuple[str, list[str]]:
    """SYN-1: a Synchro Monster that treats 1 monster as its Tuner, and monsters for its summon without a
    Tuner: one it may treat as the Tuner and 1 or 2 non-Tuners (preferably ones it also accepts: LIGHT or
    DARK for Chaos Angel) whose Levels make up its Level."""
    p, e = pool(), extra_pool()
    synchro = draw(st.sampled_from(sorted(e.tuner_substitutes)))
    level = p.card(synchro).level
    accepted = [n for n in e.tuner_substitutes[synchro] if n in e.non_tuners and p.card(n).level < level]
    treated = draw(_names(accepted))
    rest = level - p.card(treated).level
    parts = draw(st.sampled_from([[rest]] + [[a, rest - a] for a in range(1, rest) if rest - a <= 8]))
    names = [treated]
    for part in parts:
        wanted = [n for n in e.by_level.get(part, []) if n in e.non_tuners]
        preferred = [n for n in wanted if n in e.tuner_substitutes[synchro]]
        names.append(draw(st.one_of(_names(preferred), _names(wanted))) if wanted else treated)
    return synchro, names


@st.composite
def _xyz_level_plan(draw, links_ok: bool) -> tuple[str, list[str]] | None:
    """XYZ-1: an Xyz Monster and two monsters for its Xyz Summon where one counts as another Level: a Link-2
    or Rank 4 monster for Gigantic Spright / Eclipse Twins, or a monster whose text lets it be treated as
    another Level (Star Drawing as Level 5, Buzzsaw Shark as Level 3 or 5 for a WATER Xyz Monster)."""
    from pysolver.cards.written import xyz_levels, xyz_treated_level
    p, e = pool(), extra_pool()
    treating = [n for n in e.xyzs if xyz_treated_level(p.card(n)) is not None
                and (links_ok or xyz_treated_level(p.card(n)).stat != "link_rating")]
    own = [n for n in e.non_tuners + e.tuners if xyz_levels(p.card(n)) is not None]
    if treating and draw(st.booleans()):
        xyz = draw(st.sampled_from(treating))
        treats = xyz_treated_level(p.card(xyz))
        counted = [n for n in sorted(p.by_name) if n in e.links + e.xyzs
                   and getattr(p.card(n), treats.stat) == treats.value]
        others = counted + e.by_level.get(treats.level, [])
        return xyz, [draw(_names(counted)), draw(_names(others))]
    if not own:
        return None
    material = draw(st.sampled_from(own))
    level = draw(st.sampled_from(xyz_levels(p.card(material)).levels))
    xyzs = [n for n in e.xyzs if p.card(n).rank == level]
    if not xyzs:
        return None
    return draw(st.sampled_from(xyzs)), [material, draw(_names(e.by_level.get(level, [])))]


@st.composite
def extra_deck_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A random position in the file format, rich in Synchro / Xyz / Link Summons.

    Random rules (Master Rule 3/4/5; Link Monsters only under 4/5: under Master Rule 3 they are left out
    of the whole position), turn 2..4, Main Phase 1 or 2 mostly, either turn player; 2..5 own monsters
    from a small palette (Tuners and non-Tuners of one or two favoured Levels, Tokens, identical copies),
    sometimes an Xyz or Link Monster or a face-down one; under Master Rule 4/5 sometimes an own EMZ
    monster (often a Link with arrows) and sometimes an opponent's Link in the other EMZ; a few
    opponent monsters; an Extra Deck of 2..6 Synchro/Xyz/Link Monsters, biased to ones the board can
    summon, with duplicates; a small hand.
    """
    p, e = pool(), extra_pool()
    rules = rules or draw(st.sampled_from(RULES))
    links_ok = rules != "master-rule-3"
    turn = draw(st.integers(2, 4))
    phase = draw(st.sampled_from(["main1", "main1", "main2", "main2", "main2", "battle"]))
    turn_player = draw(st.integers(0, 1))

    # The palette: copies and equal Levels are the point (two materials of one Level both count).
    level = draw(st.integers(1, 8))
    second = draw(st.integers(1, 8))
    favoured = e.by_level[level] + e.by_level[second]
    tuner_options = [name for name in e.tuners if p.card(name).level in (level, second)] or e.tuners
    palette = draw(st.lists(st.one_of(_names(favoured), _names(favoured), _names(e.tuners), _names(e.named),
                                      _names(e.tokens)), min_size=1, max_size=3))
    field_options = [st.sampled_from(palette)] * 4 + [_names(e.tuners), _names(e.non_tuners), _names(e.tokens),
                                                      _names(e.xyzs), _names(e.synchros), _names(e.alternative_bases),
                                                      _names(e.alternative_bases)]
    if links_ok:
        field_options.append(_names(e.links))
    count = draw(st.integers(2, 5))
    names = [draw(st.sampled_from(palette))] * draw(st.integers(1, 3))    # identical copies
    if draw(st.integers(0, 3)):                                            # a Tuner, 3 times in 4
        names.insert(0, draw(_names(tuner_options)))
    if not draw(st.integers(0, 3)):                                        # XYZ-4: a monster to summon on
        names.insert(0, draw(_names(e.alternative_bases)))
    planned = draw(_treated_tuner_plan()) if e.tuner_substitutes and not draw(st.integers(0, 2)) else None
    if planned:                                                            # SYN-1: no Tuner, Levels that add up
        names = planned[1] + names
        count = max(count, len(planned[1]))
    leveled = draw(_xyz_level_plan(links_ok)) if not draw(st.integers(0, 3)) else None
    if leveled:                                                            # XYZ-1: materials of another Level
        names = leveled[1] + names
        count = max(count, len(leveled[1]))
    names += draw(st.lists(st.one_of(*field_options), min_size=max(0, count - len(names)),
                           max_size=max(0, count - len(names))))
    names = draw(st.permutations(names[:count]))
    zones = sorted(draw(st.permutations([1, 2, 3, 4, 5]))[:len(names)])
    mine = {zone: draw(_field_monster(name, own=True, turn=turn, phase=phase)) for zone, name in zip(zones, names)}

    own_emz = opponent_emz = None
    if links_ok:
        own_emz = draw(st.sampled_from([None, None, "left", "right"]))
        opponent_emz = draw(st.sampled_from([None, None] + [s for s in ("left", "right") if s != own_emz]))
    me: dict = {"lp": 8000}
    if own_emz is not None:
        name = draw(st.one_of(_names(e.arrowed_links), _names(e.arrowed_links), _names(e.synchros),
                              _names(e.xyzs)))
        me["extra_monster_zones"] = {own_emz: draw(_field_monster(name, own=True, turn=turn, phase=phase,
                                                                  face_down_ok=False))}

    # The Extra Deck, biased to what the face-up monsters could make.
    face_up = [p.card(entry["card"]) for entry in mine.values() if entry["position"] != "set"]
    if own_emz is not None:
        face_up.append(p.card(me["extra_monster_zones"][own_emz]["card"]))
    with_level = [c for c in face_up if c.level is not None and not c.kinds & {"xyz", "link"}]
    sums = _synchro_sums(with_level)
    reachable = [name for name in e.synchros if p.card(name).level in sums]
    levels = [c.level for c in with_level if "token" not in c.kinds]
    reachable += [name for name in e.xyzs if levels.count(p.card(name).rank) >= 2]
    # XYZ-1: materials that count as another Level (Star Drawing), Xyz Monsters that count Link-2 / Rank 4
    # monsters as a Level (Gigantic Spright, Eclipse Twins)
    from pysolver.cards.written import xyz_levels, xyz_treated_level
    other_levels = [level for c in face_up if "token" not in c.kinds and xyz_levels(c) is not None
                    for level in xyz_levels(c).levels]
    for name in e.xyzs:
        treats = xyz_treated_level(p.card(name))
        extra_ones = sum(getattr(c, treats.stat) == treats.value for c in face_up) if treats else 0
        if levels.count(p.card(name).rank) + other_levels.count(p.card(name).rank) + extra_ones >= 2:
            reachable.append(name)
    if links_ok:
        reachable += [name for name in e.links if p.card(name).link_rating <= len(face_up) + 1]
        # LNK-1: a Link Monster that can also use 1 monster the opponent controls or 1 in the hand
        reachable += [name for name in e.extra_material_links if p.card(name).link_rating <= len(face_up) + 2]
    alternative = [name for name, bases in e.alternatives.items() if any(c.name in bases for c in face_up)]
    reachable += alternative                                                    # XYZ-4
    # SYN-1: a Synchro Monster that treats 1 monster as its Tuner, reachable without a Tuner
    reachable += [name for name, treated in e.tuner_substitutes.items()
                  if any(c.name in treated for c in with_level)
                  and p.card(name).level in _synchro_sums([c if c.name not in treated else _AsTuner(c)
                                                           for c in with_level])]
    ed_options = [_names(e.synchros), _names(e.xyzs)] + ([_names(e.links)] if links_ok else [])
    if links_ok and e.extra_material_links:
        ed_options.append(_names(e.extra_material_links))
    if reachable:
        ed_options += [_names(reachable)] * 4
    extra = [draw(_names(reachable))] if reachable and draw(st.integers(0, 3)) else []
    if alternative and draw(st.booleans()):
        extra.append(draw(_names(alternative)))
    if e.tuner_substitutes and not draw(st.integers(0, 3)):                # SYN-1: treat 1 monster as a Tuner
        extra.append(draw(_names(sorted(e.tuner_substitutes))))
    if planned:
        extra.append(planned[0])
    if leveled:
        extra.append(leveled[0])
    extra += draw(st.lists(st.one_of(*ed_options), min_size=max(0, 2 - len(extra)), max_size=max(0, 4 - len(extra))))
    extra += draw(st.lists(st.sampled_from(extra), max_size=2))          # duplicates
    me["extra_deck"] = draw(st.permutations(extra))
    me["monster_zones"] = mine
    me["hand"] = draw(st.lists(hand_cards(palette=[n for n in palette if n in p.main_monsters]), max_size=2))

    opponent: dict = {"lp": 8000}
    theirs = {}
    opponent_names = [_names(e.non_tuners), _names(e.synchros)] + ([_names(e.links)] if links_ok else [])
    for zone in draw(_some_zones(3)):
        theirs[zone] = draw(_field_monster(draw(st.one_of(*opponent_names)), own=False, turn=turn, phase=phase))
    opponent["monster_zones"] = theirs
    if opponent_emz is not None:
        opponent["extra_monster_zones"] = {opponent_emz: draw(_field_monster(
            draw(st.one_of(_names(e.arrowed_links), _names(e.arrowed_links), _names(e.synchros))),
            own=False, turn=turn, phase=phase, face_down_ok=False))}

    # XYZ-4's once per turn: sometimes one of the Extra Deck's alternative cards was already Xyz Summoned
    # this turn, by its alternative procedure or by its line.
    events = []
    done = [name for name in extra if name in e.alternatives]
    if done and draw(st.booleans()):
        events.append({"summon": "xyz", "card": draw(st.sampled_from(done)), "from": "extra_deck",
                       "player": turn_player, "alternative": draw(st.booleans())})

    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {
        "format": "pysolver-position/1",
        "rules": rules,
        "turn": turn,
        "phase": phase,
        "turn_player": turn_player,
        "this_turn": {"normal_summon_used": draw(st.booleans()), "events": events},
        "players": players,
    }


def extra_deck_positions(rules: str | None = None):
    """Random valid `Position` objects rich in Extra Deck summons (see `extra_deck_position_dicts`)."""
    return extra_deck_position_dicts(rules=rules).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Positions rich in Pendulum, Ritual and Fusion Summons

class SpecialPool:
    """The built-in pool split for Pendulum, Ritual and Fusion Summons (supported cards only): Pendulum
    Monsters by scale, Ritual Spells and the Ritual Monsters they summon, whole-Tribute monsters,
    Normal Monsters (Advanced Ritual Art), Fusion Spells, the Fusion Monsters whose line is supported
    with the cards their lines name, Fusion Substitutes, and cards with material rules."""

    def __init__(self) -> None:
        from pysolver.cards.cardtext import (MaterialRules, RitualSpell, fusion_spell, fusion_substitute,
                                             material_requirement, material_rules, ritual_spell)
        from pysolver.cards.locks import summon_locks
        from pysolver.cards.requirements import Atom, Or, Requirement

        p = pool()
        cards = [p.card(name) for name in sorted(p.by_name)]
        main = [c for c in cards if c.name in p.main_monsters]
        self.pendulums = [c.name for c in main if "pendulum" in c.kinds and c.scale is not None]
        self.low_scales = [name for name in self.pendulums if p.card(name).scale <= 2]
        self.high_scales = [name for name in self.pendulums if p.card(name).scale >= 7]
        self.locking_scales = [name for name in self.pendulums
                               if any(lock.where == "pendulum" for lock in summon_locks(p.card(name)))]
        self.extra_pendulums = [c.name for c in cards if c.is_extra_deck and "pendulum" in c.kinds]
        self.by_level = {level: [c.name for c in main if c.level == level] for level in range(1, 13)}
        self.ritual_spells = [c.name for c in cards if isinstance(ritual_spell(c), RitualSpell)]
        self.ritual_monsters = [c.name for c in main if {"ritual", "monster"} <= c.kinds]
        self.ritual_pairs = [(spell, monster) for spell in self.ritual_spells for monster in self.ritual_monsters
                             if _ritual_target(ritual_spell(p.card(spell)).targets, p.card(monster))]
        # RIT-1, RIT-3: Ritual Spells that reach into the GY (Chaos Form, Revendread Origin): the Main Deck
        # monsters they may banish from there
        from pysolver.reference.plays import _matches as matches, _Stand as stand
        self.ritual_banishable = {spell: [m.name for m in main if m.level and not m.kinds & {"xyz", "link"}
                                          and matches(ritual_spell(p.card(spell)).banish_filter, stand(m))]
                                  for spell in self.ritual_spells
                                  if ritual_spell(p.card(spell)).banish_filter is not None}
        self.whole_tributes = [c.name for c in main if isinstance(material_rules(c), MaterialRules)
                               and material_rules(c).whole_ritual_tribute is not None]
        self.normal_monsters = [c.name for c in main if "normal" in c.kinds and c.level]
        self.fusion_spells = [c.name for c in cards if fusion_spell(c)]
        self.substitutes = [c.name for c in main if fusion_substitute(c)]
        self.fusions = [c.name for c in cards
                        if "fusion" in c.kinds and isinstance(material_requirement(c), Requirement)]
        from pysolver.cards.effects import contact_fusion
        from pysolver.reference.plays import _matches, _Stand
        self.contacts = [name for name in self.fusions if contact_fusion(p.card(name)) is not None]   # SP-1
        # the Main Deck monsters that fill some slot of a Contact Fusion's line
        self.contact_materials = {name: [m.name for m in main if any(_matches(group.filter, _Stand(m))
                                                                     for group in material_requirement(p.card(name)).groups)]
                                  for name in self.contacts}

        def names(term) -> list[str]:
            if isinstance(term, Atom):
                return [term.value] if term.key == "name" else []
            return [n for part in term.parts for n in names(part)] if isinstance(term, Or) else []

        folded = {name.casefold(): name for name in p.main_monsters}
        self.named_materials = {}
        for name in self.fusions:
            named = [n for group in material_requirement(p.card(name)).groups for n in names(group.filter)]
            self.named_materials[name] = [folded[n.casefold()] for n in named if n.casefold() in folded]
        self.material_rule_cards = [c.name for c in main if isinstance(material_rules(c), MaterialRules)
                                    and material_rules(c) != MaterialRules()]
        self.synchros = extra_pool().synchros
        self.xyzs = extra_pool().xyzs
        self.arrowed_links = extra_pool().arrowed_links
        self.tuners = extra_pool().tuners
        self.tokens = list(p.tokens)
        self.other_spells = [name for name in p.spells_traps if name not in self.ritual_spells + self.fusion_spells
                             and "field" not in p.card(name).kinds]


def _ritual_target(term, card: Card) -> bool:
    """Does a Ritual Spell's target filter (names, kinds, Attributes, archetypes) let `card` through?"""
    from pysolver.cards.requirements import And, Or
    if isinstance(term, And):
        return all(_ritual_target(part, card) for part in term.parts)
    if isinstance(term, Or):
        return any(_ritual_target(part, card) for part in term.parts)
    if term.key == "name":
        return card.name.casefold() == str(term.value).casefold()
    if term.key == "kind":
        return term.value in card.kinds
    if term.key == "attribute":
        return card.attribute == term.value
    if term.key == "archetype":
        return card.in_archetype(term.value)
    return True


@lru_cache(maxsize=1)
def special_pool() -> SpecialPool:
    return SpecialPool()


@st.composite
def pendulum_ritual_fusion_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A random position in the file format, rich in Pendulum, Ritual and Fusion Summons.

    Random rules (Link Monsters only under Master Rule 4/5), turn 2..4, mostly a Main Phase, either
    turn player, the Pendulum Summon sometimes used. Pendulum Scales in place most of the time (a low
    and a high one, sometimes only one, sometimes Qliphort Scout), with hand monsters of Levels between
    them and face-up Extra Deck Pendulum Monsters (sometimes not properly summoned); Ritual Spells (in
    the hand or Set) with Ritual Monsters they summon and Tributes in the hand and on the field,
    whole-Tribute monsters, Advanced Ritual Art with Normal Monsters in the Deck; Polymerization (hand or
    Set) with Fusion Monsters and the materials their lines name, generic ones, King of the Swamp; Contact
    Fusion Monsters with their materials on the field, in the hand and in the GY;
    sometimes a full Main Monster Zone row or full Spell & Trap Zones; identical copies throughout.
    """
    p, s = pool(), special_pool()
    rules = rules or draw(st.sampled_from(RULES))
    links_ok = rules != "master-rule-3"
    turn = draw(st.integers(2, 4))
    phase = draw(st.sampled_from(["main1", "main1", "main2", "main2", "battle"]))
    turn_player = draw(st.integers(0, 1))

    # Pendulum Scales
    scales = []
    how_many = draw(st.sampled_from([0, 1, 1, 2, 2, 2]))
    if how_many:
        low = draw(_names(s.low_scales))
        high = draw(st.one_of(_names(s.high_scales), _names(s.high_scales), _names(s.locking_scales),
                              _names(s.pendulums)))
        scales = [low, high][:how_many]
        if draw(st.booleans()):
            scales.reverse()
    levels = sorted(p.card(name).scale for name in scales)
    between = [n for level in range(levels[0] + 1, levels[-1]) for n in s.by_level.get(level, [])] \
        if len(levels) == 2 else []

    # What the turn is about: copies of a few cards, drawn first.
    fusion = draw(st.one_of(_names(s.fusions), _names(s.contacts)))   # Contact Fusions too (SP-1)
    material_names = s.named_materials.get(fusion, []) or s.contact_materials.get(fusion, [])
    reaching = [pair for pair in s.ritual_pairs if pair[0] in s.ritual_banishable]   # into the GY (RIT-1, RIT-3)
    ritual_spell, ritual_monster = draw(st.sampled_from(s.ritual_pairs) | st.sampled_from(reaching))
    themes = [_names(s.pendulums), _names(s.ritual_monsters), _names(s.whole_tributes), _names(s.substitutes),
              _names(s.material_rule_cards), _names(s.tuners)]
    if between:
        themes += [_names(between)] * 3
    if material_names:
        themes += [st.sampled_from(material_names)] * 2
    palette = draw(st.lists(st.one_of(*themes), min_size=1, max_size=3))
    hand = []
    if draw(st.integers(0, 2)):                                    # a Ritual Summon in the making
        hand += [ritual_spell] * draw(st.integers(1, 2)) + [ritual_monster] * draw(st.integers(1, 2))
    if draw(st.integers(0, 2)):                                    # a Fusion Summon in the making
        hand += [draw(_names(s.fusion_spells))] + draw(st.lists(st.sampled_from(material_names or palette),
                                                                 max_size=3))
    if between and draw(st.integers(0, 3)):                          # a Pendulum Summon in the making
        hand += draw(st.lists(_names(between), min_size=1, max_size=2))
    if len(scales) < 2 and draw(st.booleans()):                      # a scale to activate
        hand += draw(st.lists(_names(s.pendulums), min_size=1, max_size=2))
    hand_options = [st.sampled_from(palette)] * 3 + [
        _names(s.fusion_spells), _names(s.ritual_spells), _names(s.ritual_monsters), _names(s.pendulums),
        _names(p.main_monsters), _names(s.other_spells), _names(s.whole_tributes), _names(s.substitutes)]
    if between:
        hand_options += [_names(between)] * 2
    if material_names:
        hand_options += [st.sampled_from(material_names)] * 2
    hand += draw(st.lists(st.one_of(*hand_options), max_size=4))
    hand = draw(st.permutations(hand[:8]))

    # The field
    field_options = [st.sampled_from(palette)] * 3 + [_names(p.main_monsters), _names(s.tokens),
                                                       _names(s.synchros), _names(s.xyzs)]
    if material_names:
        field_options.append(st.sampled_from(material_names))
    if links_ok:
        field_options.append(_names(s.arrowed_links))
    zones = draw(st.sampled_from([[1, 2, 3, 4, 5]]) | _some_zones())
    mine = {zone: draw(_field_monster(draw(st.one_of(*field_options)), own=True, turn=turn, phase=phase))
            for zone in zones}
    contact_graveyard = []
    if fusion in s.contacts and s.contact_materials[fusion] and draw(st.integers(0, 2)):   # a Contact Fusion in
        for name in draw(st.lists(st.sampled_from(s.contact_materials[fusion]), min_size=2, max_size=3)):  # the making
            where = draw(st.sampled_from(["field", "field", "graveyard", "hand"]))
            if where == "field":
                mine[draw(st.integers(1, 5))] = draw(_field_monster(name, own=True, turn=turn, phase=phase))
            elif where == "graveyard":
                contact_graveyard.append(name)
            else:
                hand = hand + [name]
    me: dict = {"lp": 8000, "hand": hand[:8], "monster_zones": dict(sorted(mine.items()))}
    own_emz = opponent_emz = None
    if links_ok:
        own_emz = draw(st.sampled_from([None, None, None, "left", "right"]))
        opponent_emz = draw(st.sampled_from([None, None] + [side for side in ("left", "right") if side != own_emz]))
    if own_emz is not None:
        name = draw(st.one_of(_names(s.arrowed_links), _names(s.arrowed_links), _names(s.synchros),
                              _names(s.pendulums)))
        me["extra_monster_zones"] = {own_emz: draw(_field_monster(name, own=True, turn=turn, phase=phase,
                                                                  face_down_ok=False))}

    # Spell & Trap Zones: scales in S1/S5 (Master Rule 4/5) or the separate Pendulum Zones (Master Rule 3)
    spells: dict = {}
    scale_zones = ([1, 5] if rules != "master-rule-3" else ["left", "right"])
    placed = dict(zip(scale_zones, scales)) if len(scales) == 2 else \
        ({draw(st.sampled_from(scale_zones)): scales[0]} if scales else {})
    if rules == "master-rule-3":
        if placed:
            me["pendulum_zones"] = placed
    else:
        spells.update(placed)
    set_options = [_names(s.fusion_spells), st.just(ritual_spell), _names(s.ritual_spells), _names(s.other_spells)]
    full = draw(st.integers(0, 4)) == 0
    for zone in ([1, 2, 3, 4, 5] if full else draw(_some_zones(3))):
        if zone in spells:
            continue
        entry = {"card": draw(st.one_of(*set_options)), "position": draw(st.sampled_from(["set", "set", "face_up"]))}
        if entry["position"] == "set":
            entry["set_this_turn"] = draw(st.booleans())
        spells[zone] = entry
    me["spell_trap_zones"] = spells

    # GY: materials a Contact Fusion may take from there (and revivals)
    me["graveyard"] = contact_graveyard + draw(st.lists(st.one_of(st.sampled_from(material_names or palette),
                                                                  _names(p.main_monsters)),
                                                        max_size=draw(st.sampled_from([0, 0, 2, 3]))))
    # A Ritual Spell that reaches into the GY: its Ritual Monster there (sometimes not properly summoned:
    # the Ritual Summon ignores that) and monsters it may banish in place of Tributes
    from pysolver.cards.cardtext import ritual_spell as read_ritual_spell
    reach = read_ritual_spell(p.card(ritual_spell))
    if reach.from_graveyard and draw(st.booleans()):
        me["graveyard"].append(ritual_monster if draw(st.booleans()) else
                               {"card": ritual_monster, "properly_summoned": False})
    if s.ritual_banishable.get(ritual_spell):
        me["graveyard"] += draw(st.lists(st.sampled_from(s.ritual_banishable[ritual_spell]), min_size=1, max_size=3))

    # Deck (Advanced Ritual Art) and Extra Deck
    me["deck"] = draw(st.lists(st.one_of(_names(s.normal_monsters), _names(p.main_monsters)), max_size=4))
    extra = [fusion] + draw(st.lists(_names(s.fusions), max_size=2))
    extra += draw(st.lists(st.one_of(_names(s.synchros), _names(s.xyzs)), max_size=1))
    extra += draw(st.lists(st.sampled_from(extra), max_size=1))                    # duplicates
    face_up = []
    for name in draw(st.lists(st.one_of(_names(s.pendulums), _names(s.extra_pendulums),
                                        *([_names([n for n in between if n in s.pendulums])] * 2)), max_size=3)):
        entry: dict = {"card": name, "face_up": True}
        # `properly_summoned` means something only for a revival limit (docs/position-format.md)
        if draw(st.integers(0, 2)) == 0:
            entry["properly_summoned"] = False
        face_up.append(entry)
    face_up += draw(st.lists(st.sampled_from(face_up), max_size=1)) if face_up else []
    me["extra_deck"] = draw(st.permutations(extra)) + face_up

    opponent: dict = {"lp": 8000}
    theirs = {}
    opponent_names = [_names(p.main_monsters), _names(s.synchros)] + ([_names(s.arrowed_links)] if links_ok else [])
    for zone in draw(_some_zones(3)):
        theirs[zone] = draw(_field_monster(draw(st.one_of(*opponent_names)), own=False, turn=turn, phase=phase))
    opponent["monster_zones"] = theirs
    if opponent_emz is not None:
        opponent["extra_monster_zones"] = {opponent_emz: draw(_field_monster(
            draw(_names(s.arrowed_links)), own=False, turn=turn, phase=phase, face_down_ok=False))}

    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {
        "format": "pysolver-position/1",
        "rules": rules,
        "turn": turn,
        "phase": phase,
        "turn_player": turn_player,
        "this_turn": {"normal_summon_used": draw(st.booleans()),
                      "pendulum_summon_used": draw(st.sampled_from([False, False, False, True]))},
        "players": players,
    }


def _name(entry) -> str:
    return entry["card"] if isinstance(entry, dict) else entry


def pendulum_ritual_fusion_positions(rules: str | None = None):
    """Random valid `Position` objects rich in Pendulum, Ritual and Fusion Summons (see
    `pendulum_ritual_fusion_position_dicts`)."""
    return pendulum_ritual_fusion_position_dicts(rules=rules).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Procedures, activations and the turn's history (SP, OATH, CNT)

HISTORY_PROCEDURE_MONSTERS = (
    "Chaos Emperor Dragon - Envoy of the End", "Black Luster Soldier - Envoy of the Beginning", "Chaos Sorcerer",
    "Dark Armed Dragon", "Cyber Dragon", "The Tricky", "Lava Golem", "Dark Necrofear", "Fenrir",
    "Dogoran, the Mad Flame Kaiju", "Blue-Eyes Shining Dragon")
HISTORY_SPELLS = ("Monster Reborn", "Call of the Haunted", "Premature Burial", "Scapegoat", "Double Summon",
                  "Pot of Duality", "The Monarchs Stormforth")
HISTORY_GY_MONSTERS = (   # LIGHT, DARK, Fiend, WATER monsters, and others
    "Mystical Elf", "Celtic Guardian", "Dark Magician", "Summoned Skull", "Archfiend Soldier", "Skull Servant",
    "Kuriboh", "Sangan", "Kaiser Sea Horse", "Gagaga Magician", "Witch of the Black Forest", "Ritual Beast Tamer Lara",
    "Penguin Soldier", "7 Colored Fish", "Frostosaurus", "Yata-Garasu",
    "Lava Golem", "Chaos Emperor Dragon - Envoy of the End", "Edea the Heavenly Squire",
    "Eidos the Underworld Squire", "Hi-Speedroid Kendama", "Blue-Eyes Ultimate Dragon")
HISTORY_REVIVAL_LIMITED = ("Stardust Dragon", "Black Rose Dragon", "Black Luster Soldier", "Hi-Speedroid Chanbara",
                           "Number 39: Utopia", "Decode Talker", "El Shaddoll Winda", "Black Luster Soldier - Envoy of the Beginning",
                           "Chaos Sorcerer", "Dark Necrofear")
HISTORY_FACE_UP = ("Chaos Emperor Dragon - Envoy of the End", "Galaxy-Eyes Cipher Dragon", "El Shaddoll Winda",
                   "Eidos the Underworld Squire", "Ritual Beast Tamer Elder", "Blue-Eyes Ultimate Dragon",
                   "Celtic Guardian", "Junk Synchron", "Kuriboh")
HISTORY_EVENT_CARDS = HISTORY_PROCEDURE_MONSTERS + HISTORY_SPELLS + (
    "Pilica, Descendant of Gusto", "Lava Golem", "Ritual Beast Tamer Lara", "Ritual Beast Tamer Elder",
    "Hi-Speedroid Chanbara", "Eidos the Underworld Squire", "Hi-Speedroid Kendama", "Galaxy-Eyes Cipher Dragon",
    "Polymerization", "Sangan", "Stardust Dragon")
HISTORY_OPPONENT = ("Kuriboh", "Sangan", "Mystical Elf", "Gagaga Magician", "Dogoran, the Mad Flame Kaiju",
                    "Stardust Dragon", "El Shaddoll Winda")


def _usable(names) -> list[str]:
    """The names pysolver does not fail closed on (`_unsupported`), in the pool."""
    p = pool()
    return [n for n in names if n in p.by_name]


@st.composite
def _history_event(draw, player: int) -> dict:
    name = draw(_names(_usable(HISTORY_EVENT_CARDS)))
    card = pool().card(name)
    who = draw(st.sampled_from([player, player, player, 1 - player]))
    if card.is_monster and draw(st.integers(0, 2)):
        method = draw(st.sampled_from(["normal", "set", "special", "procedure", "synchro", "pendulum"]
                                      if not card.is_extra_deck else ["synchro", "special", "fusion", "xyz"]))
        origin = "extra_deck" if method in ("synchro", "fusion", "xyz") else \
            draw(st.sampled_from(["hand", "graveyard", "extra_deck"] if method == "special" else ["hand"]))
        return {"summon": method, "card": name, "player": who, "from": origin, "negated": draw(st.booleans())}
    from pysolver.cards.effects import activated_effects, clauses
    numbers = sorted({e.number for e in activated_effects(card)} |
                     {c.effect for c in clauses(card) if isinstance(clauses(card), tuple)} | {1})
    event: dict = {"activate": name, "effect": draw(st.sampled_from(numbers)), "player": who,
                   "negated": draw(st.sampled_from(["none", "none", "activation", "effect"])),
                   "resolved": draw(st.sampled_from([True, True, False]))}
    if draw(st.booleans()):
        event["target"] = draw(_names(_usable(("Ritual Beast Tamer Lara", "Lava Golem", "Sangan",
                                               "Hi-Speedroid Chanbara", "Stardust Dragon"))))
    return event


@st.composite
def history_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A random position in the file format about Special Summons by procedure (SP-1), activations
    (Monster Reborn, Call of the Haunted, Premature Burial, Scapegoat, Double Summon, Pot of Duality,
    The Monarchs Stormforth, Chaos Emperor Dragon, Galaxy-Eyes Cipher Dragon with materials, Kendama and
    Eidos in the GY), the revival limit (properly / not properly summoned Extra Deck and Ritual monsters in
    the GYs), and 0..3 random `this_turn.events` of cards with turn-history clauses (OATH, CNT)."""
    rules = rules or draw(st.sampled_from(RULES))
    turn = draw(st.integers(2, 4))
    phase = draw(st.sampled_from(["main1", "main1", "main1", "main2", "battle"]))
    turn_player = draw(st.integers(0, 1))

    hand = draw(st.lists(_names(_usable(HISTORY_PROCEDURE_MONSTERS)), max_size=2))
    hand += draw(st.lists(_names(_usable(HISTORY_SPELLS)), max_size=2))
    hand += draw(st.lists(_names([n for n in _usable(HISTORY_GY_MONSTERS + ("Pot of Greed",))
                                  if not pool().card(n).is_extra_deck]), max_size=2))
    hand = draw(st.permutations(hand))

    def pile_entry(name: str):
        card = pool().card(name)
        limited = card.is_extra_deck or card.kinds & {"ritual", "special_summon"}
        if limited and draw(st.booleans()):
            return {"card": name, "properly_summoned": False}
        return name

    graveyard = [pile_entry(n) for n in draw(st.lists(
        st.one_of(_names(_usable(HISTORY_GY_MONSTERS)), _names(_usable(HISTORY_REVIVAL_LIMITED))), max_size=6))]
    zones = draw(_some_zones(4))
    mine = {}
    for zone in zones:
        name = draw(_names(_usable(HISTORY_FACE_UP)))
        entry = draw(_field_monster(name, own=True, turn=turn, phase=phase))
        if name == "Galaxy-Eyes Cipher Dragon":
            entry["materials"] = draw(st.lists(st.sampled_from(["Kuriboh", "Sangan"]), max_size=2))
        mine[zone] = entry
    spells = {}
    for zone in draw(_some_zones(3)):
        entry = {"card": draw(_names(_usable(HISTORY_SPELLS))),
                 "position": draw(st.sampled_from(["set", "set", "face_up"]))}
        if entry["position"] == "set":
            entry["set_this_turn"] = draw(st.booleans())
        spells[zone] = entry
    me: dict = {"lp": draw(st.sampled_from([8000, 8000, 900, 500])), "hand": hand, "graveyard": graveyard,
                "monster_zones": mine, "spell_trap_zones": spells,
                "deck": draw(st.lists(_names(_usable(("Kuriboh", "Sangan"))), max_size=4)),
                "extra_deck": draw(st.lists(_names(_usable(("Stardust Dragon", "Black Rose Dragon"))), max_size=1))}
    theirs = {zone: draw(_field_monster(draw(_names(_usable(HISTORY_OPPONENT))), own=False, turn=turn, phase=phase))
              for zone in draw(_some_zones(3))}
    opponent_gy = [pile_entry(n) for n in draw(st.lists(
        st.one_of(_names(_usable(HISTORY_GY_MONSTERS)), _names(_usable(HISTORY_REVIVAL_LIMITED))), max_size=2))]
    opponent = {"lp": 8000, "monster_zones": theirs, "graveyard": opponent_gy}
    events = draw(st.lists(_history_event(turn_player), max_size=3))
    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
            "turn_player": turn_player,
            "this_turn": {"normal_summon_used": draw(st.booleans()), "events": events},
            "players": players}


def history_positions(rules: str | None = None):
    """Random valid `Position` objects about procedures, activations and the turn's history (see
    `history_position_dicts`)."""
    return history_position_dicts(rules=rules).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Positions about the monsters' own Special Summon procedures (SP-1, SP-2): costs from the hand, the field
# (face-up or any position) and the GY, banished or sent; conditions on the GY (N or more, different names,
# Normal Monsters) and the field (N or more face-up Zombies, no monsters); "(from your hand or GY)"

PROCEDURE_FORMS = ("Arcana Force EX - The Light Ruler", "D.D. Sprite", "Dark Grepher",
                   "Gigarays Gandora the Dragon of Destruction", "Block Dragon", "Evil★Twins Ki-sikil & Lil-la",
                   "Judgment Dragon", "Woodland Archer", "Kasha", "The Dark Creator", "Silpheed", "Montage Dragon",
                   "Dark Armed Dragon", "Santa Claws", "Infernoid Antra", "Infernoid Attondel", "Infernoid Devyaty",
                   "Vulcan Dragni the Cubic King", "Blackwing - Gale the Whirlwind", "Ancient Gear Statue", "Junk Forward",
                   "Elder of the Six Samurai")
PROCEDURE_FODDER = ("Celtic Guardian", "Giant Soldier of Stone", "Dark Magician", "Feral Imp", "Kuriboh", "Sangan",
                    "Harpie Lady", "Mystical Elf")
PROCEDURE_GY = PROCEDURE_FODDER + ("Lyla, Lightsworn Sorceress", "Garoth, Lightsworn Warrior", "Ehren, Lightsworn Monk",
                                   "Ryko, Lightsworn Hunter", "Skull Servant", "Block Dragon",
                                   "Evil★Twins Ki-sikil & Lil-la", "Silpheed", "Princess Curran", "Cyber Laser Dragon")
PROCEDURE_LIGHTSWORN = ("Lyla, Lightsworn Sorceress", "Garoth, Lightsworn Warrior", "Ehren, Lightsworn Monk",
                        "Ryko, Lightsworn Hunter")
PROCEDURE_DARK = ("Dark Magician", "Feral Imp", "Kuriboh", "Sangan", "Skull Servant")
PROCEDURE_EARTH = ("Celtic Guardian", "Giant Soldier of Stone", "Block Dragon")
PROCEDURE_INFERNOID = ("Infernoid Antra", "Infernoid Attondel", "Infernoid Devyaty", "Infernoid Patrulea")
PROCEDURE_FIELD = ("Kuriboh", "Sangan", "Skull Servant", "Armored Zombie", "Clown Zombie", "Celtic Guardian",
                   "Link Spider", "Linkuriboh", "Dark Magician", "Skull Servant", "Link Spider",
                   "Witch of the Black Forest", "Gagaga Magician", "Vijam the Cubic Seed", "Vijam the Cubic Seed",
                   "Blackwing - Bora the Spear", "Blackwing - Gale the Whirlwind")


@st.composite
def procedure_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A random position in the file format with monsters that have their own procedures (PROCEDURE_FORMS) in
    the hand and the GY, and what their costs and conditions use: monsters of each Attribute and Type in the
    hand, the GY (Lightsworn monsters with different names, Normal Monsters, Infernoids) and on the field (face-up
    or set, Zombies, Link Monsters, Effect Monsters whose Levels the Infernoids count), with the opponent's
    monsters for Santa Claws."""
    rules = rules or draw(st.sampled_from(RULES))
    turn = draw(st.integers(2, 4))
    phase = draw(st.sampled_from(["main1", "main1", "main1", "main2", "battle"]))
    turn_player = draw(st.integers(0, 1))
    hand = draw(st.lists(_names(_usable(PROCEDURE_FORMS)), min_size=1, max_size=2))
    hand += draw(st.lists(_names(_usable(PROCEDURE_FODDER)), max_size=3))
    hand += draw(st.lists(_names(_usable(("Monster Reborn", "Princess Curran"))), max_size=1))   # SP-2: nomi
    hand = draw(st.permutations(hand))

    def pile_entry(name: str):
        if "special_summon" in pool().card(name).kinds and draw(st.booleans()):
            return {"card": name, "properly_summoned": False}
        return name

    graveyard = [pile_entry(n) for n in draw(st.lists(_names(_usable(PROCEDURE_GY)), min_size=1, max_size=6))]
    themed = draw(st.sampled_from([PROCEDURE_LIGHTSWORN, PROCEDURE_DARK, PROCEDURE_EARTH, PROCEDURE_INFERNOID]))
    graveyard += draw(st.lists(_names(_usable(themed)), max_size=5))   # for the GY conditions and costs
    graveyard = draw(st.permutations(graveyard))
    mine = {zone: draw(_field_monster(draw(_names(_usable(PROCEDURE_FIELD))), own=True, turn=turn, phase=phase))
            for zone in draw(_some_zones(4))}
    theirs = {zone: draw(_field_monster(draw(_names(_usable(PROCEDURE_FODDER))), own=False, turn=turn, phase=phase))
              for zone in draw(_some_zones(2))}
    me: dict = {"lp": 8000, "hand": hand, "graveyard": graveyard, "monster_zones": mine}
    opponent = {"lp": 8000, "monster_zones": theirs}
    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
            "turn_player": turn_player, "this_turn": {"normal_summon_used": draw(st.booleans()), "events": []},
            "players": players}


def procedure_positions(rules: str | None = None):
    """Random valid `Position` objects about the monsters' own procedures (see `procedure_position_dicts`)."""
    return procedure_position_dicts(rules=rules).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Positions about what cards write on themselves: Gemini monsters (GEM-1..3), restrictions on summoned
# monsters and Tokens (TOK-1), Trap Monsters (TOK-2), and Extra Link chains (ZN-1)

WRITTEN_GEMINIS = ("Knight Day Grepher", "Elemental HERO Neos Alius", "Phoenix Gearfried")
WRITTEN_TOKENS = ("Sheep Token", "Photon Token", "Doomsday Token")
WRITTEN_PLAIN = ("Kuriboh", "Sangan", "Celtic Guardian", "Summoned Skull")
WRITTEN_LINKS = ("Link Spider", "Knightmare Phoenix", "Proxy Dragon", "Firewall Dragon", "Security Dragon",
                 "Akashic Magician", "Decode Talker")
WRITTEN_HAND = ("Scapegoat", "Photon Sanctuary", "Fires of Doomsday", "Double Summon", "Monster Reborn",
                "Summoned Skull", "Gilford the Lightning", "Celtic Guardian", "Knight Day Grepher")
WRITTEN_EXTRA = ("Link Spider", "Linkuriboh", "Decode Talker", "Security Dragon", "Knightmare Phoenix",
                 "Number 39: Utopia", "Proxy Dragon", "Firewall Dragon")
WRITTEN_RESTRICTIONS = ("cannot_be_tributed", "cannot_be_synchro_material", "cannot_be_xyz_material",
                        "cannot_be_link_material", "cannot_attack", "effects_negated", "banish_when_it_leaves",
                        "cannot_be_tributed_except_for_dark")


@st.composite
def _written_monster(draw, *, own: bool, rules: str, turn: int, phase: str) -> dict:
    names = WRITTEN_GEMINIS + WRITTEN_TOKENS + WRITTEN_PLAIN + WRITTEN_LINKS
    if rules == "master-rule-5":
        names += ("Tiki Curse",)
    if rules == "master-rule-3":
        names = tuple(n for n in names if n not in WRITTEN_LINKS)
    name = draw(_names(_usable(names)))
    entry = draw(_field_monster(name, own=own, turn=turn, phase=phase, face_down_ok=name != "Tiki Curse"))
    if name in WRITTEN_GEMINIS and entry["position"] != "set" and draw(st.booleans()):
        entry["gemini_summoned"] = True
    if draw(st.integers(0, 2)) == 0:
        entry["restrictions"] = draw(st.lists(st.sampled_from(WRITTEN_RESTRICTIONS), max_size=2, unique=True))
    return entry


@st.composite
def card_written_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A random position in the file format with Gemini monsters (Gemini Summoned or not, face-down,
    in the GY), Tokens and monsters carrying TOK-1 restrictions, Tiki Curse as a Trap Monster (Master
    Rule 5), Link Monsters of both players in Main Monster Zones next to an own Extra Monster Zone Link
    (Extra Link chains), a hand of Scapegoat / Photon Sanctuary / Fires of Doomsday / Double Summon /
    Monster Reborn and Tribute Summon monsters, and an Extra Deck of Link and Xyz Monsters."""
    rules = rules or draw(st.sampled_from(["master-rule-5", "master-rule-5", "master-rule-4", "master-rule-3"]))
    turn = draw(st.integers(2, 4))
    phase = draw(st.sampled_from(["main1", "main1", "main2", "battle"]))
    turn_player = draw(st.integers(0, 1))
    mine = {zone: draw(_written_monster(own=True, rules=rules, turn=turn, phase=phase))
            for zone in draw(_some_zones(5))}
    theirs = {zone: draw(_written_monster(own=False, rules=rules, turn=turn, phase=phase))
              for zone in draw(_some_zones(3))}
    me: dict = {"hand": draw(st.lists(_names(_usable(WRITTEN_HAND)), max_size=3)), "monster_zones": mine,
                "graveyard": draw(st.lists(_names(_usable(WRITTEN_GEMINIS + ("Kuriboh",))), max_size=2)),
                "extra_deck": draw(st.lists(_names(_usable(WRITTEN_EXTRA)), min_size=1, max_size=4))}
    opponent: dict = {"monster_zones": theirs}
    if rules != "master-rule-3" and draw(st.integers(0, 2)) == 0:
        # An Extra Link chain from either Extra Monster Zone: M2 (T, R) - M3 (L, R) - M4 (L, T), whole or
        # with a gap; the other Extra Monster Zone then opens to a Link Monster with a Bottom arrow.
        chain = {2: "Knightmare Phoenix", 3: "Proxy Dragon", 4: "Firewall Dragon"}
        gap = draw(st.sampled_from([None, None, 2, 3, 4]))
        for zone, name in chain.items():
            if zone != gap:
                mine[zone] = {"card": name, "position": "attack"}
        me["extra_deck"] += ["Linkuriboh", "Security Dragon"]
    if rules != "master-rule-3" and draw(st.integers(0, 3)):
        side = draw(st.sampled_from(SIDES_OF_TABLE))
        me["extra_monster_zones"] = {side: {"card": draw(_names(_usable(("Link Spider", "Security Dragon",
                                                                          "Knightmare Phoenix")))),
                                            "position": "attack"}}
    events = [{"activate": "Double Summon", "player": turn_player}] if draw(st.integers(0, 3)) == 0 else []
    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
            "turn_player": turn_player,
            "this_turn": {"normal_summon_used": draw(st.booleans()), "events": events},
            "players": players}


SIDES_OF_TABLE = ("left", "right")


def card_written_positions(rules: str | None = None):
    """Random valid `Position` objects about GEM, TOK and Extra Link (see `card_written_position_dicts`)."""
    return card_written_position_dicts(rules=rules).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Battle Phases: monsters whose own text changes attack declarations (BP-3..BP-14, docs/battle-rules.md)

BATTLE_ATTACKERS = ("Jinzo #7", "Nightmare Horse", "Hayabusa Knight", "Twinheaded Beast", "Zombyra the Dark",
                    "Superheavy Samurai Wagon", "Fossil Warrior Skull Bone", "Earthbound Immortal Uru",
                    "Super Quantal Mech Beast Grampulse", "Cyber Twin Dragon", "Knight Day Grepher",
                    "Celtic Guardian", "Kuriboh", "Number 85: Crazy Box", "Raidraptor - Blaze Falcon",
                    "Number 17: Leviathan Dragon", "Ashura King", "Hand-Holding Genie", "Crusadia Regulex",
                    "Machine Lord Ür", "Invoked Purgatrio", "Beelzeus of the Diabolic Dragons",
                    "Number 5: Doom Chimera Dragon")
BATTLE_DEFENDERS = ("Earthbound Immortal Uru", "Sunavalon Dryas", "Kuriboh", "Celtic Guardian", "Jinzo #7",
                    "Superheavy Samurai Wagon", "Hand-Holding Genie", "Shark Fortress", "Gentlemander",
                    "Crusadia Regulex", "Invoked Oceanus", "Marincess Aqua Argonaut", "Scarred Warrior",
                    "Magician's Valkyria", "Protocol Gardna", "Shinobi Insect Hagakuremino", "Ripple Bird",
                    "Heliosphere Dragon")


@st.composite
def _battle_monster(draw, name: str, *, own: bool) -> dict:
    """A monster of a Battle Phase: any position its card allows; for the turn player, how many attacks it
    declared (0..3) and whether one was direct; sometimes its effects negated or forbidden to attack."""
    card = pool().card(name)
    positions = ["attack"] if "link" in card.kinds else ["attack", "attack", "defense", "set"]
    entry: dict = {"card": name, "position": draw(st.sampled_from(positions))}
    if own:
        attacks = draw(st.sampled_from([0, 0, 1, 1, 2, 3]))
        if attacks:
            entry["attacked"] = attacks if attacks > 1 or draw(st.booleans()) else True
            entry["attacked_directly"] = draw(st.booleans())
        entry["summoned_this_turn"] = draw(st.booleans())
    if "xyz" in card.kinds:
        entry["materials"] = draw(st.lists(_names(["Kuriboh", "Celtic Guardian"]), max_size=3))
    if name == "Knight Day Grepher" and entry["position"] != "set" and draw(st.booleans()):
        entry["gemini_summoned"] = True
    if draw(st.integers(0, 4)) == 0:
        entry["restrictions"] = [draw(st.sampled_from(["effects_negated", "cannot_attack"]))]
    return entry


@st.composite
def battle_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A random Battle Phase (sometimes Main Phase 2) with attackers whose text changes their attacks
    (direct attacks, second attacks, attacks on monsters only, Defense Position attacks, no attack without
    Xyz Material, no attack at all, one attack per Xyz Material) against monsters that cannot be attacked
    (and may or may not block direct attacks) or that are the only ones that can be (BP-10), Link
    Monsters whose arrows forbid attacks (BP-11), monsters that attack each opponent monster once
    (BP-12), with the monsters they already attacked, and monsters that forbid the others to attack (BP-13)
    or protect the face-up monsters of a kind (BP-10: Scarred Warrior, the Warrior Celtic Guardian)."""
    rules = rules or draw(st.sampled_from(["master-rule-5", "master-rule-4", "master-rule-3"]))
    turn = draw(st.integers(2, 5))
    phase = draw(st.sampled_from(["battle", "battle", "battle", "main2"]))
    turn_player = draw(st.integers(0, 1))
    attackers = _usable(BATTLE_ATTACKERS)
    defenders = [n for n in _usable(BATTLE_DEFENDERS) if rules != "master-rule-3" or "link" not in pool().card(n).kinds]
    mine = {zone: draw(_battle_monster(draw(_names(attackers)), own=True)) for zone in draw(_some_zones(5))}
    theirs = {zone: draw(_battle_monster(draw(_names(defenders)), own=False)) for zone in draw(_some_zones(3))}
    opponent: dict = {"monster_zones": theirs}
    if rules != "master-rule-3" and "Sunavalon Dryas" in defenders and draw(st.integers(0, 2)) == 0:
        # BP-8, and BP-10 only while in a Main (Oceanus) or an Extra (Argonaut) Monster Zone
        opponent["extra_monster_zones"] = {draw(st.sampled_from(SIDES_OF_TABLE)): draw(_battle_monster(
            draw(_names(_usable(["Sunavalon Dryas", "Invoked Oceanus", "Marincess Aqua Argonaut",
                                 "Shinobi Insect Hagakuremino"]))), own=False))}
    me: dict = {"monster_zones": mine}
    if draw(st.booleans()):          # BP-14: Heliosphere Dragon reads the turn player's hand
        me["hand"] = draw(st.lists(_names(["Kuriboh", "Celtic Guardian"]), min_size=3, max_size=6))
    if rules != "master-rule-3" and "Crusadia Regulex" in defenders and draw(st.integers(0, 2)) == 0:
        # BP-11: a Link Monster in an Extra Monster Zone points into both players' Main Monster Zones
        side, own = draw(st.sampled_from(SIDES_OF_TABLE)), draw(st.booleans())
        held = opponent.get("extra_monster_zones", {})
        # a player holds both Extra Monster Zones only with two Link Monsters (ZN-1)
        if side not in held and (own or all("link" in pool().card(e["card"]).kinds for e in held.values())):
            (me if own else opponent).setdefault("extra_monster_zones", {})[side] = \
                draw(_battle_monster("Crusadia Regulex", own=own))
    if phase == "battle":       # BP-12: the opponent's monsters that a monster attacking each once attacked
        targets = [*opponent["monster_zones"], *opponent.get("extra_monster_zones", {})]
        for entry in [*mine.values(), *me.get("extra_monster_zones", {}).values()]:
            if entry["card"] in ("Machine Lord Ür", "Invoked Purgatrio", "Number 5: Doom Chimera Dragon") \
                    and entry.get("attacked") and targets:
                count = 1 if entry["attacked"] is True else entry["attacked"]
                chosen = draw(st.lists(st.sampled_from(targets), unique=True, max_size=count))
                if chosen:
                    entry["attacked_monsters"] = chosen
    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
            "turn_player": turn_player, "players": players}


def battle_positions(rules: str | None = None):
    """Random valid `Position` objects about attack declarations (see `battle_position_dicts`)."""
    return battle_position_dicts(rules=rules).map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Summon locks of face-up cards (LCK-1..LCK-4, docs/lock-rules.md)

LOCK_SPELLS_TRAPS = ("Vanity's Emptiness", "Royal Prison", "Power Filter", "Non-Fusion Area")
LOCK_MONSTERS = ("Barrier Statue of the Torrent", "Blackwing - Zonda the Dusk", "Fossil Dyna Pachycephalo")


@st.composite
def lock_position_dicts(draw) -> dict:
    """A position of one of the summoning families (Extra Deck, Pendulum/Ritual/Fusion, procedures and
    activations) with a card that locks summons on either side of the table: a Continuous Spell/Trap in a
    free Spell & Trap Zone 2..4 or a monster in a free Main Monster Zone, face-up or (then applying nothing)
    face-down."""
    data = draw(st.one_of(extra_deck_position_dicts(), pendulum_ritual_fusion_position_dicts(),
                          history_position_dicts()))
    side = data["players"][draw(st.integers(0, 1))]
    if draw(st.booleans()):
        zones = side.setdefault("spell_trap_zones", {})
        free = [z for z in (2, 3, 4) if z not in zones and str(z) not in zones]
        if free:
            zones[draw(st.sampled_from(free))] = {"card": draw(_names(_usable(LOCK_SPELLS_TRAPS))),
                                                  "position": draw(st.sampled_from(["face_up", "face_up", "set"]))}
    else:
        zones = side.setdefault("monster_zones", {})
        free = [z for z in range(1, 6) if z not in zones and str(z) not in zones]
        if free:
            zones[draw(st.sampled_from(free))] = {"card": draw(_names(_usable(LOCK_MONSTERS))),
                                                  "position": draw(st.sampled_from(["attack", "defense", "set"]))}
    return data


def lock_positions():
    """Random valid `Position` objects with a summon lock (see `lock_position_dicts`)."""
    return lock_position_dicts().map(position_from_dict)


# --------------------------------------------------------------------------------------------------
# Targeting protections (docs/targeting-rules.md TGT-1..TGT-6, CHN-1)

TARGET_PROTECTORS = ("Hazy Flame Sphynx", "The First Darklord", "Lord of D.", "Witchcrafter Haine",
                     "Drytron Meteonis Quadrantids", "Secret Guards of the Ice Barrier", "Brotherhood of the Fire Fist - Swallow",
                     "Jurrac Titano", "Blue-Eyes Chaos MAX Dragon", "Borreload Dragon", "Evolzar Lars",
                     "Leo, the Keeper of the Sacred Tree")
TARGET_PLAIN = ("Mokey Mokey", "Blue-Eyes White Dragon", "Beaver Warrior", "Dark Magician", "Trishula, Dragon of the Ice Barrier",
                "Celtic Guardian", "Kuriboh")
TARGET_SPELLS_TRAPS = ("Terrors in the Hidden City", "Time Pendulumgraph", "Zenmaiday")


@st.composite
def _target_monster(draw, name: str) -> dict:
    """A monster that may be targeted or protect: any position its card allows, sometimes its effects
    negated (TGT-2)."""
    card = pool().card(name)
    positions = ["attack"] if "link" in card.kinds else ["attack", "attack", "defense", "set"]
    entry: dict = {"card": name, "position": draw(st.sampled_from(positions))}
    if draw(st.integers(0, 4)) == 0:
        entry["restrictions"] = ["effects_negated"]
    if "xyz" in card.kinds:     # "While this card has material" (Evolzar Lars)
        entry["materials"] = draw(st.lists(_names(["Kuriboh", "Celtic Guardian"]), max_size=2))
    return entry


@st.composite
def targeting_position_dicts(draw, *, rules: str | None = None) -> dict:
    """A Main Phase where the turn player can activate effects that target (Galaxy-Eyes Cipher Dragon with
    materials: a face-up monster the opponent controls; Monster Reborn, Call of the Haunted: a monster in a
    GY) while cards whose text forbids targets (this card; monsters of a kind you control or on the field;
    against card, monster, Spell/Trap or Trap effects) are face-up or face-down on either field, in
    Monster Zones or as Continuous Spells/Traps; protecting monsters in the GYs too (never protected there)."""
    rules = rules or draw(st.sampled_from(RULES))
    turn = draw(st.integers(2, 4))
    phase = draw(st.sampled_from(["main1", "main2"]))    # main2: "except during your Main Phase 2" (Leo)
    turn_player = draw(st.integers(0, 1))
    protectors, plain = _usable(TARGET_PROTECTORS), _usable(TARGET_PLAIN)
    mine: dict = {}
    zones = draw(_some_zones(3))
    for k, zone in enumerate(zones):
        if k == 0:
            mine[zone] = {"card": "Galaxy-Eyes Cipher Dragon", "position": draw(st.sampled_from(["attack", "defense"])),
                          "materials": draw(st.lists(_names(["Kuriboh", "Celtic Guardian"]), min_size=1, max_size=2))}
        else:
            mine[zone] = draw(_target_monster(draw(_names(protectors + plain))))
    theirs = {zone: draw(_target_monster(draw(st.one_of(_names(protectors), _names(plain)))))
              for zone in draw(_some_zones(4))}

    def spells_traps() -> dict:
        return {zone: {"card": draw(_names(_usable(TARGET_SPELLS_TRAPS))),
                       "position": draw(st.sampled_from(["face_up", "face_up", "set"]))}
                for zone in draw(_some_zones(2))}

    graveyard = draw(st.lists(_names(protectors + plain), max_size=2))
    me = {"lp": 8000, "hand": draw(st.lists(_names(_usable(("Monster Reborn", "Call of the Haunted"))), max_size=2)),
          "monster_zones": mine, "spell_trap_zones": spells_traps(), "graveyard": graveyard}
    opponent = {"lp": 8000, "monster_zones": theirs, "spell_trap_zones": spells_traps(),
                "graveyard": draw(st.lists(_names(protectors + plain), max_size=2))}
    players = [me, opponent] if turn_player == 0 else [opponent, me]
    return {"format": "pysolver-position/1", "rules": rules, "turn": turn, "phase": phase,
            "turn_player": turn_player, "players": players}


def targeting_positions(rules: str | None = None):
    """Random valid `Position` objects about targeting protections (see `targeting_position_dicts`)."""
    return targeting_position_dicts(rules=rules).map(position_from_dict)
