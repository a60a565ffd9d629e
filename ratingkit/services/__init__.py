"""What reads the rules' outcomes: the rating ledger, comparisons of rule sets, simulated pools."""
