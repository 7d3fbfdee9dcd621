"""The encodings against `pysolver.reference`, the independent brute-force enumerator, on generated
positions: the same plays (with zones, positions, copies), instance by instance and up to copies."""

from hypothesis import given

from pysolver import reference
from strategies import positions


def as_json(plays):
    return [play.to_json() for play in plays]


@given(positions())
def test_main_deck_plays_equal_the_reference(position):
    assert as_json(position.legal_plays(all_instances=True)) == as_json(reference.legal_plays(position, all_instances=True))
    assert as_json(position.legal_plays()) == as_json(reference.legal_plays(position))
