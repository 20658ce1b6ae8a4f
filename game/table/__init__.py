"""The table layer's headless half (issue #26): what runs a game for a table scene.

A table scene (``game.scenes``) shows one game and lets the people at its screen play
it; the game may be played here, hosted here for the network, or hosted elsewhere. The
seam between the two is typed, so a scene never needs to know which:

- :mod:`game.table.driver`: the :class:`~game.table.driver.TableDriver` protocol (the
  game the screen shows, who at this screen decides, ``submit``, ``poll``, undo) and
  :class:`~game.table.driver.LocalDriver`; the network's drivers (``HostedDriver``,
  ``RemoteDriver``) live in :mod:`game.net`, which never imports pygame either;
- :mod:`game.table.bots`: the one :class:`~game.table.bots.BotRunner` and the one policy
  for a computer's decision that comes back stale or failed, used by every caller that
  plays computer seats (the window, lessons, a hosting window, ``serve``'s worker
  processes, ``simulate``, ``tournament``, the screenshots' fast-forward).

Why: the table used to take a Session or one of two stand-ins (one forwarding every
attribute through ``__getattr__``), and computer seats were driven in seven places that
treated a stale or failing computer three ways. Headless, so ``serve`` and the tools use
it without a window: nothing here imports pygame (tests/test_headless_purity.py).
"""
