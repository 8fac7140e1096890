"""``python -m harmonies``: the command line (see ``harmonies/cli.py`` and ``docs/harmonies.md``)."""

from tabletop.commandline import run_module

from .cli import main

run_module(main)
