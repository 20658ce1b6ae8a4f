"""Tabletop Derby: four tabletop race games for friends sharing one screen."""

__version__ = "0.1.0"
