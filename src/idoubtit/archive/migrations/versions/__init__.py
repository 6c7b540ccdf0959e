"""One module per schema revision, oldest first: ``rev_0001_initial`` creates the archive's tables."""
