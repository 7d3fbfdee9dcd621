"""`python -m pysolver ARGS`: the command line without the installed script."""

import sys

try:
    from .cli import main
except KeyboardInterrupt:       # Ctrl-C while starting: nothing was done yet
    print("interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
