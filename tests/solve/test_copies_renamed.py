"""Positions equal up to identical copies have the same legal plays, renamed (`copy_correspondence`,
`Plays.renamed`): what the replay of the asp engine's lines relies on to list each key's plays once."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver import legal_plays
from pysolver.position.canonical import canonical_key, copy_correspondence
from strategies import extra_deck_positions, pendulum_ritual_fusion_positions, positions


def reordered(position):
    """The same position with every multiset reversed: the hand, the piles, the Xyz Materials."""
    def player(state):
        def monster(m):
            return None if m is None else replace(m, materials=tuple(reversed(m.materials)))
        return replace(state, hand=tuple(reversed(state.hand)), graveyard=tuple(reversed(state.graveyard)),
                       banished=tuple(reversed(state.banished)), extra_deck=tuple(reversed(state.extra_deck)),
                       monster_zones=tuple(map(monster, state.monster_zones)),
                       extra_monster_zones=tuple(map(monster, state.extra_monster_zones)))
    return replace(position, players=tuple(player(state) for state in position.players))


@settings(max_examples=25, suppress_health_check=list(HealthCheck))
@given(st.one_of(positions(), extra_deck_positions(), pendulum_ritual_fusion_positions()))
def test_plays_of_copies_are_the_renamed_plays(position):
    other = reordered(position)
    assert canonical_key(other) == canonical_key(position)
    ids = copy_correspondence(position, other)
    for instance_id, other_id in ids.items():
        assert position[instance_id].card == other[other_id].card
    renamed = legal_plays(position, all_instances=True).renamed(ids)
    expected = legal_plays(other, all_instances=True)
    assert [p.to_json() for p in renamed] == [p.to_json() for p in expected]
    assert [u.to_json() for u in renamed.unread] == [u.to_json() for u in expected.unread]


def test_unread_entries_are_listed_in_id_order():
    """Two hand cards whose Normal Summon clauses are unread, in either order (found by CI, 2026-12-03): the
    entries follow the instance ids, so the reordered position's answer is the renamed one."""
    from pysolver.position.builder import PositionBuilder
    position = PositionBuilder(turn=1).hand("Beast King Barbaros", "Fusilier Dragon, the Dual-Mode Beast").build()
    other = reordered(position)
    assert [(u.card, u.id) for u in legal_plays(other, all_instances=True).unread] == \
        [("Fusilier Dragon, the Dual-Mode Beast", "H1"), ("Beast King Barbaros", "H2")]
    renamed = legal_plays(position, all_instances=True).renamed(copy_correspondence(position, other))
    assert [u.to_json() for u in renamed.unread] == [u.to_json() for u in legal_plays(other, all_instances=True).unread]
