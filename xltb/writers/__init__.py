"""Writers: an event of the model -> a file of another program (:mod:`xltb.writers.trf`, TRF-2026 for
individual events, with :mod:`xltb.writers.trf_team` for the team records)."""
