"""Getting people to a table (issue #26): the lobby (seats, options, hosting), the "Join
a table" screen and its panels, and the network tables' scenes (``online``)."""
