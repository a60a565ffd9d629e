"""The core every rating system and every reader builds on: the event model, the typed outcomes
the rules compute, the rule-set protocol, the players and their matcher, errors, rounding, the
plain-value parsers, FIDE's printed tables and the expected-score formulas."""
