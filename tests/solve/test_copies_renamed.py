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
