"""Command line: ``python -m solitaire deal|daily GAME ...`` (see solitaire.cli)."""

import sys

from .cli import main

sys.exit(main(sys.argv[1:]))
