"""What the four game tables share (issue #26): the one compositor, the contract between
the table scene and a game, and the table scene that runs a composed game."""
