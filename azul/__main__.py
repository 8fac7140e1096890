"""``python -m azul``: see ``azul.cli``."""

from tabletop.commandline import run_module

from .cli import main

run_module(main)
