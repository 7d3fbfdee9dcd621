"""`python -m pysolver ARGS` is the `pysolver` command."""

import sys

from .cli import main

sys.exit(main())
