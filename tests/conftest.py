"""Hypothesis profiles: `ci` (the default, >= 500 examples per differential test) and `deep`
(PYSOLVER_EXAMPLES=5000 python -m pytest tests/solve/test_differential.py); the `real` card database fixture."""

import os

import pytest
from hypothesis import HealthCheck, settings

from helpers import need_shared_data

_EXAMPLES = int(os.environ.get("PYSOLVER_EXAMPLES", "500"))
settings.register_profile("pysolver", max_examples=_EXAMPLES, deadline=None, derandomize=False,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("pysolver")


@pytest.fixture(scope="session")
def real(tmp_path_factory):
    """The real card database (../shared/data/cards.cdb), read once, with its cache in a temporary folder;
    the tests that use it are skipped when it is absent."""
    folder = need_shared_data()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cards-cache")))
        from pysolver.cards.cdb import load_cdb
        return load_cdb(folder / "cards.cdb")
