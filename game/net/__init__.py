"""Network play (issue #18), headless: never imports pygame.

- :mod:`game.net.protocol`: the JSON messages, their limits and checks;
- :mod:`game.net.table`: one table (the host's Session, seats, tokens, fan-out);
- :mod:`game.net.server`: websockets connections and the tables of a host;
- :mod:`game.net.host`: a window hosting its table (network on its own thread);
- :mod:`game.net.client`: a client, and :class:`~game.net.client.ClientThread` for a window;
- :mod:`game.net.store`: keeping tables across a restart; :mod:`game.net.discovery`: mDNS;
- :mod:`game.net.join`: what the "Join a table" screen asks of the network (look, URLs);

docs/network.md describes the protocol and how to run ``serve`` (its command line is
:mod:`game.cli.serve`).
"""
