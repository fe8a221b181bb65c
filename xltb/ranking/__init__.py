"""Ranking: an event, an edition and a tie-break list -> :class:`Standings`."""
