"""The texts of ``tabletop`` in each language: ``<code>.json`` beside this file (see ``tabletop.i18n``,
which holds the catalogue so that the two modules do not import each other)."""

from tabletop.i18n import t

__all__ = ["t"]
