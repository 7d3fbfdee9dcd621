"""`pysolver boards` (pysolver.explore.boards): every distinct end board within D plays, each with a line
that reaches it, is what a breadth-first search finds; the best board by a score is the best of them."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES
from pysolver import default_cards, load_position
from pysolver.position import Position, position_from_dict
from pysolver.cards.decks import read_ydk
from pysolver.cards.reading import unread_clauses
from pysolver.explore.boards import boards
from pysolver.explore.search import Symmetry, _canonical_key_function, search
from pysolver.position.apply import apply
from pysolver.reference.apply import apply as reference_apply
from pysolver.reference.plays import legal_plays as reference_plays
from pysolver.solve.legal import legal_plays
from pysolver.solve.unread import unread_in_turn
from pysolver.position.from_deck import position_from_deck
from strategies import extra_deck_positions, pendulum_ritual_fusion_positions, positions


def monsters(position) -> int:
    me = position.me
    return sum(1 for m in (*me.monster_zones, *me.extra_monster_zones) if m is not None)


def check(position, depth: int) -> None:
    """Every board replays to its key, and the boards are the breadth-first search's positions."""
    found = boards(position, depth)
    assert found.exhaustive
    bfs = set(search(position, "monsters>=7", max_depth=depth, engine="bfs").graph.nodes)
    keys = {board.key for board in found.boards}
    assert keys == bfs
    symmetry = Symmetry.of(position, "auto")
    key = _canonical_key_function()
    for board in found.boards:     # each line replays to its board, in the number of plays said
        assert len(board.line) == board.depth <= depth
        assert key(symmetry.normalize(board.line.replay(position)[-1])) == board.key
    best = boards(position, depth, best="monsters").boards[0]
    assert best.score == monsters(best.position) == max(monsters(board.position) for board in found.boards)


def test_the_example_within_two_plays():
    check(load_position(EXAMPLES / "spec-example.yaml"), 2)


def test_a_starter_hand_within_two_plays():
    cards = default_cards()
    deck = read_ydk(EXAMPLES / "starter.ydk", cards)
    deck = replace(deck, extra=tuple(c for c in deck.extra if not unread_clauses(c)))   # all read: exact
    hand = random.Random(3).sample(list(deck.main), 5)
    check(position_from_deck(deck, cards, hand=[card.name for card in hand]), 2)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions()))
def test_generated_positions_within_two_plays(position):
    assume(not unread_in_turn(position))     # else boards says "not exhaustive" (UNQ-4, unread text)
    check(position, 2)


def _mine(**player) -> Position:
    return position_from_dict({"format": "pysolver-position/1", "rules": "master-rule-3", "turn": 2,
                               "phase": "main2", "players": [{"lp": 8000, **player}, {"lp": 8000}]})


def test_sp2_which_copies_are_shuffled_into_the_deck_does_not_change_the_board():
    """Phantom of Yubel shuffles 1 "Yubel" monster + 1 Fiend with 0 ATK/DEF into the Deck (SP-2): with two
    Yubels on the field, each choice of Yubel is the same board (the Deck's order after a shuffle is one
    fixed order), so boards and the breadth-first search agree (found by CI, seed of 2026-12-01)."""
    check(_mine(hand=["D/D Savant Kepler"], monster_zones={1: "Yubel", 3: "Yubel"},
                extra_deck=["Phantom of Yubel"]), 2)


def test_shf1_two_shuffles_in_either_order_reach_one_board():
    """Two Phantoms of Yubel, each shuffling a Yubel and a 0 ATK/DEF Fiend into the Deck: paying with
    Kepler first or with Vijam first ends with the same cards in the Deck. A shuffled Deck's order is
    unknown, so it is listed in passcode order (SHF-1) and both orders are one board, as the step-indexed
    turn sees them (found by a generated position: boards lacked the board the breadth-first search kept
    apart by Deck order)."""
    position = _mine(hand=["D/D Savant Kepler", "Vijam the Cubic Seed"], monster_zones={1: "Yubel", 2: "Yubel"},
                     extra_deck=["Phantom of Yubel", "Phantom of Yubel"])
    ends = []
    for first, second in (("H1", "H1"), ("H2", "H1")):      # Kepler then Vijam; Vijam then Kepler
        for applying, listing in ((apply, legal_plays), (reference_apply, reference_plays)):
            now = position
            for hand, zone in ((first, "M1"), (second, "M2")):
                play = next(p for p in listing(now, all_instances=True)
                            if p.action == "procedure_summon" and p.cost == tuple(sorted((hand, zone))))
                now = applying(now, play, zone=zone, battle_position="defense")
            ends.append(now)
    assert len({_canonical_key_function()(end) for end in ends}) == 1
    assert [card.name for card in ends[0].me.deck] == sorted(
        ["D/D Savant Kepler", "Vijam the Cubic Seed", "Yubel", "Yubel"],
        key=lambda name: position.cards[name].passcode)
    check(position, 2)


def test_boards_of_monsters_summoned_by_different_procedures():
    """Monsters that differ only in `summoned_as` (one Pendulum Summoned, one not) are sorted by every field
    when zones are interchangeable (found by CI: the sort compared None with "pendulum")."""
    check(_mine(monster_zones={1: {"card": "Astrograph Sorcerer", "summoned_as": "pendulum"},
                               2: "Astrograph Sorcerer", 3: "7 Colored Fish"},
                extra_deck=["Black Skull Dragon"]), 2)


def test_a_goal_and_an_asp_score():
    position = load_position(EXAMPLES / "spec-example.yaml")
    reaching = boards(position, 2, goal='"Black Rose Dragon"')
    assert reaching.boards and all(any(m and m.card.name == "Black Rose Dragon"
                                       for m in (*b.position.me.monster_zones, *b.position.me.extra_monster_zones))
                                   for b in reaching.boards)
    graveyard = boards(position, 2, best='asp:"score(V) :- V = #count { I : location(I, graveyard), mine(I) }."')
    assert graveyard.boards[0].score == len(graveyard.boards[0].position.me.graveyard) == 2
