"""The shell around the tables (issue #26): the title menu, settings, help, the history
and statistics screens, resuming and saving, the dialog, and ``screens``, the table of
every screen the router opens by name."""
