"""The play notation (pysolver.position.notation), lines of play (pysolver.explore.game.GameLine) and the canonical key
of a position (pysolver.position.canonical.canonical_key)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import EXAMPLES, board
from pysolver import Position, PysolverError, apply, legal_plays, load_position
from pysolver.explore.game import GameLine
from pysolver.position.canonical import canonical_form, canonical_key
from pysolver.position.notation import default_choices, move_notation, parse_move, parse_notation, to_notation
from pysolver.position.value import Monster, PileCard
from strategies import extra_deck_positions, pendulum_ritual_fusion_positions, positions

PERFT_POSITIONS = sorted((Path(__file__).parents[1] / "perft" / "positions").glob("*.yaml"))
FIXED = [EXAMPLES / "spec-example.yaml", *PERFT_POSITIONS]


def every(position: Position):
    """What the notation is parsed against: every instance-level legal play."""
    return legal_plays(position, all_instances=True)


# --------------------------------------------------------------------------------------------------
# Notation: every play round-trips

def assert_round_trips(position: Position) -> None:
    plays = legal_plays(position, all_instances=True)
    texts = set()
    for play in plays:
        for names in (True, False):
            text = to_notation(play, position, names=names)
            back = parse_notation(text, position, plays=plays)
            assert back == play and back.key == play.key, text
            assert to_notation(back, position, names=names) == text
            texts.add(text) if names else None
        # a move: the play with its default choices, which are apply's defaults
        move = move_notation(play, position)
        back, choices = parse_move(move, position, plays=plays)
        assert back == play, move
        expected = default_choices(play)
        if play.action == "set_monster":
            expected.pop("battle_position", None)
        assert choices == expected, move
        assert move_notation(back, position, **choices) == move
    assert len(texts) == len(plays)      # distinct plays, distinct texts


def assert_every_choice_round_trips(position: Position) -> None:
    plays = legal_plays(position, all_instances=True)
    for play in plays:
        if isinstance(play.zones, dict) or not play.zones:
            continue
        for zone in play.zones:
            for battle_position in play.positions or (None,):
                text = move_notation(play, position, zone=zone, battle_position=battle_position)
                back, choices = parse_move(text, position, plays=plays)
                assert back == play and choices.get("zone") == zone, text
                if play.action != "set_monster":
                    assert choices.get("battle_position") == battle_position, text


@pytest.mark.parametrize("path", FIXED, ids=lambda p: p.stem)
def test_every_play_of_the_fixed_positions_round_trips(path):
    position = load_position(path)
    assert_round_trips(position)
    assert_every_choice_round_trips(position)


@pytest.mark.parametrize("path", FIXED, ids=lambda p: p.stem)
def test_grouped_plays_parse_to_the_same_play(path):
    position = load_position(path)
    for play in legal_plays(position):
        back = parse_notation(to_notation(play, position), position, plays=every(position))
        assert back.key == play.key and back.copies == 1


@settings(max_examples=40)
@given(st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions()))
def test_every_play_of_generated_positions_round_trips(position):
    assert_round_trips(position)


def test_the_examples_of_the_issue_parse():
    example = load_position(EXAMPLES / "spec-example.yaml")
    play, choices = parse_move('NS H2 "Kuriboh" @M2 atk', example, plays=every(example))
    assert (play.action, play.card, choices) == ("normal_summon", "H2", {"zone": "M2", "battle_position": "attack"})
    play, choices = parse_move('SET H1 "Dark Magician" <- M1 M3 @M1', example, plays=every(example))
    assert (play.action, play.tributes, choices) == ("set_monster", ("M1", "M3"), {"zone": "M1"})
    play, choices = parse_move('SYN ED1 "Black Rose Dragon" <- M1 M3 @EMZL atk', example, plays=every(example))
    assert (play.action, play.materials, choices["zone"]) == ("synchro_summon", ("M1", "M3"), "EMZL")
    assert parse_notation("POS M1 def", example, plays=every(example)).to == "defense"
    assert [parse_notation(word, example, plays=every(example)).action for word in ("BP", "END")] == ["enter_battle_phase", "end_turn"]

    fusion = board(turn=2).hand("Polymerization", "Flame Manipulator").monster(1, "Masaki the Legendary Swordsman") \
        .extra_deck("Flame Swordsman").build()
    play, choices = parse_move('FUS ED1 "Flame Swordsman" <- H2 M1 with H1 @M3 def', fusion, plays=every(fusion))
    assert (play.spell, play.materials, choices) == ("H1", ("H2", "M1"), {"zone": "M3", "battle_position": "defense"})

    ritual = board(turn=2).hand("Black Luster Soldier", "Black Luster Ritual", "Dark Magician", "Kuriboh").build()
    play, choices = parse_move('RIT H1 "Black Luster Soldier" <- H3 H4 with H2 @M1 atk', ritual, plays=every(ritual))
    assert (play.action, play.spell, play.materials) == ("ritual_summon", "H2", ("H3", "H4"))

    pendulum = board(turn=3).hand("Dragonpit Magician", "Flash Knight", "Foucault's Cannon") \
        .spell_trap(1, "Dragonpulse Magician").spell_trap(5, "Dragonpit Magician").build()
    play, choices = parse_move("PEN H2=M1 H3=M2 atk", pendulum, plays=every(pendulum))
    assert (play.cards, choices) == (("H2", "H3"), {"zones": {"H2": "M1", "H3": "M2"}, "battle_position": "attack"})
    after = apply(pendulum, play, **choices)
    assert [m.card.name if m else None for m in after.me.monster_zones[:2]] == ["Flash Knight", "Foucault's Cannon"]
    scales = board(turn=3).hand("Dragonpit Magician").build()
    assert parse_notation("SCALE H1 @S1", scales, plays=every(scales)).zone == "S1"
    with pytest.raises(PysolverError, match="ambiguous"):
        parse_notation("SCALE H1", scales, plays=every(scales))                      # S1 or S5

    procedure = board(turn=3).hand("Chaos Emperor Dragon - Envoy of the End") \
        .graveyard("Kuriboh", "Mystical Elf", "Dark Magician").build()
    play, choices = parse_move('PROC H1 "Chaos Emperor Dragon - Envoy of the End" cost GY2 GY3 @M1 atk', procedure, plays=every(procedure))
    assert (play.action, play.cost) == ("procedure_summon", ("GY2", "GY3"))

    reborn = board(turn=3).hand("Monster Reborn").graveyard("Dark Magician").build()
    play, choices = parse_move('ACT H1 "Monster Reborn" #1 -> GY1 @M2 atk', reborn, plays=every(reborn))
    assert (play.action, play.effect, play.target, choices) == ("activate", 1, "GY1",
                                                                {"zone": "M2", "battle_position": "attack"})
    assert apply(reborn, play, **choices).me.monster_zones[1].card.name == "Dark Magician"

    field = board(turn=3).monster(1, "Celtic Guardian", position="set").monster(2, "Kuriboh").hand(
        "Kuriboh", "Mystical Elf", "Mirror Force")
    field.opponent.monster(2, "Celtic Guardian")
    position = field.build()
    assert parse_notation("FLIP M1", position, plays=every(position)).action == "flip_summon"
    play, choices = parse_move("SETST H3 @S2", position, plays=every(position))
    assert (play.action, choices) == ("set_spell_trap", {"zone": "S2"})
    battle = parse_notation("BP", position, plays=every(position))
    in_battle = apply(position, battle)
    assert parse_notation("ATK M2 -> oM2", in_battle, plays=every(in_battle)).target == "oM2"
    assert parse_notation("M2", in_battle, plays=every(in_battle)).action == "enter_main2"
    direct = board(turn=3, phase="battle").monster(1, "Celtic Guardian").build()
    assert parse_notation("ATK M1 -> direct", direct, plays=every(direct)).target == "direct"
    assert parse_notation("ATK M1", direct, plays=every(direct)).target == "direct"   # the only target

    xyz = board(turn=3).monster(1, "Goblindbergh").monster(2, "Gagaga Magician").monster(3, "Celtic Guardian") \
        .extra_deck("Number 39: Utopia", "Link Spider").build()
    play, choices = parse_move('XYZ ED1 "Number 39: Utopia" <- M1 M3 @M1 def', xyz, plays=every(xyz))
    assert (play.action, play.materials, choices["battle_position"]) == ("xyz_summon", ("M1", "M3"), "defense")
    play, choices = parse_move('LINK ED2 "Link Spider" <- M3 @EMZR', xyz, plays=every(xyz))
    assert (play.action, choices) == ("link_summon", {"zone": "EMZR"})


@pytest.mark.parametrize("text, message", [
    ("", "empty notation"),
    ("DANCE H1", "unknown play 'DANCE'"),
    ("NS", "needs the instance id"),
    ("NS H9", "no card instance 'H9'"),
    ('NS H1 "Kuriboh"', "H1 is 'Dark Magician', not 'Kuriboh'"),
    ("NS H1", "not a legal play here; legal: NS H1 <- M1 M3"),
    ("NS H2 <- M1", "not a legal play"),
    ("NS H2 @M1", "zone M1 is not open to this play; choose one of M2, M4, M5"),
    ("NS H2 def", "battle position def is not open"),
    ("SYN ED1 <- M1 M3 @M9", "bad zone '@M9'"),
    ("POS M1 set", "not a legal play"),
    ("ATK M1 -> direct", "no legal ATK M1 play"),
    ("END now", "END takes nothing more"),
    ('NS H2 "Kuriboh', "unclosed quote"),
    ('"Kuriboh" NS H2', "unknown play"),
    ("NS H2 M3", "the play's card is already H2"),
    ("NS H2 <- banana", "cannot read 'banana'"),
    ("BP H1", "BP takes nothing more"),
    ("PEN", "PEN needs the cards"),
])
def test_bad_text_is_a_clear_error(text, message):
    example = load_position(EXAMPLES / "spec-example.yaml")
    with pytest.raises(PysolverError, match=message.replace("(", r"\(").replace(".", r"\.")):
        parse_move(text, example, plays=every(example))


def test_ambiguous_text_lists_the_candidates():
    position = board(turn=3, phase="battle").monster(1, "Celtic Guardian")
    position.opponent.monster(1, "Kuriboh").monster(2, "Mystical Elf")
    position = position.build()
    with pytest.raises(PysolverError, match=r"ambiguous: 2 legal plays match: ATK M1 -> oM1; ATK M1 -> oM2"):
        parse_notation("ATK M1", position, plays=every(position))


def test_names_with_quotes_and_any_case():
    example = load_position(EXAMPLES / "spec-example.yaml")
    assert parse_notation('ns h2 "KURIBOH"'.replace("h2", "H2"), example, plays=every(example)).card == "H2"
    assert to_notation(parse_notation("NS H2", example, plays=every(example)), example) == 'NS H2 "Kuriboh"'
    from pysolver.position.notation import _quote, _tokens
    assert _tokens(_quote('"A" Cell Breeding Device')) == [('"A" Cell Breeding Device', True)]


def test_a_text_with_copies_names_the_instance():
    position = board(turn=3).hand("Kuriboh", "Kuriboh").build()
    grouped = [p for p in legal_plays(position) if p.action == "normal_summon"]
    assert len(grouped) == 1 and grouped[0].copies == 2
    second = parse_notation("NS H2", position, plays=every(position))
    assert second.card == "H2" and second.copies == 1


# --------------------------------------------------------------------------------------------------
# GameLine

def test_push_and_pop_restore_every_position():
    line = GameLine(load_position(EXAMPLES / "spec-example.yaml"))
    start = line.position
    line.push_notation('NS H2 "Kuriboh" @M4 atk')
    after_summon = line.position
    assert after_summon.me.monster_zones[3].card.name == "Kuriboh" and len(line) == 1
    assert not any(p.action == "normal_summon" for p in line.legal_plays())
    synchro = next(p for p in line.legal_plays(all_instances=True) if p.action == "synchro_summon"
                   and p.materials == ("M1", "M3"))
    line.push(synchro, zone="M3", battle_position="defense")
    assert line.position.me.monster_zones[2].card.name == "Black Rose Dragon"
    assert line.position.me.monster_zones[2].position == "defense"
    line.push_notation("BP")
    assert line.position.phase == "battle" and len(line) == 3
    assert line.notation(names=False) == "NS H2 @M4 atk, SYN ED1 <- M1 M3 @M3 def, BP"
    assert [move.play.action for move in line.moves] == ["normal_summon", "synchro_summon", "enter_battle_phase"]
    assert line.pop() == (parse_notation("BP", line.positions[-2], plays=every(line.positions[-2])), {})
    play, choices = line.pop()
    assert play == synchro and choices == {"zone": "M3", "battle_position": "defense"}
    assert line.position == after_summon and canonical_key(line.position) == canonical_key(after_summon)
    line.pop()
    assert line.position is start and len(line) == 0 and line.moves == []
    with pytest.raises(PysolverError, match="no moves"):
        line.pop()


def test_push_rejects_illegal_plays_and_bad_choices():
    line = GameLine(load_position(EXAMPLES / "spec-example.yaml"))
    illegal = parse_notation("BP", line.position, plays=every(line.position))
    line.push(illegal)
    with pytest.raises(PysolverError, match="not a legal play"):
        line.push(illegal)                         # already in the Battle Phase
    with pytest.raises(PysolverError, match="unknown choice"):
        line.push(parse_notation("END", line.position, plays=every(line.position)), colour="red")
    with pytest.raises(PysolverError, match="not a legal play"):
        line.push_notation("NS H2")                # no Normal Summon in the Battle Phase
    assert len(line) == 1


@pytest.mark.parametrize("path", PERFT_POSITIONS[:6], ids=lambda p: p.stem)
def test_random_lines_pop_back_to_the_start(path):
    rng = random.Random(path.stem)
    line = GameLine(load_position(path))
    seen = [line.position]
    while len(line) < 8:
        plays = [p for p in line.legal_plays(all_instances=True) if p.action != "end_turn"]
        if not plays:
            break
        play = rng.choice(plays)
        choices = {}
        if play.zones and not isinstance(play.zones, dict):
            choices["zone"] = rng.choice(play.zones)
        if play.positions:
            choices["battle_position"] = rng.choice(play.positions)
        line.push(play, **choices)
        seen.append(line.position)
        # the move's notation replays the same move from the previous position
        again = GameLine(seen[-2])
        again.push_notation(line.peek().notation(seen[-2]))
        assert again.position == line.position
    while len(line):
        line.pop()
        assert line.position == seen[len(line)]
    assert line.position is seen[0]


# --------------------------------------------------------------------------------------------------
# canonical_key

def _key(builder) -> str:
    return canonical_key(builder.build())


def test_key_ignores_which_identical_copy_sits_where():
    def make(hand, graveyard, extra, banished, materials, events):
        b = board(turn=3).hand(*hand).graveyard(*graveyard).extra_deck(*extra).banished(*banished)
        b.monster(1, "Number 39: Utopia", materials=list(materials))
        for event in events:
            b.event(**event)
        return b

    first = make(["Kuriboh", "Dark Magician", "Kuriboh"], ["Mystical Elf", "Kuriboh"], ["Stardust Dragon", "Junk Warrior"],
                 ["Kuriboh", "Celtic Guardian"], ["Goblindbergh", "Gagaga Magician"],
                 [{"summon": "normal", "card": "Kuriboh"}, {"activate": "Pot of Duality"}])
    second = make(["Kuriboh", "Kuriboh", "Dark Magician"], ["Kuriboh", "Mystical Elf"], ["Junk Warrior", "Stardust Dragon"],
                  ["Celtic Guardian", "Kuriboh"], ["Gagaga Magician", "Goblindbergh"],
                  [{"activate": "Pot of Duality"}, {"summon": "normal", "card": "Kuriboh"}])
    a, b = first.build(), second.build()
    assert a != b and canonical_key(a) == canonical_key(b) == canonical_key(b)
    assert canonical_form(a) == canonical_form(b)


def _base(*, deck=("Dark Magician", "Kuriboh"), zone=1, **celtic):
    b = board(turn=3).hand("Kuriboh").deck(*deck).monster(zone, "Celtic Guardian", **celtic)
    b.spell_trap(2, "Mirror Force", position="set")
    b.opponent.monster(3, "Kuriboh")
    return b


def test_key_sees_every_real_difference():
    reference = _key(_base())
    assert _key(_base()) == reference
    different = [
        _base(deck=("Kuriboh", "Dark Magician")),                  # the Deck is ordered
        _base(zone=2),                                             # the same monster in another zone
        _base().monster(2, "Kuriboh"),                             # one more monster
        _base().hand("Kuriboh"),                                   # one more card in the hand
        _base().graveyard("Kuriboh"),
        _base().banished("Kuriboh"),
        _base().extra_deck("Junk Warrior"),
        _base(position="defense"),                                 # a monster's state
        _base(position="set"),
        _base(summoned_this_turn=True),
        _base(position_changed=True),
        _base(attacked=True),
        _base().spell_trap(2, "Mirror Force", position="set", set_this_turn=True),
        _base().event(summon="normal", card="Kuriboh"),            # the history
        _base().event(summon="normal", card="Kuriboh", negated=True),
        _base().event(activate="Pot of Duality"),
        _base().lp(4000),
    ]
    keys = [_key(b) for b in different]
    assert reference not in keys and len(set(keys)) == len(keys)
    position = _base().build()
    for change in ({"phase": "main2"}, {"turn": 4}, {"normal_summon_used": True}, {"pendulum_summon_used": True},
                   {"rules": 4}, {"turn_player": 1}):
        assert canonical_key(replace(position, **change)) != reference, change
    up = _base().extra_deck("Igknight Paladin", face_up=True).build()
    unproper = up.with_player(0, extra_deck=(PileCard(up.cards["Igknight Paladin"], face_up=True,
                                                      properly_summoned=False),))
    assert canonical_key(up) != canonical_key(unproper)
    rebuilt = position.with_player(0, monster_zones=(Monster(position.cards["Celtic Guardian"]),)
                                   + position.me.monster_zones[1:])
    assert rebuilt is not position and canonical_key(rebuilt) == reference     # equal content, equal key


def test_transposed_lines_reach_one_key():
    start = board(turn=3).hand("Kuriboh", "Double Summon", "Kuriboh").build()
    one, two = GameLine(start), GameLine(start)
    one.push_notation("NS H1 @M1 atk")
    one.push_notation('ACT H1 "Double Summon" #1')      # Double Summon is H1 once Kuriboh has left the hand
    two.push_notation('ACT H2 "Double Summon" #1')
    two.push_notation("NS H2 @M1 atk")                  # the other Kuriboh
    assert one.position.events != two.position.events  # the same events in another order
    assert canonical_key(one.position) == canonical_key(two.position)
    assert len(one.legal_plays(all_instances=True)) == len(two.legal_plays(all_instances=True))


@settings(max_examples=30)
@given(positions(), st.randoms(use_true_random=False))
def test_shuffling_the_multisets_keeps_the_key_and_the_plays(position, rng):
    def shuffled(values):
        values = list(values)
        rng.shuffle(values)
        return tuple(values)

    players = tuple(replace(p, hand=shuffled(p.hand), graveyard=shuffled(p.graveyard),
                            extra_deck=shuffled(p.extra_deck), banished=shuffled(p.banished))
                    for p in position.players)
    events = tuple(MappingProxyType(dict(e)) for e in position.events)
    other = replace(position, players=players, events=shuffled(events))
    assert canonical_key(other) == canonical_key(position)
    assert len(legal_plays(other, all_instances=True)) == len(legal_plays(position, all_instances=True))
    assert len(legal_plays(other)) == len(legal_plays(position))
