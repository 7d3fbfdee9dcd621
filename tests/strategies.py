"""Hypothesis strategies: random valid positions built from the built-in card pool.

Positions are generated as dicts in the position file format (docs/position-format.md) and loaded
with `Position.from_dict`, so every generated position also exercises the loader and its validation.

    from tests.strategies import positions, position_dicts
    @given(positions())
    def test_something(position): ...

Card choices are biased towards what makes Normal Summons interesting: Level 5-8 monsters, cards
whose text changes the Tribute rules (Kaiser Sea Horse, Obelisk, Barbaros, Gilford, Swift Gaia ...),
Tokens, and duplicates (a small "palette" of cards drawn first and reused, so identical copies in the
hand and on the field are common).
"""

from __future__ import annotations

from functools import lru_cache

from hypothesis import strategies as st

from pysolver.cards import Card, default_cards
from pysolver.position import Position

RULES = ("master-rule-3", "master-rule-4", "master-rule-5")
SPECIAL_NAMES = (
    "Kaiser Sea Horse", "Obelisk the Tormentor", "Beast King Barbaros", "Gilford the Lightning",
    "Swift Gaia the Fierce Knight", "Fusilier Dragon, the Dual-Mode Beast", "The Wicked Dreadroot",
)


class Pool:
    """The built-in pool split into the groups the strategies draw from (card names, sorted)."""

    def __init__(self) -> None:
        cards = sorted(default_cards(), key=lambda c: c.name)
        self.main_monsters = [c.name for c in cards if c.is_monster and not c.is_extra_deck
                              and "token" not in c.kinds]
        self.tribute_monsters = [c.name for c in cards if c.name in self.main_monsters and 5 <= (c.level or 0) <= 8]
        self.special = [name for name in SPECIAL_NAMES if name in default_cards()]
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
    """A random position in the file format (a dict), valid for `Position.from_dict`.

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
    """Random valid `Position` objects from the built-in pool (loaded through `Position.from_dict`)."""
    return position_dicts(rules=rules, max_hand=max_hand).map(Position.from_dict)
