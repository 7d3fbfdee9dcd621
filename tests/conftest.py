"""Hypothesis profiles: `ci` (the default, >= 500 examples per differential test) and `deep`
(PYSOLVER_EXAMPLES=5000 python -m pytest tests/solve/test_differential.py); the `real` card database fixture;
pysolver's cache folder in a temporary folder, so that the tests neither read nor leave files in the user's."""

import os

import pytest
from hypothesis import HealthCheck, settings

from helpers import need_shared_data

_EXAMPLES = int(os.environ.get("PYSOLVER_EXAMPLES", "500"))
settings.register_profile("pysolver", max_examples=_EXAMPLES, deadline=None, derandomize=False,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("pysolver")


@pytest.fixture(scope="session", autouse=True)
def cache_folder(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


@pytest.fixture(scope="session")
def real(cache_folder):
    """The real card database (../shared/data/cards.cdb), read once (its cache in the tests' cache folder);
    the tests that use it are skipped when it is absent."""
    from pysolver.cards.cdb import load_cdb
    return load_cdb(need_shared_data() / "cards.cdb")
