"""``python -m ratingkit.cli``: the command line, as ``ratingkit`` runs it."""

import sys

from . import main

sys.exit(main())
