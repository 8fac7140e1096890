"""The game's texts in each language: ``<code>.json`` beside this file (``tabletop.i18n``)."""

from tabletop.i18n import Catalogue

#: Named by where the package is, so that the catalogue is found however the tests import it.
t = Catalogue(__name__.rpartition(".")[0])

__all__ = ["t"]
