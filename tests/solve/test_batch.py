"""`legal_plays_many` (positions grounded together) gives exactly the plays of `legal_plays`."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver.solve.legal import legal_plays_many
from strategies import extra_deck_positions, positions
from pysolver import legal_plays


@settings(max_examples=20, suppress_health_check=list(HealthCheck))
@given(st.lists(st.one_of(positions(), extra_deck_positions()), min_size=2, max_size=6))
def test_batched_plays_equal_single_plays(batch):
    for all_instances in (False, True):
        many = legal_plays_many(batch, all_instances=all_instances)
        for position, plays in zip(batch, many):
            assert [p.to_json() for p in plays] == [p.to_json() for p in legal_plays(position, all_instances=all_instances)]
