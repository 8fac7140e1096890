"""``python -m azul``: see ``azul.cli``."""

import sys

from .cli import main

sys.exit(main())
