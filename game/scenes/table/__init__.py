"""What the four game tables share (issue #26): for now, the one compositor."""
