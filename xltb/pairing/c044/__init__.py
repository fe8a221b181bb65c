"""The other individual pairing systems of the Swiss rules, chapter C.04.4: the Dubov system (C.04.4.1,
:mod:`.dubov`, :mod:`.dubov_order`), the Burstein system (C.04.4.2, :mod:`.burstein`,
:mod:`.burstein_index`) and the Lim system (C.04.4.3, :mod:`.lim`, :mod:`.lim_colours`). Each reuses the
Dutch system's state (:mod:`xltb.pairing.state`) and matching (:mod:`xltb.pairing.matching`), and is
registered by name in :mod:`xltb.pairing.systems`."""
