"""The texts of ``harmonies`` in each language: ``<code>.json`` beside this file (see ``tabletop.i18n``)."""

from tabletop.i18n import Catalogue

t = Catalogue("harmonies")
