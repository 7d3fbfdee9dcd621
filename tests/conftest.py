"""Hypothesis profiles: `ci` (the default, >= 500 examples per differential test) and `deep`
(PYSOLVER_EXAMPLES=5000 python -m pytest tests/solve/test_differential.py)."""

import os

from hypothesis import HealthCheck, settings

_EXAMPLES = int(os.environ.get("PYSOLVER_EXAMPLES", "500"))
settings.register_profile("pysolver", max_examples=_EXAMPLES, deadline=None, derandomize=False,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("pysolver")
