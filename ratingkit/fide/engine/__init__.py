"""The numpy engine of FIDE 2014 section 8, beside the exact event-by-event path
(:mod:`ratingkit.fide.publication`), with the same numbers (tests/test_fide_fast_period.py,
tests/test_engine.py):

* :mod:`~ratingkit.fide.engine.kernel`: the arrays' arithmetic both fronts share: PD of table
  8.1b (8.54), the per-player sums (8.55) and 8.57's rounding, exact in hundredths;
* :mod:`~ratingkit.fide.engine.period`: a period of :class:`~ratingkit.core.model.Event` objects,
  as :meth:`ratingkit.fide.rulesets.Fide2014.rate_events` rates it wherever
  :func:`~ratingkit.fide.engine.period.vectorised_reason` allows (``parts``: each event's players
  and game sides; ``persons``: who is one person across its events and each slot's K;
  ``report``: its report);
* :mod:`~ratingkit.fide.engine.frames`: one period from two pandas frames (``frames_input``
  reads and checks them), behind the adapter :func:`ratingkit.fide.rate_period`;
* :mod:`~ratingkit.fide.engine.lazy`: the outcomes whose rows are made when first read.

The engine does not import the rule sets: the caller hands it the rule set, which says whether
the engine is exact for it (``engine_refusal``).
"""
