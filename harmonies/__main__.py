"""``python -m harmonies``: the command line (see ``harmonies/cli.py`` and ``docs/harmonies.md``)."""

from .cli import main

raise SystemExit(main())
